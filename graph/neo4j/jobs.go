package neo4j

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/schema"
)

// Jobs and the documents they process.
//
// Methods that change a job's state first take the job node's write lock
// (SET j._lock ... REMOVE j._lock, Neo4j's documented idiom) and only then
// read its state, so a concurrent StartJob, FailJob and CompleteJob on the
// same job serialize and a completed job is never moved back.

// now is the store's clock, in UTC.
func now() time.Time { return time.Now().UTC() }

// collect runs one statement in tx and returns all its records.
func collect(ctx context.Context, tx neo4j.ManagedTransaction, cypher string, params map[string]any) ([]*neo4j.Record, error) {
	res, err := tx.Run(ctx, cypher, params)
	if err != nil {
		return nil, err
	}
	return res.Collect(ctx)
}

const createDocumentJobCypher = `
CREATE (d:Document {id: $doc.id, owner: $owner, text: $doc.text, space_id: $doc.space_id,
  source: $doc.source, content_hash: $doc.content_hash, created_at: $doc.created_at,
  said_at: $doc.said_at, conversation_id: $doc.conversation_id, contributed_by: $doc.contributed_by})
CREATE (j:Job {id: $job.id, owner: $owner, document_id: $doc.id, state: 'queued', attempts: 0,
  published: false, memory_ids: [], redacted: $job.redacted, created_at: $job.created_at, updated_at: $job.created_at})
CREATE (j)-[:PROCESSES]->(d)`

// CreateDocumentJob writes doc and job, linked by PROCESSES, in one
// transaction. The job starts queued, unpublished, with no attempts,
// whatever job says; job.DocumentID must be empty or doc.ID. Zero creation
// times mean now. An id already in use is schema.ErrConflict.
func (s *Store) CreateDocumentJob(ctx context.Context, owner schema.Owner, doc schema.Document, job schema.Job) error {
	op := fmt.Sprintf("create document %s and job %s", doc.ID, job.ID)
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	params, err := documentJobParams(owner, doc, job, now())
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err = write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		_, err := collect(ctx, tx, createDocumentJobCypher, params)
		return struct{}{}, err
	})
	return translate(op, err)
}

// documentJobParams validates doc and job and prepares the parameters of
// createDocumentJobCypher.
func documentJobParams(owner schema.Owner, doc schema.Document, job schema.Job, t time.Time) (map[string]any, error) {
	if err := errors.Join(checkID("document", doc.ID), checkID("job", job.ID)); err != nil {
		return nil, err
	}
	if job.DocumentID != "" && job.DocumentID != doc.ID {
		return nil, fmt.Errorf("%w: job names document %s", schema.ErrInvalid, job.DocumentID)
	}
	docCreated, jobCreated := doc.CreatedAt, job.CreatedAt
	if docCreated.IsZero() {
		docCreated = t
	}
	if jobCreated.IsZero() {
		jobCreated = t
	}
	var saidAt any
	if !doc.SaidAt.IsZero() {
		saidAt = utc(doc.SaidAt)
	}
	return map[string]any{
		"owner": string(owner),
		"doc": map[string]any{
			"id":              doc.ID,
			"text":            doc.Text,
			"space_id":        nullable(doc.SpaceID),
			"source":          nullable(doc.Source),
			"content_hash":    doc.ContentHash,
			"created_at":      utc(docCreated),
			"said_at":         saidAt,
			"conversation_id": nullable(doc.ConversationID),
			"contributed_by":  nullable(string(doc.ContributedBy)),
		},
		"job": map[string]any{
			"id":         job.ID,
			"created_at": utc(jobCreated),
			"redacted":   append([]string{}, job.Redacted...),
		},
	}, nil
}

// MarkPublished sets the job's outbox flag. It is idempotent.
func (s *Store) MarkPublished(ctx context.Context, owner schema.Owner, jobID string) error {
	op := "mark job " + jobID + " published"
	if err := errors.Join(owner.Validate(), checkID("job", jobID)); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, `
MATCH (j:Job {id: $id, owner: $owner})
SET j.published = true
RETURN j.id`, map[string]any{"id": jobID, "owner": string(owner)})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 {
			return struct{}{}, schema.ErrNotFound
		}
		return struct{}{}, nil
	})
	return translate(op, err)
}

// SystemUnpublished lists, across owners, jobs whose message has not been
// published and that were created before olderThan, oldest first (ties by
// id). It is the one read across owners, for the outbox relay, and returns
// references only.
func (s *Store) SystemUnpublished(ctx context.Context, olderThan time.Time, limit int) ([]schema.JobRef, error) {
	const op = "list unpublished jobs"
	if limit <= 0 {
		return nil, fmt.Errorf("%s: %w: limit %d is not positive", op, schema.ErrInvalid, limit)
	}
	refs, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.JobRef, error) {
		recs, err := collect(ctx, tx, `
MATCH (j:Job)
WHERE j.published = false AND j.created_at < $before
RETURN j.owner AS owner, j.id AS id
ORDER BY j.created_at ASC, j.id ASC
LIMIT $limit`, map[string]any{"before": utc(olderThan), "limit": limit})
		if err != nil {
			return nil, err
		}
		refs := make([]schema.JobRef, 0, len(recs))
		for _, r := range recs {
			m := r.AsMap()
			refs = append(refs, schema.JobRef{Owner: schema.Owner(str(m, "owner")), JobID: str(m, "id")})
		}
		return refs, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return refs, nil
}

// Job reads one job; a job of another owner is schema.ErrNotFound.
func (s *Store) Job(ctx context.Context, owner schema.Owner, id string) (schema.Job, error) {
	op := "read job " + id
	if err := errors.Join(owner.Validate(), checkID("job", id)); err != nil {
		return schema.Job{}, fmt.Errorf("%s: %w", op, err)
	}
	job, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (schema.Job, error) {
		return readJob(ctx, tx, owner, id)
	})
	if err != nil {
		return schema.Job{}, translate(op, err)
	}
	return job, nil
}

func readJob(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, id string) (schema.Job, error) {
	recs, err := collect(ctx, tx, `MATCH (j:Job {id: $id, owner: $owner}) RETURN j {.*} AS j`,
		map[string]any{"id": id, "owner": string(owner)})
	if err != nil {
		return schema.Job{}, err
	}
	if len(recs) == 0 {
		return schema.Job{}, schema.ErrNotFound
	}
	return jobFrom(recs[0], "j")
}

func jobFrom(r *neo4j.Record, col string) (schema.Job, error) {
	v, _ := r.Get(col)
	m, err := asMap(v, col)
	if err != nil {
		return schema.Job{}, err
	}
	return schema.Job{
		ID:         str(m, "id"),
		DocumentID: str(m, "document_id"),
		State:      schema.JobState(str(m, "state")),
		Error:      str(m, "error"),
		Attempts:   integer(m, "attempts"),
		MemoryIDs:  stringList(m, "memory_ids"),
		Redacted:   nonEmpty(stringList(m, "redacted")),
		Published:  boolean(m, "published"),
		CreatedAt:  timeOf(m, "created_at"),
		UpdatedAt:  timeOf(m, "updated_at"),
	}, nil
}

// documentFrom maps a Document node's properties.
func documentFrom(m map[string]any) schema.Document {
	return schema.Document{
		ID:             str(m, "id"),
		Text:           str(m, "text"),
		SpaceID:        str(m, "space_id"),
		Source:         str(m, "source"),
		ContentHash:    str(m, "content_hash"),
		CreatedAt:      timeOf(m, "created_at"),
		SaidAt:         timeOf(m, "said_at"),
		ConversationID: str(m, "conversation_id"),
		ContributedBy:  schema.Owner(str(m, "contributed_by")),
	}
}

// Document reads one document; a document of another owner is
// schema.ErrNotFound.
func (s *Store) Document(ctx context.Context, owner schema.Owner, id string) (schema.Document, error) {
	op := "read document " + id
	if err := errors.Join(owner.Validate(), checkID("document", id)); err != nil {
		return schema.Document{}, fmt.Errorf("%s: %w", op, err)
	}
	doc, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (schema.Document, error) {
		recs, err := collect(ctx, tx, `MATCH (d:Document {id: $id, owner: $owner}) RETURN d {.*} AS d`,
			map[string]any{"id": id, "owner": string(owner)})
		if err != nil {
			return schema.Document{}, err
		}
		if len(recs) == 0 {
			return schema.Document{}, schema.ErrNotFound
		}
		v, _ := recs[0].Get("d")
		m, err := asMap(v, "d")
		if err != nil {
			return schema.Document{}, err
		}
		return documentFrom(m), nil
	})
	if err != nil {
		return schema.Document{}, translate(op, err)
	}
	return doc, nil
}

const startJobCypher = `
MATCH (j:Job {id: $id, owner: $owner})
SET j._lock = true
WITH j, j.state = 'completed' AS done
FOREACH (_ IN CASE WHEN done THEN [] ELSE [1] END |
  SET j.state = 'extracting', j.attempts = j.attempts + 1, j.updated_at = $now, j.error = null)
REMOVE j._lock
RETURN j {.*} AS j, done`

// StartJob moves the job to extracting, counts the attempt and clears a
// previous failure. A completed job is returned unchanged with done=true.
func (s *Store) StartJob(ctx context.Context, owner schema.Owner, id string) (schema.Job, bool, error) {
	op := "start job " + id
	if err := errors.Join(owner.Validate(), checkID("job", id)); err != nil {
		return schema.Job{}, false, fmt.Errorf("%s: %w", op, err)
	}
	type result struct {
		job  schema.Job
		done bool
	}
	res, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (result, error) {
		recs, err := collect(ctx, tx, startJobCypher, map[string]any{"id": id, "owner": string(owner), "now": now()})
		if err != nil {
			return result{}, err
		}
		if len(recs) == 0 {
			return result{}, schema.ErrNotFound
		}
		job, err := jobFrom(recs[0], "j")
		if err != nil {
			return result{}, err
		}
		done, _ := recs[0].Get("done")
		isDone, _ := done.(bool)
		return result{job: job, done: isDone}, nil
	})
	if err != nil {
		return schema.Job{}, false, translate(op, err)
	}
	return res.job, res.done, nil
}

const failJobCypher = `
MATCH (j:Job {id: $id, owner: $owner})
SET j._lock = true
WITH j
FOREACH (_ IN CASE WHEN j.state = 'completed' THEN [] ELSE [1] END |
  SET j.state = 'failed', j.error = $reason, j.updated_at = $now)
REMOVE j._lock
RETURN j.id`

// maxReasonBytes bounds the failure reason kept on a job.
const maxReasonBytes = 4096

// FailJob marks the job failed with reason. A completed job stays
// completed: a late failure from a duplicate delivery does not undo it.
func (s *Store) FailJob(ctx context.Context, owner schema.Owner, id string, reason string) error {
	op := "fail job " + id
	if err := errors.Join(owner.Validate(), checkID("job", id)); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	reason = truncateUTF8(reason, maxReasonBytes)
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, failJobCypher,
			map[string]any{"id": id, "owner": string(owner), "reason": reason, "now": now()})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 {
			return struct{}{}, schema.ErrNotFound
		}
		return struct{}{}, nil
	})
	return translate(op, err)
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// nonEmpty returns nil for an empty list, so a job read back equals the job
// written.
func nonEmpty(ss []string) []string {
	if len(ss) == 0 {
		return nil
	}
	return ss
}
