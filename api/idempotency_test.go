package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// countQueue accepts every job, counts them and processes none.
type countQueue struct {
	acceptQueue
	n atomic.Int64
}

func (q *countQueue) Publish(context.Context, schema.JobRef) error { q.n.Add(1); return nil }

type idemReply struct {
	status   int
	jobID    string
	replayed bool
	body     string
}

// TestRememberIdempotencyKey: POST /memories records its Idempotency-Key with
// the document and the job (one transaction): the same key and body answer
// the first response again with one document and one queued job; a
// different body is 409; a refusal is recorded and replayed like a success;
// keys are per owner; of concurrent requests with one key exactly one
// writes; a Space shared with the caller takes the reserving path.
func TestRememberIdempotencyKey(t *testing.T) {
	store := neo4jtest.Open(t)
	var _ ingest.AcceptStore = store
	ctx := t.Context()
	a, b := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
	q := &countQueue{}
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: noExtractor{}, Queue: q})
	if err != nil {
		t.Fatal(err)
	}
	if !p.CanRememberOnce() {
		t.Fatal("the Neo4j store does not record keys with documents")
	}
	tokens := map[string]schema.Owner{"tok-a": a, "tok-b": b}
	srv, err := New(Config{Graph: store, Pipeline: p, Searcher: &retrieval.Searcher{Graph: store},
		Auth: func(_ context.Context, cred string) (Principal, error) {
			if o, ok := tokens[cred]; ok {
				return Principal{Owner: o, Scopes: []string{ScopeRead, ScopeCapture, ScopeWrite}}, nil
			}
			return Principal{}, schema.ErrUnauthenticated
		}})
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	post := func(tok, key, body string) idemReply {
		t.Helper()
		req := httptest.NewRequest("POST", "/api/v1/memories", bytes.NewBufferString(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(IdempotencyHeader, key)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var j struct {
			JobID string `json:"jobId"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &j)
		return idemReply{rec.Code, j.JobID, rec.Header().Get("Idempotent-Replayed") == "true", rec.Body.String()}
	}
	docs := func(o schema.Owner) int {
		t.Helper()
		ds, err := store.ListDocuments(ctx, o, "", graph.MaxPage, graph.DocumentCursor{})
		if err != nil {
			t.Fatal(err)
		}
		return len(ds)
	}

	r1 := post("tok-a", "k1", `{"text":"The migration is halfway done."}`)
	r2 := post("tok-a", "k1", `{"text":"The migration is halfway done."}`)
	if r1.status != 202 || r1.replayed || r2.status != 202 || !r2.replayed || r1.jobID == "" || r1.jobID != r2.jobID || r1.body != r2.body {
		t.Fatalf("first %+v, second %+v", r1, r2)
	}
	if job, err := store.Job(ctx, a, r1.jobID); err != nil || job.State != schema.JobQueued {
		t.Fatalf("job %+v %v", job, err)
	}
	if n := docs(a); n != 1 {
		t.Fatalf("%d documents after one request sent twice", n)
	}
	if r := post("tok-a", "k1", `{"text":"Something else."}`); r.status != http.StatusConflict {
		t.Fatalf("same key, different body: %+v", r)
	}
	// Keys are per owner.
	if r := post("tok-b", "k1", `{"text":"Something else."}`); r.status != 202 || r.replayed || r.jobID == r1.jobID {
		t.Fatalf("another owner's key: %+v", r)
	}
	// A refusal is the key's first response too.
	bad1 := post("tok-a", "k2", `{"text":""}`)
	bad2 := post("tok-a", "k2", `{"text":""}`)
	if bad1.status != 400 || bad2.status != 400 || !bad2.replayed || bad1.body != bad2.body {
		t.Fatalf("refusal %+v, again %+v", bad1, bad2)
	}
	if r := post("tok-a", "k2", `{"text":"Now with text."}`); r.status != http.StatusConflict {
		t.Fatalf("a valid body under a refused request's key: %+v", r)
	}
	// A refusal under a key a success already holds answers from the record.
	if r := post("tok-a", "k1", `{"text":""}`); r.status != http.StatusConflict {
		t.Fatalf("a refused body under a used key: %+v", r)
	}
	if n := docs(a); n != 1 {
		t.Fatalf("%d documents", n)
	}

	// Concurrent requests with one key: one document, one job, one answer.
	var wg sync.WaitGroup
	replies := make([]idemReply, 8)
	for i := range replies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i] = post("tok-a", "k3", `{"text":"The kite festival moved to June."}`)
		}()
	}
	wg.Wait()
	for _, r := range replies {
		if r.status != 202 || r.jobID != replies[0].jobID {
			t.Fatalf("concurrent replies %+v", replies)
		}
	}
	if n := docs(a); n != 2 {
		t.Fatalf("%d documents after eight concurrent requests with one key", n)
	}

	// Without a key, every request is its own.
	for range 2 {
		if r := post("tok-a", "", `{"text":"No key here."}`); r.status != 202 || r.replayed {
			t.Fatalf("no key: %+v", r)
		}
	}
	if n := docs(a); n != 4 {
		t.Fatalf("%d documents", n)
	}

	// Material for a Space shared with the caller (another owner's graph).
	sp, err := store.CreateSpace(ctx, a, schema.Space{ID: schema.NewID(schema.PrefixSpace), Name: "Kites"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.ShareSpace(ctx, a, sp.ID, b, "", graph.RoleEditor); err != nil {
		t.Fatal(err)
	}
	if _, err := store.AcceptSpaceInvitation(ctx, b, sp.ID); err != nil {
		t.Fatal(err)
	}
	body := `{"text":"Bring the red kite.","spaceId":"` + sp.ID + `"}`
	s1, s2 := post("tok-b", "k4", body), post("tok-b", "k4", body)
	if s1.status != 202 || s2.status != 202 || !s2.replayed || s1.jobID != s2.jobID {
		t.Fatalf("shared Space: %+v then %+v", s1, s2)
	}
	if _, err := store.Job(ctx, a, s1.jobID); err != nil {
		t.Fatalf("the shared Space's job is not in its owner's graph: %v", err)
	}
	if n := docs(a); n != 5 {
		t.Fatalf("%d documents", n)
	}
	if got, want := q.n.Load(), int64(6); got != want {
		t.Fatalf("%d jobs queued; want %d", got, want)
	}
}
