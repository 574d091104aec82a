package conflicts

import (
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// An amount said with a scale word or suffix ("£1.2 million", "$3bn", "six
// grand", "240 thousand") is the number it names, whichever way it is
// written; and a large number after "is" is no age.
func TestScaledAmountsReadAsOneValue(t *testing.T) {
	read := func(claim string) string { return strings.Join(valueKeys(schema.Memory{Claim: claim}), ", ") }
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"The budget is £1.2 million.", "The budget is £1,200,000.", true},
		{"The budget is £1.2m.", "The budget is £1,200,000.", true},
		{"The fund raised $3bn.", "The fund raised $3 billion.", true},
		{"We paid 2 million dollars.", "We paid $2,000,000.", true},
		{"The city has 1.2 million people.", "The city has 1,200,000 people.", true},
		{"The quote was six grand.", "The quote was 6 grand.", true},
		{"The house is worth 450 thousand.", "The house is worth 450,000.", true},
		{"It costs 200 bucks.", "It costs $200.", true},
		// hard negatives: another scale, another currency, a distance
		{"The budget is £1.2 million.", "The budget is £1.2k.", false},
		{"The city has 1.2 million people.", "The city has 1.2 thousand people.", false},
		{"The fund raised $3bn.", "The fund raised £3bn.", false},
		{"The quote was six grand.", "The quote was £6.", false},
		{"The path is 3m wide.", "The path is £3m.", false},
	} {
		ka, kb := read(tc.a), read(tc.b)
		if (ka == kb) != tc.same || ka == "" {
			t.Errorf("%q = [%s], %q = [%s]; want the same value: %v", tc.a, ka, tc.b, kb, tc.same)
		}
	}
	for claim, want := range map[string]string{
		"The loan is 1,200,000.":  "number=1200000",
		"Tigger is 9.":            "quantity:age=9",
		"Grandad turned 91.":      "quantity:age=91",
		"The mortgage is 240000.": "number=240000",
	} {
		if got := read(claim); got != want {
			t.Errorf("%q = [%s], want [%s]", claim, got, want)
		}
	}
}

// The same amount in other words is the same claim, never a change of it;
// another amount, said as a change, is.
func TestScaledAmountFamilies(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"Our mortgage is 240 thousand.", "Our mortgage is 240,000.", 30 * day, Duplicate},
		{"Our mortgage is two hundred thousand.", "Our mortgage is 200,000.", 30 * day, Duplicate},
		{"The car has fifty-five thousand miles on it.", "The car has 55,000 miles on it.", 30 * day, Duplicate},
		{"The renovation budget is £1.2 million.", "The renovation budget is £1,200,000.", 30 * day, Duplicate},
		{"The fund raised $3bn.", "The fund raised $3 billion.", 30 * day, Duplicate},
		{"The renovation budget is £1.2 million.", "The renovation budget has gone up to £1.5 million.", 60 * day, Supersedes},
		{"The builder quoted six grand for the extension.", "The builder now quotes eight grand for the extension.", 60 * day, Supersedes},
		{"The fund raised $3bn.", "The fund has now raised $4bn.", 60 * day, Supersedes},
		{"Grandpa is 91.", "Grandpa is 92 now.", 200 * day, Supersedes},
	})
}

// One value written two ways (an ordinal in figures and in words, a
// number in words, a longer spelling of a product's name, an amount in
// "grand" and in dollars) is the same value: said again later it is a
// duplicate, never a change. Another value, said as a change, still is.
func TestSameValueInOtherWords(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"Our office is on the 3rd floor.", "Our office is on the third floor.", 60 * day, Duplicate},
		{"Our office is on the 3rd floor.", "Our office moved to the fourth floor.", 60 * day, Supersedes},
		{"My phone is an iPhone 15.", "My phone is an iPhone fifteen.", 60 * day, Duplicate},
		{"The server runs Postgres 14.", "The server runs PostgreSQL 14.", 60 * day, Duplicate},
		{"My salary is $85,000 a year.", "My salary is 85 grand a year.", 60 * day, Duplicate},
		{"My salary is $85,000 a year.", "My salary went up to 95 grand a year.", 60 * day, Supersedes},
		{"The club has forty members.", "The club has 40 members.", 60 * day, Duplicate},
		{"The club has forty members.", "The club has fourteen members now.", 60 * day, Supersedes},
	})
}

// Names, codes and units in their short and long forms are one value;
// another value is still a change.
func TestShortAndLongFormsAreOneValue(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"We live in St Albans.", "We live in Saint Albans.", 60 * day, Duplicate},
		{"We live in St Albans.", "We have moved to St Ives.", 60 * day, Supersedes},
		{"My sister lives in NYC.", "My sister lives in New York City.", 60 * day, Duplicate},
		{"My sister lives in NYC.", "My sister has moved to Boston.", 60 * day, Supersedes},
		{"The flight is BA 117.", "The flight is BA117.", 60 * day, Duplicate},
		{"Our broadband is 100 Mbps.", "Our broadband is 100 megabits per second.", 60 * day, Duplicate},
		{"The limit is 30 mph.", "The limit is 30 miles per hour.", 60 * day, Duplicate},
		{"The limit is 30 mph.", "The limit is now 20 miles per hour.", 60 * day, Supersedes},
		{"The project deadline is Friday 12th.", "The project deadline is Fri 12th.", 60 * day, Duplicate},
	})
}
