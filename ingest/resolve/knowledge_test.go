package resolve

// The tables of general knowledge (placenames.go, nicknames_world.go,
// organisations.go, the given-name spellings of people.go) and the rules
// written beside them in the thirteenth round (docs/bench-engine.md).

import (
	"slices"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestPlaceNames(t *testing.T) {
	pl, other, per := schema.KindPlace, schema.KindOther, schema.KindPerson
	checkMatches(t, []matchCase{
		// an older name
		{"Bombay", pl, []schema.Entity{ent("bom", "Mumbai", pl), ent("pune", "Pune", pl)}, "bom"},
		// the other way round
		{"Mumbai", pl, []schema.Entity{ent("bom", "Bombay", pl)}, "bom"},
		// a nickname
		{"Philly", other, []schema.Entity{ent("phl", "Philadelphia", pl)}, "phl"},
		// two nicknames of one city
		{"the Big Apple", pl, []schema.Entity{ent("nyc", "NYC", pl)}, "nyc"},
		// the name in its own language
		{"Firenze", pl, []schema.Entity{ent("flr", "Florence", pl), ent("rome", "Rome", pl)}, "flr"},
		// another language
		{"Londres", pl, []schema.Entity{ent("lon", "London", pl)}, "lon"},
		// another script
		{"Москва", pl, []schema.Entity{ent("mow", "Moscow", pl)}, "mow"},
		{"東京", other, []schema.Entity{ent("tyo", "Tokyo", pl), ent("osa", "Osaka", pl)}, "tyo"},
		// a transliteration
		{"Kiyev", pl, []schema.Entity{ent("kyiv", "Kyiv", pl)}, "kyiv"},
		// "Pekin" is a city of its own (Illinois): not another name of Beijing
		// another city's own name
		{"Pekin", pl, []schema.Entity{ent("bj", "Beijing", pl)}, ""},
		// "Manhattan" is a city in Kansas too, and a borough, not the city
		// a borough
		{"Manhattan", pl, []schema.Entity{ent("nyc", "New York City", pl)}, ""},
		// an airport's code
		{"BOM", other, []schema.Entity{ent("bom", "Mumbai", pl)}, ""},
		// never a person
		{"Philly", per, []schema.Entity{ent("phl", "Philadelphia", pl)}, ""},
		// two places
		{"Bombay", pl, []schema.Entity{ent("del", "Delhi", pl)}, ""},
	})
}

// TestPlaceNamesTable checks what internal/placenamesgen promises of its
// output: comparison forms, each place's own name first, no code or
// word-like name, no name of two places.
func TestPlaceNamesTable(t *testing.T) {
	idx := placeNames()
	if len(idx.own) < 5000 {
		t.Fatalf("placenames.txt has %d places, want thousands", len(idx.own))
	}
	for n, lines := range idx.lines {
		if Normalize(n) != n {
			t.Errorf("%q is not in its comparison form", n)
		}
		if len(lines) > 1 && !slices.ContainsFunc(lines, func(l int32) bool { return idx.own[l] == n }) {
			t.Errorf("%q is another name of %d places", n, len(lines))
		}
	}
	for _, code := range []string{"bom", "lax", "muc"} {
		if _, ok := idx.lines[code]; ok {
			t.Errorf("the airport code %q is in the table", code)
		}
	}
	if got := placeOwnNames("bombay"); !slices.Equal(got, []string{"mumbai"}) {
		t.Errorf("placeOwnNames(bombay) = %q", got)
	}
	if got := placeOwnNames("mumbai"); len(got) != 0 {
		t.Errorf("placeOwnNames(mumbai) = %q, want none: it is the place's own name", got)
	}
	if got := SearchNames("Bombay"); !slices.Contains(got, "mumbai") {
		t.Errorf("SearchNames(Bombay) = %q, want it to look up mumbai", got)
	}
	if strings.Contains(placeNamesText, "\r") {
		t.Error("placenames.txt has carriage returns")
	}
}

func TestWorldNicknames(t *testing.T) {
	per := schema.KindPerson
	checkMatches(t, []matchCase{
		// Polish
		{"Kuba Nowak", per, []schema.Entity{ent("j", "Jakub Nowak", per), ent("k", "Kasia Nowak", per)}, "j"},
		// Spanish, with an accent
		{"Pepe", per, []schema.Entity{ent("j", "José Ortega", per), ent("m", "Marta Ortega", per)}, "j"},
		// Portuguese
		{"Zé Carlos", per, []schema.Entity{ent("j", "José Carlos", per)}, "j"},
		// German
		{"Sepp", per, []schema.Entity{ent("j", "Josef Huber", per), ent("a", "Anna Huber", per)}, "j"},
		// Russian
		{"Zhenya Petrova", per, []schema.Entity{ent("y", "Yevgenia Petrova", per)}, "y"},
		// Hungarian
		{"Pisti", per, []schema.Entity{ent("i", "István Kovács", per)}, "i"},
		// another surname
		{"Kuba Wiśniewski", per, []schema.Entity{ent("j", "Jakub Nowak", per)}, ""},
		// with the surname, the full name is the one known by the nickname
		{"Josef Huber", per, []schema.Entity{ent("s", "Sepp Huber", per)}, "s"},
		// a given name alone is not taken for someone known by a nickname
		{"Josef", per, []schema.Entity{ent("s", "Sepp Huber", per)}, ""},
		// two who could be meant
		{"Pepe", per, []schema.Entity{ent("a", "José Ortega", per), ent("b", "José Ruiz", per)}, ""},
	})
	for form, fulls := range worldNicknames {
		if slices.ContainsFunc(fulls, func(f string) bool { return strings.HasPrefix(f, form) }) {
			t.Errorf("worldNicknames[%q] = %q: a name's first letters are shortForm's", form, fulls)
		}
		if Normalize(form) != form || len(fulls) == 0 {
			t.Errorf("worldNicknames[%q] = %q: want a comparison form standing for at least one name", form, fulls)
		}
		for _, f := range fulls {
			if Normalize(f) != f || strings.Contains(f, " ") {
				t.Errorf("worldNicknames[%q] has %q: want one name in its comparison form", form, f)
			}
		}
	}
}

func TestSearchNamesWorldNicknames(t *testing.T) {
	if got := SearchNames("Zé Carlos"); !slices.Contains(got, "Jose Carlos") {
		t.Errorf("SearchNames(Zé Carlos) = %q, want it to look up Jose Carlos", got)
	}
}

func BenchmarkPlaceNamesLoad(b *testing.B) {
	for b.Loop() {
		readPlaceNames(placeNamesText)
	}
}

func TestGivenSpellings(t *testing.T) {
	per := schema.KindPerson
	checkMatches(t, []matchCase{
		{"Dmitri Petrov", per, []schema.Entity{ent("d", "Dmitry Petrov", per), ent("o", "Olga Petrova", per)}, "d"},
		{"Tetiana Shevchenko", per, []schema.Entity{ent("t", "Tatiana Shevchenko", per)}, "t"},
		{"Catherine Wood", per, []schema.Entity{ent("k", "Katherine Wood", per)}, "k"},
		// another surname, or no surname: not the same person for sure
		{"Dmitri Ivanov", per, []schema.Entity{ent("d", "Dmitry Petrov", per)}, ""},
		{"Tetiana", per, []schema.Entity{ent("t", "Tatiana Shevchenko", per)}, ""},
	})
}

func TestOtherScripts(t *testing.T) {
	per, pl, org := schema.KindPerson, schema.KindPlace, schema.KindOrganisation
	checkMatches(t, []matchCase{
		{"Дмитрий Петров", per, []schema.Entity{ent("d", "Dmitry Petrov", per), ent("o", "Olga Petrova", per)}, "d"},
		{"Γιώργος Παπαδόπουλος", per, []schema.Entity{ent("g", "Giorgos Papadopoulos", per)}, "g"},
		{"Газпром", org, []schema.Entity{ent("g", "Gazprom", org)}, "g"},
		{"Москва", pl, []schema.Entity{ent("m", "Moscow", pl)}, "m"},
		{"Łukasz Wiśniewski", per, []schema.Entity{ent("l", "Lukasz Wisniewski", per)}, "l"},
		// another surname in another script is another person
		{"Дмитрий Иванов", per, []schema.Entity{ent("d", "Dmitry Petrov", per)}, ""},
	})
	for in, want := range map[string]string{"Straße": "strasse", "Søren": "soren", "Ağcabədi": "agcabedi", "Дмитрий": "dmitrii"} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOwnNameNicknamesAndInstitutions(t *testing.T) {
	per, pl, org := schema.KindPerson, schema.KindPlace, schema.KindOrganisation
	checkMatches(t, []matchCase{
		// a form that is a name of its own stands for the full name only
		// with the surname
		{"Manu Dubois", per, []schema.Entity{ent("e", "Emmanuel Dubois", per), ent("c", "Claire Dubois", per)}, "e"},
		{"Manu", per, []schema.Entity{ent("e", "Emmanuel Dubois", per)}, ""},
		{"Subbu", per, []schema.Entity{ent("s", "Subramanian Iyer", per), ent("l", "Lakshmi Iyer", per)}, "s"},
		{"Aotearoa", pl, []schema.Entity{ent("nz", "New Zealand", pl), ent("au", "Australia", pl)}, "nz"},
		{"KLM", org, []schema.Entity{ent("k", "Royal Dutch Airlines", org), ent("af", "Air France", org)}, "k"},
		// Miami University (Ohio) is not the University of Miami
		{"University of Miami", org, []schema.Entity{ent("mu", "Miami University", org)}, ""},
		{"University of Leeds", org, []schema.Entity{ent("lu", "Leeds University", org)}, "lu"},
	})
}

func TestStationsProductsAndCompounds(t *testing.T) {
	pl, sys, org, per := schema.KindPlace, schema.KindSystem, schema.KindOrganisation, schema.KindPerson
	checkMatches(t, []matchCase{
		{"King's Cross", pl, []schema.Entity{ent("kx", "London King's Cross station", pl), ent("eu", "Euston", pl)}, "kx"},
		{"Heathrow", pl, []schema.Entity{ent("lhr", "London Heathrow Airport", pl)}, "lhr"},
		// a city alone is not one of its stations
		{"London", pl, []schema.Entity{ent("lb", "London Bridge station", pl)}, ""},
		{"Quest 3", sys, []schema.Entity{ent("q", "Meta Quest 3", sys)}, "q"},
		{"the Monzo app", sys, []schema.Entity{ent("m", "Monzo", sys)}, "m"},
		// a word a compound ends in is not its contraction
		{"Deutsche Bank", org, []schema.Entity{ent("bb", "Deutsche Bundesbank", org)}, ""},
		// "Gabi" may be Gabriel or Gabriela
		{"Gabi", per, []schema.Entity{ent("g1", "Gabriel Souza", per), ent("g2", "Gabriela Lima", per)}, ""},
	})
}

func TestProductsFacilitiesAndLeads(t *testing.T) {
	sys, org, pl, other := schema.KindSystem, schema.KindOrganisation, schema.KindPlace, schema.KindOther
	checkMatches(t, []matchCase{
		{"Logic", sys, []schema.Entity{ent("l", "Logic Pro X", sys), ent("a", "Ableton Live 11", sys)}, "l"},
		{"Jira", sys, []schema.Entity{ent("j", "Atlassian Jira Software Cloud", sys), ent("c", "Confluence", sys)}, "j"},
		{"Unity", sys, []schema.Entity{ent("u", "Unity 2022 LTS", sys)}, "u"},
		// another word after the name makes another product
		{"Office", sys, []schema.Entity{ent("o", "Office Chair Pro", other)}, ""},
		{"TD", org, []schema.Entity{ent("td", "TD Canada Trust", org), ent("rbc", "RBC Royal Bank", org)}, "td"},
		{"QuickBooks", sys, []schema.Entity{ent("q", "Intuit QuickBooks Online", sys), ent("t", "TurboTax", sys)}, "q"},
		// a facility said as a place, when no city has the name
		{"Holmwood", pl, []schema.Entity{ent("h", "Holmwood Hospital", org)}, "h"},
		// a city is not its namesake hospital
		{"Cambridge", pl, []schema.Entity{ent("c", "Cambridge Hospital", org)}, ""},
		// "Lloyds" may be either
		{"Lloyds", org, []schema.Entity{ent("lp", "LloydsPharmacy", org), ent("lb", "Lloyds Bank", org)}, ""},
		{"Pickle", other, []schema.Entity{ent("p", "Pickles", other), ent("d", "Pickle & Rye Deli", org)}, "p"},
		{"Single Customer View", schema.KindProject, []schema.Entity{ent("s", "SCV programme", schema.KindProject)}, "s"},
	})
}
