package rules

import "testing"

// An ordinal that numbers a thing ("the 2nd floor") is not a day; one
// that stands alone or before a month is.
func TestOrdinalNounsAreNotDates(t *testing.T) {
	tests := []struct {
		text string
		date string
	}{
		{"The printer on the 2nd floor is broken.", ""},
		{"We're celebrating our 10th anniversary.", ""},
		{"The school trip is on the 30th.", "2023-05-30"},
		{"The school trip is on the 30th of May.", "2023-05-30"},
		{"The school trip is on the 30th at 5pm.", "2023-05-30"},
		// alone, standing for a day: at the sentence's start, or after a
		// verb in the past, before no noun of its own
		{"The 4th was our tenth anniversary, we went to Dishoom for dinner.", "2023-05-04"},
		{"We celebrated the 2nd at my cousin's place.", "2023-05-02"},
		{"I live on the 4th floor.", ""},
		{"She finished the 4th and was thrilled.", ""},
		{"Henry the 8th was a king.", ""},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) != 1 {
			t.Fatalf("%q: %d memories", tt.text, len(ms))
		}
		if got := day(ms[0].ValidFrom); got != tt.date {
			t.Errorf("%q dated %q, want %q", tt.text, got, tt.date)
		}
	}
}

// A common noun keeps the phrase that says which one it is; a name does
// not need it.
func TestSubjectKeepsItsModifier(t *testing.T) {
	tests := map[string]string{
		"The printer on the 2nd floor is broken.": "printer on the 2nd floor",
		"The meeting with Legal is at noon.":      "meeting with legal",
		"Marta from Globex emailed me.":           "marta",
	}
	for text, want := range tests {
		ms := extract(t, text)
		if len(ms) == 0 || ms[0].Subject != want {
			t.Errorf("%q: subject %v, want %q", text, ms, want)
		}
	}
}

// Days of the week in the plural are times, not names.
func TestWeekdayPluralsAreNotEntities(t *testing.T) {
	for _, m := range extract(t, "The gym closes early on Sundays and Mondays.") {
		for _, e := range m.Entities {
			t.Errorf("unexpected entity %q (%s)", e.Name, e.Kind)
		}
	}
}

// A possessor before a compound property stays in the subject: a son's
// shoe size is not a daughter's; the speaker's own "my" or "our" does not.
func TestPossessorKeepsCompoundProperty(t *testing.T) {
	tests := []struct{ text, subj, attr string }{
		{"My son's shoe size is 3.", "user's son's shoe", "size"},
		{"My daughter's shoe size is 5.", "user's daughter's shoe", "size"},
		{"Nadia's shoe size is 4.", "nadia's shoe", "size"},
		{"Our API version is 3.", "api", "version"},
	}
	for _, tt := range tests {
		ms := extract(t, tt.text)
		if len(ms) == 0 || ms[0].Subject != tt.subj || ms[0].Attribute != tt.attr {
			t.Errorf("%q: %v, want subject %q attribute %q", tt.text, ms, tt.subj, tt.attr)
		}
	}
}
