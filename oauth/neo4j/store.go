package neo4j

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// Store implements oauth.Store over a driver the caller owns (cmd shares
// graph/neo4j's: Driver() and Database()). The zero Database means
// "neo4j". Safe for concurrent use. Errors wrap schema.ErrNotFound,
// schema.ErrConflict, schema.ErrUnavailable or oauth.ErrReplayed as
// oauth.Store documents. The schema it needs is
// schema/migrations/0003_oauth.cypher.
type Store struct {
	Driver   neo4j.DriverWithContext
	Database string
}

var (
	_ oauth.KeyStore = (*Store)(nil)
	_ oauth.Store    = (*Store)(nil)
)

func (s *Store) database() string {
	if s.Database == "" {
		return "neo4j"
	}
	return s.Database
}

// run executes one auto-committed query.
func (s *Store) run(ctx context.Context, op, q string, params map[string]any) (*neo4j.EagerResult, error) {
	res, err := neo4j.ExecuteQuery(ctx, s.Driver, q, params, neo4j.EagerResultTransformer, neo4j.ExecuteQueryWithDatabase(s.database()))
	if err != nil {
		return nil, translate(op, err)
	}
	return res, nil
}

// write runs work in a managed write transaction, retried by the driver on
// transient errors (deadlocks included), so work must be safe to run again.
// It shares ExecuteQuery's bookmarks, so reads through run see its writes.
func write[T any](ctx context.Context, s *Store, op string, work func(tx neo4j.ManagedTransaction) (T, error)) (T, error) {
	sess := s.Driver.NewSession(ctx, neo4j.SessionConfig{
		DatabaseName:    s.database(),
		AccessMode:      neo4j.AccessModeWrite,
		BookmarkManager: s.Driver.ExecuteQueryBookmarkManager(),
	})
	defer func() { _ = sess.Close(context.WithoutCancel(ctx)) }()
	v, err := neo4j.ExecuteWrite(ctx, sess, work)
	if err != nil {
		return v, translate(op, err)
	}
	return v, nil
}

// query runs one statement in tx and returns its records as maps.
func query(ctx context.Context, tx neo4j.ManagedTransaction, q string, params map[string]any) ([]map[string]any, error) {
	res, err := tx.Run(ctx, q, params)
	if err != nil {
		return nil, err
	}
	recs, err := res.Collect(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, len(recs))
	for i, r := range recs {
		out[i] = r.AsMap()
	}
	return out, nil
}

// translate wraps a driver error with op and the schema sentinel it means.
// Errors already carrying a sentinel, and context errors, keep their
// identity.
func translate(op string, err error) error {
	if err == nil {
		return nil
	}
	for _, sentinel := range []error{schema.ErrNotFound, schema.ErrConflict, schema.ErrInvalid, schema.ErrUnavailable, context.Canceled, context.DeadlineExceeded} {
		if errors.Is(err, sentinel) {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	var (
		limit *neo4j.TransactionExecutionLimit
		conn  *neo4j.ConnectivityError
		ne    *neo4j.Neo4jError
		auth  *neo4j.InvalidAuthenticationError
		nerr  net.Error
	)
	switch {
	case errors.As(err, &limit), errors.As(err, &conn), errors.As(err, &auth), errors.As(err, &nerr), neo4j.IsConnectivityError(err):
		return fmt.Errorf("%s: %w: %w", op, schema.ErrUnavailable, err)
	case errors.As(err, &ne):
		switch {
		case ne.Code == "Neo.ClientError.Schema.ConstraintValidationFailed":
			// The server's message quotes the conflicting value: a hash
			// at worst, but it has no business in an error either way.
			return fmt.Errorf("%s: %w: already exists", op, schema.ErrConflict)
		case strings.HasPrefix(ne.Code, "Neo.TransientError."), strings.HasPrefix(ne.Code, "Neo.ClientError.Security."),
			ne.Code == "Neo.ClientError.Database.DatabaseNotFound", ne.Code == "Neo.DatabaseError.General.DatabaseUnavailable":
			return fmt.Errorf("%s: %w: %s", op, schema.ErrUnavailable, ne.Code)
		}
	}
	return fmt.Errorf("%s: %w", op, err)
}

// Helpers from result maps.

func str(m map[string]any, k string) string {
	v, _ := m[k].(string)
	return v
}

func strs(m map[string]any, k string) []string {
	l, _ := m[k].([]any)
	out := make([]string, 0, len(l))
	for _, v := range l {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func ints(m map[string]any, k string) []int64 {
	l, _ := m[k].([]any)
	out := make([]int64, 0, len(l))
	for _, v := range l {
		n, _ := v.(int64)
		out = append(out, n)
	}
	return out
}

func times(m map[string]any, k string) []time.Time {
	l, _ := m[k].([]any)
	out := make([]time.Time, 0, len(l))
	for _, v := range l {
		t, _ := v.(time.Time)
		out = append(out, t.UTC())
	}
	return out
}

func i64(m map[string]any, k string) int64 {
	n, _ := m[k].(int64)
	return n
}

func boolean(m map[string]any, k string) bool {
	b, _ := m[k].(bool)
	return b
}

func tm(m map[string]any, k string) time.Time {
	t, _ := m[k].(time.Time)
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

func tmPtr(m map[string]any, k string) *time.Time {
	t, ok := m[k].(time.Time)
	if !ok {
		return nil
	}
	t = t.UTC()
	return &t
}

func byteSlice(m map[string]any, k string) []byte {
	b, _ := m[k].([]byte)
	return b
}

// props returns the node map a query returned as n {.*}.
func props(rec map[string]any, k string) map[string]any {
	m, _ := rec[k].(map[string]any)
	return m
}

// list makes a Cypher list parameter that is never null.
func list(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func utc(t time.Time) time.Time { return t.UTC() }

// txn is the managed transaction work functions receive.
type txn = neo4j.ManagedTransaction
