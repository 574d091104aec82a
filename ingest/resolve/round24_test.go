package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 54's misses and wrong merge, each with the
// look-alikes that must stay apart.
func TestRound24Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a venue without the word for its kind, a name without its
		// article, a national company without its nation
		{"Da Luigi", org, []schema.Entity{e("a", "Pizzeria Da Mario", org), e("b", "Pizzeria Da Luigi", org), e("c", "Trattoria Da Lucia", org)}, "b"},
		{"Corte Ingles", org, []schema.Entity{e("a", "El Corte Inglés", org), e("b", "Corte dei Conti", org)}, "a"},
		{"Angeles", plc, []schema.Entity{e("a", "Los Angeles", plc)}, ""},
		{"Lufthansa", org, []schema.Entity{e("a", "Deutsche Lufthansa AG", org), e("b", "Deutsche Bahn AG", org), e("c", "Luxair", org)}, "a"},
		{"Bahn", org, []schema.Entity{e("a", "Deutsche Bahn AG", org)}, ""},
		{"Airways", org, []schema.Entity{e("a", "British Airways", org)}, ""},
		// one letter after a name is a name of its own
		{"Jenkins X", sys, []schema.Entity{e("a", "Jenkins", sys), e("b", "GitLab CI", sys)}, ""},
		{"Salesforce", org, []schema.Entity{e("a", "Salesforce CRM", sys)}, "a"},
		// a system's version with its name said another way; not a service's number
		{"Postgres 15", sys, []schema.Entity{e("a", "PostGIS", sys), e("b", "MySQL", sys), e("c", "PostgreSQL", sys)}, "c"},
		{"NHS 111", oth, []schema.Entity{e("a", "NHS App", sys)}, ""},
		// a series' title shortened before one subtitle
		{"Zelda: Breath of the Wild", oth, []schema.Entity{e("a", "The Legend of Zelda: Tears of the Kingdom", oth), e("b", "The Legend of Zelda: Breath of the Wild", oth), e("c", "Breath of Fire", oth)}, "b"},
		// everyday forms of given names: Yoruba, Greek, Irish said as heard
		{"Auntie Bimpe", per, []schema.Entity{e("a", "Abimbola Adeyemi", per), e("b", "Yemisi Adeyemi", per), e("c", "Bisola Okoro", per)}, "a"},
		{"Yannis Papadopoulos", per, []schema.Entity{e("a", "Ioannis Papadakis", per), e("b", "Ioanna Papadopoulou", per), e("c", "Giorgos Papadopoulos", per), e("d", "Ioannis Papadopoulos", per)}, "d"},
		{"Shivon O'Sullivan", per, []schema.Entity{e("a", "Siobhán O'Sullivan", per), e("b", "Siobhán O'Neill", per), e("c", "Sinéad O'Sullivan", per)}, "a"},
		// a project's word in another language; data warehouse said short
		{"Projekt Seestern", prj, []schema.Entity{e("a", "Seestern", prj), e("b", "Seepferdchen", prj), e("c", "Morgenstern", prj)}, "a"},
		{"DWH migration", prj, []schema.Entity{e("a", "Data Warehouse Migration", prj), e("b", "Data Lake Migration", prj), e("c", "DWH Decommissioning", prj)}, "a"},
		// former names on the organisations' table
		{"Goldstar", org, []schema.Entity{e("a", "Goldman Sachs", org), e("b", "LG Electronics", org), e("c", "Samsung Electronics", org)}, "b"},
		{"Andersen Consulting", org, []schema.Entity{e("a", "Deloitte", org), e("b", "Arthur Andersen LLP", org), e("c", "Accenture", org)}, "c"},
	})
}
