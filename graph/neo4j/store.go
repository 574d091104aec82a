package neo4j

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/config"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

var _ graph.Store = (*Store)(nil)

// Store is graph.Store over Neo4j. It is safe for concurrent use. Its
// methods return errors wrapping schema.ErrNotFound, schema.ErrInvalid,
// schema.ErrConflict or schema.ErrUnavailable, or the context's error.
type Store struct {
	driver    neo4j.DriverWithContext
	database  string
	bookmarks neo4j.BookmarkManager
	logger    *slog.Logger
}

// Open connects to Neo4j and verifies that it answers before returning. It
// does not migrate; call Migrate. The error wraps schema.ErrInvalid for a
// bad Config and schema.ErrUnavailable when the server cannot be reached or
// refuses the credentials.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	auth := neo4j.NoAuth()
	if cfg.User != "" {
		auth = neo4j.BasicAuth(cfg.User, cfg.Password, "")
	}
	driver, err := neo4j.NewDriverWithContext(cfg.URI, auth, func(c *config.Config) {
		// The driver's console logger prints to stdout, which belongs to the
		// stdio MCP transport: route everything through slog instead.
		c.Log = driverLogger{logger: logger.With("component", "neo4j-driver")}
		c.SocketConnectTimeout = 5 * time.Second
		c.ConnectionAcquisitionTimeout = 30 * time.Second
	})
	if err != nil {
		return nil, fmt.Errorf("%w: open neo4j driver for %s: %v", schema.ErrInvalid, cfg.URI, err)
	}
	s := &Store{
		driver:    driver,
		database:  cfg.database(),
		bookmarks: neo4j.NewBookmarkManager(neo4j.BookmarkManagerConfig{}),
		logger:    logger,
	}
	if err := s.Ping(ctx); err != nil {
		_ = driver.Close(context.WithoutCancel(ctx))
		return nil, err
	}
	return s, nil
}

// Close releases the driver's connections.
func (s *Store) Close(ctx context.Context) error {
	return translate("close neo4j driver", s.driver.Close(ctx))
}

// Ping verifies that the database answers a query.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.driver.VerifyConnectivity(ctx); err != nil {
		return translate("ping neo4j", err)
	}
	_, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		res, err := tx.Run(ctx, "RETURN 1", nil)
		if err != nil {
			return struct{}{}, err
		}
		_, err = res.Consume(ctx)
		return struct{}{}, err
	})
	if err != nil {
		return translate("ping neo4j database "+s.database, err)
	}
	return nil
}

// session opens a session on the store's database. All sessions share one
// bookmark manager, so a read sees the writes this Store made before it
// even on a cluster. BoltLogger stays nil: no session traces the wire
// protocol.
func (s *Store) session(ctx context.Context, mode neo4j.AccessMode) neo4j.SessionWithContext {
	return s.driver.NewSession(ctx, neo4j.SessionConfig{
		DatabaseName:    s.database,
		AccessMode:      mode,
		BookmarkManager: s.bookmarks,
	})
}

// read runs work in a managed read transaction, retried by the driver on
// transient errors. Errors are returned untranslated.
func read[T any](ctx context.Context, s *Store, work func(tx neo4j.ManagedTransaction) (T, error)) (T, error) {
	sess := s.session(ctx, neo4j.AccessModeRead)
	defer closeSession(ctx, sess)
	return neo4j.ExecuteRead(ctx, sess, work)
}

// write runs work in a managed write transaction, retried by the driver on
// transient errors, so work must be safe to run again. Errors are returned
// untranslated.
func write[T any](ctx context.Context, s *Store, work func(tx neo4j.ManagedTransaction) (T, error)) (T, error) {
	sess := s.session(ctx, neo4j.AccessModeWrite)
	defer closeSession(ctx, sess)
	return neo4j.ExecuteWrite(ctx, sess, work)
}

func closeSession(ctx context.Context, sess neo4j.SessionWithContext) {
	_ = sess.Close(ctx)
}

// errRollback ends a managed write transaction without committing; the
// caller turns it back into success.
var errRollback = errors.New("rollback")

// Driver returns the store's driver, so sibling Neo4j adapters (oauth/neo4j)
// share its connection pool and its stderr logging. The Store keeps
// ownership: callers must not close it.
func (s *Store) Driver() neo4j.DriverWithContext { return s.driver }

// Database names the database the store uses.
func (s *Store) Database() string { return s.database }
