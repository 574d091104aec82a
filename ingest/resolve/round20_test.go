package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 50's misses, each with the look-alikes that must
// stay apart.
func TestRound20Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// an Arabic surname's long vowel written two ways, the article
		// joined
		{"Mohamed Al-Rasheed", per, []schema.Entity{e("a", "Muhammad al-Rashid", per), e("b", "Ahmed al-Rashid", per), e("c", "Fatima Rashid", per)}, "a"},
		{"Mohamed Al-Rasheed", per, []schema.Entity{e("a", "Mohamed Al-Rashed", per)}, ""},
		// nicknames of clubs, regulators, places and grounds
		{"the Cherries", oth, []schema.Entity{e("a", "AFC Bournemouth", org), e("b", "Brentford F.C.", org)}, "a"},
		{"Ofsted", org, []schema.Entity{e("a", "Office for Standards in Education, Children's Services and Skills", org), e("b", "Ofcom", org)}, "a"},
		{"Mokum", plc, []schema.Entity{e("a", "Amsterdam", plc), e("b", "Rotterdam", plc)}, "a"},
		{"Kotti", plc, []schema.Entity{e("a", "Kottbusser Tor", plc), e("b", "Görlitzer Park", plc)}, "a"},
		{"the Gabba", plc, []schema.Entity{e("a", "Brisbane Cricket Ground", plc), e("b", "Melbourne Cricket Ground", plc)}, "a"},
		// an ʻokina is an apostrophe
		{"the Big Island", plc, []schema.Entity{e("a", "Hawaiʻi Island", plc), e("b", "Oʻahu", plc), e("c", "Vancouver Island", plc)}, "a"},
		{"Oahu", plc, []schema.Entity{e("a", "Oʻahu", plc)}, "a"},
		// a sequel by its initials and number
		{"T2", oth, []schema.Entity{e("a", "Terminator 2: Judgment Day", oth), e("b", "Terminator 3: Rise of the Machines", oth), e("c", "The Terminator", oth)}, "a"},
		{"T3", oth, []schema.Entity{e("a", "Terminator 2: Judgment Day", oth)}, ""},
		// descriptive names: where the work is done, what a migration
		// leaves, a second head, moving house
		{"kitchen reno", prj, []schema.Entity{e("a", "Kitchen renovation at Elm Road house", prj), e("b", "Bathroom refit", prj)}, "a"},
		{"the Postgres migration", prj, []schema.Entity{e("a", "Database migration from MySQL to PostgreSQL", prj), e("b", "Kubernetes migration", prj)}, "a"},
		{"the MySQL migration", prj, []schema.Entity{e("a", "Database migration from Oracle to PostgreSQL", prj)}, ""},
		{"website relaunch", prj, []schema.Entity{e("a", "Company website redesign and relaunch", prj), e("b", "Mobile app launch", prj)}, "a"},
		{"moving house", prj, []schema.Entity{e("a", "House move to Bristol", prj), e("b", "Office relocation to Leeds", prj)}, "a"},
	})
}
