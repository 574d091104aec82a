package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/cypher"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// analystStore answers AnalystQuery by scoping the query with graph/cypher,
// as the real store does first, and recording what it was asked.
type analystStore struct {
	nilStore
	owner schema.Owner
	req   graph.AnalystRequest
}

func (a *analystStore) AnalystQuery(_ context.Context, owner schema.Owner, q graph.AnalystRequest) (graph.AnalystResult, error) {
	a.owner, a.req = owner, q
	if _, err := cypher.Scope(q.Query); err != nil {
		return graph.AnalystResult{}, err
	}
	return graph.AnalystResult{Columns: []string{"n"}, Rows: []map[string]any{{"n": int64(3)}}, MaxRows: graph.MaxAnalystRows}, nil
}

func cypherServer(t *testing.T, scopes ...string) (*Server, *analystStore) {
	t.Helper()
	g := &analystStore{}
	p, err := ingest.New(ingest.Config{Graph: g, Extractor: noExtractor{}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Graph: g, Pipeline: p, Searcher: &retrieval.Searcher{},
		Auth: func(_ context.Context, cred string) (Principal, error) {
			return Principal{Owner: "usr_analyst", Scopes: scopes}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	return s, g
}

func postCypher(t *testing.T, s *Server, body string) (*httptest.ResponseRecorder, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/api/v1/cypher", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer pm_live_test")
	req.Header.Set("Content-Type", "application/json")
	s.Handler().ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("body %q: %v", rec.Body, err)
	}
	return rec, out
}

func TestCypherNeedsQueryScope(t *testing.T) {
	s, g := cypherServer(t, ScopeRead, ScopeCapture, ScopeWrite, ScopeUsage)
	rec, out := postCypher(t, s, `{"query": "MATCH (m:Memory) RETURN count(m) AS n"}`)
	if rec.Code != http.StatusForbidden || !strings.Contains(out["error"].(map[string]any)["message"].(string), ScopeQuery) {
		t.Errorf("without %s: %d %v", ScopeQuery, rec.Code, out)
	}
	if g.req.Query != "" {
		t.Errorf("the store was asked %q without the scope", g.req.Query)
	}
}

func TestCypherRoute(t *testing.T) {
	s, g := cypherServer(t, ScopeQuery)
	rec, out := postCypher(t, s, `{"query": "MATCH (m:Memory) RETURN count(m) AS n LIMIT $n", "params": {"n": 5, "names": ["a"]}}`)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %v", rec.Code, out)
	}
	want := map[string]any{"columns": []any{"n"}, "rows": []any{map[string]any{"n": 3.0}}, "truncated": false, "maxRows": float64(graph.MaxAnalystRows)}
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("response (-want +got):\n%s", diff)
	}
	if g.owner != "usr_analyst" || g.req.Query != "MATCH (m:Memory) RETURN count(m) AS n LIMIT $n" || g.req.Params["n"] != 5.0 {
		t.Errorf("the store was asked %s %+v", g.owner, g.req)
	}
}

// TestCypherRefusals: what the store refuses is a 400 whose message names
// the construct.
func TestCypherRefusals(t *testing.T) {
	s, _ := cypherServer(t, ScopeQuery)
	for _, c := range []struct{ body, names string }{
		{`{"query": "CREATE (m:Memory) RETURN m"}`, "CREATE writes to the graph"},
		{`{"query": "CALL dbms.security.listUsers()"}`, "CALL dbms.security.listUsers is not allowed"},
		{`{"query": "CALL apoc.load.json('http://x') YIELD value RETURN value"}`, "CALL apoc.load.json"},
		{`{"query": "LOAD CSV FROM 'file:///x' AS r RETURN r"}`, "LOAD CSV"},
		{`{"query": "MATCH (n) RETURN n"}`, "needs a label"},
		{`{"query": "MATCH (k:ApiKey) RETURN k"}`, "label ApiKey is not allowed"},
		{`{"query": "MATCH (m:Memory) WHERE m.owner = 'x' RETURN m"}`, "property owner"},
		{`{"query": "MATCH (m:Memory)-[:SUPERSEDES*]->(o:Memory) RETURN o"}`, "upper bound"},
		{`{"query": "MATCH (m:Memory"}`, "expected ) to close"},
		{`{"query": "` + strings.Repeat("x", cypher.MaxQueryBytes+1) + `"}`, "MaxQueryBytes"},
		{`{}`, `field "query" is required`},
		{`{"query": "MATCH (m:Memory) RETURN m", "timeout": 1}`, `unknown field "timeout"`},
		{`{"query": "MATCH (m:Memory) RETURN m", "params": [1]}`, `field "params"`},
	} {
		rec, out := postCypher(t, s, c.body)
		e, _ := out["error"].(map[string]any)
		if rec.Code != http.StatusBadRequest || e["code"] != CodeInvalid || !strings.Contains(e["message"].(string), c.names) {
			t.Errorf("%.70s: %d %v; want 400 naming %q", c.body, rec.Code, out, c.names)
		}
	}
}
