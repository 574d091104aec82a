package resolve

import (
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 46's misses, each with the look-alikes that must
// stay apart.
func TestRound16Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// the organisations' table parts what it knows as two
		{"Penn", org, []schema.Entity{e("a", "Pennsylvania State University", org, "Penn State"), e("b", "University of Pennsylvania", org)}, "b"},
		{"Penn", org, []schema.Entity{e("a", "Pennsylvania State University", org, "Penn State")}, ""},
		{"Ford", org, []schema.Entity{e("a", "Ford Foundation", org), e("b", "General Motors", org)}, ""},
		{"Ford", org, []schema.Entity{e("a", "Ford Motor Company", org), e("b", "Ford Foundation", org)}, "a"},
		{"HSBC", org, []schema.Entity{e("a", "HSBC UK Bank plc", org)}, "a"},
		{"Los Colchoneros", oth, []schema.Entity{e("a", "Atlético Madrid", org), e("b", "Real Madrid", org)}, "a"},
		// a club's nickname is the club before the district named alike
		{"the Toffees", oth, []schema.Entity{e("a", "Everton FC", org), e("b", "Everton", plc)}, "a"},
		{"the Toffees", oth, []schema.Entity{e("b", "Everton", plc)}, ""},
		// a head said first, a system said short, planning said informally
		{"Postgres move", prj, []schema.Entity{e("a", "Database migration to PostgreSQL", prj), e("b", "Email migration to Outlook", prj), e("c", "PostgreSQL", sys)}, "a"},
		{"Outlook move", prj, []schema.Entity{e("a", "Database migration to PostgreSQL", prj)}, ""},
		{"wedding prep", prj, []schema.Entity{e("a", "Wedding planning", prj), e("b", "Honeymoon in Bali", prj)}, "a"},
		{"wedding prep", prj, []schema.Entity{e("a", "Anniversary planning", prj)}, ""},
		// an Irish surname written in Irish
		{"Dónal Ó Briain", per, []schema.Entity{e("a", "Donal O'Brien", per), e("b", "Daniel O'Brien", per), e("c", "Brian O'Neill", per)}, "a"},
		{"Seán Mac Carthaigh", per, []schema.Entity{e("a", "Sean McCarthy", per), e("b", "Sean Carthy", per)}, "a"},
		{"Dónal Ó Briain", per, []schema.Entity{e("a", "Donal O'Neill", per)}, ""},
		// a country by its own language's name
		{"Hrvatska", plc, []schema.Entity{e("a", "Croatia", plc), e("b", "Serbia", plc)}, "a"},
		{"Deutschland", plc, []schema.Entity{e("a", "Germany", plc)}, "a"},
		{"Maurice", oth, []schema.Entity{e("a", "Mauritius", plc)}, ""},
		{"island", oth, []schema.Entity{e("a", "Iceland", plc)}, ""},
		// a part of a city said short, beside another of its name
		{"the Mission", plc, []schema.Entity{e("a", "Mission District", plc), e("b", "Mission Bay", plc)}, "a"},
		{"Stokey", plc, []schema.Entity{e("a", "Stoke Newington", plc), e("b", "Stoke-on-Trent", plc)}, "a"},
	})
}

// Every line of countries.txt has an English name and another, and the
// countries the hand-written table already has keep their lines there.
func TestCountryNames(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(countrySource), "\n")
	if len(lines) < 50 {
		t.Fatalf("countries.txt has %d lines, want at least 50", len(lines))
	}
	for _, l := range lines {
		if names := strings.Split(l, "|"); len(names) != 2 || names[0] == "" || names[1] == "" {
			t.Errorf("line %q", l)
		}
	}
	if !knownVariant([]string{"finland"}, []string{"suomi"}) || !knownVariant([]string{"croatia"}, []string{"hrvatska"}) {
		t.Error("a country and its own name are not one place")
	}
	if knownVariants["maurice"] != 0 {
		t.Error("a given name is a country's name")
	}
}
