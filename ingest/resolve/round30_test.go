package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 60's misses and wrong merges, each with the
// look-alikes that must stay apart.
func TestRound30Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a word names use whole is no abbreviation, but for its own longer forms
		{"Iran Air", org, []schema.Entity{e("a", "Iran Airtour", org), e("b", "Iran Aseman Airlines", org), e("c", "Mahan Air", org)}, ""},
		{"Ethiopian Air", org, []schema.Entity{e("a", "Ethiopian Airlines", org)}, "a"},
		// people: a name written surname first, a compound given name's
		// second half, two letters swapped, a role and an everyday name
		{"Mwangi, Peter", per, []schema.Entity{e("a", "Paul Mwangi", per), e("b", "Peter Mwangi", per), e("c", "Petra Mwangi", per), e("d", "Peter Maina", per)}, "b"},
		{"Ricardo Souza, Jr.", per, []schema.Entity{e("a", "Ricardo Souza Jr.", per), e("b", "Ricardo Souza Sr.", per)}, "a"},
		{"Lupita Hernández", per, []schema.Entity{e("a", "María Guadalupe Hernández", per), e("b", "Lucía Hernández", per), e("c", "María Guadalupe Fernández", per)}, "a"},
		{"Siobahn McGrath", per, []schema.Entity{e("a", "Sinéad McGrath", per), e("b", "Siobhan McGrane", per), e("c", "Siobhan McGrath", per)}, "c"},
		{"Coach Hal", per, []schema.Entity{e("a", "Harold Jensen", per, "son's baseball coach"), e("b", "Henry Jansen", per), e("c", "Hal Jenkins", per, "dentist")}, "a"},
		{"Shazza O'Brien", per, []schema.Entity{e("a", "Sharon O'Connell", per), e("b", "Sharon O'Brien", per), e("c", "Shannon O'Brien", per)}, "b"},
		{"Ato Tesfaye Bekele", per, []schema.Entity{e("a", "Tsegaye Bekele", per), e("b", "Bekele Tesfaye", per), e("c", "Tesfaye Bekele", per)}, "c"},
		{"Quim Puig", per, []schema.Entity{e("a", "Joaquim Puig i Serra", per), e("b", "Joaquín Puente", per), e("c", "Jaume Puig", per)}, "a"},
		// pieces of work: a gerund for the head, a code name with its head
		{"redoing the kitchen", prj, []schema.Entity{e("a", "Kitchen renovation", prj), e("b", "Kitchen garden", prj), e("c", "Bathroom renovation", prj)}, "a"},
		{"Atlas migration", prj, []schema.Entity{e("a", "Titan", prj), e("b", "ATLAS", prj, "warehouse data migration"), e("c", "Atlantis", prj)}, "b"},
		// organisations: a group's lead in another language; the tables
		{"Bimbo", org, []schema.Entity{e("a", "Grupo Bimbo", org), e("b", "Grupo Modelo", org)}, "a"},
		{"Woolies", org, []schema.Entity{e("a", "Woolworths Supermarkets", org), e("b", "Coles", org)}, "a"},
		{"THY", org, []schema.Entity{e("a", "Türk Telekom", org), e("b", "Turkish Airlines", org), e("c", "Pegasus Airlines", org)}, "b"},
		{"Addis", plc, []schema.Entity{e("a", "Adigrat", plc), e("b", "Adama", plc), e("c", "Addis Ababa", plc)}, "c"},
		{"Tegus", plc, []schema.Entity{e("a", "Tela", plc), e("b", "Teguise", plc), e("c", "Tegucigalpa", plc)}, "c"},
		{"Eivissa", plc, []schema.Entity{e("a", "Formentera", plc), e("b", "Menorca", plc), e("c", "Ibiza", plc)}, "c"},
		{"Node", sys, []schema.Entity{e("a", "Node.js", sys), e("b", "Deno", sys), e("c", "Node-RED", sys)}, "a"},
		{"Muhteşem Yüzyıl", oth, []schema.Entity{e("a", "Magnificent Century", oth), e("b", "Magnificent Century: Kösem", oth)}, "a"},
	})
}
