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
	})
}
