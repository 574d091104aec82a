package neo4j

import (
	"context"
	"fmt"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// listMemoriesCypher browses one owner's memories newest first (recorded_at
// descending, ties by id descending), after the keyset cursor, with each
// filter applied only when set. A memory with no space is in the personal
// one.
const listMemoriesCypher = `
MATCH (m:Memory {owner: $owner})
WHERE ($type IS NULL OR m.type = $type)
  AND ($state IS NULL OR m.state = $state)
  AND ($space IS NULL OR coalesce(m.space_id, $personal) = $space)
  AND ($from IS NULL OR m.recorded_at >= $from)
  AND ($to IS NULL OR m.recorded_at < $to)
  AND ($after_at IS NULL OR m.recorded_at < $after_at OR (m.recorded_at = $after_at AND m.id < $after_id))
WITH m ORDER BY m.recorded_at DESC, m.id DESC LIMIT $limit
RETURN ` + memoryProjection + ` AS m`

// ListMemories implements graph.Store.
func (s *Store) ListMemories(ctx context.Context, owner schema.Owner, f graph.MemoryFilter, limit int, after graph.MemoryCursor) ([]schema.Memory, error) {
	const op = "list memories"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if limit <= 0 {
		return nil, fmt.Errorf("%s: %w: limit must be positive", op, schema.ErrInvalid)
	}
	if limit > graph.MaxPage {
		limit = graph.MaxPage
	}
	params := map[string]any{
		"owner": string(owner), "personal": graph.PersonalSpaceID(owner), "limit": limit,
		"type": nullable(string(f.Type)), "state": nullable(string(f.State)), "space": nullable(f.SpaceID),
		"from": nil, "to": nil, "after_at": nil, "after_id": after.ID,
	}
	if !f.From.IsZero() {
		params["from"] = utc(f.From)
	}
	if !f.To.IsZero() {
		params["to"] = utc(f.To)
	}
	if !after.RecordedAt.IsZero() {
		params["after_at"] = utc(after.RecordedAt)
	}
	mems, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Memory, error) {
		return queryMemories(ctx, tx, listMemoriesCypher, params)
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return mems, nil
}

// listEntitiesCypher lists one owner's live (unmerged) entities by name
// (case-insensitive, ties by id) after a keyset cursor, optionally of one
// kind and whose name or an alias contains $q (case-insensitive).
const listEntitiesCypher = `
MATCH (e:Entity {owner: $owner})
WHERE e.merged_into IS NULL
  AND ($kind IS NULL OR e.kind = $kind)
  AND ($q IS NULL OR toLower(e.name) CONTAINS $q OR any(a IN coalesce(e.aliases, []) WHERE toLower(a) CONTAINS $q))
  AND ($after_name IS NULL OR toLower(e.name) > $after_name OR (toLower(e.name) = $after_name AND e.id > $after_id))
WITH e ORDER BY toLower(e.name) ASC, e.id ASC LIMIT $limit
RETURN e {.*} AS e`

// ListEntities implements graph.Store.
func (s *Store) ListEntities(ctx context.Context, owner schema.Owner, q string, kind schema.EntityKind, limit int, after graph.EntityCursor) ([]schema.Entity, error) {
	const op = "list entities"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if limit <= 0 {
		return nil, fmt.Errorf("%s: %w: limit must be positive", op, schema.ErrInvalid)
	}
	if limit > graph.MaxPage {
		limit = graph.MaxPage
	}
	params := map[string]any{"owner": string(owner), "limit": limit, "kind": nullable(string(kind)),
		"q": nullable(strings.ToLower(strings.TrimSpace(q))), "after_name": nullable(strings.ToLower(after.Name)), "after_id": after.ID}
	ents, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Entity, error) {
		return queryEntities(ctx, tx, listEntitiesCypher, params)
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return ents, nil
}

// listDocumentsCypher lists one owner's documents newest first (ties by id
// descending) after a keyset cursor, without their text (read one document
// for that), with what became of them.
const listDocumentsCypher = `
MATCH (d:Document {owner: $owner})
WHERE ($source IS NULL OR d.source = $source)
  AND ($after_at IS NULL OR d.created_at < $after_at OR (d.created_at = $after_at AND d.id < $after_id))
WITH d ORDER BY d.created_at DESC, d.id DESC LIMIT $limit
OPTIONAL MATCH (j:Job {owner: $owner})-[:PROCESSES]->(d)
RETURN d {.id, .space_id, .source, .content_hash, .created_at, .said_at, .conversation_id, bytes: size(d.text)} AS d, j.id AS job, j.state AS state`

// ListDocuments implements graph.Store.
func (s *Store) ListDocuments(ctx context.Context, owner schema.Owner, source string, limit int, after graph.DocumentCursor) ([]graph.DocumentSummary, error) {
	const op = "list documents"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if limit <= 0 {
		return nil, fmt.Errorf("%s: %w: limit must be positive", op, schema.ErrInvalid)
	}
	params := map[string]any{"owner": string(owner), "limit": min(limit, graph.MaxPage), "source": nullable(source), "after_at": nil, "after_id": after.ID}
	if !after.CreatedAt.IsZero() {
		params["after_at"] = utc(after.CreatedAt)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.DocumentSummary, error) {
		recs, err := collect(ctx, tx, listDocumentsCypher, params)
		if err != nil {
			return nil, err
		}
		out := make([]graph.DocumentSummary, 0, len(recs))
		for _, r := range recs {
			v, _ := r.Get("d")
			m, err := asMap(v, "d")
			if err != nil {
				return nil, err
			}
			job, _ := r.Get("job")
			state, _ := r.Get("state")
			js, _ := job.(string)
			st, _ := state.(string)
			out = append(out, graph.DocumentSummary{
				ID: str(m, "id"), SpaceID: str(m, "space_id"), Source: str(m, "source"), ContentHash: str(m, "content_hash"),
				CreatedAt: timeOf(m, "created_at"), SaidAt: timeOf(m, "said_at"), ConversationID: str(m, "conversation_id"),
				Bytes: integer(m, "bytes"), JobID: js, JobState: schema.JobState(st),
			})
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

// Sources implements graph.Store.
func (s *Store) Sources(ctx context.Context, owner schema.Owner) ([]graph.Source, error) {
	const op = "list sources"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.Source, error) {
		recs, err := collect(ctx, tx, `
MATCH (d:Document {owner: $owner})
WITH coalesce(d.source, '') AS name, count(d) AS documents, min(d.created_at) AS first, max(d.created_at) AS last
RETURN name, documents, first, last ORDER BY documents DESC, name ASC LIMIT $limit`, map[string]any{"owner": string(owner), "limit": graph.MaxPage})
		if err != nil {
			return nil, err
		}
		out := make([]graph.Source, 0, len(recs))
		for _, r := range recs {
			m := r.AsMap()
			out = append(out, graph.Source{Name: str(m, "name"), Documents: integer(m, "documents"), FirstAt: timeOf(m, "first"), LastAt: timeOf(m, "last")})
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

const systemOwnersCypher = `
CALL () {
  MATCH (m:Memory) RETURN DISTINCT m.owner AS owner
  UNION
  MATCH (t:Turn) RETURN DISTINCT t.owner AS owner
}
RETURN owner ORDER BY owner`

// SystemOwners lists every owner with memories or turns; see graph.Store.
func (s *Store) SystemOwners(ctx context.Context) ([]schema.Owner, error) {
	const op = "list owners"
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Owner, error) {
		recs, err := collect(ctx, tx, systemOwnersCypher, nil)
		if err != nil {
			return nil, err
		}
		out := make([]schema.Owner, 0, len(recs))
		for _, r := range recs {
			if o := str(r.AsMap(), "owner"); o != "" {
				out = append(out, schema.Owner(o))
			}
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}
