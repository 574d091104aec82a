package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A plan called off: "We've decided to move the studio to Easton from
// June" / "Actually the Easton move is off, the lease fell through"; "The
// Lisbon trip is on 3 May" / "The Lisbon trip has been cancelled". The
// plan stops holding; the claim that calls it off names it by the words of
// the plan.

// calledOffAttrs are the attributes the extractor gives a claim that a
// thing is called off ("is off", "has been cancelled", "fell through").
var calledOffAttrs = map[string]bool{
	"is off": true, "is cancelled": true, "is canceled": true, "was cancelled": true, "was canceled": true,
	"is called off": true, "was called off": true, "fell through": true, "is scrapped": true, "was scrapped": true,
}

// calledOff reports whether m says its subject, a thing and not a
// person, is called off, and nothing more ("Eli's off this Tuesday" is a
// day off). The thing is named in words written in lower case, or is a
// place or thing the plan names ("we're going to Kerry in August" /
// "kerry is off").
func calledOff(m, plan schema.Memory) bool {
	attr := strings.ToLower(m.Attribute)
	v := strings.ToLower(strings.TrimSpace(m.Value))
	if !(calledOffAttrs[attr] && v == "" || attr == "got" && (v == "called off" || v == "cancelled" || v == "canceled" || v == "scrapped")) {
		return false
	}
	return thingNamed(m) || placeOfPlan(m.Subject, plan)
}

// placeOfPlan: subject is the name of an entity of the plan that is not a
// person ("Kerry", "Porto").
func placeOfPlan(subject string, plan schema.Memory) bool {
	sk := strings.Join(key(subject), " ")
	if sk == "" {
		return false
	}
	for _, e := range plan.Entities {
		if e.Kind != schema.KindPerson && strings.Join(key(e.Name), " ") == sk {
			return true
		}
	}
	return false
}

// thingNamed: m's subject has a word written in lower case in its claim
// ("the Easton move", "our Lisbon trip"), so it names a thing, not only a
// person ("Eli").
func thingNamed(m schema.Memory) bool {
	for _, w := range strings.Fields(m.Subject) {
		if strings.Contains(m.Claim, " "+w+" ") || strings.Contains(m.Claim, " "+w+"'") {
			return true
		}
	}
	return false
}

// planned reports whether m is a plan: a decision, a commitment, or an
// event dated after it was said.
func planned(m schema.Memory) bool {
	switch m.Type {
	case schema.TypeDecision, schema.TypeCommitment:
		return true
	case schema.TypeEvent:
		return datedAfterSaid(m)
	}
	return false
}

// planCalledOff: incoming calls off the plan existing states, every word
// of what incoming calls off (its subject, "Easton move") being a word of
// the plan ("move the studio to … Easton"), in the same stem.
func planCalledOff(existing, incoming schema.Memory) (Decision, bool) {
	if !calledOff(incoming, existing) || !planned(existing) || incoming.Negated {
		return Decision{}, false
	}
	words := key(incoming.Subject)
	if len(words) == 0 {
		return Decision{}, false
	}
	plan := map[string]bool{}
	for _, w := range key(existing.Claim) {
		plan[stem(w)] = true
	}
	for _, w := range words {
		if !plan[stem(w)] {
			return Decision{}, false
		}
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim calls off %q, which the existing one planned", incoming.Subject)}, true
}
