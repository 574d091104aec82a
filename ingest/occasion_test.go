package ingest

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// An occasion moved to another day stopped being the plan when the move
// was said; a state that changes from a later day holds until then.
func TestOccasionMoved(t *testing.T) {
	said := time.Date(2024, 3, 2, 10, 0, 0, 0, time.UTC)
	newDay := time.Date(2024, 4, 18, 0, 0, 0, 0, time.UTC)
	old := schema.Memory{Type: schema.TypeEvent, Claim: "surgery is March 14"}
	moved := schema.Memory{Type: schema.TypeEvent, Claim: "surgery postponed … April 18 now", SaidAt: &said, ValidFrom: &newDay}
	if got := occasionMoved(old, moved); !got.Equal(said) {
		t.Errorf("occasionMoved(event, event dated later) = %v, want when it was said, %v", got, said)
	}
	rent := schema.Memory{Type: schema.TypeFact, Claim: "From April our rent is £950", SaidAt: &said, ValidFrom: &newDay}
	if got := occasionMoved(schema.Memory{Type: schema.TypeFact, Claim: "our rent is £900"}, rent); !got.IsZero() {
		t.Errorf("occasionMoved(fact, fact from a later day) = %v, want zero (the new memory's start)", got)
	}
	past := newDay.AddDate(0, -2, 0)
	done := schema.Memory{Type: schema.TypeEvent, Claim: "the surgery was on 18 February", SaidAt: &said, ValidFrom: &past}
	if got := occasionMoved(old, done); !got.IsZero() {
		t.Errorf("occasionMoved(event dated before it was said) = %v, want zero", got)
	}
}
