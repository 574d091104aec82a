package conflicts

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// byTopic is the second way of relating two claims, used when their
// extracted slots do not line up: by their topics (topic.go) and their
// typed values (typed.go).
//
//   - Each type both claims give exactly one value of (old values aside)
//     is compared; a type given twice by one claim, a negation, or a
//     happening or plan without a change cue (an event, a commitment)
//     ends the comparison.
//   - The topics, read without those values, must be one slot: every
//     word that tells slots apart agrees (sameTopic).
//   - All values equal: Duplicate.
//   - Exactly one type differs (or several types of when, a day and a
//     time, with a change cue): the claims fill one slot with two values.
//     One clock time a thing is, or starts or lands at, given twice
//     together is disputed.
//     When it happens (a day, a time, a date) is decided as whenDecision
//     decides it; a name (an organisation, a brand, a person) is one of
//     several held together unless a claim says it changed or both say
//     what the topic "is"; any other value (money, a quantity, a
//     percentage, a version of one product) holds one at a time, and
//     Compare's last rule decides it: a change cue or correction, or a
//     clearly later claim, supersedes; said together, a contradiction.
//   - An additive word ("too", "also", "as well", "another") says both
//     hold: no decision.
func byTopic(existing, incoming schema.Memory) (Decision, bool) {
	d, _, ok := readByTopic(existing, incoming)
	return d, ok
}

// dueWords say a thing falls due once, by a date: it is due, expires,
// renews or has a deadline then.
var dueWords = map[string]bool{"due": true, "expires": true, "expire": true, "expiry": true, "renews": true, "renewal": true, "deadline": true}

// dueDate reports whether a claim says when a thing falls due (dueWords).
func dueDate(ts []ctok) bool {
	return slices.ContainsFunc(ts, func(t ctok) bool { return dueWords[t.low] })
}

// othersOfKind are words that make a claim about other things of a kind
// than the speaker's own: "similar flats", "the average rent".
var othersOfKind = map[string]bool{"similar": true, "comparable": true, "average": true, "typical": true, "equivalent": true}

// likeOthers reports whether a claim speaks of other things of a kind
// (othersOfKind).
func likeOthers(ts []ctok) bool {
	return slices.ContainsFunc(ts, func(t ctok) bool { return othersOfKind[t.low] })
}

// topicRead is how readByTopic related two claims: the type of the value
// that differs ("" for none), and whether the topics were read as one only
// because a change was said.
type topicRead struct {
	differ  string
	relaxed bool
	// event: the topic names a thing that happens once (oneEvent)
	event bool
}

// amountOfOneThing: readByTopic related two claims whose words, the values
// left out, are the same topic, by an amount that differs ("I take 50 mg of
// sertraline daily" / "I take 100 mg of sertraline a day") or a school
// grade ("Eli is in third grade" / "Eli's in fourth grade"): one amount of
// one thing, although the slot ("takes", "is in") may hold several things.
func (r topicRead) amountOfOneThing() bool {
	return !r.relaxed && (strings.HasPrefix(r.differ, "quantity:") || strings.HasPrefix(r.differ, "money:") || r.differ == "percent" || r.differ == "grade" || r.differ == "schoolyear")
}

// readByTopic is byTopic, with how it read the pair.
func readByTopic(existing, incoming schema.Memory) (Decision, topicRead, bool) {
	ea, ok := readTopic(existing)
	if !ok {
		return Decision{}, topicRead{}, false
	}
	ia, ok := readTopic(incoming)
	if !ok {
		return Decision{}, topicRead{}, false
	}
	if ea.additive || ia.additive {
		return Decision{}, topicRead{}, false
	}
	if likeOthers(ea.ts) != likeOthers(ia.ts) {
		// "Our rent is £1,450" / "similar flats nearby now rent for
		// £1,600": the going rate of others is not ours
		return Decision{}, topicRead{}, false
	}
	// readTopic's results are shared: the merges below change copies
	ea.vals, ia.vals = maps.Clone(ea.vals), maps.Clone(ia.vals)
	if changedOther(ea, ia) || changedOther(ia, ea) {
		// "My studio is a little unit in LX Factory" / "Upgraded the
		// studio Wi-Fi to fibre"; "Our ISA's with Hargreaves" / "Moved
		// the Lifetime ISA over to Moneybox"
		return Decision{}, topicRead{}, false
	}
	mergeNames(ea.vals, ia.vals)
	mergePeriods(ea, ia)
	if d, ok := retiredValue(existing, incoming, ea, ia); ok {
		return d, topicRead{}, true
	}
	if d, ok := priorValue(ea, ia); ok {
		return d, topicRead{}, true
	}
	anchorNames(ea.vals, ia.vals)
	namesAsWords(ea, ia)
	namesAsWords(ia, ea)
	var shared []string
	for t := range ea.vals {
		if _, ok := ia.vals[t]; ok {
			shared = append(shared, t)
		}
	}
	if len(shared) == 0 {
		return Decision{}, topicRead{}, false
	}
	slices.Sort(shared) // which value differs is read in one order, every time
	severalNames := false
	for _, t := range shared {
		if len(ea.vals[t]) != 1 || len(ia.vals[t]) != 1 {
			if sameValueSet(t, ea.vals[t], ia.vals[t]) {
				continue // "Harlow & Pike" twice: the same values, whichever is the slot's
			}
			if nameTypes[t] && !sharesName(t, ea.vals[t], ia.vals[t]) {
				// "Dr Okafor on Birch Street" / "Dr Lindqvist at Harbor
				// Dental": one provider named twice over, if the topic is
				// a thing held one at a time (below)
				severalNames = true
				continue
			}
			return Decision{}, topicRead{}, false // which of two values is the slot's is unclear
		}
	}
	es, is := ea.topicSkip(withLoneTimes(shared, ea, ia)), ia.topicSkip(withLoneTimes(shared, ia, ea))
	pronounSkip(ea, es, ia, is)
	pronounSkip(ia, is, ea, es)
	ka, kb := nameKinds(shared, ea, es, ia, is)
	et, it := topicWords(ea.ts, es), topicWords(ia.ts, is)
	dropLoneKinds(et, it, ka)
	dropLoneKinds(it, et, kb)
	if slices.Contains(shared, "address") && addressKind(ea.ts) != addressKind(ia.ts) {
		return Decision{}, topicRead{}, false // the office's address is not the home's
	}
	valueTopic(ea, shared, et)
	valueTopic(ia, shared, it)
	doseTopic(shared, et, it)
	movedHome(ia, shared, it, et)
	movedHome(ea, shared, et, it)
	if severalNames && !heldOne(et, it) && !ia.cue && !incoming.Correction {
		// which of two names is the slot's is unclear, unless the
		// incoming claim says the thing moved ("our office is in the
		// Maple Court building downtown" / "we moved the office to the
		// Kingsway building on 3rd Avenue")
		return Decision{}, topicRead{}, false
	}
	if !sameAgent(ea.ts, ia.ts) {
		return Decision{}, topicRead{}, false // "Ana was hired by Tom" / "Ana hired Tom": other roles
	}
	if otherLead(ea.ts, ia.ts) || otherLead(ia.ts, ea.ts) {
		return Decision{}, topicRead{}, false // "milking 90 cows" / "Ger is milking 200 cows now": another farmer's
	}
	if da, db := dimension(ea.ts), dimension(ia.ts); da != "" && db != "" && da != db {
		return Decision{}, topicRead{}, false // "2.4 m wide" / "2.4 m long": other measures
	}
	if formerThing(ea, es, it) || formerThing(ia, is, et) {
		return Decision{}, topicRead{}, false // "the rent at our old flat" / "... at the new flat"
	}
	relaxed, restated := false, false
	if !sameTopic(et, it) && !softTopic(ea, ia, es, is, et, it) {
		switch {
		case changedTopic(ea, ia, es, is, et, it, existing, incoming):
			relaxed = true
		case restatedTopic(ea, ia, es, is, et, it, existing, incoming):
			restated = true
		default:
			return Decision{}, topicRead{}, false
		}
	}
	differ, timesDiffer := "", 0
	for _, t := range shared {
		if !sameTyped(t, ea.vals[t][0].key, ia.vals[t][0].key) && !sameValueSet(t, ea.vals[t], ia.vals[t]) && !(nameTypes[t] && sameName(t, ea.vals[t][0].key, ia.vals[t][0].key)) {
			if timeTypes[t] {
				timesDiffer++
			}
			if differ != "" && !(timeTypes[t] && timeTypes[differ]) && !((nameTypes[t] || nameTypes[differ]) && !timeTypes[t] && !timeTypes[differ] && heldOne(et, it)) &&
				!(nameTypes[t] && differ == "region" || t == "region" && nameTypes[differ]) {
				// (a cloud and its region move together: "hosted in AWS
				// eu-west-1" / "migrated to Google Cloud, europe-west4")
				// two values differ: two slots, or two things; but a
				// person and a practice are one provider of a thing held
				// one at a time, and its package goes with it ("Dr
				// Okafor at Riverside Dental" / "Dr Lindqvist at Harbour
				// Smiles"; "Virgin's 500 Mbps" / "Sky, 150 Mbps")
				return Decision{}, topicRead{}, false
			}
			if differ == "" || t == "clock" || nameTypes[differ] && !nameTypes[t] {
				// (a region or an amount beside a name is the value that
				// moved: "AWS eu-west-1" / "eu-central-1 in Frankfurt")
				differ = t
			}
		}
	}
	event := oneEvent(ea, ia, et, it)
	if timesDiffer > 1 && !ea.cue && !ia.cue && !existing.Correction && !incoming.Correction && !event {
		// "Monday at 4pm" / "Tuesday at 5": a new day and time is one
		// change of when, but only a change says so
		return Decision{}, topicRead{}, false
	}
	if restated && (differ != "" || timesDiffer > 0) {
		return Decision{}, topicRead{}, false // read as one slot only to say it again
	}
	if thin(et, it) {
		// "Last Sunday was awesome" / "... this awesome wine tasting last
		// weekend": a shared feeling is no thing with one value
		return Decision{}, topicRead{}, false
	}
	about := fmt.Sprintf("the same topic (%s)", strings.Join(sortedWords(et), " "))
	read := topicRead{differ, relaxed, event}
	if differ == "" {
		if !slices.ContainsFunc(shared, func(t string) bool { return t == "date" || t == "day" }) && existing.ValidFrom != nil && incoming.ValidFrom != nil && !sameDay(existing.ValidFrom, incoming.ValidFrom) && (relativeDay(ea.ts) || relativeDay(ia.ts)) {
			// "the design review is at 11 today" / "... tomorrow at 11":
			// the same time on other days
			return Decision{}, topicRead{}, false
		}
		if relaxed || existing.Negated != incoming.Negated || ea.past != ia.past {
			// ("I drive a Corsa" / "I used to drive a Corsa": not said
			// again)
			return Decision{}, topicRead{}, false
		}
		return Decision{Duplicate, about + " and the same " + describeTypes(shared)}, read, true
	}
	ev, iv := ea.vals[differ][0], ia.vals[differ][0]
	if nameTypes[differ] && otherKinds(nameKind(existing, ev.key), nameKind(incoming, iv.key)) {
		// "Pilates … at a little studio in Graça" / "Upgraded the studio
		// Wi-Fi to fibre": a place and a thing fill no one slot
		return Decision{}, topicRead{}, false
	}
	values := fmt.Sprintf("values %q and %q differ", ev.key, iv.key)
	eCue, iCue := ea.cue || existing.Correction, ia.cue || incoming.Correction
	if timeTypes[differ] {
		// "Tom starts as our new SRE on June 17": "new" before a person
		// says who Tom is, not that the date changed
		eCue = eCue && !(newPerson(ea) && !existing.Correction)
		iCue = iCue && !(newPerson(ia) && !incoming.Correction)
	}
	if iCue && !incoming.Correction && newIsTheValue(ia, iv) {
		// "Hooked a new RPG that I've been playing" / "I'm playing AC
		// Valhalla": the new thing is the value itself, one more of what
		// may be several, not the slot's value changed ("our new
		// landlord is Mr Shah" keeps its change)
		iCue = false
	}
	if ia.past && !ea.past && !eCue && !existing.Negated && !incoming.Negated {
		// "I drive a Tesla" / "I used to drive a Corsa before I got my
		// current car": told later, of what held before
		return Decision{SupersededBy, fmt.Sprintf("%s with one %s; %s and the incoming claim says what used to hold", about, describeTypes([]string{differ}), values)}, read, true
	}
	switch {
	case !timeTypes[differ] && (ea.future && !ea.scheduled || ia.future && !ia.scheduled), timeTypes[differ] && (ea.futureChange || ia.futureChange),
		!timeTypes[differ] && (ea.startsLater && !ea.scheduled || ia.startsLater && !ia.scheduled):
		return Decision{}, topicRead{}, false // a change still to come has not retired anything
	case differ == "clock" && timesDiffer == 1 && !eCue && !iCue && !saidApart(existing, incoming) && ea.identityTime(ev) && ia.identityTime(iv):
		// "checkout is at 11am" / "the checkout time is noon", said
		// together: one time a thing is, given twice
		return Decision{Contradicts, fmt.Sprintf("%s with one clock time; %s, said together and neither is worded as a change", about, values)}, read, true
	case (differ == "date" || differ == "month" || differ == "year") && timesDiffer == 1 && !eCue && !iCue && !saidApart(existing, incoming) && et["end"] && it["end"]:
		// "my passport expires in March 2027" / "... is valid until
		// August 2029", said together: a thing ends once
		return Decision{Contradicts, fmt.Sprintf("%s with one end date; %s, said together and neither is worded as a change", about, values)}, read, true
	case differ == "date" && timesDiffer == 1 && !eCue && !iCue && !saidApart(existing, incoming) && onceAYear(et):
		// "our anniversary is 14 May" / "... falls on 21 May", said
		// together: a date a thing has once a year, given twice
		return Decision{Contradicts, fmt.Sprintf("%s with one date a year; %s, said together and neither is worded as a change", about, values)}, read, true
	case timeTypes[differ] && !eCue && !iCue && !(dueDate(ea.ts) && dueDate(ia.ts)) && !read.event:
		// two days or times said plainly may both hold (closed on
		// Sundays and on Mondays); only a change moves one. A date
		// something is due by is one ("the MOT is due in October" /
		// "... in June")
		return Decision{}, topicRead{}, false
	case timeTypes[differ]:
		return whenDecision(existing, incoming, view{changed: ea.cue}, view{changed: ia.cue}, about, values), read, true
	case differ != "freq" && differ != "quantity:age" && (ea.happened && !ea.cue || ia.happened && !ia.cue):
		// two things that happened, or are planned, with different
		// amounts or names may both be true; an age one "turned" is
		// still the age one is
		return Decision{}, topicRead{}, false
	case nameTypes[differ] && !eCue && !iCue && !(ea.identity(ev) && ia.identity(iv)) && !heldOne(et, it):
		return Decision{}, topicRead{}, false
	}
	about += " with one " + describeTypes([]string{differ})
	if immutableTopic(et) && immutableTopic(it) {
		// "Mum's maiden name is Fletcher" / "... was Hargreaves"
		if incoming.Correction {
			return Decision{Supersedes, fmt.Sprintf("%s, which never changes; %s and the incoming claim is worded as a correction", about, values)}, read, true
		}
		return Decision{Contradicts, fmt.Sprintf("%s, which never changes; %s, so one of them is wrong, and neither time nor a change settles which", about, values)}, read, true
	}
	later := clearlyLater
	if differ == "quantity:age" {
		if d, ok := impossibleAges(existing, incoming, about); ok {
			return d, read, true
		}
		// an age holds from when it is said, whenever the birthday
		// was: "Grandad turned 91 in March", said in April, is his age
		// in April
		later = saidLater
	}
	switch {
	case iCue:
		return Decision{Supersedes, fmt.Sprintf("%s; %s and the incoming claim says it changed", about, values)}, read, true
	case later(incoming, existing) && !eCue:
		if existing.Confirmed {
			return Decision{Contradicts, fmt.Sprintf("%s; %s; the incoming claim is later but the existing one was confirmed by the person, so it is not retired", about, values)}, read, true
		}
		return Decision{Supersedes, fmt.Sprintf("%s; %s and the incoming claim is later by at least %s", about, values, LaterMargin)}, read, true
	case later(existing, incoming):
		return Decision{SupersededBy, fmt.Sprintf("%s; %s and the existing claim is later by at least %s", about, values, LaterMargin)}, read, true
	case eCue:
		// the existing claim changed the value; a later plain claim of
		// another may be either
		return Decision{}, topicRead{}, false
	}
	return Decision{Contradicts, fmt.Sprintf("%s; %s, neither is worded as a change and neither is clearly later", about, values)}, read, true
}

// topicClaim is a claim read for byTopic: its tokens, its typed values by
// type (old values apart), and its cues.
type topicClaim struct {
	ts       []ctok
	vals     map[string][]typedValue
	old      []typedValue
	cue      bool // worded as a change
	happened bool // an event or a commitment
	future   bool // a change still to come: "is moving to", "will switch"
	// futureChange: a change verb said of what is to come ("will move
	// to", "is moving to"); "the wedding will be in September" only
	// dates a coming event
	futureChange bool
	// startsLater: the claim is dated after it was said (a move next
	// month; for a day or a time, only the next occasion)
	startsLater bool
	additive    bool // says a value holds beside another
	past        bool // says what used to hold ("I used to drive a Corsa")
	// before are the names an opening "before" dates the claim by:
	// "Before Octopus we were with EDF"
	before []typedValue
	// scheduled: the claim says from when its value holds ("from
	// April", "as of this month"): a change, and not one merely planned
	scheduled bool
	sched     [][2]int // the spans of those phrases
	// ctx marks the words that say when or why, not what (context.go)
	ctx []bool
	// newEnd is one past where "new" is when it is the only word that
	// says a change ("Hooked a new RPG"); 0 when it is not (the zero
	// value reads as none)
	newEnd int
}

// readTopic is readClaimTopic remembered: the worker compares each new
// claim with several stored ones, and each stored one with every new claim
// of a batch. The result is shared: callers only read it.
func readTopic(m schema.Memory) (topicClaim, bool) {
	m = withReferent(m)
	k, ok := topicMemoKey(m)
	if !ok {
		return readClaimTopic(m)
	}
	r := topicMemo.get(k, func() topicResult {
		c, ok := readClaimTopic(m)
		return topicResult{c, ok}
	})
	return r.c, r.ok
}

// withReferent gives a claim that opens with "it" ("it's now £2,205 a
// year", said after "council tax went up this April") its subject's words
// in front ("council tax: it's now …"), when the extractor took the subject
// from the clause before and the claim's own words do not name it: the
// topic is then what "it" stands for.
func withReferent(m schema.Memory) schema.Memory {
	c := strings.TrimSpace(m.Claim)
	if len(c) < 3 || c[0] != 'i' && c[0] != 'I' || c[1] != 't' && c[1] != 'T' {
		return m // the common case, cheaply
	}
	first, _, _ := strings.Cut(strings.ToLower(c), " ")
	if first != "it" && first != "it's" && first != "its" && first != "it’s" {
		return m
	}
	subj := key(m.Subject)
	if len(subj) == 0 || len(subj) > 6 || m.Subject == "user" || m.Subject == "we" || containsWords(key(m.Claim), subj) {
		return m
	}
	m.Claim = m.Subject + ": " + m.Claim
	return m
}

type topicResult struct {
	c  topicClaim
	ok bool
}

// topicMemo holds readTopic's recent results, each for a claim of at most
// maxKeyBytes.
var topicMemo memo[topicResult]

// topicMemoKey is every field of m that readClaimTopic reads, or false for
// a claim too long to remember.
func topicMemoKey(m schema.Memory) (string, bool) {
	if len(m.Claim) > maxKeyBytes || len(m.Subject) > maxKeyBytes {
		return "", false
	}
	var b strings.Builder
	b.WriteString(m.Claim)
	b.WriteByte(0)
	b.WriteString(m.Subject)
	b.WriteByte(0)
	b.WriteString(string(m.Type))
	if m.Negated {
		b.WriteString("\x00neg")
	}
	for _, t := range []*time.Time{m.ValidFrom, m.SaidAt} {
		b.WriteByte(0)
		if t != nil {
			b.WriteString(t.UTC().Format(time.RFC3339Nano))
		}
	}
	for _, e := range m.Entities {
		if len(e.Name) > maxKeyBytes {
			return "", false
		}
		b.WriteByte(0)
		b.WriteString(e.Name)
		b.WriteByte(1)
		b.WriteString(string(e.Kind))
	}
	return b.String(), true
}

// readClaimTopic reads m for byTopic; ok is false when m cannot be compared
// this way: it denies something, or is an event or a commitment with no
// change cue.
func readClaimTopic(m schema.Memory) (topicClaim, bool) {
	ts, vs := typedValues(m)
	c := topicClaim{ts: ts, vals: map[string][]typedValue{}}
	// who speaks and whom they speak to are not what the claim is about:
	// "Caroline: Melanie, that's a great pic!"
	aside := addressed(m.Claim, ts)
	vs = slices.DeleteFunc(slices.Clone(vs), func(v typedValue) bool {
		return nameTypes[v.typ] && v.from < v.to && v.to <= len(aside) && !slices.Contains(aside[v.from:v.to], false)
	})
	for _, v := range vs {
		if v.old {
			c.old = append(c.old, v)
		} else {
			c.vals[v.typ] = append(c.vals[v.typ], v)
		}
	}
	at, additive := cueWords(ts)
	c.cue, c.additive = len(at) > 0, additive
	if len(at) == 1 && ts[at[0]].low == "new" {
		c.newEnd = at[0] + 1
	}
	c.ctx = slices.Clone(aside)
	inValue := make([]bool, len(ts))
	for _, v := range vs {
		for i := v.from; i < v.to && i < len(ts); i++ {
			inValue[i] = true
		}
	}
	if contextSkip(ts, c.ctx, func(i int) bool { return inValue[i] }) {
		c.cue, c.newEnd = true, 0 // "since the timetable change, ..."
	}
	c.sched = scheduledSpans(ts)
	c.scheduled = len(c.sched) > 0
	c.cue = c.cue || c.scheduled
	if c.scheduled {
		c.newEnd = 0
	}
	if m.Negated && len(c.old) == 0 {
		// a denial with no old value named ("I'm not with Barclays any
		// more, Monzo is ..." names one): the loop below reads the rest
		return c, false
	}
	c.happened = happens(m)
	if at := usedTo(ts); at >= 0 {
		// "I used to drive a Corsa": what held once, read without the
		// words that say so
		c.past = true
		c.ctx[at], c.ctx[at+1] = true, true
	} else if end, ok := pastOpening(ts); ok {
		// "Before Octopus we were with EDF", "Back when she started,
		// Maya was in the under-8s": the opening says when, and a name
		// in it is the time it points to, not the claim's value
		c.past = true
		for i := range end {
			c.ctx[i] = true
		}
		for t, vs := range c.vals {
			if ts[0].low == "before" {
				for _, v := range vs {
					if v.to <= end && nameTypes[t] {
						c.before = append(c.before, v)
					}
				}
			}
			kept := slices.DeleteFunc(slices.Clone(vs), func(v typedValue) bool { return v.to <= end })
			if len(kept) == 0 {
				delete(c.vals, t)
			} else {
				c.vals[t] = kept
			}
		}
	}
	c.future = futureChange(ts, c.sched)
	c.futureChange = c.future && futureChangeVerb(ts)
	c.startsLater = m.ValidFrom != nil && m.SaidAt != nil && m.ValidFrom.After(*m.SaidAt)
	for i, t := range ts {
		if !negators[t.low] {
			continue
		}
		if !clauseHasValue(ts, i, vs) || nobodyAfterAnd(ts, i, vs) {
			// "We open at 7:00 now instead of 6:30, that first half hour
			// sold almost nothing": a denial in a clause that gives none
			// of the claim's values denies none of them
			continue
		}
		if t.low == "not" && i+1 < len(ts) && c.oldAt(i+1) {
			continue // "on Wednesdays, not Tuesdays"
		}
		if t.low == "not" && i+1 < len(ts) && len(vs) > 0 && (i+2 == len(ts) || ts[i+2].brk) {
			if _, ok := number(ts[i+1].low); ok || countWords[ts[i+1].low] > 0 {
				continue // "the timeout is 60 s, not 30": the old number, its unit left out
			}
		}
		return c, false
	}
	return c, len(c.vals) > 0
}

// clauseHasValue: the clause of ts around token i (between clause breaks)
// holds a word of one of the values vs.
func clauseHasValue(ts []ctok, i int, vs []typedValue) bool {
	from, to := i, i+1
	for from > 0 && !ts[from].brk {
		from--
	}
	for to < len(ts) && !ts[to].brk {
		to++
	}
	return slices.ContainsFunc(vs, func(v typedValue) bool { return v.from < to && v.to > from })
}

// nobodyAfterAnd: the denial at token i is a pronoun that opens a clause
// of its own after "and", "but" or "so", and no value follows it ("Raised
// my rate to $55/hr and nobody complained"): it denies what comes after,
// not the values before.
func nobodyAfterAnd(ts []ctok, i int, vs []typedValue) bool {
	if !negPronouns[ts[i].low] || i == 0 || !clauseJoins[ts[i-1].low] {
		return false
	}
	return !slices.ContainsFunc(vs, func(v typedValue) bool { return v.to > i })
}

// negPronouns deny as the subject of a clause.
var negPronouns = map[string]bool{"nobody": true, "nothing": true, "none": true, "no-one": true, "noone": true}

// clauseJoins open a clause after another.
var clauseJoins = map[string]bool{"and": true, "but": true, "so": true, "yet": true}

// oldAt: an old value starts at token i, or after a preposition at i.
func (c topicClaim) oldAt(i int) bool {
	for _, v := range c.old {
		if v.from == i || v.from == i+1 {
			return true
		}
	}
	return false
}

// topic is the claim's topic read without the values of the shared types,
// its old values, and times that only say from when it holds.
func (c topicClaim) topic(shared []string) map[string]bool {
	return topicWords(c.ts, c.topicSkip(shared))
}

// topicSkip marks the words of the claim that are not its topic.
func (c topicClaim) topicSkip(shared []string) []bool {
	skip := make([]bool, len(c.ts))
	for i, x := range c.ctx {
		if x {
			skip[i] = true
		}
	}
	mark := func(v typedValue) {
		for i := v.from; i < v.to && i < len(skip); i++ {
			skip[i] = true
		}
		// a title goes with its name: "Dr Okafor", "Mrs Patel"
		if v.from > 0 && nameTypes[v.typ] && honorifics[strings.TrimSuffix(c.ts[v.from-1].low, ".")] {
			skip[v.from-1] = true
		}
		// and a model's number: "Tesla Model 3", "Golf 8"
		if nameTypes[v.typ] && v.to < len(c.ts) && len(c.ts[v.to].low) <= 2 && strings.Trim(c.ts[v.to].low, "0123456789") == "" && (v.to+1 == len(c.ts) || c.ts[v.to+1].brk || !isWord(c.ts[v.to+1].low) || topicDrop[c.ts[v.to+1].low]) {
			skip[v.to] = true
		}
	}
	for _, v := range c.old {
		mark(v)
		// the verb that ended it: "sold the Focus", "Dr Shaw retired"
		for i := v.from - 1; i >= 0 && i >= v.from-2; i-- {
			if endingVerbs[c.ts[i].low] {
				skip[i] = true
				break
			}
		}
		if v.to < len(c.ts) && leavingVerbs[c.ts[v.to].low] {
			skip[v.to] = true
		}
	}
	isShared := map[string]bool{}
	for _, t := range shared {
		isShared[t] = true
	}
	for t, vs := range c.vals {
		for _, v := range vs {
			switch {
			case isShared[t]:
				mark(v)
			case timeTypes[t] && (t == "year" || v.from > 0 && (validityWords[c.ts[v.from-1].low] || frequencyWords[c.ts[v.from-1].low])):
				// "from 1 June", "every weekday"
				mark(v)
			}
		}
	}
	for _, sp := range c.sched {
		for i := sp[0]; i < sp[1] && i < len(skip); i++ {
			skip[i] = true
		}
	}
	if a := agentEnd(c.ts); a > 0 {
		// "the landlord has put our rent up to ...": who made the
		// change is not what changed
		for i := 0; i < a; i++ {
			skip[i] = true
		}
	}
	appositives(c.ts, skip)
	return skip
}

// petNouns name a kind of animal a pet is: "our dog Juno".
var petNouns = map[string]bool{
	"dog": true, "puppy": true, "cat": true, "kitten": true, "rabbit": true, "bunny": true,
	"tortoise": true, "turtle": true, "hamster": true, "horse": true, "pony": true, "parrot": true,
	"budgie": true, "goldfish": true, "ferret": true, "gerbil": true, "lizard": true, "snake": true,
	"pet": true,
}

// appositiveNoun: w says what or who a named one is ("sister", "dog").
func appositiveNoun(w string) bool { return kinWords[w] || petNouns[w] }

// appositives marks a kinship or animal noun set beside a name the topic
// keeps, which says again who the name is: "our dog Juno" is Juno, "my sister Rania's
// birthday" is Rania's, "Pepper the cat", "Kwame, my brother,".
func appositives(ts []ctok, skip []bool) {
	// the name must stay in the topic to say again who it is
	name := func(i int) bool {
		return i >= 0 && i < len(ts) && !skip[i] && capitalised(ts[i].raw) && !appositiveNoun(ts[i].low) && isWord(strings.TrimSuffix(ts[i].low, "'s"))
	}
	for i, t := range ts {
		if !appositiveNoun(t.low) || skip[i] {
			continue
		}
		switch {
		case (i == 0 || determiners[ts[i-1].low]) && name(i+1) && !ts[i+1].brk:
			// "our dog Juno", "my sister Rania"
			skip[i] = true
		case i >= 2 && ts[i-1].low == "the" && name(i-2) && !ts[i-1].brk:
			// "Pepper the cat"
			skip[i] = true
		case i >= 2 && determiners[ts[i-1].low] && ts[i-1].brk && name(i-2) && (i+1 == len(ts) || ts[i+1].brk):
			// "Kwame, my brother, is"
			skip[i] = true
		}
	}
}

// identity: the claim says what its topic is, a copula (or "called",
// "named") right before the value: "my bank is Starling".
func (c topicClaim) identity(v typedValue) bool {
	i := v.from - 1
	if i >= 0 && c.ts[i].low == "now" {
		i--
	}
	if i >= 0 && (isCopula(c.ts[i].low) || c.ts[i].low == "called" || c.ts[i].low == "named") {
		return true
	}
	// where one thing is: "lives in Porto", "is hosted in the Dublin
	// region", "is based in Leeds"
	if i >= 0 && c.ts[i].low == "the" {
		i--
	}
	return i >= 1 && (c.ts[i].low == "in" || c.ts[i].low == "at") && (isCopula(c.ts[i-1].low) || placeVerbs[c.ts[i-1].low])
}

// placeVerbs say where a thing is, as "is in" does.
var placeVerbs = map[string]bool{
	"lives": true, "live": true, "based": true, "located": true, "hosted": true, "situated": true,
	"deployed": true, "headquartered": true,
}

// changeVerbs say a value changed; those marked true need "to" or "from"
// after them to say so ("cut to 20 minutes", not "cut the grass").
var changeVerbs = map[string]bool{
	"switched": false, "switching": false, "switch": false, "migrated": false, "migrating": false,
	"replaced": false, "replacing": false, "instead": false, "upgraded": false, "downgraded": false,
	"rescheduled": false, "postponed": false, "changed": true, "moved": true, "moving": true,
	"raised": true, "increased": true, "decreased": true, "reduced": true, "lowered": true, "cut": true,
	"dropped": true, "bumped": true, "upped": true, "pushed": true, "brought": true, "rose": true,
	"risen": true, "fell": true, "fallen": true, "updated": true, "gone": true, "went": true,
	"put": true, "moves": true, "changes": true, "switches": false, "change": true,
	// as "went", only with a way: "stipend goes up to $28.5k"
	"goes": true, "go": true, "going": true,
	"transferred": true, "relocated": true, "transfers": true, "relocates": true,
	// the same verbs in -ing, as in "the vet has us cutting his food
	// back to 250 g"
	"raising": true, "increasing": true, "decreasing": true, "reducing": true, "lowering": true,
	"cutting": true, "dropping": true, "bumping": true, "pushing": true, "bringing": true,
	// more verbs of an amount or a time set anew: "Chase trimmed the
	// saver rate to 3.75%", "TAP have retimed our flight", "hiked the
	// price to £12"
	"trimmed": true, "hiked": true, "slashed": true, "lifted": true, "revised": false, "retimed": false,
	"rebooked": false, "repriced": true,
	// "swapped to plot 22", "swapping from Royal Mail to Evri"; "has come
	// down to 58" (as "went", only with a way)
	"swapped": true, "swapping": true, "swaps": true, "come": true, "came": true, "comes": true,
	"shifted": true, "shifting": true, "shifts": true,
	// a date moved: "the launch slipped to 2 April", "delayed until June"
	"slipped": true, "slid": true, "delayed": true, "deferred": true,
	// the bare form said as done ("PureGym don increase my membership to
	// £24.99")
	"increase": true, "raise": true, "reduce": true, "decrease": true, "lower": true,
}

// newcomers are what "new" says of a person who joins: "our new SRE",
// "the new hire".
var newcomers = map[string]bool{"hire": true, "starter": true, "joiner": true, "colleague": true, "sre": true,
	"engineer": true, "developer": true, "designer": true, "manager": true, "teammate": true, "intern": true, "recruit": true}

// newPerson: the only word that says a change is "new", before a person
// who joins ("our new SRE", "the new hire").
func newPerson(c topicClaim) bool {
	if c.newEnd <= 0 || c.newEnd >= len(c.ts) {
		return false
	}
	w := c.ts[c.newEnd].low
	return newcomers[w] || heldRoles[w] != ""
}

// relativeDay: the claim names its day relative to when it was said
// ("today", "tomorrow", "tonight", "yesterday").
func relativeDay(ts []ctok) bool {
	return slices.ContainsFunc(ts, func(t ctok) bool {
		return t.low == "today" || t.low == "tomorrow" || t.low == "tonight" || t.low == "yesterday"
	})
}

// dimensions name which measure of a thing a length is.
var dimensions = map[string]string{"long": "length", "length": "length", "wide": "width", "width": "width", "broad": "width",
	"deep": "depth", "depth": "depth", "high": "height", "tall": "height", "height": "height", "thick": "thickness", "thickness": "thickness"}

// dimension is the measure a claim's length is of ("2.4 m wide": width),
// or "".
func dimension(ts []ctok) string {
	for _, t := range ts {
		if d := dimensions[t.low]; d != "" {
			return d
		}
	}
	return ""
}

// comeToNumber: "come" at i goes up or down to a number ("has come down
// to 58", "came up to £30"), not somewhere ("came down to visit").
func comeToNumber(ts []ctok, i int) bool {
	if i+3 >= len(ts) || ts[i+1].low != "down" && ts[i+1].low != "up" || ts[i+2].low != "to" {
		return false
	}
	return amountWord(ts[i+3].low)
}

// amountWord: w is a number or an amount ("58", "twelve", "£13.95").
func amountWord(w string) bool {
	_, ok := number(w)
	return ok || hasDigit(w) || strings.HasPrefix(w, "£") || strings.HasPrefix(w, "$") || strings.HasPrefix(w, "€")
}

// goesToNumber: "go" at i goes up or down ("stipend goes up to
// $28.5k"), or to an amount ("Lunch deal's going to £19.95").
func goesToNumber(ts []ctok, i int) bool {
	if i+1 < len(ts) && (ts[i+1].low == "up" || ts[i+1].low == "down") {
		return true
	}
	if i+2 >= len(ts) || ts[i+1].low != "to" {
		return false
	}
	return amountWord(ts[i+2].low) && !ordinalDay(ts[i+2].low)
}

// reachVerbs say a measure got to a number: "hit 200 days".
var reachVerbs = map[string]bool{"hit": true, "hits": true, "reached": true, "reaches": true, "topped": true, "raise": true, "rise": true}

// wentWays after "went" or "gone" make it a change of a value: "went up
// to", "has gone down to", "went from ... to".
var wentWays = map[string]bool{"up": true, "down": true, "from": true, "back": true}

// additiveWords say a value holds beside another.
var additiveWords = map[string]bool{"too": true, "also": true, "another": true, "additionally": true, "both": true, "extra": true, "second": true}

// degreeToo: "too" at i says how much ("the numbers were still too
// high", "too expensive"), not that a thing holds beside another ("I have
// a cat too"): a word of its clause follows it.
func degreeToo(ts []ctok, i int) bool {
	return ts[i].low == "too" && i+1 < len(ts) && !ts[i+1].brk && isWord(ts[i+1].low)
}

// openingAlso: "also" opens the claim before a label or a pause ("Also
// big news: …", "Also, …"): it adds the message to the last one, not a
// value beside another.
func openingAlso(ts []ctok, i int) bool {
	if i != 0 || ts[i].low != "also" {
		return false
	}
	for j := 1; j < len(ts) && j <= 4; j++ {
		if ts[j].brk {
			return true
		}
	}
	return false
}

// elsewhere: "another" at i, after "with", "to" or "at", says where a
// thing went ("refinanced the car loan with another bank", "moved to
// another school"), not that a second one holds beside it.
func elsewhere(ts []ctok, i int) bool {
	if ts[i].low != "another" || i == 0 {
		return false
	}
	switch ts[i-1].low {
	case "with", "to", "at":
		return true
	}
	return false
}

// nowPrefixes before "now" make it no cue: "for now", "just now", "until
// now", "by now", "up to now".
var nowPrefixes = map[string]bool{"for": true, "just": true, "until": true, "till": true, "by": true, "to": true}

// changeCue reads whether a claim is worded as a change ("switched to",
// "moved to", "has been migrated to", "replaced X with Y", "instead",
// "raised ... to", "now", "new", "sorry, I meant"), and whether it is
// worded as an addition ("too", "also", "as well").
func changeCue(ts []ctok) (cue, additive bool) {
	at, additive := cueWords(ts)
	return len(at) > 0, additive
}

// cueWords returns where the words are that word ts as a change, and
// whether a word says a value holds beside another (changeCue).
func cueWords(ts []ctok) (at []int, additive bool) {
	for i, t := range ts {
		w := t.low
		switch {
		case additiveWords[w] && !(w == "second" && (i > 0 && ts[i-1].low == "every" || i+1 < len(ts) && (ts[i+1].low == "grade" || ts[i+1].low == "grader"))) && !degreeToo(ts, i) && !openingAlso(ts, i) && !elsewhere(ts, i),
			w == "as" && i+1 < len(ts) && ts[i+1].low == "well" && i+2 == len(ts):
			// "every second Wednesday" is how often, not a second thing
			additive = true
		case w == "now":
			if i == 0 || !nowPrefixes[ts[i-1].low] {
				at = append(at, i)
			}
		case w == "new" && severalNew(ts, i):
			// "playing some new games", "made new friends": more of
			// them, not one changed
		case w == "meant" && i > 0 && presentBe[ts[i-1].low]:
			// "Josh is meant to clean them out": a duty, not a change
		case w == "new" || w == "meant" || w == "actually" || w == "anymore" || w == "longer":
			at = append(at, i)
		case reachVerbs[w]:
			// "my streak just hit 200 days", "the fund has reached
			// £5,000": a measure got to a new number
			for j := i + 1; j < len(ts) && j <= i+3; j++ {
				if _, ok := number(ts[j].low); ok || strings.HasPrefix(ts[j].low, "£") || strings.HasPrefix(ts[j].low, "$") {
					at = append(at, i)
					break
				}
			}
		default:
			needsTo, ok := changeVerbs[w]
			if !ok {
				continue
			}
			if !needsTo {
				at = append(at, i)
				continue
			}
			if (w == "went" || w == "gone") && (i+1 >= len(ts) || !wentWays[ts[i+1].low]) {
				continue // "went to a pride parade" is no change; "went up to £12" is
			}
			if (w == "goes" || w == "go" || w == "going") && !goesToNumber(ts, i) {
				continue // "the kids go back to school" is no change; "the stipend goes up to $28.5k" is
			}
			if (w == "come" || w == "came" || w == "comes") && !comeToNumber(ts, i) {
				continue // "has come down to 58" is a change; "comes from Tesco", "came down to visit" are not
			}
			if (w == "put" || w == "moved" || w == "switched") && i+2 < len(ts) && objectWords[ts[i+1].low] && ts[i+1].low != "it" && ts[i+2].low == "on" {
				// "The Mission have put me on Thursday mornings": a
				// person (not "it": "put it on the card") moved onto
				// another day, shift or treatment
				at = append(at, i)
				continue
			}
			for j := i + 1; j < len(ts) && j <= i+8; j++ {
				if ts[j].low == "to" || ts[j].low == "into" || ts[j].low == "from" || ts[j].low == "until" || ts[j].low == "forward" {
					at = append(at, i)
					break
				}
			}
		}
	}
	return at, additive
}

// newIsTheValue: the only word of c that says a change is "new", right
// before its value v ("a new RPG").
func newIsTheValue(c topicClaim, v typedValue) bool {
	return c.newEnd > 0 && c.newEnd == v.from
}

// severalNew: "new" at i is said of several things ("some new games",
// "new friends", "a few new recipes"), which come beside others.
func severalNew(ts []ctok, i int) bool {
	if i > 0 && (ts[i-1].low == "some" || ts[i-1].low == "few" || ts[i-1].low == "more" || ts[i-1].low == "several" || ts[i-1].low == "many") {
		return true
	}
	if i+1 >= len(ts) {
		return false
	}
	n := ts[i+1].low
	// "new prices", "new hours", "new rates" are one thing's values
	return len(n) > 3 && strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss") && singular(n) != n && !genericStems[stem(n)] && !timeUnits[singular(n)]
}

// describeTypes names value types for a reason: "money:gbp:month" ->
// "amount (gbp a month)".
func describeTypes(ts []string) string {
	var out []string
	for _, t := range ts {
		f := strings.Split(t, ":")
		switch f[0] {
		case "money":
			a := " a "
			if f[2] == "hour" {
				a = " an "
			}
			d := strings.TrimSpace(f[1] + a + f[2])
			switch {
			case f[2] == "":
				d = f[1]
			case f[1] == "":
				d = strings.TrimSpace(a + f[2]) // "680 per litre": no currency said
			}
			out = append(out, "amount ("+d+")")
		case "quantity", "version":
			out = append(out, f[0]+" ("+f[1]+")")
		default:
			out = append(out, f[0])
		}
	}
	return strings.Join(out, ", ")
}

// sortedWords are the words of a set in order.
func sortedWords(s map[string]bool) []string {
	var out []string
	for w := range s {
		out = append(out, w)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// futureWords say a change is still to come.
var futureWords = map[string]bool{"will": true, "going": true, "planning": true, "plan": true, "want": true, "wants": true, "hope": true, "might": true, "may": true, "soon": true, "next": true}

// intentNouns are future words that are also nouns or plain verbs ("the
// Standard plan", "I want tea"): they say a change is to come only before
// "to" ("plan to", "want to").
var intentNouns = map[string]bool{"plan": true, "want": true, "wants": true, "hope": true}

// intentTo: the intent noun at i is followed by "to" and a word, as in
// "plan to move"; "raised our plan to £12.99" gives the plan a value.
func intentTo(ts []ctok, i int) bool {
	return i+2 < len(ts) && ts[i+1].low == "to" && isWord(ts[i+2].low) && !hasDigit(ts[i+2].low)
}

// futureChange: the claim says a change is still to come: "will switch",
// "is going to", "next month", or a change verb in the progressive ("is
// moving to Osaka"). "next month" in a validity phrase ("from next
// month", sched) schedules a change rather than plans one.
func futureChange(ts []ctok, sched [][2]int) bool {
	inSched := func(i int) bool {
		for _, sp := range sched {
			if i >= sp[0] && i < sp[1] {
				return true
			}
		}
		return false
	}
	for i, t := range ts {
		if futureWords[t.low] && !(t.low == "may" && capitalised(t.raw)) && !inSched(i) && !(intentNouns[t.low] && !intentTo(ts, i)) {
			return true
		}
		if i > 0 && isCopula(ts[i-1].low) && strings.HasSuffix(t.low, "ing") {
			if _, ok := changeVerbs[t.low]; ok || strings.HasPrefix(t.low, "mov") || strings.HasPrefix(t.low, "switch") || strings.HasPrefix(t.low, "chang") {
				return true
			}
		}
	}
	return false
}

// frequencyWords before a day say how often, not which slot: "every
// weekday".
var frequencyWords = map[string]bool{"every": true, "each": true}

// identityTime: the claim gives the clock time v as what its topic is,
// or when it starts, leaves or lands: "checkout is at 11am", "the
// checkout time is noon", "the flight lands at 14:05".
func (c topicClaim) identityTime(v typedValue) bool {
	i := v.from - 1
	if i >= 0 && c.ts[i].low == "at" {
		i--
		if i >= 0 && timetableSlot(c.ts[i].low) != "" {
			return true
		}
	}
	if i >= 0 && c.ts[i].low == "now" {
		i--
	}
	return i >= 0 && isCopula(c.ts[i].low)
}

// mergeNames reads the names of two claims as one type when one gives
// only a person and the other only another name: the extractor may take
// an organisation for a person ("with Vodafone") or a person for another
// name, and the topic still decides whether they fill one slot.
func mergeNames(a, b map[string][]typedValue) {
	fold := func(x map[string][]typedValue) {
		x["name"] = x["person"]
		delete(x, "person")
	}
	aP, aN := len(a["person"]) > 0, len(a["name"]) > 0
	bP, bN := len(b["person"]) > 0, len(b["name"]) > 0
	switch {
	case aP && !aN && bN && !bP:
		fold(a)
	case bP && !bN && aN && !aP:
		fold(b)
	}
}

// agentEnd returns where the verb starts in "<agent> <change verb>
// <object> to <value>" ("the landlord has put our rent up to £1,340",
// "the vet told us to cut Biscuit's food down to 150 grams"), or 0: the
// agent names who made the change, not the topic. A passive ("the rent
// was put up to") has no agent.
func agentEnd(ts []ctok) int {
	for i := 1; i < len(ts); i++ {
		if _, ok := changeVerbs[ts[i].low]; !ok && !agentChangeVerbs[ts[i].low] {
			continue
		}
		for _, t := range ts[:i] {
			if isCopula(t.low) {
				return 0
			}
		}
		object := false
		for j := i + 1; j < len(ts) && j <= i+8; j++ {
			switch w := ts[j].low; {
			case w == "to" || w == "until":
				if object {
					return i
				}
				return 0
			case !particles[w] && !leadWords[w]:
				object = true
			}
		}
		return 0
	}
	return 0
}

// futureChangeVerb: a change verb comes at most three words after a
// future word ("will move", "going to switch"), or follows a copula in
// the progressive ("is moving to").
func futureChangeVerb(ts []ctok) bool {
	for i, t := range ts {
		if futureWords[t.low] {
			for j := i + 1; j < len(ts) && j <= i+3; j++ {
				if _, ok := changeVerbs[ts[j].low]; ok || changeVerbStem(ts[j].low) {
					return true
				}
			}
		}
		if i > 0 && isCopula(ts[i-1].low) && strings.HasSuffix(t.low, "ing") && changeVerbStem(t.low) {
			return true
		}
	}
	return false
}

// changeVerbStem: w is a form of move, switch, change, reschedule or
// postpone.
func changeVerbStem(w string) bool {
	for _, p := range []string{"mov", "switch", "chang", "reschedul", "postpon", "push", "replac", "migrat"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// sameValueSet: a and b give two or more values of type t each, the same
// ones in any order.
func sameValueSet(t string, a, b []typedValue) bool {
	if len(a) != len(b) || len(a) < 2 {
		return false
	}
	used := make([]bool, len(b))
	for _, x := range a {
		found := false
		for j, y := range b {
			if !used[j] && sameTyped(t, x.key, y.key) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// withLoneTimes adds to shared the time types claim a gives and b does
// not, when a time type is shared: "on 3 April at 2:30pm" / "moved to 10
// April, same time" differ in the date, and the time one of them adds is
// a detail, not another topic. So is the day an age was reached: "Lily is
// 7" / "Lily turned 8 on Saturday!".
func withLoneTimes(shared []string, a, b topicClaim) []string {
	timeShared := false
	for _, t := range shared {
		timeShared = timeShared || timeTypes[t] || t == "quantity:age"
	}
	if !timeShared {
		return shared
	}
	out := shared
	for t := range a.vals {
		if _, ok := b.vals[t]; !ok && timeTypes[t] && t != "year" {
			out = append(out[:len(out):len(out)], t)
		}
	}
	return out
}

// annualNouns name what falls on one date a year (their stems): a policy or
// a membership renews once a year.
var annualNouns = map[string]bool{"anniversary": true, "birthday": true, "nameday": true, "renew": true}

// eventNouns name a thing that happens once, on one day at one time: two
// dates or times of it cannot both hold ("the dentist appointment is on
// the 14th at 2:15" / "... at 3:15").
var eventNouns = stemSet("appointment", "inspection", "interview", "exam", "hearing", "viewing", "surgery", "operation",
	"scan", "wedding", "funeral", "concert", "gig", "recital", "ceremony", "graduation", "reservation", "fixture",
	"consultation", "checkup", "jab", "vaccination", "residential", "flight")

// oneEvent: the topic both claims share names a thing that happens once
// (eventNouns) and neither gives it a routine's days ("Thursdays", "every
// Monday"): its two days or times are for one occasion, and whenDecision
// reads them.
func oneEvent(ea, ia topicClaim, et, it map[string]bool) bool {
	if routineDays(ea.ts) || routineDays(ia.ts) {
		return false
	}
	for w := range et {
		if it[w] && eventNouns[w] {
			return true
		}
	}
	for _, pair := range eventPairs {
		if et[pair[0]] && it[pair[0]] && et[pair[1]] && it[pair[1]] {
			return true
		}
	}
	return false
}

// eventPairs are two words of an event's name whose second alone names
// none: "parents' evening", "open day".
var eventPairs = [][2]string{{stem("parents"), stem("evening")}, {stem("open"), stem("evening")}, {stem("open"), stem("day")}, {stem("sports"), stem("day")}}

// onceAYear: the topic is a thing that has one date a year.
func onceAYear(topic map[string]bool) bool {
	for w := range topic {
		if annualNouns[w] {
			return true
		}
	}
	return false
}

// valueTopic adds to a claim's topic words the words its shared values
// say: an address is the topic "address" ("we live at ..." gives it as
// "our address is ..." does), a mass the topic "weigh", and a date after "until" or "till" says
// when the thing ends ("fixed until 2027" / "the fixed rate ends in
// 2026").
func valueTopic(c topicClaim, shared []string, ws map[string]bool) {
	for _, t := range shared {
		switch t {
		case "address":
			ws["address"] = true
		case "quantity:kg", "quantity:g", "quantity:lb", "quantity:oz", "quantity:stone":
			// "Rex weighs 32 kg" / "Rex is 27 kilos": a mass is a weight
			ws["weigh"] = true
		case "name", "person":
			// "our landlord's name is Gerald Pike" / "the landlord is
			// Corinne Maddox"
			delete(ws, "nam")
		case "email", "phone":
			// "my cell number is 555-0142" / "new phone number:
			// 555-0199"; "my main email is ..." / "my primary email
			// address is ...": how a contact is named or reached is no
			// topic of its own; "work" or "Dad's" still is
			for w := range ws {
				switch r := contactWords[w]; {
				case r == "-":
					delete(ws, w)
				case r != "":
					delete(ws, w)
					ws[r] = true
				}
			}
			ws[contactTopic[t]] = true
		case "date", "month", "year":
			for _, v := range c.vals[t] {
				if v.from > 0 && (c.ts[v.from-1].low == "until" || c.ts[v.from-1].low == "till") {
					ws["end"] = true
				}
			}
		}
	}
}

// personPronouns stand for a person as the subject of a clause.
var personPronouns = map[string]bool{"he": true, "she": true, "he's": true, "she's": true}

// doseTopic: where one claim calls an amount of a drug its dose and the
// other does not, both are about the dose ("I take 50 mg of sertraline
// daily" / "my sertraline dose is 100 mg a day").
func doseTopic(shared []string, a, b map[string]bool) {
	if a["dos"] != b["dos"] && (slices.Contains(shared, "quantity:mg") || slices.Contains(shared, "quantity:microgram")) {
		a["dos"], b["dos"] = true, true
	}
}

// movedHome: a claim that says someone moved, to a place it names, with
// no other topic ("we finally moved: I'm in Bristol as of last month"),
// is about where they live, when the other claim is ("I'm living in
// Leeds these days").
func movedHome(c topicClaim, shared []string, ws, other map[string]bool) {
	if !other["live"] || !slices.Contains(shared, "name") {
		return
	}
	if !slices.ContainsFunc(c.ts, func(t ctok) bool { return moveHomeVerbs[t.low] }) {
		return
	}
	for w := range ws {
		if !genericStems[w] && !moveHomeStems[w] && !other[w] {
			return // "we moved the piano to Swansea"
		}
	}
	for w := range moveHomeStems {
		delete(ws, w)
	}
	ws["live"] = true
}

// moveHomeVerbs say that someone moved home.
var moveHomeVerbs = map[string]bool{"moved": true, "relocated": true, "emigrated": true}

// moveHomeStems are the stems of moveHomeVerbs.
var moveHomeStems = stemSet("moved", "relocated", "emigrated")

// contactTopic is the topic word of a contact value's type.
var contactTopic = map[string]string{"email": "email", "phone": "phon"}

// contactWords are stems a claim giving an email address or a phone number
// names or reaches it with: folded to one word, or left out ("-").
var contactWords = map[string]string{
	"phon": "phon", "numb": "phon", "mobil": "phon", "cell": "phon", "telephon": "phon", "tel": "phon",
	"email": "email", "e-mail": "email", "mail": "email", "address": "-",
	"primary": "main", "main": "main", "usual": "main", "prefer": "main", "best": "main",
	"reach": "-", "contact": "-", "call": "-", "text": "-", "ring": "-", "new": "-", "current": "-",
	"detail": "-", "on": "-", "at": "-",
}

// heldOneNouns name what a person or a household has one of at a time: a
// second name for it is a change or a contradiction, not one more ("the
// car insurance is with Admiral" / "our car's insured through Direct
// Line"), where "we use Slack" / "we use Teams" may both hold.
var heldOneNouns = stemSet("insurance", "insurer", "gp", "dentist", "vet", "optician", "landlord", "landlady",
	"employer", "boss", "broadband", "isp", "mortgage", "lender", "energy", "electricity", "childminder",
	"nursery", "hairdresser", "barber", "accountant", "solicitor", "registrar",
	// care one person gives at a time: "my physio is Claire at Body Works"
	"physio", "physiotherapy", "physiotherapist", "therapist", "counsellor", "counselor", "osteopath",
	"chiropractor", "podiatrist", "midwife", "pharmacy", "chemist", "cleaner", "mechanic")

// anchorNames takes out of both claims' names those the other claim gives
// too, when one of them gives more than one name and each keeps one: a name
// both give is what they are about ("the Vantelle conference is in Lisbon"
// / "sorry, I meant Porto: the Vantelle conference is in Porto"), not the
// value, and its words stay in the topic. a and b are copies (byTopic).
func anchorNames(a, b map[string][]typedValue) {
	for t := range nameTypes {
		av, bv := a[t], b[t]
		if len(av) < 2 && len(bv) < 2 {
			continue
		}
		ka, kb := namesBesides(t, av, bv), namesBesides(t, bv, av)
		if len(ka) == 0 || len(kb) == 0 || len(ka) == len(av) && len(kb) == len(bv) {
			continue
		}
		a[t], b[t] = ka, kb
	}
}

// namesAsWords drops from x's names a one-word name the other claim y has
// as a plain word, outside its values, when x names it where it says what
// x is about (at its start or after a determiner): "Transferred the ISA over to InvestEngine" / "My ISA's
// with Vanguard" are both about the ISA, and the value is who holds it.
func namesAsWords(x, y topicClaim) {
	inValue := make([]bool, len(y.ts))
	mark := func(v typedValue) {
		for i := v.from; i < v.to && i < len(y.ts); i++ {
			inValue[i] = true
		}
	}
	for _, vs := range y.vals {
		for _, v := range vs {
			mark(v)
		}
	}
	for _, v := range y.old {
		mark(v) // "since Ben moved to the juniors" names Ben as the old value
	}
	for t := range nameTypes {
		kept := x.vals[t][:0:0]
		for _, v := range x.vals[t] {
			w := strings.Fields(v.key)
			// what x is about, not its value: at its start or after a
			// determiner ("LNER changed ...", "the ISA"), not "is Sam"
			plain := len(w) == 1 && v.from < len(x.ts) && (claimStart(x.ts, v.from) || v.from > 0 && determiners[x.ts[v.from-1].low])
			found := false
			for i, yt := range y.ts {
				if !inValue[i] && strings.TrimSuffix(yt.low, "'s") == w[0] {
					found = true
				}
			}
			plain = plain && found
			if !plain {
				kept = append(kept, v)
			}
		}
		if len(kept) < len(x.vals[t]) {
			if len(kept) == 0 {
				delete(x.vals, t)
			} else {
				x.vals[t] = kept
			}
		}
	}
}

// namesBesides is xs without the names ys gives too.
func namesBesides(t string, xs, ys []typedValue) []typedValue {
	var out []typedValue
	for _, x := range xs {
		if !slices.ContainsFunc(ys, func(y typedValue) bool { return sameName(t, x.key, y.key) }) {
			out = append(out, x)
		}
	}
	return out
}

// sharesName reports whether a and b give a name in common.
func sharesName(t string, a, b []typedValue) bool {
	return len(namesBesides(t, a, b)) < len(a)
}

// heldOne: both topics name one thing held one at a time.
func heldOne(a, b map[string]bool) bool {
	for w := range a {
		if b[w] && heldOneNouns[w] {
			return true
		}
	}
	return false
}

// stemSet is a set of the words' stems.
func stemSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[stem(w)] = true
	}
	return m
}

// honorifics are titles said before a person's name.
var honorifics = map[string]bool{"dr": true, "mr": true, "mrs": true, "ms": true, "miss": true, "mx": true, "prof": true, "professor": true, "sir": true, "dame": true}

// pronounSkip leaves out of x's topic a possessive pronoun that stands for
// a person: one the other claim names and x does not ("Mum's GP surgery"
// / "Mum has switched her GP surgery", where the agent is not the topic),
// whose name then leaves y's topic too; or one x names itself ("Leo's gone
// up a year and his teacher is ..."). "Her" stands for no man ("Dad's
// dose" / "her dose").
func pronounSkip(x topicClaim, xs []bool, y topicClaim, ys []bool) {
	named := func(c topicClaim, i int, pron string) bool {
		t := c.ts[i]
		w := strings.TrimSuffix(t.low, "'s")
		if kinWords[w] {
			return pron == "their" || pron == "her" && !maleKin[w] || pron == "his" && !femaleKin[w]
		}
		// a name as an owner: "Leo's", "Priya's"
		return strings.HasSuffix(t.low, "'s") && capitalised(t.raw) && hasLetter(w)
	}
	for i, t := range x.ts {
		if i > 1 && !xs[i] && personPronouns[t.low] && capitalised(x.ts[0].raw) && !xs[0] && hasWord(y, stem(x.ts[0].low)) {
			// "Ravi moved last year, he's in Mumbai now" / "Ravi lives in
			// Pune": "he" is the person the claim opens with, whom the
			// other claim names too
			xs[i] = true
		}
	}
	for i, t := range x.ts {
		pron := t.low
		if xs[i] || pron != "his" && pron != "her" && pron != "their" {
			continue
		}
		if slices.ContainsFunc(y.ts, func(u ctok) bool { return u.low == pron }) {
			continue // "her" on both sides: one word both topics share
		}
		own := -1
		for k := range x.ts {
			if k != i && named(x, k, pron) {
				own = k
				break
			}
		}
		if own >= 0 {
			if !xs[own] {
				xs[i] = true // the person is in x's topic already
				continue
			}
			// the person is x's agent, left out of its topic ("Mum has
			// switched her GP surgery"): the pronoun and the other
			// claim's possessive ("Mum's GP surgery") say the same
			// owner; with no such possessive, the pronoun keeps the topics
			// apart ("Dad's dentist" / "Gran has moved her dentist")
			w := stem(strings.TrimSuffix(x.ts[own].low, "'s"))
			for j, u := range y.ts {
				if o, ok := strings.CutSuffix(u.low, "'s"); ok && !ys[j] && stem(o) == w {
					ys[j], xs[i] = true, true
				}
			}
			continue
		}
		for j := range y.ts {
			if ys[j] || !named(y, j, pron) || hasWord(x, stem(strings.TrimSuffix(y.ts[j].low, "'s"))) {
				continue
			}
			xs[i], ys[j] = true, true
			break
		}
	}
}

// maleKin and femaleKin are the kinship words of one sex.
var (
	maleKin = map[string]bool{"brother": true, "father": true, "dad": true, "son": true, "uncle": true, "nephew": true,
		"grandson": true, "grandfather": true, "grandpa": true, "grandad": true, "granddad": true, "husband": true, "stepson": true, "stepfather": true,
		"boyfriend": true, "fiance": true, "fiancé": true, "godson": true}
	femaleKin = map[string]bool{"sister": true, "mother": true, "mum": true, "mom": true, "daughter": true, "aunt": true,
		"auntie": true, "niece": true, "granddaughter": true, "grandmother": true, "grandma": true, "gran": true, "nan": true, "nana": true,
		"granny": true, "wife": true, "stepdaughter": true, "stepmother": true, "girlfriend": true, "fiancee": true,
		"fiancée": true, "goddaughter": true}
)

// nameKinds: where one claim's name holds the other's and more ("the
// Airbnb in Porto" / "the Porto Airbnb"), the more is what kind of thing
// the name is, and part of that claim's topic.
//
// It returns the stems of the words it put in each claim's topic.
func nameKinds(shared []string, a topicClaim, as []bool, b topicClaim, bs []bool) (ka, kb []string) {
	for _, t := range shared {
		if !nameTypes[t] || len(a.vals[t]) != 1 || len(b.vals[t]) != 1 {
			continue
		}
		va, vb := a.vals[t][0], b.vals[t][0]
		if va.key == vb.key || !sameName(t, va.key, vb.key) {
			continue
		}
		long, skip, short := va, as, vb.key
		if len(va.key) < len(vb.key) {
			long, skip, short = vb, bs, va.key
		}
		c := a
		if long == vb {
			c = b
		}
		in := strings.Fields(short)
		for i := long.from; i < long.to && i < len(c.ts); i++ {
			if !slices.Contains(in, c.ts[i].low) {
				skip[i] = false
				if long == va {
					ka = append(ka, stem(c.ts[i].low))
				} else {
					kb = append(kb, stem(c.ts[i].low))
				}
			}
		}
	}
	return ka, kb
}

// dropLoneKinds takes out of x's topic the kind words nameKinds put there
// (kinds) when the other claim's topic y names no kind of its own: "Jack
// is in Year 4 at Oakfield Primary" / "Jack's at Oakfield, in Year Four"
// are about one school; "the Porto Airbnb" / "the hotel in Porto" stay
// two places.
func dropLoneKinds(x, y map[string]bool, kinds []string) {
	for w := range y {
		if !x[w] && !genericStems[w] {
			return
		}
	}
	for _, w := range kinds {
		if !y[w] {
			delete(x, w)
		}
	}
}

// addressed marks the tokens of a turn's claim that say who speaks or
// whom they speak to: the speaker's label opening it ("Caroline: ..."),
// and a name said to someone, between the label and a comma
// ("Melanie, that's a great pic!"), after a comma at the end of a clause
// ("I'm always here for you, Mel!") or after a greeting or thanks ("Great
// news John!", "Thanks Maria").
func addressed(claim string, ts []ctok) []bool {
	out := make([]bool, len(ts))
	if n := prefaceLabel(claim); n > 0 && n <= len(ts) {
		// "Note to self: Josh's parents' evening is ...": the label
		// says what the note is, not what it is about
		for i := range n {
			out[i] = true
		}
		return out
	}
	start := speakerLabel(claim)
	if start == 0 || start > len(ts) {
		// a name beside a comma outside a turn says who someone is:
		// "Miso, our cat, is 11"; "dinner with my sister, Anna"
		return out
	}
	for i := range start {
		out[i] = true
	}
	name := func(i int) bool {
		return i < len(ts) && capitalised(ts[i].raw) && isWord(ts[i].low) && !topicDrop[ts[i].low] && !calendarWords[ts[i].low]
	}
	end := func(i int) bool { return i+1 >= len(ts) || ts[i+1].brk } // a comma or the end after it
	for i := start; i < len(ts); i++ {
		if !name(i) {
			continue
		}
		switch {
		case i == start && end(i) && i+1 < len(ts) && !determiners[ts[i+1].low]:
			out[i] = true // "Melanie, that's ...", not "Miso, our cat, ..."
		case i > start && ts[i].brk && end(i):
			out[i] = true // "..., Mel!"
		case i > start && greetings[ts[i-1].low] && end(i):
			out[i] = true // "Great news John!"
		}
	}
	return out
}

// greetings are the words a name said to someone follows.
var greetings = map[string]bool{"hi": true, "hey": true, "hello": true, "thanks": true, "thank": true, "news": true,
	"bye": true, "congrats": true, "congratulations": true, "morning": true, "evening": true, "night": true, "cheers": true}

// prefaceLabel is the number of words of a label opening a claim before a
// colon that says what kind of note it is ("Note to self: ...", "Reminder:
// ...", "FYI: ...") or where the news came from ("Letter from the
// spółdzielnia: ...", "Email from school: ..."), 0 for none.
func prefaceLabel(claim string) int {
	head, _, ok := strings.Cut(claim, ": ")
	if !ok {
		return 0
	}
	head = strings.ToLower(strings.TrimSpace(head))
	if !prefaces[head] && !sourcePrefaceRe.MatchString(head) {
		return 0
	}
	return len(strings.Fields(head))
}

// sourcePrefaceRe reads a label that says where news came from: a
// letter, an email, a call "from" someone, in at most four words after
// it and no digit.
var sourcePrefaceRe = regexp.MustCompile(`^(?:a |an |the )?(?:letter|email|e-mail|mail|text|message|msg|note|notice|call|phone call|voicemail|news|update|word) from (?:[^\s\d]+ ?){1,4}$`)

// prefaces are the labels prefaceLabel reads.
var prefaces = map[string]bool{"note to self": true, "note": true, "reminder": true, "fyi": true, "quick note": true,
	"side note": true, "heads up": true, "quick update": true, "update": true, "ps": true, "btw": true, "for the record": true}

// speakerLabel is the number of tokens of a speaker's label opening a
// turn's claim ("Caroline: ...", "Dr Shaw: ..."): one or two capitalised
// words and a colon. 0 for none.
func speakerLabel(claim string) int {
	head, _, ok := strings.Cut(claim, ": ")
	if !ok {
		return 0
	}
	ws := strings.Fields(head)
	if len(ws) == 0 || len(ws) > 2 {
		return 0
	}
	for _, w := range ws {
		if !capitalised(w) || !isWord(strings.ToLower(strings.TrimRight(w, "."))) {
			return 0
		}
	}
	return len(ws)
}

// thin: the words two topics share name no thing: words of how the
// speaker felt about it, and generic words.
func thin(a, b map[string]bool) bool {
	felt := false
	for w := range a {
		if b[w] && !genericStems[w] && !evaluative[w] {
			return false
		}
		felt = felt || b[w] && evaluative[w]
	}
	return felt
}

// evaluative are the normal forms of words that say how something was
// found, not what it is.
var evaluative = stemSet("awesome", "amazing", "great", "cool", "nice", "lovely", "fantastic", "wonderful",
	"incredible", "beautiful", "fun", "exciting", "excited", "glad", "happy", "sad", "good", "bad", "best",
	"worst", "brilliant", "terrible", "awful", "perfect", "super", "really", "so", "very", "much", "fab",
	"fabulous", "gorgeous", "stunning", "tough", "hard", "easy", "crazy", "wild", "sweet", "cute")

// nameKind is the kind of the entity of m whose name is key (a name value's
// key), or "" when m names none so.
func nameKind(m schema.Memory, k string) schema.EntityKind {
	for _, e := range m.Entities {
		if strings.Join(key(e.Name), " ") == k {
			return e.Kind
		}
	}
	return ""
}

// otherKinds: two named values are of kinds no one slot holds both of: a
// system (a technology, an app) and a place or a person. The extractor's
// other kinds are too loosely read to part names by (a boat named Seren
// read as a place, an insurer as one).
func otherKinds(a, b schema.EntityKind) bool {
	if a == b || a == "" || b == "" {
		return false
	}
	other := func(k schema.EntityKind) bool { return k == schema.KindPlace || k == schema.KindPerson }
	return a == schema.KindSystem && other(b) || b == schema.KindSystem && other(a)
}

// changedOther: claim c names, between a change verb and its "to", a
// thing the other claim does not name: the change is of that thing
// ("Upgraded the studio Wi-Fi to fibre" changes the studio's Wi-Fi, not
// where the studio is; "Moved Lily's swimming to Thursdays" changes Lily's
// swimming, which the other may name).
func changedOther(c, other topicClaim) bool {
	for i, t := range c.ts {
		if _, ok := changeVerbs[t.low]; !ok {
			continue
		}
		to := -1
		for j := i + 1; j < len(c.ts) && j <= i+6 && !c.ts[j].brk; j++ {
			if c.ts[j].low == "to" {
				to = j
				break
			}
		}
		if to < 0 {
			return false
		}
		for typ := range nameTypes {
			for _, v := range c.vals[typ] {
				if v.from > i && v.to <= to && !givenBy(other, typ, v.key) && !inWords(other.ts, v.key) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// inWords: the words of key are among ts's, in order.
func inWords(ts []ctok, k string) bool {
	var ws []string
	for _, t := range ts {
		ws = append(ws, key(strings.TrimSuffix(strings.TrimSuffix(t.low, "'s"), "’s"))...)
	}
	return containsWords(ws, strings.Fields(k))
}

// otherLead: claim a opens with a name the speaker's own claim b does not
// have ("Ger is milking 200 cows now" / "milking 90 cows at the moment"):
// the name is whose the value is, and b's is the speaker's.
func otherLead(a, b []ctok) bool {
	n := leadName(a)
	if n == "" || len(a) < 2 || leadName(b) != "" || slices.ContainsFunc(b, func(t ctok) bool { return stem(strings.TrimSuffix(t.low, "'s")) == n }) {
		return false
	}
	switch a[1].low {
	case "is", "was", "has", "had", "'s", "just", "now", "got":
	default:
		return false
	}
	return slices.ContainsFunc(b, func(t ctok) bool { return persons[t.low] == "i" || persons[t.low] == "we" }) || !capitalised(b[0].raw) && strings.HasSuffix(b[0].low, "ing")
}
