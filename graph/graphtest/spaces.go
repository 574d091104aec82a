package graphtest

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

func testSpaces(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()

	personal, err := s.EnsurePersonalSpace(ctx, owner)
	if err != nil {
		t.Fatalf("EnsurePersonalSpace: %v", err)
	}
	if personal.ID != graph.PersonalSpaceID(owner) || !personal.Personal || personal.Name == "" || personal.CreatedAt.IsZero() {
		t.Errorf("personal space = %+v", personal)
	}
	again, err := s.EnsurePersonalSpace(ctx, owner)
	if err != nil || again != personal {
		t.Errorf("EnsurePersonalSpace again = %+v, %v; want the same space", again, err)
	}

	work := space(t, s, owner, "  Work  ")
	if work.Name != "Work" || work.Personal || !work.CreatedAt.Equal(ts) {
		t.Errorf("CreateSpace = %+v, want Work, not personal, created at ts", work)
	}
	alpha := space(t, s, owner, "Alpha")
	got, err := s.Space(ctx, owner, work.ID)
	if err != nil || got != work {
		t.Errorf("Space = %+v, %v; want %+v", got, err, work)
	}
	list, err := s.Spaces(ctx, owner)
	if err != nil {
		t.Fatalf("Spaces: %v", err)
	}
	if diff := cmp.Diff([]schema.Space{personal, alpha, work}, list); diff != "" {
		t.Errorf("Spaces: personal first, then by name (-want +got):\n%s", diff)
	}

	renamed, err := s.RenameSpace(ctx, owner, alpha.ID, "Zeta")
	if err != nil || renamed.Name != "Zeta" || renamed.ID != alpha.ID {
		t.Errorf("RenameSpace = %+v, %v", renamed, err)
	}
	if _, err := s.RenameSpace(ctx, owner, personal.ID, "Me"); err != nil {
		t.Errorf("RenameSpace of the personal space: %v", err)
	}

	_, err = s.CreateSpace(ctx, owner, schema.Space{ID: work.ID, Name: "Again"})
	wantErr(t, "CreateSpace reusing an id", err, schema.ErrConflict)
	_, err = s.CreateSpace(ctx, newOwner(), schema.Space{ID: work.ID, Name: "Stolen"})
	wantErr(t, "CreateSpace reusing another owner's id", err, schema.ErrConflict)
	for name, sp := range map[string]schema.Space{
		"empty name":      {ID: schema.NewID(schema.PrefixSpace), Name: "  "},
		"long name":       {ID: schema.NewID(schema.PrefixSpace), Name: strings.Repeat("x", graph.MaxSpaceNameBytes+1)},
		"bad utf8":        {ID: schema.NewID(schema.PrefixSpace), Name: "a\xff"},
		"empty id":        {Name: "x"},
		"personal":        {ID: schema.NewID(schema.PrefixSpace), Name: "x", Personal: true},
		"personal's id":   {ID: personal.ID, Name: "x"},
		"personal rename": {},
	} {
		if name == "personal rename" {
			_, err = s.RenameSpace(ctx, owner, personal.ID, "")
		} else {
			_, err = s.CreateSpace(ctx, owner, sp)
		}
		wantErr(t, "CreateSpace with "+name, err, schema.ErrInvalid)
	}

	// Memories filed in a space keep it from being deleted.
	mem := memory("Stand-up moves to 9:30.")
	mem.SpaceID = work.ID
	complete(t, s, owner, mem)
	err = s.DeleteSpace(ctx, owner, work.ID)
	wantErr(t, "DeleteSpace of a space with memories", err, schema.ErrConflict)
	err = s.DeleteSpace(ctx, owner, personal.ID)
	wantErr(t, "DeleteSpace of the personal space", err, schema.ErrConflict)
	if err := s.DeleteSpace(ctx, owner, alpha.ID); err != nil {
		t.Fatalf("DeleteSpace of an empty space: %v", err)
	}
	_, err = s.Space(ctx, owner, alpha.ID)
	wantErr(t, "Space after DeleteSpace", err, schema.ErrNotFound)
	err = s.DeleteSpace(ctx, owner, alpha.ID)
	wantErr(t, "DeleteSpace twice", err, schema.ErrNotFound)
	_, err = s.RenameSpace(ctx, owner, alpha.ID, "x")
	wantErr(t, "RenameSpace of a deleted space", err, schema.ErrNotFound)
	if _, err := s.Space(ctx, owner, work.ID); err != nil {
		t.Errorf("the refused delete removed the space: %v", err)
	}
}

func testSpaceScoping(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	work, home := space(t, s, owner, "Work"), space(t, s, owner, "Home")
	w := memory("The deploy window is Tuesday evening.")
	w.SpaceID = work.ID
	h := memory("The boiler service is due Tuesday.")
	h.SpaceID = home.ID
	p := memory("Tuesday is yoga day.") // no space: the personal one
	complete(t, s, owner, w, h, p)

	for _, tt := range []struct {
		spaces []string
		want   []string
	}{
		{[]string{work.ID}, []string{w.ID}},
		{[]string{home.ID}, []string{h.ID}},
		{[]string{graph.PersonalSpaceID(owner)}, []string{p.ID}},
		{[]string{work.ID, home.ID}, []string{w.ID, h.ID}},
		{nil, []string{w.ID, h.ID, p.ID}},
		{[]string{schema.NewID(schema.PrefixSpace)}, nil},
	} {
		hits, err := s.SearchMemoriesIn(ctx, owner, tt.spaces, "tuesday", 10)
		if err != nil {
			t.Fatalf("SearchMemoriesIn: %v", err)
		}
		if !sameSet(ids(hits), tt.want) {
			t.Errorf("SearchMemoriesIn(%v) = %v, want %v", tt.spaces, ids(hits), tt.want)
		}
	}
	if d := detail(t, s, owner, w.ID); d.Space == nil || d.Space.ID != work.ID || d.Space.Name != "Work" {
		t.Errorf("MemoryDetail.Space = %+v, want Work", d.Space)
	}
	if d := detail(t, s, owner, p.ID); d.Space == nil || !d.Space.Personal {
		t.Errorf("MemoryDetail.Space of a memory filed without a space = %+v, want the personal one", d.Space)
	}

	// Filing into a space that does not exist, or is another owner's,
	// fails the whole write.
	theirs := space(t, s, newOwner(), "Theirs")
	for name, id := range map[string]string{"unknown": schema.NewID(schema.PrefixSpace), "another owner's": theirs.ID} {
		m := memory("Filed nowhere.")
		m.SpaceID = id
		_, job := create(t, s, owner, "material")
		err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{m}})
		wantErr(t, "CompleteJob into an "+name+" space", err, schema.ErrNotFound)
		if got, _ := s.Memories(ctx, owner, []string{m.ID}); len(got) != 0 {
			t.Errorf("a refused write into an %s space wrote %+v", name, got)
		}
		if j, _ := s.Job(ctx, owner, job.ID); j.State == schema.JobCompleted {
			t.Errorf("a refused write into an %s space completed the job", name)
		}
	}
}

func testSpaceIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	work := space(t, s, alice, "Work")
	ap, err := s.EnsurePersonalSpace(ctx, alice)
	if err != nil {
		t.Fatal(err)
	}
	bp, err := s.EnsurePersonalSpace(ctx, bob)
	if err != nil {
		t.Fatal(err)
	}
	if ap.ID == bp.ID {
		t.Errorf("two owners share personal space id %s", ap.ID)
	}
	_, err = s.Space(ctx, bob, work.ID)
	wantErr(t, "Space of another owner", err, schema.ErrNotFound)
	_, err = s.RenameSpace(ctx, bob, work.ID, "Mine")
	wantErr(t, "RenameSpace of another owner's space", err, schema.ErrNotFound)
	err = s.DeleteSpace(ctx, bob, work.ID)
	wantErr(t, "DeleteSpace of another owner's space", err, schema.ErrNotFound)
	err = s.DeleteSpace(ctx, bob, ap.ID)
	wantErr(t, "DeleteSpace of another owner's personal space", err, schema.ErrNotFound)
	list, err := s.Spaces(ctx, bob)
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(list, func(sp schema.Space) bool { return sp.ID == work.ID || sp.ID == ap.ID }) {
		t.Errorf("bob's Spaces list alice's: %+v", list)
	}
	if got, err := s.Space(ctx, alice, work.ID); err != nil || got.Name != "Work" {
		t.Errorf("alice's space after bob's attempts = %+v, %v", got, err)
	}
}
