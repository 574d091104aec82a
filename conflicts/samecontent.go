package conflicts

import (
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// The same fact is often said again in another order: "The repo's
// default branch is main" / "main is the default branch in that
// repository"; "Ben's shoe size is 4" / "Ben wears size 4 shoes". The
// extracted slots differ (subject "repo" against "main") and the typed
// values may be read as other types, so neither the slots nor byTopic
// line them up; but the two claims have the same content words.
//
// sameContent says so when:
//
//   - the content words (topicWords with nothing skipped: stems, values
//     included, without the speaker, determiners, auxiliaries and verbs
//     that only relate a thing to its value) are the same set, of at
//     least minSameContent words;
//   - neither claim is worded as a change or a correction, or as an
//     addition, and both deny or both affirm;
//   - the names keep their order: "Ravi reports to Tomasz" is not
//     "Tomasz reports to Ravi" (in the passive voice they swap: "the plan
//     was approved by Tom" is "Tom approved the plan");
//   - the speaker stays where it is: "I owe Tom £20" is not "Tom owes me
//     £20".
func sameContent(existing, incoming schema.Memory) bool {
	if existing.Negated != incoming.Negated || existing.Correction || incoming.Correction {
		return false
	}
	a, b := claimTokens(existing.Claim), claimTokens(incoming.Claim)
	if denials(a)%2 != denials(b)%2 || (usedTo(a) >= 0) != (usedTo(b) >= 0) {
		return false // "I drive a Corsa" / "I used to drive a Corsa"
	}
	for _, ts := range [][]ctok{a, b} {
		if cue, additive := changeCue(ts); cue || additive {
			return false
		}
	}
	wa, wb := contentWords(a), contentWords(b)
	if len(wa) < minSameContent || len(wa) != len(wb) {
		return false
	}
	for w := range wa {
		if !wb[w] {
			return false
		}
	}
	if passive(a) != passive(b) {
		// "the budget was approved by Tom" / "Tom approved the budget":
		// the voice swaps the roles back, and the names with them
		na, nb := nameOrder(a), nameOrder(b)
		slices.Reverse(nb)
		if !slices.Equal(na, nb) || speakerRole(a) != speakerRole(b) || !sameAgent(a, b) {
			return false
		}
	} else if !slices.Equal(nameOrder(a), nameOrder(b)) || speakerRole(a) != speakerRole(b) || swapped(a, b, wa) {
		return false
	}
	if na, nb := numberUnits(a), numberUnits(b); len(na) > 1 && !slices.Equal(na, nb) || !fewValues(existing) || !fewValues(incoming) {
		return false
	}
	return true
}

// swapped: some content word w has, in one claim, before it the content
// words the other has after it, and after it those the other has before
// it: "the dog bit the postman" / "the postman bit the dog". Around a
// copula, which is no content word, the order is free ("the default
// branch is main" / "main is the default branch").
func swapped(a, b []ctok, words map[string]bool) bool {
	sa, sb := contentSeq(a, words), contentSeq(b, words)
	for _, w := range sa {
		ia, ib := slices.Index(sa, w), slices.Index(sb, w)
		if ia <= 0 || ib <= 0 || ia == len(sa)-1 || ib == len(sb)-1 {
			continue
		}
		if sameSet(sa[:ia], sb[ib+1:]) && sameSet(sa[ia+1:], sb[:ib]) {
			return true
		}
	}
	return false
}

// contentSeq is the claim's content words in order, each once, without
// directions ("reports to"), with the verbs that relate a thing to
// another as pivots ("lives with").
func contentSeq(ts []ctok, words map[string]bool) []string {
	var out []string
	for i, t := range ts {
		w := stem(t.low)
		keep := words[w] && !directions[w] || relationVerb(ts, i)
		if keep && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// relationVerb: the word at i is a verb topicWords drops but that can
// relate two things ("lives with", "takes", "uses"), not an auxiliary.
func relationVerb(ts []ctok, i int) bool {
	return relatingWord(ts[i].low) && i > 0 && i+1 < len(ts)
}

// relatingWord: w is a word topicDrop has that can relate two things
// ("lives", "takes", "uses"), not an auxiliary or a function word.
func relatingWord(w string) bool {
	return topicDrop[w] && isWord(w) && len(w) > 3 && !functionWords[w]
}

// functionWords are words of more than three letters topicDrop has that
// never relate two things.
var functionWords = map[string]bool{
	"have": true, "been": true, "being": true, "will": true, "would": true, "shall": true,
	"should": true, "could": true, "might": true, "must": true, "does": true, "with": true,
	"that": true, "this": true, "these": true, "those": true, "there": true, "your": true,
	"ours": true, "mine": true, "into": true, "onto": true, "about": true, "through": true,
	"than": true, "which": true, "were": true, "having": true, "some": true, "every": true,
	"each": true, "just": true, "still": true, "already": true, "really": true, "very": true,
	"then": true, "today": true, "usually": true, "always": true, "normally": true, "currently": true,
}

func sameSet(a, b []string) bool {
	return len(a) == len(b) && allIn(a, b)
}

// allIn: every word of part is in whole.
func allIn(part, whole []string) bool {
	for _, w := range part {
		if !slices.Contains(whole, w) {
			return false
		}
	}
	return true
}

// numberUnits pairs each number of a claim with the word after it,
// sorted: "5 km in 30 minutes" is not "30 km in 5 minutes". A lone
// number pairs with nothing else ("size 4 shoes" / "shoe size is 4").
func numberUnits(ts []ctok) []string {
	var out []string
	for i, t := range ts {
		if !hasDigit(t.low) {
			continue
		}
		next := ""
		if i+1 < len(ts) && isWord(ts[i+1].low) {
			next = stem(ts[i+1].low)
		}
		out = append(out, t.low+" "+next)
	}
	slices.Sort(out)
	return out
}

// fewValues: the claim gives at most two typed values, of two types:
// with more, the same words may pair them otherwise ("open Monday to
// Friday, closed Saturday" / "open Saturday, closed Monday to Friday").
func fewValues(m schema.Memory) bool {
	_, vs := typedValues(m)
	if len(vs) > 2 {
		return false
	}
	return len(vs) < 2 || vs[0].typ != vs[1].typ
}

// minSameContent is the fewest content words sameContent relates: two
// claims of one or two words say too little to be one fact.
const minSameContent = 3

// contentWords are a claim's topic words with nothing skipped, without
// pronouns that stand for a named one ("her hearing aids") and wh-words
// ("October is when the MOT is due").
func contentWords(ts []ctok) map[string]bool {
	out := topicWords(ts, make([]bool, len(ts)))
	for w := range out {
		if thirdPersons[w] || whWords[w] {
			delete(out, w)
		}
	}
	for i, t := range ts {
		// "works as a paramedic" is "is a paramedic"
		if w := strings.TrimSuffix(t.low, "s"); (w == "work" || w == "serve") && i+1 < len(ts) && ts[i+1].low == "as" {
			delete(out, stem(t.low))
		}
	}
	return out
}

// whWords open a clause that says what a thing is: "October is when".
var whWords = map[string]bool{"when": true, "where": true, "what": true, "how": true}

// nameOrder lists a claim's capitalised words, in order, in their normal
// form: a word opening the claim counts unless it is a function word
// ("The", "Our"); "I" is nobody's name.
func nameOrder(ts []ctok) []string {
	var out []string
	for i, t := range ts {
		if capitalised(t.raw) && !(claimStart(ts, i) && topicDrop[t.low]) && !speakerWords[t.low] && isWord(strings.TrimSuffix(t.low, "'s")) {
			out = append(out, stem(t.low))
		}
	}
	return out
}

// speakerRole says where the speaker stands: "subject" for I or we,
// "object" for me or us, "" for neither or both.
func speakerRole(ts []ctok) string {
	subj, obj := false, false
	for _, t := range ts {
		switch t.low {
		case "i", "we", "i've", "we've", "i'm", "we're", "i'd", "we'd", "i'll", "we'll":
			subj = true
		case "me", "us":
			obj = true
		}
	}
	switch {
	case subj && !obj:
		return "subject"
	case obj && !subj:
		return "object"
	}
	return ""
}

// denials counts the negating words of a claim.
func denials(ts []ctok) int {
	n := 0
	for _, t := range ts {
		if negators[t.low] {
			n++
		}
	}
	return n
}

// rolesSwapped: two claims in nearly the same words put their shared
// words in other roles: "the car is faster than the van" / "the van is
// faster than the car", "Ravi reports to Tomasz" / "Tomasz reports to
// Ravi".
func rolesSwapped(a, b string) bool {
	ta, tb := claimTokens(a), claimTokens(b)
	wa, wb := contentWords(ta), contentWords(tb)
	shared := map[string]bool{}
	for w := range wa {
		if wb[w] {
			shared[w] = true
		}
	}
	return swapped(ta, tb, shared) || !slices.Equal(nameOrder(ta), nameOrder(tb)) && sameSet(nameOrder(ta), nameOrder(tb))
}

// passive: the claim is in the passive voice with its agent: a form of
// "be", a word, then "by" ("was approved by Tom").
func passive(ts []ctok) bool {
	for i := 0; i+2 < len(ts); i++ {
		if isCopula(ts[i].low) || ts[i].low == "been" || ts[i].low == "being" {
			if ts[i+2].low == "by" && isWord(ts[i+1].low) && (strings.HasSuffix(ts[i+1].low, "ed") || strings.HasSuffix(ts[i+1].low, "en")) {
				return true
			}
		}
	}
	return false
}

// sameAgent: of two claims in other voices, the agent of the passive one
// (the word after "by") opens the active one: "the plan was approved by
// Tom" / "Tom approved the plan", not "Ana was hired by Tom" / "Ana hired
// Tom". Claims in one voice agree.
func sameAgent(a, b []ctok) bool {
	if passive(a) == passive(b) {
		return true
	}
	if passive(b) {
		a, b = b, a
	}
	agent := ""
	for i := 0; i+1 < len(a); i++ {
		if a[i].low == "by" {
			k := i + 1
			for k < len(a) && determiners[a[k].low] {
				k++
			}
			if k < len(a) {
				agent = stem(strings.TrimSuffix(a[k].low, "'s"))
			}
			break
		}
	}
	first := 0
	for first < len(b) && determiners[b[first].low] {
		first++
	}
	return agent != "" && first < len(b) && stem(strings.TrimSuffix(b[first].low, "'s")) == agent
}

// speakerWords are the speaker's "I" and its contractions, written with a
// capital anywhere.
var speakerWords = map[string]bool{"i": true, "i'm": true, "i've": true, "i'd": true, "i'll": true}
