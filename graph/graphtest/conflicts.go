package graphtest

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// conflicting writes two contradicting memories and a conflict between
// them, and returns all three.
func conflicting(t *testing.T, s graph.Store, owner schema.Owner, created time.Time) (schema.Memory, schema.Memory, schema.Conflict) {
	t.Helper()
	a := memory("The offsite is in Lisbon.")
	a.Subject, a.Attribute, a.Value, a.ValidFrom = "offsite", "city", "Lisbon", at(0)
	b := memory("The offsite is in Porto.")
	b.Subject, b.Attribute, b.Value, b.ValidFrom = "offsite", "city", "Porto", at(48*time.Hour)
	c := schema.Conflict{ID: schema.NewID(schema.PrefixConflict), MemoryIDs: [2]string{a.ID, b.ID}, Reason: "two cities", CreatedAt: created}
	complete(t, s, owner, a)
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{b}, Conflicts: []schema.Conflict{c}})
	return a, b, c
}

func testConflictOpen(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	a, b, c := conflicting(t, s, owner, ts)
	for _, id := range []string{a.ID, b.ID} {
		d := detail(t, s, owner, id)
		if d.Memory.State != schema.StateDisputed || len(d.Conflicts) != 1 || d.Conflicts[0].ID != c.ID {
			t.Errorf("memory %s: state %s, conflicts %+v; want disputed in %s", id, d.Memory.State, d.Conflicts, c.ID)
		}
	}
	got, err := s.Conflict(ctx, owner, c.ID)
	if err != nil {
		t.Fatalf("Conflict: %v", err)
	}
	want := schema.Conflict{ID: c.ID, State: schema.ConflictOpen, MemoryIDs: c.MemoryIDs, Reason: c.Reason, CreatedAt: ts}
	if diff := cmp.Diff(want, got.Conflict); diff != "" {
		t.Errorf("Conflict (-want +got):\n%s", diff)
	}
	if got.Memories[0].ID != a.ID || got.Memories[1].ID != b.ID || got.Memories[0].Claim != a.Claim {
		t.Errorf("Conflict memories = %s, %s; want %s, %s in order", got.Memories[0].ID, got.Memories[1].ID, a.ID, b.ID)
	}
	// Neither side is retired: search still finds both.
	hits, err := s.SearchMemories(ctx, owner, "offsite", 10)
	if err != nil || !sameSet(ids(hits), []string{a.ID, b.ID}) {
		t.Errorf("search during the conflict = %v, %v; want both sides", ids(hits), err)
	}
	// The same conflict again (another job's deterministic id) adds nothing;
	// the id between other memories is refused.
	completeWith(t, s, owner, graph.JobWrite{Conflicts: []schema.Conflict{c}})
	if d := detail(t, s, owner, a.ID); len(d.Conflicts) != 1 {
		t.Errorf("conflicts after writing the conflict again = %d, want 1", len(d.Conflicts))
	}
	other := memory("Unrelated.")
	complete(t, s, owner, other)
	_, job := create(t, s, owner, "material")
	err = s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Conflicts: []schema.Conflict{{ID: c.ID, MemoryIDs: [2]string{a.ID, other.ID}}}})
	wantErr(t, "a conflict id reused between other memories", err, schema.ErrConflict)
	_, err = s.Conflict(ctx, owner, schema.NewID(schema.PrefixConflict))
	wantErr(t, "Conflict with an unknown id", err, schema.ErrNotFound)
}

func testConflictKeep(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	a, b, c := conflicting(t, s, owner, ts)

	_, err := s.ResolveConflict(ctx, owner, c.ID, graph.ResolveKeep, schema.NewID(schema.PrefixMemory), "")
	wantErr(t, "keep a memory outside the conflict", err, schema.ErrInvalid)
	_, err = s.ResolveConflict(ctx, owner, c.ID, graph.ResolveKeep, "", "")
	wantErr(t, "keep without a memory", err, schema.ErrInvalid)
	_, err = s.ResolveConflict(ctx, owner, c.ID, "merge", "", "")
	wantErr(t, "an unknown action", err, schema.ErrInvalid)

	// The person keeps the older claim: the newer one never held.
	got, err := s.ResolveConflict(ctx, owner, c.ID, graph.ResolveKeep, a.ID, "it was always Lisbon")
	if err != nil {
		t.Fatalf("ResolveConflict keep: %v", err)
	}
	if got.State != schema.ConflictResolved || got.KeptID != a.ID || got.Note != "it was always Lisbon" || got.ResolvedAt == nil {
		t.Errorf("resolved conflict = %+v", got)
	}
	kept, lost := detail(t, s, owner, a.ID), detail(t, s, owner, b.ID)
	if kept.Memory.State != schema.StateActive || !kept.Memory.Confirmed || len(kept.Conflicts) != 0 {
		t.Errorf("kept memory = %+v, open conflicts %d", kept.Memory, len(kept.Conflicts))
	}
	if lost.Memory.State != schema.StateSuperseded || !slices.Equal(lost.SupersededBy, []string{a.ID}) ||
		lost.Memory.ValidTo == nil || !lost.Memory.ValidTo.Equal(*b.ValidFrom) || lost.Memory.Confirmed {
		t.Errorf("retired memory = %+v, superseded by %v", lost.Memory, lost.SupersededBy)
	}
	tl, err := s.Timeline(ctx, owner, b.ID)
	if err != nil || !slices.Equal(timelineIDs(tl), []string{b.ID, a.ID}) {
		t.Errorf("timeline after keep = %v, %v", timelineIDs(tl), err)
	}

	_, err = s.ResolveConflict(ctx, owner, c.ID, graph.ResolveKeep, a.ID, "")
	wantErr(t, "resolving twice", err, schema.ErrConflict)
	_, err = s.ResolveConflict(ctx, owner, c.ID, graph.ResolveDismiss, "", "")
	wantErr(t, "dismissing a resolved conflict", err, schema.ErrConflict)
	_, err = s.ResolveConflict(ctx, owner, schema.NewID(schema.PrefixConflict), graph.ResolveDismiss, "", "")
	wantErr(t, "resolving an unknown conflict", err, schema.ErrNotFound)

	// Keeping the newer claim: the older held until the newer began.
	x, y, c2 := conflicting(t, s, owner, ts.Add(time.Minute))
	if _, err := s.ResolveConflict(ctx, owner, c2.ID, graph.ResolveKeep, y.ID, ""); err != nil {
		t.Fatalf("ResolveConflict keep the newer: %v", err)
	}
	if d := detail(t, s, owner, x.ID); d.Memory.ValidTo == nil || !d.Memory.ValidTo.Equal(*y.ValidFrom) {
		t.Errorf("older memory's valid_to = %v, want %v", d.Memory.ValidTo, y.ValidFrom)
	}
}

func testConflictDismiss(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	a, b, c := conflicting(t, s, owner, ts)
	// a is in a second conflict too.
	third := memory("The offsite is in Faro.")
	c2 := schema.Conflict{ID: schema.NewID(schema.PrefixConflict), MemoryIDs: [2]string{a.ID, third.ID}, CreatedAt: ts.Add(time.Second)}
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{third}, Conflicts: []schema.Conflict{c2}})

	got, err := s.ResolveConflict(ctx, owner, c.ID, graph.ResolveDismiss, "", "different offsites")
	if err != nil {
		t.Fatalf("ResolveConflict dismiss: %v", err)
	}
	if got.State != schema.ConflictDismissed || got.KeptID != "" || got.Note != "different offsites" || got.ResolvedAt == nil {
		t.Errorf("dismissed conflict = %+v", got)
	}
	if d := detail(t, s, owner, b.ID); d.Memory.State != schema.StateActive || d.Memory.Confirmed || len(d.SupersededBy) != 0 {
		t.Errorf("memory after dismiss = %+v", d.Memory)
	}
	if d := detail(t, s, owner, a.ID); d.Memory.State != schema.StateDisputed || len(d.Conflicts) != 1 || d.Conflicts[0].ID != c2.ID {
		t.Errorf("memory still in another open conflict: state %s, conflicts %+v; want disputed in %s", d.Memory.State, d.Conflicts, c2.ID)
	}
	_, err = s.ResolveConflict(ctx, owner, c.ID, graph.ResolveDismiss, "", "")
	wantErr(t, "dismissing twice", err, schema.ErrConflict)
	if _, err := s.ResolveConflict(ctx, owner, c2.ID, graph.ResolveDismiss, "", ""); err != nil {
		t.Fatal(err)
	}
	if d := detail(t, s, owner, a.ID); d.Memory.State != schema.StateActive {
		t.Errorf("memory after its last conflict was dismissed: %s, want active", d.Memory.State)
	}

	// Two people resolving at once: one wins.
	_, _, c3 := conflicting(t, s, owner, ts.Add(time.Hour))
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = s.ResolveConflict(ctx, owner, c3.ID, graph.ResolveDismiss, "", "")
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		default:
			wantErr(t, "a losing concurrent resolution", err, schema.ErrConflict)
		}
	}
	if won != 1 {
		t.Errorf("%d concurrent resolutions succeeded, want 1", won)
	}
}

func testConflictList(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	var cs []schema.Conflict
	for i := range 5 {
		_, _, c := conflicting(t, s, owner, ts.Add(time.Duration(i)*time.Minute))
		cs = append(cs, c)
	}
	if _, err := s.ResolveConflict(ctx, owner, cs[1].ID, graph.ResolveDismiss, "", ""); err != nil {
		t.Fatal(err)
	}
	list := func(state schema.ConflictState, limit int, after string) []string {
		t.Helper()
		got, err := s.Conflicts(ctx, owner, state, limit, after)
		if err != nil {
			t.Fatalf("Conflicts: %v", err)
		}
		var out []string
		for _, c := range got {
			out = append(out, c.ID)
		}
		return out
	}
	if diff := cmp.Diff([]string{cs[4].ID, cs[3].ID, cs[2].ID, cs[1].ID, cs[0].ID}, list("", 10, "")); diff != "" {
		t.Errorf("all conflicts, newest first (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{cs[4].ID, cs[3].ID, cs[2].ID, cs[0].ID}, list(schema.ConflictOpen, 10, "")); diff != "" {
		t.Errorf("open conflicts (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{cs[1].ID}, list(schema.ConflictDismissed, 10, "")); diff != "" {
		t.Errorf("dismissed conflicts (-want +got):\n%s", diff)
	}
	// Paging.
	var pages []string
	after := ""
	for {
		page := list(schema.ConflictOpen, 2, after)
		if len(page) == 0 {
			break
		}
		pages = append(pages, page...)
		after = page[len(page)-1]
	}
	if diff := cmp.Diff([]string{cs[4].ID, cs[3].ID, cs[2].ID, cs[0].ID}, pages); diff != "" {
		t.Errorf("open conflicts page by page (-want +got):\n%s", diff)
	}
	_, err := s.Conflicts(ctx, owner, "", 10, schema.NewID(schema.PrefixConflict))
	wantErr(t, "Conflicts after an unknown cursor", err, schema.ErrInvalid)
	_, err = s.Conflicts(ctx, owner, "weird", 10, "")
	wantErr(t, "Conflicts in an unknown state", err, schema.ErrInvalid)
	_, err = s.Conflicts(ctx, owner, "", 0, "")
	wantErr(t, "Conflicts with limit 0", err, schema.ErrInvalid)
}

func testConflictIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	a, _, c := conflicting(t, s, alice, ts)
	_, err := s.Conflict(ctx, bob, c.ID)
	wantErr(t, "Conflict of another owner", err, schema.ErrNotFound)
	_, err = s.ResolveConflict(ctx, bob, c.ID, graph.ResolveKeep, a.ID, "")
	wantErr(t, "ResolveConflict keep of another owner's conflict", err, schema.ErrNotFound)
	_, err = s.ResolveConflict(ctx, bob, c.ID, graph.ResolveDismiss, "", "")
	wantErr(t, "ResolveConflict dismiss of another owner's conflict", err, schema.ErrNotFound)
	got, err := s.Conflicts(ctx, bob, "", 10, "")
	if err != nil || len(got) != 0 {
		t.Errorf("bob's Conflicts = %+v, %v; want none", got, err)
	}
	_, err = s.Conflicts(ctx, bob, "", 10, c.ID)
	wantErr(t, "Conflicts after another owner's conflict", err, schema.ErrInvalid)
	mine := memory("Bob's own.")
	complete(t, s, bob, mine)
	_, job := create(t, s, bob, "material")
	err = s.CompleteJob(ctx, bob, job.ID, graph.JobWrite{Conflicts: []schema.Conflict{{ID: c.ID, MemoryIDs: [2]string{mine.ID, mine.ID + "x"}}}})
	wantErr(t, "a conflict naming another owner's memory", err, schema.ErrNotFound)
	err = s.CompleteJob(ctx, bob, job.ID, graph.JobWrite{Memories: []schema.Memory{memory("b2")}})
	if err != nil {
		t.Fatal(err)
	}
	if d, err := s.Conflict(ctx, alice, c.ID); err != nil || d.Conflict.State != schema.ConflictOpen {
		t.Errorf("alice's conflict after bob's attempts = %+v, %v", d.Conflict, err)
	}
}
