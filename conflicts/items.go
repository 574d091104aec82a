package conflicts

import (
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A person names the price or the size of many things of one place or
// one kind: "the margherita at luigi's is £11" / "pepperoni at luigi's is
// £14 now", "15kg bag of dog food at petworld is £42" / "petworld's cat
// litter has gone up to £12 a bag", "oat milk at the corner shop is
// £1.95" / "corner shop's almond milk is up to £2.30". The place and the
// kind of value are shared, and the later one is worded as a change; but
// the value is of another item, and nothing changed.
//
// twoItems reads, for each claim's one amount, the item it is the value
// of: the head of the noun phrase before the verb that gives it ("X is
// £11", "X costs £11", "X has gone up to £12") or before "for" ("does
// sourdough for £4.50"), with a place after "at", "in", "on" or "from"
// left out. Two claims are of two items when both have one, they differ,
// and neither claim names the other's; or when the two items are one
// noun qualified by two words neither claim shares ("oat milk" /
// "almond milk").
func twoItems(existing, incoming schema.Memory) bool {
	ets, eAt := itemOf(existing)
	its, iAt := itemOf(incoming)
	if eAt < 0 || iAt < 0 {
		return false
	}
	eh, ih := stem(ets[eAt].low), stem(its[iAt].low)
	if eh != ih {
		return !hasStem(its, eh) && !hasStem(ets, ih)
	}
	qe, qi := qualifierAt(ets, eAt), qualifierAt(its, iAt)
	return qe != "" && qi != "" && qe != qi && !hasStem(ets, qi) && !hasStem(its, qe)
}

// itemOf returns a claim's words and where the head of the item its one
// amount is the value of stands, or -1.
func itemOf(m schema.Memory) ([]ctok, int) {
	ts, vals := typedValues(m)
	// the one amount, or with several, the one sum of money ("15kg bag
	// of dog food at petworld is £42")
	var v, money typedValue
	n, nm := 0, 0
	for _, x := range vals {
		if x.old || !amountType(x.typ) {
			continue
		}
		v, n = x, n+1
		if strings.HasPrefix(x.typ, "money:") {
			money, nm = x, nm+1
		}
	}
	switch {
	case n == 1:
	case nm == 1:
		v = money
	default:
		return ts, -1
	}
	// back over the words that say how the value moved, to the verb
	k := v.from - 1
	moved := false
	for k >= 0 && itemBridge[ts[k].low] {
		moved = moved || itemMoved[ts[k].low]
		k--
	}
	if k < 0 {
		return ts, -1
	}
	w := ts[k].low
	switch {
	case w == "for":
		// "does sourdough for £4.50": the thing just before
		if k > 0 && itemWord(ts[k-1].low) {
			return ts, k - 1
		}
		return ts, -1
	case isCopula(w) || itemVerbs[w]:
		k--
		for k >= 0 && (ts[k].low == "has" || ts[k].low == "have" || ts[k].low == "now") {
			k--
		}
	case strings.HasSuffix(w, "'s") && len(w) > 2:
		// "rent's going up to", "tutoring's now": the head itself
		if b := strings.TrimSuffix(w, "'s"); itemWord(b) && !subjectPronouns[b] && b != "what" && b != "that" && b != "there" && b != "here" {
			return ts, k
		}
		return ts, -1
	case moved:
		// "the international add-on went up to £8": the verb was
		// passed over, and k is the noun phrase's last word
	default:
		return ts, -1
	}
	if k < 0 {
		return ts, -1
	}
	// back through the noun phrase before the verb to its head: the
	// last word that names a thing, passing over a place after "at",
	// "in", "on" or "from" ("the margherita at luigi's", "oat milk at
	// the corner shop")
	head, before := -1, -1
	for j := k; j >= 0; j-- {
		t := ts[j].low
		if j >= 2 && amountPeriods[t] && (ts[j-1].low == "this" || ts[j-1].low == "the") && ts[j-2].low == "for" {
			// "Josh's school fees for this year is AED 42,000": the
			// period, not the thing
			j -= 2
			continue
		}
		if itemPlacePreps[t] {
			// what came after was a place ("the margherita at luigi's"),
			// unless nothing comes before it ("at the garden centre
			// compost")
			before, head = head, -1
			continue
		}
		if determiners[t] || possessives[t] {
			if j > 0 && itemPlacePreps[ts[j-1].low] {
				continue // "at the corner shop"
			}
			break
		}
		if clauseWords[t] || isCopula(t) || ts[j].brk && j < k {
			if head < 0 && itemWord(strings.TrimSuffix(t, "'s")) && !clauseWords[t] && !isCopula(t) {
				head = j
			}
			break
		}
		if head < 0 && itemWord(strings.TrimSuffix(t, "'s")) {
			head = j
		}
	}
	if head < 0 {
		head = before
	}
	return ts, head
}

// itemWord reports whether w may name an item: a word (hyphens allowed)
// that is no function word, generic noun or word of doing.
func itemWord(w string) bool {
	return isWord(strings.ReplaceAll(w, "-", "")) && !nearSkip[stem(w)] && !genericStems[stem(w)] && !notAThing(w) && !subjectPronouns[w]
}

// itemMoved say an amount moved: "went up to", "has risen to".
var itemMoved = map[string]bool{"gone": true, "going": true, "went": true, "risen": true, "rose": true,
	"fallen": true, "fell": true, "dropped": true, "crept": true, "jumped": true}

// qualifierAt is the stem of the word just before the head at k, when it
// names a kind ("oat milk"), or "".
func qualifierAt(ts []ctok, k int) string {
	if k == 0 || ts[k].brk {
		return ""
	}
	q := strings.TrimSuffix(ts[k-1].low, "'s")
	if !isWord(q) || nearSkip[stem(q)] || possessives[ts[k-1].low] || notAThing(q) {
		return ""
	}
	return stem(q)
}

// amountType reports whether a typed value is an amount: money, a
// quantity, a measure or a percentage.
func amountType(t string) bool {
	return strings.HasPrefix(t, "money:") || strings.HasPrefix(t, "quantity:") || strings.HasPrefix(t, "measure:") || t == "percent"
}

// itemBridge are the words between a verb and the amount it gives:
// "is now up to £2.30", "has gone up to", "costs about".
var itemBridge = map[string]bool{"now": true, "up": true, "down": true, "to": true, "gone": true, "going": true,
	"went": true, "about": true, "around": true, "just": true, "only": true, "still": true, "a": true, "an": true,
	"at": true, "risen": true, "rose": true, "fallen": true, "fell": true, "dropped": true, "crept": true, "jumped": true}

// itemVerbs give a thing's amount as a copula does: "costs £11",
// "charges £35".
var itemVerbs = map[string]bool{"costs": true, "cost": true, "charges": true, "charge": true, "weighs": true,
	"holds": true, "takes": true, "does": true, "do": true, "has": true, "have": true}

// amountPeriods name the period an amount is for.
var amountPeriods = map[string]bool{"year": true, "month": true, "term": true, "week": true, "season": true, "semester": true}

// itemPlacePreps open a place after an item: "the margherita at luigi's".
var itemPlacePreps = map[string]bool{"at": true, "in": true, "on": true, "from": true, "by": true}

// clauseWords end the clause before an item: "and the croissants".
var clauseWords = map[string]bool{"and": true, "but": true, "so": true, "because": true, "which": true, "that": true, "when": true}

// itemsOf names the two items twoItems found, for a reason.
func itemsOf(existing, incoming schema.Memory) string {
	ets, e := itemOf(existing)
	its, i := itemOf(incoming)
	if e < 0 || i < 0 {
		return ""
	}
	return strings.TrimSuffix(ets[e].low, "'s") + ", " + strings.TrimSuffix(its[i].low, "'s")
}

// notOneValue reports why two claims that give amounts are not two
// values of one thing, or "": two speakers' claims in a conversation; two items (twoItems); a limit, an
// allowance or a target against what is used or measured ("my overdraft
// limit is £500" / "I'm now £320 into my overdraft"); a change only
// offered or floated ("BT are offering 500Mbps if we switch"); an amount
// per item against one per time ("£12 per walk" / "£60 a week").
func notOneValue(existing, incoming schema.Memory) string {
	if a, b := speakerOf(existing.Claim), speakerOf(incoming.Claim); a != "" && b != "" && a != b {
		// "Gina: The shop opens at 9am" / "Jon: The studio now opens at
		// 10am": each speaker's own
		return "the claims are two speakers' (" + a + ", " + b + ")"
	}
	if speakerName(existing) && !speakerName(incoming) {
		// "I'm Priya, I'm an admissions officer at RMIT, on about $78k"
		// is read as her name and as her job: a later salary changes
		// the one reading, never her name
		return "the existing claim reads the speaker's name, which a change of another thing leaves as it is"
	}
	if oneOffAndRoutine(existing, incoming) || oneOffAndRoutine(incoming, existing) {
		// "Josh's parents' evening is Thursday 5th October" / "Josh's
		// football training is Thursdays at 6:30 now"
		return "one claim gives a date of one occasion, the other a routine's days"
	}
	if twoItems(existing, incoming) {
		return "the amounts are of two items (" + itemsOf(existing, incoming) + "), not one item's two values"
	}
	ets, evs := typedValues(existing)
	its, ivs := typedValues(incoming)
	if !hasAmount(evs) || !hasAmount(ivs) {
		return ""
	}
	switch {
	case limitClaim(ets, evs) != limitClaim(its, ivs):
		return "one claim gives a limit, an allowance or a target, the other what is used or measured"
	case hasAny(its, floatedWords) || hasAny(ets, floatedWords):
		return "a claim only floats or offers a value"
	case perKind(ets) != perKind(its) && perKind(ets) != "" && perKind(its) != "":
		return "one amount is per item, the other per time"
	}
	return ""
}

// limitClaim reports whether every amount of a claim is a limit's, an
// allowance's or a target's: one of limitWords stands within four words
// before it ("my overdraft limit is £500", "aiming for 24"). "I weigh
// 82kg and I'm aiming for 76" gives a measure too.
func limitClaim(ts []ctok, vs []typedValue) bool {
	amounts := 0
	for _, v := range vs {
		if amountType(v.typ) {
			amounts++
		}
	}
	if amounts == 1 {
		// a limit word anywhere before it: "the max upload size in the
		// proxy config is 10 MB"
		for _, v := range vs {
			if amountType(v.typ) {
				return slices.ContainsFunc(ts[:v.from], func(t ctok) bool { return limitWords[strings.TrimSuffix(t.low, "'s")] })
			}
		}
	}
	n := 0
	for _, v := range vs {
		if !amountType(v.typ) {
			continue
		}
		n++
		near := false
		for k := max(0, v.from-4); k < v.from; k++ {
			if limitWords[strings.TrimSuffix(ts[k].low, "'s")] {
				near = true
			}
		}
		if !near {
			return false
		}
	}
	return n > 0
}

// hasAmount reports whether vs holds an amount.
func hasAmount(vs []typedValue) bool {
	for _, v := range vs {
		if amountType(v.typ) {
			return true
		}
	}
	return false
}

// limitWords make an amount a limit, an allowance or a target.
var limitWords = map[string]bool{"limit": true, "allowance": true, "target": true, "goal": true, "aim": true,
	"aiming": true, "max": true, "maximum": true, "minimum": true, "cap": true, "capped": true}

// floatedWords say a value is only offered, floated or proposed.
var floatedWords = map[string]bool{"offering": true, "offered": true, "floated": true, "proposing": true,
	"proposed": true, "tempting": true, "considering": true, "consultation": true}

// perKind is what a claim's amount is per: "item" ("per walk", "each",
// "per session"), "time" ("a week", "per month"), or "".
func perKind(ts []ctok) string {
	for _, t := range ts {
		if t.low == "twice" || t.low == "times" || t.low == "thrice" {
			return "" // "twice a day" and "per meal" may be one amount
		}
	}
	for k, t := range ts {
		if (t.low == "each" || t.low == "every") && k+1 < len(ts) && timeUnit(singular(ts[k+1].low)) {
			return "time" // "each week"
		}
		if t.low == "each" || t.low == "apiece" {
			return "item"
		}
		if (t.low == "per" || t.low == "a" || t.low == "an") && k+1 < len(ts) {
			n := singular(ts[k+1].low)
			if timeUnit(n) {
				return "time"
			}
			if t.low == "per" && isWord(n) {
				return "item"
			}
		}
	}
	return ""
}

// timeUnit reports whether w is a unit of time an amount may be per.
func timeUnit(w string) bool {
	switch w {
	case "day", "week", "month", "year", "fortnight", "hour", "night", "term", "quarter", "annum":
		return true
	}
	return false
}

// speakerName reports whether a memory is the reading of a claim that
// gives the speaker's name: "I'm Priya", "my name's Dale".
func speakerName(m schema.Memory) bool {
	if m.Subject != "user" || m.Value == "" || (m.Attribute != "is" && m.Attribute != "is named" && m.Attribute != "name" && m.Attribute != "is called") {
		return false
	}
	ws := strings.Fields(m.Value)
	if len(ws) > 3 {
		return false
	}
	for _, w := range ws {
		if !capitalised(w) || !isWord(strings.Trim(w, ".,!")) || jobNouns[strings.ToLower(w)] {
			return false
		}
	}
	low := strings.ToLower(m.Claim)
	v := strings.ToLower(m.Value)
	return strings.Contains(low, "i'm "+v) || strings.Contains(low, "i am "+v) || strings.Contains(low, "name is "+v) || strings.Contains(low, "name's "+v) || strings.Contains(low, "call me "+v)
}

// oneOffAndRoutine reports whether a gives a date of one occasion and no
// routine, and b a routine's days ("Thursdays", "every Monday").
func oneOffAndRoutine(a, b schema.Memory) bool {
	ats, avs := typedValues(a)
	bts := claimTokens(b.Claim)
	return slices.ContainsFunc(avs, func(v typedValue) bool { return v.typ == "date" }) && !routineDays(ats) && routineDays(bts)
}
