package conflicts

import (
	"fmt"
	"strings"
)

// A claim told later may say what held before now: "I used to drive a
// Corsa", "Before Octopus we were with EDF", "Back when we moved in, the
// broadband was 35 Mbps". Such a claim is read with its past marked
// (topicClaim.past): the present claim it meets supersedes it
// (SupersededBy), and it is never a twin of the present.

// priorValue decides a pair whose incoming claim is dated by the existing
// claim's one name ("We're with Octopus" / "Before Octopus we were with
// EDF") and gives one name of its own: what held before it.
func priorValue(e, i topicClaim) (Decision, bool) {
	if len(i.before) != 1 || e.past {
		return Decision{}, false
	}
	var ev typedValue
	n := 0
	for t, vs := range e.vals {
		if nameTypes[t] {
			for _, v := range vs {
				ev, n = v, n+1
			}
		}
	}
	if n != 1 || !sameName("name", ev.key, i.before[0].key) {
		return Decision{}, false
	}
	var nv typedValue
	n = 0
	for t, vs := range i.vals {
		if nameTypes[t] {
			for _, v := range vs {
				nv, n = v, n+1
			}
		}
	}
	if n != 1 || sameName("name", nv.key, ev.key) {
		return Decision{}, false
	}
	return Decision{SupersededBy, fmt.Sprintf("the incoming claim says what held before %q: %q", ev.key, nv.key)}, true
}

// pastOpeners open a claim about a time before now: "back when", "before
// Octopus", "when we lived in Salford", "up until last spring",
// "originally".
var pastOpeners = map[string]bool{"back": true, "before": true, "when": true, "until": true, "till": true, "up": true,
	"originally": true, "previously": true, "formerly": true}

// pastVerbs say the main clause is in the past.
var pastVerbs = map[string]bool{"was": true, "were": true, "had": true, "went": true, "did": true, "lived": true,
	"worked": true, "drove": true, "took": true, "paid": true, "got": true, "used": true}

// pastOpening returns where an opening that dates the claim before now
// ends (pastOpeners), when the clause after it is in the past tense (a
// "was", "had", "went"): "Back when she first started, Maya was in the
// under-8s". ok is false otherwise; "when I'm in town, I ..." is not.
func pastOpening(ts []ctok) (int, bool) {
	if len(ts) < 3 || !pastOpeners[ts[0].low] {
		return 0, false
	}
	switch ts[0].low {
	case "back":
		if w := ts[1].low; w != "when" && w != "in" && w != "then" {
			return 0, false
		}
	case "up":
		if ts[1].low != "until" && ts[1].low != "till" {
			return 0, false
		}
	case "when":
		if !subjectPronouns[ts[1].low] || len(ts) < 3 || !pastVerbs[ts[2].low] && !strings.HasSuffix(ts[2].low, "ed") {
			return 0, false // "when we lived in Salford", not "when I'm in town"
		}
	}
	end := 1
	if ts[0].low != "originally" && ts[0].low != "previously" && ts[0].low != "formerly" {
		end = 0
		for k := 2; k < len(ts) && k <= 10; k++ {
			// ("back when she started" has a clause of its own; "before
			// Octopus we were" ends at its pronoun)
			if ts[k].brk || (subjectPronouns[ts[k].low] || possessives[ts[k].low]) && (k > 2 || ts[0].low == "before") {
				end = k
				break
			}
		}
		if end == 0 {
			return 0, false
		}
	}
	for _, t := range ts[end:] {
		if pastVerbs[t.low] {
			return end, true
		}
	}
	return 0, false
}

// usedTo returns where "used to" says a past habit or state ("I used to
// drive", "my commute used to be"), or -1; "I'm used to it" and "got used
// to" are not.
func usedTo(ts []ctok) int {
	for i := 0; i+2 < len(ts); i++ {
		if ts[i].low != "used" || ts[i+1].low != "to" || !isWord(ts[i+2].low) {
			continue
		}
		if i > 0 && (isCopula(ts[i-1].low) || ts[i-1].low == "got" || ts[i-1].low == "get" || ts[i-1].low == "getting" || strings.HasSuffix(ts[i-1].low, "'m") || strings.HasSuffix(ts[i-1].low, "'re")) {
			continue
		}
		return i
	}
	return -1
}
