package resolve

import (
	"slices"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 28's misses, each with the look-alikes that must
// stay apart.
func TestRound13Resolution(t *testing.T) {
	e := func(id, name string, kind schema.EntityKind, aliases ...string) schema.Entity {
		return schema.Entity{ID: id, Name: name, Kind: kind, Aliases: aliases}
	}
	const (
		per, org, sys, plc = schema.KindPerson, schema.KindOrganisation, schema.KindSystem, schema.KindPlace
	)
	checkMatches(t, []matchCase{
		// an acronym leaves out "to" as it does "of" and "the"
		{"RSPCA", org, []schema.Entity{e("a", "Royal Society for the Prevention of Cruelty to Animals", org), e("b", "RSPB", org)}, "a"},
		// initialisms that fold alike are still two
		{"RBC", org, []schema.Entity{e("a", "Royal Borough of Kingston", org, "RBK"), e("b", "Bank of Canada", org)}, ""},
		{"Kiev", plc, []schema.Entity{e("a", "Kiev", plc)}, "a"},
		// a company's "& Partners", "& Sons", "Holdings", "Group" are left out
		{"John Lewis", org, []schema.Entity{e("a", "John Lewis & Partners", org), e("b", "John Lewis", per)}, "a"},
		{"Hargreaves", org, []schema.Entity{e("a", "Hargreaves & Sons", org)}, "a"},
		// but a bank, labs or technologies may be another company
		{"Tesco Bank", org, []schema.Entity{e("a", "Tesco plc", org), e("b", "Tesco Mobile", org)}, ""},
		{"Tesco", org, []schema.Entity{e("a", "Tesco plc", org), e("b", "Tesco Bank", org)}, "a"},
		{"Quorra", sys, []schema.Entity{e("a", "Quorra Labs", org)}, ""},
		// a product named without its vendor
		{"Jira", sys, []schema.Entity{e("a", "Atlassian Jira", sys), e("b", "Atlassian Confluence", sys)}, "a"},
		{"Photoshop", sys, []schema.Entity{e("a", "Adobe Photoshop", sys), e("b", "Adobe Illustrator", sys)}, "a"},
		// a short form that several known names extend names none of them
		{"Microsoft", org, []schema.Entity{e("a", "Microsoft Teams", sys), e("b", "Microsoft 365", sys)}, ""},
		{"Apple", org, []schema.Entity{e("a", "Apple Music", sys), e("b", "Apple Watch", schema.KindOther), e("c", "Apple Tree Nursery", org)}, ""},
		{"Stratford", plc, []schema.Entity{e("a", "Stratford-upon-Avon", plc), e("b", "Stratford, London", plc)}, ""},
		{"Goldman", org, []schema.Entity{e("a", "Goldman Sachs", org), e("b", "Morgan Stanley", org)}, "a"},
		// everyday forms of given names, from the nickname to the name only
		{"Mike", per, []schema.Entity{e("a", "Michael Brennan", per), e("b", "Michelle Brennan", per)}, "a"},
		{"Mike Brennan", per, []schema.Entity{e("a", "Michael Brennan", per), e("b", "Michelle Brennan", per)}, "a"},
		{"Liz", per, []schema.Entity{e("a", "Elizabeth Ward", per), e("b", "Eliza Ward", schema.KindPerson)}, "a"},
		{"Mike", per, []schema.Entity{e("a", "Michael Brennan", per), e("b", "Michael Osei", per)}, ""},
		{"Katherine", per, []schema.Entity{e("a", "Kate Brennan", per)}, ""},
		{"Jo", per, []schema.Entity{e("a", "Joanna Kim", per)}, ""},
		{"Bob", per, []schema.Entity{e("a", "Roberta Hale", per)}, ""},
		// a relation word before the name is kept: "Uncle Dave" is not Dave Hinds
		{"Uncle Dave", per, []schema.Entity{e("a", "David Morris", per, "Uncle David"), e("b", "Dave Hinds", per), e("c", "Davina Morris", per)}, "a"},
		{"Uncle Dave", per, []schema.Entity{e("b", "Dave Hinds", per)}, ""},
		{"Auntie Jo", per, []schema.Entity{e("a", "Jo Price", per, "Auntie Jo"), e("b", "Jo Reid", per)}, "a"},
	})
}

func TestSearchNames(t *testing.T) {
	tests := map[string][]string{
		"Mike":         {"Mike", "Michael"},
		"Mike Brennan": {"Mike Brennan", "Michael Brennan"},
		"Kate":         {"Kate", "Katherine", "Catherine", "Kathryn"},
		"Anna Silva":   {"Anna Silva"},
		"":             {""},
		"Uncle Dave.":  {"Uncle Dave.", "Uncle David"},
	}
	for in, want := range tests {
		if got := SearchNames(in); !slices.Equal(got, want) {
			t.Errorf("SearchNames(%q) = %q, want %q", in, got, want)
		}
	}
}
