package conflicts

import (
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// These cases come from one person's messages run through the service, in
// the order they were said, as a person would use it: each is a relation
// the service decided between two messages about other things, or failed
// to decide between two about one.

// TestKindsApartInAStream: a claim worded as a change is read against the
// claims of the same person the model puts near it; one that shares no word
// of what it is about with the other and gives a value of another kind
// changes nothing there, however close they are.
func TestKindsApartInAStream(t *testing.T) {
	day := 24 * time.Hour
	for _, c := range []struct {
		a, b string
		want Relation // Unrelated: nothing decided
	}{
		// a person, and a place
		{"My new manager is Tom Reilly.", "I moved to Manchester, new flat near Ancoats.", Unrelated},
		// money, and a provider's name
		{"Our rent is £1,240 a month.", "I've switched my energy to Octopus.", Unrelated},
		// a quantity, and a place
		{"The lab has 12 students this year.", "We've moved the group meeting to the Hartley Building.", Unrelated},
		// still changed: a word in common ("Rosa"), or values of one kind
		{"Our cleaner Rosa comes every other Thursday.", "Rosa has switched us to Monday mornings.", Supersedes},
	} {
		d, ok := changeByMeaning(t, c.a, c.b, 30*day, 0.9, false)
		if !ok {
			d.Relation = Unrelated
		}
		if d.Relation != c.want {
			t.Errorf("%q / %q: %s (%s), want %s", c.a, c.b, d.Relation, d.Reason, c.want)
		}
	}
}

// TestOtherReadingsOfOneSentence: the extractor reads a fact and a
// preference in "I'm vegetarian, and I can't stand coriander" and keeps the
// sentence as both claims; they are two memories, not one said twice. The
// sentence said again repeats each.
func TestOtherReadingsOfOneSentence(t *testing.T) {
	const text = "I'm vegetarian, and I can't stand coriander."
	at := time.Date(2025, 1, 12, 10, 0, 0, 0, time.UTC)
	read := func(when time.Time) []schema.Memory {
		ms, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "doc_1", Text: text, SaidAt: when, CreatedAt: when})
		if err != nil || len(ms) != 2 || ms[0].Claim != ms[1].Claim {
			t.Fatalf("extract %q: %+v, %v; the test needs two memories with one claim", text, ms, err)
		}
		return ms
	}
	first, again := read(at), read(at.Add(10*24*time.Hour))
	if d := Compare(first[0], first[1]); d.Relation != Unrelated {
		t.Errorf("the two readings: %s (%s), want %s", d.Relation, d.Reason, Unrelated)
	}
	for k := range first {
		if d := Compare(first[k], again[k]); d.Relation != Duplicate {
			t.Errorf("%s %q said again: %s (%s), want %s", first[k].Type, first[k].Value, d.Relation, d.Reason, Duplicate)
		}
	}
}

// TestAStateDatedFromBeforeHoldsWhenSaid: "Maya lives in Edinburgh, she
// moved there in 2022", said the day after "Maya lives in Glasgow", is not
// the older of the two: it still held when it was said. A state dated from
// a time after the other claim was said is still the later one.
func TestAStateDatedFromBeforeHoldsWhenSaid(t *testing.T) {
	feb := time.Date(2025, 2, 3, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	for _, c := range []struct {
		a, b  string
		apart time.Duration
		want  Relation
	}{
		{"My sister Maya lives in Glasgow.", "Maya lives in Edinburgh, she moved there in 2022.", day, Contradicts},
		{"I live in Leeds.", "I've lived in Manchester since March.", 120 * day, Supersedes},
		// a move that happened dates where one lived then, and no more
		{"I moved to Berlin in 2015.", "I live in Munich.", day, Supersedes},
	} {
		e, i := extractOne(t, c.a, feb), extractOne(t, c.b, feb.Add(c.apart))
		if d := Compare(e, i); d.Relation != c.want {
			t.Errorf("%q / %q: %s (%s), want %s", c.a, c.b, d.Relation, d.Reason, c.want)
		}
	}
}

// TestADateMovedIsToCome: "the launch slipped to 2 April", said in
// February, moves the launch to this April, and changes the date said
// before.
func TestADateMovedIsToCome(t *testing.T) {
	jan := time.Date(2025, 1, 20, 12, 0, 0, 0, time.UTC)
	e := extractOne(t, "The mobile app launch is on 14 March.", jan)
	i := extractOne(t, "The mobile app launch slipped to 2 April.", jan.Add(26*24*time.Hour))
	if i.ValidFrom == nil || !i.ValidFrom.Equal(time.Date(2025, 4, 2, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("the new date: %v, want 2025-04-02", i.ValidFrom)
	}
	if d := Compare(e, i); d.Relation != Supersedes {
		t.Errorf("%s (%s), want %s", d.Relation, d.Reason, Supersedes)
	}
}

// TestChangeSharingNoWordNeedsMore: a change that shares no word of what it
// is about with the other claim is read as changing it only when the two
// are closer (ChangeMeaningSimilarityApart) than a change that does.
func TestChangeSharingNoWordNeedsMore(t *testing.T) {
	month := 30 * 24 * time.Hour
	const a, b = "I bank with Monzo.", "Switched my current account to Starling."
	if d, ok := changeByMeaning(t, a, b, month, ChangeMeaningSimilarityApart-0.01, false); ok {
		t.Errorf("below %.2f: %s (%s), want nothing decided", ChangeMeaningSimilarityApart, d.Relation, d.Reason)
	}
	if d, ok := changeByMeaning(t, a, b, month, ChangeMeaningSimilarityApart, false); !ok || d.Relation != Supersedes {
		t.Errorf("at %.2f: %s (%s), want %s", ChangeMeaningSimilarityApart, d.Relation, d.Reason, Supersedes)
	}
	// sharing "Rosa", the lower bound holds
	if d, ok := changeByMeaning(t, "Our cleaner Rosa comes every other Thursday.", "Rosa has switched us to Monday mornings.", month, ChangeMeaningSimilarity, false); !ok || d.Relation != Supersedes {
		t.Errorf("sharing a word at %.2f: %s (%s), want %s", ChangeMeaningSimilarity, d.Relation, d.Reason, Supersedes)
	}
}

// TestASecondPersonsMessages: what a second run of a person's messages
// through the service showed, each with the look-alike that must stay: a
// correction naming the value it takes back, a change with its reason
// after it, a dislike said before a clause of its own.
func TestASecondPersonsMessages(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"Ana is our VP of Engineering.", "Sorry, Ana's the CTO, not VP.", 0, Supersedes},
		{"Ana is our VP of Engineering.", "Ana is also our CTO.", 0, Unrelated},
		{"Our standup is at 9:30 every day.", "Standup moved to 10am since two people joined from Lisbon.", 27 * day, Supersedes},
		{"Our standup is at 9:30 every day.", "Standup moved to 10am because the Lisbon team joined.", 27 * day, Supersedes},
		// "since March" dates the change; it is no reason of its own
		{"Our standup is at 9:30 every day.", "Our retro has been at 4pm since March.", 27 * day, Unrelated},
	})
	at := time.Date(2025, 4, 16, 9, 0, 0, 0, time.UTC)
	ms, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "doc_1", Text: "I can't stand async updates actually, we're back to a quick daily call.", SaidAt: at, CreatedAt: at})
	if err != nil || len(ms) == 0 || ms[0].Attribute != "dislikes" || ms[0].Value != "async updates" {
		t.Errorf("the dislike: %+v, %v; want dislikes %q", ms, err, "async updates")
	}
}

// TestAThirdPersonsMessages: a family's messages through the service: an
// age reached on a day named beside it is the age now; another child's is
// not.
func TestAThirdPersonsMessages(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"Lily is 7 years old.", "Lily turned 8 on Saturday!", 60 * day, Supersedes},
		{"Lily is 7 years old.", "Max turned 8 on Saturday!", 60 * day, Unrelated},
		{"Lily is 7 years old.", "Lily's party is on Saturday, she'll be 8.", 60 * day, Unrelated},
	})
}

// TestStreamSixtyEight: what the readable streams of hold-out 68 showed,
// each beside what stays.
func TestStreamSixtyEight(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		// a place and a system are no one slot's values
		{"Pilates every Tuesday at 7pm at a little studio in Graça.", "Upgraded the studio Wi-Fi to fibre, finally.", 400 * day, Unrelated},
		{"The name of the boat is Seren.", "We renamed the boat, it's called Gwen now.", 300 * day, Supersedes},
		// a change names the thing it changes before its "to"
		{"My studio is a little unit in LX Factory.", "Upgraded the studio Wi-Fi to fibre, finally.", 400 * day, Unrelated},
		{"My SIPP's with Aviva.", "Moved the SIPP over to Vanguard, the fees are lower.", 200 * day, Supersedes},
	})
	for _, c := range []struct{ a, b string }{
		// a judgement shared is no thing shared
		{"Went over to Capture One instead of Lightroom, the skin tones are just better.", "Pilates has moved to Thursday mornings at 8, which suits me way better."},
		// where one is from never changes
		{"I'm originally from Swift Current, Sask.", "Moved into a townhouse in Lacombe, quieter and closer to the yard."},
	} {
		if d, ok := changeByMeaning(t, c.a, c.b, 30*day, 0.86, false); ok {
			t.Errorf("%q / %q: %s (%s), want nothing decided", c.a, c.b, d.Relation, d.Reason)
		}
	}
}

// TestCompareIsDeterministic: a claim giving two values that both differ
// from the other's (a cloud's name and its region) is read the same way
// every time; which value moved was once taken in map order, and a run in
// six read this pair as unrelated.
func TestCompareIsDeterministic(t *testing.T) {
	at := time.Date(2023, 7, 10, 10, 0, 0, 0, time.UTC)
	e := extractOne(t, "Our main database lives in AWS eu-west-1.", at)
	i := extractOne(t, "For data residency the main database was moved to eu-central-1 in Frankfurt.", at.Add(196*24*time.Hour))
	first := Compare(e, i)
	if first.Relation != Supersedes {
		t.Fatalf("%s (%s), want %s", first.Relation, first.Reason, Supersedes)
	}
	for k := 0; k < 200; k++ {
		if d := Compare(e, i); d != first {
			t.Fatalf("run %d: %s (%s); the first run: %s (%s)", k, d.Relation, d.Reason, first.Relation, first.Reason)
		}
	}
}

// TestAFourthPersonsMessages: a runner's messages through the service: a
// correction that denies the stored value and gives another takes it
// back; a denial without a correction of that value does not.
func TestAFourthPersonsMessages(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"I'm allergic to ibuprofen so I use paracetamol.", "I'm not allergic to ibuprofen actually, it was naproxen.", 40 * day, Supersedes},
		{"I'm allergic to penicillin.", "I'm not allergic to ibuprofen actually, it was naproxen.", 40 * day, Unrelated},
		// a physio is one held at a time, like a dentist
		{"My physio is Claire at Body Works.", "Switched physio to Dan at Motion Clinic.", 33 * day, Supersedes},
		{"My physio is Claire at Body Works.", "My wife's physio is Dan at Motion Clinic.", 33 * day, Unrelated},
	})
}

// TestStreamSeventy: what the readable streams of hold-out 70 showed: a
// switch to a company is no change of what else the speaker "is"; a
// function word shared is no thing shared.
func TestStreamSeventy(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"I'm lactose intolerant, so no dairy-heavy recipes please.", "Switched to a company called BuildRight Renovations.", 60 * day, Unrelated},
		{"I'm a clinical pharmacist on the oncology unit at Sunnybrook in Toronto.", "Switched to a company called BuildRight Renovations.", 100 * day, Unrelated},
		{"I'm a vegetarian.", "Switched to vegan in January.", 150 * day, Supersedes},
	})
	a, b := "Upgraded my laptop to a MacBook Air, the school one takes ten minutes to boot.", "Switched my phone to Giffgaff, £12 a month for way more data than EE gave me."
	if d, ok := changeByMeaning(t, a, b, 11*day, 0.86, false); ok {
		t.Errorf("%q / %q: %s (%s), want nothing decided", a, b, d.Relation, d.Reason)
	}
}

// TestWordsToTheListener: what a claim asks of the listener ("so no
// dairy-heavy recipes please", "so never suggest anything with it") denies
// nothing of the claim; a claim that denies its own value still does.
func TestWordsToTheListener(t *testing.T) {
	at := time.Date(2024, 3, 4, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		a, b  string
		apart bool
	}{
		{"I'm allergic to penicillin, so flag it if I ever ask about antibiotics.", "Can't remember if I said, penicillin brings me out in hives so I steer clear of it.", false},
		{"I'm lactose intolerant, so no dairy-heavy recipes please.", "Dairy absolutely wrecks me, lactose intolerant remember.", false},
		{"I'm allergic to penicillin.", "I'm not allergic to penicillin.", true},
	} {
		e, i := extractOne(t, c.a, at), extractOne(t, c.b, at.Add(30*24*time.Hour))
		if why := Apart(e, i); (why == "one denies what the other affirms") != c.apart {
			t.Errorf("%q / %q: apart %q, want a denial apart: %v", c.a, c.b, why, c.apart)
		}
	}
}

// TestAPersonsMeasures: a person's weight and a medicine's dose are read as
// one value each, whatever the verb says them ("Down to 80.5kg", "Weighed
// in at 78.2", "Dr Evans upped my sertraline to 100mg"), so a later reading
// replaces the earlier one; someone else's, a goal, a second dose beside
// the first and a dose in other units are not the speaker's same value.
func TestAPersonsMeasures(t *testing.T) {
	wantRelations(t, 30*24*time.Hour, []pairWant{
		{"I weigh 82kg at the moment and I'm aiming for 76 by the summer.", "Down to 80.5kg this morning!", Supersedes},
		{"Down to 80.5kg this morning!", "I weigh 79kg now.", Supersedes},
		{"I weigh 79kg now.", "Weighed in at 78.2 this morning.", Supersedes},
		{"My GP put me on sertraline 50mg in November, it's helping a bit.", "Dr Evans upped my sertraline to 100mg today.", Supersedes},
		{"I'm on 20mg of citalopram.", "They reduced my citalopram to 10mg.", Supersedes},
		{"Dr Evans upped my sertraline to 100mg today.", "Reminder for me: my sertraline dose is 100mg, don't let me forget when I fill in the clinic form.", Duplicate},
		{"I take 50mcg of levothyroxine.", "My levothyroxine dose is 50 micrograms.", Duplicate},
		{"We hired a junior designer, Kofi, he starts on Monday, so we're five now.", "Kofi left after a month, so we're back to four.", Supersedes},
		// not the speaker's same value
		{"The suitcase weighs 23kg.", "I weigh 80kg.", Unrelated},
		{"My son weighs 20kg.", "I weigh 80kg.", Unrelated},
		{"I'm trying to get my weight down to 75 kg.", "Weighed in at 82 kg this morning.", Unrelated},
		{"I lost 3kg this month!", "I weigh 80kg.", Unrelated},
		{"I take 20mg of citalopram.", "I take 500mg of metformin twice a day.", Unrelated},
		{"I take 500 mg of metformin with breakfast.", "I also take metformin 500 mg with my evening meal.", Unrelated},
		{"I take 1000 IU of vitamin D daily.", "I take 25 micrograms of vitamin D every day.", Unrelated},
	})
}

// TestOwnThingsChangedAndCorrected: a change the speaker makes to their own
// thing ("Changing my retainer to 40%", "We've moved our standup to 10am")
// and a correction of what the speaker said before ("I told you the offsite
// was in Leipzig — it's actually in Potsdam") replace what was said.
func TestOwnThingsChangedAndCorrected(t *testing.T) {
	wantRelations(t, 30*24*time.Hour, []pairWant{
		{"My retainer is 30% non-refundable at booking, rest due 30 days before the wedding", "Changing my retainer to 40% for new bookings from March, too many postponements last year", Supersedes},
		{"Our standup is at 9:30.", "We've moved our standup to 10am.", Supersedes},
		{"Team offsite is in Leipzig on 14–15 November, I'm organising it", "Correction: I told you the offsite was in Leipzig — it's actually in Potsdam, I was mixing it up with last year's.", Supersedes},
		{"The bank call is at 3pm.", "I said the call was at 3pm earlier, it's 4pm.", Supersedes},
		// another thing of the speaker's, or an amount of another kind
		{"My retainer is 30% non-refundable at booking.", "Changing my deposit to 40% for new bookings.", Unrelated},
		{"Our standup is at 9:30.", "We've moved our retro to Fridays.", Unrelated},
	})
}

// TestCorrectionAfterADash: what follows the dash of "oops, I gave you the
// wrong date before — …" or "Scratch that — …" is the claim, and a
// correction; a claim before the dash stays the claim.
func TestCorrectionAfterADash(t *testing.T) {
	wantRelations(t, 30*24*time.Hour, []pairWant{
		{"the Nakamura wedding is June 14 at Brock House, they want a first look at 1pm", "oops, I gave you the wrong date before — the Nakamura wedding is June 21, not the 14th. same venue", Supersedes},
		{"The Lisbon trip is on 3 May.", "Scratch that — the Lisbon trip is on 10 May.", Supersedes},
		{"Actually, the repo's default branch is master.", "Actually, we renamed the default branch to main - master isn't used any more.", Supersedes},
	})
}

// TestPlanCalledOff: a claim that a plan is off, named by the plan's own
// words, retires the plan; one naming something else does not.
func TestPlanCalledOff(t *testing.T) {
	wantRelations(t, 7*24*time.Hour, []pairWant{
		{"We've decided to move the studio to a cheaper place in Easton from June.", "Actually the Easton move is off, the lease fell through.", Supersedes},
		{"We're going on a Lisbon trip on 3 June.", "The Lisbon trip has been cancelled.", Supersedes},
		{"We've decided to move the studio to a cheaper place in Easton from June.", "The Lisbon trip has been cancelled.", Unrelated},
		{"We've decided to move the studio to a cheaper place in Easton from June.", "The Bristol move is off.", Unrelated},
	})
}

// TestDayOffIsNoPlanCalledOff: "Eli's off this Tuesday" is a day off, not
// a plan with Eli called off.
func TestDayOffIsNoPlanCalledOff(t *testing.T) {
	if d := relate(t, "Eli and I are off to Tofino 20–24 March, first proper break in ages", "Eli's off this Tuesday too so we're hiking Grouse", 7*24*time.Hour); d.Relation != Unrelated {
		t.Errorf("%s (%s), want unrelated", d.Relation, d.Reason)
	}
}

// TestShiftsAndDietChanged: the shifts someone works and what the speaker
// eats hold one value each ("works nights" / "switched to day shifts";
// "I'm vegetarian" / "I've started eating fish again"); someone else's
// shifts, working late, and fish beside no meat are other things.
func TestShiftsAndDietChanged(t *testing.T) {
	wantRelations(t, 30*24*time.Hour, []pairWant{
		{"My partner Sam works nights at the BRI as a radiographer.", "Sam switched to day shifts, finally we see each other.", Supersedes},
		{"I work nights at the moment.", "I'm on days now.", Supersedes},
		{"I'm vegetarian, have been since uni, so keep that in mind for recipes.", "I've started eating fish again, doctor says I need the omega 3.", Supersedes},
		{"I work nights at the moment.", "My sister works days at the bakery.", Unrelated},
		{"I work nights at the moment.", "I worked late at the office on Tuesday.", Unrelated},
		{"I don't eat meat.", "I eat fish.", Unrelated},
	})
}

// TestASixthPersonsChanges: from a sixth person's messages run through the
// service: a denial the speaker leaves unsaid ("Not allergic to penicillin
// after all"), a correction after "but", a team's headcount, a labelled
// event's new date.
func TestASixthPersonsChanges(t *testing.T) {
	wantRelations(t, 20*24*time.Hour, []pairWant{
		{"I'm allergic to penicillin, just so you know.", "Not allergic to penicillin after all, the allergy test came back clear!", Supersedes},
		{"My wife Priya's birthday is 14 April, I want to book somewhere nice.", "Quick one: I said Priya's birthday was the 14th but it's actually the 16th of April.", Supersedes},
		{"The platform team is six engineers.", "We hired two more engineers, so the platform team is eight now.", Supersedes},
		{"The Q2 planning offsite is on 23 March in Manchester.", "The offsite got moved to 30 March.", Supersedes},
		// another team, another allergy
		{"The platform team is six engineers.", "The data team is eight now.", Unrelated},
		{"I'm allergic to penicillin, just so you know.", "Not allergic to cats after all, the test came back clear!", Unrelated},
	})
}

// TestTwoThingsOneChanged: a claim that says two things ("Anaya is 9 and
// does swimming on Thursdays") is not retired by a change of the one that
// is not its slot's value (the swimming day); a claim of the swimming alone
// is still retired.
func TestTwoThingsOneChanged(t *testing.T) {
	wantRelations(t, 14*24*time.Hour, []pairWant{
		{"My daughter Anaya is 9 and does swimming at Clifton Lido on Thursdays.", "Anaya's swimming moved to Tuesdays from next week.", Unrelated},
		{"My daughter Anaya does swimming at Clifton Lido on Thursdays.", "Anaya's swimming moved to Tuesdays from next week.", Supersedes},
	})
}

// TestAgeInAClaimOfTwoThings: the age a claim gives as its slot's value is
// compared as an age, however much more the claim says ("Anaya is 9 and does
// swimming on Thursdays" / "Anaya turned 10 on Saturday"); an age to come
// ("Leo's 5 next month") is not the age now.
func TestAgeInAClaimOfTwoThings(t *testing.T) {
	wantRelations(t, 30*24*time.Hour, []pairWant{
		{"My daughter Anaya is 9 and does swimming at Clifton Lido on Thursdays.", "Anaya turned 10 on Saturday, we did a pizza party.", Supersedes},
		{"Leo is 4 and goes to Little Acorns.", "Leo is 5 next month, can you help me plan a party?", Unrelated},
	})
}

// TestIntroducedAgeGrows: the age a person gives beside their name when
// they introduce themselves is replaced by the age they give later.
func TestIntroducedAgeGrows(t *testing.T) {
	if d := relate(t, "im mia, 27, living in leeds w my boyfriend jack and our cat biscuit", "oh and i'm 28 now, birthday was yesterday haha", 25*24*time.Hour); d.Relation != Supersedes {
		t.Errorf("%s (%s), want supersedes", d.Relation, d.Reason)
	}
}

// TestDayOfTheMonthAlone: "on the 20th" is a date for the comparison, the
// same day as "20 May", so a move "to the 27th" changes it; "the 3rd
// floor" is no date.
func TestDayOfTheMonthAlone(t *testing.T) {
	wantRelations(t, 4*24*time.Hour, []pairWant{
		{"biscuit has a vet appt on the 20th for her jabs", "vet moved biscuit's appt to the 27th", Supersedes},
		{"Biscuit has a vet appointment on the 20th for her jabs.", "The vet moved Biscuit's appointment to the 27th.", Supersedes},
		{"I live on the 3rd floor.", "The party is on the 3rd.", Unrelated},
		{"Biscuit has a vet appointment on the 20th for her jabs.", "Biscuit's vet appointment is on 20 January.", Duplicate},
	})
}

// pairWant is a pair of claims and the relation wanted between them.
type pairWant struct {
	a, b string
	want Relation
}

// wantRelations checks each case's relation, b said gap after a
// (checkRelations with one gap for all).
func wantRelations(t *testing.T, gap time.Duration, cases []pairWant) {
	t.Helper()
	rc := make([]relCase, len(cases))
	for i, c := range cases {
		rc[i] = relCase{c.a, c.b, gap, c.want}
	}
	checkRelations(t, rc)
}

// TestWhatHeldBeforeANamedThing: a claim that says what held "before" a
// thing the speaker's earlier claim gives as their own is that thing's
// older state; a time, a name inside a longer name, someone else's past,
// or a plan is not.
func TestWhatHeldBeforeANamedThing(t *testing.T) {
	wantRelations(t, 120*24*time.Hour, []pairWant{
		{"I bank with Tangerine, everything's in the app.", "Used to bank with TD before Tangerine, the monthly fees drove me up the wall.", SupersededBy},
		{"Our GP is Dr Okafor at Heaton Moor Medical Centre, she's brilliant with Josh's asthma.", "We were with Dr Hughes before Dr Okafor, he retired the year Josh was born.", SupersededBy},
		{"I live in Heaton Moor with my two, Ellie who's 16 and Josh who's 13.", "Before Heaton Moor we lived in Cheadle Hulme, back when I was still married.", SupersededBy},
		{"I drive a 2016 Renault Clio, it's held up well on the wedding runs.", "Before the Clio I had an ancient Fiat Panda with no air con.", SupersededBy},
		{"Name's Dale, I drive truck for Prairie Line Freight.", "Before Prairie Line I was with Bison Transport for six years.", SupersededBy},
		{"I do the weekly food shop at Aldi on Kirkstall Road, usually Sunday mornings.", "Before Aldi I used to get a big Tesco delivery every Friday, way too pricey.", SupersededBy},
		{"We live in a two-bed condo in Leslieville, me and my partner Jess.", "Before Leslieville, Jess and I were in a basement apartment in the Annex.", SupersededBy},
		// a name inside a longer one, a thing that is not the claim's value
		{"Every Tuesday morning I read picture books to the children at the Sumiyoshi library.", "Before Sumiyoshi we lived in Sakai for almost twenty years.", Unrelated},
		{"Our GP is Dr Okafor at Heaton Moor Medical Centre, she's brilliant with Josh's asthma.", "Before Heaton Moor we lived in Cheadle Hulme, back when I was still married.", Unrelated},
		{"I'm a team lead at a fintech in Berlin (Kontor, we do B2B payments).", "Before Kontor I was at Zalando for 4 years as a senior backend dev.", Unrelated},
		// a time, someone else's past, a plan, a thing not named before
		{"We spend Christmas at my mum's in Harrogate.", "Before Christmas we went to Edinburgh for the markets.", Unrelated},
		{"I bank with Tangerine, everything's in the app.", "Before Tangerine, she banked with TD for years.", Unrelated},
		{"I bank with Tangerine, everything's in the app.", "Before Tangerine I'll move my savings to EQ Bank.", Unrelated},
		{"I drive a 2016 Renault Clio.", "Before the wedding we had dinner at Nando's.", Unrelated},
	})
}

// TestAValueChangedAmongOtherWords: a person's message gives a value
// among words about other things; a later one worded as a change gives
// another value of the same kind beside a word that names the same thing,
// and replaces it. A value of another period, a quote, a one-off day, a
// target, a limit, another person's or another qualified thing's value
// does not.
func TestAValueChangedAmongOtherWords(t *testing.T) {
	wantRelations(t, 90*24*time.Hour, []pairWant{
		{"my phone's with EE, £32 a month, out of contract since the summer. is that a rip off?", "EE have put my bill up to £35.50 from April. the annual inflation-plus thing. grr", Supersedes},
		{"Cake from Mole Valley Farmers is £310 a tonne delivered.", "mole valley cake's gone to £335 a tonne. daylight robbery", Supersedes},
		{"GP says my blood pressure's too high, she's started me on amlodipine 5mg.", "back at the GP, she's upped the amlodipine to 10mg as the 5 wasn't doing enough.", Supersedes},
		{"Yoga is Wednesdays at 7pm, small studio in Canton.", "Yoga's Mondays at 6.30 from now on, the studio lost the Wednesday slot.", Supersedes},
		{"Estyn rang. Our inspection is 4-6 February.", "Estyn have pushed our inspection back to 11-13 March, something about inspector availability.", Supersedes},
		{"we rent a 2 bed in Brunswick, $620 a week, lease is up in Feb next year", "landlord's putting the rent up to $660 from July. not thrilled", Supersedes},
		{"My phone contract with EE is £38 a month.", "EE have put my monthly phone bill up to £41.", Supersedes},
		{"I put £300 a month into my ISA.", "Upped my ISA contributions to £500 a month after the pay rise.", Supersedes},
		{"I'm an admissions officer in the international team at RMIT, been there 4 years, on about $78k.", "senior admissions officer from 1 August, salary goes to $86k", Supersedes},
		{"I'm Priya, I'm an admissions officer at RMIT, on about $78k.", "GOT PROMOTED!! senior admissions officer from 1 May, salary goes to $86k", Supersedes},
		{"INSET day is Friday 15th Nov.", "sorry, I said the 15th - INSET is Monday 18th November.", Supersedes},
		{"dentist booked wed 12 june 3pm at Sydney Rd Dental", "dentist rang, they've pushed me back to the 19th, same time", Supersedes},
		{"My physio appointments are on Wednesdays at 10am.", "My physio has switched me to Fridays at 2pm.", Supersedes},
		{"Rent on our place is £925 a month, which is a stretch on one wage tbh.", "Landlord's letter came, rent's going up to £995 a month from March.", Supersedes},
		{"My day rate for a full wedding is €1,800 at the moment.", "Put my day rate up to €2,100 this month, demand's been mad.", Supersedes},
		{"Gina: The shop opens at 9am on Saturdays.", "Jon: The studio now opens at 10am on Saturdays.", Unrelated},
		{"Josh's football training is Tuesdays at 6pm at the rec on Green Lane.", "Josh's football training is Thursdays at 6:30 now, new league rules.", Supersedes},
		{"Josh's football training is Tuesdays at 6pm at the rec on Green Lane.", "Josh's football training is Thursdays for now, while the rec is resurfaced.", Unrelated},
		{"Note to self: Josh's parents' evening is Thursday 5th October at 5:30.", "Josh's football training is Thursdays at 6:30 now, new league rules.", Unrelated},
		{"I'm presenting at RustConf on 10 September.", "Sorry, I got that wrong, my RustConf talk is on 11 September.", Supersedes},
		{"We've switched our veg box to Riverford, it comes on Tuesdays now.", "Riverford have moved our veg box delivery to Thursdays.", Supersedes},
		{"The gym opens at 6am.", "The gym has moved its pool opening to 7am.", Unrelated},
		{"Biscuit gets 200 g of dry food a day.", "The vet told us to cut Pepper's food to 150 g a day.", Unrelated},
		{"Ruby gets £10 a week for chores.", "Finn has started getting £4 a week for chores now he's eight.", Unrelated},
		// another period, a quote, a one-off, a target, a limit
		{"Last month my server's uptime was 99.9%.", "This month my server's uptime has dropped to 97%.", Unrelated},
		{"Electrician quoted £450 to add sockets in the garage.", "Same electrician quoted £1,100 for a new consumer unit.", Unrelated},
		{"pilates is wednesday this week only bc of the kings birthday holiday", "the studio scrapped the monday pilates class so I'm doing thursdays 6.30 instead", Unrelated},
		{"I've got 18 weddings booked for 2025 so far, aiming for 24", "booked 3 more this week!! 21 weddings for 2025 now", Unrelated},
		{"Max upload size on the public website is 10 MB.", "The internal admin portal allows uploads up to 100 MB.", Unrelated},
		// another person's, another thing's, a word that names nothing
		{"My rent is £900 a month, which is a stretch.", "My sister's rent has gone up to £1,100 a month.", Unrelated},
		{"The staging server has 8 GB of memory.", "The production server has gone up to 16 GB now.", Unrelated},
		{"Bought a Godox flash for €320, the old one finally died mid-reception.", "We moved across the river to Almada, rent's €980 and Bolacha finally has a garden.", Unrelated},
		{"Rent at our old flat on Cable Street was £900 a month.", "Rent at the new flat is £1,150 a month.", Unrelated},
		// a dose per tablet and a day's, two months' usage, two products'
		// prices, a change only floated
		{"my gabapentin tablets are 200mg each", "up to 600mg of gabapentin a day now, three tablets spread out", Unrelated},
		{"january's water usage was 9 cubic metres", "february water usage is up to 11 cubic metres, must be the new shower", Unrelated},
		{"boots own-brand paracetamol is 39p", "boots ibuprofen's up to 89p now", Unrelated},
		{"at the garden centre compost is £7 a bag", "garden centre bark chippings are £9.50 a bag now", Unrelated},
		{"our rent is £1,300", "landlord floated putting the rent up to £1,400 next year, just an idea for now he said", Unrelated},
	})
}

// TestAmountsOfTwoThings: a later amount of the same kind, at the same
// place, worded as a change, is still not the earlier one's new value
// when it is another item's, a limit against what is used, only offered,
// or per item against per time.
func TestAmountsOfTwoThings(t *testing.T) {
	wantRelations(t, 60*24*time.Hour, []pairWant{
		{"the margherita at luigi's is £11", "pepperoni at luigi's is £14 now!!", Unrelated},
		{"15kg bag of dog food at petworld is £42", "petworld's cat litter has gone up to £12 a bag now", Unrelated},
		{"oat milk at the corner shop is £1.95 now", "corner shop's almond milk is up to £2.30, daylight robbery", Unrelated},
		{"the bakery on the corner does sourdough for £4.50", "popped into the bakery on the corner this morning and the croissants have gone up to £2.10 each", Unrelated},
		{"my overdraft limit is £500", "sorry to bring it up again but I'm now £320 into my overdraft, ugh", Unrelated},
		{"our broadband is 67Mbps", "BT are offering 500Mbps broadband for the same price if we switch, tempting", Unrelated},
		{"the dog walker charges £12 per walk", "dog walker is now £60 a week since we added fridays", Unrelated},
		// one item's new amount still changes it
		{"my usual coffee at gails is £3.60", "my usual coffee at gails has gone up to £3.95", Supersedes},
		{"The renovation budget is £1.2 million.", "The renovation budget has gone up to £1.5 million.", Supersedes},
		{"I weigh 82kg at the moment and I'm aiming for 76 by the summer.", "Down to 80.5kg this morning!", Supersedes},
	})
}

// TestAThingEnded: a later claim that ends a thing the earlier one names
// as the speaker's own retires it; someone else's ending, a thing closed
// for a while, a generic noun, or an ending denied does not.
func TestAThingEnded(t *testing.T) {
	wantRelations(t, 150*24*time.Hour, []pairWant{
		{"I drive a 2016 Skoda Octavia estate, MOT due mid October.", "finally got rid of the Skoda! picked up a used Kia Niro EV, 2022, 30k miles.", Supersedes},
		{"my phone's with EE, £32 a month, out of contract since the summer.", "Ended up leaving EE altogether, went to giffgaff - £12 a month sim only, kept my number.", Supersedes},
		{"my CPA is Linda Reyes, she does my quarterly estimates.", "Linda's retired :( my new CPA is Marco Diaz at Diaz & Pham, she handed my file over", Supersedes},
		{"gym is Fitness First in the city, $27 a fortnight, I try to go at lunch", "cancelled fitness first, I literally never went. doing coburg parkrun on saturdays and swimming instead", Supersedes},
		{"I've got a 2012 Mazda 3, rego is due in september.", "sold the Mazda on marketplace for $6,500. we'll just share Dan's Corolla", Supersedes},
		{"I'm doing B1 German at the VHS on Tuesday and Thursday evenings, 6 to 8:15.", "I've stopped going to the VHS class, it was too much with work.", Supersedes},
		{"My phone's an iPhone 12 and the battery's dead by lunchtime.", "Got a Pixel 8, gave the old iPhone to Mum.", Supersedes},
		{"I drive a 2014 Vauxhall Corsa, it's on 98k miles and making a funny noise.", "The Corsa failed its MOT so I've replaced it with a 2019 Kia Ceed.", Supersedes},
		{"I drive a 2012 Mazda3 that's held together by rust and hope.", "We traded the Mazda in for a 2021 RAV4, finally have heated seats.", Supersedes},
		{"laptop is a 2021 14in MBP, M1 Pro 32GB.", "finally replaced the M1 Pro - got a 14in M4 Pro with 48GB.", Supersedes},
		{"I drive a 2014 Vauxhall Corsa.", "My brother replaced his Corsa with a Kia last week.", Unrelated},
		{"I'm Dana, I work as a product designer at Finch Labs in Leeds.", "Priya left Finch Labs; my new manager is Tom Reilly.", Unrelated},
		// someone else's, closed for a while, a generic noun, denied
		{"I'm a senior backend engineer at Routewise, a logistics startup here in Toronto.", "Karen Li's left Routewise for Shopify, we're getting lunch next week.", Unrelated},
		{"Ada's at Kita Sonnenblume, I do drop-off around 9.", "Ada's Kita is closed 23 Dec – 3 Jan, Lena and I need to figure out who works which days", Unrelated},
		{"My sister lives in London.", "We moved out of London in 2015.", Unrelated},
		{"I live in Leeds.", "My sister moved out of Leeds to Bristol last spring.", Unrelated},
		{"The savings account pays 4.1% interest.", "The bank dropped the interest on our current account to 0.1%.", Unrelated},
		{"I've got a 2012 Mazda 3, rego is due in september.", "I didn't sell the Mazda in the end, nobody wanted it.", Unrelated},
		// a day is when a thing closes, not what
		{"The Mission have put me on Thursday mornings, they were short on Thursdays.", "Book club has shifted to the last Monday of the month from February, the library's closing Thursday evenings", Unrelated},
		// "off" a place is where
		{"I've got a two bedroom unit in Devonport, bought it last year after I sold the family home.", "my boat is a Farr 727 called Tūī, I keep her on a swing mooring off Devonport wharf", Unrelated},
		// "all" is no word of what a claim is about
		{"all our bookings go through ResDiary.", "Ripped it all out and we're on Square as of Monday", Unrelated},
	})
}

// TestChangeByMeaningOfAnotherThing: a change by meaning is not read when
// the only word two claims share is a vague time ("after 38 years" / "for
// years") or a currency sign, or when the change moves in time a thing the
// other claim does not name; a rate's unit ("20 km a week") and a moved
// occasion ("my appointment") still relate.
func TestChangeByMeaningOfAnotherThing(t *testing.T) {
	month := 30 * 24 * time.Hour
	for _, c := range []struct {
		a, b string
		sim  float64
		want Relation
	}{
		{"I retired in March after 38 years as an engineer with Watercare.", "I was with Spark for years before One NZ, only went over for the phone deal", 0.864, Unrelated},
		{"went with FBD for the van in the end, €1,280.", "sold the transit to a lad in Meath for €14k.", 0.87, Unrelated},
		{"committee meeting is set for nov 14 at 1pm, I need to start on slides this week", "they bumped my comp exam to may 12, one of the committee members is on sabbatical til april", 0.9, Unrelated},
		{"I run 20 km a week.", "I've upped my running to 35 km a week for marathon training.", 0.86, Supersedes},
		{"I've got the dentist on 14 May at 3pm.", "They pushed my appointment back to 20 May.", 0.9, Supersedes},
		{"I've got the dentist on 14 May at 3pm.", "They pushed my MOT back to 20 May.", 0.9, Unrelated},
	} {
		d, ok := changeByMeaning(t, c.a, c.b, month, c.sim, false)
		if !ok {
			d.Relation = Unrelated
		}
		if d.Relation != c.want {
			t.Errorf("%q / %q at %.3f: %s (%s), want %s", c.a, c.b, c.sim, d.Relation, d.Reason, c.want)
		}
	}
}

// TestTheSpeakersJobChanged: the speaker's job title said again as
// changed ("now", "as of", a promotion) retires the old one; a role held
// beside it, or a job denied, does not.
func TestTheSpeakersJobChanged(t *testing.T) {
	wantRelations(t, 200*24*time.Hour, []pairWant{
		{"I'm a staff nurse on the children's ward at Wythenshawe Hospital, been there six years.", "Got it! I'm a junior sister now, can't quite believe it.", Supersedes},
		{"Quick intro: I'm a senior backend engineer at Routewise, a logistics startup here in Toronto.", "Got promoted! I'm tech lead on the payments team as of this week.", Supersedes},
		{"I'm a clinical pharmacist on the oncology unit at Sunnybrook in Toronto.", "I'm the oncology pharmacy team lead now, promotion came through last week!", Supersedes},
		{"I'm a maths teacher at Roundhay High in Leeds.", "I'm a school governor now too, at the primary down the road.", Unrelated},
		{"I'm a maths teacher at Roundhay High in Leeds.", "I'm also a volunteer coordinator at the food bank now.", Unrelated},
		{"I'm a senior backend engineer at Routewise.", "I'm not a tech lead now, just so you know.", Unrelated},
	})
}

// TestTheSpeakersNameStays: a sentence read both as the speaker's name and
// as something that later changes keeps the name's reading.
func TestTheSpeakersNameStays(t *testing.T) {
	at := time.Date(2025, 1, 6, 9, 0, 0, 0, time.UTC)
	later := at.Add(90 * 24 * time.Hour)
	es, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "doc_1", Text: "I'm Priya, I'm an admissions officer at RMIT, on about $78k.", SaidAt: at, CreatedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	is, err := rules.Extractor{}.Extract(t.Context(), schema.Document{ID: "doc_2", Text: "salary goes to $86k from May", SaidAt: later, CreatedAt: later})
	if err != nil || len(is) == 0 {
		t.Fatalf("extract: %v, %d memories", err, len(is))
	}
	names := 0
	for _, e := range es {
		if !speakerName(e) {
			continue
		}
		names++
		if d := Compare(e, is[0]); d.Relation != Unrelated {
			t.Errorf("%q read as the name %q: %s (%s), want unrelated", e.Claim, e.Value, d.Relation, d.Reason)
		}
	}
	if names != 1 {
		t.Errorf("%d readings of the speaker's name, want 1", names)
	}
}

// TestAMoveOfHome: a move into another place retires where the same
// person lived; a move within the same place, a plan, or someone else's
// move does not.
func TestAMoveOfHome(t *testing.T) {
	wantRelations(t, 300*24*time.Hour, []pairWant{
		{"I rent a two-bedroom apartment in Red Deer.", "Moved into a townhouse in Lacombe, quieter and closer to the yard.", Supersedes},
		{"Dad lives on his own in Medicine Hat, he's 81.", "Dad moved into assisted living in Lethbridge, took a lot of convincing.", Supersedes},
		{"I rent a two-bedroom apartment in Red Deer.", "Moved into a bigger apartment in Red Deer, same street.", Unrelated},
		{"I rent a two-bedroom apartment in Red Deer.", "We might move into a townhouse in Lacombe next year.", Unrelated},
		{"I rent a two-bedroom apartment in Red Deer.", "My sister moved into a townhouse in Lacombe.", Unrelated},
	})
}

// TestTheSpeakersDiet: a diet said in passing is retired by another, or
// by eating again what it leaves out; someone else's diet, or a plan, is
// not.
func TestTheSpeakersDiet(t *testing.T) {
	wantRelations(t, 150*24*time.Hour, []pairWant{
		{"I've gone vegetarian this month, Elin talked me into it after some documentary.", "can you help me plan meals for next week - I'm eating fish again, so pescatarian rather than veggie.", Supersedes},
		{"been vegetarian about 3 yrs and I'm running out of dinner ideas that aren't just lentils", "eating fish again, my iron was low and I felt flat all the time.", Supersedes},
		{"I'm vegetarian, have been since uni.", "Elin's gone vegan, so dinners are getting complicated.", Unrelated},
		{"I'm vegetarian, have been since uni.", "I might start eating fish again if my iron stays low.", Unrelated},
		{"I'm pescatarian.", "eating fish again after the scare about mercury, which is a relief.", Unrelated},
		// one diet in two spellings, and one become
		{"I'm pescetarian.", "I'm pescatarian, so fish is fine.", Duplicate},
		{"I'm vegetarian, have been since uni.", "I've gone vegan, dairy was making me ill.", Supersedes},
	})
}

// TestOneEventGivenTwoTimes: a thing that happens once (an appointment,
// an inspection, a parents' evening) given two days or times said
// together, neither worded as a change, is a contradiction, whatever label
// opens the note; two of a kind, an event beside a routine, and other
// events of one name stay apart.
func TestOneEventGivenTwoTimes(t *testing.T) {
	wantRelations(t, 24*time.Hour, []pairWant{
		{"Dentist appointment is Wednesday 14th Feb at 2:15.", "My dentist appointment is on the 14th at 3:15, need to swap a shift for it.", Contradicts},
		{"Mia's parents' evening is Tuesday 7th November, 6pm.", "Reminder: Mia's parents' evening is Wednesday 8th November at 6pm.", Contradicts},
		{"The boiler inspection is on Monday 3 March at 9am.", "The boiler inspection is on Tuesday 4 March at 9am.", Contradicts},
		// moved: a change
		{"The boiler inspection is on Monday 3 March at 9am.", "They've moved the boiler inspection to Tuesday 4 March.", Supersedes},
		// two of a kind, another's, a routine
		{"The gas inspection is on 12 March.", "The electrical inspection is on 14 March.", Unrelated},
		{"The dentist appointment for Leo is on the 14th at 2:15.", "My dentist appointment is on the 14th at 3:15.", Unrelated},
		{"My flight out is on 3 May at 7am.", "The flight back is on 10 May at 6pm.", Unrelated},
		{"Physio appointments are on Tuesdays at 9.", "My physio appointment is on Thursday 6th at 11.", Unrelated},
	})
}

// TestWhatWouldBeInAnotherClause: what would be is read in the clause that
// gives a claim's value; a plan in another clause leaves the fact a fact.
func TestWhatWouldBeInAnotherClause(t *testing.T) {
	wantRelations(t, 24*time.Hour, []pairWant{
		{"my brother Kyle lives in Denver, thinking about visiting him.", "my brother Kyle lives in Phoenix, can you find flights for thanksgiving", Contradicts},
		{"Our mortgage is fixed at 4.1%.", "A new fix would be about 4.6% if we remortgaged.", Unrelated},
	})
}

// TestACountOpeningAClaim: a number after a capitalised word that opens a
// claim and names nothing ("Now 19 weddings") is a count; after a name
// ("Room 12") it is part of the name.
func TestACountOpeningAClaim(t *testing.T) {
	wantRelations(t, 90*24*time.Hour, []pairWant{
		{"I've got 14 weddings booked for 2024 so far.", "Now 19 weddings on the books for 2024!", Supersedes},
		{"We've got 3 hens at the allotment.", "Now 5 hens at the allotment, the new two are settling in.", Supersedes},
		{"Our meetings are in Room 12.", "Room 14 is where the printer lives.", Unrelated},
	})
}

// TestALessonIsAClass: a lesson and a class of one subject are one thing.
func TestALessonIsAClass(t *testing.T) {
	wantRelations(t, 60*24*time.Hour, []pairWant{
		{"Noah's swimming lessons are Wednesdays at 4pm at the sports centre.", "Noah's swim class got bumped to Friday afternoons, 3 o'clock, starting next term.", Supersedes},
		{"Maya's piano lessons are on Tuesdays at 4.", "Maya's swimming class has moved to Thursdays at 4.", Unrelated},
	})
}

// TestEurosWrittenAfterTheAmount: "1 800 € a month" is 1,800 euros a
// month, as "€1,800 a month" is: a space between groups of thousands and
// the sign after the amount.
func TestEurosWrittenAfterTheAmount(t *testing.T) {
	wantRelations(t, 200*24*time.Hour, []pairWant{
		{"The lease on the shop is 1 800 € a month plus charges.", "landlord sent the indexation letter: shop lease goes to 1 950 € a month", Supersedes},
		{"Our rent is 950€ a month.", "Our rent is €950 a month.", Duplicate},
	})
	for _, c := range []struct{ claim, typ, key string }{
		{"It costs 12 500 kr.", "quantity:kr", "12500"},
		{"The van cost 14 200 € in the end.", "money:eur:", "14200"},
	} {
		_, vs := typedValues(schema.Memory{Claim: c.claim})
		if len(vs) != 1 || vs[0].typ != c.typ || vs[0].key != c.key {
			t.Errorf("%q: %+v, want one %s of %s", c.claim, vs, c.typ, c.key)
		}
	}
}

// TestADenialBesideTheValue: a denial in a clause that gives none of the
// claim's values ("that first half hour sold almost nothing") denies none
// of them; one in the value's clause still does.
func TestADenialBesideTheValue(t *testing.T) {
	wantRelations(t, 70*24*time.Hour, []pairWant{
		{"We open at 6:30 every morning.", "We open at 7:00 now instead of 6:30, that first half hour sold almost nothing.", Supersedes},
		{"The gym is £30 a month.", "The gym's gone up to £35 a month, not that I go much.", Supersedes},
		{"The gym is £30 a month.", "The gym isn't £35 a month, that's the other branch.", Unrelated},
	})
}

// TestStillHeld: a claim that says a value still holds, with a word of
// what it is the value of, or that reminds of what holds, says the earlier
// claim again; another person's, another thing's, a value the word only
// names, or another value of its kind, does not.
func TestStillHeld(t *testing.T) {
	wantRelations(t, 150*24*time.Hour, []pairWant{
		{"Switched flour supplier: everything comes from Minoterie Forest now, organic and only 30 km away.", "still getting all my flour from Minoterie Forest, best move ever", Duplicate},
		{"doctor raised my amlodipine to 10 mg, the numbers were still too high", "still on amlodipine 10 mg, and my blood pressure is finally normal", Duplicate},
		{"I pay £50 a month for the gym.", "Still paying £50 a month for my phone.", Unrelated},
		{"Our neighbour Mr Patel is a retired teacher.", "Mrs Patel next door still works as a pharmacist.", Unrelated},
		{"We buy our flour from Minoterie Forest.", "We're not still with Minoterie Forest for the flour, we switched.", Unrelated},
		// a reminder of two values said before
		{"I own a little bakery on rue d'Austerlitz, up in Croix-Rousse in Lyon.", "in case you forgot, the shop is on rue d'Austerlitz at the top of Croix-Rousse", Duplicate},
		{"I own a little bakery on rue d'Austerlitz, up in Croix-Rousse in Lyon.", "in case you forgot, the shop is on rue Royale at the top of Croix-Rousse", Unrelated},
		// a reminder of what holds, in most of the same words; not of
		// a trip
		{"I'm coeliac so any recipes you give me need to be gluten free pls", "remember I'm coeliac when you suggest christmas recipes, strictly gluten free", Duplicate},
		{"Flying to Winnipeg for Dad's 70th, out Friday June 14 at 7:05am.", "Dad's in Winnipeg, for context, so visits are a big deal.", Unrelated},
	})
}

// TestEpisodeOfHabit: an account of one occasion neither changes nor
// contradicts a habit or an aim; a state changed on the day, or a change
// said to last, still does.
func TestEpisodeOfHabit(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"we're aiming for the kids to be in bed by 7:30", "kids were in bed at 8:15 tonight, new record for chaos", 8 * day, Unrelated},
		{"I do 3 sets of 12 on the bench", "went down to 2 sets on bench today, shoulder was sore", 4 * day, Unrelated},
		{"I usually swim 40 lengths on Tuesdays", "only swam 20 lengths this morning, pool was packed", 10 * day, Unrelated},
		// a rate is no habit
		{"The public API rate limit is 100 requests per minute.", "We raised the API rate limit to 250 req/min yesterday.", 90 * day, Supersedes},
		// a change said to last
		{"I usually swim 40 lengths on Tuesdays", "Upped it to 60 lengths on Tuesdays from now on, started today", 30 * day, Supersedes},
	})
}

// TestOtherHolder: what a person the other claim never names has or does
// changes nothing of the speaker's own; a person who takes the speaker's
// own thing does, and so does a named person's role given to another.
// Nor does a name said to be from a place retire the place, or
// "everything" ended end a thing of the speaker's.
func TestOtherHolder(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"I work 3 days a week", "Siobhan works 4 days a week now", 60 * day, Unrelated},
		{"My manager is Rachel Kim.", "Priya is my manager now", 60 * day, Supersedes},
		{"Priya Raman leads the data platform squad.", "As of today, Tomasz Wiśniewski is the lead of the data platform squad.", 200 * day, Supersedes},
		{"I live in Macroom", "The farm vet is Dr Maher from Macroom, we've been with him near 20 years", 60 * day, Unrelated},
		{"We bank with AIB", "moved from AIB to Revolut last month", 60 * day, Supersedes},
		{"Letter from the spółdzielnia: from July the czynsz goes up to 680 zł. Everything more expensive!!", "Georgia was 2019, just before covid closed everything.", 60 * day, Unrelated},
	})
}

// TestPlacesAndUnitsInAStream: a trip called off by its place's name, in
// lower case or not; a rent in złoty; cows counted with a participle
// before them.
func TestPlacesAndUnitsInAStream(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"we're going to Kerry for a week in August, rented a house in Ballinskelligs", "kerry is off, Niamh's roster changed.", 36 * day, Supersedes},
		{"I go to Porto instead, 12-21 May", "Porto is off.", 18 * day, Supersedes},
		// a person's day off is no plan called off
		{"Eli has swimming on Tuesday at 4", "Eli's off this Tuesday", 3 * day, Unrelated},
		{"The czynsz for my flat is 620 zł per month at the moment.", "from July the czynsz goes up to 680 zł.", 73 * day, Supersedes},
		{"We milk 90 cows.", "We milk 105 milking cows now.", 120 * day, Supersedes},
	})
}

// TestAgesInOtherShapes: one named person's age given as "is", as
// "turns" and as a birthday's ordinal cannot fall, nor rise faster than
// the years; a relation ("my son") may be two people.
func TestAgesInOtherShapes(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"Magda is 41 now, hard to believe.", "Magda turns 38 on 14 October, I am baking her a szarlotka", 179 * day, Contradicts},
		{"my brother Ger is 52, he farms the place next to ours", "Ger's 49th is next month, we're doing a thing in the pub for him", 216 * day, Contradicts},
		{"Magda is 41 now, hard to believe.", "Magda turns 42 on 14 October", 179 * day, Unrelated},
		{"my brother Ger is 52", "Ger's 53rd birthday is next month", 216 * day, Unrelated},
		{"my son is 8", "my son turns 5 next week", 30 * day, Unrelated},
	})
}

// TestAnniversaryDate: the date of an anniversary is given once; another
// is a contradiction, while an anniversary dinner may move. "The whole
// farm" is the farm.
func TestAnniversaryDate(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"our anniversary is the 14th of june", "our anniversary is the 3rd of september, i nearly forgot it last year", 270 * day, Contradicts},
		{"Our anniversary dinner is on Saturday the 8th.", "Our anniversary dinner has moved to Sunday the 9th.", 2 * day, Supersedes},
	})
	if a, _ := subjectWords("the whole farm"); strings.Join(a, " ") != "farm" {
		t.Errorf("the whole farm: %q", a)
	}
}

// TestUntilOpensThePast: "Until 1996 we lived in Nowa Huta" says what held
// before, not where we live.
func TestUntilOpensThePast(t *testing.T) {
	if d := relate(t, "I live in Podgórze.", "Until 1996 we lived in Nowa Huta.", 365*24*time.Hour); d.Relation != SupersededBy {
		t.Errorf("%s (%s), want %s", d.Relation, d.Reason, SupersededBy)
	}
}

// TestDegreeTooAndParts: "too" before the word it qualifies ("still too
// high") and an opening "Also" are no addition; one owner's thing is not
// another's, nor a part the whole.
func TestDegreeTooAndParts(t *testing.T) {
	day := 24 * time.Hour
	checkRelations(t, []relCase{
		{"I take amlodipine 5 mg every morning for my blood pressure.", "doctor raised my amlodipine to 10 mg, the numbers were still too high", 80 * day, Supersedes},
		{"I have a cat called Miso.", "We have a cat called Tofu too.", 80 * day, Unrelated},
		{"my bedtime alarm is set for 10:30pm", "leo's bedtime is 8pm now he's started school, we were letting him stay up way too late", 200 * day, Unrelated},
		{"the italy trip is 10 days in total", "the rome leg of the trip is now 4 days", 19 * day, Unrelated},
		{"the course is 30 hours in total", "the practical module of the course is now 12 hours, they've shifted some of the theory into it", 22 * day, Unrelated},
	})
}
