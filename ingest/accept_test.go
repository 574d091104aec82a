package ingest_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

// slowAccept is the Neo4j store with a slow CreateDocumentJobsOnce that
// counts its calls and can refuse calls of more than one request, or
// every call as a store that cannot be reached.
type slowAccept struct {
	*neo4j.Store
	calls, rows atomic.Int64
	failBatches atomic.Bool
	down        atomic.Bool
	delay       time.Duration
}

func (s *slowAccept) CreateDocumentJobsOnce(ctx context.Context, ttl time.Duration, owners []schema.Owner, docs []schema.Document, jobs []schema.Job, recs []graph.IdemRecord) ([]graph.IdemRecord, []bool, error) {
	s.calls.Add(1)
	s.rows.Add(int64(len(owners)))
	time.Sleep(s.delay)
	if s.down.Load() {
		return nil, nil, fmt.Errorf("create documents and jobs: %w: connection refused", schema.ErrUnavailable)
	}
	if len(owners) > 1 && s.failBatches.Load() {
		return nil, nil, errors.New("refused a batch")
	}
	return s.Store.CreateDocumentJobsOnce(ctx, ttl, owners, docs, jobs, recs)
}

type countingQueue struct {
	published atomic.Int64
}

func (q *countingQueue) Publish(context.Context, schema.JobRef) error { q.published.Add(1); return nil }
func (q *countingQueue) Consume(ctx context.Context, _ func(context.Context, schema.JobRef) error, _ func(context.Context, schema.JobRef, error)) error {
	<-ctx.Done()
	return nil
}
func (q *countingQueue) Ping(context.Context) error { return nil }
func (q *countingQueue) Close() error               { return nil }

// TestAcceptGroupCommit: concurrent Remember calls are written together
// (fewer transactions than requests), each answered with its own durable,
// queued job; when a batch fails, its requests are written one by one.
func TestAcceptGroupCommit(t *testing.T) {
	store := &slowAccept{Store: neo4jtest.Open(t), delay: 20 * time.Millisecond}
	q := &countingQueue{}
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: noExtract{}, Queue: q})
	if err != nil {
		t.Fatal(err)
	}
	owners := []schema.Owner{schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))}
	run := func(n int) []schema.Job {
		var wg sync.WaitGroup
		jobs := make([]schema.Job, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				job, err := p.Remember(t.Context(), owners[i%2], ingest.RememberInput{Text: "Note number one."})
				if err != nil {
					t.Error(err)
				}
				jobs[i] = job
			}()
		}
		wg.Wait()
		return jobs
	}
	check := func(jobs []schema.Job) {
		t.Helper()
		for i, j := range jobs {
			got, err := store.Job(t.Context(), owners[i%2], j.ID)
			if err != nil || got.State != schema.JobQueued || got.DocumentID != j.DocumentID {
				t.Fatalf("job %d: %+v %v", i, got, err)
			}
			if _, err := store.Job(t.Context(), owners[(i+1)%2], j.ID); !errors.Is(err, schema.ErrNotFound) {
				t.Fatalf("job %d is visible to the other owner: %v", i, err)
			}
		}
	}
	check(run(32))
	if c := store.calls.Load(); c >= 32 || store.rows.Load() != 32 {
		t.Fatalf("%d transactions for 32 concurrent requests (%d rows)", c, store.rows.Load())
	}
	if q.published.Load() != 32 {
		t.Fatalf("%d published", q.published.Load())
	}

	store.failBatches.Store(true)
	check(run(16))
	if q.published.Load() != 48 {
		t.Fatalf("%d published", q.published.Load())
	}

	// A store that cannot be reached fails each request once, with
	// ErrUnavailable, and is not asked again request by request.
	store.failBatches.Store(false)
	store.down.Store(true)
	before := store.rows.Load()
	var wg0 sync.WaitGroup
	for range 16 {
		wg0.Add(1)
		go func() {
			defer wg0.Done()
			if _, err := p.Remember(t.Context(), owners[0], ingest.RememberInput{Text: "Down."}); !errors.Is(err, schema.ErrUnavailable) {
				t.Errorf("store down: %v", err)
			}
		}()
	}
	wg0.Wait()
	if n := store.rows.Load() - before; n != 16 {
		t.Fatalf("%d rows tried for 16 requests while the store was down", n)
	}
	store.down.Store(false)

	// One key from concurrent requests: one job.
	store.failBatches.Store(false)
	var wg sync.WaitGroup
	var taken atomic.Int64
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, rec, ok, err := p.RememberOnce(t.Context(), owners[0], ingest.RememberInput{Text: "Once."}, ingest.Once{
				Key: "once", RequestHash: "h", TTL: time.Hour,
				Respond: func(j schema.Job) (int, []byte, error) { return 202, []byte(j.ID), nil },
			})
			if err != nil || rec.RequestHash != "h" || rec.Status != 202 {
				t.Error(rec, err)
			}
			if ok {
				taken.Add(1)
			}
		}()
	}
	wg.Wait()
	if taken.Load() != 1 {
		t.Fatalf("%d requests with one key wrote a job", taken.Load())
	}
}

// noExtract extracts nothing.
type noExtract struct{}

func (noExtract) Extract(context.Context, schema.Document) ([]schema.Memory, error) { return nil, nil }
