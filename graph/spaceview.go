package graph

import (
	"context"
	"slices"

	"github.com/persistmemory/persistmemory/schema"
)

// SpaceView is a Store whose memory reads see only memories filed in one
// of the Spaces In: full-text search runs SearchMemoriesIn, Memories skips
// memories filed elsewhere as it skips missing ones (a memory with no
// Space, written before Spaces, is in the personal one), and turn search
// finds nothing (conversations are not filed in Spaces). A Searcher over a
// SpaceView answers from those Spaces alone: every candidate it ranks is
// read through Memories.
type SpaceView struct {
	Store
	In []string
}

// SearchMemories searches the view's Spaces only.
func (v SpaceView) SearchMemories(ctx context.Context, owner schema.Owner, query string, limit int) ([]Hit, error) {
	return v.Store.SearchMemoriesIn(ctx, owner, v.In, query, limit)
}

// Memories reads the memories of ids filed in the view's Spaces.
func (v SpaceView) Memories(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Memory, error) {
	mems, err := v.Store.Memories(ctx, owner, ids)
	if err != nil {
		return nil, err
	}
	out := mems[:0:0]
	for _, m := range mems {
		sp := m.SpaceID
		if sp == "" {
			sp = PersonalSpaceID(owner)
		}
		if slices.Contains(v.In, sp) {
			out = append(out, m)
		}
	}
	return out, nil
}

// SearchTurns finds nothing: turns belong to conversations, not Spaces.
func (v SpaceView) SearchTurns(context.Context, schema.Owner, string, int) ([]TurnHit, error) {
	return nil, nil
}

// TurnsByID finds nothing, like SearchTurns: a search confined to Spaces
// sees no conversation turns.
func (v SpaceView) TurnsByID(context.Context, schema.Owner, []string) ([]schema.Turn, error) {
	return nil, nil
}

// TurnsBefore finds nothing, like TurnsByID.
func (v SpaceView) TurnsBefore(context.Context, schema.Owner, []string) (map[string]schema.Turn, error) {
	return map[string]schema.Turn{}, nil
}
