package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A person looking back often names who came before the one they see now:
// "For the hip I see Dr. Mori at the orthopedic clinic" / a year later "He
// treated my hip first, many years, until he retired in 2023 and Dr. Mori
// took over". The incoming claim tells the state before the existing one.

// tookOverAfter decides such a pair as SupersededBy: the incoming claim
// says a name took over (successors) after someone, in words of looking
// back ("until", "first", "before", "when"); the existing claim names that
// name as now (not in the past, not itself a handover), and the two share
// a word of the thing other than the name ("hip"). A role noun both name
// is compareRoles' to read.
func tookOverAfter(existing, incoming schema.Memory) (Decision, bool) {
	b := claimTokens(unlabelled(incoming.Claim))
	next := successors(b)
	if len(next) == 0 || !hasAny(b, lookingBackWords) {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	if usedTo(a) >= 0 || hasAny(a, pastVerbsOfState) || hasAny(a, handoverWords) || len(successors(a)) > 0 {
		return Decision{}, false
	}
	for _, n := range next {
		if !namesIn(a, n) {
			continue
		}
		shared := slices.DeleteFunc(sharedWords(a, b), func(w string) bool {
			return slices.ContainsFunc(n, func(x string) bool { return stem(x) == w }) || titles[w]
		})
		if len(shared) == 0 {
			continue
		}
		return Decision{SupersededBy, fmt.Sprintf("the incoming claim says %s took over (%s) after another, and the existing claim gives %s as now", strings.Join(n, " "), strings.Join(shared, " "), strings.Join(n, " "))}, true
	}
	return Decision{}, false
}

// lookingBackWords tell how things were before: "treated my hip first …
// until he retired", "when he left".
var lookingBackWords = map[string]bool{"until": true, "till": true, "first": true, "before": true, "when": true, "after": true}
