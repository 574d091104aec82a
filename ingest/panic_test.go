package ingest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// panicking extracts with the rules, but panics on a text that holds
// its trigger, as a reading that runs past a claim's end once did.
type panicking struct{ trigger string }

func (p panicking) Extract(ctx context.Context, doc schema.Document) ([]schema.Memory, error) {
	if strings.Contains(doc.Text, p.trigger) {
		var words []string
		_ = words[len(doc.Text)] // index out of range
	}
	return rules.Extractor{}.Extract(ctx, doc)
}

// TestAPanicFailsTheBatchNotTheWorker: the worker works on the owners of
// a batch side by side, in goroutines of their own; a panic in one of
// them is an error of the batch (retried, then dead-lettered, as any
// failing batch), not the end of the process, and the other owner's jobs
// still complete. Against the real Neo4j.
func TestAPanicFailsTheBatchNotTheWorker(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: panicking{trigger: "PANIC"}})
	if err != nil {
		t.Fatal(err)
	}
	job := func(owner schema.Owner, text string) schema.JobRef {
		said := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: text, CreatedAt: said, SaidAt: said}
		j := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: time.Now().UTC()}
		if err := store.CreateDocumentJob(ctx, owner, doc, j); err != nil {
			t.Fatal(err)
		}
		if err := store.MarkPublished(ctx, owner, j.ID); err != nil {
			t.Fatal(err)
		}
		return schema.JobRef{Owner: owner, JobID: j.ID}
	}
	bad, good := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
	refs := []schema.JobRef{job(bad, "PANIC: the ledger runs on Postgres."), job(good, "The billing service runs on Kafka.")}
	err = p.ProcessBatch(ctx, refs)
	if err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("ProcessBatch with a job that panics: %v, want an error saying it panicked", err)
	}
	if j, err := store.Job(ctx, good, refs[1].JobID); err != nil || j.State != schema.JobCompleted {
		t.Errorf("the other owner's job: %+v, %v; want completed", j, err)
	}
	if j, err := store.Job(ctx, bad, refs[0].JobID); err != nil || j.State == schema.JobCompleted {
		t.Errorf("the job that panicked: %+v, %v; want it not completed", j, err)
	}
}
