package conflicts

import (
	"testing"
	"time"
)

// TestOtherThings: claims alike but for a numbered name, or for what an
// action is done to, are about other things; neither is retired.
func TestOtherThings(t *testing.T) {
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
	var cases []relCase
	for _, tt := range tests {
		cases = append(cases, relCase{tt.a, tt.b, 0, Unrelated}, relCase{tt.a, tt.b, 90 * 24 * time.Hour, Unrelated})
	}
	// still one slot
	cases = append(cases,
		relCase{"Marisol is a junior analyst at Kestrel.", "Marisol is a senior analyst at Kestrel now.", 90 * 24 * time.Hour, Supersedes},
		relCase{"Our cat Pip is eleven years old.", "Pip, our cat, is 11.", 90 * 24 * time.Hour, Duplicate},
		relCase{"We moved the standup to room 4.", "We moved the standup to room 6.", 90 * 24 * time.Hour, Supersedes},
		relCase{"The book club meets at Clara's house.", "The book club meets at the Crown pub these days.", 90 * 24 * time.Hour, Supersedes},
		relCase{"Gran takes 2 mg of warfarin with lunch.", "Gran now takes 3 mg of warfarin with lunch.", 90 * 24 * time.Hour, Supersedes},
	)
	checkRelations(t, cases)
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
