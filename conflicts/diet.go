package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A person's diet is said in passing, in requests for recipes, where the
// extractor finds no slot for dietView (slots.go) to read: "I've
// gone vegetarian this month … can you suggest quick weeknight dinners" /
// "can you help me plan meals for next week - I'm eating fish again, so
// pescatarian rather than veggie".
//
// dietChanged reads the incoming claim as retiring the existing one
// (Supersedes) when the existing claim gives the speaker's diet
// (one of diets, slots.go: said after "I'm", "I've gone", "been",
// "went") and the incoming one, said later, gives the speaker
// another, or says they eat again what that diet leaves out ("eating
// fish again", "started eating meat", "back on meat").
func dietChanged(existing, incoming schema.Memory) (Decision, bool) {
	if saidTime(incoming).Before(saidTime(existing)) {
		return Decision{}, false
	}
	ets, its := claimTokens(existing.Claim), claimTokens(incoming.Claim)
	was := speakersDiet(ets)
	if was == "" || hypothetical(its) || hasAny(its, tentative) {
		return Decision{}, false
	}
	now := speakersDiet(its)
	if now == "" {
		if food := eatsAgain(its); food != "" && dietExcludes(was, food) {
			return Decision{Supersedes, fmt.Sprintf("the speaker was %s and the incoming claim says they eat %s again", was, food)}, true
		}
		return Decision{}, false
	}
	if now == was {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the speaker's diet: %s, and the incoming claim gives %s", was, now)}, true
}

// dietOpeners say the diet after them is the speaker's.
var dietOpeners = map[string]bool{"i'm": true, "im": true, "am": true, "gone": true, "been": true, "went": true,
	"go": true, "become": true, "became": true, "so": true, "now": true, "fully": true, "strictly": true}

// speakersDiet is the diet a claim gives the speaker, or "": a diet word
// after one of dietOpeners, within two words, with no one else named
// before it in its clause.
func speakersDiet(ts []ctok) string {
	for k, t := range ts {
		d, ok := diets[t.low]
		if !ok {
			continue
		}
		for j := k - 1; j >= 0 && j >= k-2; j-- {
			if dietOpeners[ts[j].low] {
				if !speakerActs(ts, j, nil) {
					return ""
				}
				return d
			}
		}
	}
	return ""
}

// eatsAgain is what a claim says the speaker eats again ("eating fish
// again", "started eating meat", "back on meat"), or "".
func eatsAgain(ts []ctok) string {
	for k := 0; k+1 < len(ts); k++ {
		w, next := ts[k].low, ts[k+1].low
		food := ""
		switch {
		case (w == "eating" || w == "eat") && meats[next]:
			food = next
		case w == "back" && k+2 < len(ts) && ts[k+1].low == "on" && meats[ts[k+2].low]:
			food = ts[k+2].low
		}
		if food == "" {
			continue
		}
		if hasAny(ts, map[string]bool{"again": true, "started": true, "back": true, "now": true}) && !hasAny(ts[max(0, k-3):k], notWords) {
			return food
		}
	}
	return ""
}

// meats are foods a vegetarian leaves out; fish and seafood a
// pescatarian keeps.
var meats = map[string]bool{"fish": true, "meat": true, "chicken": true, "beef": true, "pork": true, "seafood": true, "lamb": true}

// dietExcludes reports whether a diet leaves a food out.
func dietExcludes(diet, food string) bool {
	switch diet {
	case "vegetarian", "vegan":
		return true
	case "pescatarian":
		return food != "fish" && food != "seafood"
	}
	return false
}

// pescatarianFish reports whether a pescatarian diet and eating fish are
// said: a pescatarian eats fish, so both hold.
func pescatarianFish(a, b string) bool {
	return diets[strings.ToLower(strings.TrimSpace(a))] == "pescatarian" && (b == "eats fish" || b == "eats seafood")
}
