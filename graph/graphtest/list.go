package graphtest

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// testListMemories: newest first with a keyset cursor that neither skips
// nor repeats (ties on recorded_at broken by id), filters, and isolation.
func testListMemories(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	work := space(t, s, owner, "Work")
	var mems []schema.Memory
	for i := range 5 {
		m := memory("Listed memory number " + string(rune('A'+i)))
		m.RecordedAt = ts.Add(time.Duration(i/2) * time.Hour) // pairs share a time
		if i%2 == 0 {
			m.Type = schema.TypeDecision
			m.SpaceID = work.ID
		}
		mems = append(mems, m)
	}
	complete(t, s, owner, mems...)

	var got []string
	var cur graph.MemoryCursor
	for page := 0; ; page++ {
		ms, err := s.ListMemories(ctx, owner, graph.MemoryFilter{}, 2, cur)
		if err != nil {
			t.Fatalf("ListMemories: %v", err)
		}
		for _, m := range ms {
			got = append(got, m.ID)
		}
		if len(ms) < 2 {
			break
		}
		last := ms[len(ms)-1]
		cur = graph.MemoryCursor{RecordedAt: last.RecordedAt, ID: last.ID}
		if page > 5 {
			t.Fatal("paging does not end")
		}
	}
	if len(got) != 5 {
		t.Fatalf("paged %d memories, want 5: %v", len(got), got)
	}
	seen := map[string]bool{}
	for _, id := range got {
		if seen[id] {
			t.Fatalf("memory %s listed twice", id)
		}
		seen[id] = true
	}
	all, err := s.ListMemories(ctx, owner, graph.MemoryFilter{}, 10, graph.MemoryCursor{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(all); i++ {
		a, b := all[i-1], all[i]
		if a.RecordedAt.Before(b.RecordedAt) || a.RecordedAt.Equal(b.RecordedAt) && a.ID < b.ID {
			t.Fatalf("not newest first with ties by id descending: %s %s", a.ID, b.ID)
		}
	}
	count := func(f graph.MemoryFilter) int {
		t.Helper()
		ms, err := s.ListMemories(ctx, owner, f, 10, graph.MemoryCursor{})
		if err != nil {
			t.Fatalf("ListMemories %+v: %v", f, err)
		}
		return len(ms)
	}
	if n := count(graph.MemoryFilter{Type: schema.TypeDecision}); n != 3 {
		t.Errorf("decisions = %d, want 3", n)
	}
	if n := count(graph.MemoryFilter{SpaceID: work.ID}); n != 3 {
		t.Errorf("in Work = %d, want 3", n)
	}
	if n := count(graph.MemoryFilter{SpaceID: graph.PersonalSpaceID(owner)}); n != 2 {
		t.Errorf("in the personal space = %d, want 2", n)
	}
	if n := count(graph.MemoryFilter{From: ts.Add(time.Hour), To: ts.Add(2 * time.Hour)}); n != 2 {
		t.Errorf("recorded in [ts+1h, ts+2h) = %d, want 2", n)
	}
	if n := count(graph.MemoryFilter{State: schema.StateSuperseded}); n != 0 {
		t.Errorf("superseded = %d, want 0", n)
	}
	other, err := s.ListMemories(ctx, newOwner(), graph.MemoryFilter{}, 10, graph.MemoryCursor{})
	if err != nil || len(other) != 0 {
		t.Errorf("another owner lists %d memories, %v", len(other), err)
	}
	_, err = s.ListMemories(ctx, owner, graph.MemoryFilter{}, 0, graph.MemoryCursor{})
	wantErr(t, "ListMemories with limit 0", err, schema.ErrInvalid)
}

// testListEntities: by name case-insensitively, paged without skips or
// repeats, filtered by kind and by a name or alias fragment; merged
// entities are not listed; another owner sees none.
func testListEntities(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	mk := func(name string, kind schema.EntityKind, aliases ...string) schema.Entity {
		e := schema.Entity{ID: schema.NewID(schema.PrefixEntity), Name: name, Kind: kind, Aliases: aliases, CreatedAt: ts}
		if err := s.UpsertEntity(ctx, owner, e); err != nil {
			t.Fatalf("UpsertEntity %s: %v", name, err)
		}
		return e
	}
	bob := mk("Bob", schema.KindPerson)
	mk("alice", schema.KindPerson)
	mk("Carol", schema.KindPerson, "Caz")
	mk("Postgres", schema.KindSystem)
	dup := mk("Bobby", schema.KindPerson)
	if err := s.MergeEntities(ctx, owner, bob.ID, dup.ID); err != nil {
		t.Fatalf("MergeEntities: %v", err)
	}
	var names []string
	var cur graph.EntityCursor
	for page := 0; page < 5; page++ {
		es, err := s.ListEntities(ctx, owner, "", "", 2, cur)
		if err != nil {
			t.Fatalf("ListEntities: %v", err)
		}
		for _, e := range es {
			names = append(names, e.Name)
		}
		if len(es) < 2 {
			break
		}
		cur = graph.EntityCursor{Name: es[len(es)-1].Name, ID: es[len(es)-1].ID}
	}
	if want := []string{"alice", "Bob", "Carol", "Postgres"}; !equalStrings(names, want) {
		t.Errorf("paged names = %v, want %v", names, want)
	}
	people, err := s.ListEntities(ctx, owner, "", schema.KindPerson, 10, graph.EntityCursor{})
	if err != nil || len(people) != 3 {
		t.Errorf("people = %d, %v; want 3", len(people), err)
	}
	byAlias, err := s.ListEntities(ctx, owner, "caz", "", 10, graph.EntityCursor{})
	if err != nil || len(byAlias) != 1 || byAlias[0].Name != "Carol" {
		t.Errorf("q=caz = %+v, %v; want Carol", byAlias, err)
	}
	other, err := s.ListEntities(ctx, newOwner(), "", "", 10, graph.EntityCursor{})
	if err != nil || len(other) != 0 {
		t.Errorf("another owner lists %d entities, %v", len(other), err)
	}
	_, err = s.ListEntities(ctx, owner, "", "", -1, graph.EntityCursor{})
	wantErr(t, "ListEntities with limit -1", err, schema.ErrInvalid)
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// testTraversal: neighbours by depth through memories and RELATED edges,
// shortest paths, bounds, isolation.
func testTraversal(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	ent := func(name string) schema.Entity {
		return schema.Entity{ID: schema.NewID(schema.PrefixEntity), Name: name, Kind: schema.KindPerson, CreatedAt: ts}
	}
	a, b, c := ent("Ada"), ent("Ben"), ent("Cy")
	m := memory("Ada and Ben wrote the ledger together.")
	m.EntityIDs = []string{a.ID, b.ID}
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{m}, Entities: []schema.Entity{a, b, c},
		Relations: []graph.Relation{{FromID: b.ID, ToID: c.ID, Type: "works_with"}}})

	has := func(sg graph.Subgraph, id string) bool {
		for _, n := range sg.Nodes {
			if n.ID == id {
				return true
			}
		}
		return false
	}
	one, err := s.Neighbours(ctx, owner, a.ID, 1, 50)
	if err != nil {
		t.Fatalf("Neighbours depth 1: %v", err)
	}
	if !has(one, b.ID) || !has(one, m.ID) || has(one, c.ID) {
		t.Errorf("depth 1 from Ada = %+v, want Ben through the memory and not Cy", one.Nodes)
	}
	two, err := s.Neighbours(ctx, owner, a.ID, 2, 50)
	if err != nil || !has(two, c.ID) {
		t.Errorf("depth 2 from Ada = %+v, %v; want Cy", two.Nodes, err)
	}
	p, err := s.Paths(ctx, owner, a.ID, c.ID, 2, 10)
	if err != nil || len(p.Paths) == 0 || p.Paths[0][0] != a.ID || p.Paths[0][len(p.Paths[0])-1] != c.ID {
		t.Errorf("paths Ada→Cy = %+v, %v", p, err)
	}
	short, err := s.Paths(ctx, owner, a.ID, c.ID, 1, 10)
	if err != nil || len(short.Paths) != 0 {
		t.Errorf("paths Ada→Cy within 1 hop = %+v, %v; want none", short, err)
	}
	self, err := s.Paths(ctx, owner, a.ID, a.ID, 2, 10)
	if err != nil || len(self.Paths) != 1 || len(self.Paths[0]) != 1 || self.Paths[0][0] != a.ID || len(self.Nodes) != 1 {
		t.Errorf("paths Ada→Ada = %+v, %v; want the one path of no hops", self, err)
	}
	_, err = s.Neighbours(ctx, owner, a.ID, graph.MaxTraversalDepth+1, 10)
	wantErr(t, "Neighbours too deep", err, schema.ErrInvalid)
	_, err = s.Neighbours(ctx, newOwner(), a.ID, 1, 10)
	wantErr(t, "Neighbours of another owner's entity", err, schema.ErrNotFound)
	_, err = s.Paths(ctx, newOwner(), a.ID, c.ID, 2, 10)
	wantErr(t, "Paths between another owner's entities", err, schema.ErrNotFound)
}

// testListDocumentsAndSources: documents newest first with their job's
// state and no text; sources counted; isolation.
func testListDocumentsAndSources(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	var ids []string
	for i := range 3 {
		doc, _ := createAt(t, s, owner, "document text "+string(rune('a'+i)), ts.Add(time.Duration(i)*time.Minute))
		ids = append(ids, doc.ID)
	}
	got, err := s.ListDocuments(ctx, owner, "", 2, graph.DocumentCursor{})
	if err != nil || len(got) != 2 || got[0].ID != ids[2] || got[1].ID != ids[1] {
		t.Fatalf("first page = %+v, %v; want the two newest", got, err)
	}
	if got[0].JobState != schema.JobQueued || got[0].Bytes == 0 {
		t.Errorf("summary = %+v, want a queued job and a byte count", got[0])
	}
	rest, err := s.ListDocuments(ctx, owner, "", 2, graph.DocumentCursor{CreatedAt: got[1].CreatedAt, ID: got[1].ID})
	if err != nil || len(rest) != 1 || rest[0].ID != ids[0] {
		t.Fatalf("second page = %+v, %v", rest, err)
	}
	srcs, err := s.Sources(ctx, owner)
	if err != nil || len(srcs) == 0 {
		t.Fatalf("Sources = %+v, %v", srcs, err)
	}
	total := 0
	for _, src := range srcs {
		total += src.Documents
	}
	if total != 3 {
		t.Errorf("sources count %d documents, want 3", total)
	}
	other, err := s.ListDocuments(ctx, newOwner(), "", 10, graph.DocumentCursor{})
	if err != nil || len(other) != 0 {
		t.Errorf("another owner lists %d documents, %v", len(other), err)
	}
}
