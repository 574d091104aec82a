package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// An allergy or a lasting condition is said again in many shapes: "I'm
// allergic to penicillin" / "reminder: I can't take penicillin, I'm
// allergic"; "Ada has a peanut allergy" / "Ada cannot take groundnut at
// all, she's allergic"; "I'm coeliac" / "I'm coeliac so it has to be
// proper GF". The slots rarely line up (the second claim is about a meal
// plan or a form), but the person and what they cannot take do.

// sameCondition decides two claims that give one person the same allergy
// or condition as a duplicate: the incoming one says again what the
// existing one says. ok is false unless each gives exactly one, of one
// person, and neither denies it or says it ended.
func sameCondition(existing, incoming schema.Memory) (Decision, bool) {
	e, ok := conditionOf(existing)
	if !ok {
		return Decision{}, false
	}
	i, ok := conditionOf(incoming)
	if !ok || e.what != i.what || e.who != i.who {
		return Decision{}, false
	}
	who := "the speaker"
	if e.who != "user" {
		who = e.who
	}
	return Decision{Duplicate, fmt.Sprintf("both claims say %s %s %s", who, e.verb, e.what)}, true
}

// condition is whom a claim gives an allergy or condition (the speaker as
// "user", else a name or relation in lower case) and what it is.
type condition struct{ who, what, verb string }

// conditionOf reads the one allergy or condition a claim gives: "allergic
// to X", "X allergy", "can't take X" beside "allergic", "coeliac",
// "lactose intolerant". The person is the speaker when the claim speaks in
// the first person and names nobody before the allergy, else the name or
// relation that comes first.
func conditionOf(m schema.Memory) (condition, bool) {
	ts := claimTokens(unlabelled(m.Claim))
	if !slices.ContainsFunc(ts, func(t ctok) bool {
		return allergyWords[t.low] || lastingConditions[t.low] != "" || t.low == "can't" || t.low == "cant" || t.low == "cannot" || t.low == "can"
	}) || hypothetical(ts) {
		return condition{}, false // most claims give no allergy: read no further
	}
	what, at, verb := "", -1, "is allergic to"
	set := func(w string, i int) bool {
		w = allergenName(w)
		if w == "" {
			return true // "my allergy": no allergen named here
		}
		if what != "" && what != w {
			return false // two allergens: which one is said again is unclear
		}
		what, at = w, i
		return true
	}
	allergic := slices.ContainsFunc(ts, func(t ctok) bool { return allergyWords[t.low] })
	for i, t := range ts {
		switch {
		case t.low == "allergic" && i+1 < len(ts) && ts[i+1].low == "to":
			k := i + 2
			if k < len(ts) && determiners[ts[k].low] {
				k++
			}
			if k < len(ts) && !set(ts[k].low, i) {
				return condition{}, false
			}
		case (t.low == "allergy" || t.low == "intolerance" || t.low == "intolerant") && i > 0 && !ts[i].brk:
			if !set(ts[i-1].low, i) {
				return condition{}, false
			}
		case cannotTake(ts, i) && (allergic || takenAllergen(ts, i)):
			k := i + 2
			if ts[i].low == "can" || ts[i].low == "cannot" && ts[i+1].low != "take" {
				k = i + 3
			}
			if k < len(ts) && !set(ts[k].low, i) {
				return condition{}, false
			}
		case t.low == "no" && allergic && i+1 < len(ts) && allergenWord(ts[i+1].low):
			// "no shellfish obviously, I'm allergic"
			if !set(ts[i+1].low, i) {
				return condition{}, false
			}
		case lastingConditions[t.low] != "":
			if !set(t.low, i) {
				return condition{}, false
			}
			verb = "is"
		}
	}
	if what == "" || endedNear(ts, at) {
		return condition{}, false
	}
	if asks(m.Claim) && !slices.ContainsFunc(ts[at+1:], func(t ctok) bool { return t.brk }) {
		return condition{}, false // "is she allergic to nuts?"; not "I'm allergic to penicillin, anything else they ask?"
	}
	if lastingConditions[what] != "" {
		what = lastingConditions[what]
	}
	who := personBefore(ts, at)
	if who == "" {
		return condition{}, false
	}
	return condition{who, what, verb}, true
}

// cannotTake: the words at i say the person may not take or eat what
// follows: "can't take", "cannot eat", "cant have", "can not take".
func cannotTake(ts []ctok, i int) bool {
	w := ts[i].low
	switch {
	case (w == "can't" || w == "cant" || w == "cannot") && i+1 < len(ts) && takeVerbs[ts[i+1].low]:
		return true
	case w == "cannot" && i+2 < len(ts) && ts[i+1].low == "really" && takeVerbs[ts[i+2].low]:
		return true
	case w == "can" && i+2 < len(ts) && ts[i+1].low == "not" && takeVerbs[ts[i+2].low]:
		return true
	}
	return false
}

var takeVerbs = map[string]bool{"take": true, "eat": true, "have": true, "touch": true}

// personBefore is whom the allergy at i is said of: the first name or
// relation before it (a capitalised word, or a word of kin), or, with none,
// the speaker when the claim speaks in the first person, or the claim's
// subject written in lower case ("remember cian cant take penicillin").
func personBefore(ts []ctok, at int) string {
	for i := 0; i < at && i < len(ts); i++ {
		t := ts[i]
		w := strings.TrimSuffix(t.low, "'s")
		if k, ok := kinWord(t); ok && !tradePartner(ts, i, k) {
			return stem(k)
		}
		if i > 0 && nameWord(t) && !allergenWord(w) && !labelWords[w] {
			return w
		}
	}
	for _, t := range ts[:max(at, 0)] {
		if persons[t.low] == "i" {
			return "user"
		}
	}
	for i := at; i < len(ts); i++ {
		if persons[ts[i].low] == "i" {
			return "user" // "no shellfish obviously, I'm allergic"
		}
	}
	// a name in lower case, or opening the claim, right before the
	// allergy or its verb: "remember cian cant take penicillin", "Ada has
	// a peanut allergy"
	for i := 0; i < at && i < len(ts); i++ {
		if w := strings.TrimSuffix(ts[i].low, "'s"); isWord(w) && !labelWords[w] && !topicDrop[w] && persons[w] == "" && !allergenWord(w) {
			if i+1 == at || i+1 < len(ts) && (ts[i+1].low == "is" || ts[i+1].low == "has") {
				return w
			}
		}
	}
	return ""
}

// allergenName folds an allergen's other names and forms: "peanuts" and
// "groundnut" are "peanut", "stings" a "sting".
func allergenName(w string) string {
	w = strings.TrimSuffix(w, "'s")
	if !isWord(w) || topicDrop[w] || determiners[w] || negators[w] {
		return ""
	}
	if s, ok := allergenSynonyms[w]; ok {
		return s
	}
	return stem(w)
}

// allergenWord: w names what a person is often allergic to.
func allergenWord(w string) bool { _, ok := allergenSynonyms[w]; return ok || knownAllergens[w] }

// takenAllergen: what "can't take" at i is followed by is a known
// allergen ("cian cant take penicillin"), not a train or a day off.
func takenAllergen(ts []ctok, i int) bool {
	for k := i + 1; k < len(ts) && k <= i+3; k++ {
		if allergenWord(ts[k].low) {
			return true
		}
	}
	return false
}

// knownAllergens are medicines and foods people are often allergic to.
var knownAllergens = map[string]bool{
	"penicillin": true, "amoxicillin": true, "aspirin": true, "ibuprofen": true, "codeine": true, "latex": true,
	"sesame": true, "soy": true, "soya": true, "eggs": true, "egg": true, "buckwheat": true, "sulfa": true, "sulpha": true,
}

var allergenSynonyms = map[string]string{
	"groundnut": "peanut", "groundnuts": "peanut", "peanuts": "peanut", "peanut": "peanut",
	"nuts": "nut", "nut": "nut", "wasps": "wasp", "wasp": "wasp", "bees": "bee", "bee": "bee",
	"dairy": "lactose", "lactose": "lactose", "milk": "lactose", "gluten": "gluten",
	"cats": "cat", "cat": "cat", "dogs": "dog", "dog": "dog", "shellfish": "shellfish",
}

// allergyWords say a claim is about an allergy.
var allergyWords = map[string]bool{"allergic": true, "allergy": true, "allergies": true, "intolerant": true, "intolerance": true, "anaphylactic": true}

// lastingConditions are conditions a person has for life, with the word
// they fold to.
var lastingConditions = map[string]string{"coeliac": "coeliac", "celiac": "coeliac", "coeliacs": "coeliac"}

// endedNear: a word of conditionEnds stands within three words before
// the allergy at i, or right after it ("not allergic", "no longer
// allergic", "allergic anymore").
func endedNear(ts []ctok, i int) bool {
	for k := max(0, i-3); k < len(ts) && k <= i+1; k++ {
		if conditionEnds[ts[k].low] {
			return true
		}
	}
	return slices.ContainsFunc(ts, func(t ctok) bool { return t.low == "outgrew" || t.low == "outgrown" || t.low == "negative" })
}

// conditionEnds say an allergy or condition is denied, outgrown or was
// wrong.
var conditionEnds = map[string]bool{
	"not": true, "isn't": true, "aren't": true, "longer": true, "outgrew": true, "outgrown": true,
	"anymore": true, "negative": true, "wrong": true, "thought": true, "maybe": true, "might": true, "suspect": true,
}

// labelWords open a claim as a note, not as a person: "Remember", "Note".
var labelWords = map[string]bool{"remember": true, "reminder": true, "note": true, "fyi": true, "btw": true, "ps": true, "something": true}
