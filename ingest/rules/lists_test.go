package rules

import (
	"slices"
	"strings"
	"testing"
)

// A list of things after a label, each with its own amount, is one memory
// for each thing, so that a change of one retires that one; its excerpt
// is the sentence as said. What is no such list stays one claim.
func TestListItems(t *testing.T) {
	tests := []struct {
		text   string
		claims []string
	}{
		{"Alasdair's tablets: clopidogrel 75mg in the morning, ramipril 2.5mg, and atorvastatin 40mg at night.", []string{
			"Alasdair's tablets: clopidogrel 75mg in the morning",
			"Alasdair's tablets: ramipril 2.5mg",
			"Alasdair's tablets: atorvastatin 40mg at night",
		}},
		{"New prices: latte £3.20, flat white £3.40 and mocha £3.90", []string{
			"New prices: latte £3.20", "New prices: flat white £3.40", "New prices: mocha £3.90",
		}},
		// a number the items do not each have one of
		{"Alasdair's tablets: clopidogrel, ramipril 2.5mg and atorvastatin 40mg.", nil},
		{"Kids: Ruby is 9 and 10 next week, Finn 6.", nil},
		// clauses after a colon, a year, an item that opens with a number
		{"for the history display panel: the school opened in 1958, can you write a 150-word intro in a friendly tone for families", nil},
		{"Bills: 1200 rent, 150 council tax", nil},
		// the value taken back is no item
		{"Let me correct myself: the garage charged 340 pounds, not 430.", nil},
		// one item is no list
		{"Rent: £1,200 a month", nil},
	}
	for _, tt := range tests {
		if got := listItems(tt.text); !slices.Equal(got, tt.claims) {
			t.Errorf("listItems(%q) = %q, want %q", tt.text, got, tt.claims)
		}
	}
	ms := extract(t, "Alasdair's tablets: clopidogrel 75mg in the morning, ramipril 2.5mg, and atorvastatin 40mg at night.")
	if len(ms) != 3 {
		t.Fatalf("%d memories, want 3: %+v", len(ms), ms)
	}
	for _, m := range ms {
		if m.Excerpt != "Alasdair's tablets: clopidogrel 75mg in the morning, ramipril 2.5mg, and atorvastatin 40mg at night." {
			t.Errorf("%q: excerpt %q, want the sentence as said", m.Claim, m.Excerpt)
		}
	}
	// a change the sentence says is said of each thing
	for _, m := range extract(t, "New prices from today: latte £3.50, flat white £3.80 now.") {
		if !m.Correction {
			t.Errorf("%q: not read as a change", m.Claim)
		}
	}
	// a long or hostile list stays within bounds
	long := "Meds: " + strings.Repeat("pill 5mg, ", maxListItems) + "pill 5mg"
	if got := listItems(long); got != nil {
		t.Errorf("a list of %d items was split: %d claims", maxListItems+1, len(got))
	}
}
