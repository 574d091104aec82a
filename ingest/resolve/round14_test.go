package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-outs 43 and 44's misses, each with the look-alikes that
// must stay apart.
func TestRound14Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a Yoruba given name's everyday form is what follows its lead
		{"Bisi", per, []schema.Entity{e("a", "Olubisi Adeyemi", per), e("b", "Bimpe Adeyemi", per)}, "a"},
		{"Tunde Bakare", per, []schema.Entity{e("a", "Babatunde Bakare", per), e("b", "Babatunde Okafor", per)}, "a"},
		{"Tunde", per, []schema.Entity{e("a", "Babatunde Bakare", per), e("b", "Babatunde Okafor", per)}, ""},
		{"Bi", per, []schema.Entity{e("a", "Olubisi Adeyemi", per)}, ""},
		// two given names said as one
		{"Chema", per, []schema.Entity{e("a", "José María Ruiz", per), e("b", "José Ruiz", per)}, "a"},
		{"Maite Ortega", per, []schema.Entity{e("a", "María Teresa Ortega", per), e("b", "María Ortega", per)}, "a"},
		{"Chema", per, []schema.Entity{e("b", "José Ruiz", per)}, ""},
		// the family name first, as in Chinese or Hungarian
		{"Wei Zhang", per, []schema.Entity{e("a", "Zhang Wei", per), e("b", "Zhang Min", per)}, "a"},
		{"Kovács István", per, []schema.Entity{e("a", "István Kovács", per)}, "a"},
		{"Wei Zhang", per, []schema.Entity{e("b", "Zhang Min", per), e("c", "Wei Chen", per)}, ""},
		// an umlaut written out the German way
		{"Katharina Mueller", per, []schema.Entity{e("a", "Katharina Müller", per), e("b", "Katrin Müller", per)}, "a"},
		{"Katharina Mueller", per, []schema.Entity{e("b", "Katharina Möller", per)}, ""},
		// two makers' products of one name are two products
		{"Google Maps", sys, []schema.Entity{e("a", "Apple Maps", sys)}, ""},
		{"AWS Lambda", sys, []schema.Entity{e("a", "Amazon Lambda", sys)}, "a"},
		{"Azure Functions", sys, []schema.Entity{e("a", "Google Functions", sys)}, ""},
		// a maker's product line said without the model
		{"Kindle", oth, []schema.Entity{e("a", "Amazon Kindle Paperwhite", oth), e("b", "Amazon Echo Dot", oth)}, "a"},
		{"Drive", sys, []schema.Entity{e("a", "Google Drive migration", prj)}, ""},
		// an acronym whose known spelling-out is another name
		{"Manipal Institute of Technology", org, []schema.Entity{e("a", "MIT", org, "Massachusetts Institute of Technology")}, ""},
		{"Massachusetts Institute of Technology", org, []schema.Entity{e("a", "MIT", org, "Massachusetts Institute of Technology")}, "a"},
		// a club's name taken for a place
		{"Barça", plc, []schema.Entity{e("a", "FC Barcelona", org)}, "a"},
		{"Barcelona", plc, []schema.Entity{e("a", "FC Barcelona", org)}, ""},
		// nicknames of the organisations' and places' tables
		{"the Mounties", org, []schema.Entity{e("a", "Royal Canadian Mounted Police", org), e("b", "Metropolitan Police", org)}, "a"},
		{"Scotland Yard", org, []schema.Entity{e("a", "Royal Canadian Mounted Police", org), e("b", "Metropolitan Police", org)}, "b"},
		{"Beemer", oth, []schema.Entity{e("a", "BMW", org)}, "a"},
		{"NOLA", plc, []schema.Entity{e("a", "New Orleans", plc), e("b", "New York", plc)}, "a"},
		{"Ole Miss", org, []schema.Entity{e("a", "University of Mississippi", org), e("b", "Mississippi State University", org)}, "a"},
		// descriptive names: informal words, a year, a tail
		{"the kitchen reno", prj, []schema.Entity{e("a", "Kitchen renovation 2024", prj), e("b", "Bathroom renovation", prj)}, "a"},
		{"Kitchen renovation 2019", prj, []schema.Entity{e("a", "Kitchen renovation 2024", prj)}, ""},
		{"WFH policy", prj, []schema.Entity{e("a", "Work-from-home policy review", prj)}, "a"},
		{"travel policy", prj, []schema.Entity{e("a", "Work-from-home policy review", prj)}, ""},
		{"Mum's 70th", prj, []schema.Entity{e("a", "Mum's 70th birthday party", prj), e("b", "Dad's 70th birthday party", prj)}, "a"},
	})
}

// The world's nicknames added in the fourteenth round name their given
// names and no others.
func TestRound14Nicknames(t *testing.T) {
	for _, tt := range []struct {
		nick, given string
		want        bool
	}{
		{"zoli", "zoltan", true}, {"maciek", "maciej", true}, {"vasek", "vaclav", true},
		{"yossi", "yosef", true}, {"lefteris", "eleftherios", true}, {"thijs", "matthijs", true},
		{"memo", "mehmet", true}, {"zoli", "zsolt", false}, {"maciek", "marek", false},
	} {
		if got := nicknameOf(tt.nick, tt.given); got != tt.want {
			t.Errorf("nicknameOf(%q, %q) = %v, want %v", tt.nick, tt.given, got, tt.want)
		}
	}
}
