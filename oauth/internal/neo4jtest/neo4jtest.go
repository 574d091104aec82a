package neo4jtest

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	graphneo4j "github.com/persistmemory/persistmemory/graph/neo4j"
	"github.com/persistmemory/persistmemory/internal/testenv"
	oauthneo4j "github.com/persistmemory/persistmemory/oauth/neo4j"
	"github.com/persistmemory/persistmemory/schema"
)

// Open connects, applies the schema and returns an oauth store sharing the graph
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
	if err := applySchema(mctx, g.Driver(), g.Database()); err != nil {
		t.Fatalf("schema: %v", err)
	}
	return &oauthneo4j.Store{Driver: g.Driver(), Database: g.Database()}
}

// schemaMigrations are the migrations the oauth store relies on: 0001 (the
// ApiKey constraints) and 0003_oauth. Their statements are applied
// directly — each is idempotent — rather than through graph/neo4j's
// Migrate, so these tests neither depend on nor record other packages'
// migrations while those are being written.
var schemaMigrations = []string{"0001_init", "0003_oauth"}

func applySchema(ctx context.Context, driver neo4j.DriverWithContext, database string) error {
	migs, err := schema.Migrations()
	if err != nil {
		return err
	}
	found := 0
	for _, m := range migs {
		if !slices.Contains(schemaMigrations, m.Name) {
			continue
		}
		found++
		for i, stmt := range m.Statements {
			if _, err := neo4j.ExecuteQuery(ctx, driver, stmt, nil, neo4j.EagerResultTransformer, neo4j.ExecuteQueryWithDatabase(database)); err != nil {
				return fmt.Errorf("%s statement %d: %w", m.Name, i+1, err)
			}
		}
	}
	if found != len(schemaMigrations) {
		return fmt.Errorf("found %d of the migrations %v", found, schemaMigrations)
	}
	_, err = neo4j.ExecuteQuery(ctx, driver, "CALL db.awaitIndexes(300)", nil, neo4j.EagerResultTransformer, neo4j.ExecuteQueryWithDatabase(database))
	return err
}
