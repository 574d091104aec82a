package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A rename retires a name: "billing-core has been renamed to
// ledger-service" / "the invoicing repo is called billing-core"; "we
// renamed the default branch to main" / "the repo's default branch is
// master". renamedFrom reads what was renamed (the object of "renamed",
// or the subject of "has been renamed") and its new name, and retires a
// stored claim that names the old thing, every word of it:
//
//   - by its old name ("billing-core"): the stored claim's value has it;
//   - by what it is ("the default branch"): the stored claim's subject
//     and attribute end in it ("the repo's default branch"), so the claim
//     gives its name; "we renamed the repo" says nothing of the repo's
//     branch.
//
// The new name must not be in the stored claim already, and the stored
// claim must not be the later one.
func renamedFrom(existing, incoming schema.Memory) (Decision, bool) {
	if existing.Negated || incoming.Negated || clearlyLater(existing, incoming) {
		return Decision{}, false
	}
	ts := claimTokens(incoming.Claim)
	r := -1
	for i, t := range ts {
		if t.low == "renamed" || t.low == "rename" || t.low == "renaming" {
			r = i
			break
		}
	}
	if r < 0 {
		return Decision{}, false
	}
	to := -1
	for k := r + 1; k < len(ts) && k <= r+6; k++ {
		if ts[k].low == "to" || ts[k].low == "as" {
			to = k
			break
		}
	}
	if to < 0 || to+1 >= len(ts) {
		return Decision{}, false
	}
	old := renameWords(ts[r+1 : to])
	if len(old) == 0 {
		// "billing-core has been renamed to": the subject
		s := r
		for s > 0 && (ts[s-1].low == "been" || ts[s-1].low == "has" || ts[s-1].low == "have" || ts[s-1].low == "was" || ts[s-1].low == "is" || ts[s-1].low == "got") {
			s--
		}
		start := s
		for start > 0 && !ts[start].brk {
			start--
		}
		old = renameWords(ts[start:s])
	}
	end := to + 1
	for end < len(ts) && !ts[end].brk && end < to+4 {
		end++
	}
	name := renameWords(ts[to+1 : end])
	if len(old) == 0 || len(name) == 0 {
		return Decision{}, false
	}
	stored := map[string]bool{}
	for _, t := range claimTokens(existing.Claim) {
		stored[stem(t.low)] = true
	}
	value := renameWords(claimTokens(existing.Value))
	subject := renameWords(claimTokens(existing.Subject + " " + existing.Attribute))
	byName := len(value) > 0 && allIn(old, value)
	byWhat := len(subject) > 0 && allIn(old, subject) && subject[len(subject)-1] == old[len(old)-1]
	if !byName && !byWhat {
		// "we renamed the repo" says nothing of "the repo's default branch"
		return Decision{}, false
	}
	fresh := false
	for _, w := range name {
		fresh = fresh || !stored[w]
	}
	if !fresh {
		return Decision{}, false // the stored claim already gives the new name
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim renames %q, which the existing claim names, to %q", strings.Join(old, " "), strings.Join(name, " "))}, true
}

// renameWords are the normal forms of the content words of a span.
func renameWords(ts []ctok) []string {
	var out []string
	for _, t := range ts {
		if hasLetter(t.low) && !determiners[t.low] && !topicDrop[t.low] || hasDigit(t.low) {
			out = append(out, stem(t.low))
		}
	}
	return out
}
