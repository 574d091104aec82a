package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 61's misses and wrong merges, each with the
// look-alikes that must stay apart.
func TestRound31Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// compound given names that differ anywhere between the first and last word
		{"Maria das Graças Souza", per, []schema.Entity{e("a", "Maria das Dores Souza", per), e("b", "Mariana Souza", per), e("c", "Maria das Graças Silva", per)}, ""},
		// a quarter in a note is no remark when the mention says one
		{"Q4 pricing review", prj, []schema.Entity{e("a", "Pricing Review (Q3)", prj), e("b", "Q4 budget review", prj)}, ""},
		{"Q3 pricing review", prj, []schema.Entity{e("a", "Q3 budget review", prj), e("b", "Pricing Review (Q4)", prj), e("c", "Pricing Review (Q3)", prj)}, "c"},
		{"the Japan trip", prj, []schema.Entity{e("a", "Tokyo and Kyoto holiday (April 2025)", prj), e("b", "Seoul business trip", prj)}, "a"},
		// people: a nun, Mac written apart, two given names' initials
		{"Sister Bernadette", per, []schema.Entity{e("a", "Bernadette O'Neill", per), e("b", "Bernard O'Neill", per), e("c", "Sister Margaret Dunne", per)}, "a"},
		{"Callum Mac Donald", per, []schema.Entity{e("a", "Malcolm MacDonald", per), e("b", "Calum McDonnell", per), e("c", "Callum MacDonald", per)}, "c"},
		{"TJ Beaulieu", per, []schema.Entity{e("a", "Jeremy Beaulieu", per), e("b", "Thomas James Beaulieu", per), e("c", "Tyler Beaulieu", per)}, "b"},
		// a bank by the word after "Bank"; a fit-out
		{"Hapoalim", org, []schema.Entity{e("a", "Israel Discount Bank", org), e("b", "Bank Hapoalim B.M.", org), e("c", "Hapoel Tel Aviv F.C.", org)}, "b"},
		{"Recife office fit-out", prj, []schema.Entity{e("a", "Recife office lease renewal", prj), e("b", "Recife office refurbishment", prj), e("c", "São Paulo office refurbishment", prj)}, "b"},
		// names of the tables
		{"Al-Iskandariyya", plc, []schema.Entity{e("a", "Ismailia", plc), e("b", "Alexandria, Egypt", plc), e("c", "Alexandria, Virginia", plc)}, "b"},
		{"Chesf", org, []schema.Entity{e("a", "Companhia Hidro Elétrica do São Francisco", org), e("b", "Eletrobras", org)}, "a"},
		{"Thai Airways", org, []schema.Entity{e("a", "Thai Lion Air", org), e("b", "Bangkok Airways", org), e("c", "Thai Airways International Public Company Limited", org)}, "c"},
		{"Ukrzaliznytsia", org, []schema.Entity{e("a", "Ukrposhta", org), e("b", "Ukrainian Railways", org)}, "b"},
		{"Powszechna Kasa Oszczędności", org, []schema.Entity{e("a", "mBank", org), e("b", "PKO BP", org), e("c", "Bank Pekao", org)}, "b"},
		{"Vietcombank", org, []schema.Entity{e("a", "Vietnam Joint Stock Commercial Bank for Industry and Trade", org, "VietinBank"), e("b", "Techcombank", org), e("c", "Joint Stock Commercial Bank for Foreign Trade of Vietnam", org)}, "c"},
		{"Catan", oth, []schema.Entity{e("a", "Carcassonne", oth), e("b", "The Settlers of Catan", oth)}, "b"},
		{"Wò Hǔ Cáng Lóng", oth, []schema.Entity{e("a", "Crouching Tiger, Hidden Dragon", oth), e("b", "Hero", oth)}, "a"},
	})
}
