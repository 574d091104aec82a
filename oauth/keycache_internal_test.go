package oauth

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// memKeys is a KeyStore in memory that counts look-ups.
type memKeys struct {
	mu    sync.Mutex
	keys  map[string]APIKey // by hash
	reads int
	// during, when set, runs inside APIKeyByHash after the key is read.
	during func()
}

func (m *memKeys) CreateAPIKey(_ context.Context, owner schema.Owner, k APIKey) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.keys == nil {
		m.keys = map[string]APIKey{}
	}
	k.Owner = owner
	m.keys[k.Hash] = k
	return nil
}

func (m *memKeys) APIKeyByHash(_ context.Context, hash string) (APIKey, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reads++
	k, ok := m.keys[hash]
	if !ok || k.RevokedAt != nil {
		return APIKey{}, fmt.Errorf("api key: %w", schema.ErrNotFound)
	}
	if m.during != nil {
		m.during()
	}
	return k, nil
}

func (m *memKeys) RevokeAPIKey(_ context.Context, owner schema.Owner, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for h, k := range m.keys {
		if k.ID == id && k.Owner == owner {
			t := time.Now()
			k.RevokedAt = &t
			m.keys[h] = k
			return nil
		}
	}
	return schema.ErrNotFound
}

func (m *memKeys) readCount() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.reads
}

// TestKeyCache: a verified key is answered from the cache for TTL; a key
// revoked elsewhere stops working once its entry expires, one revoked
// through the Server (forget) at once; unknown keys are never cached.
func TestKeyCache(t *testing.T) {
	ctx := context.Background()
	ks := &memKeys{}
	clock := time.Unix(1_800_000_000, 0)
	c := newKeyCache(30*time.Second, func() time.Time { return clock })
	auth := c.authenticator(ks)
	owner := schema.Owner("usr_cache")
	k, plain, err := NewAPIKey(ctx, ks, owner, "k", clock)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if o, err := auth(ctx, plain); err != nil || o != owner {
			t.Fatalf("live key: %q %v", o, err)
		}
	}
	if n := ks.readCount(); n != 1 {
		t.Fatalf("%d store reads for three uses within the TTL", n)
	}
	// Revoked elsewhere (another process): trusted until the entry expires.
	if err := ks.RevokeAPIKey(ctx, owner, k.ID); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(29 * time.Second)
	if _, err := auth(ctx, plain); err != nil {
		t.Fatalf("within the TTL: %v", err)
	}
	clock = clock.Add(2 * time.Second)
	if _, err := auth(ctx, plain); !errors.Is(err, schema.ErrUnauthenticated) {
		t.Fatalf("past the TTL, a key revoked elsewhere: %v", err)
	}
	// Unknown keys are asked of the store every time.
	before := ks.readCount()
	if _, err := auth(ctx, plain); !errors.Is(err, schema.ErrUnauthenticated) {
		t.Fatal(err)
	}
	if ks.readCount() != before+1 {
		t.Fatal("a revoked key was answered from the cache")
	}
	// Revoked through the Server: forgotten at once.
	k2, plain2, err := NewAPIKey(ctx, ks, owner, "k2", clock)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := auth(ctx, plain2); err != nil {
		t.Fatalf("a new key: %v", err)
	}
	if err := ks.RevokeAPIKey(ctx, owner, k2.ID); err != nil {
		t.Fatal(err)
	}
	c.forget(owner, k2.ID)
	if _, err := auth(ctx, plain2); !errors.Is(err, schema.ErrUnauthenticated) {
		t.Fatalf("a key revoked through the Server: %v", err)
	}
	// A key revoked through the Server while it was being read is not
	// cached from that read.
	k4, plain4, err := NewAPIKey(ctx, ks, owner, "k4", clock)
	if err != nil {
		t.Fatal(err)
	}
	ks.during = func() { c.forget(owner, k4.ID); ks.keys[HashKey(plain4)] = revoked(ks.keys[HashKey(plain4)]) }
	if _, err := auth(ctx, plain4); err != nil {
		t.Fatalf("the read that raced the revocation: %v", err)
	}
	ks.during = nil
	if _, err := auth(ctx, plain4); !errors.Is(err, schema.ErrUnauthenticated) {
		t.Fatalf("a key revoked during its read: %v", err)
	}
	// Malformed credentials never reach the store.
	before = ks.readCount()
	if _, err := auth(ctx, APIKeyPrefix+"short"); !errors.Is(err, schema.ErrUnauthenticated) || ks.readCount() != before {
		t.Fatalf("malformed key: %v", err)
	}
	// A negative TTL turns the cache off.
	off := newKeyCache(-1, time.Now).authenticator(ks)
	k3, plain3, _ := NewAPIKey(ctx, ks, owner, "k3", clock)
	_, _ = off(ctx, plain3)
	_ = ks.RevokeAPIKey(ctx, owner, k3.ID)
	if _, err := off(ctx, plain3); !errors.Is(err, schema.ErrUnauthenticated) {
		t.Fatalf("without a cache a revoked key: %v", err)
	}
}

func revoked(k APIKey) APIKey {
	t := time.Now()
	k.RevokedAt = &t
	return k
}
