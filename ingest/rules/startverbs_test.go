package rules

import (
	"slices"
	"testing"
)

// A sentence that opens with the speaker's verb, its subject left out
// ("Ditched Vodafone when ...", "Swapped Tesco for Aldi"), does not make
// the verb part of the name after it; a name that opens a sentence stays
// whole.
func TestOpeningVerbIsNoPartOfAName(t *testing.T) {
	for text, want := range map[string]string{
		"Ditched Vodafone when the contract ended.": "Vodafone",
		"Swapped Tesco for Aldi last month.":        "Tesco",
		"Traded Netflix for Disney in March.":       "Netflix",
		"Rebooked Ryanair for the Friday.":          "Ryanair",
		"Ahmed Khan is my accountant.":              "Ahmed Khan",
	} {
		ms := extract(t, text)
		var names []string
		for _, m := range ms {
			for _, e := range m.Entities {
				names = append(names, e.Name)
			}
		}
		if !slices.Contains(names, want) {
			t.Errorf("%q: entities %q, want %q among them", text, names, want)
		}
	}
}
