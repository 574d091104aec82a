package kafka_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

// batchRecorder runs ConsumeBatches and records what reached each handler.
type batchRecorder struct {
	mu      sync.Mutex
	batches [][]schema.JobRef // batches handleBatch accepted
	single  []schema.JobRef   // references handle succeeded on
	dead    []schema.JobRef
	stop    func()
	done    chan error
}

func consumeBatches(t *testing.T, q *ingestQueue, batchErr func([]schema.JobRef) error, handleErr func(schema.JobRef) error) *batchRecorder {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	r := &batchRecorder{stop: cancel, done: make(chan error, 1)}
	go func() {
		r.done <- q.ConsumeBatches(ctx, 8,
			func(_ context.Context, refs []schema.JobRef) error {
				if err := batchErr(refs); err != nil {
					return err
				}
				r.mu.Lock()
				defer r.mu.Unlock()
				r.batches = append(r.batches, slices.Clone(refs))
				return nil
			},
			func(_ context.Context, ref schema.JobRef) error {
				if err := handleErr(ref); err != nil {
					return err
				}
				r.mu.Lock()
				defer r.mu.Unlock()
				r.single = append(r.single, ref)
				return nil
			},
			func(_ context.Context, ref schema.JobRef, _ error) {
				r.mu.Lock()
				defer r.mu.Unlock()
				r.dead = append(r.dead, ref)
			})
	}()
	t.Cleanup(func() { cancel(); <-r.done })
	return r
}

func (r *batchRecorder) all() []schema.JobRef {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []schema.JobRef
	for _, b := range r.batches {
		out = append(out, b...)
	}
	return append(out, r.single...)
}

func (r *batchRecorder) waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type ingestQueue = rawQueue

var _ ingest.BatchConsumer = ingestQueue{}

func never([]schema.JobRef) error { return nil }
func ok(schema.JobRef) error      { return nil }

func TestConsumeBatchesCommitsTogether(t *testing.T) {
	cfg := testConfig()
	q := withRaw(t, open(t, cfg), cfg)
	var refs []schema.JobRef
	for i := range 24 {
		owner := []schema.Owner{"alice", "bob"}[i%2]
		refs = append(refs, schema.JobRef{Owner: owner, JobID: fmt.Sprintf("job_%02d", i)})
	}
	for _, r := range refs {
		if err := q.Publish(t.Context(), r); err != nil {
			t.Fatal(err)
		}
	}
	rec := consumeBatches(t, &q, never, ok)
	rec.waitFor(t, "all jobs", func() bool { return len(rec.all()) >= len(refs) })
	time.Sleep(time.Second) // anything delivered twice would show now
	rec.stop()
	<-rec.done
	rec.done <- nil
	got := rec.all()
	if len(got) != len(refs) {
		t.Fatalf("handled %d references, want each of %d once: %v", len(got), len(refs), got)
	}
	if len(rec.single) != 0 {
		t.Errorf("no batch failed, yet %d references went one by one", len(rec.single))
	}
	longest := 0
	for _, b := range rec.batches {
		longest = max(longest, len(b))
		if len(b) > 8 {
			t.Errorf("batch of %d, more than the 8 asked for", len(b))
		}
	}
	if longest < 2 {
		t.Errorf("every batch had one message (%d batches) although all were waiting", len(rec.batches))
	}
	for _, owner := range []schema.Owner{"alice", "bob"} {
		var order []string
		for _, r := range got {
			if r.Owner == owner {
				order = append(order, r.JobID)
			}
		}
		if !slices.IsSorted(order) {
			t.Errorf("%s's jobs arrived as %v, not in publish order", owner, order)
		}
	}
	// Committed: a new member of the group sees only what comes next.
	marker := schema.JobRef{Owner: "alice", JobID: "job_marker"}
	if err := q.Publish(t.Context(), marker); err != nil {
		t.Fatal(err)
	}
	rec2 := consumeBatches(t, &q, never, ok)
	rec2.waitFor(t, "the marker", func() bool { return len(rec2.all()) >= 1 })
	time.Sleep(500 * time.Millisecond)
	if got := rec2.all(); !slices.Equal(got, []schema.JobRef{marker}) {
		t.Errorf("after the batches were committed a new consumer handled %v, want only the marker", got)
	}
}

func TestConsumeBatchesFallsBackOneByOne(t *testing.T) {
	cfg := testConfig()
	q := withRaw(t, open(t, cfg), cfg)
	poison := schema.JobRef{Owner: "carol", JobID: "job_poison"}
	next := schema.JobRef{Owner: "carol", JobID: "job_next"}
	for _, r := range []schema.JobRef{poison, next} {
		if err := q.Publish(t.Context(), r); err != nil {
			t.Fatal(err)
		}
	}
	// A malformed message too: it must be dead-lettered, not block the rest.
	if err := q.PublishRaw(t.Context(), []byte("carol"), []byte("{")); err != nil {
		t.Fatal(err)
	}
	good := schema.JobRef{Owner: "carol", JobID: "job_good"}
	if err := q.Publish(t.Context(), good); err != nil {
		t.Fatal(err)
	}
	errPoison := errors.New("poison")
	rec := consumeBatches(t, &q,
		func(refs []schema.JobRef) error {
			if slices.Contains(refs, poison) {
				return errPoison
			}
			return nil
		},
		func(r schema.JobRef) error {
			if r == poison {
				return errPoison
			}
			return nil
		})
	rec.waitFor(t, "the jobs behind the poison and the malformed message", func() bool {
		all := rec.all()
		return slices.Contains(all, next) && slices.Contains(all, good)
	})
	rec.waitFor(t, "two dead letters", func() bool {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		return len(rec.dead) >= 2
	})
	rec.mu.Lock()
	dead := slices.Clone(rec.dead)
	rec.mu.Unlock()
	if !slices.Contains(dead, poison) {
		t.Errorf("dead letters %v do not include the poison job", dead)
	}
	if slices.Contains(rec.all(), poison) {
		t.Errorf("the poison job was reported handled")
	}
}
