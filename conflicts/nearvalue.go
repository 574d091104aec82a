package conflicts

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/persistmemory/persistmemory/schema"
)

// A person's messages carry more than the fact a change replaces: "my
// phone's with EE, £32 a month, out of contract since the summer" / "EE
// have put my bill up to £35.50 from April". The topics differ by all the
// other words, so byTopic, which reads a claim's topic whole, leaves them
// apart.
//
// nearValue reads only the words around one value of each claim:
//
//   - the incoming claim, said no earlier, is worded as a change (a change
//     verb with its new value, "from now on", "as of", a correction), and
//     neither claim is about the past, the future, another of a kind, or
//     a question or a hypothesis;
//   - each claim gives exactly one value of a type (money, a quantity, a
//     dose, a percentage, a day, a date, a clock time), of one currency
//     and, where both say it, one period;
//   - the values differ, and every other type both give agrees;
//   - a word that names a thing (not a generic noun, a unit, a time or a
//     function word) stands within nearValueWindow words of the value in
//     both claims ("EE", "amlodipine", "inspection"), or the item both
//     amounts are of, or two words said together near both (sharedHead);
//   - no person or relative is named near the value of one claim only
//     ("my rent" / "Mum's rent").
//
// Then the incoming claim supersedes the existing one.
func nearValue(existing, incoming schema.Memory) (Decision, bool) {
	if saidTime(incoming).Before(saidTime(existing)) {
		return Decision{}, false
	}
	// a claim whose words are all values still has them read
	e, _ := readTopic(existing)
	i, _ := readTopic(incoming)
	moves := movesTo(i.ts)
	if !i.cue && !incoming.Correction && !i.scheduled && !moves && !setsRight(i.ts) {
		return Decision{}, false
	}
	if e.past || e.futureChange || hypothetical(e.ts) || likeOthers(e.ts) || hasAny(e.ts, formerWords) {
		// "Rent at our old flat on Cable Street was £900 a month"
		return Decision{}, false
	}
	if i.past || i.additive || hypothetical(i.ts) || likeOthers(i.ts) || (i.future || i.futureChange) && !i.scheduled && !moves {
		// "the rent's going up to $1,975" is a change said ahead
		return Decision{}, false
	}
	if asks(existing.Claim) || asks(incoming.Claim) || ofAPeriod(e.ts) || ofAPeriod(i.ts) || quoted(e.ts) || quoted(i.ts) {
		// "Last month my server's uptime was 99.9%", "pilates is
		// wednesday this week only", "the electrician quoted £450"
		return Decision{}, false
	}
	// an amount said bare takes the unit the other claim gives it:
	// "a bottle of the Reserva is 12,000 pesos" / "new prices: the
	// Reserva 14,000 now"
	e.vals, i.vals = borrowUnit(e, i), borrowUnit(i, e)
	// the one type whose values differ, read in the types' order; when
	// a thing happens may differ in its date, its weekday and its time
	// together ("Friday 15th Nov" / "Monday 18th November", "Tuesdays at
	// 6pm" / "Thursdays at 6:30"), reported as the widest of them; a
	// type either claim gives twice is left out, unless it is that one
	differ, at := "", [2]typedValue{}
	ambiguous := map[string]bool{}
	for _, t := range slices.Sorted(maps.Keys(e.vals)) {
		if !nearValueTypes(t) {
			continue
		}
		ivs := i.vals[samePeriodType(t, i.vals)]
		ev, en := current(e.vals[t])
		iv, in := current(ivs)
		if en == 1 && in == 2 {
			// "Yoga's Mondays from now on, the studio lost the Wednesday
			// slot", "the 16th not the 14th": the old value named beside
			// the new one
			iv, in = otherThan(ivs, ev.key)
		}
		if en > 1 && in == 1 {
			// "tablets: clopidogrel 75mg, ramipril 2.5mg, and
			// atorvastatin 40mg" / "Ramipril's 10mg now": the item of a
			// list the incoming claim names
			iw, iwho := wordsNear(i.ts, iv, incoming)
			maps.Copy(iw, iwho) // "Ramipril's 10mg now" opens with the item
			if v, ok := listItem(e.ts, e.vals[t], iw); ok {
				ev, en = v, 1
			}
		}
		if en == 0 || in == 0 {
			continue
		}
		if en > 1 || in > 1 {
			ambiguous[t] = true
			continue
		}
		if ev.key == iv.key {
			continue
		}
		switch {
		case differ == "":
			differ, at = t, [2]typedValue{ev, iv}
		case whenRank[differ] > 0 && whenRank[t] > 0:
			if whenRank[t] > whenRank[differ] {
				differ, at = t, [2]typedValue{ev, iv}
			}
		default:
			return Decision{}, false // two types differ: two things, or two facts
		}
	}
	if ambiguous[differ] {
		return Decision{}, false // which of two is meant, the words do not say
	}
	if differ == "" || differ == "day" && (!recurring(e.ts, at[0]) || !recurring(i.ts, at[1])) {
		// a day changes as a routine's day: "Yoga is Wednesdays" /
		// "Yoga's Mondays from now on", not "No netball this Tuesday"
		return Decision{}, false
	}
	if differ == "date" && existing.ValidFrom != nil && existing.ValidFrom.After(saidTime(existing)) && existing.ValidFrom.Before(saidTime(incoming).Add(-24*time.Hour)) {
		// "my qualificação is set for 20 August" / "quali got
		// postponed, new date is 10 September", said in late August:
		// the day, to come when it was said, had passed, so another
		// occasion was put off
		return Decision{}, false
	}
	ew, ewho := wordsNear(e.ts, at[0], existing)
	iw, iwho := wordsNear(i.ts, at[1], incoming)
	lowerInOther(ewho, ew, i.ts)
	lowerInOther(iwho, iw, e.ts)
	if !sameWho(ewho, iwho) && !namedElsewhere(ewho, iwho, i.ts) && !namedElsewhere(iwho, ewho, e.ts) || hasAny(e.ts, jobWords) || hasAny(i.ts, jobWords) || oneWay(e.ts) != oneWay(i.ts) {
		// "Dad takes 5 mg" / "Mum's doctor increased her amlodipine";
		// "charged £90 to replace the wipers"; "my flight to Oslo" / "my
		// flight back from Oslo"
		return Decision{}, false
	}
	if he, hi := headBefore(e.ts, at[0]), headBefore(i.ts, at[1]); strings.HasPrefix(differ, "money:") && !(ew["salary"] && iw["salary"]) && he != "" && hi != "" && !hasStem(i.ts, he) && !hasStem(e.ts, hi) {
		// "boots own-brand paracetamol is 39p" / "boots ibuprofen's up
		// to 89p now": the values of two things
		return Decision{}, false
	}
	if perItem(e, differ) != perItem(i, differ) || differ != "date" && differ != "day" && differ != "clock" && monthsDiffer(e, i) || hasAny(e.ts, tentative) || hasAny(i.ts, tentative) {
		// "tablets are 200mg each" / "600mg a day"; "january's water
		// usage" / "february water usage"; "landlord floated putting the
		// rent up"
		return Decision{}, false
	}
	if !qualifiersAgree(e.ts, i.ts) || partOf(e.ts, i.ts) || partOf(i.ts, e.ts) || differ == "clock" && otherEnd(e.ts, i.ts) {
		return Decision{}, false
	}
	anchor := ""
	for w := range ew {
		if iw[w] && (anchor == "" || w < anchor) {
			anchor = w
		}
	}
	if anchor == "" {
		anchor = clippedAnchor(ew, iw)
	}
	if anchor == "" && strings.HasPrefix(differ, "money:") {
		anchor = impliedAnchor(ew, iw)
	}
	if anchor == "" && slices.ContainsFunc(slices.Collect(maps.Keys(ewho)), func(w string) bool { return iwho[w] }) {
		// "Josh's school fees for this year is AED 42,000" / "Josh's
		// tuition is now AED 45,500": a generic noun, one person's
		anchor = sharedGeneric(e.ts, at[0], i.ts, at[1])
	}
	if u, ok := strings.CutPrefix(differ, "quantity:"); ok && anchor == "" && counted(u) && hasStem(e.ts, stem(u)) && hasStem(i.ts, stem(u)) && maps.Equal(ewho, iwho) && !tally(e.ts) && !tally(i.ts) {
		// "milking 90 cows at the moment" / "we're at 105 milking cows
		// now": a count of one kind of thing, named in both and of no
		// one named, is what it counts
		anchor = u
	}
	if anchor == "" && periodic(differ) && saysRate(e.ts) && saysRate(i.ts) {
		// "I charge $45/hr" / "Raised my rate to $55/hr": what one
		// charges by the hour is one's rate
		anchor = "rate"
	}
	if anchor == "" {
		anchor = sharedHead(existing, incoming, e.ts, i.ts, at)
	}
	if k := onlyKin(ewho); anchor == "" && k != "" && (k == onlyKin(iwho) || namedElsewhere(ewho, iwho, i.ts)) && periodic(differ) && (moves || hasAny(i.ts, raisedWords) || hasAny(i.ts, sendWords) && (hasAny(e.ts, sendWords) || hasAny(e.ts, raisedWords))) {
		// "Now sending mum £150 every month through Lemfi" / "naira fell
		// again so I've increased mum's money to £200 a month"; "increased
		// mama's monthly to 30k pesos" / "mama started dialysis … so I'm
		// sending 35k a month now": what one relative gets by the month,
		// raised or sent anew
		anchor = k
	}
	if anchor == "" {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("one %s near %q in both claims, %q and %q, and the incoming claim is worded as a change", describeTypes([]string{differ}), anchor, at[0].key, at[1].key)}, true
}

// listItem is the one current value of vs whose word just before it,
// the item of a list it is said of ("ramipril 2.5mg"), is among near;
// false when none or more than one is.
func listItem(ts []ctok, vs []typedValue, near map[string]bool) (typedValue, bool) {
	var out typedValue
	n := 0
	for _, v := range vs {
		if v.old || v.from < 1 || ts[v.from].brk {
			continue
		}
		w := stem(strings.TrimSuffix(ts[v.from-1].low, "'s"))
		if isWord(w) && !nearSkip[w] && !genericStems[w] && near[w] {
			out = v
			n++
		}
	}
	return out, n == 1
}

// namedElsewhere: who names the holder of one value, the other value's
// holder is not said (other), and the other claim names them all the
// same, in a clause before the speaker's ("mama started dialysis twice a
// week so I'm sending 35k a month now").
func namedElsewhere(who, other map[string]bool, ts []ctok) bool {
	if len(who) == 0 || len(other) > 0 {
		return false
	}
	for w := range who {
		if !slices.ContainsFunc(ts, func(t ctok) bool { return strings.TrimSuffix(t.low, "'s") == w }) {
			return false
		}
	}
	return true
}

// lowerInOther moves from who to words a name the other claim says in
// lower case: a thing's name opening a claim ("Ramipril's 10mg now" /
// "ramipril 2.5mg"), not a person's.
func lowerInOther(who, words map[string]bool, other []ctok) {
	for _, t := range other {
		if b := strings.TrimSuffix(t.low, "'s"); who[b] && !capitalised(t.raw) && !kinWords[b] && !otherPeople[stem(b)] && b != "3" {
			delete(who, b)
			words[stem(b)] = true
		}
	}
}

// raisedWords say an amount was set higher or lower.
var raisedWords = map[string]bool{"increased": true, "raised": true, "upped": true, "reduced": true, "decreased": true, "lowered": true, "cut": true, "bumped": true}

// sendWords say money is sent or given to someone.
var sendWords = map[string]bool{"send": true, "sending": true, "sends": true, "give": true, "giving": true, "gives": true, "transfer": true, "transferring": true}

// onlyKin is the one relative who names, when it names one and no other
// person ("3" for "his" or "her").
func onlyKin(who map[string]bool) string {
	out := ""
	for w := range who {
		switch {
		case kinWords[w] && out == "":
			out = w
		case kinWords[w], otherPeople[stem(w)], w == "3":
			return ""
		}
	}
	return out
}

// setsThing are who set the amount of one thing: the landlord the rent.
var setsThing = map[string]string{"landlord": "rent", "landlady": "rent"}

// impliedAnchor is the thing one claim names near its amount that the
// other names by who sets it ("our rent is 78,000 AED a year" /
// "landlord raised us to 84k"), or "".
func impliedAnchor(ew, iw map[string]bool) string {
	for _, who := range slices.Sorted(maps.Keys(setsThing)) {
		thing := setsThing[who]
		if ew[stem(who)] && iw[stem(thing)] || iw[stem(who)] && ew[stem(thing)] {
			return thing + "/" + who
		}
	}
	return ""
}

// sharedGeneric is the first generic noun (a fee, a price, a rate)
// said within nearValueWindow words before both values, in order, or "".
func sharedGeneric(ets []ctok, ev typedValue, its []ctok, iv typedValue) string {
	before := func(ts []ctok, v typedValue) map[string]bool {
		out := map[string]bool{}
		for k := max(0, v.from-nearValueWindow); k < v.from; k++ {
			if w := stem(strings.TrimSuffix(ts[k].low, "'s")); genericStems[w] {
				out[w] = true
			}
		}
		return out
	}
	e, i := before(ets, ev), before(its, iv)
	for _, w := range slices.Sorted(maps.Keys(e)) {
		if i[w] {
			return w
		}
	}
	return ""
}

// clipMin is the fewest letters a clipped word keeps: "cardio" for
// "cardiologist", "physio" for "physiotherapist".
const clipMin = 5

// clippedAnchor is a word near one value that is the clipped form of a
// word near the other ("mama's cardiologist" / "mama's cardio appt"), as
// "cardio/cardiologist", or "" when none is; the first in order.
func clippedAnchor(ew, iw map[string]bool) string {
	var out []string
	for a := range ew {
		for b := range iw {
			short, long := a, b
			if len(a) > len(b) {
				short, long = b, a
			}
			if len(short) >= clipMin && clippedFrom(short, long) {
				out = append(out, short+"/"+long)
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return slices.Min(out)
}

// clippedFrom: short is long cut short, as said ("cardio" of
// "cardiologist", "quali" of "qualificação").
func clippedFrom(short, long string) bool {
	return len(long) > len(short) && strings.HasPrefix(long, short)
}

// anyType reports whether vals has a value of a type that is.
func anyType(vals map[string][]typedValue, is func(string) bool) bool {
	for t := range vals {
		if is(t) {
			return true
		}
	}
	return false
}

// nameVerbs follow a name that opens a claim: "Ruby gets £10 a week";
// a capitalised first word before another word ("Rent on our place")
// is no name.
var nameVerbs = map[string]bool{"gets": true, "has": true, "is": true, "was": true, "does": true, "goes": true,
	"takes": true, "earns": true, "pays": true, "started": true, "starts": true, "got": true}

// sharedHead is what both values are of when it is a generic noun the
// anchors leave out: the item both amounts are of ("Rent on our place is
// £925" / "rent's going up to £995"), or two words said together near
// both values ("my day rate"); "" when neither.
func sharedHead(existing, incoming schema.Memory, ets, its []ctok, at [2]typedValue) string {
	if et, e := itemOf(existing); e >= 0 {
		if it, i := itemOf(incoming); i >= 0 && stem(strings.TrimSuffix(et[e].low, "'s")) == stem(strings.TrimSuffix(it[i].low, "'s")) {
			return strings.TrimSuffix(et[e].low, "'s")
		}
	}
	pairs := func(ts []ctok, v typedValue) map[string]bool {
		out := map[string]bool{}
		for k := max(0, v.from-nearValueWindow); k+1 < min(len(ts), v.to+nearValueWindow); k++ {
			a, b := strings.TrimSuffix(ts[k].low, "'s"), strings.TrimSuffix(ts[k+1].low, "'s")
			if ts[k+1].brk || !isWord(a) || !isWord(b) || nearSkip[stem(a)] && !genericStems[stem(a)] || nearSkip[stem(b)] && !genericStems[stem(b)] || notAThing(a) || notAThing(b) {
				continue
			}
			if k >= v.from && k < v.to || k+1 >= v.from && k+1 < v.to {
				continue
			}
			out[a+" "+b] = true
		}
		return out
	}
	ep, ip := pairs(ets, at[0]), pairs(its, at[1])
	for _, p := range slices.Sorted(maps.Keys(ep)) {
		if ip[p] {
			return p
		}
	}
	return ""
}

// whenRank orders the types of when a thing happens, widest first.
var whenRank = map[string]int{"date": 3, "day": 2, "clock": 1}

// salaryWords name what a person earns.
var salaryWords = map[string]bool{"salary": true, "pay": true, "wage": true, "wages": true, "earn": true, "earning": true, "earns": true}

// otherThan is the one current value of vs whose key is not key, when
// exactly one other is key; otherwise the count of current values.
func otherThan(vs []typedValue, key string) (typedValue, int) {
	var other typedValue
	same, n := 0, 0
	for _, v := range vs {
		switch {
		case v.old:
		case v.key == key, v.typ == "date" && monthLeftOut(v.key, key):
			// ("couldn't get leave for the 18th": the old date, its
			// month left out)
			same++
		default:
			other = v
			n++
		}
	}
	if same == 1 && n == 1 {
		return other, 1
	}
	return current(vs)
}

// movesTo reports whether a claim says a value went up or down to
// another: "has gone to £335", "rent's going up to $1,975", "put the
// price up to 40.5p"; not "uploads up to 100 MB", which is a limit.
func movesTo(ts []ctok) bool {
	for k := 0; k+1 < len(ts); k++ {
		switch ts[k].low {
		case "up", "down":
			if ts[k+1].low != "to" {
				continue
			}
			if ts[k].low == "down" && (k == 0 || ts[k].brk || downSayers[ts[k-1].low]) {
				// "Lost two colonies over the winter. Down to 2 hives",
				// "we're down to 2": a count fallen ("up to" opening a
				// claim is a limit: "up to 5 guests")
				return true
			}
			for j := k - 1; j >= 0 && j >= k-3; j-- {
				if moveVerbs[ts[j].low] {
					return true
				}
			}
		case "gone", "went", "goes":
			if ts[k+1].low == "to" || ts[k+1].low == "up" || ts[k+1].low == "down" {
				return true
			}
		}
	}
	return false
}

// downSayers say who is down to a value: "we're down to 2 hives".
var downSayers = map[string]bool{"we're": true, "i'm": true, "we": true, "i": true, "we've": true, "i've": true, "now": true}

// moveVerbs move a value up or down: "put the price up to", "going up
// to", "crept up to".
var moveVerbs = map[string]bool{"put": true, "puts": true, "putting": true, "gone": true, "going": true, "goes": true,
	"went": true, "go": true, "crept": true, "creeping": true, "moved": true, "moving": true, "bumped": true,
	"bumping": true, "pushed": true, "pushing": true, "shot": true, "jumped": true, "come": true, "came": true,
	"coming": true, "gone's": true, "it's": true, "they've": true, "has": true, "have": true}

// ofAPeriod reports whether a claim gives a value of one period ("last
// month", "this week only", "this Tuesday"), which the next period's
// value does not replace.
func ofAPeriod(ts []ctok) bool {
	for k, t := range ts {
		switch t.low {
		case "only":
			return true
		case "last":
			if k+1 < len(ts) {
				n := ts[k+1].low
				if _, day := weekdays[n]; day || n == "month" || n == "week" || n == "year" || n == "quarter" || n == "term" || n == "season" || n == "time" {
					return true
				}
			}
		case "this":
			// "this Tuesday", "this week": one occasion; "this month" is
			// as often when a change was made ("put my day rate up to
			// €2,100 this month")
			if k+1 < len(ts) {
				n := ts[k+1].low
				if _, day := weekdays[n]; day || n == "week" || n == "time" {
					return true
				}
			}
		}
	}
	return false
}

// quoted reports whether a claim gives a quote, an offer for one job
// that another job's quote does not replace.
func quoted(ts []ctok) bool {
	for _, t := range ts {
		switch t.low {
		case "quote", "quoted", "quotes", "estimate", "estimated", "offered", "offer":
			return true
		}
	}
	return false
}

// recurring reports whether the day v of ts is a routine's: said in the
// plural ("on Thursdays") or after "every".
func recurring(ts []ctok, v typedValue) bool {
	if v.from > 0 && ts[v.from-1].low == "every" {
		return true
	}
	for k := v.from; k < v.to && k < len(ts); k++ {
		if _, day := weekdays[ts[k].low]; !day && strings.HasSuffix(ts[k].low, "s") {
			if _, sing := weekdays[strings.TrimSuffix(ts[k].low, "s")]; sing {
				return true
			}
		}
	}
	return false
}

// setsRight reports whether a claim corrects what was said: "sorry, I
// said the 15th", "wrong date", "the 16th not the 14th".
func setsRight(ts []ctok) bool {
	for k, t := range ts {
		switch t.low {
		case "sorry", "wrong", "mistake", "typo", "oops", "correction":
			return true
		case "not":
			if k > 0 && k+1 < len(ts) && ts[k+1].low == "the" && !ts[k].brk {
				return true
			}
		}
	}
	return false
}

// nearValueWindow is how many words either side of a value nearValue
// reads for what it is the value of.
const nearValueWindow = 7

// nearValueTypes are the types nearValue reads: amounts and times, not
// names, which a person holds several of.
func nearValueTypes(t string) bool {
	switch {
	case strings.HasPrefix(t, "money:"), strings.HasPrefix(t, "quantity:"), strings.HasPrefix(t, "measure:"):
		return true
	}
	switch t {
	case "percent", "day", "date", "clock":
		return true
	}
	return false
}

// current is the values of vs not said as old ("not the 14th"), and how
// many there are; the first is returned.
func current(vs []typedValue) (typedValue, int) {
	var first typedValue
	n := 0
	for _, v := range vs {
		if v.old {
			continue
		}
		if n == 0 {
			first = v
		}
		n++
	}
	return first, n
}

// samePeriodType is the type of vals that a value of type t may be
// compared with: t itself, or for money (money:cur:per) one of the same
// currency with a period where only one of them says it: "£32 a month"
// and "£35.50" may be one amount, "£32 a month" and "£380 a year" not.
func samePeriodType(t string, vals map[string][]typedValue) string {
	if _, ok := vals[t]; ok || !strings.HasPrefix(t, "money:") {
		return t
	}
	p := strings.Split(t, ":")
	if len(p) != 3 {
		return t
	}
	for u := range vals {
		q := strings.Split(u, ":")
		if len(q) == 3 && q[0] == "money" && q[1] == p[1] && (p[2] == "" || q[2] == "") {
			return u
		}
	}
	return t
}

// nearSkip are words that say nothing of what a value is the value of.
var nearSkip = stemSet("the", "a", "an", "and", "but", "or", "so", "to", "up", "down", "from", "for", "with", "at", "on",
	"in", "of", "off", "by", "per", "is", "are", "was", "were", "be", "been", "has", "have", "had", "its", "it's", "it",
	"this", "that", "these", "those", "now", "just", "still", "again", "then", "than", "as", "also", "only", "about",
	"around", "roughly", "nearly", "almost", "over", "under", "more", "less", "back", "forward", "out", "not", "no",
	"put", "puts", "putting", "gone", "going", "go", "goes", "got", "get", "gets", "upped", "raised", "increased",
	"cut", "dropped", "bumped", "pushed", "moved", "changed", "switched", "lowered", "reduced", "new", "old", "same",
	"sorry", "actually", "instead", "wrong", "said", "meant", "checked", "letter", "month", "week", "year", "day",
	"hour", "hours", "weekly", "monthly", "yearly", "annual", "annually", "litre", "liter", "tonne", "ton", "kg",
	"mo", "pm", "am", "next", "last", "every", "each", "what", "which", "who", "will", "would", "can", "could",
	"there", "here", "very", "really", "too", "all", "one", "some", "any", "bit", "lot", "much", "many", "me", "us",
	"you", "we", "i", "i'm", "i've", "we're", "we've", "they", "they've", "he", "she", "him", "them", "my", "our",
	"your", "their", "his", "her", "time", "times", "date", "price", "cost", "costs", "rate", "amount", "number")

// wordsNear returns the stems of the words that may name what the value
// v of ts is the value of, within nearValueWindow words of it, and the
// people and names among them: a relative, someone else ("his", "a
// colleague"), a capitalised name.
func wordsNear(ts []ctok, v typedValue, m schema.Memory) (map[string]bool, map[string]bool) {
	out := map[string]bool{}
	who := map[string]bool{}
	// the claim's own attribute names what its value is of: "I rent a
	// 1br in East Austin off Manor Rd, $1,850/mo"
	for _, t := range claimTokens(m.Attribute) {
		if w := stem(t.low); (len(w) >= 3 || acronym(t.raw)) && isWord(t.low) && !nearSkip[w] && !genericStems[w] && !notAThing(t.low) {
			out[w] = true
		}
	}
	lo, hi := max(0, v.from-nearValueWindow), min(len(ts), v.to+nearValueWindow)
	// whose the value is may be said anywhere before it: "My sister's
	// rent in Leeds just went up to £1,100"
	later := false // past a clause break after the value
	// the speaker said as the subject just before the value makes it
	// theirs: "all my clients are abroad and I charge $45/hr"
	own := -1
	for k := v.from - 1; k >= 0 && k >= v.from-4; k-- {
		if ts[k].low == "i" || ts[k].low == "i'm" || ts[k].low == "we" || ts[k].low == "we're" {
			own = k
			break
		}
	}
	for k := 0; k < hi; k++ {
		if k >= v.from && k < v.to {
			continue
		}
		t := ts[k]
		later = later || k >= v.to && t.brk
		w := stem(t.low)
		base := strings.TrimSuffix(t.low, "'s")
		switch {
		case later, k < own:
			// whose the value is is said before the next clause
			// ("increased mama's monthly to 30k pesos starting this
			// month, her meds got more expensive"), and not before the
			// speaker who holds it ("all my clients are abroad and I
			// charge $45/hr")
		case kinWords[base] || otherPeople[w]:
			who[base] = true
		case kinWords[strings.TrimSuffix(base, "s")]:
			who[strings.TrimSuffix(base, "s")] = true
		case t.low == "his" || t.low == "her" || t.low == "their":
			who["3"] = true
		case capitalised(t.raw) && isWord(base) && !nearSkip[stem(base)] && !(k == 0 && heldOneNouns[stem(base)]) && (k > 0 || base != t.low || k+1 < hi && nameVerbs[ts[k+1].low]) && t.low != "i" && !strings.HasPrefix(t.low, "i'") && !calendarName(base):
			who[base] = true
		}
		if salaryWords[t.low] || t.low == "on" && k+1 == v.from && strings.HasPrefix(v.typ, "money:") || t.low == "on" && k+2 == v.from && (ts[k+1].low == "about" || ts[k+1].low == "around") && strings.HasPrefix(v.typ, "money:") {
			// "on about $78k" / "salary goes to $86k": what the speaker
			// earns
			if k >= lo || k+2 >= v.from {
				out["salary"] = true
			}
		}
		// a thing's possessive is a word of what the value is of
		// ("physio's changing to Thursdays"), a person's is whose it is
		thing := base != t.low && isWord(base) && !kinWords[base] && !kinWords[strings.TrimSuffix(base, "s")] && !otherPeople[w] && (!capitalised(t.raw) || k == 0 && heldOneNouns[stem(base)])
		if k < lo || len(w) < 3 && !acronym(t.raw) || !isWord(t.low) && !thing || nearSkip[w] || notAThing(t.low) || genericStems[w] || timeAdverbs[t.low] || dayParts[t.low] != "" {
			continue
		}
		if _, day := weekdays[t.low]; day || isMonthName(t.low) || numberWords[t.low] != "" {
			continue
		}
		out[w] = true
	}
	return out, who
}

// sameWho reports whether two claims' values belong to the same people
// and names: none named by one, or a name in common, with no relative or
// "his" or "her" named by one only.
func sameWho(a, b map[string]bool) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a)+len(b) == 0 || !anyPerson(a) && !anyPerson(b)
	}
	for w := range a {
		if (kinWords[w] || otherPeople[stem(w)] || w == "3") && !b[w] {
			return false
		}
	}
	for w := range b {
		if (kinWords[w] || otherPeople[stem(w)] || w == "3") && !a[w] {
			return false
		}
	}
	for w := range a {
		if b[w] {
			return true
		}
	}
	return false // "Ruby gets £10 a week" / "Finn has started getting £4"
}

// anyPerson reports whether names holds a relative, someone else or
// "his" or "her".
func anyPerson(names map[string]bool) bool {
	for w := range names {
		if kinWords[w] || otherPeople[stem(w)] || w == "3" {
			return true
		}
	}
	return false
}

// calendarName reports whether a capitalised word names a day, a month
// or a holiday rather than a person or a thing.
func calendarName(w string) bool {
	_, day := weekdays[w]
	return day || isMonthName(w) || seasons[w] || strings.HasSuffix(w, "s") && isDayPlural(w)
}

// isDayPlural reports whether w is a weekday in the plural: "mondays".
func isDayPlural(w string) bool {
	_, ok := weekdays[strings.TrimSuffix(w, "s")]
	return ok
}

// jobWords make a price one job's: "£90 to replace the wipers".
var jobWords = map[string]bool{"replace": true, "replacing": true, "fix": true, "fixing": true, "repair": true,
	"repairs": true, "install": true, "installing": true, "fit": true, "fitting": true}

// oneWay reports whether a claim is about a way back: "my flight back
// from Oslo", "the return leg".
func oneWay(ts []ctok) bool {
	for k, t := range ts {
		if t.low == "return" || t.low == "inbound" || t.low == "outbound" || t.low == "back" && k+1 < len(ts) && ts[k+1].low == "from" {
			return true
		}
	}
	return false
}

// otherPeople name someone besides the speaker, whose things a value
// near them may be.
var otherPeople = stemSet("colleague", "boss", "manager", "friend", "neighbour", "neighbor", "flatmate", "housemate",
	"roommate", "client", "customer", "teammate", "coworker", "landlady", "tenant", "lodger")

// qualifiersAgree reports whether no word both claims say is qualified
// by two other words: "staging server" / "production server", "Q3 report"
// / "Q4 report", "Standard plan" / "Premium plan" name two things. A
// qualifier is the word just before the first of it, when it is a word
// or a code ("Q3") and not a function word; it disagrees when the other
// claim has it nowhere.
func qualifiersAgree(a, b []ctok) bool {
	for k := 1; k < len(a); k++ {
		w := stem(a[k].low)
		if !isWord(a[k].low) || nearSkip[w] || a[k].brk || !hasStem(b, w) || capitalised(a[k].raw) && capitalised(a[k-1].raw) {
			// (a word of a name, "Iloilo Doctors' Hospital", is no
			// thing qualified: "the doctor" is not of another kind)
			continue
		}
		qa, qb := qualifierOf(a, w), qualifierOf(b, w)
		if qa != "" && qb != "" && qa != qb && !hasStem(a, qb) && !hasStem(b, qa) {
			return false
		}
		// "My rent" / "my garage rent": one said plainly, the other of
		// a kind the first never names
		if qa == "" && qb != "" && ownedPlainly(a, w) && !hasStem(a, qb) && !notAThing(qb) || qb == "" && qa != "" && ownedPlainly(b, w) && !hasStem(b, qa) && !notAThing(qa) {
			return false
		}
	}
	return true
}

// qualifierOf is the stem of the word before the first w of ts that may
// qualify it, or "".
func qualifierOf(ts []ctok, w string) string {
	for k, t := range ts {
		if stem(t.low) != w || k == 0 || t.brk {
			continue
		}
		q := ts[k-1].low
		if !isWord(q) && !isCode(q) || nearSkip[stem(q)] || possessives[q] || subjectPronouns[q] {
			return ""
		}
		return stem(q)
	}
	return ""
}

// partOf reports whether a names a part of a thing the other does not:
// "The gym has moved its pool opening to 7am" / "The gym opens at 6am".
func partOf(a, b []ctok) bool {
	for k := 0; k+1 < len(a); k++ {
		if a[k].low != "its" && a[k].low != "their" {
			continue
		}
		w := a[k+1].low
		if isWord(w) && !nearSkip[stem(w)] && !genericStems[stem(w)] && !hasStem(b, stem(w)) {
			return true
		}
	}
	return false
}

// ownedPlainly reports whether the first w of ts follows a possessive
// or "the" alone: "my rent", "the library".
func ownedPlainly(ts []ctok, w string) bool {
	for k, t := range ts {
		if stem(t.low) == w {
			return k > 0 && (possessives[ts[k-1].low] || ts[k-1].low == "the")
		}
	}
	return false
}

// openClose are the words of a time a thing opens or starts, and of one
// it closes or ends: the other end of the day is another value.
var openClose = [2]map[string]bool{
	{"opens": true, "open": true, "opening": true, "starts": true, "start": true, "begins": true, "leaves": true, "departs": true},
	{"closes": true, "close": true, "closing": true, "ends": true, "end": true, "finishes": true, "arrives": true, "lands": true},
}

// otherEnd reports whether one claim gives when a thing opens and the
// other when it closes: "The library opens at 9am" / "... closes at 4pm".
func otherEnd(a, b []ctok) bool {
	ao, ac := hasAny(a, openClose[0]), hasAny(a, openClose[1])
	bo, bc := hasAny(b, openClose[0]), hasAny(b, openClose[1])
	return ao && !ac && bc && !bo || ac && !ao && bo && !bc
}

// headBefore is the stem of the nearest word before the value v of ts
// that may name what it is the value of, or "".
func headBefore(ts []ctok, v typedValue) string {
	for k := v.from - 1; k >= 0 && k >= v.from-nearValueWindow; k-- {
		t := ts[k]
		if raisedWords[t.low] {
			return "" // "landlord raised us to 84k": who raised it, not what
		}
		w := stem(strings.TrimSuffix(t.low, "'s"))
		if !isWord(strings.TrimSuffix(t.low, "'s")) || nearSkip[w] || notAThing(t.low) || possessives[t.low] || genericStems[w] || len(w) < 3 && !acronym(t.raw) || inLongName(ts, k) {
			continue
		}
		return w
	}
	return ""
}

// inLongName reports whether ts[k] is a word of a name of several
// capitalised words said within a sentence ("joined PureGym on Stockport
// Road, £22.99 a month"): a place or a firm, not the kind of thing a
// value is of.
func inLongName(ts []ctok, k int) bool {
	if k == 0 || !capitalised(ts[k].raw) {
		return false
	}
	return capitalised(ts[k-1].raw) && k-1 > 0 || k+1 < len(ts) && capitalised(ts[k+1].raw) && !ts[k+1].brk
}

// perItem is what a claim gives a value per: an item ("each"), a time
// ("a day"), or "" for neither. A dose per tablet is not a daily dose. An
// amount of money with its period (differ, as "money:peso:month") is per
// that period whatever else the claim says how often ("mama started
// dialysis twice a week so I'm sending 35k a month").
func perItem(c topicClaim, differ string) string {
	switch {
	case hasAny(c.ts, map[string]bool{"each": true, "apiece": true}):
		return "item"
	case periodic(differ):
		return ""
	case slices.ContainsFunc(c.vals["freq"], func(f typedValue) bool { return !amountsPeriod(c.vals, f.key) }):
		return "time"
	}
	return ""
}

// amountsPeriod: how often, freq ("1/month"), is the period of an amount
// vals gives ("increased mama's monthly to 30k pesos" is by the month).
func amountsPeriod(vals map[string][]typedValue, freq string) bool {
	for t := range vals {
		if p := strings.Split(t, ":"); len(p) == 3 && p[0] == "money" && p[2] != "" && freq == "1/"+p[2] {
			return true
		}
	}
	return false
}

// monthsDiffer reports whether both claims name a month, and not the
// same one: "january's water usage" / "february water usage".
func monthsDiffer(a, b topicClaim) bool {
	am, bm := monthOf(a.ts), monthOf(b.ts)
	return am != "" && bm != "" && am != bm
}

// monthOf is the first month ts names in full, or "".
func monthOf(ts []ctok) string {
	for _, t := range ts {
		w := strings.TrimSuffix(t.low, "'s")
		for _, m := range monthNames {
			if w == m {
				return m
			}
		}
	}
	return ""
}

// tentative words say a change is only floated: "leadership is
// proposing", "just an idea", "nothing's confirmed".
var tentative = map[string]bool{"proposing": true, "proposed": true, "proposal": true, "floated": true, "floating": true,
	"idea": true, "considering": true, "consultation": true, "might": true, "maybe": true, "possibly": true,
	"rumour": true, "rumoured": true, "rumor": true, "thinking": true, "if": true, "unless": true}

// isCode reports whether w is letters and digits together: "q3", "v2".
func isCode(w string) bool {
	letters, digits := false, false
	for _, r := range w {
		switch {
		case unicode.IsLetter(r):
			letters = true
		case unicode.IsDigit(r):
			digits = true
		default:
			return false
		}
	}
	return letters && digits
}

// hasStem reports whether ts has a word of stem w.
func hasStem(ts []ctok, w string) bool {
	for _, t := range ts {
		if stem(t.low) == w {
			return true
		}
	}
	return false
}

// notAThing reports whether a word says how or what is done, not what
// a value is the value of: "started", "doing", "finally", "own".
func notAThing(w string) bool {
	if strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ly") {
		return true
	}
	switch w {
	case "start", "own", "final", "first", "main", "whole", "full", "free", "extra", "total", "told", "said",
		"says", "asked", "take", "takes", "took", "make", "makes", "made", "pay", "pays", "paid", "give", "gave",
		"keep", "kept", "need", "needs", "want", "wants", "think", "thought", "know", "knew", "feel", "felt",
		"like", "love", "hate", "sure", "good", "great", "bad", "nice", "big", "small", "little", "long", "short",
		"high", "low", "cheap", "expensive", "early", "late", "instead", "anyway", "because", "since", "though":
		return true
	}
	return false
}

// acronym reports whether w is a name of two or more capitals: "EE".
func acronym(w string) bool {
	return len(w) >= 2 && strings.ToUpper(w) == w && strings.ToLower(w) != w
}

// isMonthName reports whether w names a month.
func isMonthName(w string) bool {
	for _, m := range monthNames {
		if w == m || len(w) >= 3 && strings.HasPrefix(m, w) && len(w) <= 4 {
			return true
		}
	}
	return false
}

// asks reports whether a claim is a question.
func asks(claim string) bool {
	claim = strings.TrimSpace(claim)
	if strings.HasSuffix(claim, "?") {
		return true
	}
	first, rest, _ := strings.Cut(claim, " ")
	if len(first) > 6 {
		return false // longer than any question word
	}
	first = strings.ToLower(first)
	if !questionWords[first] {
		return false
	}
	second, _, _ := strings.Cut(rest, " ")
	// "When I retired in 2018 the company gave me …": a clause, not a question
	return !((whWords[first] || first == "who" || first == "which" || first == "why") && clauseSubjects[strings.ToLower(second)])
}

// clauseSubjects after a wh-word make it a clause: "When I retired",
// "where we lived", "what my doctor said".
var clauseSubjects = map[string]bool{"i": true, "we": true, "he": true, "she": true, "they": true, "my": true, "our": true, "his": true, "her": true, "their": true}

// questionWords open a question.
var questionWords = map[string]bool{"what": true, "which": true, "when": true, "where": true, "who": true, "how": true,
	"why": true, "is": true, "are": true, "do": true, "does": true, "did": true, "can": true, "could": true,
	"should": true, "would": true, "will": true}

// bareAmountRatio bounds how far a bare amount may be from the other
// claim's amount to be read in its unit: a price or a payment changes by
// less than half again, or a third less.
const bareAmountRatio = 1.5

// borrowUnit is c's values with, when c gives no amount (money or a
// quantity) and other gives exactly one, the one bare number of c near
// it in size (bareAmounts) read as an amount of other's type. Otherwise
// c's values as they are.
func borrowUnit(c, other topicClaim) map[string][]typedValue {
	var typ string
	var want float64
	// the one amount of the other claim, its money when it gives a count
	// beside ("78,000 AED a year for a 2BR, 4 cheques")
	var types []string
	for t := range other.vals {
		if unitAmount(t) {
			types = append(types, t)
		}
	}
	if len(types) > 1 {
		types = slices.DeleteFunc(types, func(t string) bool { return !strings.HasPrefix(t, "money:") })
	}
	for _, t := range types {
		v, n := current(other.vals[t])
		f, err := strconv.ParseFloat(v.key, 64)
		if n != 1 || err != nil || typ != "" {
			return c.vals
		}
		typ, want = t, f
	}
	if typ == "" || want <= 0 || anyType(c.vals, unitAmount) {
		return c.vals
	}
	var near []typedValue
	// a rate said with no unit is a price when the other claim's amount
	// is money: "a room is 65,000 per night" / "raised the room rate to
	// 72,000"
	bare := bareAmounts(c)
	if strings.HasPrefix(typ, "money:") {
		bare = append(bare, c.vals["measure:rate"]...)
	}
	for _, b := range bare {
		if f, _ := strconv.ParseFloat(b.key, 64); f >= want/bareAmountRatio && f <= want*bareAmountRatio {
			near = append(near, b)
		}
	}
	if len(near) != 1 {
		return c.vals
	}
	out := maps.Clone(c.vals)
	if near[0].typ == "measure:rate" {
		delete(out, "measure:rate")
	}
	near[0].typ = typ
	out[typ] = near
	if p := strings.Split(typ, ":"); len(p) == 3 && p[2] != "" && len(out["freq"]) == 1 && out["freq"][0].key == "1/"+p[2] {
		// "monthly is 1,620 now": how often is the amount's period
		delete(out, "freq")
	}
	return out
}

// unitAmount reports whether a value type is an amount in a unit: money
// or a quantity (not an age).
func unitAmount(t string) bool {
	return strings.HasPrefix(t, "money:") || strings.HasPrefix(t, "quantity:") && t != "quantity:age"
}

// bareAmounts are the numbers of a claim that no typed value holds and
// that may be an amount said without its unit: at least 10, no year, and
// not before a word that counts or measures something else ("1,620
// now", "84k from 78"; not "3 terms", "2019").
func bareAmounts(c topicClaim) []typedValue {
	held := make([]bool, len(c.ts))
	for _, vs := range c.vals {
		for _, v := range vs {
			for k := v.from; k < v.to && k < len(held); k++ {
				held[k] = true
			}
		}
	}
	var out []typedValue
	for k, t := range c.ts {
		n, ok := number(t.low)
		if held[k] || !ok || !hasDigit(t.low) {
			continue
		}
		f, err := strconv.ParseFloat(n, 64)
		if err != nil || f < 10 || f >= 1900 && f < 2100 && !strings.HasSuffix(t.low, "k") {
			continue
		}
		if k > 0 && (c.ts[k-1].low == "at" || c.ts[k-1].low == "aged") && f < 120 {
			continue // "found out the hard way at 19": an age
		}
		if k+1 < len(c.ts) && !held[k+1] && isWord(c.ts[k+1].low) && !c.ts[k+1].brk && !bareFollowers[c.ts[k+1].low] {
			continue // "3 terms", "45 minutes"
		}
		if !(k > 0 && bareLeaders[c.ts[k-1].low] || k+1 < len(c.ts) && c.ts[k+1].low == "now") {
			continue // "room 204", "bus 12": a number said as a value follows a verb or "to"
		}
		out = append(out, typedValue{typ: "number", key: n, from: k, to: k + 1})
	}
	return out
}

// bareLeaders may come before an amount said without its unit: "raised
// us to 84k", "monthly is 1,620", "costs 40".
var bareLeaders = map[string]bool{"to": true, "is": true, "'s": true, "are": true, "was": true, "at": true, "of": true,
	"now": true, "pay": true, "paying": true, "pays": true, "paid": true, "cost": true, "costs": true, "charge": true,
	"charges": true, "charging": true, "for": true, "sending": true, "send": true, "sends": true, "get": true, "gets": true,
	"getting": true, "earn": true, "earns": true, "earning": true, "about": true, "around": true, "only": true, "just": true}

// bareFollowers may follow an amount said without its unit: "1,620 now",
// "14,000 at the cellar door", "72,000 with breakfast", "65,000 per night".
var bareFollowers = map[string]bool{"now": true, "at": true, "with": true, "per": true, "a": true, "an": true, "from": true,
	"for": true, "each": true, "and": true, "but": true, "so": true, "instead": true, "since": true, "starting": true,
	"after": true, "before": true, "which": true, "this": true, "next": true, "every": true, "including": true, "incl": true,
	"all": true, "total": true, "plus": true, "not": true, "only": true, "already": true, "too": true, "then": true, "in": true,
	"on": true, "to": true, "by": true, "the": true, "is": true, "was": true}

// periodic reports whether a type is money paid by a period: "$45/hr",
// "£400 a day".
func periodic(t string) bool {
	p := strings.Split(t, ":")
	return len(p) == 3 && p[0] == "money" && p[2] != ""
}

// chargedWords say an amount is what someone charges: "I charge", "my
// rate".
var chargedWords = map[string]bool{"charge": true, "charges": true, "charging": true, "rate": true, "rates": true}

// saysRate: the claim says an amount is a rate charged.
func saysRate(ts []ctok) bool { return hasAny(ts, chargedWords) }

// counted reports whether a quantity's unit is a kind of thing counted
// ("cows", "hives", "beds"), not a measure (kg, minutes, km), a span of
// time or a person's age.
func counted(u string) bool {
	return u != "" && !knownUnit(u) && periods[u] == "" && u != "age" && u != "year" && u != "day" && u != "week" && u != "month" && u != "time" && isWord(u)
}

// tally reports whether a claim gives a count as it stands on the way to
// more: "18 weddings booked so far, aiming for 24".
func tally(ts []ctok) bool {
	for k, t := range ts {
		if t.low == "far" && k > 0 && ts[k-1].low == "so" || t.low == "aiming" || t.low == "goal" || t.low == "target" {
			return true
		}
	}
	return false
}
