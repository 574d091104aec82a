package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A thing set for a date is often put off in a word of its own, the new
// date said beside it and the thing called by a short name: "my
// qualificação is set for 20 August" / "quali got postponed, one of the
// external members has a conference … new date is 10 September".

// postponedTo decides such a pair as Supersedes: the incoming claim says
// the thing was postponed, delayed or rescheduled and gives a date; the
// existing claim dates the thing to a day still ahead when the incoming
// claim was said, and another day; and the incoming claim's subject is a
// word of the existing claim, or the start of one ("quali" of
// "qualificação"), of four letters or more.
func postponedTo(existing, incoming schema.Memory) (Decision, bool) {
	if existing.ValidFrom == nil || !existing.ValidFrom.After(saidTime(incoming)) || incoming.Subject == "" || incoming.Subject == "user" || incoming.Negated {
		return Decision{}, false
	}
	b := claimTokens(unlabelled(incoming.Claim))
	if !slices.ContainsFunc(b, func(t ctok) bool { return postponedWords[t.low] }) {
		return Decision{}, false
	}
	ic, ok := readTopic(incoming)
	if !ok || len(ic.vals["date"]) != 1 {
		return Decision{}, false
	}
	ec, ok := readTopic(existing)
	if !ok || len(ec.vals["date"]) != 1 || ec.vals["date"][0].key == ic.vals["date"][0].key {
		return Decision{}, false
	}
	a := claimTokens(unlabelled(existing.Claim))
	for _, w := range strings.Fields(incoming.Subject) {
		if len([]rune(w)) < 4 || topicDrop[w] {
			continue
		}
		if qualifiersApart(a, b, []string{stem(w)}) {
			return Decision{}, false // "the house insurance renews" / "car insurance renewal pushed back"
		}
		if slices.ContainsFunc(a, func(t ctok) bool { return t.low == w || clippedFrom(w, t.low) }) {
			return Decision{Supersedes, fmt.Sprintf("the incoming claim says the %s was postponed from %s to %s", w, ec.vals["date"][0].key, ic.vals["date"][0].key)}, true
		}
	}
	return Decision{}, false
}

// postponedWords put a thing off to another date.
var postponedWords = map[string]bool{"postponed": true, "delayed": true, "rescheduled": true, "pushed": true}
