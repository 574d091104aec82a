package rules

import "testing"

// A second main clause after ", so", ", and" or ", but" with a subject
// pronoun, or after a bare comma with a pronoun joined to its auxiliary,
// says something of its own.
func TestSecondClauseAfterPronoun(t *testing.T) {
	tests := []struct {
		text       string
		attr, val  string
		correction bool
	}{
		{"I've started eating fish again, so I'm pescatarian now.", "is", "pescatarian", true},
		{"Our old vet retired, so we use the clinic on Park Road now.", "uses", "clinic on Park Road", true},
		{"Sold the van in March, I'm driving a Fiat Panda now.", "", "Fiat Panda", true},
		{"The lease ran out, and we're renting in Leith these days.", "", "", true},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) < 2 {
			t.Errorf("%q: %d memories, want the second clause too", tt.text, len(ms))
			continue
		}
		m := ms[len(ms)-1]
		if tt.attr != "" && m.Attribute != tt.attr || tt.val != "" && m.Value != tt.val || m.Correction != tt.correction {
			t.Errorf("%q: second clause %q/%q/%q correction %v, want %q/%q correction %v", tt.text, m.Subject, m.Attribute, m.Value, m.Correction, tt.attr, tt.val, tt.correction)
		}
	}
}

// A comma before a pronoun that is not joined to an auxiliary, or a
// conjunction before anything but a subject, starts no clause.
func TestNoSecondClause(t *testing.T) {
	for _, text := range []string{
		"On Fridays, I work from home.",
		"After the move, we found a new dentist.",
		"Tom, I think, lives in Leeds.",
		"I like tea, and coffee in the morning.",
	} {
		if k := secondClause(text); k != 0 {
			t.Errorf("%q: second clause at %d (%q), want none", text, k, text[k:])
		}
	}
}
