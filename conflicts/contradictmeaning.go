package conflicts

import (
	"fmt"

	"github.com/persistmemory/persistmemory/schema"
)

// ContradictionMeaningSimilarity is the least cosine similarity of two
// claims' vectors (MeaningModel's passage vectors, as stored) at which
// ContradictionByMeaning reads two claims as giving one thing two values.
// Chosen on the read corpora of bench/engine, with ChangeMeaningSimilarity.
const ContradictionMeaningSimilarity = 0.80

// Two claims that give one thing two values are often said in words the
// rules cannot line up: "The only piano I own is a Yamaha U1 upright" /
// "My one piano is a Kawai K-300"; "Liam's football training is on
// Tuesdays" / "Liam trains with the under-10s once a week, every Thursday
// evening". Two plain claims close in meaning with other values are as
// often both true as not ("Mia's piano lesson is on Tuesdays" / "Mia's
// swimming lesson is on Thursdays"; the outbound flight and the return):
// on the read corpora, look-alikes outnumber contradictions at every
// similarity. What tells a contradiction is a claim that says its value is
// the only one (SaysOnly): "the only", "my one and only", "once a week",
// "both kids go to", "all of". None of the look-alikes of the read corpora
// said that.

// ContradictionByMeaning relates two claims the rules (Compare) and the
// readings by meaning before it (ByMeaning, ChangeByMeaning) left
// Unrelated: Contradicts when one of them says its value is the only one
// (SaysOnly), neither is worded as a change, neither was said clearly
// later than the other (LaterMargin: a value said again days later with
// no change word is a change the person did not call one, or a slip, and
// is left to the rules), their vectors are close (similarity at least
// ContradictionMeaningSimilarity), and nothing in their words says they
// are about other things or carry the same values (ContradictionApart).
// It never retires anything: both claims stay, and the person is shown
// them. ok is false when it decides nothing.
func ContradictionByMeaning(existing, incoming schema.Memory, similarity float64) (Decision, bool) {
	if !(similarity >= ContradictionMeaningSimilarity) {
		return Decision{}, false
	}
	if bothHold(existing, incoming) != "" {
		return Decision{}, false // not one thing's values (items.go)
	}
	if saidLater(existing, incoming) || saidLater(incoming, existing) {
		return Decision{}, false
	}
	if why := ContradictionApart(existing, incoming); why != "" {
		return Decision{}, false
	}
	return Decision{Contradicts, fmt.Sprintf("one claim says its value is the only one and the other gives another, said together (similarity %.3f, at least %.2f)", similarity, ContradictionMeaningSimilarity)}, true
}

// ContradictionApart says why two claims are not two values of one thing
// of which one says it is the only one, or "" when they may be. It reads
// words only, each claim both as the one that holds and as the other (so
// each must name what the other is said of), with the checks of
// ChangeApart but those of a change's wording; ContradictionByMeaning adds
// how close they are in meaning and when they were said.
func ContradictionApart(existing, incoming schema.Memory) string {
	a, b, why := framedApart(existing, incoming)
	if why != "" {
		return why
	}
	switch {
	case WordedAsChange(existing) || WordedAsChange(incoming):
		return "a claim is worded as a change"
	case !saysOnly(a) && !saysOnly(b):
		return "neither says its value is the only one"
	case instancesApart(a, b):
		return "they name two things of a kind"
	}
	if why := valuesApart(existing, incoming, existing, incoming, a, b, a, b, false); why != "" {
		return why
	}
	return valuesApart(existing, incoming, incoming, existing, a, b, b, a, false)
}

// SaysOnly: the claim says its value is the only one of its kind ("the
// only bike I own", "my one and only ISA", "once a week", "both kids go
// to", "all of our production").
func SaysOnly(m schema.Memory) bool { return saysOnly(claimTokens(unlabelled(m.Claim))) }

func saysOnly(ts []ctok) bool {
	for i, t := range ts {
		prev, next := "", ""
		if i > 0 && !t.brk {
			prev = ts[i-1].low
		}
		if i+1 < len(ts) && !ts[i+1].brk {
			next = ts[i+1].low
		}
		switch t.low {
		case "only":
			// not "not only", "if only", "only just"
			if prev != "not" && prev != "if" && next != "just" {
				return true
			}
		case "sole", "solely", "exclusively":
			return true
		case "everything":
			// "Everything runs in eu-west-1", not "there through
			// everything"
			if claimStart(ts, i) {
				return true
			}
		case "single":
			// "my single S&S ISA", not "a single room" or "I'm single"
			if possessives[prev] || prev == "one" {
				return true
			}
		case "once":
			// "once a week", "once per month"; not "once upon", "at once",
			// "at least once a week"
			if (next == "a" || next == "an" || next == "per" || next == "every" || next == "each") && !atLeast(ts, i) {
				return true
			}
		case "one":
			// "my one piano", "one and only"
			if next == "and" && i+2 < len(ts) && ts[i+2].low == "only" || possessives[prev] && next != "" && next != "of" {
				return true
			}
		case "both":
			// "both kids go to", "both of them"
			if next != "" && next != "and" {
				return true
			}
		case "all":
			if !allSaysLittle(prev, next) {
				return true
			}
		}
	}
	return false
}

// atLeast: a bound comes before token i ("at least once a week", "more
// than once a month"): other values are not ruled out.
func atLeast(ts []ctok, i int) bool {
	return i >= 2 && (ts[i-2].low == "at" && ts[i-1].low == "least" || ts[i-1].low == "than")
}

// allSaysLittle: "all" between these words says nothing of how many
// values there are ("at all", "all the time", "after all", "all day"), or
// says each of those named ("they're all three years old").
func allSaysLittle(prev, next string) bool {
	switch {
	case prev == "at" || prev == "after" || prev == "that's" || prev == "for" || allOf[prev]:
		return true
	case next == "" || next == "the" || next == "times" || next == "day" || next == "night" || next == "week" || next == "year" || next == "over" || next == "right" || next == "good" || next == "set" || next == "about" || next == "in" || next == "that":
		return true
	}
	return false
}

// instancesApart: the claims name one kind of thing with other words before
// it, each absent from the other claim ("Primary on-call pages" /
// "Secondary on-call", "the outbound flight" / "the return flight", "Mia's
// piano lesson" / "her swimming lesson"): two things of the kind, not two
// values of one. A name is a value, not a kind ("Oakfield Primary" /
// "Greenway Primary"), and so are the words that say a value is the only
// one ("the only bike" / "my bike").
func instancesApart(a, b []ctok) bool {
	sa, sb := stemsOf(a), stemsOf(b)
	for i := 1; i < len(a); i++ {
		w := stem(a[i].low)
		if topicDrop[a[i].low] || a[i].brk {
			continue
		}
		for j := 1; j < len(b); j++ {
			if b[j].brk || stem(b[j].low) != w {
				continue
			}
			pa, pb := a[i-1], b[j-1]
			if kindWord(a, i-1) && kindWord(b, j-1) && stem(pa.low) != stem(pb.low) && !sb[stem(pa.low)] && !sa[stem(pb.low)] {
				return true
			}
		}
	}
	return false
}

// kindWord: token i may say which thing of a kind is meant: a word of
// letters, no function word, no name (a capitalised word past the claim's
// start), and none that says a value is the only one.
func kindWord(ts []ctok, i int) bool {
	t := ts[i]
	switch {
	case !isWord(t.low) || topicDrop[t.low] || onlyWords[t.low]:
		return false
	case capitalised(t.raw) && !claimStart(ts, i):
		return false
	}
	return true
}

var onlyWords = map[string]bool{"only": true, "one": true, "single": true, "sole": true, "both": true, "all": true, "once": true}

func stemsOf(ts []ctok) map[string]bool {
	out := make(map[string]bool, len(ts))
	for _, t := range ts {
		out[stem(t.low)] = true
	}
	return out
}

// allOf: "all" after these says each of them, not the only value: "they're
// all three", "we all go".
var allOf = map[string]bool{"they": true, "they're": true, "we": true, "we're": true, "you": true, "you're": true, "them": true, "us": true, "these": true, "those": true}
