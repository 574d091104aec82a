package graph

import (
	"context"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Limits of analyst queries (AnalystStore). The query's own limits — its
// length and the hops of a variable-length relationship — are
// cypher.MaxQueryBytes and cypher.MaxHops.
const (
	// AnalystTimeout is how long a query may run, and the default.
	AnalystTimeout = 5 * time.Second
	// MaxAnalystRows is how many rows a query returns at most, and the
	// default; further rows are dropped and the result says Truncated.
	MaxAnalystRows = 1000
	// MaxAnalystResultBytes bounds the JSON size of the rows returned:
	// rows past it are dropped and the result says Truncated.
	MaxAnalystResultBytes = 4 << 20
	// MaxAnalystParams bounds the number of parameters a query is given.
	MaxAnalystParams = 64
)

// AnalystStore runs analysts' read-only Cypher over one owner's graph.
type AnalystStore interface {
	// AnalystQuery runs q.Query, which must be in the subset package
	// graph/cypher accepts, over the owner's nodes only: the query is
	// parsed and rewritten so that every node it can bind, and every node
	// a variable-length relationship passes through, carries the owner
	// (see graph/cypher). It runs in a read transaction, so Neo4j itself
	// refuses writes, for at most q.Timeout, and returns at most q.MaxRows
	// rows.
	//
	// Every call is audit-logged: owner, a hash and the start of the
	// query, the parameter names (never their values), duration, rows and
	// outcome.
	//
	// Errors: schema.ErrInvalid for a query outside the subset (the
	// message names the construct and where it is), a parameter that is
	// missing, reserved or of a type Cypher cannot take, a query Neo4j
	// rejects, or one that ran past its timeout (the message says so);
	// schema.ErrUnavailable when Neo4j cannot be reached.
	AnalystQuery(ctx context.Context, owner schema.Owner, q AnalystRequest) (AnalystResult, error)
}

// AnalystRequest is one analyst query.
type AnalystRequest struct {
	// Query is the Cypher text, at most cypher.MaxQueryBytes.
	Query string
	// Params are the query's parameters ($name), JSON-like values: nil,
	// bool, int64, float64, string, []any and map[string]any. Names
	// starting with "__" are reserved.
	Params map[string]any
	// Timeout is how long the query may run: 0 means AnalystTimeout;
	// more than AnalystTimeout is schema.ErrInvalid.
	Timeout time.Duration
	// MaxRows is how many rows to return at most: 0 means MaxAnalystRows;
	// more than MaxAnalystRows is schema.ErrInvalid.
	MaxRows int
}

// AnalystResult is what a query returned, as JSON values: a node is
// {"labels": [...], "properties": {...}} without owner, owner_key and the
// store's internal properties; a relationship {"type": ..., "properties":
// {...}}; a path the list of its nodes and relationships in order; a date,
// time or datetime an RFC 3339 string; a duration an ISO 8601 one.
type AnalystResult struct {
	// Columns are the names of the returned columns, in order.
	Columns []string `json:"columns"`
	// Rows map each column to its value.
	Rows []map[string]any `json:"rows"`
	// Truncated says the query produced more rows than MaxRows, or more
	// than MaxAnalystResultBytes of them; Rows holds the first ones.
	Truncated bool `json:"truncated"`
	// MaxRows is the row cap that applied.
	MaxRows int `json:"maxRows"`
}
