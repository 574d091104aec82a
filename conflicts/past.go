package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A claim told later may say what held before now: "I used to drive a
// Corsa", "Before Octopus we were with EDF", "Back when we moved in, the
// broadband was 35 Mbps". Such a claim is read with its past marked
// (topicClaim.past): the present claim it meets supersedes it
// (SupersededBy), and it is never a twin of the present.

// priorValue decides a pair whose incoming claim is dated by the existing
// claim's one name ("We're with Octopus" / "Before Octopus we were with
// EDF") and gives one name of its own: what held before it.
func priorValue(e, i topicClaim) (Decision, bool) {
	if len(i.before) != 1 || e.past {
		return Decision{}, false
	}
	var ev typedValue
	n := 0
	for t, vs := range e.vals {
		if nameTypes[t] {
			for _, v := range vs {
				ev, n = v, n+1
			}
		}
	}
	if n != 1 || !sameName("name", ev.key, i.before[0].key) || venueName(e.ts, ev.to, i.ts) {
		return Decision{}, false
	}
	var nv typedValue
	n = 0
	for t, vs := range i.vals {
		if nameTypes[t] {
			for _, v := range vs {
				nv, n = v, n+1
			}
		}
	}
	if n != 1 || sameName("name", nv.key, ev.key) {
		return Decision{}, false
	}
	return Decision{SupersededBy, fmt.Sprintf("the incoming claim says what held before %q: %q", ev.key, nv.key)}, true
}

// pastOpeners open a claim about a time before now: "back when", "before
// Octopus", "when we lived in Salford", "up until last spring",
// "originally".
var pastOpeners = map[string]bool{"back": true, "before": true, "when": true, "until": true, "till": true, "up": true,
	"originally": true, "previously": true, "formerly": true}

// pastVerbs say the main clause is in the past.
var pastVerbs = map[string]bool{"was": true, "were": true, "had": true, "went": true, "did": true, "lived": true,
	"worked": true, "drove": true, "took": true, "paid": true, "got": true, "used": true}

// pastOpening returns where an opening that dates the claim before now
// ends (pastOpeners), when the clause after it is in the past tense (a
// "was", "had", "went"): "Back when she first started, Maya was in the
// under-8s". ok is false otherwise; "when I'm in town, I ..." is not.
func pastOpening(ts []ctok) (int, bool) {
	if len(ts) < 3 || !pastOpeners[ts[0].low] {
		return 0, false
	}
	switch ts[0].low {
	case "back":
		if w := ts[1].low; w != "when" && w != "in" && w != "then" {
			return 0, false
		}
	case "up":
		if ts[1].low != "until" && ts[1].low != "till" {
			return 0, false
		}
	case "when":
		if !subjectPronouns[ts[1].low] || len(ts) < 3 || !pastVerbs[ts[2].low] && !strings.HasSuffix(ts[2].low, "ed") {
			return 0, false // "when we lived in Salford", not "when I'm in town"
		}
	}
	end := 1
	if ts[0].low != "originally" && ts[0].low != "previously" && ts[0].low != "formerly" {
		end = 0
		for k := 2; k < len(ts) && k <= 10; k++ {
			// ("back when she started" has a clause of its own; "before
			// Octopus we were" and "until 1996 we lived" end at their
			// pronoun)
			if ts[k].brk || (subjectPronouns[ts[k].low] || possessives[ts[k].low]) && (k > 2 || ts[0].low == "before" || ts[0].low == "until" || ts[0].low == "till") {
				end = k
				break
			}
		}
		if end == 0 {
			return 0, false
		}
	}
	for _, t := range ts[end:] {
		if pastVerbs[t.low] {
			return end, true
		}
	}
	return 0, false
}

// usedTo returns where "used to" says a past habit or state ("I used to
// drive", "my commute used to be"), or -1; "I'm used to it" and "got used
// to" are not.
func usedTo(ts []ctok) int {
	for i := 0; i+2 < len(ts); i++ {
		if ts[i].low != "used" || ts[i+1].low != "to" || !isWord(ts[i+2].low) {
			continue
		}
		if i > 0 && (isCopula(ts[i-1].low) || ts[i-1].low == "got" || ts[i-1].low == "get" || ts[i-1].low == "getting" || strings.HasSuffix(ts[i-1].low, "'m") || strings.HasSuffix(ts[i-1].low, "'re")) {
			continue
		}
		return i
	}
	return -1
}

// beforeNamed decides a pair whose incoming claim says what held before
// a thing the existing claim names as its own: "I bank with Tangerine" /
// "Used to bank with TD before Tangerine", "I drive a 2016 Renault Clio" /
// "Before the Clio I had a Fiat Panda", "Our GP is Dr Okafor" / "We were
// with Dr Hughes before Dr Okafor". The incoming claim is the older state
// (SupersededBy) when:
//   - it says "before" and a name (or "the" and a word) that the existing
//     claim gives as its value, or as a name of its own;
//   - that is no time ("before Christmas", "before March");
//   - its clause is in the past ("were", "had", "used to") and the speaker's
//     own ("I", "we", or no subject at all), with nothing of the future
//     and no "never";
//   - it names something else besides (TD, a Fiat Panda, Dr Hughes);
//   - the existing claim is not itself about before.
func beforeNamed(existing, incoming schema.Memory) (Decision, bool) {
	its := claimTokens(incoming.Claim)
	b := slices.IndexFunc(its, func(t ctok) bool { return t.low == "before" })
	if b < 0 || b+1 >= len(its) || slices.ContainsFunc(its[b+1:], func(t ctok) bool { return t.low == "before" }) {
		return Decision{}, false
	}
	// the thing named after "before": a run of capitalised words, or
	// "the" and one or two words, up to a break or the clause's subject
	k := b + 1
	article := its[k].low == "the"
	if article {
		k++
	}
	start := k
	for ; k < len(its) && k < start+3; k++ {
		t := its[k]
		if subjectPronouns[t.low] || possessives[t.low] || t.low == "and" || !isWord(t.low) {
			break
		}
		if !article && !capitalised(t.raw) {
			break
		}
		if k > start && t.brk {
			break
		}
	}
	if k == start {
		return Decision{}, false
	}
	named := its[start:k]
	for _, t := range named {
		if _, day := weekdays[t.low]; day || seasons[t.low] || slices.Contains(monthNames, t.low) || timeAdverbs[t.low] || kinWords[t.low] {
			return Decision{}, false
		}
	}
	var phrase []string
	for _, t := range named {
		phrase = append(phrase, t.low)
	}
	ets := claimTokens(existing.Claim)
	if slices.ContainsFunc(ets, func(t ctok) bool { return t.low == "before" }) || usedTo(ets) >= 0 {
		return Decision{}, false
	}
	if _, ok := pastOpening(ets); ok {
		return Decision{}, false
	}
	// the thing is the existing claim's value ("I bank with Tangerine"),
	// or, when it has none, a whole name in it ("I drive truck for
	// Prairie Line Freight"; not the "Heaton Moor" of "Heaton Moor
	// Medical Centre")
	if !containsRun(claimTokens(existing.Value), phrase) && (article || existing.Value != "" || !wholeName(ets, phrase)) && !shortOfName(ets, phrase) {
		return Decision{}, false
	}
	if i := runAt(ets, phrase); i >= 0 && venueName(ets, i+len(phrase), its) {
		return Decision{}, false
	}
	// the incoming clause: the speaker's, in the past, naming another thing
	own, past, other := its[0].low == "used" || its[0].low == "before", false, false
	for x, t := range its {
		if x >= b && x < k {
			continue
		}
		switch {
		case futureWords[t.low] || strings.HasSuffix(t.low, "'ll") || t.low == "never":
			// "Before Monzo I'd never used a banking app"
			return Decision{}, false
		case t.low == "i" || t.low == "we" || t.low == "me" || t.low == "us":
			own = true
		case t.low == "he" || t.low == "she" || t.low == "they" || t.low == "his" || t.low == "her" || t.low == "their":
			if b == 0 && x == k || b > 0 && x == 0 {
				// "before Tangerine, she banked with TD", "She was with
				// TD before Tangerine"
				return Decision{}, false
			}
		}
		if pastVerbs[t.low] || t.low == "used" && x+1 < len(its) && its[x+1].low == "to" {
			past = true
		}
		if x > 0 && capitalised(t.raw) && t.low != "i" && !strings.HasPrefix(t.low, "i'") && !slices.Contains(phrase, t.low) {
			other = true
		}
	}
	if article && !other {
		// "Before the Clio I had an ancient Fiat Panda": the thing may be
		// a common noun after "a"
		other = slices.ContainsFunc(its[k:], func(t ctok) bool { return t.low == "a" || t.low == "an" })
	}
	if !own || !past || !other {
		return Decision{}, false
	}
	return Decision{SupersededBy, fmt.Sprintf("the incoming claim says what held before %q, which the existing claim gives as its own", strings.Join(phrase, " "))}, true
}

// venueName: the name ending before ts[end] names a building or a service
// there (venueNouns), which the other claim (other) does not name: "I
// read to the children at the Sumiyoshi library" / "before Sumiyoshi we
// lived in Sakai" says which library, and the library is the speaker's,
// not the place.
func venueName(ts []ctok, end int, other []ctok) bool {
	return end < len(ts) && venueNouns[ts[end].low] && !slices.ContainsFunc(other, func(t ctok) bool { return t.low == ts[end].low })
}

// venueNouns after a place's name make it the name of a building or a
// service there: "the Sumiyoshi library", "Tennoji station".
var venueNouns = map[string]bool{
	"library": true, "station": true, "hospital": true, "school": true, "park": true, "church": true, "market": true,
	"centre": true, "center": true, "branch": true, "office": true, "campus": true, "stadium": true, "shrine": true,
	"temple": true, "museum": true, "mall": true, "airport": true, "pool": true, "gym": true, "clinic": true,
	"surgery": true, "hall": true, "club": true, "store": true, "shop": true, "practice": true, "depot": true,
}

// containsRun reports whether ts holds the words of phrase in a row.
func containsRun(ts []ctok, phrase []string) bool {
	return runAt(ts, phrase) >= 0
}

// runAt is where ts holds the words of phrase in a row, or -1.
func runAt(ts []ctok, phrase []string) int {
	for i := 0; i+len(phrase) <= len(ts); i++ {
		match := true
		for j, w := range phrase {
			if ts[i+j].low != w {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// orgSuffixes end an organisation's name and may be left out of it:
// "Prairie Line Freight" is "Prairie Line".
var orgSuffixes = map[string]bool{"freight": true, "transport": true, "logistics": true, "ltd": true, "inc": true,
	"llc": true, "plc": true, "group": true, "co": true, "bank": true, "holdings": true}

// wholeName reports whether ts names phrase as a whole name: not part of
// a longer run of capitalised words, but for an organisation's suffix.
// shortOfName: phrase is a name of two words said short, by its first or
// its last ("the Kangoo" of "an old white Renault Kangoo", "Abeno" of
// "Abeno Elementary"), past the claim's first word.
func shortOfName(ts []ctok, phrase []string) bool {
	i := runAt(ts, phrase)
	if i < 0 || len(phrase) != 1 {
		return false
	}
	name := func(k int) bool { return k > 0 && k < len(ts) && capitalised(ts[k].raw) && isWord(ts[k].low) }
	before, after := name(i-1) && !ts[i].brk, i+1 < len(ts) && name(i+1) && !ts[i+1].brk
	outer := func(k int) bool { return k >= 0 && k < len(ts) && !ts[k].brk && capitalised(ts[k].raw) && k > 0 }
	switch {
	case before && !after:
		return !outer(i - 2) // "Renault Kangoo", not "Heaton Moor Medical"
	case after && !before:
		return !outer(i + 2) // "Abeno Elementary"
	}
	return false
}

func wholeName(ts []ctok, phrase []string) bool {
	i := runAt(ts, phrase)
	if i < 0 {
		return false
	}
	if i > 0 && !ts[i].brk && capitalised(ts[i-1].raw) && i-1 > 0 {
		return false
	}
	if end := i + len(phrase); end < len(ts) && !ts[end].brk && capitalised(ts[end].raw) && !orgSuffixes[ts[end].low] {
		return false
	}
	return true
}
