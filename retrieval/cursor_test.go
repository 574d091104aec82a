package retrieval

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/schema"
)

// pagedFixture has 25 memories, ranked lexically mem_01 … mem_25 and by
// vector in reverse for the odd ones, so scores vary and ties occur.
func pagedFixture() *fakeGraph {
	g := newFakeGraph()
	for i := 1; i <= 25; i++ {
		id := fmt.Sprintf("mem_%02d", i)
		g.mems[id] = mem(id, "claim "+id)
		g.lexical = append(g.lexical, id)
	}
	return g
}

func pagedVectors() *fakeVectors {
	v := &fakeVectors{}
	for i := 25; i >= 1; i -= 2 {
		v.ranking = append(v.ranking, fmt.Sprintf("mem_%02d", i))
	}
	return v
}

func TestSearchPaging(t *testing.T) {
	g := pagedFixture()
	s := newSearcher(g, pagedVectors(), newClock())
	ctx := context.Background()
	full, err := s.Search(ctx, owner, Query{Text: "q", Limit: MaxLimit})
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Items) != 25 || full.NextCursor != "" {
		t.Fatalf("full ranking: %d items, cursor %q; want 25 and none", len(full.Items), full.NextCursor)
	}
	searches := g.searches

	var got []Item
	q := Query{Text: "q", Limit: 10}
	pages := 0
	for {
		res, err := s.Search(ctx, owner, q)
		if err != nil {
			t.Fatalf("page %d: %v", pages+1, err)
		}
		pages++
		got = append(got, res.Items...)
		if pages == 1 {
			// Change the world after the first page: later pages must
			// still read the snapshot.
			g.mu.Lock()
			g.lexical = []string{"mem_25"}
			delete(g.mems, "mem_15")
			g.mu.Unlock()
		}
		if res.NextCursor == "" {
			break
		}
		q.Cursor = res.NextCursor
		if pages == 2 {
			q.Limit = 3 // the page size may change between pages
		}
	}
	if pages != 4 { // 10 + 10 + 3 + 2
		t.Errorf("%d pages, want 4", pages)
	}
	if diff := cmp.Diff(full.Items, got); diff != "" {
		t.Errorf("pages differ from the full ranking (-full +pages):\n%s", diff)
	}
	if g.searches != searches+1 {
		t.Errorf("paging ran the full-text search %d times, want once", g.searches-searches)
	}
}

func TestCursorRefused(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := newSearcher(pagedFixture(), pagedVectors(), clk)
	first, err := s.Search(ctx, owner, Query{Text: "q", Limit: 5})
	if err != nil || first.NextCursor == "" {
		t.Fatalf("first page: %v, cursor %q", err, first.NextCursor)
	}
	cur := first.NextCursor
	cctx, err := s.Context(ctx, owner, ContextQuery{Query: Query{Text: "q"}, Budget: MinBudget + 30})
	if err != nil || cctx.NextCursor == "" {
		t.Fatalf("context page: %v, cursor %q", err, cctx.NextCursor)
	}

	flip := func(c string) string {
		b, _ := base64.RawURLEncoding.DecodeString(c)
		b[40] ^= 1 // inside the query tag
		return base64.RawURLEncoding.EncodeToString(b)
	}
	otherKey, _ := NewCursorCodec(CursorConfig{Key: []byte("fedcba9876543210fedcba9876543210"), Now: clk.now})
	tests := []struct {
		name   string
		s      *Searcher
		owner  schema.Owner
		q      Query
		reason CursorReason
		msg    string
	}{
		{name: "not base64", owner: owner, q: Query{Text: "q", Cursor: "!!not a cursor!!"}, reason: CursorMalformed},
		{name: "too short", owner: owner, q: Query{Text: "q", Cursor: cur[:20]}, reason: CursorMalformed},
		{name: "tampered", owner: owner, q: Query{Text: "q", Cursor: flip(cur)}, reason: CursorTampered},
		{name: "signed with another key", s: &Searcher{Graph: pagedFixture(), Cursors: otherKey}, owner: owner, q: Query{Text: "q", Cursor: cur}, reason: CursorTampered},
		{name: "another owner", owner: "mallory", q: Query{Text: "q", Cursor: cur}, reason: CursorForeign, msg: "invalid input: the cursor belongs to another account; run the search again without it"},
		{name: "different query", owner: owner, q: Query{Text: "other", Cursor: cur}, reason: CursorOtherQuery},
		{name: "different include_history", owner: owner, q: Query{Text: "q", IncludeHistory: true, Cursor: cur}, reason: CursorOtherQuery},
		{name: "context cursor in search", owner: owner, q: Query{Text: "q", Cursor: cctx.NextCursor}, reason: CursorOtherCall},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srch := s
			if tt.s != nil {
				srch = tt.s
			}
			_, err := srch.Search(ctx, tt.owner, tt.q)
			assertCursorErr(t, err, tt.reason)
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("message %q, want %q", err.Error(), tt.msg)
			}
		})
	}
	t.Run("search cursor in context", func(t *testing.T) {
		_, err := s.Context(ctx, owner, ContextQuery{Query: Query{Text: "q", Cursor: cur}})
		assertCursorErr(t, err, CursorOtherCall)
	})
	t.Run("still good", func(t *testing.T) {
		if _, err := s.Search(ctx, owner, Query{Text: "q", Cursor: cur}); err != nil {
			t.Fatalf("a valid cursor was refused: %v", err)
		}
	})
	t.Run("expired", func(t *testing.T) {
		clk.advance(SnapshotTTL - time.Millisecond)
		if _, err := s.Search(ctx, owner, Query{Text: "q", Cursor: cur}); err != nil {
			t.Fatalf("refused 1 ms before expiry: %v", err)
		}
		clk.advance(time.Millisecond)
		_, err := s.Search(ctx, owner, Query{Text: "q", Cursor: cur})
		assertCursorErr(t, err, CursorExpired)
		if want := "invalid input: the cursor has expired; run the search again"; err.Error() != want {
			t.Errorf("message %q, want %q", err.Error(), want)
		}
		_, err = s.Context(ctx, owner, ContextQuery{Query: Query{Text: "q", Cursor: cctx.NextCursor}})
		assertCursorErr(t, err, CursorExpired)
	})
}

func assertCursorErr(t *testing.T, err error, want CursorReason) {
	t.Helper()
	if !errors.Is(err, schema.ErrInvalid) {
		t.Fatalf("error = %v, want one wrapping schema.ErrInvalid", err)
	}
	var ce *CursorError
	if !errors.As(err, &ce) || ce.Reason != want {
		t.Fatalf("error = %v, want a *CursorError with reason %q", err, want)
	}
}

func TestCursorSnapshotEvicted(t *testing.T) {
	clk := newClock()
	codec, err := NewCursorCodec(CursorConfig{Key: testKey, Capacity: 1, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	s := &Searcher{Graph: pagedFixture(), Cursors: codec}
	ctx := context.Background()
	a, err := s.Search(ctx, owner, Query{Text: "a", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Search(ctx, owner, Query{Text: "b", Limit: 5}); err != nil {
		t.Fatal(err)
	}
	if n := codec.snaps.len(); n != 1 {
		t.Errorf("%d snapshots held, want 1 (the capacity)", n)
	}
	_, err = s.Search(ctx, owner, Query{Text: "a", Cursor: a.NextCursor})
	assertCursorErr(t, err, CursorExpired)
}

func TestSnapshotCacheExpiresAndEvicts(t *testing.T) {
	c := newSnapshotCache(2)
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	snap := func(b byte, ttl time.Duration) *snapshot {
		return &snapshot{id: tag{b}, expires: t0.Add(ttl)}
	}
	c.put(snap(1, time.Minute), t0)
	c.put(snap(2, time.Hour), t0)
	if c.get(tag{1}, t0) == nil { // 1 is now the most recently used
		t.Fatal("snapshot 1 missing")
	}
	c.put(snap(3, time.Hour), t0) // evicts 2, the least recently used
	if c.get(tag{2}, t0) != nil || c.get(tag{1}, t0) == nil || c.get(tag{3}, t0) == nil {
		t.Error("LRU eviction dropped the wrong snapshot")
	}
	if c.get(tag{1}, t0.Add(time.Minute)) != nil {
		t.Error("snapshot 1 served at its expiry")
	}
	c.put(snap(4, time.Hour), t0.Add(2*time.Hour)) // sweeps 3, expired
	if n := c.len(); n != 1 {
		t.Errorf("%d snapshots after the sweep, want 1", n)
	}
}

func TestCursorConfigValidate(t *testing.T) {
	for _, c := range []CursorConfig{{Key: []byte("short")}, {TTL: -time.Second}, {Capacity: -1}} {
		if _, err := NewCursorCodec(c); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("NewCursorCodec(%+v) = %v, want schema.ErrInvalid", c, err)
		}
	}
	a, err := NewCursorCodec(CursorConfig{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewCursorCodec(CursorConfig{})
	if string(a.key) == string(b.key) || len(a.key) != CursorKeyBytes {
		t.Error("default keys are not fresh random keys of CursorKeyBytes")
	}
}

func TestBitmap(t *testing.T) {
	var b bitmap
	for _, i := range []int{0, 3, 9, 17} {
		b.set(i)
	}
	for i := range 24 {
		want := i == 0 || i == 3 || i == 9 || i == 17
		if b.has(i) != want {
			t.Errorf("has(%d) = %v", i, b.has(i))
		}
	}
	if b.has(-1) || b.has(1000) {
		t.Error("out-of-range bits set")
	}
	if got := append(bitmap{1, 0, 0}, 0).trim(); len(got) != 1 {
		t.Errorf("trim kept %d bytes", len(got))
	}
}
