package neo4j

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Lookups before a decision, and the reads of one memory's history.

// The two reads seek like the batched look-ups (subjectLookupsCypher): on
// an index ending in recorded_at, newest first, up to the limit.
const memoriesBySubjectCypher = `
MATCH (m:Memory {owner: $owner, subject_key: $subject_key})
USING INDEX m:Memory(owner, subject_key, recorded_at)
WHERE m.recorded_at IS NOT NULL AND m.state IN ['active', 'disputed']
WITH m ORDER BY m.owner DESC, m.subject_key DESC, m.recorded_at DESC, m.id ASC LIMIT $limit
RETURN ` + memoryProjection + ` AS m
ORDER BY m.recorded_at DESC, m.id ASC`

const memoriesBySlotCypher = `
MATCH (m:Memory {owner: $owner, subject_key: $subject_key, attribute_key: $attribute_key})
USING INDEX m:Memory(owner, subject_key, attribute_key, recorded_at)
WHERE m.recorded_at IS NOT NULL AND m.state IN ['active', 'disputed']
WITH m ORDER BY m.owner DESC, m.subject_key DESC, m.attribute_key DESC, m.recorded_at DESC, m.id ASC LIMIT $limit
RETURN ` + memoryProjection + ` AS m
ORDER BY m.recorded_at DESC, m.id ASC`

// MemoriesBySubject returns current memories with the given subject and
// attribute keys.
func (s *Store) MemoriesBySubject(ctx context.Context, owner schema.Owner, subjectKey, attributeKey string, limit int) ([]schema.Memory, error) {
	const op = "read memories by subject"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxLookup)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	subject := graph.NormalizeKey(subjectKey)
	if subject == "" {
		return nil, fmt.Errorf("%s: %w: subject key is empty", op, schema.ErrInvalid)
	}
	cypher, params := memoriesBySubjectCypher, map[string]any{"owner": string(owner), "subject_key": subject, "limit": limit}
	if a := graph.NormalizeKey(attributeKey); a != "" {
		cypher, params["attribute_key"] = memoriesBySlotCypher, a
	}
	mems, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Memory, error) {
		return queryMemories(ctx, tx, cypher, params)
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return mems, nil
}

// The entities are resolved to the live ones first, so a merged id finds
// the memories that moved to the entity it was merged into.
const memoriesAboutEntitiesCypher = `
UNWIND $ids AS id
MATCH (x:Entity {id: id, owner: $owner})
MATCH (e:Entity {id: coalesce(x.merged_into, x.id), owner: $owner})<-[:ABOUT]-(m:Memory {owner: $owner})
WHERE m.state IN ['active', 'disputed']
WITH DISTINCT m
RETURN ` + memoryProjection + ` AS m
ORDER BY m.recorded_at DESC, m.id ASC
LIMIT $limit`

// MemoriesAboutEntities returns current memories about any of entityIDs.
func (s *Store) MemoriesAboutEntities(ctx context.Context, owner schema.Owner, entityIDs []string, limit int) ([]schema.Memory, error) {
	const op = "read memories about entities"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxLookup)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	ids := trimmedNonEmpty(entityIDs)
	if len(ids) == 0 {
		return []schema.Memory{}, nil
	}
	mems, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Memory, error) {
		return queryMemories(ctx, tx, memoriesAboutEntitiesCypher, map[string]any{
			"owner": string(owner), "ids": ids, "limit": limit,
		})
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return mems, nil
}

const memoryDetailCypher = `
MATCH (m:Memory {id: $id, owner: $owner})
RETURN ` + memoryProjection + ` AS m,
  [(m)-[e:EVIDENCED_BY]->(d:Document {owner: $owner}) |
    {document_id: d.id, excerpt: e.excerpt, source: d.source, said_at: coalesce(d.said_at, d.created_at), recorded_at: e.created_at}] AS documents,
  [(m)-[e:EVIDENCED_BY]->(t:Turn {owner: $owner}) |
    {turn_id: t.id, conversation_id: t.conversation_id, seq: t.seq, author: t.author, source: t.source_id,
     excerpt: e.excerpt, said_at: t.said_at, recorded_at: e.created_at}] AS turns,
  [(m)-[:ABOUT]->(x:Entity {owner: $owner}) | x {.*}] AS entities,
  [(m)-[:IN]->(s:Space {owner: $owner}) | s {.*}] AS spaces,
  [(n:Memory {owner: $owner})-[:SUPERSEDES]->(m) | n.id] AS superseded_by,
  [(c:Conflict {owner: $owner, state: 'open'})-[:BETWEEN]->(m) | c {.*}] AS conflicts,
  coalesce(m.evidence_count, size([(m)-[:EVIDENCED_BY]->(:Document {owner: $owner}) | 1])) AS evidence_count`

// MemoryDetail reads one memory with its evidence, entities, space,
// successors and open conflicts.
func (s *Store) MemoryDetail(ctx context.Context, owner schema.Owner, id string) (graph.MemoryDetail, error) {
	op := "read memory " + id
	if err := validOwnerID(owner, "memory", id); err != nil {
		return graph.MemoryDetail{}, fmt.Errorf("%s: %w", op, err)
	}
	d, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (graph.MemoryDetail, error) {
		recs, err := collect(ctx, tx, memoryDetailCypher, map[string]any{"id": id, "owner": string(owner)})
		if err != nil {
			return graph.MemoryDetail{}, err
		}
		if len(recs) == 0 {
			return graph.MemoryDetail{}, schema.ErrNotFound
		}
		return memoryDetailFrom(recs[0])
	})
	if err != nil {
		return graph.MemoryDetail{}, translate(op, err)
	}
	return d, nil
}

func memoryDetailFrom(r *neo4j.Record) (graph.MemoryDetail, error) {
	mem, err := memoryColumn(r, "m")
	if err != nil {
		return graph.MemoryDetail{}, err
	}
	row := r.AsMap()
	d := graph.MemoryDetail{
		Memory:        mem,
		EvidenceCount: integer(row, "evidence_count"),
		Evidence:      []graph.Evidence{},
		Entities:      []schema.Entity{},
		SupersededBy:  sortedStrings(row, "superseded_by"),
		Conflicts:     []schema.Conflict{},
	}
	for _, v := range listOf(row, "documents") {
		if m, ok := v.(map[string]any); ok {
			d.Evidence = append(d.Evidence, graph.Evidence{
				DocumentID: str(m, "document_id"), Excerpt: str(m, "excerpt"), Source: str(m, "source"),
				SaidAt: timeOf(m, "said_at"), RecordedAt: timeOf(m, "recorded_at"),
			})
		}
	}
	for _, v := range listOf(row, "turns") {
		if m, ok := v.(map[string]any); ok {
			d.Evidence = append(d.Evidence, graph.Evidence{
				TurnID: str(m, "turn_id"), ConversationID: str(m, "conversation_id"), Seq: integer(m, "seq"),
				Author: str(m, "author"), Source: str(m, "source"), Excerpt: str(m, "excerpt"),
				SaidAt: timeOf(m, "said_at"), RecordedAt: timeOf(m, "recorded_at"),
			})
		}
	}
	slices.SortFunc(d.Evidence, func(a, b graph.Evidence) int {
		return cmp.Or(a.SaidAt.Compare(b.SaidAt), a.RecordedAt.Compare(b.RecordedAt),
			cmp.Compare(a.DocumentID, b.DocumentID), cmp.Compare(a.TurnID, b.TurnID))
	})
	for _, v := range listOf(row, "entities") {
		if m, ok := v.(map[string]any); ok {
			d.Entities = append(d.Entities, entityFrom(m))
		}
	}
	slices.SortFunc(d.Entities, func(a, b schema.Entity) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	if spaces := listOf(row, "spaces"); len(spaces) > 0 {
		var all []schema.Space
		for _, v := range spaces {
			if m, ok := v.(map[string]any); ok {
				all = append(all, spaceFrom(m))
			}
		}
		slices.SortFunc(all, func(a, b schema.Space) int { return cmp.Compare(a.ID, b.ID) })
		if len(all) > 0 {
			d.Space = &all[0]
		}
	}
	for _, v := range listOf(row, "conflicts") {
		if m, ok := v.(map[string]any); ok {
			d.Conflicts = append(d.Conflicts, conflictFrom(m))
		}
	}
	sortConflictsOldestFirst(d.Conflicts)
	return d, nil
}

func sortConflictsOldestFirst(cs []schema.Conflict) {
	slices.SortFunc(cs, func(a, b schema.Conflict) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
	})
}

// timelineCypher reads every version connected to the memory by
// SUPERSEDES edges, either way, up to graph.MaxTimeline edges away, with
// the edges to the versions each replaced.
const timelineCypher = `
MATCH (start:Memory {id: $id, owner: $owner})
MATCH p = (start)-[:SUPERSEDES*0..` + maxChainLiteral + `]-(m:Memory {owner: $owner})
WHERE all(x IN nodes(p) WHERE x.owner = $owner)
WITH DISTINCT m
RETURN ` + memoryProjection + ` AS m,
  [(m)-[s:SUPERSEDES]->(o:Memory {owner: $owner}) | {id: o.id, at: s.at, reason: s.reason}] AS replaced`

// Timeline returns the versions of a memory, oldest first.
func (s *Store) Timeline(ctx context.Context, owner schema.Owner, id string) ([]graph.TimelineEntry, error) {
	op := "read timeline of memory " + id
	if err := validOwnerID(owner, "memory", id); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	type version struct {
		mem      schema.Memory
		replaced []map[string]any
	}
	versions, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]version, error) {
		recs, err := collect(ctx, tx, timelineCypher, map[string]any{"id": id, "owner": string(owner)})
		if err != nil {
			return nil, err
		}
		if len(recs) == 0 {
			return nil, schema.ErrNotFound
		}
		out := make([]version, 0, len(recs))
		for _, r := range recs {
			mem, err := memoryColumn(r, "m")
			if err != nil {
				return nil, err
			}
			v := version{mem: mem}
			for _, e := range listOf(r.AsMap(), "replaced") {
				if m, ok := e.(map[string]any); ok {
					v.replaced = append(v.replaced, m)
				}
			}
			out = append(out, v)
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}

	// Order: every version after the ones it replaced (Kahn's algorithm),
	// choosing among the ready ones the earliest start, ties by id.
	byID := map[string]*version{}
	for i := range versions {
		byID[versions[i].mem.ID] = &versions[i]
	}
	pending := map[string]int{}         // version -> replaced versions not yet placed
	successors := map[string][]string{} // replaced -> replacing
	for _, v := range versions {
		for _, e := range v.replaced {
			old := str(e, "id")
			if _, ok := byID[old]; !ok {
				continue // beyond the bound
			}
			pending[v.mem.ID]++
			successors[old] = append(successors[old], v.mem.ID)
		}
	}
	earlier := func(a, b string) int {
		ma, mb := byID[a].mem, byID[b].mem
		return cmp.Or(startOf(ma).Compare(startOf(mb)), ma.RecordedAt.Compare(mb.RecordedAt), cmp.Compare(a, b))
	}
	var ready, order []string
	for id := range byID {
		if pending[id] == 0 {
			ready = append(ready, id)
		}
	}
	for len(ready) > 0 {
		slices.SortFunc(ready, earlier)
		next := ready[0]
		ready = ready[1:]
		order = append(order, next)
		for _, s := range successors[next] {
			if pending[s]--; pending[s] == 0 {
				ready = append(ready, s)
			}
		}
	}
	// Versions left over sit on a cycle, which writes refuse; place them
	// last rather than lose them.
	if len(order) < len(byID) {
		var rest []string
		for id := range byID {
			if !slices.Contains(order, id) {
				rest = append(rest, id)
			}
		}
		slices.SortFunc(rest, earlier)
		order = append(order, rest...)
	}
	if len(order) > graph.MaxTimeline {
		order = order[:graph.MaxTimeline]
	}
	position := map[string]int{}
	for i, id := range order {
		position[id] = i
	}

	entries := make([]graph.TimelineEntry, 0, len(order))
	for _, id := range order {
		v := byID[id]
		e := graph.TimelineEntry{Memory: v.mem, Until: v.mem.ValidTo}
		var latest map[string]any
		for _, r := range v.replaced {
			old := str(r, "id")
			if _, ok := position[old]; !ok {
				continue
			}
			e.Supersedes = append(e.Supersedes, old)
			if latest == nil || position[old] > position[str(latest, "id")] {
				latest = r
			}
		}
		slices.Sort(e.Supersedes)
		e.SupersededBy = slices.Sorted(func(yield func(string) bool) {
			for _, s := range successors[id] {
				if _, ok := position[s]; ok && !yield(s) {
					return
				}
			}
		})
		if latest != nil {
			e.Changes = changes(byID[str(latest, "id")].mem, v.mem)
			e.Reason = str(latest, "reason")
			e.ReplacedAt = timePtr(latest, "at")
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// changes lists the fields that differ from before to after.
func changes(before, after schema.Memory) []graph.Change {
	var out []graph.Change
	add := func(field, b, a string) {
		if b != a {
			out = append(out, graph.Change{Field: field, Before: b, After: a})
		}
	}
	add("claim", before.Claim, after.Claim)
	add("type", string(before.Type), string(after.Type))
	add("subject", before.Subject, after.Subject)
	add("attribute", before.Attribute, after.Attribute)
	add("value", before.Value, after.Value)
	add("negated", strconv.FormatBool(before.Negated), strconv.FormatBool(after.Negated))
	return out
}
