package retrieval

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/retrieval/tokens"
	"github.com/persistmemory/persistmemory/schema"
)

func cl100k(t *testing.T) tokens.Counter {
	t.Helper()
	c, err := tokens.CL100K()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func contextIDs(items []ContextItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Memory.ID
	}
	return out
}

// TestContextGolden checks one whole context: its text, and its token
// count against an independent count (OpenAI's tiktoken 0.14.0 for Python
// over the same ranks file: 122 tokens, lines 16 + 68 + 38).
func TestContextGolden(t *testing.T) {
	m1 := mem("mem_1", "We chose Postgres over MySQL.")
	m1.Type = schema.TypeDecision
	m1.ValidFrom, m1.SaidAt = day("2023-05-08"), day("2023-05-08")
	m1.DocumentID = "doc_a"
	m1.Excerpt = "Alice: after the benchmark we chose Postgres over MySQL, mostly for JSONB."
	m2 := mem("mem_2", "Bob lives in Lisbon.")
	m2.State = schema.StateDisputed
	m2.DocumentID = "doc_b" // gone: cited by id alone
	m2.Excerpt = "Bob lives in Lisbon"
	g := newFakeGraph(m1, m2)
	g.docs["doc_a"] = schema.Document{ID: "doc_a", Source: "slack #infra", ConversationID: "conv_7"}
	g.lexical = []string{"mem_1", "mem_2"}
	s := newSearcher(g, &fakeVectors{}, newClock())

	res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "database"}})
	if err != nil {
		t.Fatal(err)
	}
	want := ContextHeader +
		`[1] 2023-05-08 · decision · "We chose Postgres over MySQL." (source: slack #infra, conversation conv_7, recorded 2024-01-02, excerpt: "Alice: after the benchmark we chose Postgres over MySQL, mostly for JSONB.")` + "\n" +
		`[2] recorded 2024-01-02 · DISPUTED: an open conflict contradicts this · "Bob lives in Lisbon."` + "\n"
	if diff := cmp.Diff(want, res.Context); diff != "" {
		t.Errorf("context (-want +got):\n%s", diff)
	}
	if res.Tokens != 120 {
		t.Errorf("Tokens = %d, want 120", res.Tokens)
	}
	if got := []int{res.Items[0].Tokens, res.Items[1].Tokens}; !cmp.Equal(got, []int{62, 29}) {
		t.Errorf("item tokens = %v, want [62 29]", got)
	}
	if got := []int{res.Items[0].Rank, res.Items[1].Rank}; !cmp.Equal(got, []int{1, 2}) {
		t.Errorf("ranks = %v, want [1 2]", got)
	}
	if res.Budget != DefaultBudget || res.Tokenizer != "cl100k_base" || res.Truncated || res.Omitted != (Omitted{}) || res.NextCursor != "" {
		t.Errorf("budget %d, tokenizer %q, truncated %v, omitted %+v, cursor %q", res.Budget, res.Tokenizer, res.Truncated, res.Omitted, res.NextCursor)
	}
	if b := res.Items[0].Breakdown; res.Items[0].Score != b.Lexical+b.Prior || b.Lexical != rrfs(1) {
		t.Errorf("item 1 score %v breakdown %+v, want the fused score", res.Items[0].Score, res.Items[0].Breakdown)
	}
}

// packFixture: mem_1 … mem_4 in rank order; mem_2 is far longer than the
// others.
func packFixture() *fakeGraph {
	g := newFakeGraph(
		mem("mem_1", "Alice prefers tea."),
		mem("mem_2", strings.Repeat("Bob wrote a very long design note about the storage layer. ", 20)),
		mem("mem_3", "Carol moved to Porto."),
		mem("mem_4", "Dan owns the billing service."),
	)
	g.lexical = []string{"mem_1", "mem_2", "mem_3", "mem_4"}
	return g
}

// rankOf is the rank of mem_<n> in packFixture's ranking: n.
func rankOf(id string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(id, "mem_"))
	return n
}

func lineCosts(t *testing.T, g *fakeGraph, ids ...string) (header int, costs map[string]int) {
	c := cl100k(t)
	costs = map[string]int{}
	for _, id := range ids {
		costs[id] = c.Count(renderLine(rankOf(id), g.mems[id], docInfo{}, false))
	}
	return c.Count(ContextHeader), costs
}

func TestContextSkipAndContinue(t *testing.T) {
	g := packFixture()
	s := newSearcher(g, &fakeVectors{}, newClock())
	h, cost := lineCosts(t, g, "mem_1", "mem_2", "mem_3", "mem_4")
	budget := h + cost["mem_1"] + cost["mem_3"] + cost["mem_4"] // exactly: mem_2 cannot fit
	if budget < MinBudget || cost["mem_2"] < 100 {
		t.Fatalf("fixture: budget %d, mem_2 costs %d", budget, cost["mem_2"])
	}
	res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"mem_1", "mem_3", "mem_4"}, contextIDs(res.Items)); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	if res.Tokens != budget || res.Tokens != cl100k(t).Count(res.Context) {
		t.Errorf("Tokens = %d; want the budget %d, exactly the count of Context", res.Tokens, budget)
	}
	if !res.Truncated || res.Omitted != (Omitted{Count: 1, Tokens: cost["mem_2"]}) {
		t.Errorf("truncated %v omitted %+v; want true, {1 %d}", res.Truncated, res.Omitted, cost["mem_2"])
	}
	wantCtx := ContextHeader
	for _, id := range []string{"mem_1", "mem_3", "mem_4"} {
		wantCtx += renderLine(rankOf(id), g.mems[id], docInfo{}, false)
	}
	if res.Context != wantCtx {
		t.Errorf("Context is not the header and the whole lines:\n%q", res.Context)
	}
	if got := []int{res.Items[0].Rank, res.Items[1].Rank, res.Items[2].Rank}; !cmp.Equal(got, []int{1, 3, 4}) {
		t.Errorf("ranks %v, want [1 3 4]", got)
	}

	// One token less: mem_4, the last that fits, goes too; nothing is cut.
	res, err = s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}, Budget: budget - 1})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"mem_1", "mem_3"}, contextIDs(res.Items)); diff != "" {
		t.Errorf("budget-1 items (-want +got):\n%s", diff)
	}
	if res.Omitted != (Omitted{Count: 2, Tokens: cost["mem_2"] + cost["mem_4"]}) || res.Tokens != h+cost["mem_1"]+cost["mem_3"] {
		t.Errorf("budget-1: tokens %d omitted %+v", res.Tokens, res.Omitted)
	}
}

func TestContextBudgetBelowSmallestItem(t *testing.T) {
	g := newFakeGraph()
	for i := range 3 {
		id := fmt.Sprintf("mem_%d", i)
		g.mems[id] = mem(id, strings.Repeat("A claim long enough to need more than fifty tokens on its own line. ", 2))
		g.lexical = append(g.lexical, id)
	}
	s := newSearcher(g, &fakeVectors{}, newClock())
	res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}, Budget: MinBudget})
	if err != nil {
		t.Fatal(err)
	}
	_, cost := lineCosts(t, g, "mem_0")
	if res.Context != "" || res.Tokens != 0 || len(res.Items) != 0 || res.Items == nil {
		t.Errorf("got context %q, %d tokens, %d items; want an empty context", res.Context, res.Tokens, len(res.Items))
	}
	if !res.Truncated || res.Omitted != (Omitted{Count: 3, Tokens: 3 * cost["mem_0"]}) {
		t.Errorf("truncated %v omitted %+v; want true, {3 %d}", res.Truncated, res.Omitted, 3*cost["mem_0"])
	}
	if res.NextCursor != "" {
		t.Error("an empty page offered a next page; a larger budget is what helps")
	}
}

func TestContextHugeBudgetAndDefaults(t *testing.T) {
	g := pagedFixture()
	s := newSearcher(g, pagedVectors(), newClock())
	res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}, Budget: MaxBudget})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 25 || res.Truncated || res.Omitted != (Omitted{}) || res.NextCursor != "" || res.Budget != MaxBudget {
		t.Errorf("items %d truncated %v omitted %+v cursor %q budget %d; want all 25, nothing left out", len(res.Items), res.Truncated, res.Omitted, res.NextCursor, res.Budget)
	}
	sum := cl100k(t).Count(ContextHeader)
	for _, it := range res.Items {
		sum += it.Tokens
	}
	if res.Tokens != sum || res.Tokens != cl100k(t).Count(res.Context) {
		t.Errorf("Tokens %d, sum of lines %d, count of Context %d: all three must agree", res.Tokens, sum, cl100k(t).Count(res.Context))
	}

	res, err = s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}})
	if err != nil || res.Budget != DefaultBudget {
		t.Errorf("default budget %d (%v), want %d", res.Budget, err, DefaultBudget)
	}
	s.Budget = 1500
	res, err = s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}})
	if err != nil || res.Budget != 1500 {
		t.Errorf("configured budget %d (%v), want 1500", res.Budget, err)
	}
	res, err = s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q", Limit: 3}, Budget: MaxBudget})
	if err != nil || len(res.Items) != 3 || res.Omitted.Count != 22 || !res.Truncated || res.NextCursor == "" {
		t.Errorf("limit 3: %d items, omitted %+v, cursor %q (%v); want 3, 22 omitted, a cursor", len(res.Items), res.Omitted, res.NextCursor, err)
	}
}

func TestContextNothingMatches(t *testing.T) {
	s := newSearcher(newFakeGraph(), &fakeVectors{}, newClock())
	res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "zebra"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Context != "" || res.Tokens != 0 || res.Items == nil || len(res.Items) != 0 || res.Truncated || res.NextCursor != "" || res.Tokenizer != "cl100k_base" {
		t.Errorf("got %+v, want an empty, untruncated context", res)
	}
}

func TestContextHistory(t *testing.T) {
	old := mem("mem_old", "We use MySQL.")
	old.State = schema.StateSuperseded
	cur := mem("mem_new", "We use Postgres.")
	cur.SupersedesID = "mem_old"
	g := newFakeGraph(old, cur)
	g.lexical = []string{"mem_old", "mem_new"}
	s := newSearcher(g, &fakeVectors{}, newClock())
	res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "database"}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"mem_new"}, contextIDs(res.Items)); diff != "" || strings.Contains(res.Context, "MySQL") {
		t.Errorf("current truth only (-want +got):\n%s\n%s", diff, res.Context)
	}
	res, err = s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "database", IncludeHistory: true}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"mem_old", "mem_new"}, contextIDs(res.Items)); diff != "" {
		t.Errorf("with history (-want +got):\n%s", diff)
	}
	for _, s := range []string{`SUPERSEDED: no longer current · "We use MySQL."`, `(replaces mem_old)`} {
		if !strings.Contains(res.Context, s) {
			t.Errorf("context lacks %q:\n%s", s, res.Context)
		}
	}
}

func TestContextProvenanceUnavailable(t *testing.T) {
	m := mem("mem_1", "Alice prefers tea.")
	m.DocumentID = "doc_1"
	g := newFakeGraph(m)
	g.lexical = []string{"mem_1"}
	g.documentErr = fmt.Errorf("neo4j: %w", schema.ErrUnavailable)
	s := newSearcher(g, &fakeVectors{}, newClock())
	res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "tea"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 1 || res.Items[0].Memory.DocumentID != "doc_1" || !strings.Contains(res.Context, "[1] ") ||
		!res.Diagnostics.Degraded || !strings.Contains(strings.Join(res.Diagnostics.Reasons, "|"), "provenance incomplete") {
		t.Errorf("want the memory, its document id on the item and a provenance reason; got %q, %+v, %+v", res.Context, res.Items, res.Diagnostics)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g.documentErr = context.Canceled
	if _, err := s.Context(ctx, owner, ContextQuery{Query: Query{Text: "tea"}}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v, want context.Canceled", err)
	}
}

func TestContextPaging(t *testing.T) {
	g := packFixture()
	for i := 5; i <= 12; i++ {
		id := fmt.Sprintf("mem_%d", i)
		g.mems[id] = mem(id, strings.Repeat("More words. ", i))
		g.lexical = append(g.lexical, id)
	}
	s := newSearcher(g, &fakeVectors{}, newClock())
	full, err := s.Search(context.Background(), owner, Query{Text: "q", Limit: MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	searches := g.searches

	seen := map[string]bool{}
	var order []string
	q := ContextQuery{Query: Query{Text: "q"}, Budget: 90}
	for page := 1; ; page++ {
		if page > 20 {
			t.Fatal("paging does not end")
		}
		res, err := s.Context(context.Background(), owner, q)
		if err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
		if res.Tokens > q.Budget || res.Tokens != cl100k(t).Count(res.Context) {
			t.Fatalf("page %d: %d tokens for a budget of %d", page, res.Tokens, q.Budget)
		}
		for _, it := range res.Items {
			if seen[it.Memory.ID] {
				t.Errorf("page %d repeats %s", page, it.Memory.ID)
			}
			seen[it.Memory.ID] = true
			order = append(order, it.Memory.ID)
			want := full.Items[it.Rank-1]
			if want.Memory.ID != it.Memory.ID || want.Score != it.Score || want.Breakdown != it.Breakdown {
				t.Errorf("page %d: %s at rank %d with score %v; the ranking has %s with %v", page, it.Memory.ID, it.Rank, it.Score, want.Memory.ID, want.Score)
			}
		}
		if page == 1 {
			g.mu.Lock()
			g.lexical = nil // later pages read the snapshot, not the graph
			g.mu.Unlock()
		}
		if res.NextCursor == "" {
			if len(seen) != len(full.Items) {
				// Only an over-long item may be left: raise the budget for it.
				q.Budget = MaxBudget
				res, err = s.Context(context.Background(), owner, q)
				if err != nil {
					t.Fatal(err)
				}
				for _, it := range res.Items {
					seen[it.Memory.ID] = true
				}
			}
			break
		}
		q.Cursor = res.NextCursor
	}
	if len(seen) != len(full.Items) {
		t.Errorf("pages drew on %d of %d memories: %v", len(seen), len(full.Items), order)
	}
	if !seen["mem_2"] {
		t.Error("the long memory never came")
	}
	if g.searches != searches+1 {
		t.Errorf("paging ran the search %d times, want once", g.searches-searches)
	}
}

func TestContextDeterministic(t *testing.T) {
	g := pagedFixture()
	s := newSearcher(g, pagedVectors(), newClock())
	q := ContextQuery{Query: Query{Text: "q"}, Budget: 200}
	a, err := s.Context(context.Background(), owner, q)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		b, err := s.Context(context.Background(), owner, q)
		if err != nil {
			t.Fatal(err)
		}
		a.NextCursor, b.NextCursor = "", "" // distinct snapshots
		if diff := cmp.Diff(a, b); diff != "" {
			t.Fatalf("same call, different context (-first +again):\n%s", diff)
		}
	}
}

// TestContextTokensAddUp checks, over messy claims, that a context's
// count is the header's plus its lines': the property packing relies on.
func TestContextTokensAddUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("abcXYZ019 .,;:'\"!?-()[]{}<>/\\\n\t  éüßñ日本語한국어Привет😀—“”…\u00a0\u2003\r")
	g := newFakeGraph()
	for i := range 60 {
		id := fmt.Sprintf("mem_%02d", i)
		r := make([]rune, 1+rng.IntN(120))
		for j := range r {
			r[j] = alphabet[rng.IntN(len(alphabet))]
		}
		m := mem(id, string(r))
		m.Excerpt = string(r[:len(r)/2]) + "…and more]"
		m.DocumentID = "doc_" + id
		g.mems[id] = m
		g.docs[m.DocumentID] = schema.Document{Source: string(r[len(r)/2:])}
		g.lexical = append(g.lexical, id)
	}
	s := newSearcher(g, &fakeVectors{}, newClock())
	c := cl100k(t)
	for _, budget := range []int{MinBudget, 300, 1000, MaxBudget} {
		res, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}, Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		if len(res.Items) > 0 {
			sum = c.Count(ContextHeader)
		}
		for _, it := range res.Items {
			sum += it.Tokens
		}
		if got := c.Count(res.Context); got != sum || res.Tokens != got || got > budget {
			t.Errorf("budget %d: count of Context %d, sum of parts %d, Tokens %d", budget, got, sum, res.Tokens)
		}
		if len(res.Items)+res.Omitted.Count != 60 { // every candidate
			t.Errorf("budget %d: %d items + %d omitted, want the 60 candidates", budget, len(res.Items), res.Omitted.Count)
		}
	}
}

func TestContextMisconfiguredBudget(t *testing.T) {
	s := newSearcher(pagedFixture(), &fakeVectors{}, newClock())
	s.Budget = 10
	_, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}})
	if err == nil || errors.Is(err, schema.ErrInvalid) {
		t.Errorf("error %v; want an internal error (not the caller's fault)", err)
	}
	if _, err := s.Context(context.Background(), owner, ContextQuery{Query: Query{Text: "q"}, Budget: 500}); err != nil {
		t.Errorf("an explicit budget should not need the default: %v", err)
	}
}
