package graph_test

import (
	"context"
	"slices"
	"testing"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// fakeMemories answers Memories and SearchMemoriesIn; any other call
// panics (the nil Store), so the view must not reach past what it wraps.
type fakeMemories struct {
	graph.Store
	mems     []schema.Memory
	searched []string
}

func (f *fakeMemories) Memories(_ context.Context, _ schema.Owner, ids []string) ([]schema.Memory, error) {
	var out []schema.Memory
	for _, m := range f.mems {
		if slices.Contains(ids, m.ID) {
			out = append(out, m)
		}
	}
	return out, nil
}

func (f *fakeMemories) SearchMemoriesIn(_ context.Context, _ schema.Owner, spaces []string, _ string, _ int) ([]graph.Hit, error) {
	f.searched = spaces
	return nil, nil
}

func TestSpaceView(t *testing.T) {
	owner := schema.Owner("usr_view")
	f := &fakeMemories{mems: []schema.Memory{
		{ID: "mem_work", SpaceID: "sp_work"},
		{ID: "mem_home", SpaceID: "sp_home"},
		{ID: "mem_old"}, // filed before Spaces: the personal one
	}}
	v := graph.SpaceView{Store: f, In: []string{"sp_work", graph.PersonalSpaceID(owner)}}
	got, err := v.Memories(t.Context(), owner, []string{"mem_work", "mem_home", "mem_old", "mem_missing"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range got {
		ids = append(ids, m.ID)
	}
	if !slices.Equal(ids, []string{"mem_work", "mem_old"}) {
		t.Errorf("Memories through the view = %v, want the work and the personal one only", ids)
	}
	if _, err := v.SearchMemories(t.Context(), owner, "anything", 5); err != nil || !slices.Equal(f.searched, v.In) {
		t.Errorf("SearchMemories searched %v (%v), want the view's Spaces %v", f.searched, err, v.In)
	}
	if hits, err := v.SearchTurns(t.Context(), owner, "anything", 5); err != nil || hits != nil {
		t.Errorf("SearchTurns through a view = %v, %v; want nothing", hits, err)
	}
}
