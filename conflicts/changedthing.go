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
	obj, after, ok := changedObject(b)
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
	if !nameWord(obj[len(obj)-1]) || !nameAfterSwap(b, after) {
		return Decision{}, false
	}
	name := make([]string, len(obj))
	for k, t := range obj {
		name[k] = t.low
	}
	if !namesIn(a, name) || isPersonIn(existing, name) || isPersonIn(incoming, name) {
		return Decision{}, false // "switched Mia to the afternoon group": a person moved
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim changed %q, which the existing claim gives", strings.Join(name, " "))}, true
}

// nameAfterSwap: the words at k say what the thing was changed to, and it
// is a name: "to Celecox", "for the Welcia".
func nameAfterSwap(ts []ctok, k int) bool {
	if k >= len(ts) || ts[k].low != "to" && ts[k].low != "for" && ts[k].low != "with" {
		return false
	}
	k++
	if k < len(ts) && determiners[ts[k].low] {
		k++
	}
	return k < len(ts) && nameWord(ts[k])
}

// isPersonIn: the memory's entities give the name as a person's.
func isPersonIn(m schema.Memory, name []string) bool {
	return slices.ContainsFunc(m.Entities, func(e schema.Mention) bool {
		return e.Kind == schema.KindPerson && strings.EqualFold(e.Name, strings.Join(name, " "))
	})
}

// changedObject reads "changed (the|my) THING to …", "changed THING, now
// …", "switched THING for …": the thing (one to three words, a name or a
// noun with its owner) and where what follows it begins. Things changed
// without retiring a value ("changed my mind", "changed trains", "changed
// the oil") are not read.
func changedObject(ts []ctok) ([]ctok, int, bool) {
	for i, t := range ts {
		if !changedVerbs[t.low] {
			continue
		}
		k := i + 1
		if k < len(ts) && (ts[k].low == "the" || ts[k].low == "my" || ts[k].low == "our" || ts[k].low == "his" || ts[k].low == "her") {
			k++
		}
		from := k
		for k < len(ts) && k-from < 3 && isWord(strings.TrimSuffix(ts[k].low, "'s")) && !changedObjectEnds[ts[k].low] && !(k > from && ts[k].brk) {
			k++
		}
		if k == from || k-from == 3 && k < len(ts) && !changedObjectEnds[ts[k].low] && !ts[k].brk {
			continue
		}
		obj := ts[from:k]
		if notRetiring[obj[len(obj)-1].low] || strings.HasSuffix(obj[len(obj)-1].low, "'s") {
			continue
		}
		if k < len(ts) && (ts[k].low == "to" || ts[k].low == "for" || ts[k].low == "with" || ts[k].brk) {
			return obj, k, true
		}
	}
	return nil, 0, false
}

// changedVerbs say a thing was changed for another.
var changedVerbs = map[string]bool{"changed": true, "switched": true, "swapped": true}

// changedObjectEnds end the thing changed.
var changedObjectEnds = map[string]bool{"to": true, "for": true, "with": true, "from": true, "over": true, "because": true, "and": true, "now": true, "again": true, "yesterday": true, "today": true}

// notRetiring are things changed that retire no value: "changed my mind",
// "changed trains at Crewe", "changed the oil".
var notRetiring = map[string]bool{
	"mind": true, "minds": true, "clothes": true, "sheets": true, "oil": true, "nappy": true, "diaper": true,
	"bed": true, "tyres": true, "tires": true, "tyre": true, "tire": true, "battery": true, "batteries": true,
	"filter": true, "bulb": true, "bulbs": true, "plans": true, "subject": true, "topic": true, "channel": true,
	"gear": true, "gears": true, "lanes": true, "lane": true, "trains": true, "buses": true, "planes": true,
	"seats": true, "places": true, "sides": true, "shifts": true, "shirt": true, "dressing": true, "bandage": true,
	"password": true, "it": true, "that": true, "this": true, "them": true, "things": true, "everything": true,
}
