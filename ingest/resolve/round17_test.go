package resolve

import (
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Readings of hold-out 47's misses, each with the look-alikes that must
// stay apart.
func TestRound17Resolution(t *testing.T) {
	e := ent
	checkMatches(t, []matchCase{
		// a table's name beside a stored name with its initials spaced
		// and its legal form
		{"Spoons", plc, []schema.Entity{e("a", "J D Wetherspoon plc", org), e("b", "Greene King", org)}, "a"},
		{"VW", org, []schema.Entity{e("a", "Volkswagen AG", org), e("b", "Audi AG", org)}, "a"},
		{"Maersk", org, []schema.Entity{e("a", "A.P. Møller - Mærsk A/S", org), e("b", "Hapag-Lloyd AG", org)}, "a"},
		{"Penneys", plc, []schema.Entity{e("a", "Primark", org), e("b", "Dunnes Stores", org)}, "a"},
		{"VW", org, []schema.Entity{e("a", "Audi AG", org)}, ""},
		// landmarks and countries by their everyday and own names
		{"the Gherkin", oth, []schema.Entity{e("a", "30 St Mary Axe", plc), e("b", "The Shard", plc)}, "a"},
		{"Sakartvelo", plc, []schema.Entity{e("a", "Georgia", plc, "Republic of Georgia"), e("b", "Armenia", plc)}, "a"},
		{"Sakartvelo", plc, []schema.Entity{e("a", "Georgia", plc)}, ""},
		// surnames in two forms
		{"Muhammad Hasan", per, []schema.Entity{e("a", "Mohamed Hassan", per), e("b", "Ahmed Hassan", per), e("c", "Mohamed Hussein", per)}, "a"},
		{"Saurav Chattopadhyay", per, []schema.Entity{e("a", "Sourav Chatterjee", per), e("b", "Sourav Banerjee", per), e("c", "Arnab Chatterjee", per)}, "a"},
		{"Sourav Mukherjee", per, []schema.Entity{e("a", "Sourav Chatterjee", per)}, ""},
		// a wedding of two said by one of them; a Ukrainian nickname
		{"Priya's wedding", prj, []schema.Entity{e("a", "Priya and Arjun's wedding", prj), e("b", "Priya's 30th birthday party", oth), e("c", "Priya Nair", per)}, "a"},
		{"Priya's wedding", prj, []schema.Entity{e("a", "Anna and Arjun's wedding", prj)}, ""},
		{"Sashko", per, []schema.Entity{e("a", "Oleksandr Kovalenko", per), e("b", "Oksana Kovalenko", per)}, "a"},
	})
}
