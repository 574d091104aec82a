package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// nilStore satisfies graph.Store; building the server calls none of it.
type nilStore struct{ graph.Store }

type noExtractor struct{}

func (noExtractor) Extract(context.Context, schema.Document) ([]schema.Memory, error) {
	return nil, nil
}

func testServer(t *testing.T) *Server {
	t.Helper()
	g := nilStore{}
	p, err := ingest.New(ingest.Config{Graph: g, Extractor: noExtractor{}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Graph: g, Pipeline: p, Searcher: &retrieval.Searcher{},
		Auth: func(context.Context, string) (Principal, error) { return Principal{}, schema.ErrUnauthenticated }})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func servedDoc(t *testing.T, s *Server) map[string]any {
	t.Helper()
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/openapi.json", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /openapi.json: %d %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("content type %q", ct)
	}
	var doc map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatalf("the document is not JSON: %v", err)
	}
	return doc
}

var httpMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// TestOpenAPIMatchesRoutes fails when a route is registered but not
// documented, or documented but not registered.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	s := testServer(t)
	doc := servedDoc(t, s)
	registered := map[string]bool{}
	for _, r := range s.routes() {
		registered[r.Method+" "+ginToOpenAPI(r.Path)] = true
	}
	documented := map[string]bool{}
	for p, item := range doc["paths"].(map[string]any) {
		for m := range item.(map[string]any) {
			if slices.Contains(httpMethods, m) {
				documented[strings.ToUpper(m)+" "+p] = true
			}
		}
	}
	var missing, extra []string
	for k := range registered {
		if !documented[k] {
			missing = append(missing, k)
		}
	}
	for k := range documented {
		if !registered[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 {
		t.Errorf("routes registered but not in /openapi.json: %v", missing)
	}
	if len(extra) > 0 {
		t.Errorf("operations in /openapi.json that no route serves: %v", extra)
	}
	if len(registered) < 20 {
		t.Errorf("only %d routes registered; the walk is broken", len(registered))
	}
}

// TestOpenAPIScopesAndAuth checks, by requests to the server, that every
// documented operation without x-scope needs no credential and every one
// with x-scope answers 401 without one.
func TestOpenAPIScopesAndAuth(t *testing.T) {
	s := testServer(t)
	doc := servedDoc(t, s)
	for p, item := range doc["paths"].(map[string]any) {
		for m, opv := range item.(map[string]any) {
			op := opv.(map[string]any)
			url := strings.NewReplacer("{id}", "x", "{member}", "x").Replace(p)
			if strings.Contains(url, "{") {
				t.Fatalf("%s %s: unhandled path parameter", m, p)
			}
			scope, _ := op["x-scope"].(string)
			if scope == "" {
				// Open routes: answer without a credential.
				rec := httptest.NewRecorder()
				s.Handler().ServeHTTP(rec, httptest.NewRequest(strings.ToUpper(m), url, nil))
				if rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden {
					t.Errorf("%s %s has no x-scope but answers %d without a credential", m, p, rec.Code)
				}
				continue
			}
			if !slices.Contains([]string{ScopeRead, ScopeCapture, ScopeWrite, ScopeUsage, ScopeQuery}, scope) {
				t.Errorf("%s %s: x-scope %q is not a scope", m, p, scope)
			}
			if _, ok := op["security"].([]any); !ok {
				t.Errorf("%s %s: no security", m, p)
			}
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, httptest.NewRequest(strings.ToUpper(m), url, nil))
			if rec.Code != http.StatusUnauthorized {
				t.Errorf("%s %s without a credential: %d, want 401", m, url, rec.Code)
			}
			if m == "post" && !hasIdempotencyParam(op) {
				t.Errorf("%s %s: no Idempotency-Key parameter", m, p)
			}
		}
	}
}

func hasIdempotencyParam(op map[string]any) bool {
	ps, _ := op["parameters"].([]any)
	for _, p := range ps {
		if r, _ := p.(map[string]any)["$ref"].(string); r == "#/components/parameters/IdempotencyKey" {
			return true
		}
	}
	return false
}

// TestOpenAPIWellFormed checks the document's structure against OpenAPI
// 3.1: required top-level fields, operations with unique ids and
// responses, declared path parameters, and that every $ref resolves.
func TestOpenAPIWellFormed(t *testing.T) {
	doc := servedDoc(t, testServer(t))
	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v, want 3.1.0", doc["openapi"])
	}
	info, _ := doc["info"].(map[string]any)
	if info["title"] == nil || info["version"] == nil {
		t.Errorf("info needs title and version: %v", info)
	}
	paths, ok := doc["paths"].(map[string]any)
	if !ok || len(paths) == 0 {
		t.Fatal("no paths")
	}
	ids := map[string]string{}
	for p, itemv := range paths {
		if !strings.HasPrefix(p, "/") {
			t.Errorf("path %q does not start with /", p)
		}
		for m, opv := range itemv.(map[string]any) {
			if !slices.Contains(httpMethods, m) {
				t.Errorf("%s: %q is not a method", p, m)
				continue
			}
			op := opv.(map[string]any)
			where := m + " " + p
			id, _ := op["operationId"].(string)
			if id == "" {
				t.Errorf("%s: no operationId", where)
			} else if prev, dup := ids[id]; dup {
				t.Errorf("operationId %q on %s and %s", id, prev, where)
			}
			ids[id] = where
			resps, _ := op["responses"].(map[string]any)
			if len(resps) == 0 {
				t.Errorf("%s: no responses", where)
			}
			for code := range resps {
				if code != "default" && (len(code) != 3 || code[0] < '1' || code[0] > '5') {
					t.Errorf("%s: response key %q", where, code)
				}
			}
			declared := map[string]bool{}
			params, _ := op["parameters"].([]any)
			for _, pv := range params {
				pm := pv.(map[string]any)
				if r, ok := pm["$ref"].(string); ok {
					pm, _ = resolve(doc, r).(map[string]any)
				}
				if pm == nil {
					continue // reported by the $ref walk
				}
				in, _ := pm["in"].(string)
				if !slices.Contains([]string{"path", "query", "header", "cookie"}, in) || pm["name"] == nil || pm["schema"] == nil {
					t.Errorf("%s: malformed parameter %v", where, pm)
				}
				if in == "path" {
					if pm["required"] != true {
						t.Errorf("%s: path parameter %v not required", where, pm["name"])
					}
					declared[pm["name"].(string)] = true
				}
			}
			for _, seg := range strings.Split(p, "/") {
				if strings.HasPrefix(seg, "{") {
					name := strings.Trim(seg, "{}")
					if !declared[name] {
						t.Errorf("%s: path parameter %q not declared", where, name)
					}
					delete(declared, name)
				}
			}
			for name := range declared {
				t.Errorf("%s: declared path parameter %q not in the path", where, name)
			}
			if rb, ok := op["requestBody"].(map[string]any); ok {
				sch := rb["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)
				if sch["additionalProperties"] != false {
					t.Errorf("%s: request body allows unknown fields, the server does not", where)
				}
			}
		}
	}
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k == "$ref" {
					r, _ := e.(string)
					if resolve(doc, r) == nil {
						t.Errorf("%s: $ref %q does not resolve", at, r)
					}
					continue
				}
				walk(e, at+"/"+k)
			}
		case []any:
			for _, e := range x {
				walk(e, at)
			}
		}
	}
	walk(doc, "#")
}

func resolve(doc map[string]any, ref string) any {
	p, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil
	}
	var cur any = doc
	for _, seg := range strings.Split(p, "/") {
		seg = strings.NewReplacer("~1", "/", "~0", "~").Replace(seg)
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		if cur, ok = m[seg]; !ok {
			return nil
		}
	}
	return cur
}

// TestOpenAPIRequestFieldsMatchDecoder checks that each documented request
// body names exactly the fields the server's decoder accepts: a body with
// every documented property is not refused as having an unknown field.
func TestOpenAPIRequestFieldsMatchDecoder(t *testing.T) {
	for _, op := range operations() {
		if op.body == nil {
			continue
		}
		s := newSchemaGen().requestSchema(op)
		props := s["properties"].(map[string]any)
		body := map[string]any{}
		for name := range props {
			body[name] = nil
		}
		b, _ := json.Marshal(body)
		v := reflect.New(reflect.TypeOf(op.body)).Interface()
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			t.Errorf("%s: %v", op.id, err)
		}
		for _, r := range op.required {
			if _, ok := props[r]; !ok {
				t.Errorf("%s: required field %q is not a field", op.id, r)
			}
		}
	}
}
