package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// relationStrength orders relations as the bench does when texts give
// several memories: the strongest relation between any two is the pair's.
var relationStrength = map[Relation]int{Unrelated: 0, Duplicate: 1, SupersededBy: 2, Contradicts: 3, Supersedes: 4}

// relate extracts both texts (b said apart after a) and returns the
// strongest relation between their memories, with its reason.
func relate(t *testing.T, a, b string, apart time.Duration) Decision {
	t.Helper()
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	all := func(text string, when time.Time) []schema.Memory {
		ms, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "doc_1", Text: text, SaidAt: when, CreatedAt: when})
		if err != nil {
			t.Fatalf("extract %q: %v", text, err)
		}
		for i := range ms {
			ms[i].RecordedAt = when
		}
		return ms
	}
	best := Decision{Unrelated, "no memories"}
	for _, e := range all(a, at) {
		for _, i := range all(b, at.Add(apart)) {
			if d := Compare(e, i); relationStrength[d.Relation] > relationStrength[best.Relation] {
				best = d
			}
		}
	}
	return best
}

const (
	together = time.Hour
	apart    = 120 * 24 * time.Hour
)

// wantUnrelated checks that each pair is unrelated said together and 120
// days apart, in both orders.
func wantUnrelated(t *testing.T, pairs [][2]string) {
	t.Helper()
	for _, p := range pairs {
		for _, gap := range []time.Duration{0, 120 * 24 * time.Hour} {
			for _, o := range [][2]string{p, {p[1], p[0]}} {
				if d := relate(t, o[0], o[1], gap); d.Relation != Unrelated {
					t.Errorf("%q / %q (%v apart): %s (%s), want unrelated", o[0], o[1], gap, d.Relation, d.Reason)
				}
			}
		}
	}
}

type relCase struct {
	a, b  string
	apart time.Duration
	want  Relation
}

func checkRelations(t *testing.T, cases []relCase) {
	t.Helper()
	for _, c := range cases {
		if d := relate(t, c.a, c.b, c.apart); d.Relation != c.want {
			t.Errorf("%q / %q (%v apart): %s (%s), want %s", c.a, c.b, c.apart, d.Relation, d.Reason, c.want)
		}
	}
}

// TestHardNegatives: pairs that look alike but may both be true stay
// unrelated, said together or apart.
func TestHardNegatives(t *testing.T) {
	pairs := [][2]string{
		{"I like tea.", "I like coffee."},
		{"Ana plays the violin.", "Ana plays the piano."},
		{"Hamid lives in Valletta.", "Hamid works in Valletta."},
		{"The pool is closed on Sundays.", "The pool is closed on Mondays."},
		{"Tom has a dog.", "Tom has a cat."},
		{"Ana's birthday is on 3 May.", "Tom's birthday is on 9 June."},
		{"We decided to move service 25 onto Kafka.", "We decided to move service 305 onto Kafka."},
		{"The staging cluster runs Kubernetes 1.28.", "The production cluster runs Kubernetes 1.29."},
		{"The staging cluster runs Kubernetes 1.28.", "Prod is on Kubernetes 1.29."},
		{"My flight to Oslo departs at 7:40.", "My flight back from Oslo departs at 18:10."},
		{"Our rent is £900 a month.", "Our council tax is £120 a month."},
		{"From April our rent is £950 a month.", "Our council tax is £120 a month."},
		{"The pool opens at 7am.", "The pool closes at 9pm."},
		{"The flight lands at 9:10.", "The flight departs at 7:40."},
		{"Our cleaner charges £60 a week.", "The cleaner's hourly rate is £18."},
		{"The dog's name is Rex.", "The cat is called Rex."},
		{"My sister lives in Bristol.", "My brother's based in Bristol."},
		{"I sold my bike.", "I drive a Ford Focus."},
		{"Kenji lives in Tokyo.", "Kenji is moving to Osaka next month."},
		{"I worked at Acme from 2019 to 2021.", "I work at Globex."},
		{"Hamid moved to Valletta.", "Hamid works in Valletta."},
		{"The team tracks bugs in Jira.", "The team tracks holidays in Notion."},
	}
	for _, p := range pairs {
		for _, gap := range []time.Duration{together, apart} {
			for _, ab := range [][2]string{p, {p[1], p[0]}} {
				if d := relate(t, ab[0], ab[1], gap); d.Relation == Supersedes || d.Relation == Contradicts || d.Relation == SupersededBy {
					t.Errorf("%q / %q (%v apart): %s (%s), want them left alone", ab[0], ab[1], gap, d.Relation, d.Reason)
				}
			}
		}
	}
}

// TestScheduledChange: "from April", "as of this month", "starting next
// month", "since the start of the year" say a new value took effect.
func TestScheduledChange(t *testing.T) {
	checkRelations(t, []relCase{
		{"Our rent is £1,250 a month.", "From April our rent is £1,340 a month.", apart, Supersedes},
		{"My gym membership costs £32 a month.", "My gym membership is £36 a month as of this month.", apart, Supersedes},
		{"The school pickup is at 3:15.", "From next month, the school pickup is at 3:30.", apart, Supersedes},
		{"The library opens at 9am.", "Starting next week, the library opens at 10am.", apart, Supersedes},
		{"Payroll is run through Sage.", "Payroll has been handled in Xero since the start of the tax year.", apart, Supersedes},
	})
}

// TestAgentChange: "<agent> <change verb> <thing> to <value>" is about
// the thing; the agent is not part of the topic.
func TestAgentChange(t *testing.T) {
	checkRelations(t, []relCase{
		{"The kids' bedtime is 8pm.", "We've pushed the kids' bedtime back to 8:30.", apart, Supersedes},
		{"Our rent is £900 a month.", "The landlord has put our rent up to £950 a month.", apart, Supersedes},
		{"The max upload size in the proxy config is 10 MB.", "Sam raised the proxy's max upload size to 25 MB.", apart, Supersedes},
		{"The API service is built with Go 1.21.", "We upgraded the API service to Go 1.22 this sprint.", apart, Supersedes},
	})
}

// TestLooseTimes: a bare hour after "at", several time values changed at
// once, and one clock time given twice together.
func TestLooseTimes(t *testing.T) {
	checkRelations(t, []relCase{
		{"Mia's swimming lesson is on Monday at 4pm.", "Mia's swimming lesson has changed to Tuesdays at 5.", apart, Supersedes},
		{"Choir practice is on Thursday evenings at 7.", "Sorry, I meant choir practice is at 8 on Thursdays, not 7.", together, Supersedes},
		{"Check-in at the hostel is at 3pm.", "The hostel check-in time is 4pm.", together, Contradicts},
		{"Breakfast at the hotel is at 7am.", "The hotel breakfast time is 8am.", together, Contradicts},
		{"Our daily standup is at 9:30.", "We have standup every weekday at half nine.", apart, Duplicate},
		{"The party is planned for July.", "Scratch that, the party will be in August.", together, Supersedes},
	})
}

// TestNameChanges: names of one slot, read as one type whatever kind the
// extractor gave them; an ended one is the old value.
func TestNameChanges(t *testing.T) {
	checkRelations(t, []relCase{
		{"My phone contract is with Vodafone.", "I moved my phone contract over to Giffgaff.", apart, Supersedes},
		{"Our electricity supplier is Octopus Energy.", "We're with British Gas for electricity now.", apart, Supersedes},
		{"I drive a 2015 Honda Civic.", "I sold the Civic and drive a Mazda CX-5 now.", apart, Supersedes},
		{"The team tracks bugs in Jira.", "We replaced Jira with Linear for bug tracking.", apart, Supersedes},
		{"Our family doctor is Dr Amelia Shaw.", "Dr Shaw retired, so our GP is Dr Raj Mehta now.", apart, Supersedes},
		{"My bank is Halifax.", "My bank is Starling.", apart, Supersedes},
	})
}

// TestSlotParaphrases: one slot said two ways.
func TestSlotParaphrases(t *testing.T) {
	checkRelations(t, []relCase{
		{"The tortoise's name is Horatio.", "The tortoise is called Horatio.", apart, Duplicate},
		{"My sister lives in Bristol.", "My sister's based in Bristol.", apart, Duplicate},
		{"Our plumber charges £60 an hour.", "The plumber's hourly rate is £75.", together, Contradicts},
		{"The production cluster runs Kubernetes 1.28.", "Prod is on Kubernetes 1.29.", together, Contradicts},
		{"Mum's flight from Madrid lands at 14:05.", "Mum's Madrid flight arrives at 15:30.", together, Contradicts},
		{"The tyres on our car should be at 32 psi.", "Our car's tyre pressure needs to be 36 psi.", together, Contradicts},
		{"The yoga class is held in the church hall.", "The yoga class moved to the community centre.", apart, Supersedes},
		{"The book club moved to the back room of the library.", "The book club meets at the pub.", -apart, SupersededBy},
	})
}

func TestLooseClockKeys(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"~4:00", "16:00", true}, {"~4:00", "4:00", true}, {"~4:00", "17:00", false},
		{"4:00", "16:00", false}, {"~12:00", "0:00", true}, {"~5:00", "5:30", false},
	}
	for _, tt := range tests {
		if got := sameTyped("clock", tt.a, tt.b); got != tt.same {
			t.Errorf("sameTyped(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestValidityPhrase(t *testing.T) {
	tests := map[string]bool{
		"From April the rent is £900":                  true,
		"as of this month it is £36":                   true,
		"since the start of the tax year":              true,
		"starting 1 June the gym opens at 6":           true,
		"since 2023 we use Xero":                       true,
		"from 2019 to 2021 I worked there":             false,
		"the shop is open from 9am":                    false,
		"I'm working from home":                        false,
		"from Monday to Friday":                        false,
		"the parcel came from the depot on 3 May":      false,
		"since the start of the game, she has laughed": false,
	}
	for s, want := range tests {
		if got := scheduledChange(s); got != want {
			t.Errorf("scheduledChange(%q) = %v, want %v", s, got, want)
		}
	}
}
