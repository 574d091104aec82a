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
		{"The garden is 30 ft long.", "The garden is thirty feet long.", 60 * day, Duplicate},
		{"The car is a 2018 VW Golf.", "The car is a 2018 Volkswagen Golf.", 0, Duplicate},
		{"The garden is 30 ft long.", "We extended the garden, it is 40 feet long now.", 60 * day, Supersedes},
	})
}

// Phone numbers with their country code, rates in words, dates by
// holiday, abbreviated month or ordinal word, and percentages in words are
// the values they name; a claim that says more of the same value than the
// other, when the other also says more, is kept beside it.
func TestOneValueInWordsAndFigures(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"My brother's mobile number is +44 7700 900123.", "My brother's mobile is 07700 900123.", 60 * day, Duplicate},
		{"My cell is +1 415 555 0100.", "My cell is 415-555-0100.", 60 * day, Duplicate},
		{"My brother's mobile number is +44 7700 900123.", "My brother has a new mobile number: 07700 900456.", 60 * day, Supersedes},
		{"My resting heart rate is 58 bpm.", "My resting heart rate is fifty-eight beats per minute.", 60 * day, Duplicate},
		{"Tom's birthday is 9 Nov.", "Tom's birthday is the ninth of November.", 60 * day, Duplicate},
		{"Mum's birthday is on Christmas Eve.", "Mum's birthday is 24 December.", 60 * day, Duplicate},
		{"Mum's birthday is on Christmas Eve.", "Mum's birthday is 4 December.", 0, Contradicts},
		{"Our mortgage rate is 4.25%.", "Mortgage rate is four point two five percent.", 60 * day, Duplicate},
		{"The rate is 4.5%.", "The rate is now four point seven five per cent.", 60 * day, Supersedes},
		{"I work at Acme as a software engineer.", "I work at Acme on the platform team.", 60 * day, Unrelated},
		{"I work at Acme as a software engineer.", "I still work at Acme as a software engineer.", 60 * day, Duplicate},
	})
	if why := Apart(meaningClaim(t, "I work at Acme as a software engineer.", 0), meaningClaim(t, "I work at Acme on the platform team.", 60)); why == "" {
		t.Error("Apart finds nothing between two claims that each say more of the same value")
	}
}

// Two claims scoped to other periods ("this month", "next month") are of
// other occasions, and a claim about similar things or the average is not
// about the speaker's own; a change of the speaker's own still is one.
func TestOtherOccasionsAndOtherThingsOfAKind(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"Book club meets at Anna's house this month.", "Book club meets at Ben's house next month.", 20 * day, Unrelated},
		{"Book club meets at Anna's house.", "Book club meets at Ben's house from next month.", 20 * day, Supersedes},
		{"Our rent is £1,450 a month.", "The letting agent says similar flats nearby now rent for £1,600.", 60 * day, Unrelated},
		{"Our rent is £1,450 a month.", "Our rent has gone up to £1,600 a month.", 60 * day, Supersedes},
	})
}

// A name with initials is the name in full; another name is a change.
func TestNamesByInitials(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"My manager is J. Okafor.", "My manager is John Okafor.", 60 * day, Duplicate},
		{"Our landlord is Mr K. Adeyemi.", "Kunle Adeyemi is our landlord.", 60 * day, Duplicate},
		{"My manager is J. Okafor.", "My manager is now Jane Smith.", 60 * day, Supersedes},
	})
	if sameByInitials([]string{"j", "okafor"}, []string{"p", "okafor"}) || sameByInitials([]string{"j", "k"}, []string{"jo", "ka"}) {
		t.Error("other initials, or initials alone, read as one name")
	}
}

// Words clipped in speech and verbs of one meaning name the same slot; a
// titled surname is the full name.
func TestClippedWordsAndTitledNames(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"The leisure centre gym closes at 10pm.", "The leisure centre gym shuts at 22:00.", 60 * day, Duplicate},
		{"The leisure centre gym closes at 10pm.", "The leisure centre gym now shuts at 21:00.", 60 * day, Supersedes},
		{"The production database runs PostgreSQL 15.", "Prod DB is on Postgres 15.", 60 * day, Duplicate},
		{"The deployment freeze starts on 20 Dec.", "Actually, the deploy freeze starts on 18 December, not the 20th.", 10 * day, Supersedes},
		{"My physiotherapist is Dr Sarah Mills.", "My physio is Dr Mills.", 60 * day, Duplicate},
		{"My physiotherapist is Dr Sarah Mills.", "My physio is now Dr Tom Mills.", 60 * day, Supersedes},
		{"Our car registration is AB12 CDE.", "The car reg is ab12cde.", 60 * day, Duplicate},
		{"Our home broadband is 100 Mbps.", "We have switched to a 500 megabit broadband package.", 60 * day, Supersedes},
		{"The thermostat is set to 20°C.", "The thermostat is set to 20 degrees.", 60 * day, Duplicate},
	})
}

// "It's now …" after a clause that names the thing is about that thing.
func TestItStandsForTheSubjectBefore(t *testing.T) {
	at := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	later := at.Add(90 * 24 * time.Hour)
	old := schema.Memory{Claim: "Our council tax is £2,100 a year.", Subject: "council tax", Attribute: "is", Value: "£2,100 a year", Type: schema.TypeFact, SaidAt: &at}
	now := schema.Memory{Claim: "it's now £2,205 a year.", Subject: "council tax", Attribute: "went up", Value: "£2,205 a year", Type: schema.TypeFact, SaidAt: &later}
	if d := Compare(old, now); d.Relation != Supersedes {
		t.Errorf("Compare = %s (%s), want supersedes", d.Relation, d.Reason)
	}
	// "it" with no subject from before, or a subject the claim names,
	// reads the claim as it is
	for _, m := range []schema.Memory{{Claim: "it's now £2,205 a year."}, {Claim: "It's cold.", Subject: "user"}} {
		if got := withReferent(m); got.Claim != m.Claim {
			t.Errorf("withReferent(%q, subject %q) = %q, want the claim unchanged", m.Claim, m.Subject, got.Claim)
		}
	}
	other := schema.Memory{Claim: "it's now £2,205 a year.", Subject: "water company", Attribute: "puts", SaidAt: &later}
	if d := Compare(old, other); d.Relation != Unrelated {
		t.Errorf("Compare with another referent = %s (%s), want unrelated", d.Relation, d.Reason)
	}
}

// Passing a stage ends it; completing a race does not. Which way a thing
// goes (generated or used, earned or spent) sets two claims apart.
func TestFinishedStagesAndDirections(t *testing.T) {
	at := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	later := at.Add(60 * 24 * time.Hour)
	stage := meaningClaim(t, "Leo's in Stage 3 at swimming.", 1)
	passed := meaningClaim(t, "Leo passed Stage 3 at last!", 60)
	if d := Compare(stage, passed); d.Relation == Duplicate {
		t.Errorf("passing Stage 3 read as being in it: %s", d.Reason)
	}
	checkRelations(t, []relCase{
		{"I ran the Berlin marathon in 2019.", "I completed the Berlin Marathon back in 2019.", later.Sub(at), Duplicate},
	})
	for _, p := range [][2]string{
		{"The solar panels generate about 3,500 kWh a year.", "The house uses about 3,500 kWh of electricity a year."},
		{"I earn about £900 a month from tutoring.", "I spend about £900 a month on tutoring."},
	} {
		if why := Apart(meaningClaim(t, p[0], 1), meaningClaim(t, p[1], 60)); why == "" {
			t.Errorf("Apart(%q, %q) finds nothing between them", p[0], p[1])
		}
	}
}

// A date a thing falls due by holds once; a rate's qualifier is part of
// the rate.
func TestDueDatesAndRates(t *testing.T) {
	checkRelations(t, []relCase{
		{"The MOT on my car is due in October.", "My car's MOT is due in June.", 2 * time.Hour, Contradicts},
		{"Our savings account pays 4.5% interest.", "Our savings account now pays 3.2% AER.", 60 * 24 * time.Hour, Supersedes},
		{"Our savings account pays 4.5% interest.", "Our savings account pays 4.5%.", 60 * 24 * time.Hour, Duplicate},
		// two days said plainly, with nothing due, may both hold
		{"The shop is closed on Sundays.", "The shop is closed on Mondays.", 2 * time.Hour, Unrelated},
	})
}
