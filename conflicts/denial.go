package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A fact is often retired by denying its value rather than giving a new
// one: "Incidents no longer go to #ops-alerts", "We're not with Skyline
// Fibre any more", "Choir rehearsals are no longer on Mondays". Such a
// denial names the stored claim's value and says it stopped; the new
// value, if any, comes in another sentence the comparison sees apart.
//
// deniedValue reads an incoming claim that denies, with a word of ending
// ("no longer", "not ... any more", "anymore", "stopped"), a value of
// the existing claim — one value of one type on each side, the same
// value — as retiring it, when:
//
//   - the denial is about the same thing: every word of its topic is in
//     the stored claim's, with an anchor among them, or it says nothing
//     but the value ("we're not with Skyline any more");
//   - neither names an owner the other lacks ("Mum's broadband");
//   - the existing claim is not the later one and is not itself a denial.
func deniedValue(existing, incoming schema.Memory) (Decision, bool) {
	if existing.Negated || !incoming.Negated && !strings.Contains(strings.ToLower(incoming.Claim), "stopped") || clearlyLater(existing, incoming) {
		return Decision{}, false
	}
	its, ivs := typedValues(incoming)
	if !endingDenial(its) {
		return Decision{}, false
	}
	e, ok := readTopic(existing)
	if !ok {
		return Decision{}, false
	}
	var denied *typedValue
	etyp := ""
	for i := range ivs {
		v := ivs[i]
		for t, ev := range e.vals {
			if !compatibleTypes(t, v.typ) || len(ev) != 1 || !coveredValue(t, ev[0].key, v.key) {
				continue
			}
			if denied != nil {
				return Decision{}, false // two values denied: which is the slot's is unclear
			}
			denied, etyp = &ivs[i], t
		}
	}
	if denied == nil {
		return Decision{}, false
	}
	i := topicClaim{ts: its, vals: map[string][]typedValue{etyp: {{typ: etyp, key: denied.key, from: denied.from, to: denied.to}}}}
	i.ctx = make([]bool, len(its))
	es, is := e.topicSkip([]string{etyp}), i.topicSkip([]string{etyp})
	et, it := topicWords(e.ts, es), topicWords(i.ts, is)
	anchored, said := false, 0
	for w := range it {
		if genericStems[w] || directions[w] {
			continue
		}
		said++
		if !et[w] {
			return Decision{}, false // "the book club no longer meets": another thing
		}
		if thingWord(i, is, w) {
			anchored = true
		}
	}
	if !anchored && said > 0 || otherOwner(e, i, it) || otherOwner(i, e, et) {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim says the existing value %q no longer holds", denied.key)}, true
}

// endingDenial: the claim denies with a word of ending: "no longer",
// "not ... any more", "anymore", "stopped".
func endingDenial(ts []ctok) bool {
	neg := false
	for i, t := range ts {
		switch {
		case t.low == "longer" && i > 0 && ts[i-1].low == "no":
			return true
		case t.low == "stopped":
			return true
		case negators[t.low]:
			neg = true
		case neg && (t.low == "anymore" || t.low == "more" && i > 0 && ts[i-1].low == "any"):
			return true
		}
	}
	return false
}

// coveredValue: the denied value d covers the stored value v of type t:
// the same value, or for a day the day of a day and a part of it ("no
// longer on Mondays" covers "Monday evenings").
func coveredValue(t, v, d string) bool {
	if sameName(t, v, d) {
		return true
	}
	first, _, _ := strings.Cut(v, " ")
	return t == "day" && first == d
}
