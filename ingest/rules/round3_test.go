package rules

import (
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// Round 3 extraction rules: a base-form verb after a singular noun is part
// of the noun phrase; "X of Y" after an owner is one property; a qualifier
// owned by the speaker is dropped from a property; a subject with "to";
// a role keeps whose it is; timetable verbs take their time as value;
// "back to" is a particle; a season before a noun is not a date; a
// second main clause after ", and"; "Sorry," and "I got X wrong:" as
// corrections; thousands separators in numbers.
func TestRound3Clauses(t *testing.T) {
	tests := []struct {
		text, subj, attr, val string
	}{
		{"My new phone number is 555-0199.", "user", "new phone number", "555-0199"},
		{"The project lead for Billing is Omar.", "project lead for billing", "is", "Omar"},
		{"My parents live in Leeds.", "user's parents", "lives in", "Leeds"},
		{"My date of birth is 3 July 1990.", "user", "birth date", "3 July 1990"},
		{"Sven's native language is Swedish.", "sven", "native language", "Swedish"},
		{"The rent for our flat is 1,150 pounds a month.", "we", "rent", "1,150 pounds a month"},
		{"Our flight to Lima leaves at 7:40.", "flight to lima", "leaves at", "7:40"},
		{"Priya is the project lead for Atlas.", "priya", "is", "project lead for Atlas"},
		{"The autumn term starts on 2 September.", "autumn term", "starts", "2 September"},
		{"My passport expires in 2027.", "user's passport", "expires", "2027"},
		{"The meeting has been pushed back to 4:30.", "meeting", "is pushed back to", "4:30"},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) == 0 {
			t.Errorf("%q: no memory", tt.text)
			continue
		}
		m := ms[0]
		if m.Subject != tt.subj || m.Attribute != tt.attr || m.Value != tt.val {
			t.Errorf("%q: %q/%q/%q, want %q/%q/%q", tt.text, m.Subject, m.Attribute, m.Value, tt.subj, tt.attr, tt.val)
		}
	}
}

func TestRound3SecondClause(t *testing.T) {
	ms := extract(t, "Dimitri stepped down, and the head coach is now Aleksander.")
	var found *schema.Memory
	for i := range ms {
		if ms[i].Subject == "head coach" {
			found = &ms[i]
		}
	}
	if found == nil || found.Value != "Aleksander" || !found.Correction {
		t.Fatalf("second clause not read: %+v", ms)
	}
	if got := secondClause("I like tea, and coffee too."); got != 0 {
		t.Errorf("a list is not a second clause: %d", got)
	}
}

func TestRound3Corrections(t *testing.T) {
	tests := map[string]bool{
		"Sorry, my username on the forum is leafy_88, not greenthumb88.": true,
		"Sorry, I'm running late.":                                       false,
		"I got the date wrong earlier: the party is on 19 March.":        true,
		"My mistake, the party is on Friday.":                            true,
		"Some context for the party: it is on Friday.":                   false,
		"sorry I said the 14th, its the 18th (monday).":                  true,
		"sorry I missed your call.":                                      false,
	}
	for text, want := range tests {
		ms := extract(t, text)
		got := len(ms) > 0 && ms[0].Correction
		if got != want {
			t.Errorf("%q: correction %v, want %v", text, got, want)
		}
	}
}

func TestRound3Dates(t *testing.T) {
	tests := []struct{ text, date string }{
		{"The conference in Porto runs from 10 to 12 September.", "2023-09-10"},
		{"The autumn term starts on 2 September.", "2023-09-02"},
		{"Last summer we went to Rome.", "2022-06-01"},
		// the day taken back does not date the correction
		{"Sorry I said the 14th, it is on the 18th.", "2023-05-18"},
		{"sorry I said the 14th, its the 18th (monday).", "2023-05-18"},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) == 0 {
			t.Fatalf("%q: no memory", tt.text)
		}
		if got := day(ms[0].ValidFrom); got != tt.date {
			t.Errorf("%q dated %q, want %q", tt.text, got, tt.date)
		}
	}
	if !thousandsAt("1,150", 1) || thousandsAt("1,2,3", 1) || thousandsAt("3, 400", 1) {
		t.Error("thousandsAt")
	}
	for s, want := range map[string]bool{"1,20 €": true, "1,20€": true, "3,5 km": true, "12,5%": true, "1,2,3": false, "1,20 and": true, "6,4": false, "3, 4 €": false, "1,150 €": false} {
		if got := decimalCommaAt(s, 1) || len(s) > 2 && s[2] == ',' && decimalCommaAt(s, 2); got != want {
			t.Errorf("decimalCommaAt(%q) = %v, want %v", s, got, want)
		}
	}
	// the amount keeps its decimal comma as one token
	if ms := extract(t, "A croissant is 1,20 € at my place."); len(ms) == 0 || !strings.HasPrefix(ms[0].Value, "1,20 €") {
		t.Errorf("memories %+v, want the value 1,20 €", ms)
	}
}

func TestRound3EntityKinds(t *testing.T) {
	tests := []struct {
		text, name string
		kind       schema.EntityKind
	}{
		{"Our mobile app is built with React Native.", "React Native", schema.KindSystem},
		{"We flew Lufthansa to Nairobi.", "Lufthansa", schema.KindOrganisation},
		{"We climbed Snowdon in May.", "Snowdon", schema.KindPlace},
		{"Greta is a marine biologist.", "Greta", schema.KindPerson},
		{"We moved our books to Xero.", "Xero", schema.KindSystem},
		// a city, country or US state of the gazetteer, when nothing else
		// places it; not what is seen or watched
		{"Signed the lease on the new flat in Leeds this morning.", "Leeds", schema.KindPlace},
		{"Norwich was freezing all weekend.", "Norwich", schema.KindPlace},
		{"We went down to London to see Hamilton on Saturday.", "Hamilton", schema.KindOther},
	}
	for _, tt := range tests {
		found := false
		for _, m := range extract(t, tt.text) {
			for _, e := range m.Entities {
				if e.Name == tt.name {
					found = true
					if e.Kind != tt.kind {
						t.Errorf("%q: %s is %s, want %s", tt.text, tt.name, e.Kind, tt.kind)
					}
				}
			}
		}
		if !found {
			t.Errorf("%q: %s not found", tt.text, tt.name)
		}
	}
}
