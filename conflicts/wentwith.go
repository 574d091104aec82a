package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A new supplier is often said by whom one went with, for the thing the
// old one gave: "Veg and fruit all comes from Brig o' Fruit" / "We've gone
// with Green Glen Produce in Cambuslang from this week for all the veg and
// fruit"; "Home and contents insurance is with AMI" / "Ended up going with
// Tower for house and contents".

// wentWith decides such a pair as Supersedes: the incoming claim says one
// went, is going or has gone with a name (and not "to" somewhere with
// it), the existing claim has the thing from, with, through or at another
// name, the two share a word of the thing ("veg", "contents"), the
// existing claim does not name the new name, and neither is a plan, a
// wish or a question.
func wentWith(existing, incoming schema.Memory) (Decision, bool) {
	if asks(existing.Claim) || asks(incoming.Claim) || existing.Negated || incoming.Negated || !saidLater(incoming, existing) {
		return Decision{}, false
	}
	b := claimTokens(unlabelled(incoming.Claim))
	name, after, ok := wentWithName(b)
	if !ok || hypothetical(b[:after]) || wished(b[:after]) {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	if hypothetical(a) || wished(a) || namesIn(a, name) || !slices.Equal(kinOf(a), kinOf(b)) {
		return Decision{}, false
	}
	old := supplierIn(a)
	if len(old) == 0 || slices.Equal(old, name) {
		return Decision{}, false
	}
	shared := slices.DeleteFunc(sharedWords(a, b[after:]), func(w string) bool { return genericStems[w] || slices.Contains(old, w) })
	if len(shared) == 0 || qualifiersApart(a, b, shared) {
		return Decision{}, false // "home and contents insurance" / "the car insurance"
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim went with %s for the %s the existing claim had from %s", strings.Join(name, " "), strings.Join(shared, " "), strings.Join(old, " "))}, true
}

// wentWithName reads "gone with NAME", "going with NAME", "went with NAME"
// and "signed up with NAME": the name and where the words after it begin.
// A name followed by "to" is company on a way ("went with Sarah to the
// market").
func wentWithName(ts []ctok) ([]string, int, bool) {
	for i := 0; i+2 < len(ts); i++ {
		if !wentVerbs[ts[i].low] || ts[i+1].low != "with" {
			continue
		}
		name, k := nameRun(ts, i+2, 4)
		if len(name) == 0 || k < len(ts) && ts[k].low == "to" {
			continue
		}
		return name, k, true
	}
	return nil, 0, false
}

// wentVerbs go with a supplier: "gone with", "going with", "went with",
// "signed up with" ("sticking with" keeps the same one).
var wentVerbs = map[string]bool{"gone": true, "going": true, "went": true, "up": true}

// supplierIn is the name a claim has a thing from, with, through or at:
// "comes from Brig o' Fruit", "insurance is with AMI", "we use SumUp".
func supplierIn(ts []ctok) []string {
	for i := 0; i+1 < len(ts); i++ {
		if !supplierWords[ts[i].low] {
			continue
		}
		if name, _ := nameRun(ts, i+1, 4); len(name) > 0 {
			return name
		}
	}
	return nil
}

// supplierWords come before the name a thing is had from.
var supplierWords = map[string]bool{"from": true, "with": true, "through": true, "use": true, "using": true, "via": true}

// changedSupplier decides as Supersedes a change of supplier said of the
// thing supplied, with or without the new one's name: "corks come from
// Corchos Andinos in Santiago" / "changed cork supplier, now we buy from a
// Portuguese company". The incoming claim changes (changed, switched, new)
// the supplier of a thing the existing claim has from a name, and does
// not name that supplier.
func changedSupplier(existing, incoming schema.Memory) (Decision, bool) {
	if asks(existing.Claim) || asks(incoming.Claim) || existing.Negated || incoming.Negated || !saidLater(incoming, existing) {
		return Decision{}, false
	}
	b := claimTokens(unlabelled(incoming.Claim))
	thing := ""
	for i := 1; i+1 < len(b); i++ {
		if supplierNouns[b[i+1].low] && changeOfSupplier[b[i-1].low] && isWord(b[i].low) {
			thing = stem(b[i].low) // "changed cork supplier"
			break
		}
	}
	if thing == "" || hypothetical(b) || wished(b) {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	old := supplierIn(a)
	if len(old) == 0 || namesIn(b, old) || !hasStem(a, thing) || hypothetical(a) || wished(a) {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim changed the %s supplier the existing claim has as %s", thing, strings.Join(old, " "))}, true
}

// supplierNouns name who supplies a thing.
var supplierNouns = map[string]bool{"supplier": true, "suppliers": true, "provider": true, "vendor": true}

// changeOfSupplier come before "<thing> supplier" said changed.
var changeOfSupplier = map[string]bool{"changed": true, "switched": true, "new": true, "changing": true, "switching": true}
