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
