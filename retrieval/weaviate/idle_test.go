package weaviate

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/retrieval/vectortest"
	"github.com/persistmemory/persistmemory/schema"
)

// openIdle opens a collection of the real Weaviate of its own, dropped
// when the test ends.
func openIdle(t *testing.T) *Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	s, err := Open(ctx, Config{URL: testenv.Get("WEAVIATE_URL"), GRPC: testenv.Get("WEAVIATE_GRPC"), Collection: vectortest.UniqueCollection()})
	if errors.Is(err, schema.ErrUnavailable) {
		testenv.Unavailable(t, "weaviate at %s: %v", testenv.Get("WEAVIATE_URL"), err)
	}
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Drop(context.Background()) })
	if err := s.Ensure(t.Context(), "idle-test", 3); err != nil {
		t.Fatal(err)
	}
	return s
}

// tenantStatus returns owner's tenant's activity status.
func tenantStatus(t *testing.T, s *Store, owner schema.Owner) string {
	t.Helper()
	ts, err := s.client.Schema().TenantsGetter().WithClassName(s.collection).Do(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range ts {
		if x.Name == tenantName(owner) {
			return x.ActivityStatus
		}
	}
	t.Fatalf("no tenant for %s", owner)
	return ""
}

// TestIdleTenantsAreDeactivated: against the real Weaviate, tenants this
// process has not used for the idle time are deactivated (their shards
// closed), a tenant used within it is not, and a deactivated owner's
// vectors are read and written again as before: the first use activates
// the tenant.
func TestIdleTenantsAreDeactivated(t *testing.T) {
	s := openIdle(t)
	ctx := t.Context()
	a, b := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
	for _, o := range []schema.Owner{a, b} {
		if err := s.Upsert(ctx, o, []retrieval.VectorRecord{{ID: "m1", Vector: []float32{1, 0, 0}}}); err != nil {
			t.Fatal(err)
		}
	}
	// A fresh process knows none of them. With no more active tenants
	// than it keeps, its first pass leaves them; with more, it
	// deactivates both.
	two, one := 2, 1
	fresh := &Store{client: s.client, collection: s.collection, log: s.log, keepActive: &two}
	if n, err := fresh.DeactivateIdle(ctx, time.Hour); err != nil || n != 0 {
		t.Fatalf("first pass of a fresh process, 2 active tenants, keeping 2: %d deactivated, %v; want none", n, err)
	}
	fresh = &Store{client: s.client, collection: s.collection, log: s.log, keepActive: &one}
	if n, err := fresh.DeactivateIdle(ctx, time.Hour); err != nil || n != 2 {
		t.Fatalf("first pass of a fresh process, 2 active tenants, keeping 1: %d deactivated, %v; want both owners", n, err)
	}
	for _, o := range []schema.Owner{a, b} {
		if got := tenantStatus(t, s, o); active(got) {
			t.Errorf("tenant of %s is %s after the pass, want inactive", o, got)
		}
	}
	hits, err := s.Search(ctx, a, []float32{1, 0, 0}, 5)
	if err != nil || len(hits) != 1 || hits[0].ID != "m1" {
		t.Fatalf("search of a deactivated owner = %+v, %v; want m1: the read activates the tenant", hits, err)
	}
	if got := tenantStatus(t, s, a); !active(got) {
		t.Errorf("tenant of the owner just searched is %s, want active", got)
	}
	if err := s.Upsert(ctx, b, []retrieval.VectorRecord{{ID: "m2", Vector: []float32{0, 1, 0}}}); err != nil {
		t.Fatalf("write to a deactivated owner: %v", err)
	}
	// Both were just used: a pass with an idle time of an hour keeps them
	// (this store's first pass: the collection's 2 active tenants are
	// fewer than it keeps, and its own were used just now).
	if n, err := s.DeactivateIdle(ctx, time.Hour); err != nil || n != 0 {
		t.Fatalf("pass after use: %d deactivated, %v; want none", n, err)
	}
	if n, err := s.DeactivateIdle(ctx, 0); err != nil || n != 2 {
		t.Fatalf("pass with no idle time: %d deactivated, %v; want 2", n, err)
	}
	hits, err = s.Search(ctx, b, []float32{0, 1, 0}, 5)
	if err != nil || len(hits) != 2 || hits[0].ID != "m2" {
		t.Fatalf("search after a second deactivation = %+v, %v; want m2 then m1", hits, err)
	}
}

// TestIdlerSparesOperationsInFlight: a tenant with an operation in flight
// is not deactivated, however long ago it was first used.
func TestIdlerSparesOperationsInFlight(t *testing.T) {
	s := openIdle(t)
	zero := 0
	s.keepActive = &zero
	ctx := t.Context()
	a := schema.Owner(schema.NewID("usr_"))
	if err := s.Upsert(ctx, a, []retrieval.VectorRecord{{ID: "m1", Vector: []float32{1, 0, 0}}}); err != nil {
		t.Fatal(err)
	}
	done := s.use(tenantName(a))
	if n, err := s.DeactivateIdle(ctx, 0); err != nil || n != 0 {
		t.Fatalf("pass with an operation in flight: %d deactivated, %v; want none", n, err)
	}
	done()
	if n, err := s.DeactivateIdle(ctx, 0); err != nil || n != 1 {
		t.Fatalf("pass after it ended: %d deactivated, %v; want 1", n, err)
	}
}
