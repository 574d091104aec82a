package queuetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

// Configuration every queue under test must use.
const (
	// MaxAttempts is how many times a failing message is handled before it
	// is dead-lettered.
	MaxAttempts = 3
	// Backoff is the longest initial backoff the suite expects.
	Backoff = 10 * time.Millisecond
)

// Timeouts of the suite. Joining a consumer group takes a second or two.
const (
	waitTimeout = 60 * time.Second
	stopTimeout = 20 * time.Second
	// settle is how long the suite watches for deliveries that must not
	// happen.
	settle = 500 * time.Millisecond
)

// RawPublisher is an optional capability of a queue under test: publish
// bytes that are not a job reference, keyed like Publish keys its messages.
// The malformed-message test runs only when the queue has it.
type RawPublisher interface {
	PublishRaw(ctx context.Context, key, value []byte) error
}

// Opener opens a queue on a fresh topic and consumer group. It ends the
// test itself (testenv.Unavailable) when the backend cannot be reached, and
// closes the queue in t.Cleanup.
type Opener func(t *testing.T) ingest.Queue

// Run runs the Queue contract against the queues open returns, each subtest
// in parallel on its own queue.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(t *testing.T, q ingest.Queue)
	}{
		{"PublishConsume", testPublishConsume},
		{"PublishInvalid", testPublishInvalid},
		{"DeadLetterThenNext", testDeadLetter},
		{"RetryThenSucceed", testRetryThenSucceed},
		{"RedeliverUncommitted", testRedeliver},
		{"Malformed", testMalformed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fn(t, open(t))
		})
	}
}

// UniqueName returns prefix followed by random hex, for topics and groups.
func UniqueName(prefix string) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

func ref(owner, job string) schema.JobRef {
	return schema.JobRef{Owner: schema.Owner(owner), JobID: job}
}

func publish(t *testing.T, q ingest.Queue, refs ...schema.JobRef) {
	t.Helper()
	for _, r := range refs {
		ctx, cancel := context.WithTimeout(t.Context(), waitTimeout)
		err := q.Publish(ctx, r)
		cancel()
		if err != nil {
			t.Fatalf("Publish(%+v): %v", r, err)
		}
	}
}

// deadCall is one call of the dead callback.
type deadCall struct {
	Ref schema.JobRef
	Err error
}

// consumer runs Consume in the background and records what it sees.
type consumer struct {
	t      *testing.T
	cancel context.CancelFunc
	done   chan error

	mu        sync.Mutex
	handled   []schema.JobRef // every handler call, in order
	succeeded []schema.JobRef // calls that returned nil
	dead      []deadCall
	changed   chan struct{} // closed and replaced on every record
}

// start runs q.Consume with handle (nil means always succeed) until stop.
func start(t *testing.T, q ingest.Queue, handle func(ctx context.Context, r schema.JobRef) error) *consumer {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	c := &consumer{t: t, cancel: cancel, done: make(chan error, 1), changed: make(chan struct{})}
	h := func(ctx context.Context, r schema.JobRef) error {
		c.record(func() { c.handled = append(c.handled, r) })
		var err error
		if handle != nil {
			err = handle(ctx, r)
		}
		if err == nil {
			c.record(func() { c.succeeded = append(c.succeeded, r) })
		}
		return err
	}
	d := func(_ context.Context, r schema.JobRef, err error) {
		c.record(func() { c.dead = append(c.dead, deadCall{r, err}) })
	}
	go func() { c.done <- q.Consume(ctx, h, d) }()
	t.Cleanup(func() { c.stop() })
	return c
}

func (c *consumer) record(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f()
	close(c.changed)
	c.changed = make(chan struct{})
}

// stop cancels Consume's ctx and waits for it to return nil.
func (c *consumer) stop() {
	c.t.Helper()
	if c.cancel == nil {
		return
	}
	c.cancel()
	c.cancel = nil
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Errorf("Consume returned %v after its ctx ended, want nil", err)
		}
	case <-time.After(stopTimeout):
		c.t.Errorf("Consume did not return within %v after its ctx ended", stopTimeout)
	}
}

// waitFor waits until cond holds over the consumer's records.
func (c *consumer) waitFor(what string, cond func() bool) {
	c.t.Helper()
	deadline := time.After(waitTimeout)
	for {
		c.mu.Lock()
		ok, changed := cond(), c.changed
		c.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-changed:
		case err := <-c.done:
			c.t.Fatalf("waiting for %s: Consume returned early: %v", what, err)
		case <-deadline:
			c.mu.Lock()
			defer c.mu.Unlock()
			c.t.Fatalf("waiting for %s: timed out after %v; handled %v, dead %v", what, waitTimeout, c.handled, c.dead)
		}
	}
}

func (c *consumer) snapshot() (handled, succeeded []schema.JobRef, dead []deadCall) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]schema.JobRef(nil), c.handled...), append([]schema.JobRef(nil), c.succeeded...), append([]deadCall(nil), c.dead...)
}

func contains(refs []schema.JobRef, r schema.JobRef) bool {
	for _, x := range refs {
		if x == r {
			return true
		}
	}
	return false
}

func count(refs []schema.JobRef, r schema.JobRef) int {
	n := 0
	for _, x := range refs {
		if x == r {
			n++
		}
	}
	return n
}

func testPublishConsume(t *testing.T, q ingest.Queue) {
	if err := q.Ping(t.Context()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	refs := []schema.JobRef{ref("alice", "job_1"), ref("bob@example.com", "job_2"), ref("alice", "job_3")}
	publish(t, q, refs...)
	c := start(t, q, nil)
	c.waitFor("three jobs", func() bool { return len(c.succeeded) >= len(refs) })
	time.Sleep(settle)
	c.stop()
	handled, _, dead := c.snapshot()
	if diff := cmp.Diff(refs, handled, cmpopts.SortSlices(func(a, b schema.JobRef) bool { return a.JobID < b.JobID })); diff != "" {
		t.Errorf("delivered jobs (-want +got):\n%s", diff)
	}
	// One owner's jobs arrive in publish order.
	var alice []string
	for _, r := range handled {
		if r.Owner == "alice" {
			alice = append(alice, r.JobID)
		}
	}
	if !cmp.Equal(alice, []string{"job_1", "job_3"}) {
		t.Errorf("alice's jobs arrived as %v, want [job_1 job_3]", alice)
	}
	if len(dead) != 0 {
		t.Errorf("dead called for %v", dead)
	}
}

func testPublishInvalid(t *testing.T, q ingest.Queue) {
	for _, r := range []schema.JobRef{ref("", "job_1"), ref("alice", ""), ref("not an owner", "job_1")} {
		if err := q.Publish(t.Context(), r); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("Publish(%+v): err = %v, want one wrapping schema.ErrInvalid", r, err)
		}
	}
}

var errPoison = errors.New("poison job")

func testDeadLetter(t *testing.T, q ingest.Queue) {
	poison, next := ref("carol", "job_poison"), ref("carol", "job_next")
	// Same owner: next sits behind poison in the same ordered stream.
	publish(t, q, poison, next)
	c := start(t, q, func(_ context.Context, r schema.JobRef) error {
		if r == poison {
			return errPoison
		}
		return nil
	})
	c.waitFor("the job behind the poison job", func() bool { return contains(c.succeeded, next) })
	time.Sleep(settle)
	c.stop()
	handled, _, dead := c.snapshot()
	if n := count(handled, poison); n != MaxAttempts {
		t.Errorf("poison job handled %d times, want MaxAttempts = %d", n, MaxAttempts)
	}
	if len(dead) != 1 {
		t.Fatalf("dead called %d times (%v), want once", len(dead), dead)
	}
	if dead[0].Ref != poison {
		t.Errorf("dead called with %+v, want %+v", dead[0].Ref, poison)
	}
	if !errors.Is(dead[0].Err, errPoison) {
		t.Errorf("dead called with error %v, want one wrapping the handler's last error", dead[0].Err)
	}
	// Dead-lettered means committed: a new consumer in the group sees
	// neither job again.
	marker := ref("carol", "job_marker")
	publish(t, q, marker)
	c2 := start(t, q, nil)
	c2.waitFor("the marker job", func() bool { return contains(c2.succeeded, marker) })
	c2.stop()
	if handled, _, _ := c2.snapshot(); !cmp.Equal(handled, []schema.JobRef{marker}) {
		t.Errorf("after dead-lettering a new consumer handled %v, want only the marker", handled)
	}
}

func testRetryThenSucceed(t *testing.T, q ingest.Queue) {
	job := ref("dave", "job_flaky")
	publish(t, q, job)
	var mu sync.Mutex
	calls := 0
	c := start(t, q, func(context.Context, schema.JobRef) error {
		mu.Lock()
		defer mu.Unlock()
		calls++
		if calls == 1 {
			return errors.New("transient failure")
		}
		return nil
	})
	c.waitFor("the retried job to succeed", func() bool { return len(c.succeeded) == 1 })
	time.Sleep(settle)
	c.stop()
	handled, _, dead := c.snapshot()
	if !cmp.Equal(handled, []schema.JobRef{job, job}) {
		t.Errorf("handled %v, want the job twice", handled)
	}
	if len(dead) != 0 {
		t.Errorf("dead called for %v", dead)
	}
	// It was committed: the next consumer in the group starts after it.
	marker := ref("dave", "job_marker")
	publish(t, q, marker)
	c2 := start(t, q, nil)
	c2.waitFor("the marker job", func() bool { return contains(c2.succeeded, marker) })
	c2.stop()
	if handled, _, _ := c2.snapshot(); !cmp.Equal(handled, []schema.JobRef{marker}) {
		t.Errorf("after success a new consumer handled %v, want only the marker", handled)
	}
}

func testRedeliver(t *testing.T, q ingest.Queue) {
	job := ref("erin", "job_interrupted")
	publish(t, q, job)
	// The first worker is stopped while handling the job: it never returns
	// nil, so the job is not committed.
	c1 := start(t, q, func(ctx context.Context, _ schema.JobRef) error {
		<-ctx.Done()
		return ctx.Err()
	})
	c1.waitFor("the first delivery", func() bool { return len(c1.handled) == 1 })
	c1.stop()
	// A new member of the same group gets it again.
	c2 := start(t, q, nil)
	c2.waitFor("the redelivery", func() bool { return contains(c2.succeeded, job) })
	c2.stop()
	for i, c := range []*consumer{c1, c2} {
		if _, _, dead := c.snapshot(); len(dead) != 0 {
			t.Errorf("consumer %d called dead for %v", i+1, dead)
		}
	}
}

func testMalformed(t *testing.T, q ingest.Queue) {
	raw, ok := q.(RawPublisher)
	if !ok {
		t.Skip("queue does not implement queuetest.RawPublisher")
	}
	owner := "frank"
	for _, v := range []string{`not json at all`, `{"owner":"","job_id":"job_x"}`} {
		ctx, cancel := context.WithTimeout(t.Context(), waitTimeout)
		err := raw.PublishRaw(ctx, []byte(owner), []byte(v))
		cancel()
		if err != nil {
			t.Fatalf("PublishRaw(%q): %v", v, err)
		}
	}
	good := ref(owner, "job_good")
	publish(t, q, good)
	c := start(t, q, nil)
	c.waitFor("the valid job behind the malformed ones", func() bool { return contains(c.succeeded, good) })
	time.Sleep(settle)
	c.stop()
	handled, _, dead := c.snapshot()
	if !cmp.Equal(handled, []schema.JobRef{good}) {
		t.Errorf("handler saw %v, want only the valid job", handled)
	}
	if len(dead) != 2 {
		t.Fatalf("dead called %d times (%v), want once per malformed message", len(dead), dead)
	}
	for _, d := range dead {
		if !errors.Is(d.Err, schema.ErrInvalid) {
			t.Errorf("dead(%+v, %v): want an error wrapping schema.ErrInvalid", d.Ref, d.Err)
		}
	}
}
