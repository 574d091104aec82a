package rules

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// A time said first dates the sentence after it, with or without a comma,
// and a season before a pronoun's contraction is the season: one dated
// memory each, not an undated twin.
func TestLeadingTimeDatesTheSentence(t *testing.T) {
	at := time.Date(2025, 11, 10, 10, 0, 0, 0, time.UTC) // a Monday
	tests := []struct{ text, date string }{
		{"In the spring, we're going to walk the Camino.", "2026-03-01"},
		{"In the spring we're going to walk the Camino.", "2026-03-01"},
		{"In the summer we're going to Spain.", "2026-06-01"},
		{"Tomorrow, I'm flying to Rome.", "2025-11-11"},
		{"Last week, we painted the shed.", "2025-11-03"},
	}
	for _, tt := range tests {
		ms, err := Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: tt.text, SaidAt: at, CreatedAt: at})
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) != 1 || ms[0].ValidFrom == nil || ms[0].ValidFrom.Format(time.DateOnly) != tt.date {
			var got []string
			for _, m := range ms {
				got = append(got, string(m.Type)+" "+m.Claim+" "+fmtDay(m.ValidFrom))
			}
			t.Errorf("%q: %q, want one memory dated %s", tt.text, got, tt.date)
		}
	}
	// a clause of its own after a comma still stands alone
	ms, _ := Extractor{}.Extract(t.Context(), schema.Document{ID: "d", Text: "Sold the Focus last week, I'm driving a Skoda now.", SaidAt: at, CreatedAt: at})
	if len(ms) != 2 {
		t.Errorf("two clauses: %d memories, want 2", len(ms))
	}
}

func fmtDay(t *time.Time) string {
	if t == nil {
		return "undated"
	}
	return t.Format(time.DateOnly)
}
