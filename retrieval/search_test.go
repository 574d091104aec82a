package retrieval

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/schema"
)

func ids(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Memory.ID
	}
	return out
}

func rrfs(ranks ...int) float64 {
	s := 0.0
	for _, r := range ranks {
		s += 1.0 / float64(RRFK+r)
	}
	return s
}

func TestSearchFusionOrderAndTieBreak(t *testing.T) {
	g := newFakeGraph(mem("mem_a", "a"), mem("mem_b", "b"), mem("mem_c", "c"), mem("mem_d", "d"))
	g.lexical = []string{"mem_a", "mem_b", "mem_c"}
	v := &fakeVectors{ranking: []string{"mem_c", "mem_b", "mem_d"}}
	s := newSearcher(g, v, newClock())
	res, err := s.Search(context.Background(), owner, Query{Text: "q"})
	if err != nil {
		t.Fatal(err)
	}
	// c: 1/63+2/61 > b: 1/62+2/62 > d: 2/63 > a: 1/61 (WeightVector 2).
	if diff := cmp.Diff([]string{"mem_c", "mem_b", "mem_d", "mem_a"}, ids(res.Items)); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	want := map[string]Breakdown{
		"mem_a": {Lexical: rrfs(1)},
		"mem_b": {Lexical: rrfs(2), Vector: WeightVector * rrfs(2)},
		"mem_c": {Lexical: rrfs(3), Vector: WeightVector * rrfs(1)},
		"mem_d": {Vector: WeightVector * rrfs(3)},
	}
	for _, it := range res.Items {
		got := it.Breakdown
		if w := want[it.Memory.ID]; got.Lexical != w.Lexical || got.Vector != w.Vector || got.Graph != 0 || got.Temporal != 0 || got.Prior <= 0 || got.Prior > PriorScale {
			t.Errorf("%s breakdown = %+v, want %+v and a prior in (0, PriorScale]", it.Memory.ID, got, w)
		}
		if it.Score != got.Lexical+got.Vector+got.Graph+got.Temporal+got.Prior {
			t.Errorf("%s score %v is not the sum of its breakdown", it.Memory.ID, it.Score)
		}
		if it.Memory.Claim == "" {
			t.Errorf("%s came back without its memory", it.Memory.ID)
		}
	}
	if res.Diagnostics.Degraded {
		t.Errorf("degraded with every signal up: %v", res.Diagnostics.Reasons)
	}

	// Equal scores: mem_x is first in the claims list, turn_y first in
	// the turns list, and their priors are equal (the same day, the
	// confidence of a turn alone): the smaller id wins, every time.
	x := mem("mem_x", "x")
	x.Confidence, x.SaidAt = TurnConfidence, day("2023-05-08")
	g = newFakeGraph(x)
	g.lexical = []string{"mem_x"}
	g.turns = []schema.Turn{{ID: "turn_y", ConversationID: "c", Seq: 1, Text: "y", SaidAt: *day("2023-05-08")}}
	s = newSearcher(g, &fakeVectors{}, newClock())
	for range 5 {
		res, err := s.Search(context.Background(), owner, Query{Text: "q"})
		if err != nil {
			t.Fatal(err)
		}
		if got := itemIDs(res.Items); !cmp.Equal(got, []string{"mem_x", "turn_y"}) || res.Items[0].Score != res.Items[1].Score {
			t.Fatalf("tie: got %v with scores %v, %v; want mem_x then turn_y, equal", got, res.Items[0].Score, res.Items[1].Score)
		}
	}
}

func TestSearchStates(t *testing.T) {
	disputed := mem("mem_2", "disputed")
	disputed.State = schema.StateDisputed
	superseded := mem("mem_3", "superseded")
	superseded.State = schema.StateSuperseded
	retracted := mem("mem_4", "retracted")
	retracted.State = schema.StateRetracted
	g := newFakeGraph(mem("mem_1", "active"), disputed, superseded, retracted)
	g.lexical = []string{"mem_1", "mem_2", "mem_3", "mem_4", "mem_gone"}
	s := newSearcher(g, &fakeVectors{}, newClock())
	for _, tt := range []struct {
		history bool
		want    []string
	}{
		{false, []string{"mem_1", "mem_2"}},
		{true, []string{"mem_1", "mem_2", "mem_3"}},
	} {
		res, err := s.Search(context.Background(), owner, Query{Text: "q", IncludeHistory: tt.history})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, ids(res.Items)); diff != "" {
			t.Errorf("history=%v (-want +got):\n%s", tt.history, diff)
		}
	}
}

func TestSearchDegradation(t *testing.T) {
	down := fmt.Errorf("weaviate: %w", schema.ErrUnavailable)
	tests := []struct {
		name     string
		embedder fakeEmbedder
		vectors  *fakeVectors
		noVector bool
		reason   string
	}{
		{name: "embedder fails", embedder: fakeEmbedder{err: fmt.Errorf("onnx: %w", schema.ErrUnavailable)}, vectors: &fakeVectors{ranking: []string{"mem_2"}}, reason: "embedding provider failed"},
		{name: "vector store unavailable", vectors: &fakeVectors{err: down}, reason: "vector store (Weaviate) is unavailable"},
		{name: "vector store fails", vectors: &fakeVectors{err: errors.New("boom")}, reason: "vector store (Weaviate) failed"},
		{name: "no embedder configured", noVector: true, reason: "vector search is off"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newFakeGraph(mem("mem_1", "one"), mem("mem_2", "two"))
			g.lexical = []string{"mem_1"}
			s := &Searcher{Graph: g, Vectors: tt.vectors, Embedder: tt.embedder}
			if tt.noVector {
				s.Vectors, s.Embedder = nil, nil
			}
			res, err := s.Search(context.Background(), owner, Query{Text: "q"})
			if err != nil {
				t.Fatalf("Search failed instead of degrading: %v", err)
			}
			if diff := cmp.Diff([]string{"mem_1"}, ids(res.Items)); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
			if !res.Diagnostics.Degraded || len(res.Diagnostics.Reasons) != 1 || !strings.Contains(res.Diagnostics.Reasons[0], tt.reason) {
				t.Errorf("diagnostics = %+v, want degraded with a reason containing %q", res.Diagnostics, tt.reason)
			}
			cres, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}})
			if err != nil {
				t.Fatalf("Context failed instead of degrading: %v", err)
			}
			if !cres.Diagnostics.Degraded || len(cres.Items) != 1 {
				t.Errorf("context: degraded=%v items=%d, want degraded with 1 item", cres.Diagnostics.Degraded, len(cres.Items))
			}
		})
	}
}

func TestSearchGraphFailure(t *testing.T) {
	down := fmt.Errorf("neo4j at bolt://localhost:7687: %w", schema.ErrUnavailable)
	for _, tt := range []struct {
		name string
		set  func(*fakeGraph)
	}{
		{"full-text search", func(g *fakeGraph) { g.searchErr = down }},
		{"reading memories", func(g *fakeGraph) { g.memoriesErr = down }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newFakeGraph(mem("mem_1", "one"))
			g.lexical = []string{"mem_1"}
			tt.set(g)
			s := newSearcher(g, &fakeVectors{ranking: []string{"mem_1"}}, newClock())
			_, err := s.Search(context.Background(), owner, Query{Text: "q"})
			if !errors.Is(err, schema.ErrUnavailable) {
				t.Errorf("Search error = %v, want one wrapping schema.ErrUnavailable", err)
			}
			_, err = s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}})
			if !errors.Is(err, schema.ErrUnavailable) {
				t.Errorf("Context error = %v, want one wrapping schema.ErrUnavailable", err)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	g := newFakeGraph(mem("mem_1", "one"))
	g.lexical = []string{"mem_1"}
	s := newSearcher(g, &fakeVectors{}, newClock())
	big := strings.Repeat("a", 100*1024)
	tests := []struct {
		name  string
		owner schema.Owner
		q     ContextQuery
		want  error
	}{
		{"empty query", owner, ContextQuery{Query: Query{Text: ""}}, schema.ErrInvalid},
		{"blank query", owner, ContextQuery{Query: Query{Text: " \n\t "}}, schema.ErrInvalid},
		{"100 KB query", owner, ContextQuery{Query: Query{Text: big}}, schema.ErrTooLarge},
		{"invalid UTF-8", owner, ContextQuery{Query: Query{Text: "caf\xe9"}}, schema.ErrInvalid},
		{"negative limit", owner, ContextQuery{Query: Query{Text: "q", Limit: -1}}, schema.ErrInvalid},
		{"limit above max", owner, ContextQuery{Query: Query{Text: "q", Limit: MaxLimit + 1}}, schema.ErrInvalid},
		{"bad owner", "a b", ContextQuery{Query: Query{Text: "q"}}, schema.ErrInvalid},
		{"budget below MinBudget", owner, ContextQuery{Query: Query{Text: "q"}, Budget: MinBudget - 1}, schema.ErrInvalid},
		{"negative budget", owner, ContextQuery{Query: Query{Text: "q"}, Budget: -5}, schema.ErrInvalid},
		{"budget above MaxBudget", owner, ContextQuery{Query: Query{Text: "q"}, Budget: MaxBudget + 1}, schema.ErrInvalid},
		{"huge cursor", owner, ContextQuery{Query: Query{Text: "q", Cursor: strings.Repeat("A", 5000)}}, schema.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Context(context.Background(), tt.owner, tt.q)
			if !errors.Is(err, tt.want) {
				t.Errorf("Context error = %v, want one wrapping %v", err, tt.want)
			}
			if tt.q.Budget == 0 {
				_, err := s.Search(context.Background(), tt.owner, tt.q.Query)
				if !errors.Is(err, tt.want) {
					t.Errorf("Search error = %v, want one wrapping %v", err, tt.want)
				}
			}
		})
	}
	if g.searches != 0 {
		t.Errorf("bad input reached the graph %d times", g.searches)
	}
	for _, b := range []int{MinBudget, MaxBudget} {
		if _, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}, Budget: b}); err != nil {
			t.Errorf("budget %d (a limit) refused: %v", b, err)
		}
	}
}

func TestSearchNothingMatches(t *testing.T) {
	s := newSearcher(newFakeGraph(), &fakeVectors{}, newClock())
	res, err := s.Search(context.Background(), owner, Query{Text: "nothing"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Items == nil || len(res.Items) != 0 || res.NextCursor != "" {
		t.Errorf("got %+v, want an empty, non-nil item list and no cursor", res)
	}
}
