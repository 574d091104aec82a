package neo4j

import (
	"context"
	"fmt"

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
