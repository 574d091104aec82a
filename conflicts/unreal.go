package conflicts

import (
	"github.com/persistmemory/persistmemory/schema"
	"slices"
	"strings"
)

// What a claim says that is not a fact of now: what would or could be ("a
// new fix would be about 4.6% if we remortgaged"), a change looked at and
// not made, what someone proposes, and the period a claim is scoped to.
// Compare relates such a claim to none that states what is.

// namedPeriod is the period a claim names with "this", "last" or "next"
// ("last year", "this term"), or "".
func namedPeriod(ts []ctok) string {
	for i := 0; i+1 < len(ts); i++ {
		if p := periodAt(ts[i].low, ts[i+1].low); p != "" {
			return p
		}
	}
	return ""
}

// periodAt is the period two words name ("this month", "last year", "next
// term"), or "".
func periodAt(w, next string) string {
	if (w == "this" || w == "last" || w == "next") && timeUnits[singular(next)] {
		return w + " " + singular(next)
	}
	return ""
}

// pastPeriod: the period is over ("last year").
func pastPeriod(p string) bool { return strings.HasPrefix(p, "last ") }

// hypothetical: the claim says what would or could be ("a new fix would
// be about 4.6% if we remortgaged", "the Pro plan would cost £20", "it'd be
// £300 in May"), not what is; "I would like" is a wish, read elsewhere.
func hypothetical(ts []ctok) bool {
	if consideredChange(ts) || proposal(ts) {
		return true
	}
	for i, t := range ts {
		if i+1 >= len(ts) {
			break
		}
		modal := t.low == "would" || t.low == "could" || t.low == "might" || strings.HasSuffix(t.low, "'d")
		switch ts[i+1].low {
		case "be", "cost", "come", "work", "take":
			if modal {
				return true
			}
		}
	}
	return false
}

// wouldBe: the claim says what would be (hypothetical), read in the
// clause that gives its value when it has one: "my brother Kyle lives in
// Denver, thinking about visiting him in September" says where Kyle
// lives; "a new fix would be about 4.6%" says what would be.
func wouldBe(m schema.Memory) bool {
	ts := claimTokens(m.Claim)
	var value []string
	for _, t := range claimTokens(m.Value) {
		value = append(value, t.low)
	}
	i := runAt(ts, value)
	if len(value) == 0 || i < 0 {
		return hypothetical(ts)
	}
	from, to := i, i+len(value)
	for from > 0 && !ts[from].brk {
		from--
	}
	for to < len(ts) && !ts[to].brk {
		to++
	}
	return hypothetical(ts[from:to])
}

// consideredChange: the claim tells of a change looked at, not made ("we
// looked at moving Ella to the Tuesday pack", "thought about switching to
// Octopus", "considered selling the car").
func consideredChange(ts []ctok) bool {
	for i := 0; i+2 < len(ts); i++ {
		w := ts[i].low
		opener := (w == "looked" || w == "thought" || w == "thinking" || w == "wondering" || w == "talked") && (ts[i+1].low == "at" || ts[i+1].low == "about" || ts[i+1].low == "into") ||
			w == "considered" || w == "considering"
		if !opener {
			continue
		}
		for j := i + 1; j < len(ts) && j <= i+3; j++ {
			if strings.HasSuffix(ts[j].low, "ing") && len(ts[j].low) > 4 {
				return true
			}
		}
	}
	return false
}

// proposalVerbs say what someone proposes, not what is: "the RFC suggests
// 7-day retention", "the consultant recommended 10mg".
var proposalVerbs = map[string]bool{"suggests": true, "suggested": true, "proposes": true, "proposed": true, "recommends": true, "recommended": true}

// proposal: the claim tells what someone proposes (proposalVerbs).
func proposal(ts []ctok) bool {
	return slices.ContainsFunc(ts, func(t ctok) bool { return proposalVerbs[t.low] })
}
