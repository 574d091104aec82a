package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// statusDecided reads an incoming claim that a thing waiting for a
// decision got one: "Skilled Worker visa application submitted" / "VISA
// APPROVED!!!!"; "mortgage application in, waiting to hear" / "mortgage
// approved". What was pending is no longer so: the incoming claim
// supersedes. Both claims name the thing (one word both give, within
// statusReach words of the word of its state), it is pending in the
// existing claim and decided in the incoming one, and neither names a
// relative or another person the other does not ("Kemi's visa was
// approved").
func statusDecided(existing, incoming schema.Memory) (Decision, bool) {
	its, ok := saidAsDone(existing, incoming)
	ets := claimTokens(unlabelled(existing.Claim))
	if !ok || hasAny(ets, notWords) {
		return Decision{}, false
	}
	eThing := nearState(ets, pendingWords)
	iThing := nearState(its, decidedWords)
	if len(eThing) == 0 || len(iThing) == 0 || !samePeople(ets, its) {
		return Decision{}, false
	}
	for w := range eThing {
		if iThing[w] {
			return Decision{Supersedes, fmt.Sprintf("the %s was pending in the existing claim and is decided in the incoming one", w)}, true
		}
	}
	return Decision{}, false
}

// statusReach is how many words from the word of its state a thing may
// stand: "visa application submitted", "VISA APPROVED".
const statusReach = 3

// pendingWords say a thing waits for a decision.
var pendingWords = map[string]bool{"submitted": true, "applied": true, "pending": true, "lodged": true, "filed": true}

// decidedWords say a decision came.
var decidedWords = map[string]bool{"approved": true, "granted": true, "accepted": true, "rejected": true, "refused": true, "declined": true, "denied": true}

// nearState is the stems of the thing words within statusReach words
// before or after a word of states (not a name's, a generic noun or a
// function word), or nil.
func nearState(ts []ctok, states map[string]bool) map[string]bool {
	var out map[string]bool
	for k, t := range ts {
		if !states[t.low] {
			continue
		}
		for j := max(0, k-statusReach); j < min(len(ts), k+statusReach+1); j++ {
			w := strings.TrimSuffix(ts[j].low, "'s")
			s := stem(w)
			if j == k || !isWord(w) || len(w) < 3 || nearSkip[s] || genericStems[s] || notAThing(w) || states[w] || kinWords[w] || speakerWord(w) {
				continue
			}
			if out == nil {
				out = map[string]bool{}
			}
			out[s] = true
		}
	}
	return out
}

// samePeople: the relatives and other persons each claim names, and the
// names said with "'s", are the other's too.
func samePeople(a, b []ctok) bool {
	people := func(ts []ctok) map[string]bool {
		out := map[string]bool{}
		for _, t := range ts {
			w := strings.TrimSuffix(t.low, "'s")
			if kinWords[w] || otherPeople[stem(w)] || w != t.low && capitalised(t.raw) {
				out[w] = true
			}
		}
		return out
	}
	pa, pb := people(a), people(b)
	for w := range pa {
		if !pb[w] {
			return false
		}
	}
	for w := range pb {
		if !pa[w] {
			return false
		}
	}
	return true
}
