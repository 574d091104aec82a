package conflicts

import (
	"testing"
	"time"
)

// Families of phrasing read in the ninth pass, each in wordings of its own.
func TestRound9Families(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		// an appositive kind or kinship noun beside a name says who it is
		{"Our cat Mochi weighs 4 kg.", "Mochi weighs about 6 kilos.", 0, Contradicts},
		{"Rolo the hamster weighs 150 g.", "Rolo weighs 120 grams.", 0, Contradicts},
		{"My brother Idris's birthday is 3 March.", "Idris's birthday is on the 9th of March.", 0, Contradicts},
		// a same-kept detail and an added time
		{"Omar's eye test is on 4 June at 10:15am.", "Omar's eye test was moved to 11 June, same time.", 7 * day, Supersedes},
		// a date a thing has once a year, said twice together
		{"Our engagement anniversary is 2 October.", "Our engagement anniversary falls on 9 October.", 0, Contradicts},
		// duplicates in other words with the same typed values
		{"The children's bus leaves at 7:45.", "The kids' bus leaves at quarter to eight.", 10 * day, Duplicate},
	})
}

// What must stay unrelated, said together and months apart, both orders.
func TestRound9KeepApart(t *testing.T) {
	pairs := [][2]string{
		{"My son's shoe size is 3.", "My daughter's shoe size is 5."},
		{"Staging runs Redis 7.2.", "Production runs Redis 6.2."},
		{"Nadia's piano lesson is on Mondays at 4.", "Nadia's swimming lesson is on Mondays at 5."},
		{"Mum takes 500 mg of metformin with breakfast.", "Mum takes 1,000 mg of metformin with her evening meal."},
		{"Hamid lives in Valletta.", "Hamid works in Valletta."},
		{"I like tea.", "I like coffee."},
		{"Ana plays the violin.", "Ana plays the piano."},
		{"The pool is closed on Sundays.", "The pool is closed on Mondays."},
		{"We decided to move service 25 onto Kafka.", "We decided to move service 305 onto Kafka."},
		{"The platform team has six engineers.", "The platform team has two open vacancies."},
		{"Our Amazon Prime membership renews on 3 August.", "Amazon Prime costs us £95 a year."},
		{"Our garage rent is £100 a month.", "Our rent is £900 a month."},
		{"My flight to Oslo leaves at 08:10.", "My flight back from Oslo leaves at 19:20."},
		{"Hamid's dog Bruno weighs 30 kg.", "Hamid's cat Pip weighs 5 kg."},
		{"The bins go out every other Monday.", "The recycling goes out every Thursday."},
	}
	wantUnrelated(t, pairs)
}

func TestFrequencies(t *testing.T) {
	cases := map[string]string{
		"the cleaner comes every other Friday": "1/fortnight",
		"collected every second Wednesday":     "1/fortnight",
		"it goes out fortnightly":              "1/fortnight",
		"we meet every week":                   "1/week",
		"she visits twice a day":               "2/day",
		"feed him three times a day":           "3/day",
		"the tank is cleaned once a month":     "1/month",
	}
	for text, want := range cases {
		ts := claimTokens(text)
		vs := frequencies(ts, make([]bool, len(ts)), nil)
		if len(vs) != 1 || vs[0].key != want {
			t.Errorf("%q: got %v, want %s", text, vs, want)
		}
	}
}

func TestClockWithMinutesAndSuffix(t *testing.T) {
	for text, want := range map[string]string{"at 2:30pm": "14:30", "at 9:05am": "9:05", "at 12:15am": "0:15"} {
		ts := claimTokens(text)
		if got, _, ok := clockAt(ts, 1); !ok || got != want {
			t.Errorf("%q: got %q %v, want %q", text, got, ok, want)
		}
	}
}

func TestKinSubjectLowerCase(t *testing.T) {
	if subjectKey("user's sister rania") != subjectKey("rania") {
		t.Errorf("user's sister rania: %q", subjectKey("user's sister rania"))
	}
	if subjectKey("user's sister car") == subjectKey("car") {
		t.Errorf("user's sister car read as car")
	}
}
