package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 55's misses and wrong merge, each with the
// look-alikes that must stay apart.
func TestRound25Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a thing of one's life named by what it is, when one is so known
		{"my gym", org, []schema.Entity{e("a", "PureGym Leeds City Centre", org, "the gym on Boar Lane"), e("b", "Leeds Rowing Club", org), e("c", "Leeds Central Library", org)}, "a"},
		{"my gym", org, []schema.Entity{e("a", "PureGym Leeds", org), e("b", "Iron Temple Gym", org, "the gym near work")}, ""},
		{"the wedding", prj, []schema.Entity{e("a", "Tom's 30th birthday party", prj), e("b", "Honeymoon in Crete", prj), e("c", "Anna & Tom's wedding", prj)}, "c"},
		{"the wedding", prj, []schema.Entity{e("a", "Anna & Tom's wedding", prj), e("b", "Priya's wedding", prj)}, ""},
		{"Wedding", oth, []schema.Entity{e("a", "Anna & Tom's wedding", prj)}, ""},
		{"Coach Dave", per, []schema.Entity{e("a", "Dave Whitfield", per, "the plumber"), e("b", "Dave Thornton", per, "Leo's football coach")}, "b"},
		{"the HR portal", sys, []schema.Entity{e("a", "ServiceNow", sys, "IT ticketing"), e("b", "Workday", sys, "HR system"), e("c", "SAP Concur", sys, "expenses tool")}, "b"},
		{"the HR portal", sys, []schema.Entity{e("a", "Payroll system", sys)}, ""},
		// a piece of work with what it is on or where after a colon or a dash
		{"my PhD thesis", prj, []schema.Entity{e("a", "Doctoral dissertation: coral bleaching in the Red Sea", prj), e("b", "Master's thesis (2019)", prj)}, "a"},
		{"the kitchen job", prj, []schema.Entity{e("a", "Bathroom refit – 14 Elm Road", prj), e("b", "Kitchen renovation – 14 Elm Road", prj)}, "b"},
		{"the Lisbon office move", prj, []schema.Entity{e("a", "Lisbon sales conference", prj), e("b", "Office relocation – Lisbon", prj), e("c", "Office relocation – Porto", prj)}, "b"},
		{"Kestrel 2", prj, []schema.Entity{e("a", "Falcon 2", prj), e("b", "Project Kestrel – Phase 2", prj), e("c", "Project Kestrel – Phase 1", prj)}, "b"},
		// a code name extended is another code name
		{"Project Falcon", prj, []schema.Entity{e("a", "Project Falconer", prj), e("b", "Project Condor", prj)}, ""},
		// names said without what surrounds them
		{"Sagrada Familia", plc, []schema.Entity{e("a", "Park Güell", plc), e("b", "Basílica de la Sagrada Família", plc), e("c", "Barcelona Cathedral", plc)}, "b"},
		{"Lincoln Elementary", org, []schema.Entity{e("a", "Lincoln High School", org), e("b", "Abraham Lincoln Elementary School", org), e("c", "Lincoln Middle School", org)}, "b"},
		{"Lufthansa", org, []schema.Entity{e("a", "Eurowings GmbH", org), e("b", "Lufthansa Technik AG", org), e("c", "Deutsche Lufthansa AG", org)}, "c"},
		{"Spotify", org, []schema.Entity{e("a", "Spotify Technology S.A.", org), e("b", "Shopify Inc.", org)}, "a"},
		{"BBVA", org, []schema.Entity{e("a", "Banco Bilbao Vizcaya Argentaria, S.A.", org), e("b", "Bilbao Bizkaia Kutxa", org)}, "a"},
		{"JIRA Software", sys, []schema.Entity{e("a", "Jira Service Management", sys), e("b", "Atlassian Jira", sys)}, "b"},
		{"Postgres", sys, []schema.Entity{e("a", "PostgreSQL 15", sys), e("b", "MySQL 8.0", sys), e("c", "PostGIS", sys)}, "a"},
		{"Zelda: BotW", oth, []schema.Entity{e("a", "The Legend of Zelda: Breath of the Wild", oth), e("b", "The Legend of Zelda: Tears of the Kingdom", oth)}, "a"},
		{"Chris O'Neil", per, []schema.Entity{e("a", "Catherine O'Neill", per), e("b", "Kevin O'Neill", per), e("c", "Christopher O'Neill", per)}, "c"},
	})
}
