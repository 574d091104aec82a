package retrieval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

func turn(id, src, author, text string) schema.Turn {
	return schema.Turn{ID: id, ConversationID: "conv_1", Seq: 1, Author: author, Text: text,
		SaidAt: time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC), SourceID: src}
}

func itemIDs(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.ID()
	}
	return out
}

func TestSearchFusesTurnsDeterministically(t *testing.T) {
	g := newFakeGraph(mem("mem_a", "a"), mem("mem_b", "b"))
	g.lexical = []string{"mem_a", "mem_b"}
	g.turns = []schema.Turn{
		turn("turn_2", "D1:2", "Caroline", "I went to the support group."),
		turn("turn_1", "D1:1", "Melanie", "Painting is my escape."),
		turn("turn_2", "D1:2", "Caroline", "I went to the support group."), // listed twice: counts once
	}
	s := newSearcher(g, &fakeVectors{}, newClock())
	var first []Item
	for range 3 {
		res, err := s.Search(context.Background(), owner, Query{Text: "q", Now: time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		// mem_a and turn_2 have 1/61 each, mem_b and turn_1 1/62; the
		// memories' prior (confidence 0.9, recorded at now) is above the
		// turns' (TurnConfidence, said months before).
		if diff := cmp.Diff([]string{"mem_a", "mem_b", "turn_2", "turn_1"}, itemIDs(res.Items)); diff != "" {
			t.Fatalf("order (-want +got):\n%s", diff)
		}
		if first == nil {
			first = res.Items
		} else if diff := cmp.Diff(first, res.Items); diff != "" {
			t.Fatalf("not deterministic (-first +now):\n%s", diff)
		}
	}
	tu := first[2]
	if tu.Turn == nil || tu.Turn.SourceID != "D1:2" || tu.Memory.ID != "" {
		t.Fatalf("turn item = %+v; want the turn alone", tu)
	}
	b := tu.Breakdown
	if b.Lexical != WeightTurns*rrfs(1) || b.Vector != 0 || b.Graph != 0 || b.Temporal != 0 || tu.Score != b.Lexical+b.Prior {
		t.Errorf("turn breakdown %+v score %v", tu.Breakdown, tu.Score)
	}
	if first[0].Turn != nil {
		t.Errorf("mem_a got a turn it does not rest on: %+v", first[0].Turn)
	}
	js, err := json.Marshal(tu)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"turn":{"id":"turn_2"`, `"lexical":`, `"vector":`, `"graph":`, `"temporal":`, `"prior":`} {
		if !strings.Contains(string(js), want) {
			t.Errorf("JSON %s lacks %s", js, want)
		}
	}
}

func TestSearchMergesTurnWithItsMemory(t *testing.T) {
	a := mem("mem_a", "Caroline: I adopted a puppy named Rex.")
	a.Excerpt = "I adopted a  puppy named Rex"
	a2 := mem("mem_a2", "Caroline's puppy is named Rex.")
	other := mem("mem_o", "Caroline agreed.")
	other.Excerpt = "yes"
	g := newFakeGraph(a, a2, other, mem("mem_b", "b"))
	g.lexical = []string{"mem_b", "mem_a2", "mem_a", "mem_o"}
	t1 := turn("turn_1", "D2:7", "Caroline", "Guess what! I ADOPTED a puppy named Rex, yes.")
	t0 := turn("turn_0", "D2:6", "Melanie", "What's new?")
	g.turns = []schema.Turn{t1}
	// mem_a names two turns; the one holding its excerpt is its own.
	g.evidence = map[string][]schema.Turn{"mem_a": {t0, t1}, "mem_a2": {t1}, "mem_o": {t0}}
	v := &fakeVectors{ranking: []string{"mem_a"}}
	s := newSearcher(g, v, newClock())
	res, err := s.Search(context.Background(), owner, Query{Text: "q"})
	if err != nil {
		t.Fatal(err)
	}
	// turn_1 (mem_a and mem_a2): lexical 1/62 + turns 1/61, vector 2/61;
	// mem_b 1/61; turn_0 (mem_o) 1/63. The item is the memory of the
	// turn that scores best alone: mem_a (lexical and vector).
	if diff := cmp.Diff([]string{"mem_a", "mem_b", "mem_o"}, itemIDs(res.Items)); diff != "" {
		t.Fatalf("order (-want +got):\n%s", diff)
	}
	m := res.Items[0]
	if m.Turn == nil || m.Turn.ID != "turn_1" || m.Memory.Claim != a.Claim {
		t.Fatalf("merged item = %+v", m)
	}
	if b := m.Breakdown; b.Lexical != rrfs(2)+rrfs(1) || b.Vector != WeightVector*rrfs(1) {
		t.Errorf("merged breakdown %+v", m.Breakdown)
	}
	if o := res.Items[2]; o.Turn == nil || o.Turn.ID != "turn_0" {
		t.Errorf("mem_o is not merged with its turn: %+v", o)
	}

	// The context renders the turn's words with the memory's type and
	// date, once; the claim is left out when the turn says it.
	cres, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}})
	if err != nil {
		t.Fatal(err)
	}
	line := strings.SplitN(cres.Context, "\n", 3)[1]
	want := "[1] 2023-05-08 · Caroline: \"Guess what! I ADOPTED a puppy named Rex, yes.\"\n"
	if line+"\n" != want {
		t.Errorf("merged line:\n got %q\nwant %q", line+"\n", want)
	}
	if strings.Count(cres.Context, "puppy named Rex,") != 1 {
		t.Errorf("turn text repeated:\n%s", cres.Context)
	}
}

func TestSearchTurnsFailureIsUnavailable(t *testing.T) {
	g := newFakeGraph(mem("mem_a", "a"))
	g.lexical = []string{"mem_a"}
	g.turnsErr = fmt.Errorf("neo4j: %w", schema.ErrUnavailable)
	s := newSearcher(g, &fakeVectors{}, newClock())
	if _, err := s.Search(context.Background(), owner, Query{Text: "q"}); !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("Search err = %v; want ErrUnavailable", err)
	}
	if _, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}}); !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("Context err = %v; want ErrUnavailable", err)
	}
}

func TestRenderTurnLine(t *testing.T) {
	long := strings.Repeat("We talked about the lake house and the kids. ", 20) // > MaxExcerptRunes
	tu := turn("turn_9", "D3:4", "Melanie", long+"\n  The end.")
	got := renderItem(9, Item{Turn: &tu}, nil, false)
	want := "[9] 2023-05-08 · Melanie: \"" + clean(long+" The end.") + "\"\n"
	if got != want {
		t.Errorf("line:\n got %q\nwant %q", got, want)
	}
}

func TestContextPacksTurnsWhole(t *testing.T) {
	g := newFakeGraph(mem("mem_a", "Alice leads the platform team."))
	g.lexical = []string{"mem_a"}
	g.turns = []schema.Turn{
		turn("turn_1", "D1:1", "Bob", strings.Repeat("a very long turn about nothing in particular ", 40)),
		turn("turn_2", "D1:2", "Carol", "Short one."),
		turn("turn_3", "D1:3", "Dan", strings.Repeat("medium sized turn ", 6)),
	}
	s := newSearcher(g, &fakeVectors{}, newClock())
	c := cl100k(t)
	for _, budget := range []int{MinBudget, 80, 200, 400, 4000} {
		res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}, Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		if res.Tokens > budget || res.Tokens != c.Count(res.Context) {
			t.Errorf("budget %d: Tokens %d, count %d", budget, res.Tokens, c.Count(res.Context))
		}
		want, sum := "", 0
		for _, it := range res.Items {
			line := renderItem(it.Rank, it.Item, nil, false)
			want += line
			sum += it.Tokens
			if it.Tokens != c.Count(line) {
				t.Errorf("budget %d: %s costs %d, counted %d", budget, it.ID(), it.Tokens, c.Count(line))
			}
		}
		if len(res.Items) > 0 {
			want = ContextHeader + want
			sum += c.Count(ContextHeader)
		}
		if res.Context != want || sum != res.Tokens {
			t.Errorf("budget %d: context is not the header and whole lines (sum %d, tokens %d):\n%s", budget, sum, res.Tokens, res.Context)
		}
		if budget == 200 {
			// turn_1 does not fit; the smaller ones after it still do.
			if diff := cmp.Diff([]string{"mem_a", "turn_2", "turn_3"}, itemIDs(contextItems(res.Items))); diff != "" || !res.Truncated {
				t.Errorf("budget 200: truncated %v, items (-want +got):\n%s", res.Truncated, diff)
			}
		}
		if len(res.Items)+res.Omitted.Count != 4 {
			t.Errorf("budget %d: %d packed + %d omitted != 4", budget, len(res.Items), res.Omitted.Count)
		}
	}
}

func TestQueryNow(t *testing.T) {
	var q Query
	if err := json.Unmarshal([]byte(`{"query":"q","now":"2023-05-08T13:56:00+02:00"}`), &q); err != nil {
		t.Fatal(err)
	}
	if !q.Now.Equal(time.Date(2023, 5, 8, 11, 56, 0, 0, time.UTC)) || q.Validate() != nil {
		t.Errorf("now = %v, validate %v", q.Now, q.Validate())
	}
	if b, _ := json.Marshal(Query{Text: "q"}); strings.Contains(string(b), "now") {
		t.Errorf("a zero Now is sent: %s", b)
	}
	for _, bad := range []time.Time{time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC), time.Date(1899, 12, 31, 0, 0, 0, 0, time.UTC)} {
		if err := (Query{Text: "q", Now: bad}).Validate(); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("now %v: err %v, want ErrInvalid", bad, err)
		}
	}
	g := newFakeGraph(mem("mem_a", "a"))
	g.lexical = []string{"mem_a"}
	s := newSearcher(g, &fakeVectors{}, newClock())
	if _, err := s.Search(context.Background(), owner, Query{Text: "q", Now: q.Now}); err != nil {
		t.Errorf("search with now: %v", err)
	}
	if _, err := s.Search(context.Background(), owner, Query{Text: "q", Now: time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC)}); !errors.Is(err, schema.ErrInvalid) {
		t.Errorf("search with year-1 now: %v", err)
	}
}

func contextItems(cis []ContextItem) []Item {
	out := make([]Item, len(cis))
	for i, ci := range cis {
		out[i] = ci.Item
	}
	return out
}

// TestTurnVectors: a turn only the turn vectors found is an item of its
// own, read by id, scored WeightTurnVector/(RRFK+rank); one the turn
// search found too adds both; a search confined to Spaces sees none.
func TestTurnVectors(t *testing.T) {
	g := newFakeGraph(mem("mem_a", "Alice leads the platform team."))
	g.lexical = []string{"mem_a"}
	lexTurn := turn("turn_lex", "D1:1", "Bob", "the platform team")
	vecOnly := turn("turn_vec", "D1:2", "Carol", "I bake sourdough on Sundays.")
	g.turns = []schema.Turn{lexTurn}
	g.stored = map[string]schema.Turn{lexTurn.ID: lexTurn, vecOnly.ID: vecOnly}
	s := newSearcher(g, &fakeVectors{}, newClock())
	s.TurnVectors = &fakeVectors{ranking: []string{"turn_vec", "turn_lex", "turn_gone"}}
	res, err := s.Search(context.Background(), owner, Query{Text: "baking bread", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Item{}
	for _, it := range res.Items {
		got[it.ID()] = it
	}
	if it, ok := got["turn_vec"]; !ok || it.Turn == nil || it.Turn.Text != vecOnly.Text || it.Breakdown.Vector != rrf(WeightTurnVector, 1) || it.Breakdown.Lexical != 0 {
		t.Errorf("turn found by its vector alone = %+v (present %v); want the turn read by id, vector %v, no lexical", it, ok, rrf(WeightTurnVector, 1))
	}
	if it := got["turn_lex"]; it.Breakdown.Vector != rrf(WeightTurnVector, 2) || it.Breakdown.Lexical != rrf(WeightTurns, 1) {
		t.Errorf("turn found by both = %+v; want vector %v and lexical %v", it.Breakdown, rrf(WeightTurnVector, 2), rrf(WeightTurns, 1))
	}
	if _, ok := got["turn_gone"]; ok {
		t.Error("a turn the graph does not have (deleted, or another owner's) was returned")
	}

	spaced := s.Over(graph.SpaceView{Store: g, In: []string{"sp_work"}})
	res, err = spaced.Search(context.Background(), owner, Query{Text: "baking bread", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range res.Items {
		if it.Turn != nil {
			t.Errorf("a search confined to Spaces returned turn %s", it.Turn.ID)
		}
	}
}

// TestTurnContextVectors: the turns-in-context list adds
// WeightTurnContext/(RRFK+rank) to the vector part of a turn's score, on
// top of its own vector's; a turn only that list found is read by id (so a
// search confined to Spaces sees none); a failure of that list degrades
// the search like any vector failure.
func TestTurnContextVectors(t *testing.T) {
	g := newFakeGraph()
	reply := turn("turn_reply", "D1:2", "Bob", "It paid for the new roof.")
	other := turn("turn_other", "D1:5", "Carol", "We repaired the school roof.")
	g.stored = map[string]schema.Turn{reply.ID: reply, other.ID: other}
	s := newSearcher(g, &fakeVectors{}, newClock())
	s.TurnVectors = &fakeVectors{ranking: []string{"turn_other"}}
	s.TurnContextVectors = &fakeVectors{ranking: []string{"turn_reply", "turn_other", "turn_gone"}}
	res, err := s.Search(context.Background(), owner, Query{Text: "what did the grant pay for", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Item{}
	for _, it := range res.Items {
		got[it.ID()] = it
	}
	if it, ok := got["turn_reply"]; !ok || it.Turn == nil || it.Turn.Text != reply.Text || it.Breakdown.Vector != rrf(WeightTurnContext, 1) {
		t.Errorf("turn found in context alone = %+v (present %v); want it read by id with vector %v", it, ok, rrf(WeightTurnContext, 1))
	}
	if it := got["turn_other"]; it.Breakdown.Vector != rrf(WeightTurnVector, 1)+rrf(WeightTurnContext, 2) {
		t.Errorf("turn found by both lists: vector %v, want %v", it.Breakdown.Vector, rrf(WeightTurnVector, 1)+rrf(WeightTurnContext, 2))
	}
	if _, ok := got["turn_gone"]; ok {
		t.Error("a turn the graph does not have was returned")
	}
	if res.Diagnostics.Degraded {
		t.Errorf("degraded with every list answering: %+v", res.Diagnostics)
	}

	spaced := s.Over(graph.SpaceView{Store: g, In: []string{"sp_work"}})
	if res, err = spaced.Search(context.Background(), owner, Query{Text: "what did the grant pay for", Limit: 10}); err != nil {
		t.Fatal(err)
	}
	for _, it := range res.Items {
		if it.Turn != nil {
			t.Errorf("a search confined to Spaces returned turn %s", it.Turn.ID)
		}
	}

	s.TurnContextVectors = &fakeVectors{err: fmt.Errorf("weaviate: %w", schema.ErrUnavailable)}
	if res, err = s.Search(context.Background(), owner, Query{Text: "what did the grant pay for", Limit: 10}); err != nil {
		t.Fatal(err)
	}
	if !res.Diagnostics.Degraded || !strings.Contains(strings.Join(res.Diagnostics.Reasons, " "), "unavailable") {
		t.Errorf("a failing in-context list: diagnostics %+v, want degraded, unavailable", res.Diagnostics)
	}
}
