package neo4j

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Memories: how a schema.Memory maps to a (:Memory) node and back.
//
// A memory node carries the Memory's scalar fields, plus owner, owner_key
// (full-text), subject_key and attribute_key (graph.NormalizeKey of
// Subject and Attribute, for MemoriesBySubject) and evidence_count (the
// distinct documents that stated it). Its relations are edges:
// EVIDENCED_BY {excerpt, created_at} to Documents and Turns, IN to its
// Space, ABOUT to Entities, SUPERSEDES to the memories it replaced.
// Mentions (Memory.Entities) are extraction output and are not stored;
// their resolution, EntityIDs, is.

// Memories are merged on {id, owner}: with the uniqueness constraint on
// Memory.id, an id held by another owner fails the MERGE with a constraint
// violation (schema.ErrConflict) instead of being taken over.
// writeMemoriesCypher writes memories, each EVIDENCED_BY its document
// (mem.document_id, or $document_id for every memory when rows name none).
const writeMemoriesCypher = `
UNWIND $mems AS mem
MATCH (d:Document {id: coalesce(mem.document_id, $document_id), owner: $owner})
MERGE (m:Memory {id: mem.id, owner: $owner})
SET m += mem.props, m.owner_key = $owner_key
MERGE (m)-[e:EVIDENCED_BY]->(d)
ON CREATE SET e.created_at = $now, m.evidence_count = coalesce(m.evidence_count, 0) + 1
SET e.excerpt = mem.excerpt`

// memoryParams maps m to the properties CompleteJob sets. Empty optional
// strings and nil times become missing properties. Empty memory states
// mean active and zero recording times mean now.
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
			"type":          string(m.Type),
			"claim":         m.Claim,
			"subject":       nullable(m.Subject),
			"attribute":     nullable(m.Attribute),
			"value":         nullable(m.Value),
			"subject_key":   nullable(graph.NormalizeKey(m.Subject)),
			"attribute_key": nullable(graph.NormalizeKey(m.Attribute)),
			"confidence":    m.Confidence,
			"state":         string(state),
			"confirmed":     m.Confirmed,
			"correction":    m.Correction,
			"negated":       m.Negated,
			"valid_from":    utcPtr(m.ValidFrom),
			"valid_to":      utcPtr(m.ValidTo),
			"said_at":       utcPtr(m.SaidAt),
			"recorded_at":   utc(recorded),
			"space_id":      nullable(m.SpaceID),
		},
	}
}

// memoryProjection reads the memory bound to m with what memoryFrom needs
// from its edges: evidence documents, entities and the memories it
// supersedes. Every pattern matches owner.
const memoryProjection = `m {.*,` + memoryEdges + `}`

// memoryEdges are the fields memoryProjection reads from a memory's edges.
const memoryEdges = `
  _evidence: [(m)-[e:EVIDENCED_BY]->(d:Document {owner: $owner}) | {document_id: d.id, excerpt: e.excerpt, created_at: d.created_at}],
  _entity_ids: [(m)-[:ABOUT]->(x:Entity {owner: $owner}) | x.id],
  _supersedes: [(m)-[:SUPERSEDES]->(o:Memory {owner: $owner}) | o.id]`

// readMemoriesCypher keeps the caller's order through the index i. It uses
// no CALL subquery so it runs on every Neo4j 5 release.
const readMemoriesCypher = `
UNWIND range(0, size($ids) - 1) AS i
MATCH (m:Memory {id: $ids[i], owner: $owner})
RETURN ` + memoryProjection + ` AS m
ORDER BY i ASC`

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
		return queryMemories(ctx, tx, readMemoriesCypher, map[string]any{"ids": ids, "owner": string(owner)})
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return mems, nil
}

// queryMemories runs cypher, which returns memory projections in column m,
// and maps them in order.
func queryMemories(ctx context.Context, tx neo4j.ManagedTransaction, cypher string, params map[string]any) ([]schema.Memory, error) {
	return queryColumn(ctx, tx, cypher, params, "m", memoryColumn)
}

// queryColumn runs cypher and maps column col of every record with read,
// in order.
func queryColumn[T any](ctx context.Context, tx neo4j.ManagedTransaction, cypher string, params map[string]any, col string, read func(*neo4j.Record, string) (T, error)) ([]T, error) {
	recs, err := collect(ctx, tx, cypher, params)
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(recs))
	for _, r := range recs {
		v, err := read(r, col)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func memoryColumn(r *neo4j.Record, col string) (schema.Memory, error) {
	v, _ := r.Get(col)
	m, err := asMap(v, col)
	if err != nil {
		return schema.Memory{}, err
	}
	return memoryFrom(m), nil
}

// memoryFrom maps a memory node's properties, and the edge summaries of
// memoryProjection when present, to a Memory.
func memoryFrom(m map[string]any) schema.Memory {
	mem := schema.Memory{
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
		Correction: boolean(m, "correction"),
		Negated:    boolean(m, "negated"),
		SaidAt:     timePtr(m, "said_at"),
	}
	// The oldest evidence document, ties by id.
	var first map[string]any
	for _, v := range listOf(m, "_evidence") {
		ev, ok := v.(map[string]any)
		if !ok {
			continue
		}
		if first == nil || before(timeOf(ev, "created_at"), str(ev, "document_id"), timeOf(first, "created_at"), str(first, "document_id")) {
			first = ev
		}
	}
	if first != nil {
		mem.DocumentID = str(first, "document_id")
		mem.Excerpt = str(first, "excerpt")
	}
	if ids := sortedStrings(m, "_entity_ids"); len(ids) > 0 {
		mem.EntityIDs = ids
	}
	if ids := sortedStrings(m, "_supersedes"); len(ids) > 0 {
		mem.SupersedesID = ids[0]
	}
	mem.Entities = mentionsOf(listOf(m, "_mentions"))
	return mem
}

// mentionsOf reads the entities a memory is ABOUT (lookupProjection) as
// mentions: each name and each alias with the entity's kind, sorted, each
// once; nil when the projection read none.
func mentionsOf(es []any) []schema.Mention {
	var out []schema.Mention
	for _, v := range es {
		e, ok := v.(map[string]any)
		if !ok {
			continue
		}
		kind := schema.EntityKind(str(e, "kind"))
		names := []string{str(e, "name")}
		for _, a := range listOf(e, "aliases") {
			if s, ok := a.(string); ok {
				names = append(names, s)
			}
		}
		for _, n := range names {
			if n != "" {
				out = append(out, schema.Mention{Name: n, Kind: kind})
			}
		}
	}
	slices.SortFunc(out, func(a, b schema.Mention) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(string(a.Kind), string(b.Kind)))
	})
	return slices.Compact(out)
}

// before orders (time, id) pairs: earlier first, ties by id.
func before(t1 time.Time, id1 string, t2 time.Time, id2 string) bool {
	if !t1.Equal(t2) {
		return t1.Before(t2)
	}
	return id1 < id2
}

func listOf(m map[string]any, key string) []any {
	l, _ := m[key].([]any)
	return l
}

// sortedStrings reads a string-list column, sorted and without repeats.
func sortedStrings(m map[string]any, key string) []string {
	l := stringList(m, key)
	slices.Sort(l)
	return slices.Compact(l)
}

// startOf is when a memory's claim began to hold, for ordering versions:
// valid_from, else said_at, else recorded_at.
func startOf(m schema.Memory) time.Time {
	switch {
	case m.ValidFrom != nil:
		return *m.ValidFrom
	case m.SaidAt != nil:
		return *m.SaidAt
	}
	return m.RecordedAt
}

// confirmMemoryCypher sets confirmed and reads the memory back.
const confirmMemoryCypher = `
MATCH (m:Memory {id: $id, owner: $owner})
SET m.confirmed = true
RETURN ` + memoryProjection + ` AS m`

// ConfirmMemory marks the memory confirmed by the person. It is idempotent.
func (s *Store) ConfirmMemory(ctx context.Context, owner schema.Owner, id string) (schema.Memory, error) {
	op := "confirm memory " + id
	if err := validOwnerID(owner, "memory", id); err != nil {
		return schema.Memory{}, fmt.Errorf("%s: %w", op, err)
	}
	mem, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (schema.Memory, error) {
		mems, err := queryMemories(ctx, tx, confirmMemoryCypher, map[string]any{"id": id, "owner": string(owner)})
		if err != nil {
			return schema.Memory{}, err
		}
		if len(mems) == 0 {
			return schema.Memory{}, schema.ErrNotFound
		}
		return mems[0], nil
	})
	if err != nil {
		return schema.Memory{}, translate(op, err)
	}
	return mem, nil
}

// validOwnerID checks an owner and one id.
func validOwnerID(owner schema.Owner, kind, id string) error {
	if err := owner.Validate(); err != nil {
		return err
	}
	return checkID(kind, id)
}

// boundLimit checks that limit is positive and lowers it to max.
func boundLimit(limit, max int) (int, error) {
	if limit <= 0 {
		return 0, fmt.Errorf("%w: limit %d is not positive", schema.ErrInvalid, limit)
	}
	return min(limit, max), nil
}

// trimmedNonEmpty drops blank strings, trims the rest and removes repeats,
// keeping the first occurrence's place.
func trimmedNonEmpty(in []string) []string {
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, s := range in {
		s = strings.TrimSpace(s)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}
