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
		res, err := s.Search(context.Background(), owner, Query{Text: "q"})
		if err != nil {
			t.Fatal(err)
		}
		// mem_a and turn_2 tie at 1/61 (by id: mem_a first); then mem_b
		// and turn_1 at 1/62.
		if diff := cmp.Diff([]string{"mem_a", "turn_2", "mem_b", "turn_1"}, itemIDs(res.Items)); diff != "" {
			t.Fatalf("order (-want +got):\n%s", diff)
		}
		if first == nil {
			first = res.Items
		} else if diff := cmp.Diff(first, res.Items); diff != "" {
			t.Fatalf("not deterministic (-first +now):\n%s", diff)
		}
	}
	tu := first[1]
	if tu.Turn == nil || tu.Turn.SourceID != "D1:2" || tu.Memory.ID != "" {
		t.Fatalf("turn item = %+v; want the turn alone", tu)
	}
	if tu.Breakdown != (Breakdown{Turns: WeightTurns * rrf(1)}) || tu.Score != tu.Breakdown.Turns {
		t.Errorf("turn breakdown %+v score %v", tu.Breakdown, tu.Score)
	}
	if first[0].Turn != nil {
		t.Errorf("mem_a got a turn it does not rest on: %+v", first[0].Turn)
	}
	b, err := json.Marshal(tu)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"turn":{"id":"turn_2"`) || !strings.Contains(string(b), `"turns":`) {
		t.Errorf("JSON %s lacks turn / breakdown.turns", b)
	}
}

func TestSearchMergesTurnWithItsMemory(t *testing.T) {
	a := mem("mem_a", "Caroline adopted a puppy named Rex.")
	a.Excerpt = "I adopted a  puppy named Rex"
	short := mem("mem_s", "Caroline agreed.")
	short.Excerpt = "yes" // too short to identify a turn
	g := newFakeGraph(a, short, mem("mem_b", "b"))
	g.lexical = []string{"mem_b", "mem_a", "mem_s"}
	g.turns = []schema.Turn{
		turn("turn_1", "D2:7", "Caroline", "Guess what! I ADOPTED a puppy named Rex, yes."),
	}
	s := newSearcher(g, &fakeVectors{}, newClock())
	res, err := s.Search(context.Background(), owner, Query{Text: "q"})
	if err != nil {
		t.Fatal(err)
	}
	// mem_a: 1/62 + 1/61 (merged) > mem_b: 1/61 > mem_s: 1/63; no item
	// for the turn alone.
	if diff := cmp.Diff([]string{"mem_a", "mem_b", "mem_s"}, itemIDs(res.Items)); diff != "" {
		t.Fatalf("order (-want +got):\n%s", diff)
	}
	m := res.Items[0]
	if m.Turn == nil || m.Turn.ID != "turn_1" || m.Memory.Claim != a.Claim {
		t.Fatalf("merged item = %+v", m)
	}
	if m.Breakdown != (Breakdown{Lexical: rrf(2), Turns: rrf(1)}) || m.Score != m.Breakdown.Lexical+m.Breakdown.Turns {
		t.Errorf("merged breakdown %+v score %v", m.Breakdown, m.Score)
	}
	if res.Items[2].Turn != nil {
		t.Errorf("a short excerpt merged: %+v", res.Items[2])
	}

	// The context renders the turn's words with the memory's type and
	// date, once.
	cres, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}})
	if err != nil {
		t.Fatal(err)
	}
	line := strings.SplitN(cres.Context, "\n", 3)[1]
	for _, want := range []string{"[mem_a] recorded 2024-01-02 · fact · Caroline said: \"Guess what! I ADOPTED a puppy named Rex, yes.\"",
		`claim: "Caroline adopted a puppy named Rex."`, "turn D2:7", "conversation conv_1", "said 2023-05-08"} {
		if !strings.Contains(line, want) {
			t.Errorf("merged line lacks %q:\n%s", want, line)
		}
	}
	if strings.Contains(line, "excerpt") || strings.Count(cres.Context, "puppy named Rex,") != 1 {
		t.Errorf("turn text repeated or excerpt quoted:\n%s", cres.Context)
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
	got := renderItem(Item{Turn: &tu}, nil, false)
	want := "[turn_9] 2023-05-08 · turn · Melanie said: \"" + clean(long+" The end.") + "\" (conversation conv_1, turn D3:4)\n"
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
			line := renderItem(it.Item, nil, false)
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
