package conflicts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A person telling how things were often dates when the present value
// began: "Niamh is a nurse in Cork University Hospital" / months later
// "when we got married Niamh was still nursing in Tralee, she only moved to
// CUH in 2010"; "Emeka works at Access Bank" / "when I met Emeka he was at
// GTBank, he only moved to Access in 2019". The incoming claim is the older
// state: it says what held before the existing claim's value.

// movedThereIn decides such a pair as SupersededBy: the incoming claim
// says a move, switch or start to a name in a past year ("moved to CUH in
// 2010"), worded as told after the fact ("only", "still", "when", "before"),
// with what held before ("was still nursing in Tralee"), and the existing
// claim, which is not itself about the past, names that
// name (whole, by its first word, or by its initials). ok is false
// otherwise, or when the incoming claim names a person the existing one
// does not.
func movedThereIn(existing, incoming schema.Memory) (Decision, bool) {
	b := claimTokens(unlabelled(incoming.Claim))
	if !hasAny(b, toldAfterWords) || !saysOlderState(b) {
		return Decision{}, false
	}
	name, with, ok := movedToInYear(b, saidTime(incoming).Year())
	if !ok {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	if usedTo(a) >= 0 || hasAny(a, pastVerbsOfState) || !namesIn(a, name) || with && !livesWith(a, name[0]) {
		return Decision{}, false
	}
	if n := leadPerson(b); n != "" && !slices.ContainsFunc(a, func(x ctok) bool { return strings.TrimSuffix(x.low, "'s") == n }) {
		return Decision{}, false // another person's move
	}
	return Decision{SupersededBy, fmt.Sprintf("the incoming claim says %q began only in a past year, and what held before it; the existing claim gives it as now", strings.Join(name, " "))}, true
}

// saysOlderState: the claim gives what held before, not only when the
// present began: "was still nursing in Tralee", "we were still in
// Surulere", "before that he was at GTBank", "he was at GTBank". ("he only moved to Access in
// 2019" alone dates the start of what the other claim says, and retires
// nothing.)
func saysOlderState(ts []ctok) bool {
	for i, t := range ts {
		if (t.low == "was" || t.low == "were") && i+1 < len(ts) && ts[i+1].low == "still" {
			return true
		}
		if t.low == "before" && i+1 < len(ts) && ts[i+1].low == "that" {
			return true
		}
		if (t.low == "was" || t.low == "were") && i+2 < len(ts) && wasAtPreps[ts[i+1].low] && nameWord(ts[i+2]) {
			return true // "when I met Emeka he was at GTBank"
		}
		if (t.low == "was" || t.low == "were") && placedBefore(ts, i+1) {
			return true // "I was in a bedspace in Karama", "mama was living alone in Pavia"
		}
	}
	return false
}

// olderStateReach is how many words after "was" placedBefore reads for
// where someone was.
const olderStateReach = 5

// placedBefore: within olderStateReach words from k, in one clause, a
// preposition of place stands before a name: "in a bedspace in Karama",
// "living alone in Pavia".
func placedBefore(ts []ctok, k int) bool {
	for j := k; j+1 < len(ts) && j < k+olderStateReach; j++ {
		if j > k && ts[j].brk {
			return false
		}
		if wasAtPreps[ts[j].low] && nameWord(ts[j+1]) && !ts[j+1].brk {
			return true
		}
	}
	return false
}

// wasAtPreps put a person at a place or with an employer.
var wasAtPreps = map[string]bool{"at": true, "in": true, "with": true}

// toldAfterWords say a claim tells how things were, after the fact.
var toldAfterWords = map[string]bool{"only": true, "still": true, "when": true, "before": true, "until": true}

// pastVerbsOfState say the existing claim is itself about the past.
var pastVerbsOfState = map[string]bool{"was": true, "were": true, "used": true, "lived": true, "worked": true}

// movedToInYear reads "moved to NAME in YEAR" (or "switched", "went",
// "started at", "got the NAME flat", "moved in with NAME"): the name (a
// run of capitalised words, or two or three words after "the", "our" or
// "my") and a year before now (the year the claim was said). with is
// true when the name is of whom someone moved in with.
func movedToInYear(ts []ctok, now int) (name []string, with bool, ok bool) {
	for i, t := range ts {
		k := i + 2
		with = t.low == "moved" && i+3 < len(ts) && ts[i+1].low == "in" && ts[i+2].low == "with"
		switch {
		case startedAtVerbs[t.low] && i+2 < len(ts) && (ts[i+1].low == "to" || ts[i+1].low == "at"):
		case t.low == "moved" && i+3 < len(ts) && ts[i+1].low == "in" && ts[i+2].low == "with":
			k = i + 3 // "she only moved in with Jovelyn in Jaro in 2021"
		case gotPlaceVerbs[t.low] && i+2 < len(ts) && ts[i+1].low == "the" && capitalised(ts[i+2].raw):
			k = i + 1 // "we only got the Al Nahda flat in 2019"
		default:
			continue
		}
		definite := ts[k].low == "the" || ts[k].low == "our" || ts[k].low == "my"
		if definite {
			k++
		}
		name = nil
		for k < len(ts) && capitalised(ts[k].raw) && isWord(ts[k].low) && !(len(name) > 0 && ts[k].brk) {
			name = append(name, ts[k].low)
			k++
		}
		if len(name) > 0 && k+1 < len(ts) && placeNouns[ts[k].low] && !ts[k].brk {
			k++ // "the Al Nahda flat"
		}
		if len(name) > 0 && k+2 < len(ts) && ts[k].low == "in" && capitalised(ts[k+1].raw) && !yearWord(ts[k+1].low) && ts[k+2].low == "in" {
			k += 2 // "in with Jovelyn in Jaro in 2021"
		}
		if len(name) == 0 && definite {
			// "we only moved to the new building in 2023": a definite
			// place of two or three words stands for its name
			for k < len(ts) && len(name) < 3 && isWord(ts[k].low) && ts[k].low != "in" && !(len(name) > 0 && ts[k-1].brk) {
				name = append(name, ts[k].low)
				k++
			}
			if len(name) < 2 {
				name = nil
			}
		}
		if len(name) == 0 || k+1 >= len(ts) || ts[k].low != "in" {
			continue
		}
		if w := ts[k+1].low; yearWord(w) {
			if y, err := strconv.Atoi(w); err == nil && y < now {
				return name, with, true
			}
		}
	}
	return nil, false, false
}

// livesWithReach is how many words before a person's name "with" may
// stand: "lives with my younger sister Jovelyn".
const livesWithReach = 4

// livesWith: the claim puts someone with the person named first: "She
// lives with my younger sister Jovelyn in Jaro"; not "Jovelyn said her
// rent went up".
func livesWith(ts []ctok, first string) bool {
	for i, t := range ts {
		if strings.TrimSuffix(t.low, "'s") != first {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-livesWithReach; j-- {
			if ts[j].low == "with" {
				return true
			}
		}
	}
	return false
}

// gotPlaceVerbs come before a home or a place had from a time: "we only
// got the Al Nahda flat in 2019".
var gotPlaceVerbs = map[string]bool{"got": true, "bought": true, "rented": true}

// placeNouns may follow a place's name: "the Al Nahda flat".
var placeNouns = map[string]bool{"flat": true, "apartment": true, "house": true, "place": true, "office": true, "shop": true, "studio": true}

// startedAtVerbs move or start a person at a place.
var startedAtVerbs = map[string]bool{"moved": true, "switched": true, "went": true, "started": true, "transferred": true, "joined": false}

// namesIn: the claim names name: the same words in a row, a longer name
// it begins ("Access" of "Access Bank"), or a name whose initials it is
// ("CUH" of "Cork University Hospital").
func namesIn(ts []ctok, name []string) bool {
	if containsRun(ts, name) {
		return true
	}
	if len(name) == 1 && slices.ContainsFunc(ts, func(t ctok) bool { return capsPrefix(t, name[0]) }) {
		return true // "GTB" of "GTBank"
	}
	var run []string
	flush := func() bool {
		ok := len(run) > len(name) && slices.Equal(run[:len(name)], name) || acronymOf(name, run)
		run = run[:0]
		return ok
	}
	for i, t := range ts {
		if i > 0 && capitalised(t.raw) && isWord(t.low) && !(len(run) > 0 && t.brk) {
			run = append(run, t.low)
			continue
		}
		if flush() {
			return true
		}
	}
	return flush()
}

// capsPrefix: the word t opens with short in capitals and goes on, as a
// firm's name is said clipped to its capitals: "GTB" of "GTBank".
func capsPrefix(t ctok, short string) bool {
	n := len(short)
	return n >= 2 && len(t.raw) > n && strings.HasPrefix(t.low, short) && strings.ToUpper(t.raw[:n]) == t.raw[:n] && isWord(t.low)
}

// leadPerson is the person a claim about a move names: a capitalised
// word before "was", "is", "has", "had" or "got" ("Niamh was still
// nursing"), or after "met" ("when I met Emeka"); "" when none.
func leadPerson(ts []ctok) string {
	for i, t := range ts {
		if i == 0 && !(i+1 < len(ts) && personVerbs[ts[i+1].low]) || !nameWord(t) {
			continue
		}
		if i+1 < len(ts) && personVerbs[ts[i+1].low] || i > 0 && ts[i-1].low == "met" {
			return strings.TrimSuffix(t.low, "'s")
		}
	}
	return ""
}

// personVerbs follow a person's name in a claim that tells of them.
var personVerbs = map[string]bool{"was": true, "is": true, "has": true, "had": true, "got": true}
