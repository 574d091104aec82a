package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Known spelling variants of places and organisations, and an
// organisation's distinctive first word; never people, never a generic
// first word.
func TestVariants(t *testing.T) {
	ent := func(id, name string, kind schema.EntityKind) schema.Entity {
		return schema.Entity{ID: id, Name: name, Kind: kind}
	}
	checkMatches(t, []matchCase{
		{"Lisboa", schema.KindPlace, []schema.Entity{ent("lis", "Lisbon", schema.KindPlace), ent("lsb", "Lisburn", schema.KindPlace)}, "lis"},
		{"Kiev", schema.KindPlace, []schema.Entity{ent("kyiv", "Kyiv", schema.KindPlace), ent("khk", "Kharkiv", schema.KindPlace)}, "kyiv"},
		{"Munchen", schema.KindPlace, []schema.Entity{ent("muc", "Munich", schema.KindPlace)}, "muc"},
		{"VW", schema.KindOrganisation, []schema.Entity{ent("vw", "Volkswagen", schema.KindOrganisation), ent("volvo", "Volvo", schema.KindOrganisation)}, "vw"},
		{"Goldman", schema.KindOrganisation, []schema.Entity{ent("gs", "Goldman Sachs", schema.KindOrganisation), ent("ms", "Morgan Stanley", schema.KindOrganisation)}, "gs"},
		{"British", schema.KindOrganisation, []schema.Entity{ent("bc", "British Council", schema.KindOrganisation)}, ""},
		{"Goldman", schema.KindPerson, []schema.Entity{ent("gs", "Goldman Sachs", schema.KindOrganisation)}, ""},
		{"Lisboa", schema.KindPerson, []schema.Entity{ent("lp", "Lisbon Person", schema.KindPerson)}, ""},
		{"Paris", schema.KindPlace, []schema.Entity{ent("pr", "Paris Hilton", schema.KindPerson)}, ""},
	})
}

// matchCase is a mention, the owner's entities, and the ID it should
// match ("" for none).
type matchCase struct {
	name string
	kind schema.EntityKind
	ents []schema.Entity
	want string
}

func checkMatches(t *testing.T, tests []matchCase) {
	t.Helper()
	for _, tt := range tests {
		best, _, ok := Match(schema.Mention{Name: tt.name, Kind: tt.kind}, tt.ents)
		got := ""
		if ok {
			got = best.ID
		}
		if got != tt.want {
			t.Errorf("%s (%s) among %v: %q, want %q", tt.name, tt.kind, tt.ents, got, tt.want)
		}
	}
}
