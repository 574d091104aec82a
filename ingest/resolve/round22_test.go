package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 52's misses and wrong merges, each with the
// look-alikes that must stay apart.
func TestRound22Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a relation with "in-law" is a relation, not a name
		{"my mother-in-law", per, []schema.Entity{e("a", "Helen Hughes", per), e("b", "David Hughes", per, "father-in-law"), e("c", "Margaret Hughes", per, "mother-in-law")}, "c"},
		{"my sister-in-law", per, []schema.Entity{e("a", "Margaret Hughes", per, "mother-in-law"), e("b", "Tom Hughes", per, "my brother-in-law")}, ""},
		{"mum-in-law", per, []schema.Entity{e("a", "Margaret Hughes", per, "my mother-in-law")}, "a"},
		{"my son-in-law", per, []schema.Entity{e("a", "Raj Patel", per, "son-in-law"), e("b", "Anita Patel", per, "daughter-in-law")}, "a"},
		{"Gran", per, []schema.Entity{e("a", "Eileen Murphy", per, "Granny Eileen"), e("b", "Kathleen Walsh", per, "great-aunt")}, "a"},
		// a sequel or another year's edition is another work
		{"Blade Runner 2049", oth, []schema.Entity{e("a", "Blade Runner", oth), e("b", "Arrival", oth)}, ""},
		{"Glastonbury 2024", oth, []schema.Entity{e("a", "Glastonbury", oth)}, ""},
		{"Python 3", sys, []schema.Entity{e("a", "Python", sys)}, "a"},
		// initials the tables give another thing than the candidate
		{"UCL", org, []schema.Entity{e("a", "University of Central Lancashire", org), e("b", "Imperial College London", org)}, ""},
		{"UCL", org, []schema.Entity{e("a", "University College London", org), e("b", "University of Central Lancashire", org)}, "a"},
		{"UCL", org, []schema.Entity{e("a", "University of Central Lancashire", org, "UCL")}, "a"},
		{"KCL", org, []schema.Entity{e("a", "King's College London", org), e("b", "King's College Hospital", org)}, "a"},
		{"LSE", org, []schema.Entity{e("a", "London School of Economics", org), e("b", "London Stock Exchange", org)}, ""},
		// a blend of a name's words
		{"Telmex", org, []schema.Entity{e("a", "Telcel", org), e("b", "América Móvil", org), e("c", "Teléfonos de México", org)}, "c"},
		{"Ofcom", org, []schema.Entity{e("a", "Office of Communications", org), e("b", "Ofgem", org)}, "a"},
		{"Telcel", org, []schema.Entity{e("a", "Teléfonos de México", org)}, ""},
		{"Newport", plc, []schema.Entity{e("a", "New Portland", plc)}, ""},
		// a piece of work named by one part of its full name, or in other words
		{"the MSc dissertation", prj, []schema.Entity{e("a", "PhD application", prj), e("b", "Master's thesis on coral reef acoustics", prj), e("c", "Coral reef dive trip", prj)}, "b"},
		{"the MSc dissertation", prj, []schema.Entity{e("a", "PhD thesis on coral reef acoustics", prj)}, ""},
		{"the Postgres move", prj, []schema.Entity{e("a", "PostgreSQL", sys), e("b", "Upgrade MySQL to 8.0", prj), e("c", "Migrate billing database to PostgreSQL", prj)}, "c"},
		{"the Postgres move", prj, []schema.Entity{e("a", "Migrate billing database to PostgreSQL", prj), e("b", "Migrate auth service to PostgreSQL", prj)}, ""},
		{"the hospice fundraiser", prj, []schema.Entity{e("a", "Willow Hospice", org), e("b", "School summer fête", prj), e("c", "Charity bake sale for Willow Hospice", prj)}, "c"},
		{"the school fundraiser", prj, []schema.Entity{e("a", "Charity bake sale for Willow Hospice", prj)}, ""},
		{"the pottery class", prj, []schema.Entity{e("a", "Spanish evening course", prj), e("b", "Ceramics evening course at Morley College", prj), e("c", "Pottery Barn", org)}, "b"},
		{"the backend dev hire", prj, []schema.Entity{e("a", "Frontend engineer hiring round", prj), e("b", "Backend engineer hiring round", prj)}, "b"},
		{"the London trip", prj, []schema.Entity{e("a", "Business trip to Paris for the London office", prj)}, ""},
		// one Korean name in two romanisations
		{"Park Ji-hoon", per, []schema.Entity{e("a", "Park Min-jun", per), e("b", "Kim Ji-hoon", per), e("c", "Pak Ji-hun", per)}, "c"},
		{"Seong-min Jeong", per, []schema.Entity{e("a", "Chung Sung-min", per)}, "a"},
		{"Ann Lee", per, []schema.Entity{e("a", "Ann Yi", per)}, ""},
		// everyday names of the tables
		{"SAS", org, []schema.Entity{e("a", "Norwegian Air Shuttle", org), e("b", "Scandinavian Airlines", org)}, "b"},
		{"Kernow", plc, []schema.Entity{e("a", "Cornwall", plc), e("b", "Devon", plc)}, "a"},
		{"Ruhrpott", plc, []schema.Entity{e("a", "Ruhr area", plc), e("b", "Rhineland", plc)}, "a"},
		{"the Garden Isle", plc, []schema.Entity{e("a", "Maui", plc), e("b", "Kauai", plc), e("c", "Garden Route", plc)}, "b"},
	})
}
