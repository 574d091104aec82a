package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A claim's topic leaves out the words that say when or why rather than
// what (topic.go): temporal adjuncts ("over the weekend", "at the start
// of the quarter", "last autumn", "in January", "two weeks ago",
// "again"), a leading adjunct clause ("after the outage", "since the
// timetable change,") and a trailing aside after a clause break that
// gives no value ("..., their fixed tariff was cheaper", "..., so that's
// what she gets now", "- I eat fish again these days"). Two topics that
// differ only by one-sided words may still be one slot when each such
// word is soft: the verb of the speaker's habit ("I play five-a-side on
// Tuesdays" / "five-a-side has moved to Thursdays") when the other
// claim has none, or a compound modifier of a shared head of two or more
// words that the other claim refers back to with "the" ("the API gateway
// timeout is" / "the gateway timeout"). And an incoming claim that
// retires the existing claim's value by name ("replaced Jira with
// Linear", "traded the Octavia in", "switched from X to Y") and gives a
// new value of that type is one slot with it, whatever else its topic
// says.

// seasons name a part of the year after "this", "last", "over the".
var seasons = map[string]bool{
	"spring": true, "summer": true, "autumn": true, "fall": true, "winter": true, "holiday": true,
	"holidays": true, "christmas": true, "easter": true, "half-term": true,
}

// timeAdverbs say when, not what.
var timeAdverbs = map[string]bool{
	"again": true, "nowadays": true, "yesterday": true, "tomorrow": true, "tonight": true,
	"earlier": true, "since": false,
}

// adjunctPreps open a temporal adjunct with a determiner: "over the
// weekend", "at the start of the quarter", "in the spring".
var adjunctPreps = map[string]bool{
	"over": true, "during": true, "at": true, "in": true, "by": true, "for": true, "throughout": true,
	"within": true, "around": true, "towards": true, "until": true, "till": true, "since": true,
}

// timeNoun: w names a period or a point of the calendar.
func timeNoun(t ctok) bool {
	w := t.low
	if timeUnits[singular(w)] || seasons[w] {
		return true
	}
	if _, ok := weekdays[singular(w)]; ok {
		return true
	}
	if _, ok := dayParts[w]; ok {
		return true
	}
	return monthWords[w] && !(w == "may" && !capitalised(t.raw))
}

// temporalAdjunct returns the end of a temporal adjunct starting at i,
// or 0.
func temporalAdjunct(ts []ctok, i int) int {
	at := func(k int) string {
		if k < len(ts) {
			return ts[k].low
		}
		return ""
	}
	w := at(i)
	if timeAdverbs[w] {
		return i + 1
	}
	switch w {
	case "this", "last", "next", "coming", "past":
		j := i + 1
		if at(j) == "other" || at(j) == "second" {
			j++
		}
		if j < len(ts) && timeNoun(ts[j]) {
			return j + 1
		}
		return 0
	case "ago":
		return i + 1
	}
	if !adjunctPreps[w] {
		return 0
	}
	j := i + 1
	if at(j) == "the" {
		j++
		if periodEdges[at(j)] && at(j+1) == "of" {
			j += 2
			if at(j) == "the" || at(j) == "this" || at(j) == "last" || at(j) == "next" {
				j++
			}
		}
		// up to two words may qualify the period: "over the summer holidays"
		for k := j; k < len(ts) && k <= j+2; k++ {
			if timeNoun(ts[k]) {
				for k+1 < len(ts) && timeNoun(ts[k+1]) {
					k++ // "the summer holidays"
				}
				return k + 1
			}
			if !isWord(ts[k].low) || capitalised(ts[k].raw) || topicDrop[ts[k].low] {
				return 0
			}
		}
		return 0
	}
	if at(j) == "this" || at(j) == "last" || at(j) == "next" {
		if e := temporalAdjunct(ts, j); e > 0 {
			return e
		}
	}
	if j < len(ts) && monthWords[at(j)] && !(at(j) == "may" && !capitalised(ts[j].raw)) {
		e := j + 1
		if yearWord(at(e)) {
			e++
		}
		return e
	}
	if yearWord(at(j)) && w != "at" && w != "for" {
		return j + 1
	}
	return 0
}

// subjectPronouns start a clause said by or about someone.
var subjectPronouns = map[string]bool{
	"i": true, "i'm": true, "i've": true, "i'd": true, "we": true, "we're": true, "we've": true,
	"we'd": true, "they": true, "they're": true, "they've": true, "he": true, "she": true,
	"he's": true, "she's": true, "it": true, "it's": true, "that's": true, "there's": true,
}

// asideOpeners open a clause that gives a reason or an aside.
var asideOpeners = map[string]bool{
	"so": true, "and": true, "but": true, "because": true, "cos": true, "as": true, "since": true,
	"which": true, "though": true, "although": true, "while": true, "whereas": true, "that": true,
	"their": true, "his": true, "her": true, "my": true, "our": true, "there": true,
	// a verbless judgement after the value: "..., less crowded", "...,
	// much cheaper", "..., way better for us"
	"less": true, "more": true, "much": true, "way": true, "far": true, "loads": true, "lots": true,
	"better": true, "worse": true, "cheaper": true, "nicer": true, "quicker": true, "faster": true,
	"closer": true, "easier": true,
	// a clause with its subject left out: "..., need to shop around"
	"need": true, "needs": true,
}

// reasonOpeners open a trailing clause that says why or when: "... £3,650
// for the extension roof after he saw the rot in the joists", "... now
// that it's closer".
var reasonOpeners = map[string]bool{"because": true, "since": true, "as": true, "cos": true, "'cause": true, "after": true, "when": true, "once": true, "now": true, "before": true}

// causeOpeners open a trailing clause that can only say why: "since his
// readings were still high", "because our landlord sold up".
var causeOpeners = map[string]bool{"because": true, "since": true, "cos": true, "'cause": true}

// possessives are the determiners that name whose.
var possessives = map[string]bool{"my": true, "our": true, "his": true, "her": true, "their": true, "your": true}

// ifAsides follow "if" in a trailing aside that gives no condition of the
// value: "my number is 555-0142 if anyone asks", "... if you need it".
var ifAsides = map[string]bool{"anyone": true, "anybody": true, "someone": true, "somebody": true, "you": true, "needed": true, "necessary": true, "asked": true}

// leadingAdjuncts open a clause before the claim that says when or why.
var leadingAdjuncts = map[string]bool{
	"after": true, "before": true, "during": true, "following": true, "since": true, "once": true,
	"when": true, "because": true, "as": true, "due": true, "thanks": true,
}

// changeNouns name a change: "since the timetable change".
var changeNouns = map[string]bool{
	"change": true, "changes": true, "switch": true, "move": true, "update": true, "upgrade": true,
	"migration": true, "reshuffle": true, "restructure": true, "reorganisation": true,
	"reorganization": true, "merger": true, "takeover": true, "handover": true,
	"rise": true, "increase": true, "cut": true, "drop": true, "renewal": true, "review": true,
}

// contextSkip marks in skip the words of ts that say when or why rather
// than what: temporal adjuncts, a leading adjunct clause and trailing
// asides that give no value (hasValue reports a current value at a
// token). It reports whether a leading clause names a change ("since
// the timetable change,").
func contextSkip(ts []ctok, skip []bool, hasValue func(i int) bool) (changed bool) {
	for i := 0; i < len(ts); i++ {
		if e := temporalAdjunct(ts, i); e > 0 {
			for k := i; k < e; k++ {
				skip[k] = true
			}
			i = e - 1
		}
	}
	if len(ts) > 0 && leadingAdjuncts[ts[0].low] {
		end := 0
		for k := 1; k < len(ts) && k <= 8; k++ {
			if ts[k].brk {
				end = k
				break
			}
			if subjectPronouns[ts[k].low] && k > 1 || possessives[ts[k].low] && k > 2 {
				// "since cutting out caffeine I'm ...", "after my
				// promotion my salary is ..."
				end = k
				break
			}
		}
		for k := 0; k < end; k++ {
			if hasValue(k) {
				end = 0
				break
			}
		}
		for k := 0; k < end; k++ {
			skip[k] = true
			changed = changed || ts[0].low == "since" && changeNouns[ts[k].low]
		}
	}
	// trailing asides: a segment after a break and after the last value
	// that opens like a clause of its own
	last := -1
	for k := range ts {
		if hasValue(k) {
			last = k
		}
	}
	// a trailing "since the price rise" or "after the pay rise" after the
	// last value says when the value began, and that a change set it
	for i := last + 1; i+2 < len(ts); i++ {
		if ts[i].low != "since" && ts[i].low != "after" || !determiners[ts[i+1].low] {
			continue
		}
		named := false
		for k := i; k < len(ts); k++ {
			named = named || changeNouns[ts[k].low]
		}
		if named {
			for k := i; k < len(ts); k++ {
				skip[k] = true
			}
			changed = true
		}
		break
	}
	// a trailing reason after the last value, with or without a comma:
	// "... to the Greenway clinic since it's closer to the new place"
	for i := last + 1; i+1 < len(ts); i++ {
		if reasonOpeners[ts[i].low] && subjectPronouns[ts[i+1].low] || ts[i].low == "if" && ifAsides[ts[i+1].low] ||
			causeOpeners[ts[i].low] && possessives[ts[i+1].low] && i > 0 {
			// "... to 10mg since his readings were still high"
			for k := i; k < len(ts); k++ {
				skip[k] = true
			}
			break
		}
	}
	// a reason that gives values of its own, after the claim's: "Standup
	// moved to 10am since two people joined from Lisbon", "... because
	// the 8:15 was cancelled twice"
	first := -1
	for k := range ts {
		if hasValue(k) {
			first = k
			break
		}
	}
	for i := first + 1; first >= 0 && i < last && i+1 < len(ts); i++ {
		if causeOpeners[ts[i].low] && ts[i].low != "since" || ts[i].low == "since" && reasonClause(ts, i+1) {
			for k := i; k < len(ts); k++ {
				skip[k] = true
			}
			last = i - 1
			break
		}
	}
	for i := last + 1; i < len(ts); i++ {
		if !ts[i].brk || !(asideOpeners[ts[i].low] || subjectPronouns[ts[i].low]) {
			continue
		}
		end := i + 1
		for end < len(ts) && !ts[end].brk {
			end++
		}
		aside := true
		for k := i; k < end; k++ {
			if hasValue(k) {
				aside = false
				break
			}
		}
		if aside {
			for k := i; k < end; k++ {
				skip[k] = true
			}
		}
		i = end - 1
	}
	return changed
}

// reasonClause: the words from i make a clause of their own, with a verb
// in the past within five words ("two people joined", "the office
// moved"), not a time ("since March", "since last year").
func reasonClause(ts []ctok, i int) bool {
	for k := i; k < len(ts) && k < i+5 && (k == i || !ts[k].brk); k++ {
		w := ts[k].low
		if len(w) > 4 && strings.HasSuffix(w, "ed") || irregularPast[w] {
			return k > i
		}
	}
	return false
}

// speakerVerb returns the index of the verb of a clause whose subject is
// the speaker ("I play", "we usually take"), or -1.
func speakerVerb(ts []ctok, skip []bool) int {
	for i, t := range ts {
		if t.low != "i" && t.low != "we" {
			continue
		}
		j := i + 1
		for j < len(ts) && (habitAdverbs[ts[j].low] || ts[j].low == "still") {
			j++
		}
		if j < len(ts) && !skip[j] && isWord(ts[j].low) && !topicDrop[ts[j].low] && !negators[ts[j].low] {
			return j
		}
		return -1
	}
	return -1
}

// habitAdverbs say how often: "I usually play".
var habitAdverbs = map[string]bool{
	"usually": true, "normally": true, "always": true, "often": true, "generally": true,
	"typically": true, "mostly": true, "sometimes": true,
}

// softTopic: topics a and b differ only by words on one side that are
// soft there: the speaker's verb when the other has none, or a compound
// modifier of a shared head the other claim refers to with "the".
func softTopic(x, y topicClaim, xs, ys []bool, xw, yw map[string]bool) bool {
	var onlyX, onlyY []string
	shared := false
	for w := range xw {
		switch {
		case yw[w]:
			shared = shared || !genericStems[w]
		case !genericStems[w]:
			onlyX = append(onlyX, w)
		}
	}
	for w := range yw {
		if !xw[w] && !genericStems[w] {
			onlyY = append(onlyY, w)
		}
	}
	// (a topic of nothing but its values is the thing the other claim's
	// verb does: "I have three coffees daily" / "I drink three cups of
	// coffee a day")
	if !shared && len(xw) > 0 && len(yw) > 0 || len(onlyX) > 0 && len(onlyY) > 0 || len(onlyX)+len(onlyY) == 0 || len(onlyX)+len(onlyY) > 2 {
		return false
	}
	if len(onlyY) > 0 {
		x, y, xs, ys, xw, yw, onlyX = y, x, ys, xs, yw, xw, onlyY
	}
	for _, w := range onlyX {
		if !softWord(x, y, xs, ys, yw, w) {
			return false
		}
	}
	return true
}

// softWord: the one-sided word w of claim x is soft (see softTopic).
func softWord(x, y topicClaim, xs, ys []bool, yw map[string]bool, w string) bool {
	at := -1
	for i, t := range x.ts {
		if !xs[i] && stem(t.low) == w {
			at = i
			break
		}
	}
	if at < 0 {
		return false
	}
	if v := speakerVerb(x.ts, xs); v == at && speakerVerb(y.ts, ys) < 0 {
		return true
	}
	for _, k := range []int{at - 1, at + 1} {
		if capitalised(x.ts[at].raw) && !(claimStart(x.ts, at) && topicDrop[x.ts[at].low]) && k >= 0 && k < len(x.ts) && !xs[k] && capitalised(x.ts[k].raw) && yw[stem(x.ts[k].low)] {
			// a name said in full and in short: "Amazon Prime" / "Prime"
			return true
		}
	}
	if activityHeads[x.ts[at].low] && at > 0 && !xs[at-1] && yw[stem(x.ts[at-1].low)] {
		// what an activity both name is held as: "Zoe's ballet class"
		// is "ballet for Zoe"
		return true
	}
	// a compound modifier: w then two or more shared words ending the
	// noun phrase (a copula, "to" or a value follows), which the other
	// claim has after "the"
	if strings.HasSuffix(x.ts[at].low, "'s") || hasDigit(x.ts[at].low) || at > 0 && !leadWords[x.ts[at-1].low] {
		return false
	}
	var head []string
	k := at + 1
	for ; k < len(x.ts) && !xs[k] && isWord(x.ts[k].low) && !topicDrop[x.ts[k].low]; k++ {
		s := stem(x.ts[k].low)
		if !yw[s] {
			return false
		}
		head = append(head, s)
	}
	if len(head) < 2 || !(k == len(x.ts) || xs[k] || isCopula(x.ts[k].low) || x.ts[k].low == "to") {
		return false
	}
	for i := 0; i+len(head) < len(y.ts); i++ {
		if y.ts[i].low != "the" {
			continue
		}
		match := true
		for j, h := range head {
			if ys[i+1+j] || stem(y.ts[i+1+j].low) != h {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// retires: the incoming claim gives the existing claim's value as the
// old one ("replaced Jira with Linear", "traded the Octavia in") and a
// new value of that type. It returns the old and the new value.
func retires(existing schema.Memory, e, i topicClaim) (typedValue, typedValue, bool) {
	ev := key(existing.Value)
	subj := strings.Join(key(existing.Subject), " ")
	for _, o := range i.old {
		for _, t := range sortedTypes(e.vals) {
			vs := e.vals[t]
			if !compatibleTypes(t, o.typ) {
				continue
			}
			// the existing value the incoming claim retires: its only
			// one, or the one of several it names ("I climb at the Arch
			// in Bermondsey" / "gave up the Arch, I boulder at Yonder")
			var v typedValue
			n := 0
			for _, c := range vs {
				// an existing claim read with no value of its own ("The
				// Vantelle conference this year is in Lisbon") may have
				// any of its names retired by name
				if c.key != subj && (len(ev) == 0 || containsWords(ev, strings.Fields(c.key))) && sameName(t, c.key, o.key) {
					v, n = c, n+1
				}
			}
			if n != 1 || len(vs) != 1 && !nameTypes[t] {
				continue
			}
			// the new value: the first of its type the existing claim
			// does not give
			for _, nt := range sortedTypes(i.vals) {
				if !compatibleTypes(nt, t) || len(i.vals[nt]) != 1 && len(vs) == 1 {
					continue
				}
				for _, nv := range i.vals[nt] {
					if !givenBy(e, t, nv.key) {
						return v, nv, true
					}
				}
			}
		}
	}
	return typedValue{}, typedValue{}, false
}

// compatibleTypes: values of types a and b may fill one slot: one type,
// or two kinds of name.
func compatibleTypes(a, b string) bool {
	return a == b || nameTypes[a] && nameTypes[b]
}

// sameName: keys a and b of type t are one value: equal, or for names
// the words of one found in order in the other ("octavia", "skoda
// octavia").
func sameName(t, a, b string) bool {
	if sameTyped(t, a, b) {
		return true
	}
	if !nameTypes[t] {
		return false
	}
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	return containsWords(wb, wa)
}

// containsWords: the words of part appear in whole, in order and next to
// one another.
func containsWords(whole, part []string) bool {
	if len(part) == 0 {
		return false
	}
	for i := 0; i+len(part) <= len(whole); i++ {
		ok := true
		for j := range part {
			if whole[i+j] != part[j] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// mergePeriods reads an amount with no period as the amount with a
// period of the other claim, in the same currency, when each claim gives
// one amount: "rent is £1,250 a month" / "the rent goes up to £1,340".
func mergePeriods(ca, cb topicClaim) {
	a, b := ca.vals, cb.vals
	one := func(x map[string][]typedValue) string {
		t := ""
		for k := range x {
			if strings.HasPrefix(k, "money:") {
				if t != "" {
					return "-"
				}
				t = k
			}
		}
		return t
	}
	ta, tb := one(a), one(b)
	if ta == "" || tb == "" || ta == "-" || tb == "-" || ta == tb {
		return
	}
	switch {
	case strings.HasSuffix(ta, ":") && strings.HasPrefix(tb, ta) && (!namesPeriod(ca.ts) || periodAfter(ca.ts, a[ta]) == strings.TrimPrefix(tb, ta) || onlyPeriod(ca.ts, strings.TrimPrefix(tb, ta))):
		// "£5 pocket money a week" names its period apart from the amount
		a[tb] = a[ta]
		delete(a, ta)
	case strings.HasSuffix(tb, ":") && strings.HasPrefix(ta, tb) && (!namesPeriod(cb.ts) || periodAfter(cb.ts, b[tb]) == strings.TrimPrefix(ta, tb) || onlyPeriod(cb.ts, strings.TrimPrefix(ta, tb))):
		b[ta] = b[tb]
		delete(b, tb)
	}
}

// retiredValue decides a pair in which the incoming claim retires the
// existing claim's value by name (retires): the strongest evidence of
// one slot, and of a change.
func retiredValue(existing, incoming schema.Memory, e, i topicClaim) (Decision, bool) {
	if i.futureChange || i.future && !i.scheduled || saidLater(existing, incoming) {
		// a value retired before it was said again is no news
		return Decision{}, false
	}
	if !sameKin(e.ts, i.ts) {
		return Decision{}, false // "I live in York" / "my brother moved out of York": his move
	}
	old, nw, ok := retires(existing, e, i)
	if !ok {
		return Decision{}, false
	}
	if !nameTypes[old.typ] && len(sharedWords(e.ts, i.ts)) == 0 {
		// "Miso's vet appointment is Tuesday the 19th" / "Moved my 1:1
		// with Marcus from Tuesdays to Thursdays": a day, a time or an
		// amount is given by many things; a name is the evidence of one
		// slot, another value only with a word of the thing in both
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim gives the existing value %q as the old one and %q as the new one", old.key, nw.key)}, true
}

// sameKin: the first relative each claim names is the same one, or neither
// names one ("my brother moved out of York" is not about where I live;
// "Mum lives in Harrogate, near my sister" is about Mum).
func sameKin(a, b []ctok) bool { return firstKin(a) == firstKin(b) }

// firstKin is the first relative a claim names ("Dad", "my sister's"), or
// "".
func firstKin(ts []ctok) string {
	for _, t := range ts {
		if w := strings.TrimSuffix(t.low, "'s"); kinWords[w] {
			return w
		}
	}
	return ""
}

// retiredByName is retiredValue for two claims read afresh.
func retiredByName(existing, incoming schema.Memory) (Decision, bool) {
	e, ok := readTopic(existing)
	if !ok {
		return Decision{}, false
	}
	i, ok := readTopic(incoming)
	if !ok || e.additive || i.additive {
		return Decision{}, false
	}
	return retiredValue(existing, incoming, e, i)
}

// namesPeriod: the claim names a period of its own ("every month",
// "weekly"), so an amount in it without one is not read as the other
// claim's.
func namesPeriod(ts []ctok) bool {
	return len(namedPeriods(ts)) > 0
}

// namedPeriods are the periods a claim names ("a month of the plan",
// "monthly", "per year").
func namedPeriods(ts []ctok) []string {
	var out []string
	for i, t := range ts {
		if p, ok := periodAdverbs[t.low]; ok {
			out = append(out, p)
		}
		if p, ok := periods[singular(t.low)]; ok && i > 0 {
			switch ts[i-1].low {
			case "a", "an", "per", "each", "every":
				out = append(out, p)
			}
		}
	}
	return out
}

// onlyPeriod: the one period the claim names is p ("a month of the Nimbus
// Pro plan costs $12" is $12 a month), and not as how often ("every
// month", read as a frequency of its own).
func onlyPeriod(ts []ctok, p string) bool {
	for i, t := range ts {
		if (t.low == "every" || t.low == "each") && i+1 < len(ts) && periods[singular(ts[i+1].low)] != "" {
			return false
		}
	}
	ps := namedPeriods(ts)
	return len(ps) > 0 && !slices.ContainsFunc(ps, func(q string) bool { return q != p })
}

// periodAfter is the period named a few words after the claim's one
// amount ("£5 pocket money a week"), or "" for none.
func periodAfter(ts []ctok, vs []typedValue) string {
	if len(vs) != 1 {
		return ""
	}
	for i := vs[0].to; i < len(ts) && i <= vs[0].to+3; i++ {
		if ts[i].brk && i > vs[0].to {
			return ""
		}
		if end, p := moneyPeriod(ts, i); end > i {
			return p
		}
	}
	return ""
}

// saidLater: a was said at least LaterMargin after b (SaidAt, else
// RecordedAt), whatever times the claims name.
func saidLater(a, b schema.Memory) bool {
	ta, tb := saidTime(a), saidTime(b)
	return !ta.IsZero() && !tb.IsZero() && ta.Sub(tb) >= LaterMargin
}

// givenBy: claim c gives a value of type t (or a kind of name) that is
// key.
func givenBy(c topicClaim, t, key string) bool {
	for ct, vs := range c.vals {
		if !compatibleTypes(ct, t) {
			continue
		}
		for _, v := range vs {
			if sameName(t, v.key, key) {
				return true
			}
		}
	}
	return false
}

// sortedTypes are the types of vals in order, so a choice among them does
// not depend on map order.
func sortedTypes(vals map[string][]typedValue) []string {
	out := make([]string, 0, len(vals))
	for t := range vals {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// activityHeads are what a named activity is held as: "ballet class",
// "piano lesson", "football practice".
var activityHeads = map[string]bool{"class": true, "classes": true, "lesson": true, "lessons": true, "session": true,
	"sessions": true, "practice": true, "training": true}
