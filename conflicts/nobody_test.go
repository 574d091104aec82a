package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// TestDenialOfItsOwnClause: "and nobody complained" denies what follows
// it, not the value before it; a denial of the value still stands.
func TestDenialOfItsOwnClause(t *testing.T) {
	at := time.Date(2024, 8, 1, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"Raised my rate to $55/hr and nobody complained", true},
		{"Raised my rate to $55/hr but nothing changed for the old clients", true},
		{"Nobody pays $55/hr for that", false},
		{"Raised my rate to $55/hr and nobody pays $55/hr", false},
	} {
		if _, ok := readClaimTopic(extractOne(t, c.text, at)); ok != c.ok {
			t.Errorf("%q: the topic reading reads values %v, want %v", c.text, ok, c.ok)
		}
	}
}

// TestHabitAdverbIsNoSubject: "Mostly Go services on Postgres" is not said
// of "mostly".
func TestHabitAdverbIsNoSubject(t *testing.T) {
	if got := ownSubject(schema.Memory{Claim: "Mostly Go services on Postgres", Subject: "mostly"}); len(got) != 0 {
		t.Errorf("ownSubject = %q, want none", got)
	}
}
