package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 45's misses, each with the look-alikes that must
// stay apart.
func TestRound15Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a birth name among the aliases
		{"Sarah Whitfield", per, []schema.Entity{e("a", "Sarah Thompson", per, "née Whitfield"), e("b", "Rachel Whitfield", per)}, "a"},
		{"Rachel Whitfield", per, []schema.Entity{e("a", "Sarah Thompson", per, "née Whitfield")}, ""},
		// Mc and Mac, and a given name's other spelling
		{"Cathrine Mcdonald", per, []schema.Entity{e("a", "Catherine MacDonald", per), e("b", "Colin MacDonald", per), e("c", "Ronan McDonnell", per)}, "a"},
		{"Catherine McDonnell", per, []schema.Entity{e("a", "Catherine MacDonald", per)}, ""},
		// the Arabic article written apart, joined or with a hyphen
		{"Muhammad Alfarsi", per, []schema.Entity{e("a", "Mohammed Al-Farsi", per), e("b", "Ahmed Al-Farsi", per), e("c", "Mohammed Al-Harbi", per)}, "a"},
		{"Ahmed Al Farsi", per, []schema.Entity{e("a", "Mohammed Al-Farsi", per)}, ""},
		// a given name of two syllables written as one word or two, in
		// either order
		{"Jihoon Park", per, []schema.Entity{e("a", "Park Ji-hoon", per), e("b", "Kim Ji-hoon", per), e("c", "Park Min-seo", per)}, "a"},
		{"Ji-hoon Park", per, []schema.Entity{e("a", "Jihoon Park", per)}, "a"},
		{"Jihoon Kim", per, []schema.Entity{e("a", "Park Ji-hoon", per)}, ""},
		// a release's code name
		{"Sonoma", sys, []schema.Entity{e("a", "macOS 14 Sonoma", sys), e("b", "macOS 13 Ventura", sys), e("c", "Sonoma County", plc)}, "a"},
		{"Sonoma", plc, []schema.Entity{e("a", "macOS 14 Sonoma", sys), e("c", "Sonoma County", plc)}, ""},
		// a firm named after someone, said with the possessive
		{"Sam's", org, []schema.Entity{e("a", "Sam's Club", org), e("b", "Sam Ash Music", org), e("c", "Costco", org)}, "a"},
		{"Sainsbury's", org, []schema.Entity{e("a", "J Sainsbury plc", org), e("b", "Sainsbury Laboratory", org)}, "a"},
		{"Sainsbury's", org, []schema.Entity{e("b", "Sainsbury's Bank", org)}, ""},
		{"Sam's", org, []schema.Entity{e("b", "Sam Ash Music", org)}, ""},
		// a project's name written together or apart
		{"bluejay", prj, []schema.Entity{e("a", "Project Blue Jay", prj), e("b", "Project Bluebird", prj)}, "a"},
		{"Iron Wood", prj, []schema.Entity{e("a", "Project Ironwood", prj), e("b", "Project Ironclad", prj)}, "a"},
		// a part of a city said with what it is
		{"the Shibuya district", plc, []schema.Entity{e("a", "Shibuya", plc), e("b", "Shibukawa", plc)}, "a"},
		{"Shibuya", plc, []schema.Entity{e("a", "Shibuya ward", plc)}, "a"},
		{"the Lake District", plc, []schema.Entity{e("a", "Lake Geneva", plc)}, ""},
		// a founder's surname, a school's short name, a maker's product
		{"Bosch", org, []schema.Entity{e("a", "Robert Bosch GmbH", org), e("b", "Siemens AG", org)}, "a"},
		{"Boss", org, []schema.Entity{e("a", "Hugo Boss AG", org)}, "a"},
		{"Lewis", org, []schema.Entity{e("a", "John Lewis", org)}, ""},
		{"Stuy", org, []schema.Entity{e("a", "Stuyvesant High School", org), e("b", "Brooklyn Technical High School", org)}, "a"},
		{"Stuy", org, []schema.Entity{e("a", "Stuyvesant Town", plc)}, ""},
		{"Roomba", oth, []schema.Entity{e("a", "iRobot Roomba j7+", oth), e("b", "iRobot Braava jet m6", oth)}, "a"},
		{"the Kindle", oth, []schema.Entity{e("a", "Kindle Paperwhite (11th generation)", oth), e("b", "Kobo Clara HD", oth)}, "a"},
		// a US state's postal code, in capitals
		{"MN", plc, []schema.Entity{e("a", "Minnesota", plc), e("b", "Minneapolis", plc), e("c", "Montana", plc)}, "a"},
		{"Mn", plc, []schema.Entity{e("a", "Minnesota", plc)}, ""},
		// an airport by its IATA code or an old name; a city is not its
		// airport
		{"JFK", plc, []schema.Entity{e("a", "John F. Kennedy International Airport", plc), e("b", "LaGuardia Airport", plc), e("c", "Kennedy Space Center", plc)}, "a"},
		{"LHR", plc, []schema.Entity{e("a", "Heathrow Airport", plc), e("b", "London Gatwick Airport", plc)}, "a"},
		{"Roissy", plc, []schema.Entity{e("a", "Paris Charles de Gaulle Airport", plc), e("b", "Paris Orly Airport", plc)}, "a"},
		{"John F Kennedy Airport", plc, []schema.Entity{e("a", "JFK", plc)}, "a"},
		{"EWR", plc, []schema.Entity{e("a", "Newark", plc)}, ""},
		{"MAN", plc, []schema.Entity{e("a", "Manchester", plc)}, ""},
		{"JFK", per, []schema.Entity{e("a", "John F. Kennedy International Airport", plc)}, ""},
		{"JFK", org, []schema.Entity{e("a", "John F. Kennedy International Airport", plc)}, "a"},
		{"John F. Kennedy International Airport", plc, []schema.Entity{e("a", "JFK", org)}, "a"},
		{"BBC", org, []schema.Entity{e("a", "Bay City", plc)}, ""},
		// events and tools by their everyday names
		{"the Fringe", oth, []schema.Entity{e("a", "Edinburgh Festival Fringe", oth), e("b", "Edinburgh International Festival", oth)}, "a"},
		{"WWDC", oth, []schema.Entity{e("a", "Apple Worldwide Developers Conference", oth), e("b", "Google I/O", oth)}, "a"},
		{"gh", sys, []schema.Entity{e("a", "GitHub CLI", sys), e("b", "GitHub Actions", sys), e("c", "git", sys)}, "a"},
		// a title says a man or a woman, for the names of givennames.txt
		// too; a title and surname never name a relation
		{"Mrs. Lindqvist", per, []schema.Entity{e("a", "Erik Lindqvist", per), e("b", "Anna Lindberg", per)}, ""},
		{"Mrs Lindqvist", per, []schema.Entity{e("a", "Ingrid Lindqvist", per)}, "a"},
		{"Mr Holm", per, []schema.Entity{e("a", "Karin Holm", per)}, ""},
		{"Mr Byrne", per, []schema.Entity{e("a", "Conor Byrne", per, "brother"), e("b", "Aoife Byrne", per, "sister")}, ""},
		{"Mr Byrne", per, []schema.Entity{e("a", "Conor Byrne", per)}, "a"},
	})
}

// The table of given names is read whole, and the names given to both
// sexes are not in it.
func TestGivenSexes(t *testing.T) {
	sexes := givenSexes()
	if len(sexes) < 10_000 {
		t.Fatalf("givennames.txt read %d names, want at least 10,000", len(sexes))
	}
	for name, want := range map[string]byte{"erik": 'm', "karin": 'f', "kim": 0, "jordan": 0, "andrea": 0} {
		if got := sexes[name]; got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// Every line of airports.txt is a code of three capitals, a name and a
// city.
func TestAirportNames(t *testing.T) {
	all := airports()
	if len(all) < 7_000 {
		t.Fatalf("airports.txt read %d airports, want at least 7,000", len(all))
	}
	for code := range all {
		if len(code) != 3 || !allCaps(code) {
			t.Errorf("code %q", code)
		}
	}
	if got := all["CDG"]; !equal(got.name, []string{"charles", "de", "gaulle"}) || !equal(got.city, []string{"paris"}) {
		t.Errorf("CDG: %v", got)
	}
}
