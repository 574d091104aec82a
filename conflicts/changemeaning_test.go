package conflicts

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// changeByMeaning extracts one memory from each text, b said apart after
// a, and reads them with ChangeByMeaning at the given similarity.
func changeByMeaning(t *testing.T, a, b string, apart time.Duration, sim float64, confirmed bool) (Decision, bool) {
	t.Helper()
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	e, i := extractOne(t, a, at), extractOne(t, b, at.Add(apart))
	if d := Compare(e, i); d.Relation != Unrelated {
		t.Fatalf("the rules relate %q / %q (%s: %s); the test needs a pair they leave unrelated", a, b, d.Relation, d.Reason)
	}
	e.Confirmed = confirmed
	return ChangeByMeaning(e, i, sim)
}

// TestChangeByMeaning: a claim worded as a change of a close claim the
// rules cannot line up with it changes it; look-alikes of a change of
// something else, beside it, planned, quoted, past or never changing do
// not. The similarity is given: these cases test the words.
func TestChangeByMeaning(t *testing.T) {
	day := 24 * time.Hour
	const close = 0.9
	for _, c := range []struct {
		a, b  string
		apart time.Duration
		want  Relation // Unrelated: nothing decided
	}{
		{"Our dog Pepper eats 200g of kibble a day.", "The vet cut Pepper's food to 150g a day.", 30 * day, Supersedes},
		{"Our cleaner Rosa comes every other Thursday.", "Rosa has switched us to Monday mornings.", 30 * day, Supersedes},
		// words that say a thing was given up, handed over or reached anew
		{"Our cat Miso weighs 5.1 kg.", "Miso's down to 4.7 kilos on the diet food.", 30 * day, Supersedes},
		{"The choir's accompanist is Helen.", "Helen has handed the accompanist job over to Priya.", 30 * day, Supersedes},
		// what the stored claim is said of, in the other's words
		{"Our mortgage is fixed at 2.1%.", "The fixed deal ended and we've remortgaged at 4.35%.", 30 * day, Supersedes},
		// more ways of saying a change: "no more", "as of", "turned …
		// down", "had to increase", "ported", an apology for what was said
		{"Pip eats Royal Canin Mini Adult.", "The vet put Pip on Hill's Sensitive, so no more Royal Canin.", 30 * day, Supersedes},
		{"The nightly export runs at 02:00 UTC.", "As of the 12th, the nightly export kicks off at 04:30 UTC.", 30 * day, Supersedes},
		{"The office thermostat is set to 21°C.", "Facilities turned the office thermostat down to nineteen degrees.", 30 * day, Supersedes},
		{"Our team offsite is 14–16 October.", "Sorry, got that wrong before: the offsite's in Lisbon, not Porto.", together, Unrelated},
		{"Our HOA dues are $320 a quarter.", "The HOA board is proposing to raise dues to $360 a quarter next year.", 30 * day, Unrelated},
		{"The van cost £18,500 all in.", "We put down a £3,000 deposit on the van and it's £289 a month after that.", 30 * day, Unrelated},
		// both worded as a change: the clearly later one is the later
		// state, unless it tells what used to be
		{"I now go to the gym at 6am before work.", "I used to train in the evenings at around 7pm, before I switched to mornings.", 30 * day, Unrelated},
		// said together, the change still says which is later
		{"Our dog Pepper eats 200g of kibble a day.", "The vet cut Pepper's food to 150g a day.", together, Supersedes},
		// the claim worded as the change is the stored one: the incoming
		// restates what it changed
		{"The vet cut Pepper's food to 150g a day.", "Our dog Pepper eats 200g of kibble a day.", together, SupersededBy},
		// ... but a plain claim clearly later than the change may be a
		// change back: nothing is decided
		{"The vet cut Pepper's food to 150g a day.", "Our dog Pepper eats 200g of kibble a day.", 60 * day, Unrelated},
		// a change said long before the claim it would change
		{"Our dog Pepper eats 200g of kibble a day.", "The vet cut Pepper's food to 150g a day.", -60 * day, Unrelated},

		// someone or something else
		{"Ella gets £5 a week pocket money.", "Max has started getting £3 a week pocket money now he's seven.", 30 * day, Unrelated},
		{"My rent is £1,450 a month.", "My sister's rent in Leeds just went up to £1,100.", 30 * day, Unrelated},
		// a relation named only after "off", "from" or "since" is not who
		// the claim is about; one named as who it is about is
		{"We milk 90 cows at the moment.", "bought 15 heifers off a neighbour so we're milking 105 now", 120 * day, Supersedes},
		{"My rent is £1,450 a month.", "My brother's rent just went up to £1,600.", 30 * day, Unrelated},
		// more words of a change: a value put up, a raise to an amount,
		// the end of a thing, a plan decided against
		{"Rent on our little terrace in Headingley is £1,150 a month.", "Landlord's putting the rent up to £1,240 from February.", 60 * day, Supersedes},
		{"I'm on €98k as a lead engineer.", "Raise to €106k from January!", 60 * day, Supersedes},
		{"I play skittles wednesday nights for Bradworthy.", "so thats the end of wednesday skittles, gutted", 60 * day, Supersedes},
		{"I'd like a raise to €106k next year.", "I'm on €98k as a lead engineer.", 60 * day, Unrelated},
		{"Our rent is £950 a month.", "Our electricity bill has come down to £80 a month.", 30 * day, Unrelated},
		{"The dog walker comes Monday, Wednesday and Friday at noon.", "Biscuit's going to doggy daycare on Tuesdays now.", 30 * day, Unrelated},
		{"The old cluster k8s-a1 runs Kubernetes 1.27.", "The new cluster k8s-b2 has moved to Kubernetes 1.30.", 30 * day, Unrelated},
		{"My notice period is three months.", "Probation for the new hire is six months.", 30 * day, Unrelated},
		{"Last month the site's uptime was 99.9%.", "This month the site's uptime has dropped to 97%.", 30 * day, Unrelated},
		{"Our headcount target for this year is 120.", "We're at 104 people right now.", 30 * day, Unrelated},
		{"My credit card limit is £4,000.", "Credit card balance is down to £1,200 this month.", 30 * day, Unrelated},
		{"Our neighbour Mr Patel is a retired teacher.", "Mrs Patel next door still works as a pharmacist.", 30 * day, Unrelated},
		// a value beside it, a plan, a quote, a one-off
		{"I'm allergic to penicillin.", "Turns out I'm also allergic to amoxicillin now.", 30 * day, Unrelated},
		{"Kenji lives in Tokyo.", "Kenji is moving to Osaka next month.", 30 * day, Unrelated},
		{"Our energy bill is £145 a month.", "Octopus quoted us £128 a month if we switch.", 30 * day, Unrelated},
		{"Book club meets in the back room of the Red Lion.", "For the Christmas book club we're doing dinner at Sarah's instead, just this once.", 30 * day, Unrelated},
		// what was, and what never changes
		{"Marek was in Vienna in January.", "Marek is in Prague now.", 30 * day, Unrelated},
		{"I grew up in Aberdeen.", "I grew up in Cork and only moved to the UK at 20.", 30 * day, Unrelated},
		// what a conversation says in passing: no value, another
		// speaker, a wish, an opening "now"
		{"Jon: I'm super excited about teaching dance every day.", "Jon: Dancing makes me happy, and now I get to teach it to others.", 30 * day, Unrelated},
		{"Gina: The shop opens at 9am on Saturdays.", "Jon: The studio now opens at 10am on Saturdays.", 30 * day, Unrelated},
		{"James: Thinking of trying strategy games like Civilization.", "James: I've switched to RPGs now and I'm dying to make one.", 30 * day, Unrelated},
		{"Nate: It's gonna be my 4th turtle!", "Nate: The tank is big enough now for three.", 30 * day, Unrelated},
		{"Nate: I've had them for 3 years now and they bring me tons of joy!", "Nate: The tank is big enough now for three.", 30 * day, Unrelated},
		{"Caroline: I've known these friends for 4 years, since I moved from my home country.", "Caroline: A friend made it for my 18th birthday ten years ago.", -30 * day, Unrelated},
		{"John: We train 3 times a week and push each other to improve.", "John: We back each other up 3 times a week and won't quit.", 30 * day, Unrelated},
		{"John: I think this is just a one-time experience for 2 weeks.", "John: My strategy involved anticipating my opponent's moves to stay 2 steps ahead.", 30 * day, Unrelated},
		// a change beside a generic "you", a count said with "both"
		{"I take my vitamin D in the evening with dinner.", "I've started taking the vitamin D in the mornings instead, read it can mess with your sleep.", 30 * day, Supersedes},
		// the same, said again
		{"I've been singing with the Hillside Singers for about six years.", "Been with Hillside for roughly six years now.", 30 * day, Unrelated},
	} {
		d, ok := changeByMeaning(t, c.a, c.b, c.apart, close, false)
		if got := map[bool]Relation{true: d.Relation, false: Unrelated}[ok]; got != c.want {
			t.Errorf("%q / %q (%v apart): %s (%s), want %s", c.a, c.b, c.apart, got, d.Reason, c.want)
		}
	}
}

// TestChangeByMeaningBounds: below ChangeMeaningSimilarity nothing is
// decided; a stored claim the person confirmed is disputed, not retired.
func TestChangeByMeaningBounds(t *testing.T) {
	const a, b = "Our dog Pepper eats 200g of kibble a day.", "The vet cut Pepper's food to 150g a day."
	month := 30 * 24 * time.Hour
	if d, ok := changeByMeaning(t, a, b, month, ChangeMeaningSimilarity-0.01, false); ok {
		t.Errorf("below the similarity: %s (%s), want nothing decided", d.Relation, d.Reason)
	}
	if d, ok := changeByMeaning(t, a, b, month, ChangeMeaningSimilarity, false); !ok || d.Relation != Supersedes {
		t.Errorf("at the similarity: %s (%s), want %s", d.Relation, d.Reason, Supersedes)
	}
	if d, _ := changeByMeaning(t, a, b, month, 0.95, true); d.Relation != Contradicts {
		t.Errorf("the stored claim confirmed: %s (%s), want %s", d.Relation, d.Reason, Contradicts)
	}
}

// extractOne is the one memory the rules extract from text said at when.
func extractOne(t *testing.T, text string, when time.Time) schema.Memory {
	t.Helper()
	ms, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "doc_1", Text: text, SaidAt: when, CreatedAt: when})
	if err != nil || len(ms) != 1 {
		t.Fatalf("extract %q: %d memories, %v; the test needs one", text, len(ms), err)
	}
	ms[0].RecordedAt = when
	return ms[0]
}

// TestChangeByMeaningSharedWords: between ChangeMeaningSimilarityShared
// and ChangeMeaningSimilarity a change is read only when the claims share
// MinSharedForLowerSimilarity words of the thing, none qualified otherwise
// on the two sides, and not only a name and pronouns.
func TestChangeByMeaningSharedWords(t *testing.T) {
	month := 30 * 24 * time.Hour
	low := (ChangeMeaningSimilarityShared + ChangeMeaningSimilarity) / 2
	for _, c := range []struct {
		a, b string
		want Relation // Unrelated: nothing decided
	}{
		{"My state pension is paid into my Japan Post Bank account.", "I moved my state pension bank account to Resona Bank.", Supersedes},
		// one shared word of the thing is not enough this far apart
		{"My pension is paid into my bank account.", "I moved my pension to a new provider.", Unrelated},
		// the shared words qualified otherwise: two tyres, two insurances
		{"The front tyres are at 32 psi on the car.", "I pumped the rear tyres up to 36 psi on the car now.", Unrelated},
	} {
		d, ok := changeByMeaning(t, c.a, c.b, month, low, false)
		if got := map[bool]Relation{true: d.Relation, false: Unrelated}[ok]; got != c.want {
			t.Errorf("%q / %q at %.3f: %s (%s), want %s", c.a, c.b, low, got, d.Reason, c.want)
		}
	}
	if d, ok := changeByMeaning(t, "My state pension is paid into my Japan Post Bank account.", "I moved my state pension bank account to Resona Bank.", month, ChangeMeaningSimilarityShared-0.01, false); ok {
		t.Errorf("below ChangeMeaningSimilarityShared: %s (%s), want nothing decided", d.Relation, d.Reason)
	}
}

// A name alone and pronouns are no shared thing.
func TestThingWords(t *testing.T) {
	a := claimTokens("Freya's key worker at Little Acorns is called Jess, she's brilliant with her.")
	if got := thingWords([]string{"freya", "she"}, a); got != nil {
		t.Errorf("thingWords = %q, want none", got)
	}
	if got := thingWords([]string{"freya", "key", "worker"}, a); len(got) != 3 {
		t.Errorf("thingWords = %q, want the name beside the thing", got)
	}
}
