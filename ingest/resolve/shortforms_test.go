package resolve

import (
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// wantMatch checks that Match resolves m among candidates to want ("" for
// a new entity).
func wantMatch(t *testing.T, m schema.Mention, candidates []schema.Entity, want string) {
	t.Helper()
	got, score, ok := Match(m, candidates)
	if want == "" && ok {
		t.Fatalf("merged into %s (%.3f), want a new entity", got.ID, score)
	}
	if want != "" && (!ok || got.ID != want) {
		t.Fatalf("got %q %.3f ok=%v, want %s", got.ID, score, ok, want)
	}
}

func TestShortForms(t *testing.T) {
	org := schema.KindOrganisation
	tests := []struct {
		name       string
		mention    schema.Mention
		candidates []schema.Entity
		want       string // "" for a new entity
	}{
		{"mixed-case initialism with of", schema.Mention{Name: "BofS", Kind: org},
			[]schema.Entity{ent("e1", "Bank of Scotland", org), ent("e2", "Bank of Spain", org)}, ""}, // both read B…S: a guess
		{"mixed-case initialism picks its capitals", schema.Mention{Name: "BoJ", Kind: org},
			[]schema.Entity{ent("e1", "Bank of Japan", org), ent("e2", "Bank of Korea", org)}, "e1"},
		{"inner-capital name", schema.Mention{Name: "HBC", Kind: org},
			[]schema.Entity{ent("e1", "HudsonBayCompany", org), ent("e2", "Hudson Trading", org)}, "e1"},
		{"small letters come from the name", schema.Mention{Name: "DfT", Kind: org},
			[]schema.Entity{ent("e1", "Department for Transport", org), ent("e2", "Department of Trade", org)}, "e1"},
		{"ampersand needs an and", schema.Mention{Name: "B&Q", Kind: org},
			[]schema.Entity{ent("e1", "Block & Quayle", org), ent("e2", "Barclays Quest", org)}, "e1"},
		{"capital word gives all its letters", schema.Mention{Name: "HMLR", Kind: org},
			[]schema.Entity{ent("e1", "HM Land Registry", org)}, "e1"},
		{"long words are not initialisms", schema.Mention{Name: "McKinsey", Kind: org},
			[]schema.Entity{ent("e1", "Marks Kinsey", org)}, ""},
		{"abbreviated word, prefix", schema.Mention{Name: "Univ of Leipzig", Kind: org},
			[]schema.Entity{ent("e1", "University of Leipzig", org), ent("e2", "Leipzig University Hospital", org)}, "e1"},
		{"abbreviated word, contraction", schema.Mention{Name: "Natl Trust", Kind: org},
			[]schema.Entity{ent("e1", "National Trust", org)}, "e1"},
		{"contractions end as the word does", schema.Mention{Name: "Art Society", Kind: org},
			[]schema.Entity{ent("e1", "Agricultural Society", org)}, ""},
		{"a differing word is not an abbreviation", schema.Mention{Name: "Dept of Physics", Kind: org},
			[]schema.Entity{ent("e1", "Department of Chemistry", org)}, ""},
		{"all capitals is an initialism first", schema.Mention{Name: "ABBA", Kind: org},
			[]schema.Entity{ent("e1", "Abba", schema.KindOther), ent("e2", "Association of British Brewing Artisans", org)}, "e2"},
		{"all capitals alone still matches its name", schema.Mention{Name: "NASA", Kind: org},
			[]schema.Entity{ent("e1", "Nasa", org)}, "e1"},
		{"people are not initialisms", schema.Mention{Name: "JoE", Kind: schema.KindPerson},
			[]schema.Entity{ent("e1", "Jack of England", schema.KindPerson)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMatch(t, tt.mention, tt.candidates, tt.want)
		})
	}
}

func TestPeopleSurnames(t *testing.T) {
	p := schema.KindPerson
	priya := ent("e1", "Priya Nair", p)
	priya.Aliases = []string{"Priya"}
	tests := []struct {
		name       string
		mention    string
		candidates []schema.Entity
		want       string
	}{
		{"a first-name alias does not make another surname the same person", "Priya Das", []schema.Entity{priya}, ""},
		{"the first name alone still matches", "Priya", []schema.Entity{priya}, "e1"},
		{"an e-mail address alias is no surname", "priya.n@example.org", []schema.Entity{ent("e1", "Priya Nair", p, "priya.n@example.org")}, "e1"},
		{"surname only, unambiguous", "Tomas Berg", []schema.Entity{ent("e1", "Dr Berg", p)}, "e1"},
		{"surname only, another of that surname known", "Tomas Berg", []schema.Entity{ent("e1", "Dr Berg", p), ent("e2", "Lena Berg", p)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMatch(t, schema.Mention{Name: tt.mention, Kind: p}, tt.candidates, tt.want)
		})
	}
}

func TestRawWords(t *testing.T) {
	tests := map[string]string{
		"GlaxoSmithKline":      "Glaxo Smith Kline",
		"HM Revenue & Customs": "HM Revenue and Customs",
		"Café Müller":          "Cafe Muller",
		"McDonald's":           "Mc Donalds",
		"":                     "",
	}
	for in, want := range tests {
		if got := strings.Join(rawWords(in), " "); got != want {
			t.Errorf("rawWords(%q) = %q, want %q", in, got, want)
		}
	}
	rawWords(strings.Repeat("aB", 100000)) // bounded, no panic
	rawWords("\xff\xfe")
}

func TestOtherThingsAlike(t *testing.T) {
	sys, org, place := schema.KindSystem, schema.KindOrganisation, schema.KindPlace
	tests := []struct {
		name       string
		mention    schema.Mention
		candidates []schema.Entity
		want       string
	}{
		{"a bare alias does not join versions", schema.Mention{Name: "Quarry v5", Kind: sys},
			[]schema.Entity{ent("e1", "Quarry v4", sys, "Quarry")}, ""},
		{"the bare name still takes the version", schema.Mention{Name: "Quarry", Kind: sys},
			[]schema.Entity{ent("e1", "Quarry v4", sys, "Quarry")}, "e1"},
		{"an initialism alias stands for its own name", schema.Mention{Name: "Riverside Cycling Club", Kind: org},
			[]schema.Entity{ent("e1", "Royal College of Cardiology", org, "RCC")}, ""},
		{"an initialism alias still matches the initialism", schema.Mention{Name: "RCC", Kind: org},
			[]schema.Entity{ent("e1", "Royal College of Cardiology", org, "RCC")}, "e1"},
		{"a word of its own is another thing", schema.Mention{Name: "ledger-sync-apac", Kind: sys},
			[]schema.Entity{ent("e1", "ledger-sync-emea", sys)}, ""},
		{"near-identical company names", schema.Mention{Name: "Brandt Textil AG", Kind: org},
			[]schema.Entity{ent("e1", "Brandt Technik AG", org)}, ""},
		{"the first word names it", schema.Mention{Name: "Marlowe Freight", Kind: org},
			[]schema.Entity{ent("e1", "Marlow Freight", org)}, ""},
		{"a later word may be spelt otherwise", schema.Mention{Name: "Quayside Renovations", Kind: org},
			[]schema.Entity{ent("e1", "Quayside Renovation", org)}, "e1"},
		{"legal suffix of another country", schema.Mention{Name: "Fjordline", Kind: org},
			[]schema.Entity{ent("e1", "Fjordline ASA", org)}, "e1"},
		{"a second name makes another place", schema.Mention{Name: "Kingsbridge", Kind: place},
			[]schema.Entity{ent("e1", "Kingsbridge Wells", place)}, ""},
		{"a linking word qualifies the first", schema.Mention{Name: "Lindau", Kind: place},
			[]schema.Entity{ent("e1", "Lindau am Bodensee", place)}, "e1"},
		{"a hyphen joins a qualifier", schema.Mention{Name: "Baden", Kind: place},
			[]schema.Entity{ent("e1", "Baden-Baden", place)}, "e1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantMatch(t, tt.mention, tt.candidates, tt.want)
		})
	}
}
