package retrieval

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// fakeGraph implements the graph.Store methods Search and Context call;
// the embedded nil Store makes any other call panic, which is the point.
type fakeGraph struct {
	graph.Store

	mu sync.Mutex
	// lexical is the full-text ranking, best first, whatever the query.
	lexical []string
	mems    map[string]schema.Memory
	docs    map[string]schema.Document
	// turns is the full-text ranking over raw turns, best first, whatever
	// the query.
	turns []schema.Turn
	// evidence maps memory ids to the turns they rest on.
	evidence map[string][]schema.Turn
	// entities are the entity candidates of any names; near the memories
	// around any entities.
	entities []schema.Entity
	near     []graph.NearMemory
	// stored are every turn by id (TurnsByID).
	stored map[string]schema.Turn

	searchErr, memoriesErr, documentErr, turnsErr error
	searches                                      int
}

func newFakeGraph(mems ...schema.Memory) *fakeGraph {
	g := &fakeGraph{mems: map[string]schema.Memory{}, docs: map[string]schema.Document{}}
	for _, m := range mems {
		g.mems[m.ID] = m
	}
	return g
}

func (g *fakeGraph) SearchMemories(ctx context.Context, owner schema.Owner, query string, limit int) ([]graph.Hit, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.searches++
	if g.searchErr != nil {
		return nil, g.searchErr
	}
	var hits []graph.Hit
	for i, id := range g.lexical {
		if i == limit {
			break
		}
		hits = append(hits, graph.Hit{ID: id, Score: float64(len(g.lexical) - i)})
	}
	return hits, nil
}

func (g *fakeGraph) SearchMemoriesIn(ctx context.Context, owner schema.Owner, _ []string, query string, limit int) ([]graph.Hit, error) {
	return g.SearchMemories(ctx, owner, query, limit)
}

func (g *fakeGraph) TurnsByID(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Turn, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []schema.Turn
	for _, id := range ids {
		if t, ok := g.stored[id]; ok {
			out = append(out, t)
		}
	}
	return out, nil
}

func (g *fakeGraph) SearchTurns(ctx context.Context, owner schema.Owner, query string, limit int) ([]graph.TurnHit, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.turnsErr != nil {
		return nil, g.turnsErr
	}
	var hits []graph.TurnHit
	for i, t := range g.turns {
		if i == limit {
			break
		}
		hits = append(hits, graph.TurnHit{Turn: t, Score: float64(len(g.turns) - i)})
	}
	return hits, nil
}

func (g *fakeGraph) EvidenceTurns(ctx context.Context, owner schema.Owner, ids []string) (map[string][]schema.Turn, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[string][]schema.Turn{}
	for _, id := range ids {
		if ts, ok := g.evidence[id]; ok {
			out[id] = ts
		}
	}
	return out, nil
}

func (g *fakeGraph) EntityCandidates(ctx context.Context, owner schema.Owner, names []string, limit int) ([]schema.Entity, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.entities, nil
}

func (g *fakeGraph) MemoriesNearEntities(ctx context.Context, owner schema.Owner, ids []string, hops, limit int) ([]graph.NearMemory, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.near, nil
}

func (g *fakeGraph) Memories(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Memory, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.memoriesErr != nil {
		return nil, g.memoriesErr
	}
	var out []schema.Memory
	for _, id := range ids {
		if m, ok := g.mems[id]; ok {
			out = append(out, m)
		}
	}
	return out, nil
}

func (g *fakeGraph) Document(ctx context.Context, owner schema.Owner, id string) (schema.Document, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.documentErr != nil {
		return schema.Document{}, g.documentErr
	}
	d, ok := g.docs[id]
	if !ok {
		return schema.Document{}, fmt.Errorf("document %s: %w", id, schema.ErrNotFound)
	}
	return d, nil
}

func (g *fakeGraph) Documents(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Document, error) {
	var out []schema.Document
	for _, id := range ids {
		d, err := g.Document(ctx, owner, id)
		if errors.Is(err, schema.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// fakeVectors implements VectorStore.Search; the embedded nil interface
// covers the methods the Searcher never calls.
type fakeVectors struct {
	VectorStore
	ranking []string
	err     error
}

func (v *fakeVectors) Search(ctx context.Context, owner schema.Owner, vec []float32, limit int) ([]VectorHit, error) {
	if v.err != nil {
		return nil, v.err
	}
	var hits []VectorHit
	for i, id := range v.ranking {
		if i == limit {
			break
		}
		hits = append(hits, VectorHit{ID: id, Score: 1 - float64(i)/100})
	}
	return hits, nil
}

type fakeEmbedder struct{ err error }

func (e fakeEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if e.err != nil {
		return nil, e.err
	}
	out := make([][]float32, len(texts))
	for i := range texts {
		out[i] = []float32{1, 0, 0}
	}
	return out, nil
}
func (fakeEmbedder) Model() string { return "fake" }
func (fakeEmbedder) Dims() int     { return 3 }

// clock is an injectable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func day(s string) *time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return &t
}

// mem is an active fact recorded on 2024-01-02.
func mem(id, claim string) schema.Memory {
	return schema.Memory{ID: id, Type: schema.TypeFact, Claim: claim, State: schema.StateActive, Confidence: 0.9, RecordedAt: *day("2024-01-02")}
}

// testKey is a fixed cursor key, so tests are deterministic where it
// matters.
var testKey = []byte("0123456789abcdef0123456789abcdef")

// newSearcher wires fakes with vectors on and a clock-driven codec.
func newSearcher(g *fakeGraph, v *fakeVectors, clk *clock) *Searcher {
	codec, err := NewCursorCodec(CursorConfig{Key: testKey, Now: clk.now})
	if err != nil {
		panic(err)
	}
	return &Searcher{Graph: g, Vectors: v, Embedder: fakeEmbedder{}, Cursors: codec}
}

const owner = schema.Owner("alice")
