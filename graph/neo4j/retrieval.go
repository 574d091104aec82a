package neo4j

import (
	"context"
	"fmt"
	"sort"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// The lookups of graph.RetrievalStore. They use no CALL subquery, so they
// run on every Neo4j 5 release.

const evidenceTurnsCypher = `
UNWIND $ids AS id
MATCH (m:Memory {id: id, owner: $owner})-[:EVIDENCED_BY]->(t:Turn {owner: $owner})
RETURN m.id AS mid, t {.*} AS t
ORDER BY mid ASC, t.conversation_id ASC, t.seq ASC, t.id ASC`

// EvidenceTurns implements graph.Store.
func (s *Store) EvidenceTurns(ctx context.Context, owner schema.Owner, memoryIDs []string) (map[string][]schema.Turn, error) {
	const op = "read evidence turns"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	ids := firstIDs(memoryIDs)
	if len(ids) == 0 {
		return map[string][]schema.Turn{}, nil
	}
	return s.turnMap(ctx, op, evidenceTurnsCypher, map[string]any{"ids": ids, "owner": string(owner)})
}

// firstIDs is ids without blanks and repeats, at most MaxRetrievalIDs.
func firstIDs(ids []string) []string {
	out := trimmedNonEmpty(ids)
	if len(out) > graph.MaxRetrievalIDs {
		out = out[:graph.MaxRetrievalIDs]
	}
	return out
}

// turnMap runs cypher, which returns a key in column mid and a turn in
// column t, and groups the turns by key in the order returned.
func (s *Store) turnMap(ctx context.Context, op, cypher string, params map[string]any) (map[string][]schema.Turn, error) {
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (map[string][]schema.Turn, error) {
		recs, err := collect(ctx, tx, cypher, params)
		if err != nil {
			return nil, err
		}
		out := map[string][]schema.Turn{}
		for _, r := range recs {
			key := str(r.AsMap(), "mid")
			v, _ := r.Get("t")
			m, err := asMap(v, "t")
			if err != nil {
				return nil, err
			}
			out[key] = append(out[key], turnFrom(m))
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

// nearSeedsCypher resolves entity ids (merged ones to the entity they
// were merged into) to live entity ids.
const nearSeedsCypher = `
UNWIND $ids AS id
MATCH (x:Entity {id: id, owner: $owner})
MATCH (e:Entity {id: coalesce(x.merged_into, x.id), owner: $owner})
WHERE e.merged_into IS NULL
  AND size([(e)<-[:ABOUT]-(m:Memory {owner: $owner}) WHERE m.state IN ['active', 'disputed'] | 1]) <= $maxDegree
RETURN DISTINCT e.id AS id
ORDER BY id ASC`

// nearMemoriesCypher lists current memories about entities.
const nearMemoriesCypher = `
MATCH (e:Entity {owner: $owner})<-[:ABOUT]-(m:Memory {owner: $owner})
WHERE e.id IN $ids AND m.state IN ['active', 'disputed']
WITH DISTINCT m
RETURN m.id AS id
ORDER BY m.recorded_at DESC, id ASC
LIMIT $limit`

// nearNextCypher lists the live entities one hop from $ids (a RELATED
// edge either way, or a memory about both) that are not in $seen, most
// strongly connected first, ties by id.
const nearNextCypher = `
MATCH (e:Entity {owner: $owner})-[r:RELATED|ABOUT*1..2]-(n:Entity {owner: $owner})
WHERE e.id IN $ids AND NOT n.id IN $seen AND n.merged_into IS NULL
  AND (size(r) = 1 OR (type(r[0]) = 'ABOUT' AND type(r[1]) = 'ABOUT'
       AND startNode(r[0]).owner = $owner AND startNode(r[0]).state IN ['active', 'disputed']))
WITH n, count(*) AS strength
WHERE size([(n)<-[:ABOUT]-(m:Memory {owner: $owner}) WHERE m.state IN ['active', 'disputed'] | 1]) <= $maxDegree
RETURN n.id AS id, strength
ORDER BY strength DESC, id ASC
LIMIT $fanout`

// MemoriesNearEntities implements graph.Store.
func (s *Store) MemoriesNearEntities(ctx context.Context, owner schema.Owner, entityIDs []string, maxHops, limit int) ([]graph.NearMemory, error) {
	const op = "read memories near entities"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxLookup)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if maxHops < 0 || maxHops > graph.MaxNearHops {
		return nil, fmt.Errorf("%s: %w: hops %d is outside 0..%d", op, schema.ErrInvalid, maxHops, graph.MaxNearHops)
	}
	ids := firstIDs(entityIDs)
	if len(ids) == 0 {
		return []graph.NearMemory{}, nil
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.NearMemory, error) {
		column := func(cypher string, params map[string]any) ([]string, error) {
			recs, err := collect(ctx, tx, cypher, params)
			if err != nil {
				return nil, err
			}
			out := make([]string, 0, len(recs))
			for _, r := range recs {
				out = append(out, str(r.AsMap(), "id"))
			}
			return out, nil
		}
		front, err := column(nearSeedsCypher, map[string]any{"ids": ids, "owner": string(owner), "maxDegree": graph.MaxNearDegree})
		if err != nil {
			return nil, err
		}
		seen := append([]string(nil), front...)
		got := map[string]bool{}
		var out []graph.NearMemory
		for hop := 0; hop <= maxHops && len(front) > 0 && len(out) < limit; hop++ {
			if hop > 0 {
				next, err := column(nearNextCypher, map[string]any{"ids": front, "seen": seen, "owner": string(owner), "fanout": graph.MaxNearFanout, "maxDegree": graph.MaxNearDegree})
				if err != nil {
					return nil, err
				}
				sort.Strings(next)
				front = next
				seen = append(seen, next...)
				if len(front) == 0 {
					break
				}
			}
			mems, err := column(nearMemoriesCypher, map[string]any{"ids": front, "owner": string(owner), "limit": limit})
			if err != nil {
				return nil, err
			}
			for _, id := range mems {
				if len(out) == limit {
					break
				}
				if !got[id] {
					got[id] = true
					out = append(out, graph.NearMemory{ID: id, Hops: hop})
				}
			}
		}
		if out == nil {
			out = []graph.NearMemory{}
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}
