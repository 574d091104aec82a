package conflicts

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/temporal"
)

// Relation is how an incoming claim stands to an existing one.
type Relation string

const (
	// Unrelated: both may be true (different subjects or attributes, or a
	// multi-valued attribute such as "likes" or "visited").
	Unrelated Relation = "unrelated"
	// Duplicate: the incoming claim says the same again; it should
	// reinforce the existing memory rather than make a twin.
	Duplicate Relation = "duplicate"
	// Supersedes: the incoming claim replaces the existing one, which
	// stops being true (its valid_to is set; nothing is deleted).
	Supersedes Relation = "supersedes"
	// SupersededBy: the incoming claim is an older value of a
	// single-valued attribute the existing memory already updates (material
	// arriving out of order); the incoming one is history, not news.
	SupersededBy Relation = "superseded_by"
	// Contradicts: the two cannot both be true and nothing in the evidence
	// settles which is; the person decides.
	Contradicts Relation = "contradicts"
)

// Decision is Compare's verdict with a sentence saying why.
type Decision struct {
	Relation Relation
	Reason   string
}

// LaterMargin is how much later an incoming claim must be than the existing
// one to count as "clearly later" and supersede it without being worded as
// a correction. Claims closer together than this (one conversation, the
// next day or two) that disagree are contradictions for the person to
// settle: "our flat is 68 square metres" and "... 85 square metres" said a
// day apart is one of them wrong, not a flat that grew. Times compared are
// ValidFrom when both claims have one, else SaidAt (else RecordedAt).
const LaterMargin = 72 * time.Hour

// DuplicateTextSimilarity is the least word-set overlap (Jaccard, after
// dropping articles and folding pronouns) at which two claims with no
// usable attribute are the same claim, provided they carry the same numbers
// and neither negates what the other affirms.
const DuplicateTextSimilarity = 0.85

// Compare decides how incoming stands to existing. The rules, in order:
//
//  1. Only claims about the same subject and attribute (after
//     normalisation: case, articles, "I/my" as "user", synonyms such as
//     "works for" = "works at"; or the same resolved entity as subject
//     when both carry EntityIDs) can supersede or contradict each other.
//     Claims that are not, but whose texts are near-identical, are
//     Duplicate; otherwise Unrelated.
//  2. Same value (case, punctuation, "v0.9.7" = "0.9.7"; "Lisbon" =
//     "Lisbon, Portugal") and same polarity: Duplicate.
//  3. Same value, opposite polarity ("I like X" / "I don't like X", or
//     "likes" / "dislikes"): Supersedes when incoming is a correction ("not
//     any more", "actually"), otherwise Contradicts.
//  4. Different values of a multi-valued attribute ("likes", "visited",
//     "uses", anything not known to be single-valued): Unrelated, both
//     true. A negation of a different value is also Unrelated.
//  5. Different values of an attribute that never changes (a birthday,
//     a date or place of birth, a blood type, a native language):
//     Supersedes only when incoming is a correction, otherwise
//     Contradicts, however much later it is.
//  6. Different values of a single-valued attribute ("lives in", "runs
//     on", "works at", "version", "favourite X", ...): Supersedes when
//     incoming is a correction; when incoming is clearly later (by
//     LaterMargin), Supersedes unless existing is Confirmed; when existing
//     is clearly later, SupersededBy; otherwise Contradicts.
//
// A Confirmed memory is never superseded except by an explicit correction:
// a confirmed claim wins later conflicts, which become Contradicts for the
// person to settle. Compare ignores State: the caller chooses which
// memories to compare. It is pure and safe for concurrent use.
func Compare(existing, incoming schema.Memory) Decision {
	d := compare(existing, incoming)
	if d.Relation == Supersedes && oneOff(claimTokens(unlabelled(incoming.Claim))) && !oneOff(claimTokens(unlabelled(existing.Claim))) {
		// "I start work at 9" / "just tomorrow I'm starting work at 7:30
		// for the audit, then back to normal": one occasion
		return Decision{Unrelated, "the incoming claim says it holds for one occasion only, after which the existing one holds again"}
	}
	switch d.Relation {
	case Supersedes, SupersededBy, Contradicts:
		if why := bothHold(existing, incoming); why != "" {
			// "the margherita at luigi's is £11" / "pepperoni at luigi's
			// is £14 now"
			return Decision{Unrelated, why}
		}
	}
	return d
}

// oneFreq is how often a value says, when that is all it says ("twice a
// day", "three times a week"): its key, or "".
func oneFreq(value string) string {
	ts, vals := typedValues(schema.Memory{Claim: value})
	if len(vals) != 1 || vals[0].typ != "freq" || vals[0].to-vals[0].from < len(ts)-1 {
		return ""
	}
	return vals[0].key
}

// otherShapes are the readings of two claims whose slots do not line up
// that come before the reading by topic, in order: the first that
// decides is the decision.
var otherShapes = []func(existing, incoming schema.Memory) (Decision, bool){
	compareRoles,     // a role one person holds at a time, said in other shapes
	switchedKind,     // "I've switched to almond milk in my coffee"
	renamedFrom,      // "billing-core has been renamed to ledger-service"
	deniedValue,      // "incidents no longer go to #ops-alerts"
	planCalledOff,    // "we've decided to move the studio to Easton" / "the Easton move is off"
	dietChanged,      // "I've gone vegetarian" / "I'm eating fish again"
	movedHomeTo,      // "I rent a two-bedroom apartment in Red Deer" / "Moved into a townhouse in Lacombe"
	endedThing,       // "I drive a 2016 Skoda Octavia" / "finally got rid of the Skoda!"
	changedAway,      // "I pick up my medicines at the pharmacy next to Hattori-Tenjin station" / "I changed pharmacy to the Welcia"
	wentWith,         // "Veg and fruit all comes from Brig o' Fruit" / "We've gone with Green Glen Produce … for all the veg and fruit"
	changedSupplier,  // "corks come from Corchos Andinos" / "changed cork supplier, now we buy from a Portuguese company"
	beforeNamed,      // "I bank with Tangerine" / "Used to bank with TD before Tangerine"
	stillHeld,        // "everything comes from Minoterie Forest now" / "still getting my flour from Minoterie Forest"
	agesOfOne,        // "Magda is 41 now" / "Magda turns 38 on 14 October"
	birthdaysOf,      // "It's Ada's birthday today!!!" / "Ada's birthday is 12 April"
	petTraits,        // "We have a dog, Praline, a beagle" / "Praline our cocker spaniel"
	weekdayMoved,     // "English lessons on Thursday evenings" / "english class moved to wednesday evenings"
	sameCondition,    // "I'm allergic to penicillin" / "reminder: I can't take penicillin, I'm allergic"
	movedThereIn,     // "Niamh is a nurse in Cork University Hospital" / "Niamh was still nursing in Tralee, she only moved to CUH in 2010"
	amountBack,       // "6 hectares of vines" / "my father bought this land in 1979, it was only 2 hectares of país then"
	tookOverAfter,    // "For the hip I see Dr. Mori" / "He treated my hip first … until he retired in 2023 and Dr. Mori took over"
	levelsRose,       // "At the club I am 2-dan" / "Promoted to 3-dan at the club!"
	titleSaidNow,     // "I'm a senior staff nurse at Al Zahra" / "guess who's charge nurse now 🎉 got the promotion"
	saidWrongly,      // "committee meeting is set for nov 14" / "sorry I said the 14th, its the 18th"
	postponedTo,      // "my qualificação is set for 20 August" / "quali got postponed … new date is 10 September"
	tripYears,        // "I was in Georgia in 2022" / "Georgia was 2019, just before covid"
	careerYears,      // "I taught for 38 years before retiring in 2021" / "in my 32 years in the classroom"
	datesOfOneThing,  // "My passport expires in March 2026" / "Passport's good until August 2026"
	totalsOfOneThing, // "the farm is 120 acres all in" / "the whole farm is only 85 acres"
	distancesFrom,    // "we're about 40 km from Valparaíso" / "we're close, just 15 km from Valpo"
	weddingYears,     // "We married in 1976 at the Old High Church" / "Our wedding was in 1979 at the Old High"
	startedWorkAt,    // "I work as a QA tester at Kudipay" / "First day at Northbridge Digital today!"
	statusDecided,    // "Skilled Worker visa application submitted" / "VISA APPROVED!!!!"
	tookOverFrom,     // "They're from Highland Home Care" / "Caremark took over from Highland Home Care"
	childrenCounts,   // "I'm the first of 3 children" / "as the first of four children"
	startedPlaceOf,   // "Granddaughter Isla is in P7 at Crown Primary" / "Isla started at Millburn Academy today"
	movedOffOnto,     // "QA engineer on the payments squad" / "they've moved me off payments onto the mobile app squad"
	eventDates,       // "His stroke was on the 3rd of November" / "Eleven months since his stroke on the 19th of October"
}

// compare is Compare before the check that the amounts are one thing's
// (notOneValue).
func compare(existing, incoming schema.Memory) Decision {
	if otherReadings(existing, incoming) {
		// "I'm vegetarian, and I can't stand coriander": a fact and a
		// preference read from one sentence, which both keep as their
		// claim; neither says the other again
		return Decision{Unrelated, "two readings of one sentence: the claims are the same words read as other subjects, attributes or values"}
	}
	if aside(existing.Claim) || aside(incoming.Claim) {
		if nearIdentical(existing.Claim, incoming.Claim) {
			return Decision{Duplicate, "the claims say the same thing in nearly the same words"}
		}
		return Decision{Unrelated, "a claim describes what was shown (\"[shares a photo: ...]\"), not what holds"}
	}
	if wouldBe(existing) != wouldBe(incoming) {
		// "our mortgage is fixed at 4.1%" / "a new fix would be about
		// 4.6% if we remortgaged": what would be is not what is
		return Decision{Unrelated, "one claim says what would be, not what is"}
	}
	if d, ok := yearsDontAddUp(existing, incoming); ok {
		// "24 years offshore now" / "been offshore since 1996";
		// "vegetarian for 12 years" / "vegetarian since 2005", whose
		// slots line up on one value
		return d
	}
	if d, ok := onceInALife(existing, incoming); ok {
		// "My husband Janusz died in 2017" / "Janusz passed in 2019";
		// "We got married in 2015" / "... in 2016", whose slots line up
		// but whose years the slot reading takes for other things
		return d
	}
	if d, ok := siblingOrder(existing, incoming); ok {
		// "My older sister Ana lives in Lisbon" / "my little sister Ana
		// lives in Lisbon": where she lives is said again, but which of
		// two siblings was born first is not
		return d
	}
	if d, ok := statedAges(existing, incoming); ok {
		// "Tom (41) is over in Brisbane" / "Can't believe he's 44": one
		// person's age, which the slots give but the sentences bury
		return d
	}
	ev, iv := viewOf(existing), viewOf(incoming)
	if ev.attr != iv.attr {
		// "teaches maths" / "is a maths teacher"
		if v, ok := agentParaphrase(ev, iv); ok {
			ev = v
		} else if v, ok := agentParaphrase(iv, ev); ok {
			iv = v
		}
	}
	ea, ia := ev.attr, iv.attr
	eNeg, iNeg := ev.neg, iv.neg

	sameSubj, why := sameSlotSubject(existing, incoming, ev, iv)
	if sameSubj && bareReference[strings.TrimSpace(ev.subj)] {
		// "we took them to the dog park" / "I took them to a snowy one":
		// who "them" is, the claims do not say
		sameSubj, why = false, fmt.Sprintf("the subject %q stands for someone the claims do not name", ev.subj)
	}
	if sameSubj && eNeg != iNeg && ea != ia && bareDenial(ev, iv) {
		// "the package was delivered to the front desk" / "the package
		// was never delivered": a denial of the act itself
		if incoming.Correction {
			return Decision{Supersedes, fmt.Sprintf("same subject %s; incoming %s that it %s at all and is worded as a correction", why, polarityVerb(iNeg), strings.Fields(ea)[0])}
		}
		return Decision{Contradicts, fmt.Sprintf("same subject %s; one says it %s and the other denies it happened at all", why, ea)}
	}
	if ea == "diet" && ia == "diet" && (ev.noMeat && iv.raw == "eats fish" || iv.noMeat && ev.raw == "eats fish" || pescatarianFish(ev.raw, iv.raw) || pescatarianFish(iv.raw, ev.raw)) {
		// "I don't eat meat" / "I do eat fish": a pescatarian says both
		return Decision{Unrelated, "not eating meat and eating fish may both be true"}
	}
	if ea == "" || ia == "" || ea != ia || !sameSubj {
		if nearIdentical(existing.Claim, incoming.Claim) && !rolesSwapped(existing.Claim, incoming.Claim) {
			return Decision{Duplicate, "the claims say the same thing in nearly the same words"}
		}
		for _, read := range otherShapes {
			if d, ok := read(existing, incoming); ok {
				return d
			}
		}
		if d, r, ok := readByTopic(existing, incoming); ok && !otherOwnThings(existing, incoming, ea, ia) && !slotUntouched(existing, d, r) {
			// slots that do not line up, read by topic and typed value
			return d
		}
		if d, ok := nearValue(existing, incoming); ok {
			// "my phone's with EE, £32 a month, out of contract" / "EE
			// have put my bill up to £35.50 from April"
			return d
		}
		if (ea == "" || ia == "") && sameWordsButTime(existing, incoming) {
			return whenDecision(existing, incoming, view{}, view{}, "the same claim", "the times differ")
		}
		if sameContent(existing, incoming) {
			return Decision{Duplicate, "the claims have the same content words, in another order"}
		}
		if ea != "" && ea == ia {
			return Decision{Unrelated, fmt.Sprintf("same attribute %q but different subjects (%q, %q)", ea, existing.Subject, incoming.Subject)}
		}
		return Decision{Unrelated, "the claims are not about the same subject and attribute"}
	}
	about := fmt.Sprintf("same subject %s and attribute %q", why, ea)
	if pe, pi := purpose(existing), purpose(incoming); pe != "" && pi != "" && pe != pi {
		// "we pay 90 pounds a month for council tax" / "... for water"
		return Decision{Unrelated, fmt.Sprintf("%s, but for different things (%q, %q)", about, pe, pi)}
	}

	evk, ivk := ev.val, iv.val
	if len(evk) == 0 || len(ivk) == 0 {
		if eNeg == iNeg && nearIdentical(existing.Claim, incoming.Claim) {
			return Decision{Duplicate, about + "; the claims say the same thing in nearly the same words"}
		}
		if eNeg == iNeg && len(evk) == 0 && len(ivk) == 0 && sameDay(existing.ValidFrom, incoming.ValidFrom) {
			// "the boiler was installed in 2018" / "we had the boiler installed in 2018"
			return Decision{Duplicate, about + ", with no value, dated the same"}
		}
		if d, ok := byTopic(existing, incoming); ok {
			return d
		}
		return Decision{Unrelated, about + ", but a value is missing, so they cannot be compared"}
	}
	if sameValue(evk, ivk) || sameContent(existing, incoming) || sameTypedValue(ev.raw, iv.raw) {
		// "speaks fluent Portuguese" / "speaks Portuguese fluently": the
		// same value's words in another order
		if eNeg == iNeg {
			if en, in := numbersOutside(existing.Claim, evk), numbersOutside(incoming.Claim, ivk); !slices.Equal(en, in) {
				return Decision{Unrelated, fmt.Sprintf("%s and the same value %q, but the claims carry other numbers (%s; %s): they are about other things", about, iv.raw, strings.Join(en, " "), strings.Join(in, " "))}
			}
			if va, vb := valueKeys(existing), valueKeys(incoming); valuesOfOneTypeDiffer(va, vb) {
				// "Ellie was born on 14 March 2017" / "... 14 May 2017": the
				// same word, other dates
				if d, ok := byTopic(existing, incoming); ok && d.Relation != Duplicate {
					return d
				}
				return Decision{Unrelated, fmt.Sprintf("%s and the same value %q, but the claims carry other values (%s; %s)", about, iv.raw, strings.Join(va, ", "), strings.Join(vb, ", "))}
			}
			if en, in := namesOutside(existing, evk), namesOutside(incoming, ivk); len(en) > 0 && len(in) > 0 && !slices.Equal(en, in) {
				// "I play squash with Ana and Tom" / "... with Ana and Bea"
				return Decision{Unrelated, fmt.Sprintf("%s and the same value %q, but the claims name other people or things (%s; %s)", about, iv.raw, strings.Join(en, ", "), strings.Join(in, ", "))}
			}
			if ed, id := detailsBeyond(existing, ev, incoming), detailsBeyond(incoming, iv, existing); len(ed) > 0 && len(id) > 0 {
				// "I work at Acme as a software engineer" / "I work at Acme
				// on the platform team": each says what the other does not
				return Decision{Unrelated, fmt.Sprintf("%s and the same value %q, but each claim says more that the other does not (%s; %s): both are kept", about, iv.raw, strings.Join(ed, " "), strings.Join(id, " "))}
			}
			return Decision{Duplicate, fmt.Sprintf("%s and the same value %q", about, iv.raw)}
		}
		if incoming.Correction {
			return Decision{Supersedes, fmt.Sprintf("%s; incoming %s the value %q and is worded as a correction", about, polarityVerb(iNeg), iv.raw)}
		}
		return Decision{Contradicts, fmt.Sprintf("%s; one affirms and the other denies the value %q, and neither is worded as a correction", about, iv.raw)}
	}
	if eNeg || iNeg {
		return Decision{Unrelated, fmt.Sprintf("%s; a denial of one value (%q vs %q) does not contradict another", about, ev.raw, iv.raw)}
	}
	if o1, o2, ok := otherOccasions(existing.Claim, incoming.Claim, evk, ivk); ok {
		return Decision{Unrelated, fmt.Sprintf("%s, but said of other occasions (%q, %q): both may hold", about, o1, o2)}
	}
	if h1, h2, tail, ok := sharedTail(evk, ivk); ok && actionAttribute(ea) && !(clockTime(h1) && clockTime(h2)) {
		// ("leaves at 06:40 on Friday" / "departs at 11:15 on Friday" is
		// one departure's time)
		return Decision{Unrelated, fmt.Sprintf("%s, but the values share %q and differ in what it is said of (%q, %q): other things", about, tail, h1, h2)}
	}
	values := fmt.Sprintf("values %q and %q differ", ev.raw, iv.raw)
	if eim, eborn := immutable(ev, existing); eim {
		if iim, _ := immutable(iv, incoming); iim {
			if eborn && dateLike(ev.raw) != dateLike(iv.raw) {
				return Decision{Unrelated, fmt.Sprintf("%s; %s, but one says when and the other where", about, values)}
			}
			if incoming.Correction {
				return Decision{Supersedes, fmt.Sprintf("%s, which never changes; %s and the incoming claim is worded as a correction", about, values)}
			}
			return Decision{Contradicts, fmt.Sprintf("%s, which never changes; %s, so one of them is wrong, and neither time nor a change settles which", about, values)}
		}
	}
	if ev.when && iv.when {
		// "from next month, pickup is at 3:30": a scheduled change
		ev.changed = ev.changed || scheduledChange(existing.Claim)
		iv.changed = iv.changed || scheduledChange(incoming.Claim) || routineNow(existing, incoming)
		return whenDecision(existing, incoming, ev, iv, about, values)
	}
	if !(singleValued(ev, existing) && singleValued(iv, incoming)) && !sameSlot(ea, evk, ivk) && !ownAmountCorrected(existing, incoming, ea, ev, iv) && !(ea == "prefers" && preferenceSlot(existing, incoming, evk, ivk)) && !(ea == "is" && (ev.changed || iv.changed) && (!speakerSubject(existing) || sharesValueWord(evk, ivk))) {
		if ea == "prefers" && namedAlternatives(existing, incoming) {
			// a choice between named things, or two tastes: settled only
			// by a correction, disputed only when said together
			switch {
			case incoming.Correction:
				return Decision{Supersedes, fmt.Sprintf("%s; %s, both named things, and the incoming claim is worded as a correction", about, values)}
			case !clearlyLater(incoming, existing) && !clearlyLater(existing, incoming):
				return Decision{Contradicts, fmt.Sprintf("%s; %s, both named things preferred at the same time", about, values)}
			}
			return Decision{Unrelated, fmt.Sprintf("%s; %s, preferences said apart may both hold, so neither is retired", about, values)}
		}
		if d, ok := retiredByName(existing, incoming); ok {
			// "the plumber's coming Thursday at 10, not Wednesday": the
			// incoming claim names the value it retires
			return d
		}
		if incoming.Correction && correctsValue(incoming.Claim, ev.raw) {
			// "Ana is our VP of Engineering" / "Sorry, she's the CTO, not
			// VP": a slot that may hold several values, but the
			// correction names the one it takes back
			return Decision{Supersedes, fmt.Sprintf("%s; the incoming claim is worded as a correction and names %q as the value it takes back", about, ev.raw)}
		}
		if d, r, ok := readByTopic(existing, incoming); ok && (d.Relation == Duplicate || ev.when != iv.when || r.amountOfOneThing() || r.event && timeTypes[r.differ]) {
			// "speaks fluent Portuguese" / "speaks Portuguese fluently";
			// "is planned for June" (read as a state) / "will be in
			// September": when it is, read from the words; "takes 50 mg
			// of sertraline daily" / "takes 100 mg of sertraline a day":
			// one thing taken, in another amount; "the boiler inspection
			// is on Monday 3 March" / "... on Tuesday 4 March": one event
			return d
		}
		if d, ok := ownJobChanged(existing, incoming, ev.raw, iv.raw); ea == "is" && ok {
			// "I'm a staff nurse" / "I'm a junior sister now"
			return d
		}
		if d, ok := agesOfOne(existing, incoming); ok {
			// "my brother Ger is 52" / "Ger's 49th is next month"
			return d
		}
		if d, ok := nearValue(existing, incoming); ok && !hasAny(claimTokens(existing.Claim), negators) && !hasAny(claimTokens(incoming.Claim), negators) {
			// "Reserva Carmenère at the cellar door is 12,000 pesos the
			// bottle" / "from this month the Reserva Carmenère is 15,500":
			// one amount of one thing, read near its value
			return d
		}
		if ef, if_ := oneFreq(ev.raw), oneFreq(iv.raw); ef != "" && if_ != "" && ef != if_ && (incoming.Correction || cueIn(incoming)) {
			// "The carers come twice a day" / "carers now come three
			// times a day": how often one thing is done, changed
			return Decision{Supersedes, fmt.Sprintf("%s; how often, %q and %q, and the incoming claim says it changed", about, ev.raw, iv.raw)}
		}
		return Decision{Unrelated, fmt.Sprintf("%s, which can hold several values: %q and %q may both be true", about, ev.raw, iv.raw)}
	}
	if d, ok := byTopic(existing, incoming); ok && d.Relation == Duplicate && !incoming.Correction {
		// the slots hold other parts of one claim: "Jack is in Year 4
		// at Oakfield Primary" / "Jack's at Oakfield, in Year Four",
		// whose typed values and topic are the same
		return d
	}
	if d, ok := impossibleAges(existing, incoming, about); ok {
		return d
	}
	switch {
	case incoming.Correction || iv.changed || iv.renewed && !clearlyLater(existing, incoming):
		return Decision{Supersedes, fmt.Sprintf("%s, which holds one value; %s and the incoming claim is worded as a correction or a change", about, values)}
	case clearlyLater(incoming, existing):
		if existing.Confirmed {
			return Decision{Contradicts, fmt.Sprintf("%s, which holds one value; %s; the incoming claim is later but the existing one was confirmed by the person, so it is not retired", about, values)}
		}
		return Decision{Supersedes, fmt.Sprintf("%s, which holds one value; %s and the incoming claim is later by at least %s", about, values, LaterMargin)}
	case clearlyLater(existing, incoming):
		return Decision{SupersededBy, fmt.Sprintf("%s, which holds one value; %s and the existing claim is later by at least %s", about, values, LaterMargin)}
	}
	return Decision{Contradicts, fmt.Sprintf("%s, which holds one value; %s, neither is worded as a correction and neither is clearly later", about, values)}
}

// slotUntouched: a change read by topic retires a claim that says two
// things ("My daughter Anaya is 9 and does swimming on Thursdays"), where
// what changed (a day) is no value of the claim's own slot (her age): the
// rest of the claim still holds, so it is not retired.
func slotUntouched(existing schema.Memory, d Decision, r topicRead) bool {
	if d.Relation != Supersedes || r.differ == "" || existing.Subject == "" || existing.Attribute == "" || existing.Value == "" {
		return false
	}
	if !strings.Contains(strings.ToLower(existing.Claim), " and ") {
		return false
	}
	keys := valueKeys(schema.Memory{Claim: existing.Value})
	for _, k := range keys {
		if t, _, _ := strings.Cut(k, "="); t == r.differ {
			return false
		}
	}
	return len(keys) > 0
}

// otherOwnThings: both claims say what one of the speaker's own things is,
// and the things share no word ("user's retainer" / "user's deposit"): however
// alike their other words, they are not one slot.
func otherOwnThings(a, b schema.Memory, ea, eb string) bool {
	ta, oka := strings.CutPrefix(a.Subject, "user's ")
	tb, okb := strings.CutPrefix(b.Subject, "user's ")
	if !oka || !okb || ea != eb || ta == "" || tb == "" {
		return false
	}
	for _, w := range strings.Fields(ta) {
		if slices.Contains(strings.Fields(tb), w) {
			return false // "user's oxfam shift" / "user's oxfam volunteer shift"
		}
	}
	return true
}

// ownAmountCorrected: "My retainer is 30% non-refundable at booking" /
// "Changing my retainer to 40% for new bookings": what someone's own
// thing "is", where both values open with an amount of one kind that
// differs and the incoming claim is worded as a change or a correction,
// holds one value.
func ownAmountCorrected(existing, incoming schema.Memory, attr string, ev, iv view) bool {
	if attr != "is" || !strings.Contains(existing.Subject, "'s ") {
		return false
	}
	if tc, ok := readTopic(incoming); !incoming.Correction && !(ok && tc.cue) {
		return false
	}
	a, b := valueKeys(schema.Memory{Claim: ev.raw}), valueKeys(schema.Memory{Claim: iv.raw})
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	ta, _, _ := strings.Cut(a[0], "=")
	tb, _, _ := strings.Cut(b[0], "=")
	return ta == tb && ta != "date" && !alikeValueKey(a[0], b[0])
}

// valuesOfOneTypeDiffer: a type of value both lists give (valueKeys'
// "type=key") has other values in each ("date=march 14 2017" / "date=may 14
// 2017"); a type one list lacks is not compared.
func valuesOfOneTypeDiffer(a, b []string) bool {
	byType := func(xs []string) map[string][]string {
		out := map[string][]string{}
		for _, x := range xs {
			t, _, _ := strings.Cut(x, "=")
			out[t] = append(out[t], x)
		}
		return out
	}
	ta, tb := byType(a), byType(b)
	for t, xs := range ta {
		if ys, ok := tb[t]; ok && !slices.EqualFunc(xs, ys, alikeValueKey) {
			return true
		}
	}
	return false
}

func polarityVerb(neg bool) string {
	if neg {
		return "denies"
	}
	return "affirms"
}

// sameSlotSubject compares the slots of two views: equal canonical
// subjects; the same property of the same subject by sameSubject; or,
// when neither was rebuilt, the same subject by sameSubject.
func sameSlotSubject(a, b schema.Memory, va, vb view) (bool, string) {
	if va.subj != "" && sameWords(strings.Fields(va.subj), strings.Fields(vb.subj)) {
		return true, fmt.Sprintf("%q", va.subj)
	}
	if va.prop != "" && va.prop == vb.prop {
		// the same property of the same resolved entity
		if ok, why := sameSubject(a, b); ok {
			return true, why + " (" + va.prop + ")"
		}
	}
	if va.folded || vb.folded {
		return false, ""
	}
	if ea, eb := strings.Fields(va.subj), strings.Fields(vb.subj); b.Correction && len(eb) == 1 && len(ea) == 2 && ea[1] == eb[0] && !strings.Contains(ea[0], "'") {
		// "Team offsite is in Leipzig" / "I told you the offsite was in
		// Leipzig — it's actually in Potsdam": a correction names the
		// thing by its head noun
		return true, fmt.Sprintf("%q (named %q in the correction)", va.subj, vb.subj)
	}
	return sameSubject(a, b)
}

// sameSubject compares normalised subjects, or the resolved entities named
// as subject when both memories carry EntityIDs parallel to Entities.
func sameSubject(a, b schema.Memory) (bool, string) {
	ka, kb := subjectKey(a.Subject), subjectKey(b.Subject)
	if ka != "" && ka == kb {
		return true, fmt.Sprintf("%q", ka)
	}
	if ownGroup(ka) && ownGroup(kb) {
		// "the team uses Jira" / "we use Linear": the speaker's team is we
		return true, `"we" (the team)`
	}
	ida, idb := subjectEntity(a, ka), subjectEntity(b, kb)
	if ida != "" && ida == idb {
		return true, fmt.Sprintf("(entity %s)", ida)
	}
	return false, ""
}

// subjectEntity returns the resolved id of the entity whose mention is the
// subject, when EntityIDs[i] resolves Entities[i].
func subjectEntity(m schema.Memory, subj string) string {
	if subj == "" || len(m.EntityIDs) != len(m.Entities) {
		return ""
	}
	for i, e := range m.Entities {
		if strings.Join(key(e.Name), " ") == subj {
			return m.EntityIDs[i]
		}
	}
	return ""
}

// sameTypedValue: two slot values are nothing but the same typed values,
// written otherwise ("twelve hundred pounds a month" / "£1,200 a month",
// "half an hour" / "30 minutes"). A value with other words beside its
// amount ("500 mg of metformin") is left to the words.
func sameTypedValue(a, b string) bool {
	ma, mb := schema.Memory{Claim: a}, schema.Memory{Claim: b}
	ka, kb := valueKeys(ma), valueKeys(mb)
	return len(ka) > 0 && slices.EqualFunc(ka, kb, alikeValueKey) && len(wordsBeside(ma)) == 0 && len(wordsBeside(mb)) == 0
}

// wordsBeside are the content words of a value outside its typed values,
// in their normal form, sorted: "500 mg of metformin" has "metformin"
// beside its amount.
func wordsBeside(m schema.Memory) []string {
	c, _ := readTopic(m)
	in := make([]bool, len(c.ts))
	for _, vs := range c.vals {
		for _, v := range vs {
			for i := v.from; i < v.to && i < len(in); i++ {
				in[i] = true
			}
		}
	}
	var out []string
	for w := range topicWords(c.ts, in) {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

// sameValue: equal keys, or one a word-prefix of the other ("Lisbon" and
// "Lisbon Portugal", "coffee" and "coffee every morning"), or as many
// words, each the same or one with at most three more letters and no
// digits ("Postgres 14" and "PostgreSQL 14"), or the same letters spaced
// otherwise ("BA 117" and "BA117"), or one word the initials of the
// other's ("NYC" and "New York City").
func sameValue(a, b []string) bool {
	if sameWords(a, b) {
		return true // "peony", "peonies"
	}
	if len(a) != len(b) && strings.Join(a, "") == strings.Join(b, "") {
		return true // "BA 117" / "BA117", "wi fi" / "wifi"
	}
	if acronymOf(a, b) || acronymOf(b, a) {
		return true // "NYC" / "New York City"
	}
	if unitInitial(a, b) || unitInitial(b, a) {
		return true // "150c" / "150 cents"
	}
	if sameByInitials(a, b) {
		return true // "Mr K. Adeyemi" / "Kunle Adeyemi"
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	for i := range a {
		if a[i] != b[i] && !(len(a) == len(b) && longerSpelling(a[i], b[i])) {
			return false // "Postgres 14" and "PostgreSQL 14" are one
		}
	}
	return true
}

// unitInitial: a names an amount with its unit cut to one letter, glued
// to the number ("150c", "5k", "20m"), where b writes the number and a
// unit word of that letter, the rest alike: "150c" / "150 cents". One
// letter stands for several units ("150c" is cents or degrees), so which
// one b names is not checked: read as one value, the pair is at worst a
// duplicate, never a change.
func unitInitial(a, b []string) bool {
	if len(b) != len(a)+1 {
		return false
	}
	for i, w := range a {
		n := len(w)
		if n < 2 || !isWord(w[n-1:]) || digitsOf(w[:n-1]) != w[:n-1] {
			continue
		}
		if b[i] == w[:n-1] && len(b[i+1]) > 1 && b[i+1][0] == w[n-1] && slices.Equal(a[:i], b[:i]) && slices.Equal(a[i+1:], b[i+2:]) {
			return true
		}
	}
	return false
}

// routineWords say how often or at what time of day something is done,
// which a restatement words its own way ("every morning" / "once each
// day", "first thing"): they are no detail of their own.
var routineWords = map[string]bool{"original": true, "morn": true, "morning": true, "day": true, "daily": true, "first": true, "thing": true, "once": true, "each": true, "every": true}

// detailsBeyond returns, sorted, the content words of m's claim after its
// value (v) that other's claim does not have, routine words aside: what m
// says of the value ("as a software engineer"). Nil when the value is not
// found as written.
func detailsBeyond(m schema.Memory, v view, other schema.Memory) []string {
	raw := strings.TrimSpace(v.raw)
	at := strings.Index(strings.ToLower(m.Claim), strings.ToLower(raw))
	if raw == "" || at < 0 {
		return nil
	}
	slot := map[string]bool{}
	for _, s := range [][]string{key(v.subj), key(v.attr), v.val} {
		for _, w := range s {
			slot[stem(w)] = true
		}
	}
	theirs := contentWords(claimTokens(other.Claim))
	var out []string
	for w := range contentWords(claimTokens(m.Claim[at+len(raw):])) {
		if !slot[w] && !theirs[w] && !routineWords[w] {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// sameByInitials: two names of as many words once titles are dropped, at
// least one word the same and every other an initial of the other's word
// ("j okafor" / "john okafor", "mr k adeyemi" / "kunle adeyemi"); or,
// with a title, one name the end of the other ("dr mills" / "dr sarah
// mills").
func sameByInitials(a, b []string) bool {
	drop := func(ws []string) []string {
		return slices.DeleteFunc(slices.Clone(ws), func(w string) bool { return honorifics[w] })
	}
	titled := len(a) > 0 && honorifics[a[0]] || len(b) > 0 && honorifics[b[0]]
	a, b = drop(a), drop(b)
	if len(a) > len(b) {
		a, b = b, a
	}
	if titled && len(a) > 0 && len(a) < len(b) && slices.Equal(a, b[len(b)-len(a):]) {
		return true // "Dr Mills" / "Dr Sarah Mills"
	}
	if len(a) < 2 || len(a) != len(b) {
		return false
	}
	same, initials := 0, 0
	for i := range a {
		switch x, y := a[i], b[i]; {
		case x == y:
			same++
		case len(x) == 1 && len(y) > 1 && y[0] == x[0], len(y) == 1 && len(x) > 1 && x[0] == y[0]:
			initials++
		default:
			return false
		}
	}
	return same > 0 && initials > 0
}

// acronymOf: a is one word of letters, the initials of b's two or more
// words ("nyc", "new york city").
func acronymOf(a, b []string) bool {
	if len(a) != 1 || len(b) < 2 || len(a[0]) != len(b) {
		return false
	}
	for i, w := range b {
		if w == "" || w[0] != a[0][i] || a[0][i] < 'a' || a[0][i] > 'z' {
			return false
		}
	}
	return true
}

// longerSpelling: x and y are one name, one spelt with up to three more
// letters after at least six shared ones ("postgres", "postgresql").
func longerSpelling(x, y string) bool {
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(x) < 6 || len(y)-len(x) > 3 || hasDigit(x) || hasDigit(y) {
		return false
	}
	return strings.HasPrefix(y, x)
}

// memoryAttribute is attributeKey with two readings that need the rest of
// the memory: a person's "moved to" a place is where they live now, and
// what a person or team "is on" or "runs on" is what they use.
func memoryAttribute(m schema.Memory) (string, bool) {
	a, neg := attributeKey(m.Attribute)
	switch a {
	case "moved to", "relocated to", "has moved to", "moves to", "relocates to", "has relocated to":
		// "moves to" is also said of what is yet to come ("is moving to
		// Osaka next month"): only a move already made says where one lives
		future := m.ValidFrom != nil && m.SaidAt != nil && m.ValidFrom.After(*m.SaidAt)
		if valueIsKind(m, schema.KindPlace) && (a == "moved to" || a == "relocated to" || !future) {
			return "lives in", neg
		}
	case "runs on":
		if s := strings.Join(key(m.Subject), " "); s == "user" || s == "we" || subjectIsPerson(m) {
			// "I'm on Monzo", "Andrew is on the lookout": what a person
			// is on, they use or do; several may hold
			return "uses", neg
		}
	case "is called":
		// "I named it Ned", "we called the dog Rex": the subject named
		// something else; what it is called is not the subject's name
		if f := strings.Fields(strings.ToLower(m.Value)); len(f) > 1 && (objectWords[f[0]] || determiners[f[0]]) {
			return "named", neg
		}
	case "runs":
		// "the server runs Ubuntu 22.04": what a machine runs on
		if valueIsKind(m, schema.KindSystem) {
			return "runs on", neg
		}
	}
	return a, neg
}

// objectWords are object pronouns: "named it Ned", "called him Max".
var objectWords = map[string]bool{"it": true, "him": true, "her": true, "them": true, "me": true, "us": true}

// subjectIsPerson: the memory's subject is one of its entities, a person.
func subjectIsPerson(m schema.Memory) bool {
	s := strings.Join(key(m.Subject), " ")
	for _, e := range m.Entities {
		if e.Kind == schema.KindPerson && strings.Join(key(e.Name), " ") == s {
			return true
		}
	}
	return false
}

// valueIsKind: the memory's value is one of its entities, of kind k.
func valueIsKind(m schema.Memory, k schema.EntityKind) bool {
	v := strings.Join(valueKey(m.Value), " ")
	for _, e := range m.Entities {
		if e.Kind == k && strings.Join(valueKey(e.Name), " ") == v {
			return true
		}
	}
	return false
}

// sameSlot: two values of an otherwise multi-valued attribute that fill
// one slot: two states of one kind ("broken", "fixed"; "open", "closed"),
// the same quantity of the same thing ("45 desks", "40 desks"), or two
// preferences between kinds of one thing ("the window seat", "the aisle
// seat").
func sameSlot(attr string, a, b []string) bool {
	if attr == "is" && (sameState(a, b) || exclusive(a, b) || gradeVariant(a, b)) {
		return true
	}
	if numberedSlot(attr, a, b) {
		return true
	}
	if len(a) < 2 || len(b) < 2 || len(a) != len(b) {
		return false
	}
	if hasDigit(a[0]) && hasDigit(b[0]) && a[0] != b[0] {
		for i := 1; i < len(a); i++ {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	if attr == "prefers" && a[len(a)-1] == b[len(b)-1] {
		return true
	}
	return false
}

// gradeWords rank a role; one person holds one grade of a role at a time.
var gradeWords = map[string]bool{
	"junior": true, "senior": true, "lead": true, "principal": true, "staff": true, "chief": true,
	"head": true, "assistant": true, "associate": true, "deputy": true, "trainee": true,
	"intern": true, "apprentice": true, "graduate": true, "mid": true, "level": true,
	"acting": true, "interim": true, "vice": true, "executive": true, "sr": true, "jr": true,
}

// gradeVariant: two values that are one role at different grades
// ("junior developer at Finch", "senior developer at Finch"): the same
// words apart from grade words, which differ.
func gradeVariant(a, b []string) bool {
	strip := func(w []string) ([]string, string) {
		var rest, grades []string
		for _, x := range w {
			if gradeWords[x] {
				grades = append(grades, x)
			} else {
				rest = append(rest, x)
			}
		}
		return rest, strings.Join(grades, " ")
	}
	ra, ga := strip(a)
	rb, gb := strip(b)
	if len(ra) == 0 || ga == gb || strings.Join(ra, " ") != strings.Join(rb, " ") {
		return false
	}
	return roleNouns[headNoun(ra)]
}

// roleNouns are jobs and positions that grade words rank.
var roleNouns = map[string]bool{
	"developer": true, "engineer": true, "designer": true, "analyst": true, "manager": true,
	"consultant": true, "accountant": true, "lawyer": true, "architect": true, "scientist": true,
	"researcher": true, "editor": true, "nurse": true, "doctor": true, "surgeon": true,
	"teacher": true, "lecturer": true, "professor": true, "officer": true, "associate": true,
	"partner": true, "director": true, "programmer": true, "administrator": true, "technician": true,
	"producer": true, "writer": true, "recruiter": true, "planner": true, "specialist": true,
	"coordinator": true, "advisor": true, "adviser": true, "auditor": true, "buyer": true,
	"clerk": true, "chef": true, "pilot": true, "paralegal": true, "pharmacist": true,
}

// singleValuedAttrs hold one value at a time for a subject.
var singleValuedAttrs = map[string]bool{
	"runs on": true, "lives in": true, "works at": true, "reports to": true, "married to": true,
	"written in": true, "hosted on": true, "is version": true, "is called": true, "is named": true,
	"is due": true, "is due on": true, "costs": true, "is led by": true, "is owned by": true,
	"is located in": true, "diet": true, "banks at": true, "works shifts": true, "age": true,
}

// venueAttrs say where a group or an event (not a person) meets.
var venueAttrs = map[string]bool{
	"meets at": true, "meets in": true, "is held at": true, "is held in": true, "takes place at": true, "takes place in": true,
}

// propertyNouns are nouns naming a one-valued property: "version",
// "favourite colour", "release date".
var propertyNouns = map[string]bool{
	"version": true, "name": true, "age": true, "birthday": true, "email": true, "phone": true,
	"number": true, "address": true, "title": true, "role": true, "job": true, "status": true,
	"deadline": true, "date": true, "price": true, "cost": true, "budget": true, "owner": true,
	"lead": true, "manager": true, "boss": true, "capital": true, "headcount": true, "salary": true,
	"rent": true, "timezone": true, "zone": true, "port": true, "url": true, "city": true,
	"country": true, "hometown": true, "database": true, "db": true, "language": true,
	"colour": true, "color": true, "size": true, "height": true, "weight": true, "score": true,
	"limit": true, "timeout": true, "branch": true, "team": true, "department": true, "office": true,
	"partner": true, "wife": true, "husband": true, "spouse": true, "doctor": true, "dentist": true,
	"pronouns": true, "nickname": true, "handle": true, "editor": true, "ide": true, "shell": true,
	"car": true, "plan": true, "tier": true, "license": true, "licence": true, "owner's": true,
	// roles one person holds
	"ceo": true, "cto": true, "cfo": true, "coo": true, "cio": true, "president": true, "chair": true,
	"head": true, "director": true, "founder": true, "landlord": true, "therapist": true,
	// identifiers and settings that hold one value
	"password": true, "passcode": true, "pin": true, "code": true, "username": true, "login": true,
	"id": true, "model": true, "brand": true, "make": true, "type": true, "surname": true,
	"postcode": true, "zip": true, "iban": true, "plate": true, "medication": true, "dose": true,
	"dosage": true, "diagnosis": true, "location": true, "venue": true, "headquarters": true,
	"hq": true, "grade": true, "rank": true, "position": true, "supervisor": true, "mentor": true,
	"coach": true, "gp": true, "physician": true, "vet": true, "accountant": true, "lawyer": true,
	"provider": true, "host": true, "runtime": true, "framework": true, "stack": true,
	"currency": true, "religion": true, "nationality": true, "citizenship": true, "occupation": true,
	"profession": true, "employer": true, "school": true, "university": true, "major": true,
	"treasurer": true, "secretary": true, "chairman": true, "chairwoman": true, "chairperson": true,
	"organiser": true, "organizer": true, "diet": true, "rate": true,
	// the one firm a household deals with for a thing
	"bank": true, "insurer": true, "supplier": true, "pharmacy": true,
}

// singleValued reports whether the slot of view v (of memory m) holds one
// value at a time. Unknown attributes are multi-valued: supersession needs
// evidence.
func singleValued(v view, m schema.Memory) bool {
	attr := v.attr
	if singleValuedAttrs[attr] {
		return true
	}
	if venueAttrs[attr] && !agentish(m, v.subj) && !timeValue(m.Value) {
		// where a club or a class meets: one venue at a time
		return true
	}
	if s := strings.Fields(v.subj); len(s) > 0 && heldOneNouns[stem(s[len(s)-1])] {
		// "the broadband is with Fibrenet": a thing held one at a time
		return true
	}
	w := strings.Fields(attr)
	if len(w) == 0 {
		return false
	}
	if heldOneNouns[stem(w[len(w)-1])] {
		return true // "Gran's dentist is at Fairview Dental"
	}
	switch w[0] {
	case "favourite", "current", "main", "primary", "preferred", "default", "usual":
		return true
	}
	if attr == "is" {
		// a property as subject: "the version is 0.9.7", "the head of
		// finance is Raj"; or the one thing a subject is
		s := strings.Fields(v.subj)
		if len(s) > 0 && propertyNouns[headNoun(s)] {
			return true
		}
		return identity(v, m)
	}
	return len(w) <= 3 && propertyNouns[w[len(w)-1]] && !isVerbLike(w[0])
}

// isVerbLike marks attributes such as "has email" or "sent email" that end
// in a property noun without naming the property.
func isVerbLike(w string) bool {
	switch w {
	case "has", "have", "had", "sent", "got", "gets", "bought", "wants", "needs", "likes",
		"dislikes", "visited", "met", "changed", "updated", "uses", "will", "decided", "chose":
		return true
	}
	return false
}

// effectiveTime is when a claim's state began: ValidFrom when the claim
// dates it ("I moved to Berlin in 2015"), else when it was said (SaidAt,
// else RecordedAt).
func effectiveTime(m schema.Memory) time.Time {
	if m.ValidFrom != nil && !m.ValidFrom.IsZero() {
		return *m.ValidFrom
	}
	if m.SaidAt != nil && !m.SaidAt.IsZero() {
		return *m.SaidAt
	}
	return m.RecordedAt
}

// saidApart reports whether a and b were said at least LaterMargin apart
// (SaidAt, else RecordedAt), whatever days they name.
func saidApart(a, b schema.Memory) bool {
	ta, tb := saidTime(a), saidTime(b)
	if ta.IsZero() || tb.IsZero() {
		return false
	}
	d := ta.Sub(tb)
	return d >= LaterMargin || -d >= LaterMargin
}

// clearlyLater reports whether a is later than b by at least LaterMargin.
// When b is dated to a period longer than a week (a month, a season, a
// year), a must be later than its end: "We moved to Munich in the
// summer", said in November, is not earlier than "We live in Bristol",
// said in July.
func clearlyLater(a, b schema.Memory) bool {
	ta, tb := effectiveTime(a), effectiveEnd(b)
	if ta.IsZero() || tb.IsZero() {
		return false
	}
	if said := saidTime(b); holdsWhenSaid(b) && said.After(tb) {
		// "Maya lives in Edinburgh, she moved there in 2022", said the
		// day after "Maya lives in Glasgow": a state dated from long
		// before still held when it was said
		tb = said
	}
	return ta.Sub(tb) >= LaterMargin
}

// holdsWhenSaid: the claim states a fact in the present tense ("lives
// in", "is", "works at", "has"), which holds when it is said, whenever it
// began.
func holdsWhenSaid(m schema.Memory) bool {
	if m.Type != schema.TypeFact {
		return false
	}
	f := strings.Fields(strings.ToLower(m.Attribute))
	if len(f) == 0 {
		return false
	}
	switch w := f[0]; w {
	case "is", "are", "has", "have", "'s":
		return true
	default:
		return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us")
	}
}

// longPeriod is the span past which a claim's date is a period, not a
// point (effectiveEnd).
const longPeriod = 7 * 24 * time.Hour

// effectiveEnd is effectiveTime, or, for a claim dated to a period longer
// than longPeriod, the period's end, read again from the claim's words as
// the extractor read them (temporal.Find, at the time it was said).
// The claim is read once per text and time it was said (periodMemo):
// Compare reaches this for every pair it times.
func effectiveEnd(m schema.Memory) time.Time {
	t := effectiveTime(m)
	if m.ValidFrom == nil || m.ValidFrom.IsZero() {
		return t
	}
	said := saidTime(m)
	exprs := periodMemo.get(said.Format(time.RFC3339Nano)+"\x00"+m.Claim, func() []temporal.Expr { return temporal.Find(m.Claim, said) })
	for _, e := range exprs {
		if e.Start.Equal(*m.ValidFrom) && e.End.Sub(e.Start) > longPeriod {
			return e.End
		}
	}
	return t
}

// periodMemo remembers the time expressions of a claim said at a time.
var periodMemo memo[[]temporal.Expr]

// negators make a claim deny what a claim without them affirms.
var negators = map[string]bool{
	"not": true, "no": true, "never": true, "don't": true, "doesn't": true, "didn't": true,
	"isn't": true, "aren't": true, "wasn't": true, "weren't": true, "won't": true, "can't": true,
	"cannot": true, "haven't": true, "hasn't": true, "nobody": true, "nothing": true, "longer": true,
	"dont": true, "doesnt": true, "didnt": true, "isnt": true, "wont": true, "cant": true,
}

// nearIdentical reports whether two claims say the same thing: word-set
// Jaccard at least DuplicateTextSimilarity, the same numbers, the same
// negation parity, and at least three words each.
func nearIdentical(a, b string) bool {
	ka, kb := key(a), key(b)
	if len(ka) < 3 || len(kb) < 3 {
		return false
	}
	sa, sb := map[string]bool{}, map[string]bool{}
	na, nb := 0, 0
	var numA, numB []string
	for _, w := range ka {
		sa[w] = true
		if negators[w] {
			na++
		}
		if hasDigit(w) {
			numA = append(numA, w)
		}
	}
	for _, w := range kb {
		sb[w] = true
		if negators[w] {
			nb++
		}
		if hasDigit(w) {
			numB = append(numB, w)
		}
	}
	if na%2 != nb%2 || strings.Join(numA, " ") != strings.Join(numB, " ") {
		return false
	}
	inter := 0
	for w := range sa {
		if sb[w] {
			inter++
		}
	}
	union := len(sa) + len(sb) - inter
	return float64(inter)/float64(union) >= DuplicateTextSimilarity
}

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

// ownGroup: the speaker's own group, "we", "our team" or "the team".
func ownGroup(k string) bool {
	return k == "we" || k == "team" || k == "we team"
}

// bareDenial: one view denies, with no value, the verb the other affirms
// with a preposition and its object ("was delivered" / "was delivered
// to the front desk"); a denial of the whole act.
func bareDenial(a, b view) bool {
	if a.neg {
		a, b = b, a
	}
	if !b.neg || a.neg || len(b.val) > 0 || len(a.val) == 0 || a.attr == "" || b.attr == "" {
		return false
	}
	w := strings.Fields(a.attr)
	if len(w) < 2 || !slotPreps[w[len(w)-1]] {
		return false
	}
	return strings.Join(w[:len(w)-1], " ") == b.attr && b.attr != "is" && b.attr != "was"
}

// sameDay: a and b are both set and fall on one day.
func sameDay(a, b *time.Time) bool {
	if a == nil || b == nil || a.IsZero() || b.IsZero() {
		return false
	}
	ya, ma, da := a.UTC().Date()
	yb, mb, db := b.UTC().Date()
	return ya == yb && ma == mb && da == db
}

// aside: the claim, past a speaker's label, is a bracketed description of
// what was shown or done in a conversation ("Nate: [shares a photo: three
// turtles on a rock]"): it tells what a picture held, not what holds.
func aside(claim string) bool {
	if n := speakerLabel(claim); n > 0 {
		_, claim, _ = strings.Cut(claim, ": ")
	}
	return strings.HasPrefix(strings.TrimSpace(claim), "[")
}

// bareReference are subjects that stand for something named elsewhere.
var bareReference = map[string]bool{"them": true, "they": true, "it": true, "he": true, "she": true, "him": true,
	"her": true, "this": true, "that": true, "these": true, "those": true, "there": true, "one": true}

// otherReadings: the two memories have one claim, word for word, read as
// other memories (another type, subject, attribute or value): the
// extractor read two things in one sentence.
func otherReadings(a, b schema.Memory) bool {
	if strings.TrimSpace(a.Claim) != strings.TrimSpace(b.Claim) {
		return false
	}
	return a.Type != b.Type || !strings.EqualFold(a.Subject, b.Subject) || !strings.EqualFold(a.Attribute, b.Attribute) || !strings.EqualFold(a.Value, b.Value)
}

// correctsValue: the claim takes back a value the words of which are all in
// value: "not VP", "instead of Tuesday", "rather than the Corsa" after the
// value it gives ("she's the CTO, not VP" of "our VP of Engineering").
func correctsValue(claim, value string) bool {
	has := map[string]bool{}
	for _, t := range claimTokens(value) {
		has[stem(t.low)] = true
	}
	ts := claimTokens(claim)
	for i := 0; i < len(ts); i++ {
		from := -1
		switch {
		case ts[i].low == "not" && i > 0 && ts[i].brk:
			from = i + 1 // ", not VP"
		case ts[i].low == "not" && deniedWithin(ts, i+1, has):
			return true // "I'm not allergic to ibuprofen actually, it was naproxen"
		case ts[i].low == "instead" && i+1 < len(ts) && ts[i+1].low == "of":
			from = i + 2
		case ts[i].low == "rather" && i+1 < len(ts) && ts[i+1].low == "than":
			from = i + 2
		}
		if from < 0 || from >= len(ts) {
			continue
		}
		n := 0
		for j := from; j < len(ts) && j < from+4 && (j == from || !ts[j].brk); j++ {
			w := ts[j].low
			if determiners[w] || w == "a" || w == "an" {
				continue
			}
			if !has[stem(w)] {
				n = -1
				break
			}
			n++
		}
		if n > 0 {
			return true
		}
	}
	return false
}

// deniedWithin: a word of a value (has; one of four letters or more, not
// one that only relates) follows a "not" within five words of its clause:
// "not allergic to ibuprofen".
func deniedWithin(ts []ctok, from int, has map[string]bool) bool {
	for j := from; j < len(ts) && j < from+5 && (j == from || !ts[j].brk); j++ {
		if w := ts[j].low; has[stem(w)] && isWord(w) && len(w) >= 4 && !determiners[w] && !relatingWord(w) {
			return true
		}
	}
	return false
}

// speakerSubject: the claim is said of the speaker ("I", "we"), of whom
// "is" says many things at once: a job, a diet, a state, what they are
// doing this week.
func speakerSubject(m schema.Memory) bool { return m.Subject == "user" || m.Subject == "we" }

// sharesValueWord: two values share a content word ("junior designer" /
// "senior designer"): a change of what the speaker is, not another thing
// they are ("lactose intolerant" / "switched to a company called
// BuildRight Renovations").
func sharesValueWord(a, b []string) bool {
	for _, w := range a {
		if len(w) > 2 && !determiners[w] && !relatingWord(w) && slices.Contains(b, w) {
			return true
		}
	}
	return false
}
