package conflicts

import (
	"testing"
	"time"
)

// Families read in the thirteenth pass, each in wordings of its own, with
// the look-alikes that must stay as they are.
func TestRound13Families(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		// a unit cut to one letter and glued to its number is the same
		// amount as the number with the unit's word
		{"The coffee costs 150c.", "The coffee costs 150 cents.", 90 * day, Duplicate},
		{"My commute is 12m each way.", "My commute is 12 miles each way.", 90 * day, Duplicate},
		{"The coffee costs 150c.", "The coffee costs 180 cents.", 90 * day, Supersedes},
		// "I'm 41": the speaker's age, which only rises
		{"I'm 41.", "I'm 39.", 150 * day, Contradicts},
		{"I'm 41.", "I'm 44.", 150 * day, Contradicts},
		{"I'm 41.", "I'm 42.", 150 * day, Supersedes},
		{"I'm 41.", "I'm 41.", 150 * day, Duplicate},
		{"I'm 41 now.", "I'm 39 and a half.", 150 * day, Unrelated},
		// a maiden name is given once
		{"Mum's maiden name is Kelly.", "Mum's maiden name was O'Brien.", 30 * day, Contradicts},
		{"My birth name is Anna Kowalski.", "My birth name was Anna Nowak.", 300 * day, Contradicts},
		{"Mum's maiden name is Kelly.", "Mum's maiden name was Kelly.", 30 * day, Duplicate},
		// read by topic too
		{"My mum's maiden name is Fletcher.", "Mum's maiden name was Hargreaves.", 35 * day, Contradicts},
		{"My blood group is O positive.", "My blood type is A negative.", 300 * day, Contradicts},
		{"My maiden name is Fletcher.", "My married name is Hargreaves.", 300 * day, Unrelated},
		{"The name of the boat is Seren.", "We renamed the boat, it's called Gwen now.", 300 * day, Supersedes},
	})
}
