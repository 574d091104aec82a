package neo4j

import (
	"context"
	"fmt"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Conflicts: (:Conflict {id, owner, state, reason, memory_ids, created_at,
// resolved_at, kept_id, note})-[:BETWEEN {position}]->(:Memory) to each of
// its two memories; memory_ids keeps their order.
//
// While a conflict is open its active memories are disputed (CompleteJob).
// Resolution locks the conflict node before reading its state, so of two
// racing resolutions one applies and the other finds it no longer open.
// After resolution a memory that is still in another open conflict stays
// disputed.

func conflictFrom(m map[string]any) schema.Conflict {
	c := schema.Conflict{
		ID:         str(m, "id"),
		State:      schema.ConflictState(str(m, "state")),
		Reason:     str(m, "reason"),
		CreatedAt:  timeOf(m, "created_at"),
		ResolvedAt: timePtr(m, "resolved_at"),
		KeptID:     str(m, "kept_id"),
		Note:       str(m, "note"),
	}
	ids := stringList(m, "memory_ids")
	if len(ids) == 2 {
		c.MemoryIDs = [2]string{ids[0], ids[1]}
	}
	return c
}

func conflictColumn(r *neo4j.Record, col string) (schema.Conflict, error) {
	v, _ := r.Get(col)
	m, err := asMap(v, col)
	if err != nil {
		return schema.Conflict{}, err
	}
	return conflictFrom(m), nil
}

const listConflictsCypher = `
OPTIONAL MATCH (a:Conflict {id: $after, owner: $owner})
WITH a
MATCH (c:Conflict {owner: $owner})
WHERE ($state IS NULL OR c.state = $state)
  AND (a IS NULL OR c.created_at < a.created_at OR (c.created_at = a.created_at AND c.id < a.id))
RETURN c {.*} AS c
ORDER BY c.created_at DESC, c.id DESC
LIMIT $limit`

const conflictCursorCypher = `MATCH (a:Conflict {id: $after, owner: $owner}) RETURN a.id AS id`

// Conflicts lists conflicts, newest first, after the cursor.
func (s *Store) Conflicts(ctx context.Context, owner schema.Owner, state schema.ConflictState, limit int, after string) ([]schema.Conflict, error) {
	const op = "list conflicts"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxPage)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	switch state {
	case "", schema.ConflictOpen, schema.ConflictResolved, schema.ConflictDismissed:
	default:
		return nil, fmt.Errorf("%s: %w: unknown conflict state %q", op, schema.ErrInvalid, state)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Conflict, error) {
		if after != "" {
			if err := requireCursor(ctx, tx, conflictCursorCypher, owner, after); err != nil {
				return nil, err
			}
		}
		return queryColumn(ctx, tx, listConflictsCypher, map[string]any{
			"owner": string(owner), "state": nullable(string(state)), "after": nullable(after), "limit": limit,
		}, "c", conflictColumn)
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

// requireCursor fails with schema.ErrInvalid unless cypher finds after.
func requireCursor(ctx context.Context, tx neo4j.ManagedTransaction, cypher string, owner schema.Owner, after string) error {
	recs, err := collect(ctx, tx, cypher, map[string]any{"after": after, "owner": string(owner)})
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return fmt.Errorf("%w: cursor %q names nothing of this owner", schema.ErrInvalid, after)
	}
	return nil
}

const conflictDetailCypher = `
MATCH (c:Conflict {id: $id, owner: $owner})
UNWIND range(0, size(c.memory_ids) - 1) AS i
MATCH (m:Memory {id: c.memory_ids[i], owner: $owner})
RETURN c {.*} AS c, i, ` + memoryProjection + ` AS m
ORDER BY i ASC`

// Conflict reads one conflict with both memories.
func (s *Store) Conflict(ctx context.Context, owner schema.Owner, id string) (graph.ConflictDetail, error) {
	op := "read conflict " + id
	if err := validOwnerID(owner, "conflict", id); err != nil {
		return graph.ConflictDetail{}, fmt.Errorf("%s: %w", op, err)
	}
	d, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (graph.ConflictDetail, error) {
		return readConflict(ctx, tx, owner, id)
	})
	if err != nil {
		return graph.ConflictDetail{}, translate(op, err)
	}
	return d, nil
}

func readConflict(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, id string) (graph.ConflictDetail, error) {
	recs, err := collect(ctx, tx, conflictDetailCypher, map[string]any{"id": id, "owner": string(owner)})
	if err != nil {
		return graph.ConflictDetail{}, err
	}
	if len(recs) == 0 {
		return graph.ConflictDetail{}, schema.ErrNotFound
	}
	var d graph.ConflictDetail
	if d.Conflict, err = conflictColumn(recs[0], "c"); err != nil {
		return graph.ConflictDetail{}, err
	}
	for _, r := range recs {
		i := integer(r.AsMap(), "i")
		if i < 0 || i > 1 {
			continue
		}
		if d.Memories[i], err = memoryColumn(r, "m"); err != nil {
			return graph.ConflictDetail{}, err
		}
	}
	return d, nil
}

const lockConflictCypher = `
MATCH (c:Conflict {id: $id, owner: $owner})
SET c._lock = true
RETURN c {.*} AS c`

// keepCycleCypher reports whether the memory to retire already
// supersedes, directly or not, the one to keep.
const keepCycleCypher = `
MATCH (k:Memory {id: $keep, owner: $owner}), (o:Memory {id: $other, owner: $owner})
RETURN EXISTS { (o)-[:SUPERSEDES*1..` + maxChainLiteral + `]->(k) } AS cycle`

// resolveKeepCypher supersedes the other memory with the kept one. The
// other stopped being true at the later of the two versions' starts: when
// the kept version is the later one, the other held until it; when the
// person kept the older version, the other never held and ends where it
// began. An earlier valid_to is kept.
const resolveKeepCypher = `
MATCH (c:Conflict {id: $id, owner: $owner})
MATCH (k:Memory {id: $keep, owner: $owner}), (o:Memory {id: $other, owner: $owner})
SET c.state = 'resolved', c.resolved_at = $now, c.kept_id = $keep, c.note = $note
WITH c, k, o,
  coalesce(k.valid_from, k.said_at, k.recorded_at) AS tk,
  coalesce(o.valid_from, o.said_at, o.recorded_at) AS tot
WITH c, k, o, CASE WHEN tk > tot THEN tk ELSE tot END AS t
MERGE (k)-[s:SUPERSEDES]->(o)
ON CREATE SET s.at = t, s.reason = $reason, s.created_at = $now, s.conflict_id = $id
SET o.state = CASE WHEN o.state = 'retracted' THEN o.state ELSE 'superseded' END,
  o.valid_to = CASE WHEN o.valid_to IS NULL OR o.valid_to > t THEN t ELSE o.valid_to END,
  k.confirmed = true
WITH c, k
SET k.state = CASE WHEN EXISTS { (x:Conflict {owner: $owner, state: 'open'})-[:BETWEEN]->(k) } THEN 'disputed' ELSE 'active' END
REMOVE c._lock
RETURN c {.*} AS c`

const resolveDismissCypher = `
MATCH (c:Conflict {id: $id, owner: $owner})
SET c.state = 'dismissed', c.resolved_at = $now, c.note = $note
WITH c
MATCH (c)-[:BETWEEN]->(m:Memory {owner: $owner})
WITH c, m, EXISTS { (x:Conflict {owner: $owner, state: 'open'})-[:BETWEEN]->(m) } AS still
SET m.state = CASE WHEN m.state = 'disputed' AND NOT still THEN 'active' ELSE m.state END
WITH DISTINCT c
REMOVE c._lock
RETURN c {.*} AS c`

// ResolveConflict applies a person's decision to an open conflict.
func (s *Store) ResolveConflict(ctx context.Context, owner schema.Owner, id string, action graph.ResolveAction, keepID, note string) (schema.Conflict, error) {
	op := fmt.Sprintf("resolve conflict %s (%s)", id, action)
	if err := validOwnerID(owner, "conflict", id); err != nil {
		return schema.Conflict{}, fmt.Errorf("%s: %w", op, err)
	}
	switch action {
	case graph.ResolveKeep:
		if keepID == "" {
			return schema.Conflict{}, fmt.Errorf("%s: %w: keep names no memory to keep", op, schema.ErrInvalid)
		}
	case graph.ResolveDismiss:
	default:
		return schema.Conflict{}, fmt.Errorf("%s: %w: action must be keep or dismiss", op, schema.ErrInvalid)
	}
	note = truncateUTF8(note, maxReasonBytes)
	c, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (schema.Conflict, error) {
		recs, err := collect(ctx, tx, lockConflictCypher, map[string]any{"id": id, "owner": string(owner)})
		if err != nil {
			return schema.Conflict{}, err
		}
		if len(recs) == 0 {
			return schema.Conflict{}, schema.ErrNotFound
		}
		cur, err := conflictColumn(recs[0], "c")
		if err != nil {
			return schema.Conflict{}, err
		}
		if cur.State != schema.ConflictOpen {
			return schema.Conflict{}, fmt.Errorf("%w: the conflict is already %s", schema.ErrConflict, cur.State)
		}
		params := map[string]any{"id": id, "owner": string(owner), "now": now(), "note": nullable(note)}
		cypher := resolveDismissCypher
		if action == graph.ResolveKeep {
			var other string
			switch keepID {
			case cur.MemoryIDs[0]:
				other = cur.MemoryIDs[1]
			case cur.MemoryIDs[1]:
				other = cur.MemoryIDs[0]
			default:
				return schema.Conflict{}, fmt.Errorf("%w: memory %s is not in this conflict", schema.ErrInvalid, keepID)
			}
			params["keep"], params["other"] = keepID, other
			reason := "conflict " + id + " resolved: kept " + keepID
			if note != "" {
				reason += ": " + note
			}
			params["reason"] = reason
			recs, err := collect(ctx, tx, keepCycleCypher, params)
			if err != nil {
				return schema.Conflict{}, err
			}
			if len(recs) == 0 {
				return schema.Conflict{}, fmt.Errorf("%w: a memory of the conflict is missing", schema.ErrNotFound)
			}
			if boolean(recs[0].AsMap(), "cycle") {
				return schema.Conflict{}, fmt.Errorf("%w: memory %s already supersedes %s", schema.ErrConflict, other, keepID)
			}
			cypher = resolveKeepCypher
		}
		recs, err = collect(ctx, tx, cypher, params)
		if err != nil {
			return schema.Conflict{}, err
		}
		if len(recs) == 0 {
			return schema.Conflict{}, fmt.Errorf("%w: a memory of the conflict is missing", schema.ErrNotFound)
		}
		return conflictColumn(recs[0], "c")
	})
	if err != nil {
		return schema.Conflict{}, translate(op, err)
	}
	return c, nil
}
