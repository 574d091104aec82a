package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 56's misses and wrong merges, each with the
// look-alikes that must stay apart.
func TestRound26Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a relation title before a name, and what the aliases say
		{"Tío Beto", per, []schema.Entity{e("a", "Roberto Méndez", per), e("b", "Alberto Ramírez", per, "my uncle"), e("c", "Humberto Sosa", per)}, "b"},
		{"Aunt Rosa", per, []schema.Entity{e("a", "Rosa Martínez", per, "my cousin"), e("b", "Aunt Carmen Ortiz", per)}, ""},
		{"Uncle Ahmet", per, []schema.Entity{e("a", "Ahmet Yılmaz", per, "my cousin"), e("b", "Ahmet Kaya", per, "neighbour"), e("c", "Mehmet Yılmaz", per, "my uncle")}, ""},
		{"Aunt Carol", per, []schema.Entity{e("a", "Carol Jenkins", per)}, "a"},
		{"my cousin", per, []schema.Entity{e("a", "Rosa Martínez", per, "my cousin"), e("b", "Carmen Ortiz", per, "my aunt")}, "a"},
		// a priest, a Thai given name with its honorific, a Vietnamese
		// name in both orders
		{"Father Tomasz", per, []schema.Entity{e("a", "Piotr Zieliński", per), e("b", "Fr. Tomasz Zieliński", per), e("c", "Fr. Andrzej Wiśniewski", per)}, "b"},
		{"Khun Somchai", per, []schema.Entity{e("a", "Sombat Wongsawat", per), e("b", "Somsak Chaiyaporn", per), e("c", "Somchai Wongsawat", per)}, "c"},
		{"Nguyễn Văn An", per, []schema.Entity{e("a", "An Nguyen", per), e("b", "Van Tran", per), e("c", "Nguyen Thi Lan", per), e("d", "Anh Nguyen", per)}, "a"},
		// a name and a letter after it are two things, either way round
		{"Jenkins", sys, []schema.Entity{e("a", "Jenkins X", sys), e("b", "CircleCI", sys)}, ""},
		// an institution is not another named after it
		{"University of Lagos", org, []schema.Entity{e("a", "Lagos State University", org), e("b", "University of Lagos Teaching Hospital", org)}, ""},
		{"St Thomas'", org, []schema.Entity{e("a", "St Thomas' Hospital", org)}, "a"},
		// a version, a half of the year and a nickname inside a piece of work's name
		{"mobile app v2 redesign", prj, []schema.Entity{e("a", "Web portal 2.0 redesign", prj), e("b", "Mobile App 2.0 Redesign", prj), e("c", "Mobile App 3.0", prj)}, "b"},
		{"second-half pricing review", prj, []schema.Entity{e("a", "H1 pricing review", prj), e("b", "H2 pricing review", prj), e("c", "H2 hiring plan", prj)}, "b"},
		{"Kasia's wedding", prj, []schema.Entity{e("a", "Planning Katarzyna's wedding", prj), e("b", "Kasia's 30th birthday", prj), e("c", "Katarzyna's house move", prj)}, "a"},
		// a station said with its word is not a place the candidate does
		// not say is one (the review: "Sydney Kings Cross")
		{"Kings Cross station", plc, []schema.Entity{e("a", "Charing Cross", plc), e("b", "Kings Langley", plc), e("c", "King's Lynn", plc), e("d", "London King's Cross", plc)}, ""},
		// MS for Microsoft, for things only
		{"MS Teams", sys, []schema.Entity{e("a", "Microsoft Planner", sys), e("b", "TeamCity", sys), e("c", "Microsoft Teams", sys)}, "c"},
		// names of the tables: former, local-language and own names
		{"Ayers Rock", plc, []schema.Entity{e("a", "Ayr", plc), e("b", "Kata Tjuta", plc), e("c", "Uluru", plc)}, "c"},
		{"Maybank", org, []schema.Entity{e("a", "Bank Negara Malaysia", org), e("b", "Malayan Banking Berhad", org), e("c", "May Department Stores", org)}, "b"},
		{"SFDC", sys, []schema.Entity{e("a", "HubSpot", sys), e("b", "Salesforce CRM", sys)}, "b"},
		{"La Casa de Papel", oth, []schema.Entity{e("a", "Narcos", oth), e("b", "Money Heist: Korea", oth), e("c", "Money Heist", oth)}, "c"},
	})
}
