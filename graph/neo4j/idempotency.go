package neo4j

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Idempotency keys: (:IdempotencyKey {owner, key, request_hash, status,
// body, created_at, expires_at}), unique on (owner, key). The constraint
// makes MERGE take the key's lock: of two racing puts, the second waits
// for the first to commit and then finds its record.

func checkIdemKey(key string) error {
	switch {
	case key == "":
		return fmt.Errorf("%w: idempotency key is empty", schema.ErrInvalid)
	case len(key) > graph.MaxIdempotencyKeyBytes:
		return fmt.Errorf("%w: idempotency key is longer than %d bytes", schema.ErrInvalid, graph.MaxIdempotencyKeyBytes)
	case !utf8.ValidString(key):
		return fmt.Errorf("%w: idempotency key is not valid UTF-8", schema.ErrInvalid)
	}
	return nil
}

func idemFrom(m map[string]any) graph.IdemRecord {
	body, _ := m["body"].([]byte)
	if body == nil {
		body = []byte{}
	}
	return graph.IdemRecord{
		Key:         str(m, "key"),
		RequestHash: str(m, "request_hash"),
		Status:      integer(m, "status"),
		Body:        body,
		CreatedAt:   timeOf(m, "created_at"),
		ExpiresAt:   timeOf(m, "expires_at"),
	}
}

// IdempotencyGet reads the unexpired record of key.
func (s *Store) IdempotencyGet(ctx context.Context, owner schema.Owner, key string) (graph.IdemRecord, bool, error) {
	const op = "read idempotency key"
	if err := owner.Validate(); err != nil {
		return graph.IdemRecord{}, false, fmt.Errorf("%s: %w", op, err)
	}
	if err := checkIdemKey(key); err != nil {
		return graph.IdemRecord{}, false, fmt.Errorf("%s: %w", op, err)
	}
	type result struct {
		rec graph.IdemRecord
		ok  bool
	}
	res, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (result, error) {
		recs, err := collect(ctx, tx, `
MATCH (k:IdempotencyKey {owner: $owner, key: $key})
WHERE k.expires_at > $now
RETURN k {.*} AS k`, map[string]any{"owner": string(owner), "key": key, "now": now()})
		if err != nil || len(recs) == 0 {
			return result{}, err
		}
		v, _ := recs[0].Get("k")
		m, err := asMap(v, "k")
		if err != nil {
			return result{}, err
		}
		return result{rec: idemFrom(m), ok: true}, nil
	})
	if err != nil {
		return graph.IdemRecord{}, false, translate(op, err)
	}
	return res.rec, res.ok, nil
}

// The record is taken when it is new (no request_hash yet), expired, or a
// reservation (status 0) of the same request being completed.
const idempotencyPutCypher = `
MERGE (k:IdempotencyKey {owner: $owner, key: $key})
WITH k, k.request_hash IS NULL OR k.expires_at <= $now
  OR (k.status = 0 AND k.request_hash = $hash AND $status <> 0) AS take
FOREACH (_ IN CASE WHEN take THEN [1] ELSE [] END |
  SET k.request_hash = $hash, k.status = $status, k.body = $body, k.created_at = $now, k.expires_at = $expires_at)
RETURN k {.*} AS k, take`

// IdempotencyPut stores a record for key unless an unexpired one stands.
func (s *Store) IdempotencyPut(ctx context.Context, owner schema.Owner, key, requestHash string, status int, body []byte, ttl time.Duration) (graph.IdemRecord, bool, error) {
	const op = "store idempotency key"
	if err := owner.Validate(); err != nil {
		return graph.IdemRecord{}, false, fmt.Errorf("%s: %w", op, err)
	}
	if err := checkIdemKey(key); err != nil {
		return graph.IdemRecord{}, false, fmt.Errorf("%s: %w", op, err)
	}
	switch {
	case requestHash == "":
		return graph.IdemRecord{}, false, fmt.Errorf("%s: %w: request hash is empty", op, schema.ErrInvalid)
	case status < 0 || status > 999:
		return graph.IdemRecord{}, false, fmt.Errorf("%s: %w: status %d", op, schema.ErrInvalid, status)
	case ttl <= 0 || ttl > graph.MaxIdempotencyTTL:
		return graph.IdemRecord{}, false, fmt.Errorf("%s: %w: ttl %v is not in (0, %v]", op, schema.ErrInvalid, ttl, graph.MaxIdempotencyTTL)
	case len(body) > graph.MaxIdempotencyBody:
		return graph.IdemRecord{}, false, fmt.Errorf("%s: %w: body of %d bytes exceeds %d", op, schema.ErrTooLarge, len(body), graph.MaxIdempotencyBody)
	}
	if body == nil {
		body = []byte{}
	}
	t := now()
	type result struct {
		rec    graph.IdemRecord
		stored bool
	}
	res, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (result, error) {
		recs, err := collect(ctx, tx, idempotencyPutCypher, map[string]any{
			"owner": string(owner), "key": key, "hash": requestHash, "status": status, "body": body,
			"now": t, "expires_at": t.Add(ttl),
		})
		if err != nil {
			return result{}, err
		}
		v, _ := recs[0].Get("k")
		m, err := asMap(v, "k")
		if err != nil {
			return result{}, err
		}
		return result{rec: idemFrom(m), stored: boolean(recs[0].AsMap(), "take")}, nil
	})
	if err != nil {
		return graph.IdemRecord{}, false, translate(op, err)
	}
	return res.rec, res.stored, nil
}

// SystemPurgeIdempotency deletes, across owners, records expired at or
// before t (the idempotency_expires_at index).
func (s *Store) SystemPurgeIdempotency(ctx context.Context, t time.Time, limit int) (int, error) {
	const op = "purge idempotency keys"
	if limit <= 0 {
		return 0, fmt.Errorf("%s: %w: limit %d is not positive", op, schema.ErrInvalid, limit)
	}
	n, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (int, error) {
		recs, err := collect(ctx, tx, `
MATCH (k:IdempotencyKey)
WHERE k.expires_at <= $now
WITH k LIMIT $limit
DETACH DELETE k
RETURN count(*) AS n`, map[string]any{"now": utc(t), "limit": limit})
		if err != nil || len(recs) == 0 {
			return 0, err
		}
		return integer(recs[0].AsMap(), "n"), nil
	})
	if err != nil {
		return 0, translate(op, err)
	}
	return n, nil
}

// The record of a request that writes a document and its job is taken
// only when the key is new or expired: a reservation (status 0) stands for
// another request still running.
const idempotencyTakeManyCypher = `
UNWIND $rows AS r
MERGE (k:IdempotencyKey {owner: r.owner, key: r.key})
WITH r, k, k.request_hash IS NULL OR k.expires_at <= $now AS take
FOREACH (_ IN CASE WHEN take THEN [1] ELSE [] END |
  SET k.request_hash = r.hash, k.status = r.status, k.body = r.body, k.created_at = $now, k.expires_at = $expires_at)
RETURN r.at AS at, k {.*} AS k, take`

const createDocumentJobsCypher = `
UNWIND $rows AS r
CREATE (d:Document {id: r.doc.id, owner: r.owner, text: r.doc.text, space_id: r.doc.space_id,
  source: r.doc.source, content_hash: r.doc.content_hash, created_at: r.doc.created_at,
  said_at: r.doc.said_at, conversation_id: r.doc.conversation_id, contributed_by: r.doc.contributed_by})
CREATE (j:Job {id: r.job.id, owner: r.owner, document_id: r.doc.id, state: 'queued', attempts: 0,
  published: false, memory_ids: [], redacted: r.job.redacted, created_at: r.job.created_at, updated_at: r.job.created_at})
CREATE (j)-[:PROCESSES]->(d)`

// CreateDocumentJobsOnce writes, in one transaction, the documents and
// jobs of many accepted requests, each exactly as CreateDocumentJob does,
// with owners[i] the owner of docs[i] and jobs[i]. A request sent with an
// idempotency key (recs[i].Key not empty; recs[i].Status its response's,
// not 0) has its record stored in the same transaction, unless an
// unexpired record of that key stands: then nothing of that request is
// written, and the record that stands is returned for the caller to
// answer from (a different RequestHash is a 409, status 0 a request still
// running, anything else the first response to replay). stored[i] says
// whether request i was written; standing[i] is the key's record (zero
// without a key). Each key's lock (its uniqueness constraint) makes racing
// writers of one key serialize, so exactly one writes a document; one key
// must not appear twice in one call. ttl bounds every record of the call.
// One write transaction then accepts many requests, instead of three each
// (reservation, document and job, response).
func (s *Store) CreateDocumentJobsOnce(ctx context.Context, ttl time.Duration, owners []schema.Owner, docs []schema.Document, jobs []schema.Job, recs []graph.IdemRecord) (standing []graph.IdemRecord, stored []bool, err error) {
	const op = "create documents and jobs"
	n := len(owners)
	switch {
	case len(docs) != n || len(jobs) != n || len(recs) != n:
		return nil, nil, fmt.Errorf("%s: %w: %d owners, %d documents, %d jobs, %d records", op, schema.ErrInvalid, n, len(docs), len(jobs), len(recs))
	case n > graph.MaxJobBatch:
		return nil, nil, fmt.Errorf("%s: %w: %d requests is more than the %d one batch takes", op, schema.ErrInvalid, n, graph.MaxJobBatch)
	}
	t := now()
	var keyed, rows []map[string]any
	seen := map[[2]string]bool{}
	for i := range n {
		params, err := documentJobParams(owners[i], docs[i], jobs[i], t)
		if err == nil {
			err = owners[i].Validate()
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %s: %w", op, docs[i].ID, err)
		}
		rows = append(rows, map[string]any{"owner": params["owner"], "doc": params["doc"], "job": params["job"]})
		rec := recs[i]
		if rec.Key == "" {
			continue
		}
		if err := checkIdemKey(rec.Key); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", op, err)
		}
		switch k := [2]string{string(owners[i]), rec.Key}; {
		case seen[k]:
			return nil, nil, fmt.Errorf("%s: %w: idempotency key %q appears twice", op, schema.ErrInvalid, rec.Key)
		default:
			seen[k] = true
		}
		switch {
		case rec.RequestHash == "":
			return nil, nil, fmt.Errorf("%s: %w: request hash is empty", op, schema.ErrInvalid)
		case rec.Status < 100 || rec.Status > 999:
			return nil, nil, fmt.Errorf("%s: %w: status %d is not a response's", op, schema.ErrInvalid, rec.Status)
		case ttl <= 0 || ttl > graph.MaxIdempotencyTTL:
			return nil, nil, fmt.Errorf("%s: %w: ttl %v is not in (0, %v]", op, schema.ErrInvalid, ttl, graph.MaxIdempotencyTTL)
		case len(rec.Body) > graph.MaxIdempotencyBody:
			return nil, nil, fmt.Errorf("%s: %w: body of %d bytes exceeds %d", op, schema.ErrTooLarge, len(rec.Body), graph.MaxIdempotencyBody)
		}
		body := rec.Body
		if body == nil {
			body = []byte{}
		}
		keyed = append(keyed, map[string]any{"at": i, "owner": string(owners[i]), "key": rec.Key, "hash": rec.RequestHash, "status": rec.Status, "body": body})
	}
	type result struct {
		standing []graph.IdemRecord
		stored   []bool
	}
	res, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (result, error) {
		r := result{standing: make([]graph.IdemRecord, n), stored: make([]bool, n)}
		for i := range r.stored {
			r.stored[i] = true
		}
		if len(keyed) > 0 {
			out, err := collect(ctx, tx, idempotencyTakeManyCypher, map[string]any{"rows": keyed, "now": t, "expires_at": t.Add(ttl)})
			if err != nil {
				return result{}, err
			}
			for _, rec := range out {
				m := rec.AsMap()
				at := integer(m, "at")
				km, err := asMap(m["k"], "k")
				if err != nil {
					return result{}, err
				}
				r.standing[at], r.stored[at] = idemFrom(km), boolean(m, "take")
			}
		}
		create := make([]map[string]any, 0, n)
		for i, row := range rows {
			if r.stored[i] {
				create = append(create, row)
			}
		}
		if len(create) > 0 {
			if _, err := collect(ctx, tx, createDocumentJobsCypher, map[string]any{"rows": create}); err != nil {
				return result{}, err
			}
		}
		return r, nil
	})
	if err != nil {
		return nil, nil, translate(op, err)
	}
	return res.standing, res.stored, nil
}
