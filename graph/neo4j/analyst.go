package neo4j

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/cypher"
	"github.com/persistmemory/persistmemory/schema"
)

// Analyst queries (graph.AnalystStore): graph/cypher parses the query and
// rewrites it so that every node pattern carries owner: $__owner; this file
// binds $__owner to the authenticated owner, runs the result in a READ
// transaction with the driver's transaction timeout, reads at most MaxRows
// rows and turns the values into JSON ones.

// analystGrace is how much longer than the transaction timeout the call may
// take (connection, retries of transient failures) before its context ends.
const analystGrace = 2 * time.Second

// auditQueryChars is how much of the query text the audit line keeps.
const auditQueryChars = 200

// internalProperties are node properties that describe the store, not the
// person's graph: left out of results besides cypher.ForbiddenProperties
// and any property starting with "_" (locks).
var internalProperties = []string{"key_terms"}

// errStop ends the read transaction early (the row cap was reached): it is
// rolled back, which stops the query on the server, and the rows read so
// far are the answer.
var errStop = errors.New("row cap reached")

// AnalystQuery implements graph.AnalystStore.
func (s *Store) AnalystQuery(ctx context.Context, owner schema.Owner, q graph.AnalystRequest) (graph.AnalystResult, error) {
	start := time.Now()
	res, outcome, err := s.analystQuery(ctx, owner, q)
	s.auditAnalyst(ctx, owner, q, time.Since(start), res, outcome, err)
	return res, err
}

func (s *Store) analystQuery(ctx context.Context, owner schema.Owner, q graph.AnalystRequest) (graph.AnalystResult, string, error) {
	if err := owner.Validate(); err != nil {
		return graph.AnalystResult{}, "refused", err
	}
	timeout, maxRows, err := analystLimits(q)
	if err != nil {
		return graph.AnalystResult{}, "refused", err
	}
	sc, err := cypher.Scope(q.Query)
	if err != nil {
		return graph.AnalystResult{}, "refused", fmt.Errorf("analyst query: %w: %w", schema.ErrInvalid, err)
	}
	params, err := analystParams(q.Params, sc)
	if err != nil {
		return graph.AnalystResult{}, "refused", err
	}
	params[cypher.OwnerParam] = string(owner)
	return s.runAnalyst(ctx, sc.Text, params, timeout, maxRows)
}

// runAnalyst runs text, already scoped, in a READ transaction.
func (s *Store) runAnalyst(ctx context.Context, text string, params map[string]any, timeout time.Duration, maxRows int) (graph.AnalystResult, string, error) {
	runCtx, cancel := context.WithTimeout(ctx, timeout+analystGrace)
	defer cancel()
	sess := s.session(runCtx, neo4j.AccessModeRead)
	defer closeSession(runCtx, sess)
	var out graph.AnalystResult
	_, err := neo4j.ExecuteRead(runCtx, sess, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		out = graph.AnalystResult{Rows: []map[string]any{}, MaxRows: maxRows}
		r, err := tx.Run(runCtx, text, params)
		if err != nil {
			return struct{}{}, err
		}
		if out.Columns, err = r.Keys(); err != nil {
			return struct{}{}, err
		}
		size := 0
		for r.Next(runCtx) {
			if len(out.Rows) == maxRows {
				out.Truncated = true
				return struct{}{}, errStop
			}
			rec := r.Record()
			row := make(map[string]any, len(out.Columns))
			for i, k := range out.Columns {
				row[k] = jsonValue(rec.Values[i])
			}
			b, err := json.Marshal(row)
			if err != nil {
				return struct{}{}, fmt.Errorf("encode row: %w", err)
			}
			if size += len(b); size > graph.MaxAnalystResultBytes {
				out.Truncated = true
				return struct{}{}, errStop
			}
			out.Rows = append(out.Rows, row)
		}
		return struct{}{}, r.Err()
	}, neo4j.WithTxTimeout(timeout))
	switch {
	case err == nil, errors.Is(err, errStop):
		return out, "ok", nil
	case isTimeout(err) || errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		return graph.AnalystResult{}, "timeout", fmt.Errorf("%w: the query ran longer than %s and was stopped; narrow it with labels, properties in its patterns, WHERE and LIMIT", schema.ErrInvalid, timeout)
	}
	var dbErr *neo4j.Neo4jError
	if errors.As(err, &dbErr) && (strings.HasPrefix(dbErr.Code, "Neo.ClientError.Statement.") || strings.HasPrefix(dbErr.Code, "Neo.ClientError.Procedure.")) {
		return graph.AnalystResult{}, "rejected", fmt.Errorf("%w: Neo4j refused the query: %s", schema.ErrInvalid, firstLine(dbErr.Msg))
	}
	return graph.AnalystResult{}, "failed", translate("analyst query", err)
}

func analystLimits(q graph.AnalystRequest) (time.Duration, int, error) {
	timeout, maxRows := q.Timeout, q.MaxRows
	switch {
	case timeout < 0 || timeout > graph.AnalystTimeout:
		return 0, 0, fmt.Errorf("%w: an analyst query's timeout must be at most %s", schema.ErrInvalid, graph.AnalystTimeout)
	case timeout == 0:
		timeout = graph.AnalystTimeout
	}
	switch {
	case maxRows < 0 || maxRows > graph.MaxAnalystRows:
		return 0, 0, fmt.Errorf("%w: an analyst query's row cap must be between 1 and %d", schema.ErrInvalid, graph.MaxAnalystRows)
	case maxRows == 0:
		maxRows = graph.MaxAnalystRows
	}
	return timeout, maxRows, nil
}

// analystParams checks the caller's parameters and adds the lifted
// literals: every parameter the query uses must be given, none may be
// reserved, and every value must be one Cypher takes.
func analystParams(given map[string]any, sc *cypher.Scoped) (map[string]any, error) {
	if len(given) > graph.MaxAnalystParams {
		return nil, fmt.Errorf("%w: %d parameters; the limit is %d", schema.ErrInvalid, len(given), graph.MaxAnalystParams)
	}
	out := make(map[string]any, len(given)+len(sc.Literals)+1)
	for _, name := range slices.Sorted(maps.Keys(given)) {
		if strings.HasPrefix(name, "__") {
			return nil, fmt.Errorf("%w: the parameter name %q is reserved (names starting with __)", schema.ErrInvalid, clipText(name, 40))
		}
		v, err := paramValue(given[name], 0)
		if err != nil {
			return nil, fmt.Errorf("%w: parameter %q: %s", schema.ErrInvalid, clipText(name, 40), err.Error())
		}
		out[name] = v
	}
	for _, name := range sc.Params {
		if _, ok := out[name]; !ok {
			return nil, fmt.Errorf("%w: the query uses $%s, which params does not give", schema.ErrInvalid, name)
		}
	}
	maps.Copy(out, sc.Literals)
	return out, nil
}

// paramValue checks a JSON-like value; whole float64 numbers become int64,
// as JSON decoding leaves every number a float64 and Cypher wants integers
// for LIMIT, SKIP and list indexes.
func paramValue(v any, depth int) (any, error) {
	if depth > 16 {
		return nil, errors.New("nested deeper than 16 levels")
	}
	switch x := v.(type) {
	case nil, bool, string, int64:
		return x, nil
	case int:
		return int64(x), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, errors.New("not a finite number")
		}
		if x == math.Trunc(x) && math.Abs(x) <= 1<<53 {
			return int64(x), nil
		}
		return x, nil
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n, nil
		}
		f, err := x.Float64()
		if err != nil {
			return nil, errors.New("not a number")
		}
		return paramValue(f, depth)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			var err error
			if out[i], err = paramValue(e, depth+1); err != nil {
				return nil, err
			}
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			var err error
			if out[k], err = paramValue(e, depth+1); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("a %T is not a value Cypher takes", v)
}

func isTimeout(err error) bool {
	var dbErr *neo4j.Neo4jError
	return errors.As(err, &dbErr) && strings.Contains(dbErr.Code, "TransactionTimedOut")
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return clipText(strings.TrimSpace(s), 300)
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// auditAnalyst logs one analyst query: who, what (a hash, the start of the
// text, the parameter names — never their values), how long, how many rows
// and how it ended.
func (s *Store) auditAnalyst(ctx context.Context, owner schema.Owner, q graph.AnalystRequest, took time.Duration, res graph.AnalystResult, outcome string, err error) {
	sum := sha256.Sum256([]byte(q.Query))
	attrs := []slog.Attr{
		slog.String("owner", string(owner)),
		slog.String("query_sha256", hex.EncodeToString(sum[:])),
		slog.String("query", clipText(strings.Join(strings.Fields(q.Query), " "), auditQueryChars)),
		slog.Any("params", slices.Sorted(maps.Keys(q.Params))),
		slog.Duration("duration", took),
		slog.Int("rows", len(res.Rows)),
		slog.Bool("truncated", res.Truncated),
		slog.String("outcome", outcome),
	}
	level := slog.LevelInfo
	if err != nil {
		attrs = append(attrs, slog.String("reason", clipText(err.Error(), 300)))
		if outcome == "failed" {
			level = slog.LevelWarn
		}
	}
	s.logger.LogAttrs(ctx, level, "analyst query", attrs...)
}

// jsonValue turns a value the driver returned into one encoding/json
// writes as the API documents (graph.AnalystResult).
func jsonValue(v any) any {
	switch x := v.(type) {
	case nil, bool, int64, string, []byte:
		return x
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return strconv.FormatFloat(x, 'g', -1, 64)
		}
		return x
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonValue(e)
		}
		return out
	case dbtype.Node:
		return map[string]any{"labels": slices.Clone(x.Labels), "properties": publicProps(x.Props)}
	case dbtype.Relationship:
		return map[string]any{"type": x.Type, "properties": publicProps(x.Props)}
	case dbtype.Path:
		out := make([]any, 0, len(x.Nodes)+len(x.Relationships))
		for i, n := range x.Nodes {
			out = append(out, jsonValue(n))
			if i < len(x.Relationships) {
				out = append(out, jsonValue(x.Relationships[i]))
			}
		}
		return out
	case time.Time:
		return x.Format(time.RFC3339Nano)
	case dbtype.Date:
		return x.String()
	case dbtype.LocalDateTime:
		return x.String()
	case dbtype.LocalTime:
		return x.String()
	case dbtype.Time:
		return x.String()
	case dbtype.Duration:
		return x.String()
	case dbtype.Point2D:
		return map[string]any{"srid": x.SpatialRefId, "x": x.X, "y": x.Y}
	case dbtype.Point3D:
		return map[string]any{"srid": x.SpatialRefId, "x": x.X, "y": x.Y, "z": x.Z}
	}
	return fmt.Sprint(v)
}

// publicProps drops the owner and the store's internal properties.
func publicProps(props map[string]any) map[string]any {
	out := make(map[string]any, len(props))
	for k, v := range props {
		if strings.HasPrefix(k, "_") || slices.Contains(cypher.ForbiddenProperties, k) || slices.Contains(internalProperties, k) {
			continue
		}
		out[k] = jsonValue(v)
	}
	return out
}
