package resolve

import (
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Wrong merges a review of the fourteenth to twentieth rounds' rules found,
// each kept apart now, beside a right match of the same rule.
func TestReviewedRules(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// an airport code names an airport, not what bears its city's name
		{"LAX", org, []schema.Entity{e("a", "Los Angeles Lakers", org)}, ""},
		{"SFO", org, []schema.Entity{e("a", "San Francisco 49ers", org)}, ""},
		{"JFK", org, []schema.Entity{e("a", "John F. Kennedy School of Government", org)}, ""},
		{"LAX", plc, []schema.Entity{e("a", "Los Angeles International Airport", plc)}, "a"},
		// a place's own name crosses to no organisation that contains it
		{"the Bay", plc, []schema.Entity{e("a", "Hudson's Bay", org)}, ""},
		{"Everton", plc, []schema.Entity{e("a", "Everton FC", org)}, ""},
		// two names the other way round are one person only for peoples
		// who say the family name first
		{"Scott Thomas", per, []schema.Entity{e("a", "Thomas Scott", per)}, ""},
		{"Taylor James", per, []schema.Entity{e("a", "Dr James Taylor", per)}, ""},
		{"Wei Zhang", per, []schema.Entity{e("a", "Zhang Wei", per)}, "a"},
		// transliterations fold Slavic and Arabic surnames only
		{"John Pritchard", per, []schema.Entity{e("a", "John Prichard", per)}, ""},
		{"Sarah Moore", per, []schema.Entity{e("a", "Sarah Mure", per)}, ""},
		{"Anna Reeves", per, []schema.Entity{e("a", "Anna Rives", per)}, ""},
		// a proper name is not short for its longer namesake
		{"Niger trip", prj, []schema.Entity{e("a", "Nigeria trip", prj)}, ""},
		{"Maria's wedding", prj, []schema.Entity{e("a", "Mariana's wedding", prj)}, ""},
		// two pieces of work at two places, or from two places, are two
		{"kitchen renovation at the Elm Road house", prj, []schema.Entity{e("a", "Kitchen renovation at the Oak Lane flat", prj)}, ""},
		{"Trip from London to Paris", prj, []schema.Entity{e("a", "Trip from Madrid to Paris", prj)}, ""},
		// work on a thing is not the thing
		{"Acme Ltd review", oth, []schema.Entity{e("a", "Acme Ltd", org)}, ""},
		{"London Bridge update", oth, []schema.Entity{e("a", "London Bridge", plc)}, ""},
		// an edition is a product's, and a code name no product word
		{"Springfield", plc, []schema.Entity{e("a", "Springfield Park (Zone 2)", plc)}, ""},
		{"Riverside", org, []schema.Entity{e("a", "Riverside Surgery (Unit 4)", org)}, ""},
		{"Home", sys, []schema.Entity{e("a", "Windows 11 Home", sys)}, ""},
		{"Cloud", sys, []schema.Entity{e("a", "Google Cloud Platform", sys)}, ""},
		// a maker's name before an institution's is no vendor
		{"Law Society", org, []schema.Entity{e("a", "Canon Law Society", org)}, ""},
		{"Medical School", org, []schema.Entity{e("a", "Dell Medical School", org)}, ""},
		{"Kafka", sys, []schema.Entity{e("a", "Apache Kafka", sys)}, "a"},
		// a direction is no school's short name
		{"West", org, []schema.Entity{e("a", "Westminster School", org)}, ""},
		// a parent may be called by a title and surname; a sibling not
		{"Mrs Byrne", per, []schema.Entity{e("a", "Mary Byrne", per, "Mum")}, "a"},
		{"Mr Byrne", per, []schema.Entity{e("a", "Conor Byrne", per, "my brother")}, ""},
		// names given to both sexes say nothing
		{"Mr Tanaka", per, []schema.Entity{e("a", "Akira Tanaka", per)}, "a"},
		// one maker, two of its names
		{"Fitbit Charge 6", oth, []schema.Entity{e("a", "Google Fitbit Charge 6", oth)}, "a"},
	})
}

// A name of a million colons is read as its first maxNameBytes and never
// overflows the stack (everyInitial once recursed on each colon, which no
// recover catches).
func TestManyColons(t *testing.T) {
	name := "Lord of the Rings" + strings.Repeat(":", 1_000_000)
	if _, _, ok := Match(schema.Mention{Name: "LOTR", Kind: oth}, []schema.Entity{ent("a", name, oth)}); !ok {
		t.Error("LOTR is not the Lord of the Rings")
	}
}
