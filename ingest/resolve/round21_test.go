package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 51's misses and wrong merge, each with the
// look-alikes that must stay apart.
func TestRound21Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a club's name with "F.C." is the club the table knows; a city
		// with "FC" is not the city
		{"the Foxes", oth, []schema.Entity{e("a", "Leicester City F.C.", org), e("b", "Leicester Tigers", org, "Tigers"), e("c", "Leicester", plc)}, "a"},
		{"Sevilla FC", org, []schema.Entity{e("a", "Seville", plc), e("b", "Real Betis", org)}, ""},
		// a title's initials before its subtitle
		{"GEB", oth, []schema.Entity{e("a", "Gödel, Escher, Bach: an Eternal Golden Braid", oth), e("b", "I Am a Strange Loop", oth)}, "a"},
		// a man's nickname is not the start of a woman's name
		{"Jim", per, []schema.Entity{e("a", "Jimena Cruz", per), e("b", "Tim Walsh", per)}, ""},
		{"Jim", per, []schema.Entity{e("a", "James Walsh", per)}, "a"},
		{"Tom", per, []schema.Entity{e("a", "Thomas Reilly", per), e("b", "Tomasz Nowak", per)}, ""},
		// fundraising, hiring and moving said otherwise
		{"school roof appeal", prj, []schema.Entity{e("a", "Fundraiser for the school roof", prj), e("b", "Church roof repairs", prj)}, "a"},
		{"data engineer hiring", prj, []schema.Entity{e("a", "Data engineering recruitment round", prj), e("b", "Frontend developer recruitment", prj)}, "a"},
		{"move to Leeds", prj, []schema.Entity{e("a", "Moving house to Leeds", prj), e("b", "Office relocation to Manchester", prj)}, "a"},
		{"move to Leeds", prj, []schema.Entity{e("a", "Moving house to York", prj)}, ""},
		// everyday names of the tables
		{"Wits", org, []schema.Entity{e("a", "University of the Witwatersrand", org), e("b", "University of Johannesburg", org)}, "a"},
		{"Docomo", org, []schema.Entity{e("a", "NTT Docomo", org), e("b", "KDDI", org)}, "a"},
		{"StanChart", org, []schema.Entity{e("a", "Standard Chartered", org), e("b", "Standard Bank", org)}, "a"},
		{"Appie", org, []schema.Entity{e("a", "Albert Heijn", org), e("b", "Jumbo", org)}, "a"},
		{"Pão de Açúcar", plc, []schema.Entity{e("a", "Sugarloaf Mountain", plc), e("b", "Corcovado", plc)}, "a"},
	})
}
