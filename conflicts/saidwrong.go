package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A correction often names only the value it takes back and the one it
// gives: "committee meeting is set for nov 14 at 1pm" / "sorry I said the
// 14th, its the 18th (monday)". It says nothing of the meeting, so no slot
// or topic lines the two up; the value taken back does.

// saidWrongly decides such a pair as Supersedes: the incoming claim says
// "I said X" (or "I told you X", "I wrote X"), then "it's Y" (or "it is
// Y", "actually Y"), X and Y are one kind of value (a number, a day of the
// month, a word) and differ, and the existing claim gives X, not Y. ok is
// false otherwise.
func saidWrongly(existing, incoming schema.Memory) (Decision, bool) {
	b := claimTokens(unlabelled(incoming.Claim))
	x, y, ok := saidThenIs(b)
	if !ok {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	if !givesValue(a, x) || givesValue(a, y) {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim takes back %q, which the existing claim gives, for %q", x, y)}, true
}

// saidThenIs reads "I said X, it's Y": X and Y each one word after
// "the", in one form (an ordinal day "14th" read as "14").
func saidThenIs(ts []ctok) (x, y string, ok bool) {
	for i := 0; i+2 < len(ts); i++ {
		if ts[i].low != "i" || !saidVerbs[ts[i+1].low] {
			continue
		}
		k := i + 2
		if ts[k].low == "you" {
			k++
		}
		if k < len(ts) && ts[k].low == "the" {
			k++
		}
		if k >= len(ts) || valueKind(ts[k]) == "" {
			continue
		}
		x = dayOrWord(ts[k].low)
		for j := k + 1; j+1 < len(ts) && j <= k+4; j++ {
			switch ts[j].low {
			case "it's", "its", "actually", "it":
				m := j + 1
				if ts[j].low == "it" && ts[m].low == "is" {
					m++
				}
				if m < len(ts) && ts[m].low == "the" {
					m++
				}
				if m < len(ts) && valueKind(ts[m]) == valueKind(ts[k]) {
					if y = dayOrWord(ts[m].low); y != x {
						return x, y, true
					}
				}
				return "", "", false
			}
		}
	}
	return "", "", false
}

// saidVerbs say what the speaker said before.
var saidVerbs = map[string]bool{"said": true, "told": true, "wrote": true, "put": true, "typed": true}

// valueKind is the kind of value a correction may take back at t: "num"
// for a number or an ordinal day ("14th", "0.9.7"), "name" for a
// capitalised word that is no pronoun; "" for any other word ("I said no,
// it's too dear" takes back nothing).
func valueKind(t ctok) string {
	switch {
	case hasDigit(t.low):
		return "num"
	case capitalised(t.raw) && isWord(t.low) && t.low != "i" && !strings.HasPrefix(t.low, "i'") && persons[t.low] == "" && !topicDrop[t.low]:
		return "name"
	}
	return ""
}

// dayOrWord reads an ordinal day as its number ("14th" is "14").
func dayOrWord(w string) string {
	if ordinalDay(w) {
		return w[:len(w)-2]
	}
	return w
}

// givesValue: the claim has the value v as a word, or as a number in a
// date ("nov 14").
func givesValue(ts []ctok, v string) bool {
	for _, t := range ts {
		if t.low == v || dayOrWord(t.low) == v || strings.TrimSuffix(t.low, "'s") == v {
			return true
		}
	}
	return false
}
