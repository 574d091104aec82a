package ingest_test

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// batchStatements exercise every relation the engine plans between jobs:
// a repeat (reinforcement), corrections (supersession), contradictions
// (conflicts), one entity under two names, and unrelated claims.
var batchStatements = []struct {
	text  string
	hours int // after the first statement; equal hours: neither is later
}{
	{"The ledger runs on Postgres.", 0},
	{"The ledger runs on Postgres.", 26},
	{"Actually, the ledger runs on MySQL now.", 52},
	{"The release version is 0.9.7.", 78},
	{"No, the release version is 0.9.8.", 104},
	{"Ana's favourite editor is Vim.", 130},
	{"Ana's favourite editor is Emacs.", 130},
	{"We decided to use Kafka for ingestion over RabbitMQ.", 156},
	{"Ravi will send the capacity report by Friday.", 182},
	{"The New York City office opens on Monday.", 208},
	{"The NYC office is run by Mei.", 234},
	{"The ledger runs on MySQL.", 260},
}

// outcome is what an owner's graph says about the statements, in terms
// that do not depend on ids.
type outcome struct {
	Memories   []string // claim | state | evidence count
	Supersedes []string // new claim -> old claim
	Conflicts  []string // claim vs claim
	Entities   []string // name (aliases)
}

func readOutcome(t *testing.T, s graph.Store, owner schema.Owner) outcome {
	t.Helper()
	ctx := t.Context()
	ms, err := s.ListMemories(ctx, owner, graph.MemoryFilter{}, graph.MaxPage, graph.MemoryCursor{})
	if err != nil {
		t.Fatalf("ListMemories: %v", err)
	}
	claims := map[string]string{}
	var o outcome
	for _, m := range ms {
		claims[m.ID] = m.Claim
	}
	for _, m := range ms {
		d, err := s.MemoryDetail(ctx, owner, m.ID)
		if err != nil {
			t.Fatalf("MemoryDetail: %v", err)
		}
		o.Memories = append(o.Memories, fmt.Sprintf("%s | %s | %d", m.Claim, d.Memory.State, d.EvidenceCount))
		for _, by := range d.SupersededBy {
			o.Supersedes = append(o.Supersedes, claims[by]+" -> "+m.Claim)
		}
	}
	cs, err := s.Conflicts(ctx, owner, "", graph.MaxPage, "")
	if err != nil {
		t.Fatalf("Conflicts: %v", err)
	}
	for _, c := range cs {
		pair := []string{claims[c.MemoryIDs[0]], claims[c.MemoryIDs[1]]}
		slices.Sort(pair)
		o.Conflicts = append(o.Conflicts, strings.Join(pair, " vs "))
	}
	es, err := s.ListEntities(ctx, owner, "", "", graph.MaxPage, graph.EntityCursor{})
	if err != nil {
		t.Fatalf("ListEntities: %v", err)
	}
	for _, e := range es {
		al := slices.Clone(e.Aliases)
		slices.Sort(al)
		o.Entities = append(o.Entities, fmt.Sprintf("%s (%s)", e.Name, strings.Join(al, ", ")))
	}
	for _, l := range [][]string{o.Memories, o.Supersedes, o.Conflicts, o.Entities} {
		sort.Strings(l)
	}
	return o
}

// TestProcessBatchMatchesOneByOne processes the same statements for two
// owners against the real Neo4j: one job at a time, and as one batch. The
// batch plans later jobs against what earlier ones planned but has not yet
// written, so both must leave the same graph.
func TestProcessBatchMatchesOneByOne(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: rules.Extractor{}})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	jobs := func(owner schema.Owner) []schema.JobRef {
		var refs []schema.JobRef
		for _, st := range batchStatements {
			said := start.Add(time.Duration(st.hours) * time.Hour)
			doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: st.text, CreatedAt: said, SaidAt: said}
			// The job is created now: an outbox relay of a service sharing
			// the database publishes only jobs older than OutboxAge.
			job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: time.Now().UTC()}
			if err := store.CreateDocumentJob(ctx, owner, doc, job); err != nil {
				t.Fatal(err)
			}
			// Published at once: no outbox relay of a service sharing the
			// database may pick the job up.
			if err := store.MarkPublished(ctx, owner, job.ID); err != nil {
				t.Fatal(err)
			}
			refs = append(refs, schema.JobRef{Owner: owner, JobID: job.ID})
		}
		return refs
	}
	one, batch := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
	for _, r := range jobs(one) {
		if err := p.Process(ctx, r); err != nil {
			t.Fatalf("Process: %v", err)
		}
	}
	refs := jobs(batch)
	// The same message twice in a batch is processed once.
	refs = append(refs, refs[len(refs)-1])
	if err := p.ProcessBatch(ctx, refs); err != nil {
		t.Fatalf("ProcessBatch: %v", err)
	}
	for _, r := range refs {
		j, err := store.Job(ctx, batch, r.JobID)
		if err != nil || j.State != schema.JobCompleted || j.Attempts != 1 {
			t.Errorf("job %s after the batch: %+v, %v; want completed after one attempt", r.JobID, j, err)
		}
	}
	want, got := readOutcome(t, store, one), readOutcome(t, store, batch)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the batch left a different graph than one job at a time (-one by one +batch):\n%s", diff)
	}
	if len(want.Supersedes) == 0 || len(want.Conflicts) == 0 || !slices.ContainsFunc(want.Memories, func(s string) bool { return strings.HasSuffix(s, "| 2") }) {
		t.Errorf("the statements no longer exercise supersession, conflicts and reinforcement: %+v", want)
	}
	// Running the batch again (a redelivery) changes nothing.
	if err := p.ProcessBatch(ctx, refs); err != nil {
		t.Fatalf("ProcessBatch again: %v", err)
	}
	if again := readOutcome(t, store, batch); !cmp.Equal(got, again) {
		t.Errorf("a redelivered batch changed the graph: %s", cmp.Diff(got, again))
	}
}

// recordingQueue accepts every message and keeps nothing else.
type recordingQueue struct{ n atomic.Int64 }

func (q *recordingQueue) Publish(context.Context, schema.JobRef) error { q.n.Add(1); return nil }
func (q *recordingQueue) Consume(ctx context.Context, _ func(context.Context, schema.JobRef) error, _ func(context.Context, schema.JobRef, error)) error {
	<-ctx.Done()
	return nil
}
func (q *recordingQueue) Ping(context.Context) error { return nil }
func (q *recordingQueue) Close() error               { return nil }

// TestAcceptedJobsMarkedPublishedTogether remembers many texts at once: each
// is published, and all are marked published shortly after, in few
// transactions, so the outbox relay never publishes them again.
func TestAcceptedJobsMarkedPublishedTogether(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	q := &recordingQueue{}
	p, err := ingest.New(ingest.Config{Graph: store, Queue: q, Extractor: rules.Extractor{}})
	if err != nil {
		t.Fatal(err)
	}
	owner := schema.Owner(schema.NewID("usr_"))
	var wg sync.WaitGroup
	jobs := make([]schema.Job, 40)
	for i := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j, err := p.Remember(ctx, owner, ingest.RememberInput{Text: fmt.Sprintf("Note %d: the cache warms at six.", i)})
			if err != nil {
				t.Errorf("Remember: %v", err)
			}
			jobs[i] = j
		}()
	}
	wg.Wait()
	if q.n.Load() != int64(len(jobs)) {
		t.Fatalf("published %d messages, want %d", q.n.Load(), len(jobs))
	}
	deadline := time.Now().Add(ingest.OutboxAge)
	for _, j := range jobs {
		for {
			got, err := store.Job(ctx, owner, j.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Published {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("job %s not marked published within the outbox age %s", j.ID, ingest.OutboxAge)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// TestContributionStaysInItsSpace: material a collaborator sends into a
// shared Space never supersedes, reinforces or disputes the owner's
// memories in another Space.
func TestContributionStaysInItsSpace(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: rules.Extractor{}})
	if err != nil {
		t.Fatal(err)
	}
	owner := schema.Owner(schema.NewID("usr_"))
	shared := schema.Space{ID: schema.NewID(schema.PrefixSpace), Name: "Team"}
	if _, err := store.CreateSpace(ctx, owner, shared); err != nil {
		t.Fatal(err)
	}
	run := func(text, space string, by schema.Owner, said time.Time) schema.Job {
		doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: text, SpaceID: space, ContributedBy: by, CreatedAt: said, SaidAt: said}
		job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: time.Now().UTC()}
		if err := store.CreateDocumentJob(ctx, owner, doc, job); err != nil {
			t.Fatal(err)
		}
		if err := store.MarkPublished(ctx, owner, job.ID); err != nil {
			t.Fatal(err)
		}
		if err := p.Process(ctx, schema.JobRef{Owner: owner, JobID: job.ID}); err != nil {
			t.Fatalf("Process: %v", err)
		}
		j, err := store.Job(ctx, owner, job.ID)
		if err != nil {
			t.Fatal(err)
		}
		return j
	}
	said := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	own := run("The ledger runs on Postgres.", "", "", said)
	contrib := run("Actually, the ledger runs on MySQL now.", shared.ID, "usr_collaborator", said.Add(72*time.Hour))
	if len(own.MemoryIDs) != 1 || len(contrib.MemoryIDs) != 1 {
		t.Fatalf("memories: owner's job %v, contribution %v; want one each", own.MemoryIDs, contrib.MemoryIDs)
	}
	d, err := store.MemoryDetail(ctx, owner, own.MemoryIDs[0])
	if err != nil {
		t.Fatal(err)
	}
	if d.Memory.State != schema.StateActive || len(d.SupersededBy) != 0 || d.EvidenceCount != 1 {
		t.Errorf("the owner's memory in their personal Space after a contribution elsewhere: state %s, superseded by %v, evidence %d; want it untouched", d.Memory.State, d.SupersededBy, d.EvidenceCount)
	}
}
