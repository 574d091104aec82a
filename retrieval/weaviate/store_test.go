package weaviate_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/retrieval/vectortest"
	"github.com/persistmemory/persistmemory/retrieval/weaviate"
	"github.com/persistmemory/persistmemory/schema"
)

func config(collection string) weaviate.Config {
	return weaviate.Config{
		URL:        testenv.Get("WEAVIATE_URL"),
		GRPC:       testenv.Get("WEAVIATE_GRPC"),
		Collection: collection,
	}
}

func open(t *testing.T, collection string) *weaviate.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	s, err := weaviate.Open(ctx, config(collection))
	if errors.Is(err, schema.ErrUnavailable) {
		testenv.Unavailable(t, "weaviate at %s: %v", testenv.Get("WEAVIATE_URL"), err)
	}
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

func TestConformance(t *testing.T) {
	open(t, "") // skip or fail once, before the parallel subtests
	vectortest.Run(t, func(t *testing.T, collection string) retrieval.VectorStore {
		return open(t, collection)
	})
}

func TestEnsureConflictMessage(t *testing.T) {
	s := open(t, vectortest.UniqueCollection())
	ctx := t.Context()
	t.Cleanup(func() { _ = s.Drop(context.Background()) })
	if err := s.Ensure(ctx, "all-MiniLM-L6-v2", 384); err != nil {
		t.Fatal(err)
	}
	// A second process configured with another model.
	other := open(t, s.Collection())
	err := other.Ensure(ctx, "text-embedding-3-small", 1536)
	if !errors.Is(err, schema.ErrConflict) {
		t.Fatalf("err = %v, want ErrConflict", err)
	}
	for _, want := range []string{`"all-MiniLM-L6-v2" (384 dims)`, `"text-embedding-3-small" (1536 dims)`, "share no geometry", "drop the collection", "Neo4j"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	// A process that never called Ensure reads the recorded model and
	// checks dimensions against it.
	fresh := open(t, s.Collection())
	if _, err := fresh.Search(ctx, "alice", make([]float32, 1536), 3); !errors.Is(err, schema.ErrInvalid) {
		t.Errorf("search with 1536 dims on a 384 collection: err = %v, want ErrInvalid", err)
	}
}

func TestMissingCollection(t *testing.T) {
	s := open(t, vectortest.UniqueCollection())
	v := make([]float32, 4)
	v[0] = 1
	err := s.Upsert(t.Context(), "alice", []retrieval.VectorRecord{{ID: "mem_1", Vector: v}})
	if !errors.Is(err, schema.ErrUnavailable) || !strings.Contains(err.Error(), "Ensure") {
		t.Errorf("upsert before Ensure: err = %v, want ErrUnavailable naming Ensure", err)
	}
	if err := s.Drop(t.Context()); err != nil {
		t.Errorf("drop of a missing collection: %v", err)
	}
}

func TestUnavailable(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	start := time.Now()
	// Port 1 on loopback: nothing listens there.
	_, err := weaviate.Open(ctx, weaviate.Config{URL: "http://127.0.0.1:1", GRPC: "127.0.0.1:1"})
	if !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("Open against a closed port: err = %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Open against a closed port took %v", d)
	}
}

func TestConfigValidate(t *testing.T) {
	good := weaviate.Config{URL: "http://127.0.0.1:8080", GRPC: "127.0.0.1:50051"}
	if err := good.Validate(); err != nil {
		t.Errorf("valid config: %v", err)
	}
	for _, tc := range []struct {
		name string
		cfg  weaviate.Config
		want string
	}{
		{"no URL", weaviate.Config{GRPC: "h:1"}, "URL is empty"},
		{"bad scheme", weaviate.Config{URL: "tcp://h:1", GRPC: "h:1"}, "not an http://"},
		{"path", weaviate.Config{URL: "http://h:1/v1", GRPC: "h:1"}, "has a path"},
		{"no GRPC", weaviate.Config{URL: "http://h:1"}, "GRPC address is empty"},
		{"GRPC without port", weaviate.Config{URL: "http://h:1", GRPC: "h"}, "not host:port"},
		{"lower-case collection", weaviate.Config{URL: "http://h:1", GRPC: "h:1", Collection: "memory"}, "Collection \"memory\""},
	} {
		err := tc.cfg.Validate()
		if !errors.Is(err, schema.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want ErrInvalid mentioning %q", tc.name, err, tc.want)
		}
	}
}
