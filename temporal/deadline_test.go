package temporal

import (
	"strings"
	"testing"
	"time"
)

// Readings added for hold-out 3: a possessive day or period is the time
// itself; a participle after a present "be" is no past tense; "has to"
// looks forward; a deadline with no tense looks forward; "before <an
// occasion> on <date>" ends at the date.
func TestFindDeadlinesAndPossessives(t *testing.T) {
	sep := time.Date(2024, 9, 10, 9, 0, 0, 0, time.UTC)  // a Tuesday
	jan := time.Date(2025, 1, 20, 9, 0, 0, 0, time.UTC)  // a Monday
	oct := time.Date(2024, 10, 7, 18, 0, 0, 0, time.UTC) // a Monday
	may := time.Date(2024, 5, 15, 9, 0, 0, 0, time.UTC)  // a Wednesday
	mar := time.Date(2025, 3, 3, 9, 0, 0, 0, time.UTC)   // a Monday
	tests := []struct {
		name, text, expr string
		now              time.Time
		start, end       string
		mod              Modifier
	}{
		// possessive days and periods
		{"possessive weekday, past", "Farah scored twice in Saturday's match", "Saturday", oct, "2024-10-05", "2024-10-06", Within},
		{"possessive weekday, future", "I'm nervous about Thursday's interview", "Thursday", oct, "2024-10-10", "2024-10-11", Within},
		{"curly apostrophe", "Yesterday’s storm knocked the fence down", "Yesterday", oct, "2024-10-06", "2024-10-07", Within},
		{"possessive period", "I missed last week's meeting", "last week", oct, "2024-09-30", "2024-10-07", Within},
		{"possessive part of day", "we skipped this morning's run", "this morning", oct, "2024-10-07", "2024-10-08", Within},
		// a passive participle is no past tense; "has to" looks forward
		{"passive obligation", "The tax return has to be filed by 31 January.", "by 31 January", jan, "", "2025-02-01", Until},
		{"deadline said after its day", "The tax return has to be filed by 31 January.", "by 31 January", sep, "", "2025-02-01", Until},
		{"deadline, no tense", "Pay the deposit by 31 January", "by 31 January", sep, "", "2025-02-01", Until},
		{"deadline, irregular participle", "The fees must be paid by the 15th of October", "by the 15th of October", sep, "", "2024-10-16", Until},
		{"present passive", "The shop is closed on Monday", "Monday", sep, "2024-09-16", "2024-09-17", Within},
		{"past passive stays past", "The shop was closed on Monday", "Monday", sep, "2024-09-09", "2024-09-10", Within},
		{"past until stays past", "I lived in Porto until March", "until March", sep, "", "2024-04-01", Until},
		{"has to", "I have to call the plumber on Thursday", "Thursday", sep, "2024-09-12", "2024-09-13", Within},
		{"leap day deadline", "The form is due by 29 February", "by 29 February", mar, "", "2028-03-01", Until},
		// an occasion and its date after "before"
		{"before an occasion", "Remind me to book the piano tuner before the recital on 8 June.", "before the recital on 8 June", may, "", "2024-06-08", Before},
		{"ahead of an occasion", "I need to renew my passport ahead of our trip in August", "ahead of our trip in August", may, "", "2024-08-01", Before},
		{"before a named occasion", "Book the suit cleaning before Anna's wedding on Saturday", "before Anna's wedding on Saturday", may, "", "2024-05-18", Before},
		{"before an occasion, past", "We moved in before the wedding on 8 June", "before the wedding on 8 June", may, "", "2023-06-08", Before},
		{"plain before still works", "Renew it before April", "before April", may, "", "2025-04-01", Before},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Find(tt.text, tt.now)
			for _, e := range got {
				if e.Text != tt.expr {
					continue
				}
				if s := fmtDay(e.Start); s != tt.start || fmtDay(e.End) != tt.end || e.Modifier != tt.mod {
					t.Errorf("%q: [%s, %s) %q, want [%s, %s) %q", tt.text, s, fmtDay(e.End), e.Modifier, tt.start, tt.end, tt.mod)
				}
				return
			}
			t.Errorf("%q: no expression %q in %+v", tt.text, tt.expr, got)
		})
	}
}

func fmtDay(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("2006-01-02")
}

// What the new readings must not find.
func TestFindDeadlinesAndPossessivesNothing(t *testing.T) {
	sep := time.Date(2024, 9, 10, 9, 0, 0, 0, time.UTC)
	tests := []struct{ name, text string }{
		{"a name's possessive", "Anna's party was great"},
		{"an invalid date", "The form has to be filed by 31 February"},
		{"an invalid occasion date", "Book it before the recital on 31 February"},
		{"an occasion with no date", "Book it before the recital on stage"},
		{"an occasion too long", "Book it before the big end of year school summer recital on 8 June"},
		{"no occasion word", "Book it before the on 8 June"},
		{"not a determiner", "Book it before leaving on"},
		{"a bare possessive", "'s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, e := range Find(tt.text, sep) {
				if e.Modifier == Before || strings.Contains(e.Text, "February") || strings.Contains(e.Text, "Anna") {
					t.Errorf("%q: unexpected %q (%s)", tt.text, e.Text, e.Modifier)
				}
			}
		})
	}
	// "an occasion too long" still dates 8 June itself, not as a deadline
	got := Find("Book it before the big end of year school summer recital on 8 June", sep)
	if len(got) != 1 || got[0].Text != "8 June" || got[0].Modifier != Within {
		t.Errorf("long occasion: %+v", got)
	}
}

func TestFindDeadlinesHostile(t *testing.T) {
	sep := time.Date(2024, 9, 10, 9, 0, 0, 0, time.UTC)
	inputs := []string{
		"",
		strings.Repeat("before the recital on ", 20000) + "8 June",
		strings.Repeat("Saturday's ", 20000),
		strings.Repeat("has to be filed by ", 10000),
		"before the \x00\x01 recital on \x7f 8 June",
		"Saturday\x00's match",
		"Saturday'",
		"Saturday’",
		"before the recital on 8 June\xff\xfe",
		"by 31 February 2024",
		"ahead of",
		"ahead of the",
		"before Anna's",
	}
	for _, in := range inputs {
		got := Find(in, sep)
		for _, e := range got {
			if e.Offset < 0 || e.Offset+len(e.Text) > len(in) || in[e.Offset:e.Offset+len(e.Text)] != e.Text {
				t.Fatalf("bad offset %d for %q", e.Offset, e.Text)
			}
		}
	}
	if got := Find("by 31 February 2024", sep); len(got) != 0 {
		t.Errorf("31 February: %+v", got)
	}
}
