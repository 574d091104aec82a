package neo4j

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// checkBatch validates an owner and the ids of one batch call.
func checkBatch(owner schema.Owner, kind string, ids []string) error {
	if err := owner.Validate(); err != nil {
		return err
	}
	if len(ids) > graph.MaxJobBatch {
		return fmt.Errorf("%w: %d %ss is more than the %d one batch takes", schema.ErrInvalid, len(ids), kind, graph.MaxJobBatch)
	}
	var errs []error
	for _, id := range ids {
		errs = append(errs, checkID(kind, id))
	}
	return errors.Join(errs...)
}

// startJobsClause moves each job of $ids that is not completed to
// extracting (the _lock write serialises concurrent starts of one job) and
// leaves i, j and done for what follows.
const startJobsClause = `
UNWIND range(0, size($ids) - 1) AS i
MATCH (j:Job {id: $ids[i], owner: $owner})
SET j._lock = true
WITH i, j, j.state = 'completed' AS done
FOREACH (_ IN CASE WHEN done THEN [] ELSE [1] END |
  SET j.state = 'extracting', j.attempts = j.attempts + 1, j.updated_at = $now, j.error = null)
REMOVE j._lock`

const startJobsCypher = startJobsClause + `
RETURN i, j {.*} AS j, done
ORDER BY i`

// StartJobs moves many jobs to extracting in one transaction; see
// graph.BatchStore.
func (s *Store) StartJobs(ctx context.Context, owner schema.Owner, ids []string) ([]graph.JobStart, error) {
	const op = "start jobs"
	if err := checkBatch(owner, "job", ids); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(ids) == 0 {
		return []graph.JobStart{}, nil
	}
	out, err := write(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.JobStart, error) {
		recs, err := collect(ctx, tx, startJobsCypher, map[string]any{"ids": ids, "owner": string(owner), "now": now()})
		if err != nil {
			return nil, err
		}
		out := make([]graph.JobStart, 0, len(recs))
		for _, r := range recs {
			job, err := jobFrom(r, "j")
			if err != nil {
				return nil, err
			}
			done, _ := r.Get("done")
			isDone, _ := done.(bool)
			out = append(out, graph.JobStart{Job: job, Done: isDone})
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const documentsCypher = `
UNWIND range(0, size($ids) - 1) AS i
MATCH (d:Document {id: $ids[i], owner: $owner})
RETURN i, d {.*} AS d
ORDER BY i`

// Documents reads documents by id in one query; see graph.BatchStore.
func (s *Store) Documents(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Document, error) {
	const op = "read documents"
	if err := checkBatch(owner, "document", ids); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(ids) == 0 {
		return []schema.Document{}, nil
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Document, error) {
		recs, err := collect(ctx, tx, documentsCypher, map[string]any{"ids": ids, "owner": string(owner)})
		if err != nil {
			return nil, err
		}
		out := make([]schema.Document, 0, len(recs))
		for _, r := range recs {
			v, _ := r.Get("d")
			m, err := asMap(v, "d")
			if err != nil {
				return nil, err
			}
			out = append(out, documentFrom(m))
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const documentTurnsCypher = `
UNWIND $ids AS id
MATCH (d:Document {id: id, owner: $owner})-[:FROM_TURN]->(t:Turn {owner: $owner})
RETURN d.id AS doc, t {.*} AS t
ORDER BY doc, t.seq`

// DocumentTurns reads the turns documents carry in one query; see
// graph.BatchStore.
func (s *Store) DocumentTurns(ctx context.Context, owner schema.Owner, ids []string) (map[string][]schema.Turn, error) {
	const op = "read the turns of documents"
	if err := checkBatch(owner, "document", ids); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out := map[string][]schema.Turn{}
	if len(ids) == 0 {
		return out, nil
	}
	_, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, documentTurnsCypher, map[string]any{"ids": ids, "owner": string(owner)})
		if err != nil {
			return struct{}{}, err
		}
		for _, r := range recs {
			doc, _ := r.Get("doc")
			v, _ := r.Get("t")
			m, err := asMap(v, "t")
			if err != nil {
				return struct{}{}, err
			}
			id, _ := doc.(string)
			out[id] = append(out[id], turnFrom(m))
		}
		return struct{}{}, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const startBatchCypher = startJobsClause + `
WITH i, j, done
OPTIONAL MATCH (d:Document {id: j.document_id, owner: $owner}) WHERE NOT done
RETURN i, j {.*} AS j, done, d {.*} AS d,
  CASE WHEN d IS NULL THEN [] ELSE [(d)-[:FROM_TURN]->(t:Turn {owner: $owner}) | t {.*}] END AS turns
ORDER BY i`

// StartBatch starts jobs and reads their documents and turns in one
// transaction of one statement; see graph.BatchStore.
func (s *Store) StartBatch(ctx context.Context, owner schema.Owner, ids []string) (graph.BatchStart, error) {
	const op = "start jobs"
	if err := checkBatch(owner, "job", ids); err != nil {
		return graph.BatchStart{}, fmt.Errorf("%s: %w", op, err)
	}
	out := graph.BatchStart{Jobs: []graph.JobStart{}, Documents: map[string]schema.Document{}, Turns: map[string][]schema.Turn{}}
	if len(ids) == 0 {
		return out, nil
	}
	out, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (graph.BatchStart, error) {
		out := graph.BatchStart{Jobs: make([]graph.JobStart, 0, len(ids)), Documents: map[string]schema.Document{}, Turns: map[string][]schema.Turn{}}
		recs, err := collect(ctx, tx, startBatchCypher, map[string]any{"ids": ids, "owner": string(owner), "now": now()})
		if err != nil {
			return out, err
		}
		for _, r := range recs {
			job, err := jobFrom(r, "j")
			if err != nil {
				return out, err
			}
			done, _ := r.Get("done")
			isDone, _ := done.(bool)
			out.Jobs = append(out.Jobs, graph.JobStart{Job: job, Done: isDone})
			if v, _ := r.Get("d"); v != nil {
				m, err := asMap(v, "d")
				if err != nil {
					return out, err
				}
				d := documentFrom(m)
				out.Documents[d.ID] = d
				tv, _ := r.Get("turns")
				ts, _ := tv.([]any)
				var turns []schema.Turn
				for _, t := range ts {
					tm, err := asMap(t, "turns")
					if err != nil {
						return out, err
					}
					turns = append(turns, turnFrom(tm))
				}
				if len(turns) > 0 {
					slices.SortStableFunc(turns, func(a, b schema.Turn) int { return cmp.Compare(a.Seq, b.Seq) })
					out.Turns[d.ID] = turns
				}
			}
		}
		return out, nil
	})
	if err != nil {
		return graph.BatchStart{}, translate(op, err)
	}
	return out, nil
}

const markPublishedManyCypher = `
UNWIND $refs AS r
MATCH (j:Job {id: r.job, owner: r.owner})
SET j.published = true`

// SystemMarkPublished marks many jobs published in one transaction; see
// graph.BatchStore.
func (s *Store) SystemMarkPublished(ctx context.Context, refs []schema.JobRef) error {
	const op = "mark jobs published"
	if len(refs) > graph.MaxJobBatch {
		return fmt.Errorf("%s: %w: %d jobs is more than the %d one batch takes", op, schema.ErrInvalid, len(refs), graph.MaxJobBatch)
	}
	rows := make([]map[string]any, 0, len(refs))
	for _, r := range refs {
		if err := validOwnerID(r.Owner, "job", r.JobID); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		rows = append(rows, map[string]any{"owner": string(r.Owner), "job": r.JobID})
	}
	if len(rows) == 0 {
		return nil
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		_, err := collect(ctx, tx, markPublishedManyCypher, map[string]any{"refs": rows})
		return struct{}{}, err
	})
	return translate(op, err)
}

// lookupProjection is memoryProjection with the entities the memory is
// ABOUT, read back as its mentions (memoryFrom): the worker's comparison
// reads named values by them.
const lookupProjection = `m {.*,` + memoryEdges + `,
  _mentions: [(m)-[:ABOUT]->(x:Entity {owner: $owner}) | {name: x.name, kind: x.kind, aliases: coalesce(x.aliases, [])}]}`

// The look-up by subject comes in two statements: with an attribute the
// seek is on (owner, subject_key, attribute_key) and reads only that slot;
// a single statement with "attribute IS NULL OR attribute_key = ..." could
// seek on (owner, subject_key) alone and read every memory about the
// subject (for an owner with 6,628 memories about "I": 19,885 db hits and
// 11 ms against 1 hit and 1 ms). Each seek is on an index that ends in
// recorded_at (migration 0009), named in a hint and ordered by all its
// properties, so it reads the slot newest first and stops at the limit
// (the ids break ties among memories recorded together): for 750 memories
// about one subject, 85 db hits against 3,001.
const subjectLookupsCypher = `
UNWIND range(0, size($keys) - 1) AS i
CALL (i) {
  MATCH (m:Memory {owner: $owner, subject_key: $keys[i].subject})
  USING INDEX m:Memory(owner, subject_key, recorded_at)
  WHERE m.recorded_at IS NOT NULL AND m.state IN ['active', 'disputed']
  RETURN m ORDER BY m.owner DESC, m.subject_key DESC, m.recorded_at DESC, m.id ASC LIMIT $limit
}
RETURN $keys[i].at AS i, ` + lookupProjection + ` AS m
ORDER BY i ASC, m.recorded_at DESC, m.id ASC`

const slotLookupsCypher = `
UNWIND range(0, size($keys) - 1) AS i
CALL (i) {
  MATCH (m:Memory {owner: $owner, subject_key: $keys[i].subject, attribute_key: $keys[i].attribute})
  USING INDEX m:Memory(owner, subject_key, attribute_key, recorded_at)
  WHERE m.recorded_at IS NOT NULL AND m.state IN ['active', 'disputed']
  RETURN m ORDER BY m.owner DESC, m.subject_key DESC, m.attribute_key DESC, m.recorded_at DESC, m.id ASC LIMIT $limit
}
RETURN $keys[i].at AS i, ` + lookupProjection + ` AS m
ORDER BY i ASC, m.recorded_at DESC, m.id ASC`

const similarLookupsCypher = `
UNWIND range(0, size($queries) - 1) AS i
CALL (i) {
  CALL db.index.fulltext.queryNodes('memory_claims', $queries[i].query, {limit: $pool}) YIELD node, score
  WHERE score > 0 AND node.owner = $owner AND node.state IN ['active', 'disputed']
  RETURN node AS m, score ORDER BY score DESC, m.id ASC LIMIT $limit
}
RETURN $queries[i].at AS i, ` + lookupProjection + ` AS m, score
ORDER BY i ASC, score DESC, m.id ASC`

// LookupClaims runs the worker's look-ups for many claims in one read
// transaction of up to three queries (by subject, by subject and
// attribute, by similar claim); see graph.BatchStore.
func (s *Store) LookupClaims(ctx context.Context, owner schema.Owner, ls []graph.ClaimLookup, subjectLimit, similarLimit int) ([]graph.ClaimMatches, error) {
	const op = "look up claims"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(ls) > graph.MaxJobBatch*graph.MaxLookup {
		return nil, fmt.Errorf("%s: %w: %d look-ups in one call", op, schema.ErrInvalid, len(ls))
	}
	subjectLimit, err := boundLimit(subjectLimit, graph.MaxLookup)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	similarLimit, err = boundLimit(similarLimit, graph.MaxLookup)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out := make([]graph.ClaimMatches, len(ls))
	var keys, slots, queries []map[string]any
	for i, l := range ls {
		if sk := graph.NormalizeKey(l.SubjectKey); sk != "" {
			if a := graph.NormalizeKey(l.AttributeKey); a != "" {
				slots = append(slots, map[string]any{"at": i, "subject": sk, "attribute": a})
			} else {
				keys = append(keys, map[string]any{"at": i, "subject": sk})
			}
		}
		if q := luceneQuery(owner, l.Claim); q != "" {
			queries = append(queries, map[string]any{"at": i, "query": q})
		}
	}
	if len(keys) == 0 && len(slots) == 0 && len(queries) == 0 {
		return out, nil
	}
	_, err = read(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		for i := range out {
			out[i] = graph.ClaimMatches{}
		}
		for _, q := range []struct {
			cypher string
			keys   []map[string]any
		}{{subjectLookupsCypher, keys}, {slotLookupsCypher, slots}} {
			if len(q.keys) == 0 {
				continue
			}
			recs, err := collect(ctx, tx, q.cypher, map[string]any{"owner": string(owner), "keys": q.keys, "limit": subjectLimit})
			if err != nil {
				return struct{}{}, err
			}
			for _, r := range recs {
				mem, err := memoryColumn(r, "m")
				if err != nil {
					return struct{}{}, err
				}
				at := integer(r.AsMap(), "i")
				out[at].BySubject = append(out[at].BySubject, mem)
			}
		}
		if len(queries) > 0 {
			recs, err := collect(ctx, tx, similarLookupsCypher, map[string]any{"owner": string(owner), "queries": queries, "limit": similarLimit, "pool": lucenePool(similarLimit)})
			if err != nil {
				return struct{}{}, err
			}
			for _, r := range recs {
				mem, err := memoryColumn(r, "m")
				if err != nil {
					return struct{}{}, err
				}
				m := r.AsMap()
				at := integer(m, "i")
				out[at].Similar = append(out[at].Similar, graph.MemoryHit{Memory: mem, Score: float(m, "score")})
			}
		}
		return struct{}{}, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const entityCandidatesEachCypher = `
UNWIND range(0, size($queries) - 1) AS i
CALL (i) {
  CALL db.index.fulltext.queryNodes('entity_keys', $queries[i].query, {limit: $pool}) YIELD node, score
  WHERE score > 0 AND node.owner = $owner AND node.merged_into IS NULL
  WITH node, score, any(t IN node.key_terms WHERE t IN $queries[i].exact) AS exact
  RETURN node, score, exact ORDER BY exact DESC, score DESC, node.id ASC LIMIT $limit
}
RETURN $queries[i].at AS i, node {.*} AS e
ORDER BY i ASC, exact DESC, score DESC, e.id ASC`

// EntityCandidatesEach finds candidates for each name in one query; see
// graph.BatchStore.
func (s *Store) EntityCandidatesEach(ctx context.Context, owner schema.Owner, names []string, limit int) ([][]schema.Entity, error) {
	return s.entitiesEach(ctx, "find entity candidates", owner, names, limit, func(n string) (string, []string) {
		return candidateQuery(owner, []string{n})
	})
}

// EntitySpellingsEach finds each name's other spellings in one query; see
// graph.BatchStore.
func (s *Store) EntitySpellingsEach(ctx context.Context, owner schema.Owner, names []string, limit int) ([][]schema.Entity, error) {
	return s.entitiesEach(ctx, "find entity spellings", owner, names, limit, func(n string) (string, []string) {
		return spellingQuery(owner, n), []string{}
	})
}

// allEntitiesCypher reads the owner's entities, one more than limit at
// most, so that an owner with more is told apart without reading (or
// sorting) them all; AllEntitiesUpTo sorts the few it keeps.
const allEntitiesCypher = `
MATCH (e:Entity {owner: $owner})
WHERE e.merged_into IS NULL
WITH e LIMIT $more
RETURN e {.*} AS e`

// AllEntitiesUpTo reads every entity of a small owner; see
// graph.BatchStore.
func (s *Store) AllEntitiesUpTo(ctx context.Context, owner schema.Owner, limit int) ([]schema.Entity, error) {
	const op = "read all entities"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxAllEntities)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Entity, error) {
		return queryEntities(ctx, tx, allEntitiesCypher, map[string]any{"owner": string(owner), "more": limit + 1})
	})
	if err != nil {
		return nil, translate(op, err)
	}
	if len(out) > limit {
		return nil, nil
	}
	slices.SortFunc(out, func(a, b schema.Entity) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// entitiesEach runs, in one query, the full-text query that query builds
// for each name (and the exact terms that lead its results), each result
// bounded by limit, in the order of names.
func (s *Store) entitiesEach(ctx context.Context, op string, owner schema.Owner, names []string, limit int, query func(string) (string, []string)) ([][]schema.Entity, error) {
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(names) > graph.MaxJobBatch*graph.MaxLookup {
		return nil, fmt.Errorf("%s: %w: %d names in one call", op, schema.ErrInvalid, len(names))
	}
	limit, err := boundLimit(limit, graph.MaxEntityCandidates)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out := make([][]schema.Entity, len(names))
	var queries []map[string]any
	for i, n := range names {
		out[i] = []schema.Entity{}
		if q, exact := query(n); q != "" {
			queries = append(queries, map[string]any{"at": i, "query": q, "exact": exact})
		}
	}
	if len(queries) == 0 {
		return out, nil
	}
	_, err = read(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, entityCandidatesEachCypher, map[string]any{"owner": string(owner), "queries": queries, "limit": limit, "pool": lucenePool(limit)})
		if err != nil {
			return struct{}{}, err
		}
		for i := range out {
			out[i] = []schema.Entity{}
		}
		for _, r := range recs {
			e, err := entityColumn(r, "e")
			if err != nil {
				return struct{}{}, err
			}
			at := integer(r.AsMap(), "i")
			out[at] = append(out[at], e)
		}
		return struct{}{}, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const entitiesCypher = `
UNWIND range(0, size($ids) - 1) AS i
MATCH (e:Entity {id: $ids[i], owner: $owner})
WHERE e.merged_into IS NULL
RETURN i, e {.*} AS e
ORDER BY i ASC`

// Entities reads live entities by id; see graph.BatchStore.
func (s *Store) Entities(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Entity, error) {
	const op = "read entities"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(ids) > graph.MaxJobBatch*graph.MaxLookup {
		return nil, fmt.Errorf("%s: %w: %d ids in one call", op, schema.ErrInvalid, len(ids))
	}
	var uniq []string
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if id != "" && !seen[id] {
			seen[id] = true
			uniq = append(uniq, id)
		}
	}
	if len(uniq) == 0 {
		return []schema.Entity{}, nil
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Entity, error) {
		recs, err := collect(ctx, tx, entitiesCypher, map[string]any{"owner": string(owner), "ids": uniq})
		if err != nil {
			return nil, err
		}
		es := make([]schema.Entity, 0, len(recs))
		for _, r := range recs {
			e, err := entityColumn(r, "e")
			if err != nil {
				return nil, err
			}
			es = append(es, e)
		}
		return es, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}
