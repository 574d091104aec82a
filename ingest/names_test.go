package ingest_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/schema"
)

// TestNamedValuesOfStoredMemories: a stored memory's named value (a
// provider, a person) is read through the entities it is ABOUT, so the
// worker relates a new claim to it by that name against the real Neo4j,
// as the engine bench relates two freshly extracted claims.
func TestNamedValuesOfStoredMemories(t *testing.T) {
	store := neo4jtest.Open(t)
	tests := []struct {
		name, stored, incoming string
		want                   string // new claim -> old claim
	}{
		{"a denial of the stored name", "Our broadband provider is Skyline Fibre.", "We are not with Skyline Fibre any more.",
			"We are not with Skyline Fibre any more. -> Our broadband provider is Skyline Fibre."},
		{"a switch to another name", "Our energy supplier is Brightwave Energy.", "We switched our energy supplier to Octopus Energy.",
			"We switched our energy supplier to Octopus Energy. -> Our energy supplier is Brightwave Energy."},
		{"a role handed over", "Mira is treasurer of the Hollins Lane allotment association.", "Joel Abara took over as treasurer of the allotment association after Mira stepped down.",
			"Joel Abara took over as treasurer of the allotment association after Mira stepped down. -> Mira is treasurer of the Hollins Lane allotment association."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newJudgeHarness(t, store, nil)
			h.run(tc.stored, 0)
			h.run(tc.incoming, 24*30)
			if got := readOutcome(t, store, h.owner).Supersedes; !slices.Equal(got, []string{tc.want}) {
				t.Errorf("supersessions %q, want %q", got, tc.want)
			}
		})
	}
}

// TestNicknameFindsStoredPerson: a person named by an everyday form of
// their given name ("Mike") is found among the stored entities, whose
// words do not hold it, and resolved to the one stored ("Michael
// Brennan"), against the real Neo4j; someone known as Kate is not taken
// for a "Katherine" mentioned later.
func TestNicknameFindsStoredPerson(t *testing.T) {
	store := neo4jtest.Open(t)
	h := newJudgeHarness(t, store, nil)
	h.run("Michael Brennan runs the data platform team.", 0)
	h.run("Kate Osei joined the finance team.", 1)
	h.run("Mike signed off the Q3 budget.", 2)
	h.run("Katherine from legal reviewed the contract.", 3)
	es, err := store.ListEntities(t.Context(), h.owner, "", schema.KindPerson, 50, graph.EntityCursor{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.Name+" "+strings.Join(e.Aliases, ","))
	}
	slices.Sort(got)
	want := []string{"Kate Osei ", "Katherine ", "Michael Brennan Mike"}
	if !slices.Equal(got, want) {
		t.Errorf("people %q, want %q", got, want)
	}
}

// TestShortNameFindsStoredPlace: a well-known short name ("Brum") shares no
// word with the stored name ("Birmingham"); the worker looks it up by the
// names it stands for too, against the real Neo4j.
func TestShortNameFindsStoredPlace(t *testing.T) {
	store := neo4jtest.Open(t)
	h := newJudgeHarness(t, store, nil)
	h.run("I grew up in Birmingham.", 0)
	h.run("Heading back to Brum to see my parents.", 1)
	es, err := store.ListEntities(t.Context(), h.owner, "", "", 50, graph.EntityCursor{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.Name+" "+strings.Join(e.Aliases, ","))
	}
	if !slices.Contains(got, "Birmingham Brum") || slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "Brum") }) {
		t.Errorf("entities %q, want Birmingham with the alias Brum and no entity Brum", got)
	}
}

// TestRelationWordFindsStoredRelative: "Mam" shares no word with the
// entity "Mum" the owner already has; the worker looks it up by the words
// for that relation too, against the real Neo4j.
func TestRelationWordFindsStoredRelative(t *testing.T) {
	store := neo4jtest.Open(t)
	h := newJudgeHarness(t, store, nil)
	ctx := t.Context()
	if err := store.UpsertEntity(ctx, h.owner, schema.Entity{ID: schema.NewID(schema.PrefixEntity), Name: "Mum", Kind: schema.KindPerson, Aliases: []string{}}); err != nil {
		t.Fatal(err)
	}
	h.run("Mam rang this morning about Sunday lunch.", 1)
	es, err := store.ListEntities(ctx, h.owner, "", schema.KindPerson, 50, graph.EntityCursor{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.Name+" "+strings.Join(e.Aliases, ","))
	}
	if !slices.Equal(got, []string{"Mum Mam"}) {
		t.Errorf("people %q, want [\"Mum Mam\"]", got)
	}
}

// TestMisspeltAndAbbreviatedNamesFindStoredEntities: a system's name a
// letter out ("Kubernets") and an institution's place abbreviated ("Syd
// Uni") share no whole word with the stored names; the store finds them
// by a word one edit away or begun by the short one, and Match takes
// them, against the real Neo4j.
func TestMisspeltAndAbbreviatedNamesFindStoredEntities(t *testing.T) {
	store := neo4jtest.Open(t)
	h := newJudgeHarness(t, store, nil)
	ctx := t.Context()
	k8s, usyd := schema.NewID(schema.PrefixEntity), schema.NewID(schema.PrefixEntity)
	for _, e := range []schema.Entity{
		{ID: k8s, Name: "Kubernetes", Kind: schema.KindSystem, Aliases: []string{}},
		{ID: usyd, Name: "University of Sydney", Kind: schema.KindOrganisation, Aliases: []string{}},
	} {
		if err := store.UpsertEntity(ctx, h.owner, e); err != nil {
			t.Fatal(err)
		}
	}
	h.run("We moved the billing service onto Kubernets last sprint.", 1)
	h.run("My daughter starts at Syd Uni in March.", 2)
	for _, id := range []string{k8s, usyd} {
		d, err := store.Entity(ctx, h.owner, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Entity.Aliases) != 1 {
			t.Errorf("%s: aliases %q, want the new name as its one alias", d.Entity.Name, d.Entity.Aliases)
		}
	}
}
