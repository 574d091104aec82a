// Package neo4jtest opens the real Neo4j for the tests of packages above
// the graph (ingest, api, mcp): the server named by NEO4J_URI, NEO4J_USER
// and NEO4J_PASSWORD, the local stack by default, migrated. A server that
// does not answer ends the test through testenv.Unavailable (a failure
// under CI=true, never a skip there).
package neo4jtest

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph/neo4j"
	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/schema"
)

// Open connects and migrates, and closes the store when the test ends. The
// store logs warnings to the test's output.
func Open(t *testing.T) *neo4j.Store {
	t.Helper()
	cfg := neo4j.Config{
		URI: testenv.Get("NEO4J_URI"), User: testenv.Get("NEO4J_USER"), Password: testenv.Get("NEO4J_PASSWORD"),
		Logger: slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	s, err := neo4j.Open(ctx, cfg)
	if errors.Is(err, schema.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		testenv.Unavailable(t, "neo4j at %s: %v", cfg.URI, err)
	}
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	if _, err := s.Migrate(t.Context()); err != nil {
		t.Fatalf("Migrate: %v", err)
	}
	return s
}
