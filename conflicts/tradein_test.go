package conflicts

import "testing"

// TestAPriceWithoutACurrencyAndATradeIn: "680 per litre" is a price per
// litre though no currency is said, petrol is the fuel, and "traded in the
// Passat" ends the Passat.
func TestAPriceWithoutACurrencyAndATradeIn(t *testing.T) {
	checkRelations(t, []relCase{
		{"fuel at the Mobil near us is 680 per litre now, so running it all day is painful", "petrol is 1,030 per litre at the same Mobil now.", apart, Supersedes},
		{"car is a 2016 Passat diesel, 240 000 km.", "traded in the Passat for a Kia EV6.", apart, Supersedes},
		// another thing's price per litre, another car traded in
		{"fuel at the Mobil near us is 680 per litre now", "milk at the Mobil shop is 900 per litre now", apart, Unrelated},
		{"car is a 2016 Passat diesel, 240 000 km.", "my brother traded in his Golf for a Kia EV6.", apart, Unrelated},
	})
}

// TestARateChargedAndAPeriodAfterASlash: what one charges is one's rate,
// and "/hr" or "/mo" after an amount is its period.
func TestARateChargedAndAPeriodAfterASlash(t *testing.T) {
	checkRelations(t, []relCase{
		{"I charge $45/hr.", "Raised my rate to $55/hr.", apart, Supersedes},
		{"Rent is $1,200/mo.", "Rent is $1,350 a month now.", apart, Supersedes},
		{"Rent is $1,200/mo.", "Rent is $1,200 a month.", apart, Duplicate},
		{"The cleaner charges £15 an hour.", "The interest rate on the loan is 5%.", apart, Unrelated},
		{"I charge $45/hr.", "Parking charges $45 a month here.", apart, Unrelated},
	})
}

// TestAJobGot: "got the lead technician job" says what the speaker is now;
// someone else's job, or a job with no role named, says nothing of it.
func TestAJobGot(t *testing.T) {
	checkRelations(t, []relCase{
		{"I'm an instrument technician offshore.", "got the lead technician job for instrument on my shift.", apart, Supersedes},
		{"I'm a junior developer at Kontor.", "I got the senior developer role!", apart, Supersedes},
		{"I'm a nurse.", "My sister got the lead nurse job.", apart, Unrelated},
		{"I'm a teacher.", "got the new job!", apart, Unrelated},
	})
}

// TestMovedInWith: moving in with someone changes whom, and so where, one
// lives; moving in with the same people again does not.
func TestMovedInWith(t *testing.T) {
	checkRelations(t, []relCase{
		{"Jonas lives with his mother in Sandnes.", "Jonas has moved in with me for good.", apart, Supersedes},
		{"Dad lives in Leeds.", "Dad moved in with us in March.", apart, Supersedes},
		{"Dad lives with us.", "Dad moved in with us in March.", apart, Unrelated},
		{"Jonas lives with his mother in Sandnes.", "Jonas might move in with me next year.", apart, Unrelated},
	})
}
