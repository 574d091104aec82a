package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// A probe runs in a goroutine of its own, out of reach of the server's
// recovery: one that panics must show as unavailable, not end the server.
func TestReadyzProbeThatPanics(t *testing.T) {
	g := nilStore{}
	p, err := ingest.New(ingest.Config{Graph: g, Extractor: noExtractor{}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Graph: g, Pipeline: p, Searcher: &retrieval.Searcher{},
		Auth: func(context.Context, string) (Principal, error) { return Principal{}, schema.ErrUnauthenticated },
		Checks: []Check{
			{Name: "fine", Probe: func(context.Context) error { return nil }},
			{Name: "broken", Probe: func(context.Context) error { var m map[string]int; m["x"]++; return nil }},
		}})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("GET /readyz with a probe that panics: %d %s, want 503", rec.Code, rec.Body)
	}
	var body struct {
		Checks []CheckResult `json:"checks"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	states := map[string]string{}
	for _, c := range body.Checks {
		states[c.Name] = c.State
	}
	if states["fine"] != "ready" || states["broken"] != "unavailable" {
		t.Errorf("checks %v, want fine ready and broken unavailable", states)
	}
}
