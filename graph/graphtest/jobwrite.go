package graphtest

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// snapshot is everything the contract can read about the graph a test
// wrote, to compare before and after a repeated write.
type snapshot struct {
	Memories  []graph.MemoryDetail
	Timelines [][]graph.TimelineEntry
	Entities  []graph.EntityDetail
	Conflicts []graph.ConflictDetail
	Job       schema.Job
	Recent    []graph.JobSummary
}

func takeSnapshot(t *testing.T, s graph.Store, owner schema.Owner, jobID string, memIDs, entIDs []string) snapshot {
	t.Helper()
	ctx := t.Context()
	var snap snapshot
	for _, id := range memIDs {
		snap.Memories = append(snap.Memories, detail(t, s, owner, id))
		tl, err := s.Timeline(ctx, owner, id)
		if err != nil {
			t.Fatalf("Timeline: %v", err)
		}
		snap.Timelines = append(snap.Timelines, tl)
	}
	for _, id := range entIDs {
		d, err := s.Entity(ctx, owner, id)
		if err != nil {
			t.Fatalf("Entity: %v", err)
		}
		snap.Entities = append(snap.Entities, d)
	}
	cs, err := s.Conflicts(ctx, owner, "", graph.MaxPage, "")
	if err != nil {
		t.Fatalf("Conflicts: %v", err)
	}
	for _, c := range cs {
		d, err := s.Conflict(ctx, owner, c.ID)
		if err != nil {
			t.Fatalf("Conflict: %v", err)
		}
		snap.Conflicts = append(snap.Conflicts, d)
	}
	if snap.Job, err = s.Job(ctx, owner, jobID); err != nil {
		t.Fatalf("Job: %v", err)
	}
	if snap.Recent, err = s.RecentJobs(ctx, owner, graph.MaxPage, time.Time{}); err != nil {
		t.Fatalf("RecentJobs: %v", err)
	}
	return snap
}

// testJobWriteRedelivery writes one job's full result twice: the second
// delivery leaves everything the contract can read as the first left it.
func testJobWriteRedelivery(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	ledger, ana := entity(schema.KindSystem, "Ledger"), entity(schema.KindPerson, "Ana")
	old := memory("The ledger runs on Postgres.")
	old.Subject, old.Attribute, old.Value, old.EntityIDs, old.Confidence = "ledger", "database", "Postgres", []string{ledger.ID}, 0.6
	rival := memory("Ana owns the ledger.")
	rival.EntityIDs = []string{ana.ID, ledger.ID}
	again := memory("Weekly planning is on Mondays.")
	again.Confidence = 0.5
	completeWith(t, s, owner, graph.JobWrite{Entities: []schema.Entity{ledger, ana}, Memories: []schema.Memory{old, rival, again}})

	conv := "chat-" + schema.NewID("")
	turns, err := s.AppendTurns(ctx, owner, conv, []schema.Turn{{Author: "user", Text: "We moved the ledger to MySQL; Bo owns it now."}},
		schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "We moved the ledger to MySQL; Bo owns it now.", ContentHash: "h"},
		schema.Job{ID: schema.NewID(schema.PrefixJob)})
	if err != nil {
		t.Fatalf("AppendTurns: %v", err)
	}
	jobs, err := s.RecentJobs(ctx, owner, 1, time.Time{})
	if err != nil || len(jobs) != 1 {
		t.Fatalf("RecentJobs = %v, %v", jobs, err)
	}
	job := jobs[0]

	bo := entity(schema.KindPerson, "Bo")
	moved := memory("The ledger runs on MySQL.")
	moved.Subject, moved.Attribute, moved.Value, moved.Correction = "Ledger", "Database", "MySQL", true
	moved.EntityIDs, moved.ValidFrom, moved.Excerpt = []string{ledger.ID}, at(24*time.Hour), "moved the ledger to MySQL"
	owns := memory("Bo owns the ledger.")
	owns.EntityIDs = []string{bo.ID, ledger.ID}
	w := graph.JobWrite{
		Entities:    []schema.Entity{bo, {ID: ledger.ID, Name: "Ledger", Aliases: []string{"the ledger"}}},
		Memories:    []schema.Memory{moved, owns},
		MemoryTurns: map[string][]string{moved.ID: {turns[0].ID}, owns.ID: {turns[0].ID}},
		Relations:   []graph.Relation{{FromID: bo.ID, ToID: ledger.ID, Type: "owns"}},
		Reinforce:   []graph.Reinforcement{{MemoryID: again.ID, Excerpt: "planning Mondays", Confidence: 0.5, TurnIDs: []string{turns[0].ID}}},
		Supersede:   []graph.Supersession{{NewID: moved.ID, OldID: old.ID, Reason: "moved off Postgres"}},
		Conflicts:   []schema.Conflict{{ID: schema.DerivedID(schema.PrefixConflict, rival.ID, owns.ID), MemoryIDs: [2]string{rival.ID, owns.ID}, Reason: "two owners", CreatedAt: ts}},
	}
	if _, _, err := s.StartJob(ctx, owner, job.JobID); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteJob(ctx, owner, job.JobID, w); err != nil {
		t.Fatalf("CompleteJob: %v", err)
	}
	memIDs := []string{old.ID, rival.ID, again.ID, moved.ID, owns.ID}
	entIDs := []string{ledger.ID, ana.ID, bo.ID}
	first := takeSnapshot(t, s, owner, job.JobID, memIDs, entIDs)

	// A redelivered message: the worker starts the job (done), and even if
	// it wrote again, nothing would change.
	if _, done, err := s.StartJob(ctx, owner, job.JobID); err != nil || !done {
		t.Fatalf("StartJob of the completed job = done %v, %v", done, err)
	}
	if err := s.CompleteJob(ctx, owner, job.JobID, w); err != nil {
		t.Fatalf("CompleteJob again: %v", err)
	}
	second := takeSnapshot(t, s, owner, job.JobID, memIDs, entIDs)
	if diff := cmp.Diff(first, second); diff != "" {
		t.Errorf("graph after a redelivered write (-first +second):\n%s", diff)
	}

	// What the first write did.
	byID := map[string]graph.MemoryDetail{}
	for _, d := range first.Memories {
		byID[d.Memory.ID] = d
	}
	if d := byID[old.ID]; d.Memory.State != schema.StateSuperseded || d.Memory.ValidTo == nil || !d.Memory.ValidTo.Equal(*moved.ValidFrom) ||
		!slices.Equal(d.SupersededBy, []string{moved.ID}) {
		t.Errorf("superseded memory = %+v (superseded by %v)", d.Memory, d.SupersededBy)
	}
	if d := byID[moved.ID]; d.Memory.SupersedesID != old.ID || len(d.Evidence) != 2 ||
		!slices.ContainsFunc(d.Evidence, func(e graph.Evidence) bool {
			return e.TurnID == turns[0].ID && e.ConversationID == conv && e.Seq == 1 && e.Author == "user" && e.Excerpt == moved.Excerpt
		}) ||
		!slices.ContainsFunc(d.Evidence, func(e graph.Evidence) bool { return e.DocumentID == job.DocumentID && e.Excerpt == moved.Excerpt }) {
		t.Errorf("new memory = %+v, evidence %+v; want the document and the turn", d.Memory, d.Evidence)
	}
	if d := byID[again.ID]; d.EvidenceCount != 2 || math.Abs(d.Memory.Confidence-0.75) > 1e-9 || len(d.Evidence) != 3 {
		t.Errorf("reinforced memory: confidence %v, evidence count %d, %d excerpts; want 0.75, 2, 3", d.Memory.Confidence, d.EvidenceCount, len(d.Evidence))
	}
	for _, id := range []string{rival.ID, owns.ID} {
		if d := byID[id]; d.Memory.State != schema.StateDisputed || len(d.Conflicts) != 1 {
			t.Errorf("memory %s in the conflict: state %s, %d conflicts; want disputed, 1", id, d.Memory.State, len(d.Conflicts))
		}
	}
	if diff := cmp.Diff([]string{moved.ID, owns.ID}, first.Job.MemoryIDs); diff != "" {
		t.Errorf("job memory ids (-want +got):\n%s", diff)
	}
	if r := first.Recent[0]; r.JobID != job.JobID || !slices.Equal(r.ReinforcedIDs, []string{again.ID}) ||
		!slices.Equal(r.SupersededIDs, []string{old.ID}) || len(r.ConflictIDs) != 1 || r.ConversationID != conv {
		t.Errorf("job summary = %+v", r)
	}
	if d := first.Entities[0]; !slices.Contains(d.Entity.Aliases, "the ledger") {
		t.Errorf("ledger aliases = %v", d.Entity.Aliases)
	}
}

// testJobWriteAtomic checks that a write failing on one part leaves
// nothing of the others.
func testJobWriteAtomic(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	existing := memory("Existing claim.")
	complete(t, s, owner, existing)
	e := entity(schema.KindPerson, "Half Written")
	fresh := memory("A claim that must not appear.")
	fresh.EntityIDs = []string{e.ID}
	missing := schema.NewID(schema.PrefixMemory)
	cases := map[string]graph.JobWrite{
		"reinforce unknown":   {Reinforce: []graph.Reinforcement{{MemoryID: missing, Confidence: 0.9}}},
		"supersede unknown":   {Supersede: []graph.Supersession{{NewID: fresh.ID, OldID: missing}}},
		"conflict unknown":    {Conflicts: []schema.Conflict{{ID: schema.NewID(schema.PrefixConflict), MemoryIDs: [2]string{existing.ID, missing}}}},
		"unknown entity":      {Memories: []schema.Memory{{ID: schema.NewID(schema.PrefixMemory), Claim: "x", EntityIDs: []string{schema.NewID(schema.PrefixEntity)}}}},
		"unknown turn":        {MemoryTurns: map[string][]string{fresh.ID: {graph.TurnID(owner, "nope", 1)}}},
		"unknown relation":    {Relations: []graph.Relation{{FromID: e.ID, ToID: schema.NewID(schema.PrefixEntity), Type: "knows"}}},
		"unknown supersedes":  {Memories: []schema.Memory{{ID: schema.NewID(schema.PrefixMemory), Claim: "x", SupersedesID: missing}}},
		"unknown reinforce 2": {Reinforce: []graph.Reinforcement{{MemoryID: existing.ID, Confidence: 0.9}, {MemoryID: missing}}},
	}
	for name, w := range cases {
		w.Entities = append(w.Entities, e)
		if !slices.ContainsFunc(w.Memories, func(m schema.Memory) bool { return m.ID == fresh.ID }) {
			w.Memories = append(w.Memories, fresh)
		}
		_, job := create(t, s, owner, "material")
		err := s.CompleteJob(ctx, owner, job.ID, w)
		wantErr(t, "CompleteJob with "+name, err, schema.ErrNotFound)
		if got, _ := s.Memories(ctx, owner, []string{fresh.ID}); len(got) != 0 {
			t.Errorf("%s: the failed write created a memory", name)
		}
		if _, err := s.Entity(ctx, owner, e.ID); err == nil {
			t.Errorf("%s: the failed write created an entity", name)
		}
		if j, _ := s.Job(ctx, owner, job.ID); j.State == schema.JobCompleted {
			t.Errorf("%s: the failed write completed the job", name)
		}
	}
	if d := detail(t, s, owner, existing.ID); d.EvidenceCount != 1 || d.Memory.Confidence != existing.Confidence {
		t.Errorf("a failed reinforcement changed the memory: %+v", d)
	}

	invalid := map[string]graph.JobWrite{
		"memory without id":       {Memories: []schema.Memory{{Claim: "x"}}},
		"self supersession":       {Supersede: []graph.Supersession{{NewID: existing.ID, OldID: existing.ID}}},
		"supersession without id": {Supersede: []graph.Supersession{{NewID: existing.ID}}},
		"self conflict":           {Conflicts: []schema.Conflict{{ID: "cfl_x", MemoryIDs: [2]string{existing.ID, existing.ID}}}},
		"conflict without id":     {Conflicts: []schema.Conflict{{MemoryIDs: [2]string{existing.ID, missing}}}},
		"reinforce without id":    {Reinforce: []graph.Reinforcement{{Confidence: 1}}},
		"turns of no new memory":  {MemoryTurns: map[string][]string{existing.ID: {"trn_x"}}},
		"entity without name":     {Entities: []schema.Entity{{ID: schema.NewID(schema.PrefixEntity)}}},
		"relation without type":   {Relations: []graph.Relation{{FromID: "ent_a", ToID: "ent_b"}}},
		"relation to itself":      {Relations: []graph.Relation{{FromID: "ent_a", ToID: "ent_a", Type: "is"}}},
	}
	for name, w := range invalid {
		_, job := create(t, s, owner, "material")
		err := s.CompleteJob(ctx, owner, job.ID, w)
		wantErr(t, "CompleteJob with "+name, err, schema.ErrInvalid)
	}
}

func testReinforce(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	m := memory("Prefers window seats on long flights.")
	m.Confidence, m.Excerpt = 0.6, "window seat please"
	firstDoc, firstJob := createAt(t, s, owner, "window seat please", ts.Add(-time.Hour))
	if err := s.CompleteJob(ctx, owner, firstJob.ID, graph.JobWrite{Memories: []schema.Memory{m}}); err != nil {
		t.Fatal(err)
	}

	steps := []struct {
		evidence []float64 // reinforcements in one job
		want     float64
		count    int
	}{
		{[]float64{0.7}, 1 - 0.4*0.3, 2},
		{[]float64{0.5, 0.9}, 1 - 0.4*0.3*0.1, 3}, // one document: counted once, at its best
		{[]float64{0.99}, graph.MaxReinforcedConfidence, 4},
		{[]float64{0.2}, graph.MaxReinforcedConfidence, 5},
	}
	var docs []string
	for i, st := range steps {
		var rs []graph.Reinforcement
		for _, c := range st.evidence {
			rs = append(rs, graph.Reinforcement{MemoryID: m.ID, Excerpt: "window again", Confidence: c})
		}
		doc, job := completeWith(t, s, owner, graph.JobWrite{Reinforce: rs})
		docs = append(docs, doc.ID)
		d := detail(t, s, owner, m.ID)
		if math.Abs(d.Memory.Confidence-st.want) > 1e-9 || d.EvidenceCount != st.count {
			t.Errorf("after reinforcement %d: confidence %v, evidence %d; want %v, %d", i+1, d.Memory.Confidence, d.EvidenceCount, st.want, st.count)
		}
		j, _ := s.Job(ctx, owner, job.ID)
		if len(j.MemoryIDs) != 0 {
			t.Errorf("a reinforcing job created memories %v", j.MemoryIDs)
		}
	}
	d := detail(t, s, owner, m.ID)
	var evDocs []string
	for _, e := range d.Evidence {
		evDocs = append(evDocs, e.DocumentID)
	}
	if !sameSet(evDocs, append([]string{firstDoc.ID}, docs...)) {
		t.Errorf("evidence documents = %v", evDocs)
	}
	// No twin: one memory, still reading its first document.
	hits, err := s.SimilarClaims(ctx, owner, "window seats long flights", 10)
	if err != nil || len(hits) != 1 || hits[0].Memory.ID != m.ID {
		t.Errorf("SimilarClaims = %+v, %v; want the one memory", hits, err)
	}
	if got, _ := s.Memories(ctx, owner, []string{m.ID}); len(got) != 1 || got[0].DocumentID != firstDoc.ID || got[0].Excerpt != m.Excerpt {
		t.Errorf("Memories after reinforcement = %+v, want the first document's excerpt", got)
	}

	for _, tt := range []struct{ old, ev, want float64 }{
		{0, 0, 0}, {0.5, 0.5, 0.75}, {0.995, 0.5, 0.995}, {0.9, 0.9, 0.99}, {-1, 2, 0.99}, {0.3, -0.5, 0.3},
	} {
		if got := graph.ReinforcedConfidence(tt.old, tt.ev); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("ReinforcedConfidence(%v, %v) = %v, want %v", tt.old, tt.ev, got, tt.want)
		}
	}
}

func testSupersessionTimeline(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	version := func(value string, from time.Duration) schema.Memory {
		m := memory("The ledger runs on " + value + ".")
		m.Subject, m.Attribute, m.Value, m.ValidFrom = "The Ledger", "database", value, at(from)
		return m
	}
	v1 := version("Postgres", 0)
	v2 := version("MySQL", 30*24*time.Hour)
	v3 := version("CockroachDB", 60*24*time.Hour)
	complete(t, s, owner, v1)
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{v2},
		Supersede: []graph.Supersession{{NewID: v2.ID, OldID: v1.ID, Reason: "we moved to MySQL"}}})
	said := ts.Add(59 * 24 * time.Hour)
	v3.SupersedesID = v2.ID // the other way to say it
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{v3},
		Supersede: []graph.Supersession{{NewID: v3.ID, OldID: v2.ID, At: said, Reason: "migrated again"}}})

	for _, id := range []string{v1.ID, v2.ID, v3.ID} {
		tl, err := s.Timeline(ctx, owner, id)
		if err != nil {
			t.Fatalf("Timeline(%s): %v", id, err)
		}
		if diff := cmp.Diff([]string{v1.ID, v2.ID, v3.ID}, timelineIDs(tl)); diff != "" {
			t.Fatalf("Timeline(%s) order (-want +got):\n%s", id, diff)
		}
		if tl[0].Until == nil || !tl[0].Until.Equal(*v2.ValidFrom) || len(tl[0].Changes) != 0 || len(tl[0].Supersedes) != 0 ||
			!slices.Equal(tl[0].SupersededBy, []string{v2.ID}) || tl[0].Memory.State != schema.StateSuperseded {
			t.Errorf("first version = %+v", tl[0])
		}
		wantChanges := []graph.Change{
			{Field: "claim", Before: v1.Claim, After: v2.Claim},
			{Field: "value", Before: "Postgres", After: "MySQL"},
		}
		if diff := cmp.Diff(wantChanges, tl[1].Changes); diff != "" {
			t.Errorf("second version's changes (-want +got):\n%s", diff)
		}
		if tl[1].Reason != "we moved to MySQL" || tl[1].ReplacedAt == nil || !tl[1].ReplacedAt.Equal(*v2.ValidFrom) ||
			tl[1].Until == nil || !tl[1].Until.Equal(said) {
			t.Errorf("second version = reason %q, replaced at %v, until %v", tl[1].Reason, tl[1].ReplacedAt, tl[1].Until)
		}
		if tl[2].Until != nil || tl[2].Memory.State != schema.StateActive || tl[2].Memory.SupersedesID != v2.ID ||
			len(tl[2].Changes) != 2 || tl[2].Changes[1].Before != "MySQL" || tl[2].Changes[1].After != "CockroachDB" {
			t.Errorf("third version = %+v", tl[2])
		}
	}
	single, err := s.Timeline(ctx, owner, complete1(t, s, owner, memory("Standalone.")))
	if err != nil || len(single) != 1 || len(single[0].Changes) != 0 {
		t.Errorf("Timeline of a memory never superseded = %+v, %v", single, err)
	}

	// Only the current version answers a lookup by subject.
	got, err := s.MemoriesBySubject(ctx, owner, "the ledger", "DATABASE", 10)
	if err != nil || !slices.Equal(memoryIDs(got), []string{v3.ID}) {
		t.Errorf("MemoriesBySubject = %v, %v; want only the current version", memoryIDs(got), err)
	}

	// History cannot loop, nor a memory replace itself.
	_, job := create(t, s, owner, "material")
	err = s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Supersede: []graph.Supersession{{NewID: v1.ID, OldID: v3.ID}}})
	wantErr(t, "a supersession closing a cycle", err, schema.ErrInvalid)
	if tl, _ := s.Timeline(ctx, owner, v1.ID); len(tl) != 3 || tl[2].Memory.State != schema.StateActive {
		t.Errorf("the refused cycle changed the timeline: %v", timelineIDs(tl))
	}
	_, err = s.Timeline(ctx, owner, schema.NewID(schema.PrefixMemory))
	wantErr(t, "Timeline of an unknown memory", err, schema.ErrNotFound)

	// A version corrected before it began (an event set for day 60,
	// corrected by a claim dated day 2) never held: it ends where it
	// began, never before.
	event := version("Spanner", 60*24*time.Hour)
	complete(t, s, owner, event)
	fix := version("Spanner on a new date", 2*24*time.Hour)
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{fix},
		Supersede: []graph.Supersession{{NewID: fix.ID, OldID: event.ID, Reason: "a correction"}}})
	if d := detail(t, s, owner, event.ID); d.Memory.ValidTo == nil || !d.Memory.ValidTo.Equal(*event.ValidFrom) {
		t.Errorf("a version corrected before it began: valid_to %v, want its valid_from %v", d.Memory.ValidTo, event.ValidFrom)
	}
}

func timelineIDs(tl []graph.TimelineEntry) []string {
	out := make([]string, len(tl))
	for i, e := range tl {
		out[i] = e.Memory.ID
	}
	return out
}

// complete1 writes one memory and returns its id.
func complete1(t *testing.T, s graph.Store, owner schema.Owner, m schema.Memory) string {
	t.Helper()
	complete(t, s, owner, m)
	return m.ID
}

func testLookups(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	ana, ledger := entity(schema.KindPerson, "Ana"), entity(schema.KindSystem, "Ledger")
	mk := func(claim, subject, attribute string, recorded time.Duration, state schema.MemoryState, about ...string) schema.Memory {
		m := memory(claim)
		m.Subject, m.Attribute, m.RecordedAt, m.State, m.EntityIDs = subject, attribute, ts.Add(recorded), state, about
		return m
	}
	a := mk("Ana's favourite café is Café Zürich.", "Ana", "favourite café", time.Hour, schema.StateActive, ana.ID)
	b := mk("Ana's team is Payments.", "ana", "team", 2*time.Hour, schema.StateDisputed, ana.ID)
	c := mk("Ana's team was Search.", "ANA", "team", 3*time.Hour, schema.StateSuperseded, ana.ID)
	d := mk("The ledger is written in Go.", "ledger", "language", 4*time.Hour, schema.StateActive, ledger.ID)
	e := mk("Ana wrote the ledger.", "ana", "wrote", 5*time.Hour, schema.StateActive, ana.ID, ledger.ID)
	completeWith(t, s, owner, graph.JobWrite{Entities: []schema.Entity{ana, ledger}, Memories: []schema.Memory{a, b, c, d, e}})

	for _, tt := range []struct {
		subject, attribute string
		want               []string
	}{
		{"ana", "favourite cafe", []string{a.ID}},
		{"  ANA ", "Favourite Café!", []string{a.ID}},
		{"Ana", "team", []string{b.ID}},
		{"ana", "", []string{e.ID, b.ID, a.ID}},
		{"ledger", "language", []string{d.ID}},
		{"bob", "team", []string{}},
	} {
		got, err := s.MemoriesBySubject(ctx, owner, tt.subject, tt.attribute, 10)
		if err != nil {
			t.Fatalf("MemoriesBySubject: %v", err)
		}
		if diff := cmp.Diff(tt.want, memoryIDs(got), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("MemoriesBySubject(%q, %q) (-want +got):\n%s", tt.subject, tt.attribute, diff)
		}
	}
	got, err := s.MemoriesBySubject(ctx, owner, "ana", "", 1)
	if err != nil || !slices.Equal(memoryIDs(got), []string{e.ID}) {
		t.Errorf("MemoriesBySubject with limit 1 = %v, %v", memoryIDs(got), err)
	}
	_, err = s.MemoriesBySubject(ctx, owner, " ! ", "team", 10)
	wantErr(t, "MemoriesBySubject without a subject", err, schema.ErrInvalid)
	_, err = s.MemoriesBySubject(ctx, owner, "ana", "team", 0)
	wantErr(t, "MemoriesBySubject with limit 0", err, schema.ErrInvalid)

	got, err = s.MemoriesAboutEntities(ctx, owner, []string{ana.ID, ledger.ID, schema.NewID(schema.PrefixEntity)}, 10)
	if err != nil || !slices.Equal(memoryIDs(got), []string{e.ID, d.ID, b.ID, a.ID}) {
		t.Errorf("MemoriesAboutEntities = %v, %v; want current ones, newest first, each once", memoryIDs(got), err)
	}
	got, err = s.MemoriesAboutEntities(ctx, owner, nil, 10)
	if err != nil || len(got) != 0 {
		t.Errorf("MemoriesAboutEntities(nil) = %v, %v", memoryIDs(got), err)
	}

	hits, err := s.SimilarClaims(ctx, owner, "Which team is Ana on?", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].Memory.ID != b.ID || hits[0].Score <= 0 || hits[0].Memory.Claim != b.Claim {
		t.Errorf("SimilarClaims = %+v, want the disputed team claim first with its memory", hits)
	}
	for _, h := range hits {
		if h.Memory.ID == c.ID {
			t.Errorf("SimilarClaims returned the superseded memory")
		}
	}
	_, err = s.SimilarClaims(ctx, owner, "team", -1)
	wantErr(t, "SimilarClaims with a negative limit", err, schema.ErrInvalid)
}

func testConfirmMemory(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	m := memory("Allergic to peanuts.")
	complete(t, s, owner, m)
	for i := range 2 {
		got, err := s.ConfirmMemory(ctx, owner, m.ID)
		if err != nil || !got.Confirmed || got.ID != m.ID || got.Claim != m.Claim {
			t.Errorf("ConfirmMemory #%d = %+v, %v", i+1, got, err)
		}
	}
	if d := detail(t, s, owner, m.ID); !d.Memory.Confirmed {
		t.Errorf("memory not confirmed after ConfirmMemory")
	}
	_, err := s.ConfirmMemory(ctx, owner, schema.NewID(schema.PrefixMemory))
	wantErr(t, "ConfirmMemory of an unknown memory", err, schema.ErrNotFound)
	_, err = s.MemoryDetail(ctx, owner, schema.NewID(schema.PrefixMemory))
	wantErr(t, "MemoryDetail of an unknown memory", err, schema.ErrNotFound)
}

func testMemoryIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	a1, a2 := memory("Alice's claim one."), memory("Alice's claim two.")
	a1.Subject, a1.Attribute = "alice", "claim"
	complete(t, s, alice, a1, a2)

	_, err := s.MemoryDetail(ctx, bob, a1.ID)
	wantErr(t, "MemoryDetail of another owner's memory", err, schema.ErrNotFound)
	_, err = s.Timeline(ctx, bob, a1.ID)
	wantErr(t, "Timeline of another owner's memory", err, schema.ErrNotFound)
	_, err = s.ConfirmMemory(ctx, bob, a1.ID)
	wantErr(t, "ConfirmMemory of another owner's memory", err, schema.ErrNotFound)
	if got, err := s.MemoriesBySubject(ctx, bob, "alice", "claim", 10); err != nil || len(got) != 0 {
		t.Errorf("bob's MemoriesBySubject = %v, %v", memoryIDs(got), err)
	}
	if got, err := s.SimilarClaims(ctx, bob, "Alice's claim", 10); err != nil || len(got) != 0 {
		t.Errorf("bob's SimilarClaims = %v, %v", got, err)
	}

	mine := memory("Bob's claim.")
	complete(t, s, bob, mine)
	for name, w := range map[string]graph.JobWrite{
		"reinforcing":  {Reinforce: []graph.Reinforcement{{MemoryID: a1.ID, Confidence: 0.9}}},
		"superseding":  {Supersede: []graph.Supersession{{NewID: mine.ID, OldID: a1.ID}}},
		"superseded":   {Supersede: []graph.Supersession{{NewID: a1.ID, OldID: mine.ID}}},
		"a conflict":   {Conflicts: []schema.Conflict{{ID: schema.NewID(schema.PrefixConflict), MemoryIDs: [2]string{mine.ID, a1.ID}}}},
		"a new memory": {Memories: []schema.Memory{{ID: a2.ID, Claim: "overwritten"}}},
	} {
		_, job := create(t, s, bob, "material")
		err := s.CompleteJob(ctx, bob, job.ID, w)
		if name == "a new memory" {
			wantErr(t, "CompleteJob writing another owner's memory id", err, schema.ErrConflict)
		} else {
			wantErr(t, "CompleteJob "+name+" another owner's memory", err, schema.ErrNotFound)
		}
	}
	d := detail(t, s, alice, a1.ID)
	if d.Memory.State != schema.StateActive || d.Memory.Confirmed || d.EvidenceCount != 1 || d.Memory.Confidence != a1.Confidence ||
		len(d.SupersededBy) != 0 || len(d.Conflicts) != 0 {
		t.Errorf("alice's memory after bob's attempts = %+v", d)
	}
	if got, _ := s.Memories(ctx, alice, []string{a2.ID}); len(got) != 1 || got[0].Claim != a2.Claim {
		t.Errorf("alice's second memory after bob's attempt = %+v", got)
	}
}

// testReinforceRace reinforces one memory from several jobs at once: no
// update is lost.
func testReinforceRace(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	m := memory("Standup is at 9:30.")
	m.Confidence = 0.5
	complete(t, s, owner, m)
	const n = 6
	jobs := make([]schema.Job, n)
	for i := range jobs {
		_, jobs[i] = create(t, s, owner, "material")
	}
	var wg sync.WaitGroup
	for _, job := range jobs {
		wg.Go(func() {
			err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Reinforce: []graph.Reinforcement{{MemoryID: m.ID, Confidence: 0.1}}})
			if err != nil {
				t.Errorf("CompleteJob: %v", err)
			}
		})
	}
	wg.Wait()
	want := m.Confidence
	for range n {
		want = graph.ReinforcedConfidence(want, 0.1)
	}
	d := detail(t, s, owner, m.ID)
	if d.EvidenceCount != n+1 || math.Abs(d.Memory.Confidence-want) > 1e-9 {
		t.Errorf("after %d racing reinforcements: evidence %d, confidence %v; want %d, %v", n, d.EvidenceCount, d.Memory.Confidence, n+1, want)
	}
}

// testUpsertEntityRace adds aliases to one entity from several callers at
// once: every alias is kept.
func testUpsertEntityRace(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	id := schema.NewID(schema.PrefixEntity)
	var wg sync.WaitGroup
	var want []string
	for i := range 6 {
		alias := fmt.Sprintf("Alias %d", i)
		want = append(want, alias)
		wg.Go(func() {
			if err := s.UpsertEntity(ctx, owner, schema.Entity{ID: id, Name: "Racer", Aliases: []string{alias}}); err != nil {
				t.Errorf("UpsertEntity: %v", err)
			}
		})
	}
	wg.Wait()
	d, err := s.Entity(ctx, owner, id)
	if err != nil {
		t.Fatal(err)
	}
	if !sameSet(d.Entity.Aliases, want) {
		t.Errorf("aliases after racing upserts = %v, want %v", d.Entity.Aliases, want)
	}
}
