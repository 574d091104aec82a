package mcp

import (
	"context"
	"testing"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// The graph.RetrievalStore lookups search makes: the fake holds no turn
// evidence, no entities and so no memories near them.

func (g *fakeGraph) EvidenceTurns(context.Context, schema.Owner, []string) (map[string][]schema.Turn, error) {
	return map[string][]schema.Turn{}, nil
}

func (g *fakeGraph) EntityCandidates(context.Context, schema.Owner, []string, int) ([]schema.Entity, error) {
	return []schema.Entity{}, nil
}

func (g *fakeGraph) MemoriesNearEntities(context.Context, schema.Owner, []string, int, int) ([]graph.NearMemory, error) {
	return []graph.NearMemory{}, nil
}

// TestSearchMemoryNow: search_memory takes the moment the question is
// asked, and refuses one that is not RFC 3339.
func TestSearchMemoryNow(t *testing.T) {
	g := world(t)
	cs := aliceSession(t, g, false)
	var out searchOut
	ok(t, cs, "search_memory", map[string]any{"query": "API", "now": "2023-05-08T13:56:00Z"}, &out)
	if len(out.Memories) == 0 {
		t.Error("search with now found nothing")
	}
	fails(t, cs, "search_memory", map[string]any{"query": "API", "now": "8 May 2023"}, "RFC 3339")
}
