package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// stillHeld decides a pair whose incoming claim says the existing claim's
// value still holds, or reminds of it ("in case you forgot, the shop is
// on rue d'Austerlitz"): "still getting all my flour from Minoterie Forest"
// for "everything comes from Minoterie Forest now"; "still on amlodipine
// 10 mg" for "the doctor raised my amlodipine to 10 mg". The incoming
// claim says "still" and nothing of a change or a denial; the two share
// one typed value (a name, an amount, a quantity) and a word of what it is
// the value of beside it, and no person is named on one side only. Said
// again, it reinforces the existing memory: a duplicate.
func stillHeld(existing, incoming schema.Memory) (Decision, bool) {
	// the cue first, from the tokens alone: most pairs have none, and the
	// typed reading below is not remembered
	its := claimTokens(incoming.Claim)
	still, reminded := slices.ContainsFunc(its, func(t ctok) bool { return t.low == "still" }), reminder(its)
	if !still && !reminded {
		return Decision{}, false
	}
	its, ivs := typedValues(incoming)
	if !still && happens(existing) {
		// what happened, or is planned, is not said again by what holds:
		// "Flying to Winnipeg for Dad's 70th" / "Dad's in Winnipeg, for
		// context"
		return Decision{}, false
	}
	if existing.Negated || incoming.Negated || incoming.Correction {
		return Decision{}, false
	}
	if hasAny(unmarked(its), negators) || hypothetical(its) || usedTo(its) >= 0 {
		return Decision{}, false
	}
	if at, _ := cueWords(its); len(at) > 0 {
		return Decision{}, false
	}
	ets, evs := typedValues(existing)
	if hasAny(ets, negators) || hypothetical(ets) || usedTo(ets) >= 0 {
		return Decision{}, false
	}
	var same, sameTimes []typedValue
	for _, iv := range ivs {
		if iv.old {
			continue
		}
		switch {
		case slices.ContainsFunc(evs, func(ev typedValue) bool { return !ev.old && ev.typ == iv.typ && sameHeld(ev, iv) }):
			if !timeTypes[iv.typ] {
				same = append(same, iv)
			} else {
				sameTimes = append(sameTimes, iv)
			}
		case slices.ContainsFunc(evs, func(ev typedValue) bool { return !ev.old && ev.typ == iv.typ }):
			return Decision{}, false // another value of a kind the existing claim gives
		}
	}
	if len(same) == 0 && !reminded || still && !reminded && len(same) != 1 {
		return Decision{}, false
	}
	people := func(m schema.Memory) []string {
		var out []string
		for _, e := range m.Entities {
			if e.Kind == schema.KindPerson {
				out = append(out, strings.Join(key(e.Name), " "))
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	if !slices.Equal(people(existing), people(incoming)) {
		return Decision{}, false
	}
	words := sharedWords(outsideValues(ets, evs), outsideValues(its, ivs))
	words = slices.DeleteFunc(words, func(w string) bool { return genericStems[w] || w == "still" || valueWord(w) })
	switch {
	case len(words) > 0 && still && len(same) == 1:
		return Decision{Duplicate, fmt.Sprintf("the incoming claim says the existing value %q of %q still holds", same[0].key, words[0])}, true
	case reminded && len(same) > 0 && (len(words) > 0 || len(same) > 1):
		return Decision{Duplicate, fmt.Sprintf("the incoming claim reminds of what the existing one says (%q)", same[0].key)}, true
	case reminded && len(sameTimes) > 0 && len(same)+len(words) > 0:
		// "Yuki telephones me every Sunday evening, always around 8" /
		// "Sunday evening, and Yuki called at 8 as usual": the same times
		// of the same thing
		return Decision{Duplicate, fmt.Sprintf("the incoming claim says what the existing one says is as always (at %s)", sameTimes[0].key)}, true
	case reminded && len(same) == 0 && len(words) >= 2 && 2*len(words) >= len(contentWords(outsideValues(its, ivs))):
		// "I'm coeliac so any recipes need to be gluten free" /
		// "remember I'm coeliac when you suggest recipes, strictly
		// gluten free"
		return Decision{Duplicate, fmt.Sprintf("the incoming claim reminds of what the existing one says (%s)", strings.Join(words, ", "))}, true
	}
	return Decision{}, false
}

// reminder: the claim says it tells again, or for the record, what holds
// ("in case you forgot", "as I said", "just so you know", "remember I'm
// coeliac", "reminder: ..."), or that it is as it always was ("as
// usual", "that hasn't changed").
func reminder(ts []ctok) bool {
	for _, ps := range [2][][]string{reminderPhrases, unchangedPhrases} {
		for _, p := range ps {
			if runAt(ts, p) >= 0 {
				return true
			}
		}
	}
	for i, t := range ts {
		if (t.low == "remember" || t.low == "reminder") && (i == 0 || ts[i].brk) {
			return true
		}
	}
	return false
}

var reminderPhrases = [][]string{{"in", "case", "you", "forgot"}, {"as", "i", "said"}, {"like", "i", "said"}, {"as", "i", "mentioned"},
	{"like", "i", "mentioned"}, {"as", "i", "told", "you"}, {"to", "remind", "you"}, {"just", "so", "you", "know"},
	{"for", "context"}, {"in", "case", "i", "didn't", "mention"}, {"for", "the", "record"},
	// what is as it always was: "Yuki called at 8 as usual", "Same house
	// as always", "that's where we always stay"
	{"as", "always"}, {"as", "usual"}, {"like", "always"}, {"as", "ever"}, {"like", "every", "week"},
	{"where", "we", "always"}}

// unchangedPhrases say nothing changed ("that part hasn't changed"); their
// "not" denies no value.
var unchangedPhrases = [][]string{{"hasn't", "changed"}, {"has", "not", "changed"}, {"haven't", "changed"}}

// sameHeld: two values of one type are one value said again: the same
// key, one about the other ("8:00" / "~8:00"), or a day and a part of it
// ("wednesday" / "wednesday afternoon").
func sameHeld(a, b typedValue) bool {
	ka, kb := strings.TrimPrefix(a.key, "~"), strings.TrimPrefix(b.key, "~")
	if ka == kb {
		return true
	}
	if a.typ == "day" {
		return strings.HasPrefix(ka, kb+" ") || strings.HasPrefix(kb, ka+" ")
	}
	return false
}

// unmarked is ts without the words of an unchangedPhrases phrase.
func unmarked(ts []ctok) []ctok {
	for _, p := range unchangedPhrases {
		if k := runAt(ts, p); k >= 0 {
			return slices.Concat(ts[:k], ts[k+len(p):])
		}
	}
	return ts
}

// outsideValues is ts without the words of the values vs.
func outsideValues(ts []ctok, vs []typedValue) []ctok {
	var out []ctok
	for i, t := range ts {
		if !slices.ContainsFunc(vs, func(v typedValue) bool { return i >= v.from && i < v.to }) {
			out = append(out, t)
		}
	}
	return out
}

// happens: the memory is of what happened or is to happen (an event, a
// commitment), not of what holds.
func happens(m schema.Memory) bool {
	return m.Type == schema.TypeEvent || m.Type == schema.TypeCommitment
}
