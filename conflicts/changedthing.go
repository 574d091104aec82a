package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A change is often said of the thing, not of its value: "I pick up my
// medicines at the pharmacy next to Hattori-Tenjin station" / "I changed
// pharmacy to the Welcia in the shōtengai"; "For the pain he gives me
// Loxonin" / "doctor changed the Loxonin to Celecox"; "Pitanga's vet is
// Dr. Paulo" / "changed Pitanga's vet, now I take her to the vet hospital
// at USP".

// changedAway decides such a pair as Supersedes: the incoming claim says
// it changed, switched or swapped a name for another name ("changed the
// Loxonin to Celecox"), and the existing claim gives the first one. The
// name is not a person's ("switched Mia to the Tuesday group"). The existing claim is not
// about the past, names no other relative, and does not already name
// what the incoming claim changed to.
func changedAway(existing, incoming schema.Memory) (Decision, bool) {
	b := claimTokens(unlabelled(incoming.Claim))
	name, after, ok := swappedName(b)
	if !ok {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	if existing.Negated || usedTo(a) >= 0 || hasAny(a, pastVerbsOfState) || clearlyLater(existing, incoming) || !slices.Equal(kinOf(a), kinOf(b)) {
		return Decision{}, false
	}
	for _, t := range b[after:] {
		if nameWord(t) && slices.ContainsFunc(a, func(x ctok) bool { return x.low == t.low }) {
			return Decision{}, false // the existing claim already names the new thing
		}
	}
	who := strings.Join(name, " ")
	if !namesIn(a, name) || personIn(existing, who) || personIn(incoming, who) {
		return Decision{}, false // "switched Mia to the afternoon group": a person moved
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim changed %q, which the existing claim gives", who)}, true
}

// swappedName reads "changed (the) NAME to|for|with (the) NAME": the name
// changed and where the words after it begin ("changed the Loxonin to
// Celecox", "swapped Vodafone for the Three").
func swappedName(ts []ctok) ([]string, int, bool) {
	for i, t := range ts {
		if !changedVerbs[t.low] {
			continue
		}
		k := i + 1
		if k < len(ts) && determiners[ts[k].low] {
			k++
		}
		name, k := nameRun(ts, k, 3)
		if len(name) == 0 || k >= len(ts) || ts[k].low != "to" && ts[k].low != "for" && ts[k].low != "with" {
			continue
		}
		to := k + 1
		if to < len(ts) && determiners[ts[to].low] {
			to++
		}
		if to < len(ts) && nameWord(ts[to]) {
			return name, k, true
		}
	}
	return nil, 0, false
}

// changedVerbs say a thing was changed for another.
var changedVerbs = map[string]bool{"changed": true, "switched": true, "swapped": true}
