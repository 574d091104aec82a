package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 48's misses, each with the look-alikes that must
// stay apart.
func TestRound18Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a subtitle's initials, every word's
		{"BotW", oth, []schema.Entity{e("a", "The Legend of Zelda: Breath of the Wild", oth), e("b", "The Legend of Zelda: Tears of the Kingdom", oth)}, "a"},
		{"TotK", oth, []schema.Entity{e("a", "The Legend of Zelda: Breath of the Wild", oth)}, ""},
		// a title and a surname written without its umlaut; a Chinese
		// "old" before the family name, which comes first
		{"Mr Mueller", per, []schema.Entity{e("a", "Klaus Müller", per), e("b", "Peter Möller", per)}, "a"},
		{"Mr Moeller", per, []schema.Entity{e("a", "Klaus Müller", per)}, ""},
		{"Lao Zhang", per, []schema.Entity{e("a", "Zhang Wei", per), e("b", "Li Na", per)}, "a"},
		{"Lao Zhang", per, []schema.Entity{e("a", "Wei Li", per)}, ""},
		{"Prof Lin", per, []schema.Entity{e("a", "Lin Zhou", per)}, ""},
		// a name of the tables across place and organisation
		{"Ally Pally", org, []schema.Entity{e("a", "Alexandra Palace", plc), e("b", "Crystal Palace", plc)}, "a"},
		{"Barts", plc, []schema.Entity{e("a", "St Bartholomew's Hospital", org), e("b", "Guy's Hospital", org)}, "a"},
		{"Gladbach", org, []schema.Entity{e("a", "Borussia Mönchengladbach", org), e("b", "Borussia Dortmund", org)}, "a"},
		{"the Garden of England", plc, []schema.Entity{e("a", "Kent", plc), e("b", "Sussex", plc)}, "a"},
		// a legal form in spaced capitals; a car's model without its trim
		{"Novo Nordisk", org, []schema.Entity{e("a", "Novo Nordisk A/S", org), e("b", "Novo Holdings A/S", org)}, "a"},
		{"the Golf", oth, []schema.Entity{e("a", "Volkswagen Golf GTI", oth), e("b", "Royal Troon Golf Club", org), e("c", "Volkswagen Polo", oth)}, "a"},
		{"the Golf", oth, []schema.Entity{e("a", "Volkswagen Golf 8", oth)}, ""},
		// descriptive names: a head said first, initials, a country for
		// its cities, a remark in brackets
		{"half marathon training", prj, []schema.Entity{e("a", "Training for the Berlin Half Marathon", prj), e("b", "Couch to 5K programme", prj)}, "a"},
		{"the SSO rollout", prj, []schema.Entity{e("a", "Single sign-on implementation with Okta", prj), e("b", "Password manager rollout", prj)}, "a"},
		{"the MFA rollout", prj, []schema.Entity{e("a", "Single sign-on implementation with Okta", prj)}, ""},
		{"the Japan trip", prj, []schema.Entity{e("a", "Tokyo and Kyoto holiday (April 2025)", prj), e("b", "Seoul business trip", prj), e("c", "Japan", plc)}, "a"},
		{"the Japan trip", prj, []schema.Entity{e("a", "Seoul and Busan trip", prj)}, ""},
		{"the UK trip", prj, []schema.Entity{e("a", "London and Manchester trip", prj)}, "a"},
	})
}

// cities.txt is read whole, a city with each country that has one of its
// name.
func TestCityCountries(t *testing.T) {
	all := cityCountries()
	if len(all) < 5_000 {
		t.Fatalf("cities.txt read %d cities, want at least 5,000", len(all))
	}
	if got := all["kyoto"]; len(got) != 1 || got[0] != "japan" {
		t.Errorf("kyoto: %v", got)
	}
	if got := citiesIn("japan", []string{"tokyo", "and", "kyoto"}); got != 2 {
		t.Errorf("citiesIn(japan, tokyo and kyoto) = %d, want 2", got)
	}
	if got := citiesIn("france", []string{"tokyo"}); got != 0 {
		t.Errorf("citiesIn(france, tokyo) = %d, want 0", got)
	}
	if got := withoutNote("Tokyo holiday (April 2025)"); got != "Tokyo holiday" {
		t.Errorf("withoutNote: %q", got)
	}
}
