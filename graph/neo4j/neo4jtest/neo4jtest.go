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
