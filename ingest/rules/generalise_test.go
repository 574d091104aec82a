package rules

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Rules added for hold-out 3's classes of wording: an obligation with a
// deadline is a commitment whatever its subject; a self-correction label
// after "Sorry," marks a correction; a possessive day dates an event; an
// animal's name is not a person; sports clubs, money-holding institutions
// and places after a locative "in" get their kinds; a name before an
// agent's verb is a person.

func extractAt(t *testing.T, text string, at time.Time) []schema.Memory {
	t.Helper()
	ms, err := Extractor{}.Extract(context.Background(), schema.Document{Text: text, SaidAt: at})
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

var (
	sep24 = time.Date(2024, 9, 10, 9, 0, 0, 0, time.UTC)  // a Tuesday
	oct24 = time.Date(2024, 10, 7, 18, 0, 0, 0, time.UTC) // a Monday
	may24 = time.Date(2024, 5, 15, 9, 0, 0, 0, time.UTC)  // a Wednesday
)

func TestObligationWithDeadline(t *testing.T) {
	tests := []struct {
		name, text string
		at         time.Time
		typ        schema.MemoryType
		deadline   string
	}{
		{"passive has to", "The tax return has to be filed by 31 January.", sep24, schema.TypeCommitment, "2025-02-01"},
		{"passive has to, same month", "The tax return has to be filed by 31 January.", time.Date(2025, 1, 20, 9, 0, 0, 0, time.UTC), schema.TypeCommitment, "2025-02-01"},
		{"have to, plural", "The parking permits have to be renewed by 30 November.", sep24, schema.TypeCommitment, "2024-12-01"},
		{"must be, before", "The boiler must be serviced before October.", sep24, schema.TypeCommitment, "2024-10-01"},
		{"before an occasion", "Remind me to collect the suit before the wedding on 14 September.", sep24, schema.TypeCommitment, "2024-09-14"},
		{"past obligation is no commitment", "I had to pay the fine by Friday.", sep24, schema.TypeFact, ""},
		{"no deadline, no commitment", "The form has to be signed in blue ink.", sep24, schema.TypeFact, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms := extractAt(t, tt.text, tt.at)
			if len(ms) != 1 {
				t.Fatalf("%q: %d memories", tt.text, len(ms))
			}
			if ms[0].Type != tt.typ {
				t.Errorf("%q typed %s, want %s", tt.text, ms[0].Type, tt.typ)
			}
			if tt.deadline != "" && day(ms[0].ValidTo) != tt.deadline {
				t.Errorf("%q deadline %q, want %q", tt.text, day(ms[0].ValidTo), tt.deadline)
			}
		})
	}
}

func TestSelfCorrectionLabel(t *testing.T) {
	tests := []struct {
		name, text string
		corr       bool
		typ        schema.MemoryType
	}{
		{"sorry, got that wrong", "Sorry, I got that wrong: the swimming lesson is on Thursdays, not Fridays.", true, schema.TypeFact},
		{"sorry, mixed up", "Sorry, we mixed it up: the party is on Sunday.", true, schema.TypeEvent},
		{"label with correction word", "Correction on the venue: the party is at the town hall.", true, schema.TypeFact},
		{"a label without one", "Some context for the party: it is at the town hall.", false, schema.TypeFact},
		{"an apology", "Sorry, I'm running late for the dentist.", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms := extractAt(t, tt.text, sep24)
			got := len(ms) > 0 && ms[0].Correction
			if got != tt.corr {
				t.Errorf("%q: correction %v, want %v (%+v)", tt.text, got, tt.corr, ms)
			}
			if tt.typ != "" && (len(ms) == 0 || ms[0].Type != tt.typ) {
				t.Errorf("%q: %+v, want type %s", tt.text, ms, tt.typ)
			}
		})
	}
}

func TestPossessiveDayDatesEvent(t *testing.T) {
	tests := []struct{ text, date string }{
		{"Jonah won Sunday's cross-country race.", "2024-10-06"},
		{"Yesterday's storm brought the fence down.", "2024-10-06"},
		{"Last week's flood ruined the carpets.", "2024-09-30"},
	}
	for _, tt := range tests {
		ms := extractAt(t, tt.text, oct24)
		if len(ms) != 1 {
			t.Fatalf("%q: %d memories", tt.text, len(ms))
		}
		if ms[0].Type != schema.TypeEvent || day(ms[0].ValidFrom) != tt.date {
			t.Errorf("%q: %s dated %q, want event dated %q", tt.text, ms[0].Type, day(ms[0].ValidFrom), tt.date)
		}
		for _, e := range ms[0].Entities {
			if strings.EqualFold(e.Name, "Sunday") || strings.EqualFold(e.Name, "Yesterday") {
				t.Errorf("%q: a day is not an entity: %+v", tt.text, e)
			}
		}
	}
}

func TestGeneralEntityKinds(t *testing.T) {
	tests := []struct {
		name, text, entity string
		kind               schema.EntityKind // "" means the name must not be found
	}{
		// animals
		{"pet after animal noun", "Our kitten Miso had her first jab on Monday.", "Miso", schema.KindOther},
		{"pet named", "We adopted a rescue greyhound, a dog called Pickle.", "Pickle", schema.KindOther},
		{"a person named is still a person", "A colleague named Benedikt joined the team.", "Benedikt", schema.KindPerson},
		// clubs
		{"club suffix", "Our lad plays for Ashby Wanderers now.", "Ashby Wanderers", schema.KindOrganisation},
		{"club, FC", "We watched Kelsall FC on Saturday.", "Kelsall FC", schema.KindOrganisation},
		{"town club in a match", "Thornley City beat us 3-1 in the cup.", "Thornley City", schema.KindOrganisation},
		{"city without sport is a place", "We drove through Mexico City in May.", "Mexico City", schema.KindPlace},
		// money-holding institutions
		{"savings moved to", "We've switched our savings to Fenwick Mutual.", "Fenwick Mutual", schema.KindOrganisation},
		{"insurance is with", "My pet insurance is with Harrowgate.", "Harrowgate", schema.KindOrganisation},
		{"bank with", "We bank with Ravensworth.", "Ravensworth", schema.KindOrganisation},
		{"a mortgage discussed with a person", "I discussed the mortgage with Halvard.", "Halvard", schema.KindPerson},
		{"a deposit sent to a person", "I sent the deposit to Marcus.", "Marcus", schema.KindPerson},
		// locative "in"
		{"in after an action verb", "Her choir is singing in Whitby on 3 August.", "Whitby", schema.KindPlace},
		{"in after a complement verb", "I'm interested in Helix for the side project.", "Helix", schema.KindOther},
		{"in a numbered thing", "My daughter is in Year 6 now.", "Year", schema.KindOther},
		{"in after a bare copula", "I'm in Helios, the new squad.", "Helios", schema.KindOther},
		{"work in a department", "He works in Marketing.", "Marketing", schema.KindOther},
		// a name before an agent's verb
		{"agent verb at the start", "Ifeoma sang at her cousin's wedding.", "Ifeoma", schema.KindPerson},
		{"an unknown word before a thing's verb", "Standup moves to 9:30 on Monday.", "Standup", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got schema.EntityKind
			found := false
			for _, m := range extractAt(t, tt.text, may24) {
				for _, e := range m.Entities {
					if e.Name == tt.entity {
						found, got = true, e.Kind
					}
				}
			}
			switch {
			case tt.kind == "" && found:
				t.Errorf("%q: %s found as %s", tt.text, tt.entity, got)
			case tt.kind != "" && !found:
				t.Errorf("%q: %s not found", tt.text, tt.entity)
			case found && got != tt.kind:
				t.Errorf("%q: %s is %s, want %s", tt.text, tt.entity, got, tt.kind)
			}
		})
	}
}

func TestGeneralRulesHostile(t *testing.T) {
	inputs := []string{
		"",
		"   ",
		strings.Repeat("Sorry, I got that wrong: ", 3000) + "the bin day is Tuesday.",
		strings.Repeat("The tax return has to be filed by 31 January. ", 2000),
		strings.Repeat("in Brighton ", 20000),
		strings.Repeat("our savings to ", 10000) + "Nationwide",
		strings.Repeat("puppy ", 10000) + "Biscuit",
		"Saturday's\x00 match \x01\x02 against \x7f Hartley Rovers",
		"Sorry,\x00 I got that wrong:\x1b the date is 31 February.",
		"The form has to be filed by 31 February.",
		"before the recital on 31 February",
		"in",
		"with",
		":",
		"Sorry, :",
		"\xff\xfe Rovers \xc3\x28 United",
	}
	for _, in := range inputs {
		ms, err := Extractor{}.Extract(context.Background(), schema.Document{Text: in, SaidAt: sep24})
		if err != nil {
			t.Fatalf("%.40q: %v", in, err)
		}
		for _, m := range ms {
			if m.ValidFrom != nil && m.ValidFrom.Month() == time.February && strings.Contains(in, "31 February") {
				t.Errorf("%.40q: 31 February dated %v", in, m.ValidFrom)
			}
			if m.ValidTo != nil && strings.Contains(in, "31 February") && m.ValidTo.Month() == time.March {
				t.Errorf("%.40q: 31 February as a deadline %v", in, m.ValidTo)
			}
		}
	}
}

// An ampersand joins two capitalised words into one name.
func TestAmpersandJoinsAName(t *testing.T) {
	for _, text := range []string{"We get our veg box from Abel & Cole these days.", "Our mortgage is with Harlow & Pike."} {
		ms, err := Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: text, SaidAt: time.Now(), CreatedAt: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range ms {
			for _, e := range m.Entities {
				found = found || strings.Contains(e.Name, " & ")
			}
		}
		if !found {
			t.Errorf("%q: no entity joined by &: %+v", text, ms)
		}
	}
}
