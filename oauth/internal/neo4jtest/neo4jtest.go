// Package neo4jtest opens the real Neo4j the oauth tests run against:
// NEO4J_URI, NEO4J_USER and NEO4J_PASSWORD (the local stack by default),
// migrated to the current schema. When it does not answer the test ends
// through testenv.Unavailable: skipped locally, failed under CI=true.
package neo4jtest

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	graphneo4j "github.com/persistmemory/persistmemory/graph/neo4j"
	"github.com/persistmemory/persistmemory/internal/testenv"
	oauthneo4j "github.com/persistmemory/persistmemory/oauth/neo4j"
	"github.com/persistmemory/persistmemory/schema"
)

// Open connects, migrates and returns an oauth store sharing the graph
// store's driver, closed when the test ends.
func Open(t testing.TB) *oauthneo4j.Store {
	t.Helper()
	cfg := graphneo4j.Config{
		URI:      testenv.Get("NEO4J_URI"),
		User:     testenv.Get("NEO4J_USER"),
		Password: testenv.Get("NEO4J_PASSWORD"),
		Logger:   slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	g, err := graphneo4j.Open(ctx, cfg)
	if errors.Is(err, schema.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		testenv.Unavailable(t, "neo4j at %s: %v", cfg.URI, err)
	}
	if err != nil {
		t.Fatalf("open neo4j: %v", err)
	}
	t.Cleanup(func() { _ = g.Close(context.Background()) })
	mctx, mcancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer mcancel()
	if _, err := g.Migrate(mctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return &oauthneo4j.Store{Driver: g.Driver(), Database: g.Database()}
}
