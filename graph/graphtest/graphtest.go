package graphtest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Run runs the conformance suite. open returns the store under test; it is
// called once per subtest and may return the same store every time. Run
// migrates the store before the subtests.
func Run(t *testing.T, open func(t *testing.T) graph.Store) {
	if _, err := open(t).Migrate(t.Context()); err != nil {
		t.Fatalf("Migrate: %v", err)
	}
	tests := []struct {
		name string
		fn   func(t *testing.T, s graph.Store)
	}{
		{"Ping", testPing},
		{"MigrateTwice", testMigrateTwice},
		{"InvalidInput", testInvalidInput},
		{"CreateDocumentJob", testCreateDocumentJob},
		{"DuplicateIDs", testDuplicateIDs},
		{"OwnerIsolation", testOwnerIsolation},
		{"JobLifecycle", testJobLifecycle},
		{"FailJob", testFailJob},
		{"CompleteJobTwice", testCompleteJobTwice},
		{"BatchJobs", testBatchJobs},
		{"BatchLookups", testBatchLookups},
		{"LookupsNewestFirst", testLookupsNewestFirst},
		{"EntityCandidatesAmongMany", testEntityCandidatesAmongMany},
		{"StartBatch", testStartBatch},
		{"CompleteJobsWhen", testCompleteJobsWhen},
		{"Unpublished", testUnpublished},
		{"Memories", testMemories},
		{"ListMemories", testListMemories},
		{"ListEntities", testListEntities},
		{"Traversal", testTraversal},
		{"RetrievalLookups", testRetrievalLookups},
		{"ListDocumentsAndSources", testListDocumentsAndSources},
		{"Search", testSearch},
		{"SearchOwnerIsolation", testSearchOwnerIsolation},
		{"SearchHostileQueries", testSearchHostileQueries},
		{"InvalidLimits", testInvalidLimits},
		{"Spaces", testSpaces},
		{"SpaceScoping", testSpaceScoping},
		{"SpaceIsolation", testSpaceIsolation},
		{"EntityCandidates", testEntityCandidates},
		{"EntitySpellings", testEntitySpellings},
		{"AllEntitiesUpTo", testAllEntitiesUpTo},
		{"UpsertEntity", testUpsertEntity},
		{"EntityDetail", testEntityDetail},
		{"MergeEntities", testMergeEntities},
		{"EntityIsolation", testEntityIsolation},
		{"JobWriteRedelivery", testJobWriteRedelivery},
		{"JobWriteAtomic", testJobWriteAtomic},
		{"Reinforce", testReinforce},
		{"ReinforceRace", testReinforceRace},
		{"UpsertEntityRace", testUpsertEntityRace},
		{"SupersessionTimeline", testSupersessionTimeline},
		{"Lookups", testLookups},
		{"ConfirmMemory", testConfirmMemory},
		{"MemoryIsolation", testMemoryIsolation},
		{"ConflictOpen", testConflictOpen},
		{"ConflictKeep", testConflictKeep},
		{"ConflictDismiss", testConflictDismiss},
		{"ConflictList", testConflictList},
		{"ConflictIsolation", testConflictIsolation},
		{"Conversations", testConversations},
		{"AppendTurnsInvalid", testAppendTurnsInvalid},
		{"AppendRace", testAppendRace},
		{"ConversationIsolation", testConversationIsolation},
		{"RecentJobs", testRecentJobs},
		{"Idempotency", testIdempotency},
		{"IdempotencyRace", testIdempotencyRace},
		{"IdempotencyIsolation", testIdempotencyIsolation},
		{"Uploads", testUploads},
		{"UploadIsolation", testUploadIsolation},
		{"UploadRace", testUploadRace},
		{"Reminders", testReminders},
		{"Usage", testUsage},
		{"UsageIsolation", testUsageIsolation},
		{"Sharing", testSharing}, {"SharingIsolation", testSharingIsolation},
		{"Analyst", testAnalyst},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.fn(t, settled(t, open(t)))
		})
	}
}

// settled wraps s so every job a subtest creates is marked published when
// the subtest ends. The suite's jobs are test data, not accepted material:
// left unpublished, any outbox relay sharing the database (a service
// running beside the suite) would hand them to its workers.
func settled(t *testing.T, s graph.Store) graph.Store {
	w := &settledStore{Store: s}
	t.Cleanup(func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		for _, ref := range w.refs {
			_ = w.Store.MarkPublished(context.Background(), ref.Owner, ref.JobID)
		}
	})
	return w
}

type settledStore struct {
	graph.Store
	mu   sync.Mutex
	refs []schema.JobRef
}

func (w *settledStore) note(owner schema.Owner, jobID string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.refs = append(w.refs, schema.JobRef{Owner: owner, JobID: jobID})
}

func (w *settledStore) CreateDocumentJob(ctx context.Context, owner schema.Owner, doc schema.Document, job schema.Job) error {
	w.note(owner, job.ID)
	return w.Store.CreateDocumentJob(ctx, owner, doc, job)
}

func (w *settledStore) AppendTurns(ctx context.Context, owner schema.Owner, conversationID string, turns []schema.Turn, doc schema.Document, job schema.Job) ([]schema.Turn, error) {
	w.note(owner, job.ID)
	return w.Store.AppendTurns(ctx, owner, conversationID, turns, doc, job)
}

func newOwner() schema.Owner { return schema.Owner(schema.NewID("usr_")) }

// ts is a fixed instant in UTC with sub-second precision, to check that
// times survive the round trip.
var ts = time.Date(2025, 3, 14, 15, 9, 26, 535897000, time.UTC)

// create writes a new document and job for owner and returns them.
func create(t *testing.T, s graph.Store, owner schema.Owner, text string) (schema.Document, schema.Job) {
	t.Helper()
	return createAt(t, s, owner, text, ts)
}

// createAt is create with the document and job created at created.
func createAt(t *testing.T, s graph.Store, owner schema.Owner, text string, created time.Time) (schema.Document, schema.Job) {
	t.Helper()
	doc := schema.Document{
		ID:          schema.NewID(schema.PrefixDocument),
		Text:        text,
		SpaceID:     schema.NewID(schema.PrefixSpace),
		Source:      "test",
		ContentHash: fmt.Sprintf("sha256:%x", len(text)),
		CreatedAt:   created,
	}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, CreatedAt: created}
	if err := s.CreateDocumentJob(t.Context(), owner, doc, job); err != nil {
		t.Fatalf("CreateDocumentJob: %v", err)
	}
	return doc, job
}

// memory returns an active memory with claim and a fresh id.
func memory(claim string) schema.Memory {
	return schema.Memory{
		ID:         schema.NewID(schema.PrefixMemory),
		Type:       schema.TypeFact,
		Claim:      claim,
		Confidence: 0.9,
		State:      schema.StateActive,
		RecordedAt: ts,
	}
}

// complete writes mems as the result of a new job of owner.
func complete(t *testing.T, s graph.Store, owner schema.Owner, mems ...schema.Memory) (schema.Document, schema.Job) {
	t.Helper()
	doc, job := create(t, s, owner, "material")
	if _, _, err := s.StartJob(t.Context(), owner, job.ID); err != nil {
		t.Fatalf("StartJob: %v", err)
	}
	if err := s.CompleteJob(t.Context(), owner, job.ID, graph.JobWrite{Memories: mems}); err != nil {
		t.Fatalf("CompleteJob: %v", err)
	}
	return doc, job
}

func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: err = %v, want one wrapping %v", what, err, target)
	}
}

func testPing(t *testing.T, s graph.Store) {
	if err := s.Ping(t.Context()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
}

func testMigrateTwice(t *testing.T, s graph.Store) {
	if _, err := s.Migrate(t.Context()); err != nil {
		t.Fatalf("first Migrate: %v", err)
	}
	applied, err := s.Migrate(t.Context())
	if err != nil {
		t.Fatalf("second Migrate: %v", err)
	}
	if len(applied) != 0 {
		t.Errorf("second Migrate applied %v, want nothing", applied)
	}
}

func testInvalidInput(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	_, err := s.Job(ctx, "", "job_x")
	wantErr(t, "Job with empty owner", err, schema.ErrInvalid)
	_, err = s.Job(ctx, "bad owner!", "job_x")
	wantErr(t, "Job with malformed owner", err, schema.ErrInvalid)
	_, err = s.SearchMemories(ctx, owner, "coffee", 0)
	wantErr(t, "SearchMemories with limit 0", err, schema.ErrInvalid)
	_, err = s.SystemUnpublished(ctx, time.Now(), 0)
	wantErr(t, "SystemUnpublished with limit 0", err, schema.ErrInvalid)
	err = s.CreateDocumentJob(ctx, owner, schema.Document{ID: schema.NewID(schema.PrefixDocument)},
		schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: "doc_other"})
	wantErr(t, "CreateDocumentJob with a job naming another document", err, schema.ErrInvalid)
}

func testCreateDocumentJob(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	doc, job := create(t, s, owner, "I switched the team to weekly planning on Mondays.")

	gotDoc, err := s.Document(ctx, owner, doc.ID)
	if err != nil {
		t.Fatalf("Document: %v", err)
	}
	if diff := cmp.Diff(doc, gotDoc); diff != "" {
		t.Errorf("Document (-want +got):\n%s", diff)
	}
	if gotDoc.CreatedAt.Location() != time.UTC {
		t.Errorf("Document.CreatedAt location = %v, want UTC", gotDoc.CreatedAt.Location())
	}

	gotJob, err := s.Job(ctx, owner, job.ID)
	if err != nil {
		t.Fatalf("Job: %v", err)
	}
	want := schema.Job{
		ID: job.ID, DocumentID: doc.ID, State: schema.JobQueued, Attempts: 0,
		MemoryIDs: []string{}, Published: false, CreatedAt: ts, UpdatedAt: ts,
	}
	if diff := cmp.Diff(want, gotJob, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("Job (-want +got):\n%s", diff)
	}

	// Optional fields may be empty.
	bare := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x", ContentHash: "h", CreatedAt: ts}
	if err := s.CreateDocumentJob(ctx, owner, bare, schema.Job{ID: schema.NewID(schema.PrefixJob), CreatedAt: ts}); err != nil {
		t.Fatalf("CreateDocumentJob without space or source: %v", err)
	}
	gotBare, err := s.Document(ctx, owner, bare.ID)
	if err != nil {
		t.Fatalf("Document: %v", err)
	}
	if diff := cmp.Diff(bare, gotBare); diff != "" {
		t.Errorf("Document without space or source (-want +got):\n%s", diff)
	}

	_, err = s.Job(ctx, owner, schema.NewID(schema.PrefixJob))
	wantErr(t, "Job with an unknown id", err, schema.ErrNotFound)
	_, err = s.Document(ctx, owner, schema.NewID(schema.PrefixDocument))
	wantErr(t, "Document with an unknown id", err, schema.ErrNotFound)
}

func testDuplicateIDs(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	doc, job := create(t, s, owner, "first")
	again := schema.Job{ID: job.ID, CreatedAt: ts}
	otherDoc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "second", CreatedAt: ts}
	err := s.CreateDocumentJob(ctx, owner, otherDoc, again)
	wantErr(t, "CreateDocumentJob reusing a job id", err, schema.ErrConflict)
	err = s.CreateDocumentJob(ctx, newOwner(), doc, schema.Job{ID: schema.NewID(schema.PrefixJob), CreatedAt: ts})
	wantErr(t, "CreateDocumentJob reusing another owner's document id", err, schema.ErrConflict)

	// The failed transaction wrote nothing.
	_, err = s.Document(ctx, owner, otherDoc.ID)
	wantErr(t, "Document of a failed CreateDocumentJob", err, schema.ErrNotFound)
	got, err := s.Document(ctx, owner, doc.ID)
	if err != nil || got.Text != "first" {
		t.Errorf("Document after conflicts = %+v, %v; want the first one unchanged", got, err)
	}
}

func testOwnerIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner, other := newOwner(), newOwner()
	mem := memory("The staging database lives in Frankfurt.")
	doc, job := complete(t, s, owner, mem)
	queued, queuedJob := create(t, s, owner, "queued material")

	_, err := s.Job(ctx, other, job.ID)
	wantErr(t, "Job of another owner", err, schema.ErrNotFound)
	_, err = s.Document(ctx, other, doc.ID)
	wantErr(t, "Document of another owner", err, schema.ErrNotFound)
	_, _, err = s.StartJob(ctx, other, queuedJob.ID)
	wantErr(t, "StartJob of another owner's job", err, schema.ErrNotFound)
	err = s.FailJob(ctx, other, queuedJob.ID, "nope")
	wantErr(t, "FailJob of another owner's job", err, schema.ErrNotFound)
	err = s.MarkPublished(ctx, other, queuedJob.ID)
	wantErr(t, "MarkPublished of another owner's job", err, schema.ErrNotFound)
	err = s.CompleteJob(ctx, other, queuedJob.ID, graph.JobWrite{Memories: []schema.Memory{memory("stolen")}})
	wantErr(t, "CompleteJob of another owner's job", err, schema.ErrNotFound)

	mems, err := s.Memories(ctx, other, []string{mem.ID})
	if err != nil {
		t.Fatalf("Memories: %v", err)
	}
	if len(mems) != 0 {
		t.Errorf("Memories of another owner = %+v, want none", mems)
	}

	// The other owner's attempts changed nothing.
	got, err := s.Job(ctx, owner, queuedJob.ID)
	if err != nil {
		t.Fatalf("Job: %v", err)
	}
	if got.State != schema.JobQueued || got.Attempts != 0 || got.Published || got.DocumentID != queued.ID {
		t.Errorf("job after another owner's calls = %+v, want untouched", got)
	}
}

func testJobLifecycle(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	_, job := create(t, s, owner, "material")

	got, done, err := s.StartJob(ctx, owner, job.ID)
	if err != nil || done {
		t.Fatalf("StartJob = done %v, err %v; want started", done, err)
	}
	if got.State != schema.JobExtracting || got.Attempts != 1 {
		t.Errorf("after StartJob: state %s attempts %d, want extracting 1", got.State, got.Attempts)
	}
	if !got.UpdatedAt.After(ts) {
		t.Errorf("after StartJob: UpdatedAt %v not after CreatedAt %v", got.UpdatedAt, ts)
	}
	// A redelivery before completion is another attempt.
	got, done, err = s.StartJob(ctx, owner, job.ID)
	if err != nil || done || got.Attempts != 2 {
		t.Fatalf("second StartJob = attempts %d, done %v, err %v; want 2 attempts", got.Attempts, done, err)
	}

	mems := []schema.Memory{memory("We ship on Thursdays."), memory("Ana owns the release checklist.")}
	if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: mems}); err != nil {
		t.Fatalf("CompleteJob: %v", err)
	}
	completed, err := s.Job(ctx, owner, job.ID)
	if err != nil {
		t.Fatalf("Job: %v", err)
	}
	if completed.State != schema.JobCompleted || completed.Error != "" {
		t.Errorf("after CompleteJob: state %s error %q, want completed", completed.State, completed.Error)
	}
	if diff := cmp.Diff([]string{mems[0].ID, mems[1].ID}, completed.MemoryIDs); diff != "" {
		t.Errorf("MemoryIDs (-want +got):\n%s", diff)
	}

	// A redelivered message finds the job done and changes nothing.
	again, done, err := s.StartJob(ctx, owner, job.ID)
	if err != nil || !done {
		t.Fatalf("StartJob of a completed job = done %v, err %v; want done", done, err)
	}
	if diff := cmp.Diff(completed, again); diff != "" {
		t.Errorf("StartJob changed a completed job (-before +after):\n%s", diff)
	}

	_, _, err = s.StartJob(ctx, owner, schema.NewID(schema.PrefixJob))
	wantErr(t, "StartJob of an unknown job", err, schema.ErrNotFound)
	err = s.CompleteJob(ctx, owner, schema.NewID(schema.PrefixJob), graph.JobWrite{})
	wantErr(t, "CompleteJob of an unknown job", err, schema.ErrNotFound)
}

func testFailJob(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	_, job := create(t, s, owner, "material")
	if _, _, err := s.StartJob(ctx, owner, job.ID); err != nil {
		t.Fatalf("StartJob: %v", err)
	}
	const reason = "extractor timed out after 30s"
	if err := s.FailJob(ctx, owner, job.ID, reason); err != nil {
		t.Fatalf("FailJob: %v", err)
	}
	got, err := s.Job(ctx, owner, job.ID)
	if err != nil {
		t.Fatalf("Job: %v", err)
	}
	if got.State != schema.JobFailed || got.Error != reason || got.Attempts != 1 {
		t.Errorf("after FailJob: %+v, want failed with the reason after 1 attempt", got)
	}
	// A failed job can be retried.
	got, done, err := s.StartJob(ctx, owner, job.ID)
	if err != nil || done {
		t.Fatalf("StartJob after failure = done %v, err %v", done, err)
	}
	if got.State != schema.JobExtracting || got.Attempts != 2 {
		t.Errorf("retry: state %s attempts %d, want extracting 2", got.State, got.Attempts)
	}
	err = s.FailJob(ctx, owner, schema.NewID(schema.PrefixJob), reason)
	wantErr(t, "FailJob of an unknown job", err, schema.ErrNotFound)
}

func testCompleteJobTwice(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	doc, job := create(t, s, owner, "material")
	mem := memory("The quarterly offsite moved to Lisbon.")
	mem.Excerpt = "offsite moved to Lisbon"
	for i := range 2 {
		if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{mem}}); err != nil {
			t.Fatalf("CompleteJob #%d: %v", i+1, err)
		}
	}
	mems, err := s.Memories(ctx, owner, []string{mem.ID})
	if err != nil {
		t.Fatalf("Memories: %v", err)
	}
	want := mem
	want.DocumentID = doc.ID
	want.SpaceID = graph.PersonalSpaceID(owner) // memories without a space go to the personal one
	if diff := cmp.Diff([]schema.Memory{want}, mems); diff != "" {
		t.Errorf("Memories after completing twice (-want +got):\n%s", diff)
	}
	hits, err := s.SearchMemories(ctx, owner, "offsite Lisbon", 10)
	if err != nil {
		t.Fatalf("SearchMemories: %v", err)
	}
	if len(hits) != 1 || hits[0].ID != mem.ID {
		t.Errorf("SearchMemories after completing twice = %+v, want exactly %s", hits, mem.ID)
	}
	got, err := s.Job(ctx, owner, job.ID)
	if err != nil {
		t.Fatalf("Job: %v", err)
	}
	if diff := cmp.Diff([]string{mem.ID}, got.MemoryIDs); diff != "" {
		t.Errorf("MemoryIDs (-want +got):\n%s", diff)
	}

	// Duplicates within one call are merged too.
	_, job2 := create(t, s, owner, "material")
	dup := memory("Duplicate claims collapse.")
	if err := s.CompleteJob(ctx, owner, job2.ID, graph.JobWrite{Memories: []schema.Memory{dup, dup}}); err != nil {
		t.Fatalf("CompleteJob with a duplicate: %v", err)
	}
	mems, err = s.Memories(ctx, owner, []string{dup.ID})
	if err != nil || len(mems) != 1 {
		t.Errorf("Memories after a duplicate = %d memories, err %v; want 1", len(mems), err)
	}
}

func testUnpublished(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	// Jobs created far in the past and a cut-off just after them keep other
	// tests' jobs out of the listing.
	base := time.Date(1971, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(time.Now().UnixNano() % int64(365*24*time.Hour)))
	var ids []string
	for i := range 3 {
		doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x", CreatedAt: base}
		job := schema.Job{ID: schema.NewID(schema.PrefixJob), CreatedAt: base.Add(time.Duration(i) * time.Millisecond)}
		if err := s.CreateDocumentJob(ctx, owner, doc, job); err != nil {
			t.Fatalf("CreateDocumentJob: %v", err)
		}
		ids = append(ids, job.ID)
	}
	t.Cleanup(func() {
		for _, id := range ids {
			_ = s.MarkPublished(context.WithoutCancel(ctx), owner, id)
		}
	})
	mine := func(olderThan time.Time) []string {
		t.Helper()
		refs, err := s.SystemUnpublished(ctx, olderThan, 1000)
		if err != nil {
			t.Fatalf("SystemUnpublished: %v", err)
		}
		var got []string
		for _, r := range refs {
			if r.Owner == owner {
				got = append(got, r.JobID)
			}
		}
		return got
	}

	if diff := cmp.Diff(ids, mine(base.Add(time.Second))); diff != "" {
		t.Errorf("unpublished jobs, oldest first (-want +got):\n%s", diff)
	}
	if got := mine(base.Add(time.Millisecond)); !slices.Equal(got, ids[:1]) {
		t.Errorf("unpublished before the second job = %v, want %v", got, ids[:1])
	}
	if got := mine(base); len(got) != 0 {
		t.Errorf("unpublished before the first job = %v, want none", got)
	}
	refs, err := s.SystemUnpublished(ctx, base.Add(time.Second), 1)
	if err != nil || len(refs) != 1 {
		t.Errorf("SystemUnpublished with limit 1 = %v, %v; want 1 ref", refs, err)
	}

	if err := s.MarkPublished(ctx, owner, ids[1]); err != nil {
		t.Fatalf("MarkPublished: %v", err)
	}
	if err := s.MarkPublished(ctx, owner, ids[1]); err != nil {
		t.Fatalf("MarkPublished again: %v", err)
	}
	job, err := s.Job(ctx, owner, ids[1])
	if err != nil || !job.Published {
		t.Errorf("Job after MarkPublished = %+v, %v; want published", job, err)
	}
	if diff := cmp.Diff([]string{ids[0], ids[2]}, mine(base.Add(time.Second))); diff != "" {
		t.Errorf("unpublished after MarkPublished (-want +got):\n%s", diff)
	}
	err = s.MarkPublished(ctx, owner, schema.NewID(schema.PrefixJob))
	wantErr(t, "MarkPublished of an unknown job", err, schema.ErrNotFound)
}

func testMemories(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	from, to := ts.Add(-48*time.Hour), ts.Add(48*time.Hour)
	travel := space(t, s, owner, "Travel")
	said := ts.Add(-time.Hour)
	a := memory("Prefers aisle seats.")
	a.Type, a.Subject, a.Attribute, a.Value = schema.TypePreference, "me", "seat", "aisle"
	a.Confirmed, a.ValidFrom, a.ValidTo, a.SpaceID, a.Excerpt = true, &from, &to, travel.ID, "aisle please"
	a.Correction, a.Negated, a.SaidAt = true, true, &said
	b := memory("Decided to use Postgres for billing.")
	b.Type, b.State = schema.TypeDecision, schema.StateSuperseded
	c := memory("Meets Ana every Tuesday.")
	c.Type = schema.TypeEvent
	doc, _ := complete(t, s, owner, a, b, c)

	got, err := s.Memories(ctx, owner, []string{c.ID, schema.NewID(schema.PrefixMemory), a.ID, b.ID})
	if err != nil {
		t.Fatalf("Memories: %v", err)
	}
	var want []schema.Memory
	for _, m := range []schema.Memory{c, a, b} {
		m.DocumentID = doc.ID
		if m.SpaceID == "" {
			m.SpaceID = graph.PersonalSpaceID(owner)
		}
		want = append(want, m)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Memories (-want +got):\n%s", diff)
	}
	for _, m := range got {
		if m.RecordedAt.Location() != time.UTC || m.ValidFrom != nil && m.ValidFrom.Location() != time.UTC {
			t.Errorf("memory %s times are not in UTC", m.ID)
		}
	}

	got, err = s.Memories(ctx, owner, nil)
	if err != nil || len(got) != 0 {
		t.Errorf("Memories(nil) = %v, %v; want none", got, err)
	}
	got, err = s.Memories(ctx, owner, []string{schema.NewID(schema.PrefixMemory)})
	if err != nil || len(got) != 0 {
		t.Errorf("Memories(missing) = %v, %v; want none", got, err)
	}
}

func ids(hits []graph.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

func testSearch(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	coffee := memory("Drinks black coffee every morning before standup.")
	tea := memory("Switched from coffee to green tea in the afternoon.")
	bikes := memory("Commutes by bike when it is not raining.")
	old := memory("Drinks coffee with milk.")
	old.State = schema.StateSuperseded
	// Identical claims score the same: the tie breaks by id.
	twinA, twinB := memory("Quokka sightings logged weekly."), memory("Quokka sightings logged weekly.")
	complete(t, s, owner, coffee, tea, bikes, old, twinA, twinB)

	hits, err := s.SearchMemories(ctx, owner, "coffee", 10)
	if err != nil {
		t.Fatalf("SearchMemories: %v", err)
	}
	if got := ids(hits); !sameSet(got, []string{coffee.ID, tea.ID}) {
		t.Errorf("search coffee = %v, want %s and %s (not the superseded one)", got, coffee.ID, tea.ID)
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Score > hits[i-1].Score {
			t.Errorf("hits not ordered by score: %+v", hits)
		}
	}
	for _, h := range hits {
		if h.Score <= 0 {
			t.Errorf("hit %s has score %v, want > 0", h.ID, h.Score)
		}
	}

	// More matching words rank higher; case does not matter.
	hits, err = s.SearchMemories(ctx, owner, "BLACK Coffee Morning", 10)
	if err != nil {
		t.Fatalf("SearchMemories: %v", err)
	}
	if len(hits) == 0 || hits[0].ID != coffee.ID {
		t.Errorf("search black coffee morning = %v, want %s first", ids(hits), coffee.ID)
	}

	hits, err = s.SearchMemories(ctx, owner, "coffee", 1)
	if err != nil || len(hits) != 1 {
		t.Errorf("search with limit 1 = %v, %v; want 1 hit", hits, err)
	}

	hits, err = s.SearchMemories(ctx, owner, "quokka sightings", 10)
	if err != nil {
		t.Fatalf("SearchMemories: %v", err)
	}
	wantTwins := []string{twinA.ID, twinB.ID}
	slices.Sort(wantTwins)
	if diff := cmp.Diff(wantTwins, ids(hits)); diff != "" {
		t.Errorf("tied hits not ordered by id (-want +got):\n%s", diff)
	}

	hits, err = s.SearchMemories(ctx, owner, "submarine", 10)
	if err != nil || len(hits) != 0 {
		t.Errorf("search for an absent word = %v, %v; want none", hits, err)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func testSearchOwnerIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	const claim = "The vault combination is stored in the red binder."
	mine := memory(claim)
	complete(t, s, alice, mine)
	// Bob has many better matches for the same words. Alice must still find
	// hers with limit 1: the owner filter may not run after a top-k cut.
	var bobs []schema.Memory
	for range 30 {
		bobs = append(bobs, memory("vault combination red binder"))
	}
	complete(t, s, bob, bobs...)

	hits, err := s.SearchMemories(ctx, alice, "vault combination red binder", 1)
	if err != nil {
		t.Fatalf("SearchMemories: %v", err)
	}
	if diff := cmp.Diff([]string{mine.ID}, ids(hits)); diff != "" {
		t.Errorf("alice's search (-want +got):\n%s", diff)
	}
	hits, err = s.SearchMemories(ctx, bob, claim, 100)
	if err != nil {
		t.Fatalf("SearchMemories: %v", err)
	}
	if len(hits) != len(bobs) || slices.Contains(ids(hits), mine.ID) {
		t.Errorf("bob's search = %d hits (contains alice's: %v), want his %d", len(hits), slices.Contains(ids(hits), mine.ID), len(bobs))
	}
	hits, err = s.SearchMemories(ctx, newOwner(), claim, 100)
	if err != nil || len(hits) != 0 {
		t.Errorf("a third owner's search = %v, %v; want none", hits, err)
	}
}

func testSearchHostileQueries(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	target := memory("Backup rotation runs nightly (at 02:00) on host db-1.")
	other := memory("Completely unrelated sentence.")
	complete(t, s, owner, target, other)

	queries := map[string]string{
		"empty":          "",
		"blank":          " \t\n ",
		"quote":          `"`,
		"unbalanced":     `"backup (rotation`,
		"operators only": "AND OR NOT",
		"operators":      "backup AND OR rotation NOT",
		"star":           "*",
		"question":       "?",
		"backslash":      `\`,
		"field syntax":   "owner_key:x claim:backup",
		"range":          "[a TO z] {a TO z}",
		"fuzzy boost":    "backup~2 rotation^10",
		"regex":          "/ba.*p/",
		"comparisons":    "a>=b <c =d",
		"only operators": "&& || ! -",
		"leading minus":  "-backup -rotation",
		"punctuation":    `+-&&||!(){}[]^"~*?:\/`,
		"unicode":        "日本語のテキスト ünïcödé ² 🙂",
		"nul":            "backup\x00rotation",
		"bad utf8":       "backup \xff\xfe rotation",
		"10 KB words":    strings.Repeat("backup ", 10*1024/7),
		"10 KB hyphens":  strings.Repeat("a-", 5*1024),
		"10 KB CJK":      strings.Repeat("日", 10*1024/3),
		"10 KB specials": strings.Repeat(`\"*`, 10*1024/3),
	}
	for name, q := range queries {
		hits, err := s.SearchMemories(ctx, owner, q, 10)
		if err != nil {
			t.Errorf("%s: SearchMemories(%.40q) = %v", name, q, err)
			continue
		}
		for _, h := range hits {
			if h.ID != target.ID && h.ID != other.ID {
				t.Errorf("%s: hit %s is not the owner's", name, h.ID)
			}
		}
	}

	// Text without words finds nothing, rather than everything.
	for _, q := range []string{"", "   ", `"`, "*", `\`, "AND OR", "²", `+-&&||!(){}[]^"~*?:\/`} {
		hits, err := s.SearchMemories(ctx, owner, q, 10)
		if err != nil || len(hits) != 0 {
			t.Errorf("SearchMemories(%q) = %v, %v; want no hits", q, ids(hits), err)
		}
	}
	// Syntax is searched as words.
	for _, q := range []string{`"backup (rotation`, "backup AND OR rotation NOT", "nightly~2", "db-1", "02:00"} {
		hits, err := s.SearchMemories(ctx, owner, q, 10)
		if err != nil || len(hits) == 0 || hits[0].ID != target.ID {
			t.Errorf("SearchMemories(%q) = %v, %v; want %s first", q, ids(hits), err, target.ID)
		}
	}
}

// space creates a space named name for owner.
func space(t *testing.T, s graph.Store, owner schema.Owner, name string) schema.Space {
	t.Helper()
	sp, err := s.CreateSpace(t.Context(), owner, schema.Space{ID: schema.NewID(schema.PrefixSpace), Name: name, CreatedAt: ts})
	if err != nil {
		t.Fatalf("CreateSpace: %v", err)
	}
	return sp
}

// completeWith writes w as the result of a new job of owner.
func completeWith(t *testing.T, s graph.Store, owner schema.Owner, w graph.JobWrite) (schema.Document, schema.Job) {
	t.Helper()
	doc, job := create(t, s, owner, "material")
	if err := s.CompleteJob(t.Context(), owner, job.ID, w); err != nil {
		t.Fatalf("CompleteJob: %v", err)
	}
	return doc, job
}

// entity returns an entity with a fresh id.
func entity(kind schema.EntityKind, name string, aliases ...string) schema.Entity {
	return schema.Entity{ID: schema.NewID(schema.PrefixEntity), Name: name, Kind: kind, Aliases: aliases, CreatedAt: ts}
}

// at returns ts shifted by d, as a pointer.
func at(d time.Duration) *time.Time {
	x := ts.Add(d)
	return &x
}

func memoryIDs(mems []schema.Memory) []string {
	out := make([]string, len(mems))
	for i, m := range mems {
		out[i] = m.ID
	}
	return out
}

func entityIDs(es []schema.Entity) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

// detail reads a memory's detail or fails the test.
func detail(t *testing.T, s graph.Store, owner schema.Owner, id string) graph.MemoryDetail {
	t.Helper()
	d, err := s.MemoryDetail(t.Context(), owner, id)
	if err != nil {
		t.Fatalf("MemoryDetail(%s): %v", id, err)
	}
	return d
}

// testInvalidLimits checks that every bounded read refuses a limit that is
// not positive, and accepts one above its bound.
func testInvalidLimits(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	for name, call := range map[string]func(limit int) error{
		"EntityCandidates":      func(n int) error { _, err := s.EntityCandidates(ctx, owner, []string{"x"}, n); return err },
		"MemoriesBySubject":     func(n int) error { _, err := s.MemoriesBySubject(ctx, owner, "x", "", n); return err },
		"MemoriesAboutEntities": func(n int) error { _, err := s.MemoriesAboutEntities(ctx, owner, []string{"ent_x"}, n); return err },
		"SimilarClaims":         func(n int) error { _, err := s.SimilarClaims(ctx, owner, "x", n); return err },
		"Conflicts":             func(n int) error { _, err := s.Conflicts(ctx, owner, "", n, ""); return err },
		"Conversations":         func(n int) error { _, err := s.Conversations(ctx, owner, n, ""); return err },
		"SearchTurns":           func(n int) error { _, err := s.SearchTurns(ctx, owner, "x", n); return err },
		"RecentJobs":            func(n int) error { _, err := s.RecentJobs(ctx, owner, n, time.Time{}); return err },
		"SearchMemoriesIn":      func(n int) error { _, err := s.SearchMemoriesIn(ctx, owner, nil, "x", n); return err },
	} {
		wantErr(t, name+" with limit 0", call(0), schema.ErrInvalid)
		wantErr(t, name+" with limit -1", call(-1), schema.ErrInvalid)
		if err := call(1 << 30); err != nil {
			t.Errorf("%s with a huge limit: %v, want it lowered to the bound", name, err)
		}
	}
	_, err := s.EnsurePersonalSpace(ctx, "bad owner!")
	wantErr(t, "EnsurePersonalSpace with a malformed owner", err, schema.ErrInvalid)
	_, err = s.Entity(ctx, owner, "")
	wantErr(t, "Entity with an empty id", err, schema.ErrInvalid)
	_, err = s.MemoryDetail(ctx, "", "mem_x")
	wantErr(t, "MemoryDetail with an empty owner", err, schema.ErrInvalid)
}
