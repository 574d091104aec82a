package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// TestOtherThings: claims alike but for a numbered name, or for what an
// action is done to, are about other things; neither is retired.
func TestOtherThings(t *testing.T) {
	at := time.Date(2025, 2, 3, 10, 0, 0, 0, time.UTC)
	tests := []struct{ a, b string }{
		{"We decided to move service 305 onto Kafka after the review with Ravi.", "We decided to move service 25 onto Kafka after the review with Ravi."},
		{"We decided to move the billing service onto Kafka.", "We decided to move the search service onto Kafka."},
		{"Ravi will send the capacity report for cluster 1 by Friday.", "Ravi will send the capacity report for cluster 41 by Friday."},
		{"Release 33 of the billing service runs on Redis.", "Release 34 of the billing service runs on Kafka."},
		{"Ravi met Priya in Lisbon last Tuesday to plan milestone 9.", "Ravi met Priya in Lisbon last Tuesday to plan milestone 10."},
		{"Bus 38 stops outside the library.", "Bus 12 stops outside the library."},
		{"Gate 4 opens at 7am.", "Gate 9 opens at 8am."},
		{"Gran takes 2 mg of warfarin with lunch.", "Gran takes 3 mg of warfarin with her dinner."},
		{"Ollie drinks a glass of milk before bed.", "Ollie drinks a glass of juice after school."},
	}
	for _, tt := range tests {
		for _, later := range []time.Duration{0, 90 * 24 * time.Hour} {
			a, b := extractOne(t, tt.a, at), extractOne(t, tt.b, at.Add(later))
			if d := Compare(a, b); d.Relation != Unrelated {
				t.Errorf("%q / %q (%v later): %s (%s), want unrelated", tt.a, tt.b, later, d.Relation, d.Reason)
			}
		}
	}
	// still one slot
	same := []struct {
		a, b string
		want Relation
	}{
		{"Marisol is a junior analyst at Kestrel.", "Marisol is a senior analyst at Kestrel now.", Supersedes},
		{"Our cat Pip is eleven years old.", "Pip, our cat, is 11.", Duplicate},
		{"We moved the standup to room 4.", "We moved the standup to room 6.", Supersedes},
		{"The book club meets at Clara's house.", "The book club meets at the Crown pub these days.", Supersedes},
		{"Gran takes 2 mg of warfarin with lunch.", "Gran now takes 3 mg of warfarin with lunch.", Supersedes},
	}
	for _, tt := range same {
		a, b := extractOne(t, tt.a, at), extractOne(t, tt.b, at.Add(90*24*time.Hour))
		if d := Compare(a, b); d.Relation != tt.want {
			t.Errorf("%q / %q: %s (%s), want %s", tt.a, tt.b, d.Relation, d.Reason, tt.want)
		}
	}
}

func extractOne(t *testing.T, text string, at time.Time) schema.Memory {
	t.Helper()
	ms, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "doc_1", Text: text, SaidAt: at, CreatedAt: at})
	if err != nil || len(ms) == 0 {
		t.Fatalf("extract %q: %v, %d memories", text, err, len(ms))
	}
	m := ms[0]
	m.RecordedAt = at
	return m
}

func TestSharedTail(t *testing.T) {
	tests := []struct {
		a, b string
		ok   bool
	}{
		{"service 305 onto kafka", "service 25 onto kafka", true},
		{"room 4", "room 6", false},
		{"standup to 10:00", "standup to 11:00", false},
		{"onto kafka", "onto kafka", false},
		{"x onto kafka", "onto kafka", false},
		{"billing service onto kafka", "search service onto kafka", true},
		{"", "", false},
	}
	for _, tt := range tests {
		if _, _, _, ok := sharedTail(words(tt.a), words(tt.b)); ok != tt.ok {
			t.Errorf("sharedTail(%q, %q) = %v, want %v", tt.a, tt.b, ok, tt.ok)
		}
	}
}
