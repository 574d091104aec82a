package resolve

import (
	"strings"
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

// Every name of the tables is on one line: a name on two would silently
// name only the later one's thing.
func TestVariantNamesOnOneLine(t *testing.T) {
	seen := map[string]int{}
	lines := strings.Split(strings.TrimSpace(knownOrganisations+"\n"+variantSource), "\n")
	for i, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		for _, n := range strings.Split(line, "|") {
			k := Normalize(n)
			if prev, ok := seen[k]; ok && prev != i {
				t.Errorf("%q is on two lines: %q and %q", k, lines[prev], line)
			}
			seen[k] = i
		}
	}
}

func TestKnownOrganisations(t *testing.T) {
	org, other, per := schema.KindOrganisation, schema.KindOther, schema.KindPerson
	e := func(id, name string, kind schema.EntityKind) schema.Entity {
		return schema.Entity{ID: id, Name: name, Kind: kind}
	}
	checkMatches(t, []matchCase{
		{"Maccies", other, []schema.Entity{e("mcd", "McDonald's", org), e("bk", "Burger King", org)}, "mcd"},
		{"HMRC", org, []schema.Entity{e("hmrc", "HM Revenue & Customs", org)}, "hmrc"},
		{"PwC", org, []schema.Entity{e("pwc", "PricewaterhouseCoopers", org), e("kpmg", "KPMG", org)}, "pwc"},
		{"Spurs", org, []schema.Entity{e("thfc", "Tottenham Hotspur", org), e("ars", "Arsenal FC", org)}, "thfc"},
		{"the Tube", other, []schema.Entity{e("lu", "London Underground", org)}, "lu"},
		// a parent and its brand are two
		{"Google", org, []schema.Entity{e("abc", "Alphabet", org)}, ""},
		// the fed is not FedEx
		{"the Fed", org, []schema.Entity{e("fx", "FedEx", org)}, ""},
		// never a person
		{"Harley", per, []schema.Entity{e("hd", "Harley-Davidson", org)}, ""},
	})
}

func TestCityNicknames(t *testing.T) {
	pl, other := schema.KindPlace, schema.KindOther
	e := func(id, name string) schema.Entity { return schema.Entity{ID: id, Name: name, Kind: pl} }
	checkMatches(t, []matchCase{
		{"the Windy City", other, []schema.Entity{e("chi", "Chicago"), e("det", "Detroit")}, "chi"},
		{"Beantown", pl, []schema.Entity{e("bos", "Boston")}, "bos"},
		{"the Big Smoke", pl, []schema.Entity{e("lon", "London"), e("ldn", "Londonderry")}, "lon"},
		{"Motown", pl, []schema.Entity{e("nash", "Nashville")}, ""},
	})
}
