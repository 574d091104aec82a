package graphtest

import (
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// testEntitySpellings: a name spelt a letter out, or begun by a word of
// the name, finds the entity; a word with digits ("Cluster8") finds
// nothing but itself, and another owner's entities are never found.
func testEntitySpellings(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	k8s := entity(schema.KindSystem, "Kubernetes")
	sydney := entity(schema.KindOrganisation, "University of Sydney")
	pg := entity(schema.KindSystem, "PostgreSQL", "Postgres 16")
	c7 := entity(schema.KindSystem, "Cluster 7")
	for _, e := range []schema.Entity{k8s, sydney, pg, c7} {
		if err := s.UpsertEntity(ctx, owner, e); err != nil {
			t.Fatalf("UpsertEntity(%s): %v", e.Name, err)
		}
	}
	if err := s.UpsertEntity(ctx, newOwner(), entity(schema.KindSystem, "Kubernetes")); err != nil {
		t.Fatal(err)
	}
	names := []string{"Kubernets", "Syd Uni", "Postgres", "Cluster8", "submarine", "", "ab"}
	want := [][]string{{k8s.ID}, {sydney.ID}, {pg.ID}, {}, {}, {}, {}}
	got, err := s.EntitySpellingsEach(ctx, owner, names, 10)
	if err != nil {
		t.Fatalf("EntitySpellingsEach: %v", err)
	}
	for i := range names {
		if ids := entityIDs(got[i]); !sameSet(ids, want[i]) {
			t.Errorf("EntitySpellingsEach(%q) = %v, want %v", names[i], ids, want[i])
		}
	}
	_, err = s.EntitySpellingsEach(ctx, "", names, 10)
	wantErr(t, "EntitySpellingsEach without an owner", err, schema.ErrInvalid)
	_, err = s.EntitySpellingsEach(ctx, owner, names, 0)
	wantErr(t, "EntitySpellingsEach with limit 0", err, schema.ErrInvalid)
}

// testAllEntitiesUpTo: a small owner's entities are read whole, by id,
// merged ones left out; an owner with more than the limit gets none; never
// another owner's.
func testAllEntitiesUpTo(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	a, b, c := entity(schema.KindPerson, "Małgorzata Kowalska"), entity(schema.KindSystem, "Kubernetes"), entity(schema.KindOrganisation, "Teléfonos de México")
	for _, e := range []schema.Entity{a, b, c} {
		if err := s.UpsertEntity(ctx, owner, e); err != nil {
			t.Fatalf("UpsertEntity(%s): %v", e.Name, err)
		}
	}
	if err := s.UpsertEntity(ctx, newOwner(), entity(schema.KindSystem, "Kubernetes")); err != nil {
		t.Fatal(err)
	}
	got, err := s.AllEntitiesUpTo(ctx, owner, 3)
	if err != nil {
		t.Fatalf("AllEntitiesUpTo: %v", err)
	}
	if ids := entityIDs(got); !sameSet(ids, []string{a.ID, b.ID, c.ID}) || !slices.IsSorted(ids) {
		t.Errorf("AllEntitiesUpTo(3) = %v, want %v, %v and %v by id", ids, a.ID, b.ID, c.ID)
	}
	if got, err := s.AllEntitiesUpTo(ctx, owner, 2); err != nil || got != nil {
		t.Errorf("AllEntitiesUpTo(2) of 3 = %v, %v; want nil", entityIDs(got), err)
	}
	if err := s.MergeEntities(ctx, owner, b.ID, c.ID); err != nil {
		t.Fatalf("MergeEntities: %v", err)
	}
	got, err = s.AllEntitiesUpTo(ctx, owner, 2)
	if err != nil {
		t.Fatalf("AllEntitiesUpTo after a merge: %v", err)
	}
	if ids := entityIDs(got); !sameSet(ids, []string{a.ID, b.ID}) {
		t.Errorf("AllEntitiesUpTo(2) after a merge = %v, want %v and %v", ids, a.ID, b.ID)
	}
	if got, err := s.AllEntitiesUpTo(ctx, newOwner(), 10); err != nil || len(got) != 0 {
		t.Errorf("AllEntitiesUpTo of a new owner = %v, %v; want none", entityIDs(got), err)
	}
	_, err = s.AllEntitiesUpTo(ctx, "", 10)
	wantErr(t, "AllEntitiesUpTo without an owner", err, schema.ErrInvalid)
	_, err = s.AllEntitiesUpTo(ctx, owner, 0)
	wantErr(t, "AllEntitiesUpTo with limit 0", err, schema.ErrInvalid)
}

func testEntityCandidates(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	nyc := entity(schema.KindPlace, "New York City", "Big Apple")
	york := entity(schema.KindPlace, "York")
	zurich := entity(schema.KindPlace, "Zürich")
	boa := entity(schema.KindOrganisation, "Bank of America")
	ana := entity(schema.KindPerson, "Ana Lima")
	k8s := entity(schema.KindSystem, "Kubernetes")
	sydney := entity(schema.KindOrganisation, "University of Sydney")
	dmitry := entity(schema.KindPerson, "Дмитрий Соколов")
	// Twins tie on everything but their ids.
	twinA, twinB := entity(schema.KindSystem, "Quokka Ledger"), entity(schema.KindSystem, "Quokka Ledger")
	for _, e := range []schema.Entity{nyc, york, zurich, boa, ana, twinA, twinB, k8s, sydney, dmitry} {
		if err := s.UpsertEntity(ctx, owner, e); err != nil {
			t.Fatalf("UpsertEntity(%s): %v", e.Name, err)
		}
	}
	// Another owner's entities with the same names are never candidates.
	if err := s.UpsertEntity(ctx, newOwner(), entity(schema.KindPlace, "New York City", "NYC")); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		names     []string
		wantFirst []string // the candidates that must lead, in order
		want      []string // every candidate, in any order; nil: only wantFirst
	}{
		{names: []string{"NYC"}, wantFirst: []string{nyc.ID}},
		{names: []string{"n.y.c."}, wantFirst: []string{nyc.ID}},
		{names: []string{"big apple"}, wantFirst: []string{nyc.ID}}, // not Bank of America: two acronyms alone do not match
		{names: []string{"New York"}, want: []string{nyc.ID, york.ID}},
		{names: []string{"york"}, wantFirst: []string{york.ID}, want: []string{york.ID, nyc.ID}},
		{names: []string{"ZURICH"}, wantFirst: []string{zurich.ID}},
		{names: []string{"BoA"}, wantFirst: []string{boa.ID}},
		{names: []string{"ba"}, want: []string{boa.ID, nyc.ID}}, // Bank of America, Big Apple
		{names: []string{"America"}, wantFirst: []string{boa.ID}},
		{names: []string{"lima", "zürich"}, want: []string{ana.ID, zurich.ID}},
		{names: []string{"quokka ledger"}, wantFirst: sortedCopy(twinA.ID, twinB.ID)},
		{names: []string{"submarine"}, want: []string{}},
		// other spellings are EntitySpellingsEach's
		{names: []string{"Kubernets"}, want: []string{}},
		{names: []string{"Kubernetes"}, wantFirst: []string{k8s.ID}},
		// a name in another script is found in Latin letters, and the
		// other way round
		{names: []string{"Dmitrii Sokolov"}, wantFirst: []string{dmitry.ID}},
		{names: []string{"Sokolov"}, wantFirst: []string{dmitry.ID}},
		{names: []string{"Соколов"}, wantFirst: []string{dmitry.ID}},
		{names: []string{"Дмитрий Соколов"}, wantFirst: []string{dmitry.ID}},
		{names: []string{"", "  ", "!!"}, want: []string{}},
		{names: nil, want: []string{}},
	}
	for _, tt := range tests {
		got, err := s.EntityCandidates(ctx, owner, tt.names, 10)
		if err != nil {
			t.Fatalf("EntityCandidates(%q): %v", tt.names, err)
		}
		gotIDs := entityIDs(got)
		if len(tt.wantFirst) > 0 && (len(gotIDs) < len(tt.wantFirst) || !slices.Equal(gotIDs[:len(tt.wantFirst)], tt.wantFirst)) {
			t.Errorf("EntityCandidates(%q) = %v, want %v first", tt.names, names(got), tt.wantFirst)
		}
		want := tt.want
		if want == nil {
			want = tt.wantFirst
		}
		if !sameSet(gotIDs, want) {
			t.Errorf("EntityCandidates(%q) = %v (%v), want %v", tt.names, names(got), gotIDs, want)
		}
	}

	got, err := s.EntityCandidates(ctx, owner, []string{"quokka"}, 1)
	if err != nil || len(got) != 1 || got[0].ID != min(twinA.ID, twinB.ID) {
		t.Errorf("EntityCandidates with limit 1 = %v, %v; want the twin with the smaller id", entityIDs(got), err)
	}
	if len(got) == 1 && (got[0].Name != "Quokka Ledger" || got[0].Kind != schema.KindSystem || !got[0].CreatedAt.Equal(ts)) {
		t.Errorf("candidate = %+v, want the stored entity", got[0])
	}
	_, err = s.EntityCandidates(ctx, owner, []string{"x"}, 0)
	wantErr(t, "EntityCandidates with limit 0", err, schema.ErrInvalid)
}

func names(es []schema.Entity) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Name
	}
	return out
}

func sortedCopy(s ...string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

func testUpsertEntity(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	e := entity(schema.KindOther, "Ledger", "the ledger service")
	if err := s.UpsertEntity(ctx, owner, e); err != nil {
		t.Fatalf("UpsertEntity: %v", err)
	}
	// The same id again, under another name, with another alias and a
	// better kind: the name stays, every name is kept.
	again := schema.Entity{ID: e.ID, Name: "Ledger API", Kind: schema.KindSystem, Aliases: []string{"ledger-svc", "the ledger service"}}
	if err := s.UpsertEntity(ctx, owner, again); err != nil {
		t.Fatalf("UpsertEntity again: %v", err)
	}
	// An upsert with fewer names drops nothing.
	if err := s.UpsertEntity(ctx, owner, schema.Entity{ID: e.ID, Name: "Ledger", Kind: schema.KindProject}); err != nil {
		t.Fatalf("UpsertEntity a third time: %v", err)
	}
	d, err := s.Entity(ctx, owner, e.ID)
	if err != nil {
		t.Fatalf("Entity: %v", err)
	}
	want := schema.Entity{ID: e.ID, Name: "Ledger", Kind: schema.KindSystem, CreatedAt: ts,
		Aliases: []string{"the ledger service", "Ledger API", "ledger-svc"}}
	if diff := cmp.Diff(want, d.Entity); diff != "" {
		t.Errorf("entity after upserts (-want +got):\n%s", diff)
	}
	for _, q := range []string{"ledger api", "LEDGER SVC", "la"} {
		got, err := s.EntityCandidates(ctx, owner, []string{q}, 5)
		if err != nil || len(got) == 0 || got[0].ID != e.ID {
			t.Errorf("EntityCandidates(%q) = %v, %v; want the upserted entity first", q, entityIDs(got), err)
		}
	}

	err = s.UpsertEntity(ctx, owner, schema.Entity{ID: e.ID, Name: " "})
	wantErr(t, "UpsertEntity without a name", err, schema.ErrInvalid)
	err = s.UpsertEntity(ctx, owner, schema.Entity{Name: "x"})
	wantErr(t, "UpsertEntity without an id", err, schema.ErrInvalid)
	_, err = s.Entity(ctx, owner, schema.NewID(schema.PrefixEntity))
	wantErr(t, "Entity with an unknown id", err, schema.ErrNotFound)
}

func testEntityDetail(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	ana, ledger, berlin, acme := entity(schema.KindPerson, "Ana"), entity(schema.KindSystem, "Ledger"),
		entity(schema.KindPlace, "Berlin"), entity(schema.KindOrganisation, "Acme")
	mem := func(claim string, recorded time.Duration, state schema.MemoryState, about ...string) schema.Memory {
		m := memory(claim)
		m.RecordedAt, m.State, m.EntityIDs = ts.Add(recorded), state, about
		return m
	}
	m1 := mem("Ana owns the ledger.", 1*time.Hour, schema.StateActive, ana.ID, ledger.ID)
	m2 := mem("Ana fixed the ledger's rounding bug.", 2*time.Hour, schema.StateActive, ana.ID, ledger.ID)
	m3 := mem("Ana lives in Berlin.", 3*time.Hour, schema.StateActive, ana.ID, berlin.ID)
	m4 := mem("Ana lived in Lisbon.", 4*time.Hour, schema.StateSuperseded, ana.ID)
	m5 := mem("Ana is on leave.", 0, schema.StateActive, ana.ID)
	completeWith(t, s, owner, graph.JobWrite{
		Entities:  []schema.Entity{ana, ledger, berlin, acme},
		Memories:  []schema.Memory{m1, m2, m3, m4, m5},
		Relations: []graph.Relation{{FromID: ana.ID, ToID: acme.ID, Type: "works_at"}, {FromID: berlin.ID, ToID: ana.ID, Type: "home_of"}},
	})

	d, err := s.Entity(ctx, owner, ana.ID)
	if err != nil {
		t.Fatalf("Entity: %v", err)
	}
	if d.Entity.Name != "Ana" || d.Entity.Kind != schema.KindPerson || len(d.MergedIDs) != 0 {
		t.Errorf("Entity = %+v, merged %v", d.Entity, d.MergedIDs)
	}
	// Active first, most recently recorded first; superseded last.
	if diff := cmp.Diff([]string{m3.ID, m2.ID, m1.ID, m5.ID, m4.ID}, memoryIDs(d.Memories)); diff != "" {
		t.Errorf("entity memories (-want +got):\n%s", diff)
	}
	for _, m := range d.Memories {
		if !slices.Contains(m.EntityIDs, ana.ID) {
			t.Errorf("memory %s lacks the entity id: %v", m.ID, m.EntityIDs)
		}
	}
	want := []graph.Neighbour{
		{Entity: ledger, CoMentions: 2},
		{Entity: berlin, CoMentions: 1, Relations: []graph.Relation{{FromID: berlin.ID, ToID: ana.ID, Type: "home_of"}}},
		{Entity: acme, Relations: []graph.Relation{{FromID: ana.ID, ToID: acme.ID, Type: "works_at"}}},
	}
	for i := range want {
		want[i].Entity.Aliases = []string{}
	}
	if diff := cmp.Diff(want, d.Neighbours); diff != "" {
		t.Errorf("neighbours (-want +got):\n%s", diff)
	}
	// Relations written again are not doubled.
	completeWith(t, s, owner, graph.JobWrite{Relations: []graph.Relation{{FromID: ana.ID, ToID: acme.ID, Type: "works_at"}}})
	d, err = s.Entity(ctx, owner, acme.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Neighbours) != 1 || len(d.Neighbours[0].Relations) != 1 || len(d.Memories) != 0 {
		t.Errorf("acme's detail = %+v, want one neighbour with one relation and no memories", d)
	}
}

func testMergeEntities(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	city := entity(schema.KindPlace, "New York City", "Big Apple")
	nyc := entity(schema.KindOther, "NYC", "Gotham")
	ana := entity(schema.KindPerson, "Ana")
	usa := entity(schema.KindPlace, "USA")
	m1 := memory("New York City has great bagels.")
	m1.EntityIDs = []string{city.ID}
	m2 := memory("NYC rent went up again.")
	m2.EntityIDs = []string{nyc.ID}
	m3 := memory("Ana moved to NYC.")
	m3.EntityIDs = []string{ana.ID, nyc.ID}
	m4 := memory("Ana loves New York City in the fall.")
	m4.EntityIDs = []string{ana.ID, city.ID, nyc.ID}
	completeWith(t, s, owner, graph.JobWrite{
		Entities: []schema.Entity{city, nyc, ana, usa},
		Memories: []schema.Memory{m1, m2, m3, m4},
		Relations: []graph.Relation{
			{FromID: ana.ID, ToID: nyc.ID, Type: "lives_in"},
			{FromID: nyc.ID, ToID: usa.ID, Type: "part_of"},
			{FromID: nyc.ID, ToID: city.ID, Type: "same_as"},
		},
	})

	if err := s.MergeEntities(ctx, owner, city.ID, nyc.ID); err != nil {
		t.Fatalf("MergeEntities: %v", err)
	}
	d, err := s.Entity(ctx, owner, city.ID)
	if err != nil {
		t.Fatalf("Entity: %v", err)
	}
	wantEntity := schema.Entity{ID: city.ID, Name: "New York City", Kind: schema.KindPlace, CreatedAt: ts,
		Aliases: []string{"Big Apple", "NYC", "Gotham"}}
	if diff := cmp.Diff(wantEntity, d.Entity); diff != "" {
		t.Errorf("kept entity (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{nyc.ID}, d.MergedIDs); diff != "" {
		t.Errorf("MergedIDs (-want +got):\n%s", diff)
	}
	if !sameSet(memoryIDs(d.Memories), []string{m1.ID, m2.ID, m3.ID, m4.ID}) {
		t.Errorf("kept entity's memories = %v, want all four", memoryIDs(d.Memories))
	}
	mems, err := s.Memories(ctx, owner, []string{m2.ID, m4.ID})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]string{{city.ID}, sortedCopy(ana.ID, city.ID)}, [][]string{mems[0].EntityIDs, mems[1].EntityIDs}); diff != "" {
		t.Errorf("memories' entities after the merge (-want +got):\n%s", diff)
	}
	wantNeighbours := []graph.Neighbour{
		{Entity: ana, CoMentions: 2, Relations: []graph.Relation{{FromID: ana.ID, ToID: city.ID, Type: "lives_in"}}},
		{Entity: usa, Relations: []graph.Relation{{FromID: city.ID, ToID: usa.ID, Type: "part_of"}}},
	}
	for i := range wantNeighbours {
		wantNeighbours[i].Entity.Aliases = []string{}
	}
	if diff := cmp.Diff(wantNeighbours, d.Neighbours); diff != "" {
		t.Errorf("neighbours after the merge (the edge between the two is gone) (-want +got):\n%s", diff)
	}

	// The merged id reads, finds and files as the kept entity.
	viaOld, err := s.Entity(ctx, owner, nyc.ID)
	if err != nil || viaOld.Entity.ID != city.ID {
		t.Errorf("Entity(merged id) = %s, %v; want the kept entity", viaOld.Entity.ID, err)
	}
	for _, q := range []string{"gotham", "nyc"} {
		got, err := s.EntityCandidates(ctx, owner, []string{q}, 10)
		if err != nil || !slices.Equal(entityIDs(got), []string{city.ID}) {
			t.Errorf("EntityCandidates(%q) after the merge = %v, %v; want only the kept entity", q, names(got), err)
		}
	}
	about, err := s.MemoriesAboutEntities(ctx, owner, []string{nyc.ID}, 10)
	if err != nil || !sameSet(memoryIDs(about), []string{m1.ID, m2.ID, m3.ID, m4.ID}) {
		t.Errorf("MemoriesAboutEntities(merged id) = %v, %v", memoryIDs(about), err)
	}
	late := memory("NYC marathon is in November.")
	late.EntityIDs = []string{nyc.ID}
	completeWith(t, s, owner, graph.JobWrite{Memories: []schema.Memory{late},
		Entities: []schema.Entity{{ID: nyc.ID, Name: "NYC", Aliases: []string{"The City"}}}})
	if got, _ := s.Memories(ctx, owner, []string{late.ID}); len(got) != 1 || !slices.Equal(got[0].EntityIDs, []string{city.ID}) {
		t.Errorf("a memory filed under the merged id is about %v, want the kept entity", got)
	}
	if d, _ := s.Entity(ctx, owner, city.ID); !slices.Contains(d.Entity.Aliases, "The City") {
		t.Errorf("an upsert of the merged id did not reach the kept entity: %v", d.Entity.Aliases)
	}

	// Merging again, either way round, changes nothing.
	if err := s.MergeEntities(ctx, owner, city.ID, nyc.ID); err != nil {
		t.Errorf("MergeEntities again: %v", err)
	}
	if err := s.MergeEntities(ctx, owner, nyc.ID, city.ID); err != nil {
		t.Errorf("MergeEntities the other way round: %v", err)
	}
	err = s.MergeEntities(ctx, owner, city.ID, city.ID)
	wantErr(t, "MergeEntities of an entity into itself", err, schema.ErrInvalid)
	err = s.MergeEntities(ctx, owner, city.ID, schema.NewID(schema.PrefixEntity))
	wantErr(t, "MergeEntities of an unknown entity", err, schema.ErrNotFound)

	// Merging the survivor on repoints the earlier merge.
	metro := entity(schema.KindPlace, "NY Metro")
	if err := s.UpsertEntity(ctx, owner, metro); err != nil {
		t.Fatal(err)
	}
	if err := s.MergeEntities(ctx, owner, metro.ID, city.ID); err != nil {
		t.Fatalf("MergeEntities of the survivor: %v", err)
	}
	for _, id := range []string{nyc.ID, city.ID} {
		d, err := s.Entity(ctx, owner, id)
		if err != nil || d.Entity.ID != metro.ID {
			t.Errorf("Entity(%s) after the second merge = %s, %v; want %s", id, d.Entity.ID, err, metro.ID)
		}
	}
	d, _ = s.Entity(ctx, owner, metro.ID)
	if diff := cmp.Diff(sortedCopy(nyc.ID, city.ID), d.MergedIDs); diff != "" {
		t.Errorf("MergedIDs after the second merge (-want +got):\n%s", diff)
	}
	for _, a := range []string{"New York City", "Big Apple", "NYC", "Gotham", "The City"} {
		if !slices.Contains(d.Entity.Aliases, a) {
			t.Errorf("alias %q lost in the second merge: %v", a, d.Entity.Aliases)
		}
	}
	if len(d.Memories) != 5 {
		t.Errorf("memories after the second merge = %d, want 5", len(d.Memories))
	}
}

func testEntityIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	a1, a2 := entity(schema.KindPerson, "Ana Lima"), entity(schema.KindPerson, "Ana L.")
	m := memory("Ana Lima runs the Tuesday review.")
	m.EntityIDs = []string{a1.ID}
	completeWith(t, s, alice, graph.JobWrite{Entities: []schema.Entity{a1, a2}, Memories: []schema.Memory{m}})

	_, err := s.Entity(ctx, bob, a1.ID)
	wantErr(t, "Entity of another owner", err, schema.ErrNotFound)
	err = s.MergeEntities(ctx, bob, a1.ID, a2.ID)
	wantErr(t, "MergeEntities of another owner's entities", err, schema.ErrNotFound)
	mine := entity(schema.KindPerson, "Bob")
	if err := s.UpsertEntity(ctx, bob, mine); err != nil {
		t.Fatal(err)
	}
	err = s.MergeEntities(ctx, bob, mine.ID, a1.ID)
	wantErr(t, "MergeEntities of another owner's entity into one's own", err, schema.ErrNotFound)
	err = s.MergeEntities(ctx, alice, a1.ID, mine.ID)
	wantErr(t, "MergeEntities of another owner's entity into one's own (other way)", err, schema.ErrNotFound)
	err = s.UpsertEntity(ctx, bob, schema.Entity{ID: a1.ID, Name: "Taken"})
	wantErr(t, "UpsertEntity of another owner's id", err, schema.ErrConflict)
	got, err := s.EntityCandidates(ctx, bob, []string{"Ana Lima", "ana"}, 10)
	if err != nil || len(got) != 0 {
		t.Errorf("bob's EntityCandidates = %v, %v; want none", names(got), err)
	}
	about, err := s.MemoriesAboutEntities(ctx, bob, []string{a1.ID}, 10)
	if err != nil || len(about) != 0 {
		t.Errorf("bob's MemoriesAboutEntities(alice's entity) = %v, %v; want none", memoryIDs(about), err)
	}
	bm := memory("Bob's claim about Ana.")
	bm.EntityIDs = []string{a1.ID}
	_, job := create(t, s, bob, "material")
	err = s.CompleteJob(ctx, bob, job.ID, graph.JobWrite{Memories: []schema.Memory{bm}})
	wantErr(t, "CompleteJob linking another owner's entity", err, schema.ErrNotFound)
	err = s.CompleteJob(ctx, bob, job.ID, graph.JobWrite{Relations: []graph.Relation{{FromID: mine.ID, ToID: a1.ID, Type: "knows"}}})
	wantErr(t, "CompleteJob relating another owner's entity", err, schema.ErrNotFound)

	d, err := s.Entity(ctx, alice, a1.ID)
	if err != nil || d.Entity.Name != "Ana Lima" || len(d.Entity.Aliases) != 0 || len(d.Memories) != 1 || len(d.Neighbours) != 0 {
		t.Errorf("alice's entity after bob's attempts = %+v, %v", d, err)
	}
}
