package neo4j

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Entities: (:Entity {id, owner, owner_key, name, kind, aliases, keys,
// key_terms, merged_ids, created_at, updated_at}).
//
// keys are graph.EntityKeys of the name and aliases; key_terms, which the
// entity_keys full-text index covers, say which keys are names and which
// acronyms, and list the keys' words (see keyTerms), so one
// whitespace-analysed field answers both "same key" and "shares a word".
// Names, aliases and keys are only ever added to.
//
// A merged entity stays as a tombstone: merged_into names the entity it
// became (always a live one: merging the survivor later repoints its
// tombstones), its key_terms are removed so it leaves the index, and
// (survivor)-[:MERGED_FROM {at}]->(tombstone) records the merge.

// entityRow is one entity to upsert, normalised.
type entityRow struct {
	id, name, kind string
	names, keys    []string
	terms          []string
	created        time.Time
}

func (r entityRow) params() map[string]any {
	return map[string]any{
		"id": r.id, "name": r.name, "kind": r.kind, "names": r.names, "keys": r.keys,
		"terms": r.terms, "created_at": utc(r.created),
	}
}

// keyTerms returns the key_terms of an entity with names: "k_" and each
// of a name's keys (graph.NameKeys) with spaces as underscores, "a_" and each of its acronyms,
// and the keys' words. Keys have no underscores, so the three kinds never
// collide. A query matches "k_" terms with its keys and their acronyms,
// and "a_" terms with its keys only: "NYC" finds "New York City" and the
// other way round, but two acronyms alone ("Big Apple", "Bank of America")
// are not a match.
func keyTerms(names []string) []string {
	var terms, keys []string
	for _, n := range names {
		for _, k := range graph.NameKeys(n) {
			keys = append(keys, k)
			terms = append(terms, "k_"+underscored(k))
			for _, a := range graph.Acronyms(k) {
				terms = append(terms, "a_"+a)
			}
		}
	}
	terms = append(terms, graph.KeyTokens(keys)...)
	slices.Sort(terms)
	return slices.Compact(terms)
}

func underscored(key string) string { return strings.ReplaceAll(key, " ", "_") }

// entityRows validates entities and folds repeats of an id into one row.
func entityRows(es []schema.Entity, t time.Time) ([]entityRow, error) {
	var rows []entityRow
	at := map[string]int{}
	for i, e := range es {
		name := strings.TrimSpace(e.Name)
		switch {
		case e.ID == "":
			return nil, fmt.Errorf("%w: entity %d has no id", schema.ErrInvalid, i)
		case name == "":
			return nil, fmt.Errorf("%w: entity %s has no name", schema.ErrInvalid, e.ID)
		}
		kind := string(e.Kind)
		if kind == "" {
			kind = string(schema.KindOther)
		}
		if j, ok := at[e.ID]; ok {
			r := &rows[j]
			r.names = trimmedNonEmpty(append(append(r.names, name), e.Aliases...))
			if r.kind == string(schema.KindOther) {
				r.kind = kind
			}
			continue
		}
		created := e.CreatedAt
		if created.IsZero() {
			created = t
		}
		at[e.ID] = len(rows)
		rows = append(rows, entityRow{
			id: e.ID, name: name, kind: kind, created: created,
			names: trimmedNonEmpty(append([]string{name}, e.Aliases...)),
		})
	}
	for i := range rows {
		rows[i].keys = graph.EntityKeys(rows[i].name, rows[i].names)
		rows[i].terms = keyTerms(rows[i].names)
	}
	return rows, nil
}

const resolveEntitiesCypher = `
UNWIND $ids AS id
MATCH (e:Entity {id: id, owner: $owner})
RETURN id, coalesce(e.merged_into, e.id) AS survivor`

// resolveEntities maps each of ids to the live entity it names (itself,
// or the entity it was merged into), or fails with schema.ErrNotFound.
func resolveEntities(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, ids []string) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	recs, err := collect(ctx, tx, resolveEntitiesCypher, map[string]any{"ids": ids, "owner": string(owner)})
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		m := r.AsMap()
		out[str(m, "id")] = str(m, "survivor")
	}
	for _, id := range ids {
		if _, ok := out[id]; !ok {
			return nil, fmt.Errorf("%w: entity %s", schema.ErrNotFound, id)
		}
	}
	return out, nil
}

// upsertEntitiesCypher creates entities or adds names and keys to them.
// Lists are unioned in Cypher, against the stored values, so concurrent
// upserts of one entity both add what they bring. A name that differs
// from the stored one becomes an alias. An id of another owner fails the
// MERGE on the identity constraint (schema.ErrConflict).
const upsertEntitiesCypher = `
UNWIND $rows AS r
MERGE (e:Entity {id: r.id, owner: $owner})
ON CREATE SET e.name = r.name, e.kind = r.kind, e.created_at = r.created_at,
  e.aliases = [], e.keys = [], e.key_terms = [], e.merged_ids = []
SET e.owner_key = $owner_key, e.updated_at = $now,
  e.kind = CASE WHEN coalesce(e.kind, '') IN ['', 'other'] THEN r.kind ELSE e.kind END
WITH e, r
SET e.aliases = coalesce(e.aliases, []) + [a IN r.names WHERE a <> e.name AND NOT a IN coalesce(e.aliases, [])],
  e.keys = coalesce(e.keys, []) + [k IN r.keys WHERE NOT k IN coalesce(e.keys, [])]
WITH e, r
SET e.key_terms = CASE WHEN e.merged_into IS NULL
  THEN coalesce(e.key_terms, []) + [t IN r.terms WHERE NOT t IN coalesce(e.key_terms, [])]
  ELSE null END`

// upsertEntities writes rows, redirecting ids of merged entities to the
// entity they were merged into.
func upsertEntities(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, rows []entityRow, t time.Time) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.id)
	}
	recs, err := collect(ctx, tx, resolveEntitiesCypher, map[string]any{"ids": ids, "owner": string(owner)})
	if err != nil {
		return err
	}
	survivor := map[string]string{}
	for _, r := range recs {
		m := r.AsMap()
		survivor[str(m, "id")] = str(m, "survivor")
	}
	params := make([]map[string]any, 0, len(rows))
	for _, r := range rows {
		if to, ok := survivor[r.id]; ok {
			r.id = to
		}
		params = append(params, r.params())
	}
	_, err = collect(ctx, tx, upsertEntitiesCypher, map[string]any{
		"rows": params, "owner": string(owner), "owner_key": ownerKey(owner), "now": t,
	})
	return err
}

// UpsertEntity creates e or adds its names and keys to the stored entity.
func (s *Store) UpsertEntity(ctx context.Context, owner schema.Owner, e schema.Entity) error {
	op := "upsert entity " + e.ID
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	t := now()
	rows, err := entityRows([]schema.Entity{e}, t)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err = write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		return struct{}{}, upsertEntities(ctx, tx, owner, rows, t)
	})
	return translate(op, err)
}

func entityFrom(m map[string]any) schema.Entity {
	return schema.Entity{
		ID:        str(m, "id"),
		Name:      str(m, "name"),
		Kind:      schema.EntityKind(str(m, "kind")),
		Aliases:   stringList(m, "aliases"),
		CreatedAt: timeOf(m, "created_at"),
	}
}

func entityColumn(r *neo4j.Record, col string) (schema.Entity, error) {
	v, _ := r.Get(col)
	m, err := asMap(v, col)
	if err != nil {
		return schema.Entity{}, err
	}
	return entityFrom(m), nil
}

// maxCandidateTerms bounds the Lucene terms of one EntityCandidates query,
// well below Lucene's 1024 clauses.
const maxCandidateTerms = 256

// spellingQuery finds the names' other spellings (see
// graph.BatchStore.EntitySpellingsEach): a word of at least
// fuzzyMinLetters letters finds the words one edit from it ("Kubernets"),
// and a word of at least prefixMinLetters the words it begins ("Syd" for
// "Sydney", "Postgres" for "PostgreSQL"). "" when no word qualifies.
func spellingQuery(owner schema.Owner, name string) string {
	k := graph.NormalizeKey(name)
	if k == "" {
		return ""
	}
	var terms []string
	for _, w := range graph.KeyTokens([]string{k}) {
		if !lettersOnly(w) {
			continue // "cluster7", "v2": identifiers, matched whole
		}
		n := utf8.RuneCountInString(w)
		if n >= prefixMinLetters {
			terms = append(terms, escapeTerm(w)+"*")
		}
		if n >= fuzzyMinLetters {
			terms = append(terms, escapeTerm(w)+"~1")
		}
	}
	if len(terms) == 0 {
		return ""
	}
	if len(terms) > maxCandidateTerms {
		terms = terms[:maxCandidateTerms]
	}
	return "+owner_key:" + ownerKey(owner) + "^0 +key_terms:(" + strings.Join(terms, " ") + ")"
}

const (
	fuzzyMinLetters  = 5
	prefixMinLetters = 3
)

// lettersOnly: w is letters, no digit ("cluster7" and "v2" are
// identifiers, matched whole).
func lettersOnly(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// candidateQuery builds the Lucene query for names (see keyTerms): the
// exact terms (boosted) and the keys' words. It returns the exact terms
// too, or "" when nothing is searchable.
func candidateQuery(owner schema.Owner, names []string) (string, []string) {
	var exact, keys []string
	for _, n := range names {
		for _, k := range graph.NameKeys(n) {
			keys = append(keys, k)
			exact = append(exact, "k_"+underscored(k), "a_"+underscored(k))
			for _, a := range graph.Acronyms(k) {
				exact = append(exact, "k_"+a)
			}
		}
	}
	slices.Sort(exact)
	exact = slices.Compact(exact)
	if len(exact) == 0 {
		return "", nil
	}
	var terms []string
	for _, e := range exact {
		terms = append(terms, escapeTerm(e)+"^4")
	}
	for _, w := range graph.KeyTokens(keys) {
		terms = append(terms, escapeTerm(w))
	}
	if len(terms) > maxCandidateTerms {
		terms = terms[:maxCandidateTerms]
	}
	return "+owner_key:" + ownerKey(owner) + "^0 +key_terms:(" + strings.Join(terms, " ") + ")", exact
}

// escapeTerm backslash-escapes Lucene syntax. Keys have none, but
// candidates are built from caller input.
func escapeTerm(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(luceneSpecial, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Lucene returns its best lucenePool(limit) hits (see searchMemoriesCypher):
// a name's exact key terms are boosted fourfold and rare, so the entity a
// name is exactly ranks first among any number sharing its words ("Cluster
// 42" among "Cluster 1" … "Cluster 150"), and an owner with thousands of
// entities sharing a word is not read whole for every mention.
const entityCandidatesCypher = `
CALL db.index.fulltext.queryNodes('entity_keys', $query, {limit: $pool}) YIELD node, score
WHERE score > 0 AND node.owner = $owner AND node.merged_into IS NULL
WITH node, score, any(t IN node.key_terms WHERE t IN $exact) AS exact
RETURN node {.*} AS e
ORDER BY exact DESC, score DESC, e.id ASC
LIMIT $limit`

// EntityCandidates finds the owner's entities that may be what names refer
// to; see graph.EntityStore.
func (s *Store) EntityCandidates(ctx context.Context, owner schema.Owner, names []string, limit int) ([]schema.Entity, error) {
	const op = "find entity candidates"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxEntityCandidates)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(names) > graph.MaxCandidateNames {
		names = names[:graph.MaxCandidateNames]
	}
	query, exact := candidateQuery(owner, names)
	if query == "" {
		return []schema.Entity{}, nil
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Entity, error) {
		return queryEntities(ctx, tx, entityCandidatesCypher, map[string]any{
			"query": query, "owner": string(owner), "exact": exact, "limit": limit, "pool": lucenePool(limit),
		})
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const lockEntitiesCypher = `
UNWIND $ids AS id
MATCH (e:Entity {id: id, owner: $owner})
SET e._lock = true
RETURN e {.*} AS e`

const moveAboutCypher = `
MATCH (x:Entity {id: $merge, owner: $owner})<-[a:ABOUT]-(m:Memory {owner: $owner})
MATCH (k:Entity {id: $keep, owner: $owner})
MERGE (m)-[n:ABOUT]->(k)
ON CREATE SET n.created_at = a.created_at
DELETE a`

const moveRelatedOutCypher = `
MATCH (x:Entity {id: $merge, owner: $owner})-[r:RELATED]->(y:Entity {owner: $owner})
MATCH (k:Entity {id: $keep, owner: $owner})
FOREACH (_ IN CASE WHEN y <> k AND y <> x THEN [1] ELSE [] END |
  MERGE (k)-[n:RELATED {type: r.type}]->(y)
  ON CREATE SET n.created_at = r.created_at)
DELETE r`

const moveRelatedInCypher = `
MATCH (x:Entity {id: $merge, owner: $owner})<-[r:RELATED]-(y:Entity {owner: $owner})
MATCH (k:Entity {id: $keep, owner: $owner})
FOREACH (_ IN CASE WHEN y <> k AND y <> x THEN [1] ELSE [] END |
  MERGE (y)-[n:RELATED {type: r.type}]->(k)
  ON CREATE SET n.created_at = r.created_at)
DELETE r`

const finishMergeCypher = `
MATCH (k:Entity {id: $keep, owner: $owner}), (x:Entity {id: $merge, owner: $owner})
SET k.aliases = $aliases, k.keys = $keys, k.key_terms = $terms, k.merged_ids = $merged_ids,
  k.kind = $kind, k.updated_at = $now,
  x.merged_into = $keep, x.merged_at = $now, x.updated_at = $now
REMOVE x.key_terms, k._lock, x._lock
MERGE (k)-[p:MERGED_FROM]->(x)
ON CREATE SET p.at = $now
WITH k
UNWIND $repoint AS id
MATCH (t:Entity {id: id, owner: $owner})
SET t.merged_into = $keep`

// MergeEntities merges mergeID into keepID; see graph.EntityStore.
func (s *Store) MergeEntities(ctx context.Context, owner schema.Owner, keepID, mergeID string) error {
	op := fmt.Sprintf("merge entity %s into %s", mergeID, keepID)
	if err := validOwnerID(owner, "entity", keepID); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := checkID("entity", mergeID); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if keepID == mergeID {
		return fmt.Errorf("%s: %w: an entity cannot be merged into itself", op, schema.ErrInvalid)
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		survivors, err := resolveEntities(ctx, tx, owner, []string{keepID, mergeID})
		if err != nil {
			return struct{}{}, err
		}
		keep, merge := survivors[keepID], survivors[mergeID]
		if keep == merge {
			return struct{}{}, errRollback // already one entity
		}
		ids := []string{keep, merge}
		slices.Sort(ids) // lock in a fixed order
		recs, err := collect(ctx, tx, lockEntitiesCypher, map[string]any{"ids": ids, "owner": string(owner)})
		if err != nil {
			return struct{}{}, err
		}
		nodes := map[string]map[string]any{}
		for _, r := range recs {
			v, _ := r.Get("e")
			m, err := asMap(v, "e")
			if err != nil {
				return struct{}{}, err
			}
			if m["merged_into"] != nil {
				return struct{}{}, fmt.Errorf("%w: entity %s was merged concurrently; try again", schema.ErrConflict, str(m, "id"))
			}
			nodes[str(m, "id")] = m
		}
		k, x := nodes[keep], nodes[merge]
		if k == nil || x == nil {
			return struct{}{}, fmt.Errorf("%w: entity %s or %s", schema.ErrNotFound, keep, merge)
		}
		params := mergeParams(owner, k, x)
		for _, c := range []string{moveAboutCypher, moveRelatedOutCypher, moveRelatedInCypher, finishMergeCypher} {
			if _, err := collect(ctx, tx, c, params); err != nil {
				return struct{}{}, err
			}
		}
		return struct{}{}, nil
	})
	if errors.Is(err, errRollback) {
		return nil
	}
	return translate(op, err)
}

// mergeParams computes the kept entity's lists after merging x into k.
func mergeParams(owner schema.Owner, k, x map[string]any) map[string]any {
	keepName := str(k, "name")
	var aliases []string
	for _, a := range append(append(stringList(k, "aliases"), str(x, "name")), stringList(x, "aliases")...) {
		if a != keepName && !slices.Contains(aliases, a) {
			aliases = append(aliases, a)
		}
	}
	union := func(key string) []string {
		l := append(stringList(k, key), stringList(x, key)...)
		slices.Sort(l)
		return slices.Compact(l)
	}
	keys := union("keys")
	terms := union("key_terms")
	merged := append(union("merged_ids"), str(x, "id"))
	slices.Sort(merged)
	merged = slices.Compact(merged)
	kind := str(k, "kind")
	if kind == "" || kind == string(schema.KindOther) {
		if xk := str(x, "kind"); xk != "" {
			kind = xk
		}
	}
	return map[string]any{
		"owner": string(owner), "keep": str(k, "id"), "merge": str(x, "id"), "now": now(),
		"aliases": nonNil(aliases), "keys": nonNil(keys), "terms": nonNil(terms),
		"merged_ids": merged, "repoint": nonNil(stringList(x, "merged_ids")), "kind": kind,
	}
}

const entityDetailCypher = `
MATCH (e:Entity {id: $id, owner: $owner})
RETURN e {.*} AS e`

const entityMemoriesCypher = `
MATCH (:Entity {id: $id, owner: $owner})<-[:ABOUT]-(m:Memory {owner: $owner})
RETURN ` + memoryProjection + ` AS m
ORDER BY CASE m.state WHEN 'active' THEN 0 WHEN 'disputed' THEN 1 WHEN 'superseded' THEN 2 ELSE 3 END ASC,
  m.recorded_at DESC, m.id ASC
LIMIT $limit`

const coMentionsCypher = `
MATCH (e:Entity {id: $id, owner: $owner})<-[:ABOUT]-(m:Memory {owner: $owner})-[:ABOUT]->(n:Entity {owner: $owner})
WHERE n <> e
WITH n, count(DISTINCT m) AS co
RETURN n {.*} AS n, co
ORDER BY co DESC, n.id ASC
LIMIT $limit`

const relatedCypher = `
MATCH (e:Entity {id: $id, owner: $owner})-[r:RELATED]-(n:Entity {owner: $owner})
WHERE n <> e
RETURN n {.*} AS n, startNode(r).id AS from_id, endNode(r).id AS to_id, r.type AS rel_type,
  size([(e)<-[:ABOUT]-(m:Memory {owner: $owner})-[:ABOUT]->(n) | m]) AS co
ORDER BY n.id ASC, from_id ASC, to_id ASC, rel_type ASC
LIMIT $limit`

// maxRelatedRows bounds the RELATED edges Entity reads.
const maxRelatedRows = 20 * graph.MaxNeighbours

// Entity reads an entity with its memories and neighbours; a merged id
// reads the entity it was merged into.
func (s *Store) Entity(ctx context.Context, owner schema.Owner, id string) (graph.EntityDetail, error) {
	op := "read entity " + id
	if err := validOwnerID(owner, "entity", id); err != nil {
		return graph.EntityDetail{}, fmt.Errorf("%s: %w", op, err)
	}
	d, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (graph.EntityDetail, error) {
		survivors, err := resolveEntities(ctx, tx, owner, []string{id})
		if err != nil {
			return graph.EntityDetail{}, err
		}
		params := map[string]any{"id": survivors[id], "owner": string(owner)}
		recs, err := collect(ctx, tx, entityDetailCypher, params)
		if err != nil {
			return graph.EntityDetail{}, err
		}
		if len(recs) == 0 {
			return graph.EntityDetail{}, schema.ErrNotFound
		}
		v, _ := recs[0].Get("e")
		em, err := asMap(v, "e")
		if err != nil {
			return graph.EntityDetail{}, err
		}
		d := graph.EntityDetail{Entity: entityFrom(em), MergedIDs: sortedStrings(em, "merged_ids")}
		params["limit"] = graph.MaxEntityMemories
		if d.Memories, err = queryMemories(ctx, tx, entityMemoriesCypher, params); err != nil {
			return graph.EntityDetail{}, err
		}
		d.Neighbours, err = neighbours(ctx, tx, params)
		return d, err
	})
	if err != nil {
		return graph.EntityDetail{}, translate(op, err)
	}
	return d, nil
}

// neighbours combines co-mentioned and related entities.
func neighbours(ctx context.Context, tx neo4j.ManagedTransaction, params map[string]any) ([]graph.Neighbour, error) {
	byID := map[string]*graph.Neighbour{}
	get := func(r *neo4j.Record) (*graph.Neighbour, error) {
		e, err := entityColumn(r, "n")
		if err != nil {
			return nil, err
		}
		n, ok := byID[e.ID]
		if !ok {
			n = &graph.Neighbour{Entity: e}
			byID[e.ID] = n
		}
		n.CoMentions = integer(r.AsMap(), "co")
		return n, nil
	}
	params["limit"] = graph.MaxNeighbours
	recs, err := collect(ctx, tx, coMentionsCypher, params)
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		if _, err := get(r); err != nil {
			return nil, err
		}
	}
	params["limit"] = maxRelatedRows
	recs, err = collect(ctx, tx, relatedCypher, params)
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		n, err := get(r)
		if err != nil {
			return nil, err
		}
		m := r.AsMap()
		n.Relations = append(n.Relations, graph.Relation{FromID: str(m, "from_id"), ToID: str(m, "to_id"), Type: str(m, "rel_type")})
	}
	out := make([]graph.Neighbour, 0, len(byID))
	for _, n := range byID {
		out = append(out, *n)
	}
	slices.SortFunc(out, func(a, b graph.Neighbour) int {
		return cmp.Or(
			cmp.Compare(b.CoMentions, a.CoMentions),
			cmp.Compare(len(b.Relations), len(a.Relations)),
			cmp.Compare(a.Entity.ID, b.Entity.ID))
	})
	if len(out) > graph.MaxNeighbours {
		out = out[:graph.MaxNeighbours]
	}
	return out, nil
}

// queryEntities runs cypher, which returns entity maps in column e, and
// maps them in order.
func queryEntities(ctx context.Context, tx neo4j.ManagedTransaction, cypher string, params map[string]any) ([]schema.Entity, error) {
	return queryColumn(ctx, tx, cypher, params, "e", entityColumn)
}
