package conflicts

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// datesOfOneThing reads two claims that each say when one thing falls
// due, ends or is set for: "My passport expires in March 2026" /
// "Passport's good until August 2026"; "The studio lease ends in March" /
// "Studio lease runs until June"; "Electrical inspection is booked for
// Tuesday March 12" / "City electrical inspection is Thursday the 14th".
// Two times of one kind for one thing, neither claim worded as a change or
// a correction, are a contradiction: nothing says which holds. (A change
// or a correction is read by the readings that follow, which say which
// value is the later.) The thing is the words before the word that dates
// it; the shorter's words must all be in the other claim. A thing that
// recurs ("every day", "on Mondays") is read by the slot and topic
// readings; a question, a plan, a wish or a denial dates nothing; and a
// time the existing claim gave that had passed when the incoming claim was
// said is another round of the thing (last year's renewal), not a
// contradiction.
func datesOfOneThing(existing, incoming schema.Memory) (Decision, bool) {
	if saidAsChange(existing, incoming) {
		return Decision{}, false
	}
	et, ev, ok1 := dueOf(existing)
	it, iv, ok2 := dueOf(incoming)
	if !ok1 || !ok2 {
		return Decision{}, false
	}
	shown, one := oneThing(existing, incoming, et, it)
	if !one {
		return Decision{}, false
	}
	if passedBefore(existing, ev, incoming.SaidAt) {
		return Decision{}, false
	}
	for _, typ := range dueTypes {
		a, ok1 := ev[typ]
		b, ok2 := iv[typ]
		if ok1 && ok2 && !alikeValueKey(typ+"="+a, typ+"="+b) && !(typ == "clock" && sameTyped(typ, "~"+strings.TrimPrefix(a, "~"), b)) {
			return Decision{Contradicts, fmt.Sprintf("one thing (%s) dated twice: %s %q and %q, and neither claim is worded as a change, so one of them is wrong", shown, typ, a, b)}, true
		}
	}
	return Decision{}, false
}

// dueTypes are the kinds of time datesOfOneThing compares, in order. A
// clock time is compared without its half of the day, which "half past
// seven" leaves out.
var dueTypes = []string{"year", "month", "date", "day", "clock"}

// dueCues date the thing named before them: "expires", "ends", "is due",
// "renews", "deadline", "booked for".
var dueCues = map[string]bool{
	"expires": true, "expire": true, "expiry": true, "ends": true, "due": true,
	"renews": true, "renewal": true, "deadline": true, "booked": true, "scheduled": true,
}

// untilVerbs date a thing's end with "until": "runs until June", "good
// until August 2026", "valid till 2029".
var untilVerbs = map[string]bool{"runs": true, "good": true, "valid": true, "lasts": true, "goes": true}

// dueOf reads what thing a claim dates and the times it gives it: the
// thing's words (stems) before the word that dates it, in the same clause,
// and the first time of each kind after it, up to the clause's end. ok is
// false when the claim dates nothing it names, gives two times of a kind,
// or says the thing recurs.
func dueOf(m schema.Memory) (thing []string, times map[string]string, ok bool) {
	if asks(m.Claim) {
		return nil, nil, false
	}
	ts := claimTokens(m.Claim)
	if hypothetical(ts) || wished(ts) || slices.ContainsFunc(ts, func(t ctok) bool { return recurs[t.low] }) {
		return nil, nil, false
	}
	c, ok := readTopic(m)
	if !ok && len(c.vals) == 0 {
		return nil, nil, false
	}
	for at := range ts {
		if !dueCue(ts, at, func(i int) bool { return timeStarts(c, i) }) {
			continue
		}
		thing, times, stop := dueAt(ts, at, c)
		if stop {
			return nil, nil, false // two times of a kind
		}
		if len(thing) > 0 && len(times) > 0 {
			return thing, times, true
		}
	}
	return nil, nil, false
}

// dueCue: the words at token at date the thing named before them: a word
// of dueCues, "runs until" (untilVerbs), "is up in", "is on", "is at", or
// "is" before a time.
func dueCue(ts []ctok, at int, isTime func(int) bool) bool {
	w, next := ts[at].low, ""
	if at+1 < len(ts) {
		next = ts[at+1].low
	}
	after := ""
	if at+2 < len(ts) {
		after = ts[at+2].low
	}
	switch {
	case at == 0:
		return false
	case dueCues[w], untilVerbs[w] && (next == "until" || next == "till" || next == "til"):
		return true
	case untilVerbs[w] && next == "to" && isTime(at+2):
		return true // "runs to aug 31"
	case presentBe[w] && next == "up" && (after == "in" || after == "on" || isTime(at+2)):
		return true // "the lease is up in 2027"
	}
	return presentBe[w] && (next == "on" || next == "at" || isTime(at+1))
}

// dueAt reads the thing named before the cue at token at, in its clause,
// and the first time of each kind after it up to the clause's end; none
// when the clause denies. stop says the clause gives two times of a kind.
func dueAt(ts []ctok, at int, c topicClaim) (thing []string, times map[string]string, stop bool) {
	end := at + 1
	for end < len(ts) && !ts[end-1].brk && !clauseJoins[ts[end].low] && ts[end].low != "then" {
		end++
	}
	if slices.ContainsFunc(ts[clauseStart(ts, at):end], func(t ctok) bool { return negators[t.low] }) {
		return nil, nil, false // "the lease doesn't end in March"
	}
	times = map[string]string{}
	for _, typ := range dueTypes {
		var in []typedValue
		for _, v := range c.vals[typ] {
			if v.from > at && v.from < end {
				in = append(in, v)
			}
		}
		switch len(in) {
		case 0:
		case 1:
			times[typ] = in[0].key
		default:
			return nil, nil, true // "5am and 3.30pm": two times of one kind
		}
	}
	return thingBefore(ts, at, func(w string) bool { return calendarWords[w] }), times, false
}

// clauseStart is where the clause of token at begins: after a break or a
// word that joins clauses.
func clauseStart(ts []ctok, at int) int {
	from := at
	for from > 0 && !ts[from-1].brk && !clauseJoins[ts[from-1].low] {
		from--
	}
	return from
}

// thingBefore is the thing named before token at in its clause: the stems
// of its content words, sorted, without those drop names.
func thingBefore(ts []ctok, at int, drop func(string) bool) []string {
	var out []string
	for w := range contentWords(ts[clauseStart(ts, at):at]) {
		if !drop(w) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// shownThing is the thing a claim dates (dueOf) in the claim's words.
func shownThing(m schema.Memory, thing []string) string {
	var out []string
	for _, t := range claimTokens(m.Claim) {
		w := strings.TrimSuffix(t.low, "'s")
		if slices.Contains(thing, stem(w)) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return strings.Join(thing, " ")
	}
	return strings.Join(out, " ")
}

// recurs: words that say a thing happens again and again.
var recurs = map[string]bool{
	"every": true, "each": true, "daily": true, "weekly": true, "monthly": true, "yearly": true, "annually": true,
	"mondays": true, "tuesdays": true, "wednesdays": true, "thursdays": true, "fridays": true, "saturdays": true, "sundays": true,
	"usually": true, "always": true, "weekends": true, "weekdays": true,
}

// timeStarts: a time of a kind datesOfOneThing compares starts at token i
// of the claim c reads.
func timeStarts(c topicClaim, i int) bool {
	return slices.ContainsFunc(dueTypes, func(typ string) bool {
		return slices.ContainsFunc(c.vals[typ], func(v typedValue) bool { return v.from == i })
	})
}

// passedBefore: the time the claim dates its thing by (times, from dueOf)
// had passed at the moment said: the date the extractor resolved (the
// claim's valid_from), and the rest of its year, month or day.
func passedBefore(m schema.Memory, times map[string]string, said *time.Time) bool {
	if m.ValidFrom == nil || said == nil {
		return false
	}
	end := m.ValidFrom.AddDate(0, 0, 1)
	switch {
	case times["date"] != "" || times["day"] != "":
	case times["month"] != "":
		end = m.ValidFrom.AddDate(0, 1, 0)
	case times["year"] != "":
		end = m.ValidFrom.AddDate(1, 0, 0)
	}
	return end.Before(*said)
}

// thingWordsIn: every word of words that must (a stem) is in ts.
func thingWordsIn(words []string, ts []ctok, must func(string) bool) bool {
	stems := make([]string, len(ts))
	for i, t := range ts {
		stems[i] = stem(strings.TrimSuffix(t.low, "'s"))
	}
	return allIn(slices.DeleteFunc(slices.Clone(words), func(w string) bool { return !must(w) }), stems)
}

// thingNames are the words of a thing (dueOf) written with a capital
// inside the claim, not only as its first word: names ("Leo", "Alo").
func thingNames(m schema.Memory, thing []string) []string {
	ts := claimTokens(m.Claim)
	var out []string
	for i, t := range ts {
		if w := stem(strings.TrimSuffix(t.low, "'s")); i > 0 && !ts[i-1].brk && capitalised(t.raw) && slices.Contains(thing, w) {
			out = append(out, w)
		}
	}
	return out
}

// cueIn: the claim has a word that words it as a change, "new" among
// them ("the standup's new date is 10 March").
func cueIn(m schema.Memory) bool {
	cue, _ := changeCue(claimTokens(m.Claim))
	return cue
}

// saidAsChange: either claim is worded as a change or a correction, which
// the readings of one thing's value given twice leave to the readings
// that say which value is the later.
func saidAsChange(existing, incoming schema.Memory) bool {
	return existing.Correction || incoming.Correction || WordedAsChange(existing) || WordedAsChange(incoming) || cueIn(existing) || cueIn(incoming)
}

// oneThing: the things two claims give a value of (et and it, their words'
// stems) are one: the shorter's words are all in the other claim, and a
// name or an identifier of either is in the other ("the studio lease" /
// "the flat lease", "the Q3 report" / "the Q4 report", "the dentist
// appointment for Leo" / "my dentist appointment" are two). shown is the
// thing in the shorter's words.
func oneThing(existing, incoming schema.Memory, et, it []string) (shown string, ok bool) {
	short, long, other, own, shortClaim := et, it, claimTokens(incoming.Claim), claimTokens(existing.Claim), existing
	if len(it) < len(et) {
		short, long, other, own, shortClaim = it, et, own, other, incoming
	}
	any := func(string) bool { return true }
	if !thingWordsIn(short, other, any) || !thingWordsIn(long, own, identifier) || !thingWordsIn(thingNames(existing, et), claimTokens(incoming.Claim), any) || !thingWordsIn(thingNames(incoming, it), claimTokens(existing.Claim), any) {
		return "", false
	}
	return shownThing(shortClaim, short), true
}
