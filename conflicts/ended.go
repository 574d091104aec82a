package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A person often says a thing they had ended without saying what held
// before: "I drive a 2016 Skoda Octavia estate" / "finally got rid of the
// Skoda!", "my phone's with EE" / "Ended up leaving EE altogether", "my
// CPA is Linda Reyes" / "Linda's retired", "gym is Fitness First in the
// city" / "cancelled fitness first, I literally never went", "My phone's
// an iPhone 12" / "Got a Pixel 8, gave the old iPhone to Mum".
//
// endedThing reads an incoming claim that ends a thing the existing claim
// gives as the speaker's own as retiring it (Supersedes), when:
//
//   - a word of ending ("got rid of", "sold", "left", "cancelled",
//     "quit", "retired", "fired", "dropped", "ditched", "stopped going
//     to", "replaced", "traded", "the old") has the thing as its object
//     ("it" standing for a name said before it), or the thing as its
//     subject for one that needs none ("Linda's retired", "Brenda
//     retired");
//   - the thing is a name in the existing claim, in the same words (case
//     aside: "fitness first"), not a day or a month ("the library's
//     closing Thursday evenings"), and neither claim is someone else's;
//   - the incoming claim is said no earlier, is no question, plan or
//     hypothesis, the ending is not negated ("didn't cancel"), and the
//     existing claim is not itself about the past.
func endedThing(existing, incoming schema.Memory) (Decision, bool) {
	if saidTime(incoming).Before(saidTime(existing)) || asks(incoming.Claim) {
		return Decision{}, false
	}
	its := claimTokens(incoming.Claim)
	ets := claimTokens(existing.Claim)
	if hypothetical(its) || hasAny(its, tentative) || usedTo(ets) >= 0 {
		return Decision{}, false
	}
	if _, ok := pastOpening(ets); ok {
		return Decision{}, false
	}
	for k := range its {
		verb, end := endingAt(its, k)
		if end == 0 || hasAny(its[max(0, k-3):k], notWords) {
			continue // "didn't cancel", "won't be leaving"
		}
		if its[k].low == "old" && k > 0 && capitalised(its[k].raw) {
			continue // "our wedding was at the Old High": a name
		}
		// the object: "got rid of the Skoda", "leaving EE altogether",
		// "gave the old iPhone to Mum", ended by the speaker ("Karen's
		// left Routewise" is hers); "replaced it" ends the name the
		// claim gave before ("The Corsa failed its MOT so I've replaced
		// it")
		thing, ok := thingAt(its, end, ets, existing)
		if !ok && end < len(its) && its[end].low == "it" && its[k].low != "old" {
			thing, ok = itName(its, k, ets, existing)
		}
		if ok && whenWord(thing) {
			// "the library's closing Thursday evenings": a day is when
			// it ends, not what
			ok = false
		}
		if ok && speakerActs(its, k, ets) && speakerOwns(ets, its) {
			return Decision{Supersedes, fmt.Sprintf("the incoming claim ends %q (%q), which the existing claim gives as the speaker's own", thing, verb)}, true
		}
		// the subject of an ending that takes none: "Linda's retired"
		if intransitiveEnds[its[k].low] && (end == len(its) || its[end].brk || !isWord(its[end].low) || clauseWords[its[end].low] || its[end].low == "end" || its[end].low == "last" || its[end].low == "this") {
			if thing, ok := subjectBefore(its, k, ets, existing); ok {
				return Decision{Supersedes, fmt.Sprintf("the incoming claim ends %q (%q), which the existing claim gives as the speaker's own", thing, verb)}, true
			}
		}
	}
	return Decision{}, false
}

// speakerActs reports whether the verb at k is the speaker's: nobody else
// is named before it in its clause ("Karen Li's left", "my sister moved
// out of"), but for the one the existing claim ets is about.
func speakerActs(ts []ctok, k int, ets []ctok) bool {
	owner := lowered(ets)
	for j := k - 1; j >= 0; j-- {
		w := strings.TrimSuffix(ts[j].low, "'s")
		if runAt(owner, []string{w}) >= 0 && (kinWords[w] || capitalised(ts[j].raw)) {
			continue // the existing claim's owner too: "Ellie's got her first job" / "Ellie's packed in Greggs"
		}
		if kinWords[w] || otherPeople[stem(w)] || w == "he" || w == "she" || w == "they" || w == "he's" || w == "she's" || w == "they've" {
			return false
		}
		if clauseWords[w] {
			break // "The Corsa failed its MOT so I've replaced it"
		}
		if capitalised(ts[j].raw) && !acronym(ts[j].raw) && w != "i" && !strings.HasPrefix(w, "i'") && (j > 0 || namesSomeone(w)) {
			return false // "Priya left Finch Labs"
		}
		if ts[j].brk {
			break
		}
	}
	return true
}

// namesSomeone reports whether a claim's capitalised first word may be a
// name rather than an opening word: not a function word, an adverb or a
// word of doing ("Finally", "Ended", "Just").
func namesSomeone(w string) bool {
	if nearSkip[stem(w)] || notAThing(w) || timeAdverbs[w] || subjectPronouns[w] {
		return false
	}
	if _, ending := endings[w]; ending {
		return false
	}
	switch w {
	case "finally", "just", "also", "well", "ok", "okay", "yeah", "yes", "so", "oh", "ugh", "big", "update", "news", "today":
		return false
	}
	return true
}

// speakerOwns reports whether a claim is the speaker's own and not a
// relative's or someone else's ("My sister lives in London"), unless the
// incoming claim names the same one.
func speakerOwns(ts, incoming []ctok) bool {
	for _, t := range ts[:min(len(ts), 3)] {
		w := strings.TrimSuffix(t.low, "'s")
		if (kinWords[w] || otherPeople[stem(w)] || w == "he" || w == "she" || w == "they") && runAt(lowered(incoming), []string{w}) < 0 {
			return false
		}
	}
	return true
}

// endings are the words that end a thing, with the words after them
// that belong to the verb: "got rid of", "stopped going to", "moved out
// of"; and "old" before the thing, which says it was replaced ("gave the
// old iPhone to Mum").
var endings = map[string][]string{
	"got": {"rid", "of"}, "getting": {"rid", "of"}, "sold": nil, "selling": nil, "left": nil, "leaving": nil,
	"quit": nil, "quitting": nil, "cancelled": nil, "canceled": nil, "cancelling": nil, "canceling": nil,
	"retired": nil, "retiring": nil, "fired": nil, "ditched": nil, "dropped": nil, "scrapped": nil,
	"stopped": {"going", "to"}, "moved": {"out", "of"}, "packed": {"in"}, "closed": nil, "closing": nil,
	"folded": nil, "finished": {"with"}, "done": {"with"}, "gave": {"up"}, "given": {"up"}, "giving": {"up"},
	"replaced": nil, "traded": nil, "swapped": nil, "upgraded": {"from"}, "old": nil,
}

// intransitiveEnds end their subject when nothing follows as their
// object: "Linda's retired", "the club folded"; not "Karen's left
// Routewise", nor "the Kita is closed" over Christmas.
var intransitiveEnds = map[string]bool{"retired": true, "retiring": true, "folded": true, "left": true, "quit": true}

// notWords negate a claim's verb.
var notWords = map[string]bool{"not": true, "never": true, "didn't": true, "don't": true, "won't": true,
	"haven't": true, "hasn't": true, "can't": true, "cannot": true, "couldn't": true, "wouldn't": true}

// endingAt reports the ending verb that starts at k, as said, and where
// the words after it begin; end is 0 when none starts there.
func endingAt(ts []ctok, k int) (string, int) {
	tail, ok := endings[ts[k].low]
	if !ok {
		return "", 0
	}
	// the words the verb needs after it: "got" ends only as "got rid
	// of", "stopped" only as "stopped going to"
	end := k + 1
	for _, w := range tail {
		if end >= len(ts) || ts[end].low != w {
			return "", 0
		}
		end++
	}
	words := make([]string, 0, end-k)
	for _, t := range ts[k:end] {
		words = append(words, t.low)
	}
	return strings.Join(words, " "), end
}

// thingAt reads the thing after an ending verb (a determiner or a
// possessive passed over) and reports whether the existing claim gives
// it as its value or names it: up to three words, the longest that
// matches.
func thingAt(its []ctok, at int, ets []ctok, existing schema.Memory) (string, bool) {
	for at < len(its) && (determiners[its[at].low] || possessives[its[at].low]) {
		at++
	}
	for n := 3; n >= 1; n-- {
		if at+n > len(its) {
			continue
		}
		phrase := make([]string, n)
		ok := true
		for j := range n {
			w := strings.TrimSuffix(its[at+j].low, "'s")
			if !isWord(w) && !isCode(w) || j > 0 && its[at+j].brk || (nearSkip[stem(w)] || indefinites[w]) && j == 0 {
				ok = false
				break
			}
			phrase[j] = w
		}
		if ok && ownedThing(phrase, ets, existing) {
			return strings.Join(phrase, " "), true
		}
	}
	return "", false
}

// indefinites stand for no one thing: "covid closed everything" ends
// nothing the speaker named.
var indefinites = map[string]bool{
	"everything": true, "something": true, "anything": true, "nothing": true, "everyone": true,
	"someone": true, "anyone": true, "everybody": true, "somebody": true, "anybody": true, "all": true,
}

// itName is the first name before k in ts that the existing claim
// gives: what "it" stands for in "The Corsa failed its MOT so I've
// replaced it".
func itName(ts []ctok, k int, ets []ctok, existing schema.Memory) (string, bool) {
	for j := 0; j < k; j++ {
		w := strings.TrimSuffix(ts[j].low, "'s")
		if capitalised(ts[j].raw) && isWord(w) && !nearSkip[stem(w)] && ownedThing([]string{w}, ets, existing) {
			return w, true
		}
	}
	return "", false
}

// subjectBefore reads the name just before an ending that takes no
// object ("Linda's retired", "Brenda retired") and reports whether the
// existing claim gives it.
func subjectBefore(its []ctok, k int, ets []ctok, existing schema.Memory) (string, bool) {
	j := k - 1
	for j >= 0 && (its[j].low == "has" || its[j].low == "is" || its[j].low == "just" || its[j].low == "finally") {
		j--
	}
	if j < 0 {
		return "", false
	}
	w := strings.TrimSuffix(its[j].low, "'s")
	if !capitalised(its[j].raw) || !isWord(w) || subjectPronouns[w] {
		return "", false
	}
	phrase := []string{w}
	if ownedThing(phrase, ets, existing) {
		return w, true
	}
	return "", false
}

// ownedThing reports whether the existing claim gives phrase as its
// value, or names it: as a capitalised name, or as words its value holds.
func ownedThing(phrase []string, ets []ctok, existing schema.Memory) bool {
	if genericStems[stem(phrase[len(phrase)-1])] && len(phrase) == 1 {
		return false
	}
	// a name: capitalised where the existing claim says it ("cancelled
	// fitness first" / "gym is Fitness First"; "iPhone"), not "the
	// interest"; a model's number may be left out ("the Mazda" /
	// "a 2012 Mazda3")
	i := runAt(lowered(ets), phrase)
	if i >= 0 {
		return nameLike(ets[i].raw) || usedObject(ets, i)
	}
	if len(phrase) == 1 {
		for _, t := range ets {
			if rest, ok := strings.CutPrefix(t.low, phrase[0]); ok && rest != "" && strings.Trim(rest, "0123456789") == "" && nameLike(t.raw) {
				return true
			}
		}
	}
	return false
}

// usedObject: the words at i are what the speaker uses, drives, rides
// or has ("I still use a flip phone", "i ride my old mamachari
// everywhere"): a verb of using, then "a", "my" or "our" and at most two
// words that say which before the thing.
func usedObject(ts []ctok, i int) bool {
	j := i - 1
	for n := 0; j >= 0 && n < 2 && ownedAdjectives[ts[j].low]; n++ {
		j--
	}
	if j < 1 || ts[j].low != "a" && ts[j].low != "an" && ts[j].low != "my" && ts[j].low != "our" {
		return false
	}
	return usingVerbs[ts[j-1].low] && slices.ContainsFunc(ts[:j-1], func(t ctok) bool { return persons[t.low] == "i" || persons[t.low] == "we" })
}

// usingVerbs say the speaker uses or keeps a thing.
var usingVerbs = map[string]bool{"use": true, "uses": true, "using": true, "drive": true, "driving": true, "ride": true, "riding": true, "have": true, "own": true}

// ownedAdjectives may stand between "my" and the thing: "my old
// mamachari".
var ownedAdjectives = map[string]bool{"old": true, "trusty": true, "ancient": true, "little": true, "battered": true, "beloved": true}

// nameLike reports whether a word is written as a name: capitalised, or
// with a capital inside ("iPhone", "eBay"), or a code of letters and
// digits ("M1").
func nameLike(w string) bool {
	if capitalised(w) || acronym(w) {
		return true
	}
	return strings.ToLower(w) != w
}

// lowered is ts with each word's "'s" left out, for matching names.
func lowered(ts []ctok) []ctok {
	out := make([]ctok, len(ts))
	for i, t := range ts {
		out[i] = t
		out[i].low = strings.TrimSuffix(t.low, "'s")
	}
	return out
}

// whenWord: the words of thing are a day of the week or a month, with
// their parts ("Thursday evenings"): a time, no thing to end.
func whenWord(thing string) bool {
	ws := strings.Fields(strings.ToLower(thing))
	for _, w := range ws {
		w = strings.TrimSuffix(w, "s")
		if _, day := weekdays[w]; !day && dayParts[w] == "" && !slices.Contains(monthNames, w) {
			return false
		}
	}
	return len(ws) > 0
}
