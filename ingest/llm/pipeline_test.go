package llm

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph/neo4j"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

// TestPipelineWithTheModel runs the worker's Process with the LLM extractor
// against the fake and the real Neo4j: the model's memories are written
// with their evidence, a failing model falls back to the rules, and both
// calls are in the owner's usage report.
func TestPipelineWithTheModel(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	h := newHarness(t, func(n int, w http.ResponseWriter, r *http.Request, req chatRequest) {
		if n == 0 {
			reply(goodAnswer, 1200, 300)(n, w, r, req)
			return
		}
		writeJSON(w, http.StatusBadGateway, map[string]any{"error": "upstream down"})
	}, func(c *Config) { c.Usage, c.MaxAttempts = store, 2 })
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: h.x})
	if err != nil {
		t.Fatal(err)
	}
	owner := schema.Owner(schema.NewID("usr_"))
	process := func(text string) schema.Job { return processText(t, store, p, owner, text, said) }

	job := process(testDoc.Text)
	mems, err := store.Memories(ctx, owner, job.MemoryIDs)
	if err != nil {
		t.Fatal(err)
	}
	var claims []string
	for _, m := range mems {
		claims = append(claims, m.Claim)
	}
	want := []string{wantGood[0].Claim, wantGood[1].Claim, wantGood[2].Claim}
	if !slices.Equal(claims, want) {
		t.Errorf("claims = %q, want the model's %q\nlogs:\n%s", claims, want, h.logs)
	}
	for _, m := range mems {
		if m.Claim == wantGood[1].Claim && (m.ValidTo == nil || !m.ValidTo.Equal(*wantGood[1].ValidTo) || m.Excerpt != wantGood[1].Excerpt || len(m.EntityIDs) != 1) {
			t.Errorf("commitment = %+v, want its deadline, excerpt and Anna", m)
		}
	}

	const fallbackText = "My favourite colour is blue."
	job = process(fallbackText)
	mems, err = store.Memories(ctx, owner, job.MemoryIDs)
	if err != nil || len(mems) != 1 || mems[0].Excerpt == "" || mems[0].Attribute != "favourite colour" {
		t.Errorf("after a failed call = %+v, %v; want the rules' memory", mems, err)
	}

	rep, err := store.UsageReport(ctx, owner, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Models) != 1 || rep.Total.Calls != 2 || rep.Total.FailedCalls != 1 || rep.Total.InputTokens != 1200 ||
		rep.Total.OutputTokens != 300 || rep.Total.UnpricedCalls != 0 || rep.Models[0].Model != testModel {
		t.Errorf("usage report = %+v, want 2 calls of %s, 1 failed, 1200/300 tokens", rep, testModel)
	}
}

// processText stores text as owner's document said at at, has p process
// its job, and requires the job to complete.
func processText(t *testing.T, store *neo4j.Store, p *ingest.Pipeline, owner schema.Owner, text string, at time.Time) schema.Job {
	t.Helper()
	ctx := t.Context()
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: text, CreatedAt: at, SaidAt: at}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: time.Now().UTC()}
	if err := store.CreateDocumentJob(ctx, owner, doc, job); err != nil {
		t.Fatal(err)
	}
	// Published at once: no outbox relay of a service sharing the
	// database may pick the job up.
	if err := store.MarkPublished(ctx, owner, job.ID); err != nil {
		t.Fatal(err)
	}
	if err := p.Process(ctx, schema.JobRef{Owner: owner, JobID: job.ID}); err != nil {
		t.Fatalf("Process: %v", err)
	}
	got, err := store.Job(ctx, owner, job.ID)
	if err != nil || got.State != schema.JobCompleted {
		t.Fatalf("job = %+v, %v; want completed", got, err)
	}
	return got
}
