package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Change verbs, when a thing happens, grades of a role and measures of a
// state (slots.go, compare.go).
func TestChangesAndWhen(t *testing.T) {
	cor := func(m schema.Memory) schema.Memory { m.Correction = true; return m }
	conf := func(m schema.Memory) schema.Memory { m.Confirmed = true; return m }
	person := func(m schema.Memory, name string) schema.Memory {
		m.Entities = append(m.Entities, schema.Mention{Name: name, Kind: schema.KindPerson})
		return m
	}
	// days named 2 and 4 apart, said on the same day: ValidFrom must not
	// make the second "clearly later"
	dated := func(m schema.Memory, day int) schema.Memory { m.ValidFrom = at(day); return m }
	sameDay := func(h int) *time.Time { t := time.Date(2024, 3, 5, h, 0, 0, 0, time.UTC); return &t }
	tests := []struct {
		name               string
		existing, incoming schema.Memory
		want               Relation
	}{
		{"a change verb moves a time", mem("stand-up", "is at", "9:30", at(1)), mem("stand-up", "has moved to", "10:15", at(20)), Supersedes},
		{"a change verb replaces a value", mem("user's medication", "is", "lisinopril", at(1)), mem("user's medication", "was changed to", "amlodipine", at(20)), Supersedes},
		{"a change verb on another subject", mem("stand-up", "is at", "9:30", at(1)), mem("retro", "has moved to", "10:15", at(20)), Unrelated},
		{"a person who moved is a move, not a change of value", person(mem("Ana", "is", "a nurse", at(1)), "Ana"), person(mem("Ana", "moved to", "Porto", at(20)), "Ana"), Unrelated},
		{"two days said together contradict", dated(mem("kickoff", "is on", "Tuesday", sameDay(9)), 5), dated(mem("kickoff", "is on", "Thursday", sameDay(11)), 7), Contradicts},
		{"two days said apart may be two occasions", dated(mem("review", "is on", "Monday", at(1)), 4), dated(mem("review", "is on", "Friday", at(20)), 22), Unrelated},
		{"a corrected day supersedes", mem("report", "is due", "12 April", sameDay(9)), cor(mem("report", "is due", "19 April", sameDay(10))), Supersedes},
		{"a time said again is a duplicate", mem("standup", "is at", "9:30 every day", at(1)), mem("standup", "is at", "9:30 each day", at(8)), Duplicate},
		{"two clock times said together", mem("flight to lima", "leaves at", "7:40", sameDay(9)), mem("flight to lima", "leaves at", "9:05", sameDay(18)), Contradicts},
		{"two clock times said apart", mem("flight to lima", "leaves at", "7:40", at(1)), mem("flight to lima", "leaves at", "9:05", at(20)), Unrelated},
		{"a grade of one role, later and now", person(mem("Jonas", "is", "a junior developer at Finch", at(1)), "Jonas"), cor(person(mem("Jonas", "is", "a senior developer at Finch", at(20)), "Jonas")), Supersedes},
		{"two roles are not grades of one", person(mem("Anna", "is", "a French teacher", at(1)), "Anna"), person(mem("Anna", "is", "a piano teacher", at(20)), "Anna"), Unrelated},
		{"a grade said together contradicts", person(mem("Lea", "is", "a senior engineer", sameDay(9)), "Lea"), person(mem("Lea", "is", "a staff engineer", sameDay(12)), "Lea"), Contradicts},
		{"a measure of a state is its value", mem("hotel in Kyoto", "is booked for", "3 nights", sameDay(9)), mem("hotel in Kyoto", "is booked for", "4 nights", sameDay(12)), Contradicts},
		{"a confirmed value is not retired by a later plain claim", conf(mem("user's dose", "is", "50 mg", at(1))), mem("user's dose", "is", "100 mg", at(20)), Contradicts},
	}
	for _, tt := range tests {
		if got := Compare(tt.existing, tt.incoming); got.Relation != tt.want {
			t.Errorf("%s: %s (%s), want %s", tt.name, got.Relation, got.Reason, tt.want)
		}
	}
}

func TestTimeValue(t *testing.T) {
	for s, want := range map[string]bool{
		"Tuesday": true, "19 April": true, "9:30": true, "10 am": true, "7pm": true, "by Friday": true,
		"Thursday morning": true, "lisinopril": false, "3 nights": false, "Room 4": false, "": false,
	} {
		if got := timeValue(s); got != want {
			t.Errorf("timeValue(%q) = %v, want %v", s, got, want)
		}
	}
}
