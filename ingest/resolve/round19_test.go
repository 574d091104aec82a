package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 49's misses and wrong merges, each with the
// look-alikes that must stay apart.
func TestRound19Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a US state is no university named without its kind word
		{"Washington State", plc, []schema.Entity{e("a", "Washington State University", org), e("b", "Oregon", plc)}, ""},
		{"Holmwood", plc, []schema.Entity{e("a", "Holmwood Hospital", org)}, "a"},
		// a game of a year is not the organisation of its name
		{"FIFA 23", oth, []schema.Entity{e("a", "FIFA", org), e("b", "FIFA 22", oth)}, ""},
		{"Python 3", sys, []schema.Entity{e("a", "Python", sys)}, "a"},
		// initials the candidate spells out otherwise
		{"World Wide Fund for Nature", org, []schema.Entity{e("a", "WWE", org, "WWF", "World Wrestling Federation")}, ""},
		{"World Wide Fund for Nature", org, []schema.Entity{e("a", "WWF", org, "World Wide Fund for Nature")}, "a"},
		// a name the tables know is no misspelling of another
		{"Commbank", org, []schema.Entity{e("a", "Commonwealth Bank of Australia", org), e("b", "Commerzbank", org)}, "a"},
		{"Commbank", org, []schema.Entity{e("b", "Commerzbank", org)}, ""},
		{"Salesforce", org, []schema.Entity{e("a", "Salesforce CRM", sys), e("b", "HubSpot", sys)}, "a"},
		// nicknames of places and an institution's everyday name
		{"Tassie", plc, []schema.Entity{e("a", "Tasmania", plc), e("b", "Tasman District", plc)}, "a"},
		{"Eko", plc, []schema.Entity{e("a", "Lagos", plc), e("b", "Abuja", plc)}, "a"},
		{"Eastie", plc, []schema.Entity{e("a", "East Boston", plc), e("b", "South Boston", plc, "Southie")}, "a"},
		{"Tec de Monterrey", org, []schema.Entity{e("a", "Instituto Tecnológico y de Estudios Superiores de Monterrey", org, "ITESM"), e("b", "Universidad de Monterrey", org)}, "a"},
		// a surname in French transliteration of Russian
		{"Olga Kouznetsova", per, []schema.Entity{e("a", "Olga Kuznetsova", per), e("b", "Irina Kuznetsova", per), e("c", "Olga Kozlova", per)}, "a"},
		{"Dmitrii Ivanov", per, []schema.Entity{e("a", "Dmitriy Ivanov", per)}, "a"},
		{"Olga Kouznetsova", per, []schema.Entity{e("a", "Olga Kuzmina", per)}, ""},
		// descriptive names: a thesis, a course, a wedding said head first,
		// an app's launch
		{"coral bleaching dissertation", prj, []schema.Entity{e("a", "MSc thesis on coral bleaching", prj), e("b", "Coral reef diving course", prj)}, "a"},
		{"Spanish evening classes", prj, []schema.Entity{e("a", "Evening course in Spanish (B1)", prj), e("b", "Portuguese course", prj), e("c", "Salsa dance classes", prj)}, "a"},
		{"Tom and Priya's wedding", prj, []schema.Entity{e("a", "Wedding – Priya & Tom", prj), e("b", "Tom's 40th birthday party", oth)}, "a"},
		{"Tidely launch", prj, []schema.Entity{e("a", "Launch of the Tidely mobile app", prj), e("b", "Tidely website redesign", prj)}, "a"},
		{"the app launch", prj, []schema.Entity{e("a", "Launch of the new mobile app", prj), e("b", "Office move", prj)}, "a"},
	})
}
