package retrieval

import (
	"context"
	"errors"
	"testing"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/internal/safe"
	"github.com/persistmemory/persistmemory/schema"
)

// panickingTurns is the fake graph whose full-text search over turns, run
// in a goroutine of its own beside the others, panics.
type panickingTurns struct{ *fakeGraph }

func (panickingTurns) SearchTurns(context.Context, schema.Owner, string, int) ([]graph.TurnHit, error) {
	var hits []graph.TurnHit
	_ = hits[3]
	return nil, nil
}

// A search runs its candidate look-ups side by side, out of reach of the
// HTTP server's recovery: one that panics fails the search with an error
// (a 500), it does not end the server.
func TestSearchWhoseLookUpPanics(t *testing.T) {
	g := newFakeGraph(mem("mem_a", "Ana lives in Lisbon."))
	g.lexical = []string{"mem_a"}
	s := newSearcher(g, &fakeVectors{}, newClock())
	s.Graph = panickingTurns{g}
	_, err := s.Search(t.Context(), owner, Query{Text: "where does Ana live"})
	if !errors.Is(err, safe.ErrPanicked) {
		t.Fatalf("Search with a look-up that panics: %v, want an error wrapping safe.ErrPanicked", err)
	}
}
