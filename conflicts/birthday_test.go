package conflicts

import (
	"testing"
	"time"
)

// TestABirthdayInOtherShapes: a birthday said as "today" or as "turns 16
// today" is the day it was said on; another day of the year for the same
// person is a contradiction, the same day the birthday said again; a
// party on another day, or another person, is neither.
func TestABirthdayInOtherShapes(t *testing.T) {
	// relate says the first claim on 4 March 2024
	later := 200 * 24 * time.Hour
	checkRelations(t, []relCase{
		{"It's Ada's birthday today!!! my baby", "Ada's birthday is 12 April, already planning a small party", later, Contradicts},
		{"Jonas turns 16 today, took him out for burgers", "Jonas was born 20 August, so no party till summer", later, Contradicts},
		{"It's Ada's birthday today!!!", "Sorry, I got that wrong: Ada's birthday is 12 April.", later, Supersedes},
		// the same day, with a year or said another way
		{"Ella was born on 12 June 2016.", "Ella's birthday is 12 June, she wants a unicorn cake.", later, Duplicate},
		{"It's Ada's birthday today!!!", "Ada's birthday is 4 March.", later, Duplicate},
		// a party on another day, another person, a question
		{"It's Ada's birthday today!!!", "Ada's birthday party is on 9 March at the soft play.", later, Unrelated},
		{"It's Ada's birthday today!!!", "Emeka's birthday is 12 April.", later, Unrelated},
		{"It's Ada's birthday today!!!", "Is Ada's birthday on 12 April?", later, Unrelated},
	})
}
