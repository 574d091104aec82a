package conflicts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A person telling how things were often dates when the present value
// began: "Niamh is a nurse in Cork University Hospital" / months later
// "when we got married Niamh was still nursing in Tralee, she only moved to
// CUH in 2010"; "Emeka works at Access Bank" / "when I met Emeka he was at
// GTBank, he only moved to Access in 2019". The incoming claim is the older
// state: it says what held before the existing claim's value.

// movedThereIn decides such a pair as SupersededBy: the incoming claim
// says a move, switch or start to a name in a past year ("moved to CUH in
// 2010"), worded as told after the fact ("only", "still", "when", "before"),
// with what held before ("was still nursing in Tralee"), and the existing
// claim, which is not itself about the past, names that
// name (whole, by its first word, or by its initials). ok is false
// otherwise, or when the incoming claim names a person the existing one
// does not.
func movedThereIn(existing, incoming schema.Memory) (Decision, bool) {
	b := claimTokens(unlabelled(incoming.Claim))
	if !hasAny(b, toldAfterWords) || !saysOlderState(b) {
		return Decision{}, false
	}
	name, ok := movedToInYear(b, saidTime(incoming).Year())
	if !ok {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	if usedTo(a) >= 0 || hasAny(a, pastVerbsOfState) || !namesIn(a, name) {
		return Decision{}, false
	}
	if n := leadPerson(b); n != "" && !slices.ContainsFunc(a, func(x ctok) bool { return strings.TrimSuffix(x.low, "'s") == n }) {
		return Decision{}, false // another person's move
	}
	return Decision{SupersededBy, fmt.Sprintf("the incoming claim says %q began only in a past year, and what held before it; the existing claim gives it as now", strings.Join(name, " "))}, true
}

// saysOlderState: the claim gives what held before, not only when the
// present began: "was still nursing in Tralee", "we were still in
// Surulere", "before that he was at GTBank", "he was at GTBank". ("he only moved to Access in
// 2019" alone dates the start of what the other claim says, and retires
// nothing.)
func saysOlderState(ts []ctok) bool {
	for i, t := range ts {
		if (t.low == "was" || t.low == "were") && i+1 < len(ts) && ts[i+1].low == "still" {
			return true
		}
		if t.low == "before" && i+1 < len(ts) && ts[i+1].low == "that" {
			return true
		}
		if (t.low == "was" || t.low == "were") && i+2 < len(ts) && wasAtPreps[ts[i+1].low] && nameWord(ts[i+2]) {
			return true // "when I met Emeka he was at GTBank"
		}
	}
	return false
}

// wasAtPreps put a person at a place or with an employer.
var wasAtPreps = map[string]bool{"at": true, "in": true, "with": true}

// toldAfterWords say a claim tells how things were, after the fact.
var toldAfterWords = map[string]bool{"only": true, "still": true, "when": true, "before": true, "until": true}

// pastVerbsOfState say the existing claim is itself about the past.
var pastVerbsOfState = map[string]bool{"was": true, "were": true, "used": true, "lived": true, "worked": true}

// movedToInYear reads "moved to NAME in YEAR" (or "switched", "went",
// "started at"): the name (a run of capitalised words, or two or three
// words after "the", "our" or "my") and a year before now (the year the
// claim was said).
func movedToInYear(ts []ctok, now int) ([]string, bool) {
	for i, t := range ts {
		if !startedAtVerbs[t.low] || i+2 >= len(ts) || ts[i+1].low != "to" && ts[i+1].low != "at" {
			continue
		}
		k := i + 2
		definite := ts[k].low == "the" || ts[k].low == "our" || ts[k].low == "my"
		if definite {
			k++
		}
		var name []string
		for k < len(ts) && capitalised(ts[k].raw) && isWord(ts[k].low) && !(len(name) > 0 && ts[k].brk) {
			name = append(name, ts[k].low)
			k++
		}
		if len(name) == 0 && definite {
			// "we only moved to the new building in 2023": a definite
			// place of two or three words stands for its name
			for k < len(ts) && len(name) < 3 && isWord(ts[k].low) && ts[k].low != "in" && !(len(name) > 0 && ts[k-1].brk) {
				name = append(name, ts[k].low)
				k++
			}
			if len(name) < 2 {
				name = nil
			}
		}
		if len(name) == 0 || k+1 >= len(ts) || ts[k].low != "in" {
			continue
		}
		if w := ts[k+1].low; yearWord(w) {
			if y, err := strconv.Atoi(w); err == nil && y < now {
				return name, true
			}
		}
	}
	return nil, false
}

// startedAtVerbs move or start a person at a place.
var startedAtVerbs = map[string]bool{"moved": true, "switched": true, "went": true, "started": true, "transferred": true, "joined": false}

// namesIn: the claim names name: the same words in a row, a longer name
// it begins ("Access" of "Access Bank"), or a name whose initials it is
// ("CUH" of "Cork University Hospital").
func namesIn(ts []ctok, name []string) bool {
	if containsRun(ts, name) {
		return true
	}
	var run []string
	flush := func() bool {
		ok := len(run) > len(name) && slices.Equal(run[:len(name)], name) || acronymOf(name, run)
		run = run[:0]
		return ok
	}
	for i, t := range ts {
		if i > 0 && capitalised(t.raw) && isWord(t.low) && !(len(run) > 0 && t.brk) {
			run = append(run, t.low)
			continue
		}
		if flush() {
			return true
		}
	}
	return flush()
}

// leadPerson is the person a claim about a move names: a capitalised
// word before "was", "is", "has", "had" or "got" ("Niamh was still
// nursing"), or after "met" ("when I met Emeka"); "" when none.
func leadPerson(ts []ctok) string {
	for i, t := range ts {
		if i == 0 && !(i+1 < len(ts) && personVerbs[ts[i+1].low]) || !nameWord(t) {
			continue
		}
		if i+1 < len(ts) && personVerbs[ts[i+1].low] || i > 0 && ts[i-1].low == "met" {
			return strings.TrimSuffix(t.low, "'s")
		}
	}
	return ""
}

// personVerbs follow a person's name in a claim that tells of them.
var personVerbs = map[string]bool{"was": true, "is": true, "has": true, "had": true, "got": true}
