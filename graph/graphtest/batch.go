package graphtest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// testBatchJobs runs several jobs through StartJobs, Documents and
// CompleteJobs: one transaction each, in which a later job's write sees an
// earlier one's, owner-scoped like their one-job counterparts.
func testBatchJobs(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner, other := newOwner(), newOwner()
	d1, j1 := create(t, s, owner, "The ledger runs on Postgres.")
	d2, j2 := create(t, s, owner, "No, the ledger runs on MySQL now.")
	d3, j3 := create(t, s, owner, "Weekly planning is on Mondays.")
	// Created now, so no outbox relay running against the same database
	// publishes it while the test runs.
	od, oj := createAt(t, s, other, "Somebody else's material.", time.Now().UTC())

	starts, err := s.StartJobs(ctx, owner, []string{j1.ID, oj.ID, j2.ID, "job_missing", j3.ID})
	if err != nil {
		t.Fatalf("StartJobs: %v", err)
	}
	var got []string
	for _, st := range starts {
		got = append(got, st.Job.ID)
		if st.Done || st.Job.State != schema.JobExtracting || st.Job.Attempts != 1 {
			t.Errorf("started %s: done %v, state %s, attempts %d; want extracting after one attempt", st.Job.ID, st.Done, st.Job.State, st.Job.Attempts)
		}
	}
	if want := []string{j1.ID, j2.ID, j3.ID}; !slices.Equal(got, want) {
		t.Fatalf("StartJobs returned %v, want this owner's jobs in the order given %v (another owner's and a missing id left out)", got, want)
	}
	if j, err := s.Job(ctx, other, oj.ID); err != nil || j.State != schema.JobQueued {
		t.Errorf("another owner's job after StartJobs: %+v, %v; want it untouched", j, err)
	}

	docs, err := s.Documents(ctx, owner, []string{d3.ID, od.ID, d1.ID})
	if err != nil {
		t.Fatalf("Documents: %v", err)
	}
	if len(docs) != 2 || docs[0].ID != d3.ID || docs[1].ID != d1.ID || docs[1].Text != d1.Text {
		t.Errorf("Documents = %+v, want %s then %s with their text, and not the other owner's", docs, d3.ID, d1.ID)
	}

	// Job 2 supersedes and reinforces what job 1 of the same batch creates.
	old := memory("The ledger runs on Postgres.")
	old.Subject, old.Attribute, old.Value = "ledger", "database", "Postgres"
	newer := memory("The ledger runs on MySQL.")
	newer.Subject, newer.Attribute, newer.Value = "ledger", "database", "MySQL"
	err = s.CompleteJobs(ctx, owner, []graph.JobCompletion{
		{JobID: j1.ID, Write: graph.JobWrite{Memories: []schema.Memory{old}}},
		{JobID: j2.ID, Write: graph.JobWrite{
			Memories:  []schema.Memory{newer},
			Reinforce: []graph.Reinforcement{{MemoryID: old.ID, Excerpt: "the ledger runs on", Confidence: 0.8}},
			Supersede: []graph.Supersession{{NewID: newer.ID, OldID: old.ID, Reason: "a correction"}},
		}},
	})
	if err != nil {
		t.Fatalf("CompleteJobs: %v", err)
	}
	od1 := detail(t, s, owner, old.ID)
	if od1.Memory.State != schema.StateSuperseded || !slices.Equal(od1.SupersededBy, []string{newer.ID}) || od1.EvidenceCount != 2 {
		t.Errorf("the first job's memory after the batch: state %s, superseded by %v, evidence %d; want superseded by %s with 2 documents", od1.Memory.State, od1.SupersededBy, od1.EvidenceCount, newer.ID)
	}
	for _, id := range []string{j1.ID, j2.ID} {
		if j, err := s.Job(ctx, owner, id); err != nil || j.State != schema.JobCompleted {
			t.Errorf("job %s after CompleteJobs: %+v, %v; want completed", id, j, err)
		}
	}
	again, err := s.StartJobs(ctx, owner, []string{j1.ID})
	if err != nil || len(again) != 1 || !again[0].Done || again[0].Job.Attempts != 1 {
		t.Errorf("StartJobs on a completed job = %+v, %v; want it done and unchanged", again, err)
	}

	// All or nothing: a batch naming another owner's job writes nothing,
	// and a job completed already is left as it was.
	lost := memory("Planning moved to Tuesdays.")
	err = s.CompleteJobs(ctx, owner, []graph.JobCompletion{
		{JobID: j3.ID, Write: graph.JobWrite{Memories: []schema.Memory{lost}}},
		{JobID: oj.ID, Write: graph.JobWrite{}},
	})
	wantErr(t, "CompleteJobs naming another owner's job", err, schema.ErrNotFound)
	if ms, err := s.Memories(ctx, owner, []string{lost.ID}); err != nil || len(ms) != 0 {
		t.Errorf("a memory of the failed batch was stored: %+v, %v", ms, err)
	}
	if j, _ := s.Job(ctx, owner, j3.ID); j.State == schema.JobCompleted {
		t.Errorf("job %s completed by a batch that failed", j3.ID)
	}
	kept := memory("Planning is on Mondays.")
	if err := s.CompleteJobs(ctx, owner, []graph.JobCompletion{
		{JobID: j1.ID, Write: graph.JobWrite{Memories: []schema.Memory{memory("A redelivered job's second result.")}}},
		{JobID: j3.ID, Write: graph.JobWrite{Memories: []schema.Memory{kept}}},
	}); err != nil {
		t.Fatalf("CompleteJobs with a completed job: %v", err)
	}
	if j, _ := s.Job(ctx, owner, j1.ID); !slices.Equal(j.MemoryIDs, []string{old.ID}) {
		t.Errorf("a completed job's memories changed to %v", j.MemoryIDs)
	}
	if ms, _ := s.Memories(ctx, owner, []string{kept.ID}); len(ms) != 1 {
		t.Errorf("the batch's other job was not completed")
	}

	// Bounds and bad ids.
	tooMany := make([]string, graph.MaxJobBatch+1)
	for i := range tooMany {
		tooMany[i] = schema.NewID(schema.PrefixJob)
	}
	_, err = s.StartJobs(ctx, owner, tooMany)
	wantErr(t, "StartJobs over MaxJobBatch", err, schema.ErrInvalid)
	_, err = s.Documents(ctx, owner, []string{""})
	wantErr(t, "Documents with an empty id", err, schema.ErrInvalid)
	_, err = s.StartJobs(ctx, "", []string{j1.ID})
	wantErr(t, "StartJobs without an owner", err, schema.ErrInvalid)

	// SystemMarkPublished scopes each reference by its own owner.
	if err := s.SystemMarkPublished(ctx, []schema.JobRef{{Owner: owner, JobID: j3.ID}, {Owner: owner, JobID: oj.ID}, {Owner: owner, JobID: "job_missing"}}); err != nil {
		t.Fatalf("SystemMarkPublished: %v", err)
	}
	if j, _ := s.Job(ctx, owner, j3.ID); !j.Published {
		t.Errorf("job %s not marked published", j3.ID)
	}
	if j, _ := s.Job(ctx, other, oj.ID); j.Published {
		t.Errorf("another owner's job was marked published through a reference naming the wrong owner")
	}
	wantErr(t, "SystemMarkPublished with an empty job id", s.SystemMarkPublished(ctx, []schema.JobRef{{Owner: owner}}), schema.ErrInvalid)
	_ = d2
}

// testBatchLookups checks that the batched look-ups find exactly what the
// one-claim look-ups find, in the order given, and only the owner's.
func testBatchLookups(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner, other := newOwner(), newOwner()
	ledger, nyc := entity(schema.KindSystem, "Ledger"), entity(schema.KindPlace, "New York City", "NYC")
	othersLedger := entity(schema.KindSystem, "Ledger")
	pg := memory("The ledger runs on Postgres.")
	pg.Subject, pg.Attribute, pg.Value = "ledger", "database", "Postgres"
	ver := memory("The ledger version is 0.9.7.")
	ver.Subject, ver.Attribute, ver.Value = "ledger", "version", "0.9.7"
	office := memory("The New York City office opens on Monday.")
	pg.EntityIDs, office.EntityIDs = []string{ledger.ID}, []string{nyc.ID}
	for _, o := range []schema.Owner{owner, other} {
		_, job := create(t, s, o, "material")
		if _, _, err := s.StartJob(ctx, o, job.ID); err != nil {
			t.Fatal(err)
		}
		w := graph.JobWrite{Entities: []schema.Entity{ledger, nyc}, Memories: []schema.Memory{pg, ver, office}}
		if o == other {
			// The other owner holds the same words under other ids.
			w = graph.JobWrite{Entities: []schema.Entity{othersLedger}, Memories: []schema.Memory{
				withSubject(memory("The ledger runs on Postgres."), "ledger", "database", "Postgres"),
				memory("The New York City office opens on Monday."),
			}}
		}
		if err := s.CompleteJob(ctx, o, job.ID, w); err != nil {
			t.Fatalf("CompleteJob: %v", err)
		}
	}
	ls := []graph.ClaimLookup{
		{Claim: "The ledger runs on MySQL.", SubjectKey: "ledger", AttributeKey: "database"},
		{Claim: "Something with no stored words at all."},
		{Claim: "The ledger version is 0.9.8.", SubjectKey: "ledger"},
		{Claim: "", SubjectKey: "nothing stored"},
		{Claim: "office opens Monday"},
	}
	got, err := s.LookupClaims(ctx, owner, ls, 20, 5)
	if err != nil {
		t.Fatalf("LookupClaims: %v", err)
	}
	if len(got) != len(ls) {
		t.Fatalf("LookupClaims returned %d results for %d look-ups", len(got), len(ls))
	}
	for i, l := range ls {
		var want graph.ClaimMatches
		if l.SubjectKey != "" {
			if want.BySubject, err = s.MemoriesBySubject(ctx, owner, l.SubjectKey, l.AttributeKey, 20); err != nil {
				t.Fatal(err)
			}
		}
		if want.Similar, err = s.SimilarClaims(ctx, owner, l.Claim, 5); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(memIDs(got[i].BySubject), memIDs(want.BySubject)) {
			t.Errorf("look-up %d by subject: %v, want %v", i, memIDs(got[i].BySubject), memIDs(want.BySubject))
		}
		var g, w []string
		for _, h := range got[i].Similar {
			g = append(g, h.Memory.ID)
		}
		for _, h := range want.Similar {
			w = append(w, h.Memory.ID)
		}
		if !slices.Equal(g, w) {
			t.Errorf("look-up %d similar: %v, want %v", i, g, w)
		}
	}
	if ids := memIDs(got[0].BySubject); !slices.Equal(ids, []string{pg.ID}) {
		t.Errorf("the database look-up found %v, want only this owner's %s", ids, pg.ID)
	}
	// a looked-up memory carries the entities it is about as mentions,
	// each name and alias with the entity's kind
	if ms := got[0].BySubject; len(ms) != 1 || !slices.Equal(ms[0].Entities, []schema.Mention{{Name: "Ledger", Kind: schema.KindSystem}}) {
		t.Errorf("the database look-up's memory mentions %+v, want the Ledger system", ms)
	}
	var officeMentions []schema.Mention
	for _, h := range got[4].Similar {
		if h.Memory.ID == office.ID {
			officeMentions = h.Memory.Entities
		}
	}
	if want := []schema.Mention{{Name: "NYC", Kind: schema.KindPlace}, {Name: "New York City", Kind: schema.KindPlace}}; !slices.Equal(officeMentions, want) {
		t.Errorf("the office memory mentions %+v, want %+v", officeMentions, want)
	}
	if len(got[2].BySubject) != 2 {
		t.Errorf("a subject look-up without attribute found %d memories, want both of the ledger's", len(got[2].BySubject))
	}

	names := []string{"NYC", "nobody at all", "ledger", "New York City"}
	each, err := s.EntityCandidatesEach(ctx, owner, names, 20)
	if err != nil {
		t.Fatalf("EntityCandidatesEach: %v", err)
	}
	for i, n := range names {
		want, err := s.EntityCandidates(ctx, owner, []string{n}, 20)
		if err != nil {
			t.Fatal(err)
		}
		var g, w []string
		for _, e := range each[i] {
			g = append(g, e.ID)
		}
		for _, e := range want {
			w = append(w, e.ID)
		}
		if !slices.Equal(g, w) {
			t.Errorf("candidates for %q: %v, want %v", n, g, w)
		}
	}
	if len(each[0]) == 0 || each[0][0].ID != nyc.ID {
		t.Errorf("candidates for NYC = %+v, want %s first", each[0], nyc.ID)
	}

	es, err := s.Entities(ctx, owner, []string{nyc.ID, othersLedger.ID, "ent_missing", ledger.ID, nyc.ID})
	if err != nil {
		t.Fatalf("Entities: %v", err)
	}
	var got2 []string
	for _, e := range es {
		got2 = append(got2, e.ID+" "+e.Name+" "+string(e.Kind)+" "+strings.Join(e.Aliases, ","))
	}
	if want := []string{nyc.ID + " New York City place NYC", ledger.ID + " Ledger system "}; !slices.Equal(got2, want) {
		t.Errorf("Entities = %q, want %q: in the order given, each once, without another owner's or a missing id", got2, want)
	}
	if es, err := s.Entities(ctx, owner, nil); err != nil || len(es) != 0 {
		t.Errorf("Entities(no ids) = %v, %v; want none", es, err)
	}
	_, err = s.LookupClaims(ctx, owner, ls, 0, 5)
	wantErr(t, "LookupClaims with a zero limit", err, schema.ErrInvalid)
	_, err = s.EntityCandidatesEach(ctx, "", names, 20)
	wantErr(t, "EntityCandidatesEach without an owner", err, schema.ErrInvalid)
}

func withSubject(m schema.Memory, subject, attribute, value string) schema.Memory {
	m.Subject, m.Attribute, m.Value = subject, attribute, value
	return m
}

func memIDs(ms []schema.Memory) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// testStartBatch checks that StartBatch starts jobs as StartJobs does and
// reads the documents and turns of those not done, owner-scoped.
func testStartBatch(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner, other := newOwner(), newOwner()
	turns, cdoc, cjob := appendTurns(t, s, owner, "conv-batch",
		schema.Turn{Author: "user", Text: "We moved the ledger to Postgres."},
		schema.Turn{Author: "assistant", Text: "Noted."})
	d1, j1 := create(t, s, owner, "Weekly planning is on Mondays.")
	d2, j2 := create(t, s, owner, "The ledger runs on MySQL.")
	_, oj := createAt(t, s, other, "Somebody else's material.", time.Now().UTC())
	if err := s.CompleteJobs(ctx, owner, []graph.JobCompletion{{JobID: j2.ID}}); err != nil {
		t.Fatalf("CompleteJobs: %v", err)
	}
	got, err := s.StartBatch(ctx, owner, []string{cjob.ID, oj.ID, j2.ID, "job_missing", j1.ID})
	if err != nil {
		t.Fatalf("StartBatch: %v", err)
	}
	var ids []string
	for _, st := range got.Jobs {
		ids = append(ids, st.Job.ID)
		if wantDone := st.Job.ID == j2.ID; st.Done != wantDone {
			t.Errorf("started %s: done %v, want %v", st.Job.ID, st.Done, wantDone)
		}
		if !st.Done && (st.Job.State != schema.JobExtracting || st.Job.Attempts != 1) {
			t.Errorf("started %s: state %s, attempts %d; want extracting after one attempt", st.Job.ID, st.Job.State, st.Job.Attempts)
		}
	}
	if want := []string{cjob.ID, j2.ID, j1.ID}; !slices.Equal(ids, want) {
		t.Fatalf("StartBatch jobs %v, want this owner's in the order given %v", ids, want)
	}
	if len(got.Documents) != 2 || got.Documents[d1.ID].Text != d1.Text || got.Documents[cdoc.ID].ID != cdoc.ID {
		t.Errorf("StartBatch documents %+v, want %s and %s (not the completed job's %s)", got.Documents, d1.ID, cdoc.ID, d2.ID)
	}
	if diff := cmp.Diff(map[string][]schema.Turn{cdoc.ID: turns}, got.Turns); diff != "" {
		t.Errorf("StartBatch turns, in order, only for the conversation's document (-want +got):\n%s", diff)
	}
	if j, err := s.Job(ctx, other, oj.ID); err != nil || j.State != schema.JobQueued {
		t.Errorf("another owner's job after StartBatch: %+v, %v; want it untouched", j, err)
	}
}

// testCompleteJobsWhen checks that CompleteJobsWhen commits only once
// ready returns nil: an error from it leaves the jobs and the graph as
// they were.
func testCompleteJobsWhen(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	_, j1 := create(t, s, owner, "The ledger runs on Postgres.")
	_, j2 := create(t, s, owner, "Weekly planning is on Mondays.")
	if _, err := s.StartJobs(ctx, owner, []string{j1.ID, j2.ID}); err != nil {
		t.Fatalf("StartJobs: %v", err)
	}
	m1, m2 := memory("The ledger runs on Postgres."), memory("Weekly planning is on Mondays.")
	cs := []graph.JobCompletion{
		{JobID: j1.ID, Write: graph.JobWrite{Memories: []schema.Memory{m1}}},
		{JobID: j2.ID, Write: graph.JobWrite{Memories: []schema.Memory{m2}}},
	}
	errVectors := errors.New("vectors not stored")
	calls := 0
	err := s.CompleteJobsWhen(ctx, owner, cs, func() error { calls++; return errVectors })
	if !errors.Is(err, errVectors) || calls == 0 {
		t.Fatalf("CompleteJobsWhen with ready failing = %v after %d calls; want its error", err, calls)
	}
	for _, id := range []string{j1.ID, j2.ID} {
		if j, err := s.Job(ctx, owner, id); err != nil || j.State == schema.JobCompleted {
			t.Errorf("job %s after ready failed: %+v, %v; want it not completed", id, j, err)
		}
	}
	if got, err := s.Memories(ctx, owner, []string{m1.ID, m2.ID}); err != nil || len(got) != 0 {
		t.Errorf("memories after ready failed: %+v, %v; want none written", got, err)
	}
	ready := false
	if err := s.CompleteJobsWhen(ctx, owner, cs, func() error { ready = true; return nil }); err != nil || !ready {
		t.Fatalf("CompleteJobsWhen: %v (ready called: %v)", err, ready)
	}
	for _, id := range []string{j1.ID, j2.ID} {
		if j, err := s.Job(ctx, owner, id); err != nil || j.State != schema.JobCompleted {
			t.Errorf("job %s: %+v, %v; want completed", id, j, err)
		}
	}
	if got, err := s.Memories(ctx, owner, []string{m1.ID, m2.ID}); err != nil || len(got) != 2 {
		t.Errorf("memories: %d, %v; want both written", len(got), err)
	}
}

// testEntityCandidatesAmongMany: among many entities sharing a word
// ("Cluster 1" … "Cluster 150"), the one a name is exactly comes first, by
// one name and by a batch of names, whatever the candidates' limit.
func testEntityCandidatesAmongMany(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	var ents []schema.Entity
	for i := 1; i <= 150; i++ {
		ents = append(ents, entity(schema.KindSystem, fmt.Sprintf("Cluster %d", i)))
	}
	ents = append(ents, entity(schema.KindSystem, "Billing cluster", "the blue cluster"))
	_, job := create(t, s, owner, "many clusters")
	if _, _, err := s.StartJob(ctx, owner, job.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Entities: ents}); err != nil {
		t.Fatalf("CompleteJob: %v", err)
	}
	want := map[string]string{"cluster 42": ents[41].ID, "Cluster 150": ents[149].ID, "the blue cluster": ents[150].ID}
	for name, id := range want {
		for _, limit := range []int{1, 5, 20} {
			got, err := s.EntityCandidates(ctx, owner, []string{name}, limit)
			if err != nil {
				t.Fatalf("EntityCandidates(%q): %v", name, err)
			}
			if len(got) == 0 || got[0].ID != id || len(got) > limit {
				t.Errorf("EntityCandidates(%q, limit %d) = %d candidates, first %v; want %s first", name, limit, len(got), firstID(got), id)
			}
		}
	}
	names := []string{"cluster 42", "Cluster 150", "the blue cluster"}
	each, err := s.EntityCandidatesEach(ctx, owner, names, 5)
	if err != nil {
		t.Fatalf("EntityCandidatesEach: %v", err)
	}
	for i, n := range names {
		if len(each[i]) == 0 || each[i][0].ID != want[n] || len(each[i]) > 5 {
			t.Errorf("EntityCandidatesEach[%q] = %d candidates, first %v; want %s first", n, len(each[i]), firstID(each[i]), want[n])
		}
	}
}

func firstID(es []schema.Entity) string {
	if len(es) == 0 {
		return "(none)"
	}
	return es[0].ID
}

// testLookupsNewestFirst checks that the look-ups by subject, and by
// subject and attribute, return the newest current memories up to the
// limit, ties in time by id, when the slot holds many more than the limit
// and another owner holds newer ones on the same slot.
func testLookupsNewestFirst(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner, other := newOwner(), newOwner()
	var all []schema.Memory
	at := func(claim, attribute string, recorded time.Time, state schema.MemoryState) schema.Memory {
		m := withSubject(memory(claim), "Ana", attribute, claim)
		m.RecordedAt, m.State = recorded, state
		all = append(all, m)
		return m
	}
	for i := range 24 {
		at(fmt.Sprintf("Ana is on team %d.", i), "team", ts.Add(time.Duration(i)*time.Minute), schema.StateActive)
	}
	for i := range 5 { // recorded together: their ids order them
		at(fmt.Sprintf("Ana is on squad %d.", i), "team", ts.Add(30*time.Minute), schema.StateActive)
	}
	at("Ana is on the retired team.", "team", ts.Add(40*time.Minute), schema.StateSuperseded)
	at("Ana is on the disputed team.", "team", ts.Add(35*time.Minute), schema.StateDisputed)
	for i := range 6 {
		at(fmt.Sprintf("Ana likes cafe %d.", i), "favourite cafe", ts.Add(time.Duration(20+i)*time.Minute), schema.StateActive)
	}
	complete(t, s, owner, all...)
	theirs := withSubject(memory("Ana is on team X."), "Ana", "team", "X")
	theirs.RecordedAt = ts.Add(time.Hour)
	complete(t, s, other, theirs)

	// what the look-ups must return: the owner's current memories on the
	// slot, newest first, ties by id, cut at the limit
	want := func(attribute string, limit int) []string {
		var ms []schema.Memory
		for _, m := range all {
			if (attribute == "" || m.Attribute == attribute) && m.State != schema.StateSuperseded {
				ms = append(ms, m)
			}
		}
		slices.SortFunc(ms, func(a, b schema.Memory) int {
			if c := b.RecordedAt.Compare(a.RecordedAt); c != 0 {
				return c
			}
			return strings.Compare(a.ID, b.ID)
		})
		return memIDs(ms[:min(limit, len(ms))])
	}
	for _, tt := range []struct {
		attribute string
		limit     int
	}{{"team", 10}, {"team", 3}, {"", 12}, {"favourite cafe", 20}, {"", 20}} {
		got, err := s.MemoriesBySubject(ctx, owner, "ana", tt.attribute, tt.limit)
		if err != nil {
			t.Fatalf("MemoriesBySubject: %v", err)
		}
		if w := want(tt.attribute, tt.limit); !slices.Equal(memIDs(got), w) {
			t.Errorf("MemoriesBySubject(ana, %q, %d) = %v, want %v", tt.attribute, tt.limit, memIDs(got), w)
		}
		res, err := s.LookupClaims(ctx, owner, []graph.ClaimLookup{{SubjectKey: "ana", AttributeKey: tt.attribute}}, tt.limit, 5)
		if err != nil {
			t.Fatalf("LookupClaims: %v", err)
		}
		if w := want(tt.attribute, tt.limit); !slices.Equal(memIDs(res[0].BySubject), w) {
			t.Errorf("LookupClaims(ana, %q, %d) = %v, want %v", tt.attribute, tt.limit, memIDs(res[0].BySubject), w)
		}
	}
}
