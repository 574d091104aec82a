package vectortest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// Dropper is an optional capability of a VectorStore: Drop removes the
// store's collection and every vector in it. Run uses it to clean up each
// subtest's collection.
type Dropper interface {
	Drop(ctx context.Context) error
}

// Model and Dims are what the suite passes to Ensure.
const (
	Model = "vectortest-model"
	Dims  = 4
)

// OtherModel is the model the conflict test asks for.
const OtherModel = "vectortest-other-model"

// callTimeout bounds every store call the suite makes.
const callTimeout = 30 * time.Second

// Opener opens a store on the named collection. It ends the test itself
// (testenv.Unavailable) when the backend cannot be reached.
type Opener func(t *testing.T, collection string) retrieval.VectorStore

// Run runs the VectorStore contract against the stores open returns. Each
// subtest runs in parallel on a unique collection (a valid Weaviate class
// name: "Vectortest" and hex), ensured with Model and Dims, and dropped in
// t.Cleanup when the store implements Dropper.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s retrieval.VectorStore)
	}{
		{"EnsureIdempotent", testEnsureIdempotent},
		{"EnsureOtherModelConflicts", testEnsureOtherModel},
		{"SearchOrder", testSearchOrder},
		{"UpsertReplaces", testUpsertReplaces},
		{"OwnerIsolation", testOwnerIsolation},
		{"Delete", testDelete},
		{"Limit", testLimit},
		{"NewOwnerEmpty", testNewOwnerEmpty},
		{"InvalidInput", testInvalidInput},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := openFresh(t, open)
			tc.fn(t, s)
		})
	}
}

func openFresh(t *testing.T, open Opener) retrieval.VectorStore {
	t.Helper()
	collection := UniqueCollection()
	s := open(t, collection)
	if d, ok := s.(Dropper); ok {
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
			defer cancel()
			if err := d.Drop(ctx); err != nil {
				t.Errorf("drop collection %s: %v", collection, err)
			}
		})
	} else {
		t.Logf("store does not implement vectortest.Dropper; collection %s is left behind", collection)
	}
	ensure(t, s, Model, Dims)
	return s
}

// UniqueCollection returns a fresh collection name, valid for Weaviate.
func UniqueCollection() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return "Vectortest" + hex.EncodeToString(b[:])
}

// UniqueOwner returns a fresh owner id with characters a tenant name may not
// hold, so backends that derive tenants from owners are exercised.
func UniqueOwner(prefix string) schema.Owner {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return schema.Owner(prefix + ".user@" + hex.EncodeToString(b[:]))
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), callTimeout)
	t.Cleanup(cancel)
	return ctx
}

func ensure(t *testing.T, s retrieval.VectorStore, model string, dims int) {
	t.Helper()
	if err := s.Ensure(ctxT(t), model, dims); err != nil {
		t.Fatalf("Ensure(%q, %d): %v", model, dims, err)
	}
}

func upsert(t *testing.T, s retrieval.VectorStore, owner schema.Owner, recs ...retrieval.VectorRecord) {
	t.Helper()
	if err := s.Upsert(ctxT(t), owner, recs); err != nil {
		t.Fatalf("Upsert(%s): %v", owner, err)
	}
}

func search(t *testing.T, s retrieval.VectorStore, owner schema.Owner, v []float32, limit int) []retrieval.VectorHit {
	t.Helper()
	hits, err := s.Search(ctxT(t), owner, v, limit)
	if err != nil {
		t.Fatalf("Search(%s, %v, %d): %v", owner, v, limit, err)
	}
	return hits
}

func rec(id string, v ...float32) retrieval.VectorRecord {
	return retrieval.VectorRecord{ID: id, Vector: v, Text: "text of " + id}
}

// cosine is the expected score of a against b.
func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
}

// scoreTolerance absorbs float32 arithmetic in the backend.
var scoreTolerance = cmpopts.EquateApprox(0, 1e-4)

func ids(hits []retrieval.VectorHit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

func testEnsureIdempotent(t *testing.T, s retrieval.VectorStore) {
	// openFresh ensured once already; again, and again with data in it.
	ensure(t, s, Model, Dims)
	owner := UniqueOwner("a")
	upsert(t, s, owner, rec("mem_1", 1, 0, 0, 0))
	ensure(t, s, Model, Dims)
	if got := ids(search(t, s, owner, []float32{1, 0, 0, 0}, 5)); !cmp.Equal(got, []string{"mem_1"}) {
		t.Errorf("after repeated Ensure, search = %v, want [mem_1]", got)
	}
}

func testEnsureOtherModel(t *testing.T, s retrieval.VectorStore) {
	for _, tc := range []struct {
		model string
		dims  int
	}{
		{OtherModel, Dims},
		{Model, Dims + 1},
		{OtherModel, 2 * Dims},
	} {
		err := s.Ensure(ctxT(t), tc.model, tc.dims)
		if !errors.Is(err, schema.ErrConflict) {
			t.Errorf("Ensure(%q, %d) on a %q collection: err = %v, want one wrapping schema.ErrConflict", tc.model, tc.dims, Model, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, Model) || !strings.Contains(msg, tc.model) {
			t.Errorf("Ensure(%q, %d) error %q does not name both models", tc.model, tc.dims, msg)
		}
	}
	// The conflict changed nothing: the original model still works.
	ensure(t, s, Model, Dims)
}

func testSearchOrder(t *testing.T, s retrieval.VectorStore) {
	owner := UniqueOwner("a")
	q := []float32{1, 0, 0, 0}
	recs := []retrieval.VectorRecord{
		rec("mem_far", 0, 0, 1, 0),       // orthogonal: 0
		rec("mem_exact", 2, 0, 0, 0),     // same direction, other length: 1
		rec("mem_near", 1, 0.2, 0, 0),    // ~0.98
		rec("mem_mid", 1, 1, 0, 0),       // ~0.707
		rec("mem_tie_b", 1, 0, 1, 0),     // ~0.707 (tie with mem_tie_a)
		rec("mem_tie_a", 1, 0, -1, 0),    // ~0.707
		rec("mem_opposite", -1, 0, 0, 0), // -1
	}
	upsert(t, s, owner, recs...)
	hits := search(t, s, owner, q, 10)
	want := []retrieval.VectorHit{
		{ID: "mem_exact", Score: 1},
		{ID: "mem_near", Score: cosine(q, recs[2].Vector)},
		{ID: "mem_mid", Score: cosine(q, recs[3].Vector)},
		{ID: "mem_tie_a", Score: cosine(q, recs[5].Vector)},
		{ID: "mem_tie_b", Score: cosine(q, recs[4].Vector)},
		{ID: "mem_far", Score: 0},
		{ID: "mem_opposite", Score: -1},
	}
	// mem_mid and the two ties have the same similarity; the contract orders
	// equal scores by id, which the backend's float arithmetic may perturb
	// only below scoreTolerance. Compare scores approximately and the order
	// of the unambiguous hits exactly.
	if diff := cmp.Diff(want, hits, scoreTolerance, cmpopts.SortSlices(func(a, b retrieval.VectorHit) bool { return a.ID < b.ID })); diff != "" {
		t.Fatalf("search hits (-want +got):\n%s", diff)
	}
	got := ids(hits)
	if got[0] != "mem_exact" || got[1] != "mem_near" || got[5] != "mem_far" || got[6] != "mem_opposite" {
		t.Errorf("search order = %v, want mem_exact, mem_near, the three 0.707 hits, mem_far, mem_opposite", got)
	}
	for i := 1; i < len(hits); i++ {
		a, b := hits[i-1], hits[i]
		if a.Score < b.Score || (a.Score == b.Score && a.ID > b.ID) {
			t.Errorf("hits %d and %d out of order: %+v before %+v", i-1, i, a, b)
		}
	}
}

func testUpsertReplaces(t *testing.T, s retrieval.VectorStore) {
	owner := UniqueOwner("a")
	upsert(t, s, owner, rec("mem_1", 1, 0, 0, 0), rec("mem_2", 0, 1, 0, 0))
	// Rewrite mem_1 pointing elsewhere.
	upsert(t, s, owner, rec("mem_1", 0, 0, 0, 1))
	hits := search(t, s, owner, []float32{0, 0, 0, 1}, 10)
	want := []retrieval.VectorHit{{ID: "mem_1", Score: 1}, {ID: "mem_2", Score: 0}}
	if diff := cmp.Diff(want, hits, scoreTolerance); diff != "" {
		t.Errorf("after rewrite (-want +got):\n%s", diff)
	}
	// The same id twice in one call: the last record wins.
	upsert(t, s, owner, rec("mem_3", 1, 0, 0, 0), rec("mem_3", 0, 0, 1, 0))
	hits = search(t, s, owner, []float32{0, 0, 1, 0}, 1)
	if diff := cmp.Diff([]retrieval.VectorHit{{ID: "mem_3", Score: 1}}, hits, scoreTolerance); diff != "" {
		t.Errorf("duplicate id in one upsert (-want +got):\n%s", diff)
	}
	if n := len(search(t, s, owner, []float32{1, 1, 1, 1}, 10)); n != 3 {
		t.Errorf("owner has %d vectors, want 3 (mem_1, mem_2, mem_3)", n)
	}
}

func testOwnerIsolation(t *testing.T, s retrieval.VectorStore) {
	a, b := UniqueOwner("a"), UniqueOwner("b")
	v := []float32{0.5, 0.5, 0.5, 0.5}
	// Same memory id and identical vectors for both owners.
	upsert(t, s, a, rec("mem_shared", v...), rec("mem_a_only", v...))
	if hits := search(t, s, b, v, 10); len(hits) != 0 {
		t.Fatalf("owner B sees %v before writing anything, want nothing", hits)
	}
	upsert(t, s, b, rec("mem_shared", v...))
	if got := ids(search(t, s, b, v, 10)); !cmp.Equal(got, []string{"mem_shared"}) {
		t.Errorf("owner B sees %v, want only its own [mem_shared]", got)
	}
	if got := ids(search(t, s, a, v, 10)); !cmp.Equal(got, []string{"mem_a_only", "mem_shared"}) {
		t.Errorf("owner A sees %v, want [mem_a_only mem_shared]", got)
	}
	// B deleting the shared id leaves A's copy alone.
	if err := s.Delete(ctxT(t), b, []string{"mem_shared", "mem_a_only"}); err != nil {
		t.Fatalf("Delete as B: %v", err)
	}
	if got := ids(search(t, s, a, v, 10)); !cmp.Equal(got, []string{"mem_a_only", "mem_shared"}) {
		t.Errorf("after B's delete owner A sees %v, want [mem_a_only mem_shared]", got)
	}
	if hits := search(t, s, b, v, 10); len(hits) != 0 {
		t.Errorf("after its delete owner B sees %v, want nothing", hits)
	}
}

func testDelete(t *testing.T, s retrieval.VectorStore) {
	owner := UniqueOwner("a")
	upsert(t, s, owner, rec("mem_1", 1, 0, 0, 0), rec("mem_2", 0, 1, 0, 0), rec("mem_3", 0, 0, 1, 0))
	if err := s.Delete(ctxT(t), owner, []string{"mem_1", "mem_3", "mem_missing"}); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if got := ids(search(t, s, owner, []float32{1, 1, 1, 1}, 10)); !cmp.Equal(got, []string{"mem_2"}) {
		t.Errorf("after delete search = %v, want [mem_2]", got)
	}
	// Deleting nothing, deleting again, and deleting for an owner who never
	// wrote anything are no-ops.
	for _, tc := range []struct {
		owner schema.Owner
		ids   []string
	}{
		{owner, nil},
		{owner, []string{"mem_1"}},
		{UniqueOwner("nobody"), []string{"mem_2"}},
	} {
		if err := s.Delete(ctxT(t), tc.owner, tc.ids); err != nil {
			t.Errorf("Delete(%s, %v): %v", tc.owner, tc.ids, err)
		}
	}
	if got := ids(search(t, s, owner, []float32{1, 1, 1, 1}, 10)); !cmp.Equal(got, []string{"mem_2"}) {
		t.Errorf("after no-op deletes search = %v, want [mem_2]", got)
	}
}

func testLimit(t *testing.T, s retrieval.VectorStore) {
	owner := UniqueOwner("a")
	var recs []retrieval.VectorRecord
	for i := range 12 {
		// Decreasing similarity to (1,0,0,0) as i grows.
		recs = append(recs, rec(fmt.Sprintf("mem_%02d", i), 1, float32(i)/4, 0, 0))
	}
	upsert(t, s, owner, recs...)
	q := []float32{1, 0, 0, 0}
	for _, limit := range []int{1, 3, 12, 50} {
		got := ids(search(t, s, owner, q, limit))
		n := min(limit, len(recs))
		want := ids(nil)
		for i := range n {
			want = append(want, fmt.Sprintf("mem_%02d", i))
		}
		if !cmp.Equal(got, want) {
			t.Errorf("limit %d: got %v, want %v", limit, got, want)
		}
	}
	if hits := search(t, s, owner, q, 0); len(hits) != 0 {
		t.Errorf("limit 0: got %v, want nothing", hits)
	}
}

func testNewOwnerEmpty(t *testing.T, s retrieval.VectorStore) {
	// A store with data for someone else, and an owner never seen.
	upsert(t, s, UniqueOwner("a"), rec("mem_1", 1, 0, 0, 0))
	hits, err := s.Search(ctxT(t), UniqueOwner("new"), []float32{1, 0, 0, 0}, 10)
	if err != nil || len(hits) != 0 {
		t.Errorf("Search for a new owner = %v, %v; want no hits and no error", hits, err)
	}
}

func testInvalidInput(t *testing.T, s retrieval.VectorStore) {
	owner := UniqueOwner("a")
	ctx := ctxT(t)
	checks := []struct {
		name string
		err  error
	}{
		{"upsert with wrong dimension", s.Upsert(ctx, owner, []retrieval.VectorRecord{rec("mem_1", 1, 0, 0)})},
		{"upsert with empty id", s.Upsert(ctx, owner, []retrieval.VectorRecord{rec("", 1, 0, 0, 0)})},
		{"upsert with NaN", s.Upsert(ctx, owner, []retrieval.VectorRecord{rec("mem_1", float32(math.NaN()), 0, 0, 0)})},
		{"upsert with invalid owner", s.Upsert(ctx, "", []retrieval.VectorRecord{rec("mem_1", 1, 0, 0, 0)})},
		{"search with wrong dimension", func() error { _, err := s.Search(ctx, owner, []float32{1, 0}, 3); return err }()},
		{"search with invalid owner", func() error { _, err := s.Search(ctx, "not an owner!", []float32{1, 0, 0, 0}, 3); return err }()},
		{"ensure with empty model", s.Ensure(ctx, "", Dims)},
		{"ensure with zero dims", s.Ensure(ctx, Model, 0)},
	}
	for _, c := range checks {
		if !errors.Is(c.err, schema.ErrInvalid) {
			t.Errorf("%s: err = %v, want one wrapping schema.ErrInvalid", c.name, c.err)
		}
	}
	if hits := search(t, s, owner, []float32{1, 0, 0, 0}, 10); len(hits) != 0 {
		t.Errorf("rejected upserts wrote %v", hits)
	}
}
