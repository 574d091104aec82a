package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// TestDatesOfOneThing: one thing that falls due, ends or is set for a
// time, dated twice with nothing worded as a change, is a contradiction;
// other things, things that recur, the same time, and a time that had
// passed when the other claim was said are not.
func TestDatesOfOneThing(t *testing.T) {
	checkRelations(t, []relCase{
		{"My passport expires in March 2026, need to check that for Mexico.", "Passport's good until August 2026 so Mexico in November is fine.", together, Contradicts},
		{"The studio lease ends in March.", "Studio lease runs until June, then I'll have to renegotiate with the landlord.", together, Contradicts},
		{"Class 1 licence renewal is due in August.", "My licence is up for renewal in October, gotta book the medical.", together, Contradicts},
		{"Electrical inspection is booked for Tuesday March 12 at 10am.", "City electrical inspection is Thursday the 14th, I've taken the morning off for it.", together, Contradicts},
		{"Rent on the unit is £2,400 a month and the lease runs till 2029 which is a relief.", "Lease on the unit is up in 2027.", together, Contradicts},
		{"our lease is up july 1, landlord just sent the renewal notice", "no rush on the renewal, our lease runs to aug 31 anyway.", together, Contradicts},
		// other things of a kind
		{"The Q3 report is due September 30.", "The Q4 report is due December 31.", together, Unrelated},
		{"The studio lease ends in March.", "The flat lease ends in June.", together, Unrelated},
		// what recurs is read by the slot and topic readings
		{"Bins go out every Tuesday.", "Bins are on Thursday this week because of the bank holiday.", together, Unrelated},
		// a time that had passed: another round of the thing
		{"My car insurance renews in April.", "Car insurance renews in September now that I switched to Aviva.", apart, Supersedes},
		{"The MOT is due on 20 March.", "The MOT is due on 14 November.", 300 * 24 * time.Hour, Unrelated},
		// a denial dates nothing
		{"The studio lease ends in March.", "The studio lease doesn't end in June, that's the flat.", together, Unrelated},
	})
}

// TestDatesOfOneThingSameTime: one time said two ways ("7:30pm" / "half
// past seven") is not two dates.
func TestDatesOfOneThingSameTime(t *testing.T) {
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	for _, e := range []schema.Memory{extractOne(t, "The kids' bedtime is 7:30pm.", at)} {
		for _, i := range []schema.Memory{extractOne(t, "Bedtime for the kids is half past seven.", at.Add(together))} {
			if d, ok := datesOfOneThing(e, i); ok {
				t.Errorf("%q / %q: %s (%s), want nothing decided", e.Claim, i.Claim, d.Relation, d.Reason)
			}
		}
	}
}
