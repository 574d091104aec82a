package neo4j

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/schema"
)

const lockJobCypher = `
MATCH (j:Job {id: $id, owner: $owner})
SET j._lock = true
WITH j
OPTIONAL MATCH (d:Document {id: j.document_id, owner: $owner})
RETURN j.state AS state, j.document_id AS document_id, d IS NOT NULL AS has_document`

// Memories are merged on {id, owner}: with the uniqueness constraint on
// Memory.id, an id held by another owner fails the MERGE with a constraint
// violation (schema.ErrConflict) instead of being taken over.
const writeMemoriesCypher = `
MATCH (d:Document {id: $document_id, owner: $owner})
UNWIND $mems AS mem
MERGE (m:Memory {id: mem.id, owner: $owner})
SET m += mem.props, m.owner_key = $owner_key
MERGE (m)-[e:EVIDENCED_BY]->(d)
SET e.excerpt = mem.excerpt`

const completeJobCypher = `
MATCH (j:Job {id: $id, owner: $owner})
SET j.state = 'completed', j.memory_ids = $memory_ids, j.error = null, j.updated_at = $now
REMOVE j._lock`

// CompleteJob writes mems, each EVIDENCED_BY the job's document, and marks
// the job completed with their ids, in one transaction. Memories are merged
// by id, so a retried transaction leaves one node and one edge per memory.
// A job that is already completed is left as it is, memories included: the
// first completion wins over a duplicate delivery. Empty memory states mean
// active and zero recording times mean now.
func (s *Store) CompleteJob(ctx context.Context, owner schema.Owner, jobID string, mems []schema.Memory) error {
	op := "complete job " + jobID
	if err := errors.Join(owner.Validate(), checkID("job", jobID)); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	t := now()
	params := make([]map[string]any, 0, len(mems))
	ids := make([]string, 0, len(mems))
	seen := make(map[string]bool, len(mems))
	for i, m := range mems {
		if m.ID == "" {
			return fmt.Errorf("%s: %w: memory %d has no id", op, schema.ErrInvalid, i)
		}
		if !seen[m.ID] {
			seen[m.ID] = true
			ids = append(ids, m.ID)
		}
		params = append(params, memoryParams(m, t))
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, lockJobCypher, map[string]any{"id": jobID, "owner": string(owner)})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 {
			return struct{}{}, schema.ErrNotFound
		}
		st := recs[0].AsMap()
		if schema.JobState(str(st, "state")) == schema.JobCompleted {
			return struct{}{}, errRollback
		}
		docID := str(st, "document_id")
		if !boolean(st, "has_document") {
			return struct{}{}, fmt.Errorf("%w: the job's document %s is missing", schema.ErrNotFound, docID)
		}
		if len(params) > 0 {
			if _, err := collect(ctx, tx, writeMemoriesCypher, map[string]any{
				"owner": string(owner), "owner_key": ownerKey(owner), "document_id": docID, "mems": params,
			}); err != nil {
				return struct{}{}, err
			}
		}
		_, err = collect(ctx, tx, completeJobCypher, map[string]any{
			"id": jobID, "owner": string(owner), "memory_ids": ids, "now": t,
		})
		return struct{}{}, err
	})
	if errors.Is(err, errRollback) {
		return nil
	}
	return translate(op, err)
}

// memoryParams maps m to the properties CompleteJob sets. Empty optional
// strings and nil times become missing properties.
func memoryParams(m schema.Memory, now time.Time) map[string]any {
	state := m.State
	if state == "" {
		state = schema.StateActive
	}
	recorded := m.RecordedAt
	if recorded.IsZero() {
		recorded = now
	}
	return map[string]any{
		"id":      m.ID,
		"excerpt": nullable(m.Excerpt),
		"props": map[string]any{
			"type":        string(m.Type),
			"claim":       m.Claim,
			"subject":     nullable(m.Subject),
			"attribute":   nullable(m.Attribute),
			"value":       nullable(m.Value),
			"confidence":  m.Confidence,
			"state":       string(state),
			"confirmed":   m.Confirmed,
			"valid_from":  utcPtr(m.ValidFrom),
			"valid_to":    utcPtr(m.ValidTo),
			"recorded_at": utc(recorded),
			"space_id":    nullable(m.SpaceID),
		},
	}
}

// Memories reads memories by id in the order given, skipping ids this owner
// does not have. DocumentID and Excerpt come from the memory's
// EVIDENCED_BY edge; if it has several, the oldest document's (ties by id).
func (s *Store) Memories(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Memory, error) {
	const op = "read memories"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(ids) == 0 {
		return []schema.Memory{}, nil
	}
	mems, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Memory, error) {
		recs, err := collect(ctx, tx, readMemoriesCypher, map[string]any{"ids": ids, "owner": string(owner)})
		if err != nil {
			return nil, err
		}
		mems := make([]schema.Memory, 0, len(recs))
		for _, r := range recs {
			v, _ := r.Get("m")
			m, err := asMap(v, "m")
			if err != nil {
				return nil, err
			}
			mem := memoryFrom(m)
			if v, _ := r.Get("evidence"); v != nil {
				if ev, ok := v.(map[string]any); ok {
					mem.DocumentID = str(ev, "document_id")
					mem.Excerpt = str(ev, "excerpt")
				}
			}
			mems = append(mems, mem)
		}
		return mems, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return mems, nil
}

// readMemoriesCypher keeps the caller's order through the index i. It uses
// no CALL subquery so it runs on every Neo4j 5 release.
const readMemoriesCypher = `
UNWIND range(0, size($ids) - 1) AS i
MATCH (m:Memory {id: $ids[i], owner: $owner})
OPTIONAL MATCH (m)-[e:EVIDENCED_BY]->(d:Document {owner: $owner})
WITH i, m, e, d
ORDER BY i ASC, d.created_at ASC, d.id ASC
WITH i, m, collect(CASE WHEN d IS NULL THEN null ELSE {document_id: d.id, excerpt: e.excerpt} END) AS evidence
RETURN m {.*} AS m, evidence[0] AS evidence
ORDER BY i ASC`

func memoryFrom(m map[string]any) schema.Memory {
	return schema.Memory{
		ID:         str(m, "id"),
		Type:       schema.MemoryType(str(m, "type")),
		Claim:      str(m, "claim"),
		Subject:    str(m, "subject"),
		Attribute:  str(m, "attribute"),
		Value:      str(m, "value"),
		Confidence: float(m, "confidence"),
		State:      schema.MemoryState(str(m, "state")),
		Confirmed:  boolean(m, "confirmed"),
		ValidFrom:  timePtr(m, "valid_from"),
		ValidTo:    timePtr(m, "valid_to"),
		RecordedAt: timeOf(m, "recorded_at"),
		SpaceID:    str(m, "space_id"),
	}
}
