package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A move of home is told in many verbs the slots do not line up with:
// "I rent a two-bedroom apartment in Red Deer" / "Moved into a townhouse
// in Lacombe", "Dad lives on his own in Medicine Hat" / "Dad moved into
// assisted living in Lethbridge".
//
// movedHomeTo reads the incoming claim as retiring the existing one
// (Supersedes) when the existing claim says where its subject lives or
// rents, the incoming one, said no earlier, that the same subject moved
// into, across or over to a place, and the places they name (capitalised
// words in their values) share none. A plan ("we're moving to"), a
// question, or someone else's move is not.
func movedHomeTo(existing, incoming schema.Memory) (Decision, bool) {
	if saidTime(incoming).Before(saidTime(existing)) || asks(incoming.Claim) {
		return Decision{}, false
	}
	if !(existing.Subject == incoming.Subject || speakerSubject(existing) && speakerSubject(incoming)) || existing.Subject == "" {
		return Decision{}, false
	}
	if !homeAttribute(existing.Attribute) || !movedAttribute(incoming.Attribute) {
		return Decision{}, false
	}
	its := claimTokens(incoming.Claim)
	if hypothetical(its) || hasAny(its, tentative) || hasAny(its, futureWords) {
		return Decision{}, false
	}
	if with, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(incoming.Value)), "with "); ok && with != "" {
		// "Jonas has moved in with me for good" / "Jonas lives with his
		// mother in Sandnes": whom they live with now
		had := strings.Fields(strings.ToLower(existing.Value))
		for _, w := range strings.Fields(with) {
			if slices.Contains(had, w) {
				return Decision{}, false // "moved in with us" of one who lives with us
			}
		}
		return Decision{Supersedes, fmt.Sprintf("where %s lives: %q, and the incoming claim says they moved in %q", existing.Subject, existing.Value, incoming.Value)}, true
	}
	ep, ip := placesIn(existing.Value), placesIn(incoming.Value)
	if len(ep) == 0 || len(ip) == 0 {
		return Decision{}, false
	}
	for w := range ip {
		if ep[w] {
			return Decision{}, false // "moved into a bigger flat in Leeds"
		}
	}
	return Decision{Supersedes, fmt.Sprintf("where %s lives: %q, and the incoming claim says they moved: %q", existing.Subject, existing.Value, incoming.Value)}, true
}

// homeAttribute reports whether an attribute says where one lives.
func homeAttribute(a string) bool {
	switch a {
	case "lives in", "lives on", "lives at", "lives", "rents", "is living in", "rents in", "lives with":
		return true
	}
	return false
}

// movedAttribute reports whether an attribute says one moved home into
// a place: "moved into", "moved across", "moved over to"; not "moved out
// of", which says only where one left.
func movedAttribute(a string) bool {
	switch a {
	case "moved into", "moved across", "moved over", "moved over to", "moved back to", "moved in", "moved to", "moves in", "has moved in":
		return true
	}
	return false
}

// placesIn returns the capitalised words of a value, lower-cased: the
// places it names.
func placesIn(v string) map[string]bool {
	out := map[string]bool{}
	for _, t := range claimTokens(v) {
		if capitalised(t.raw) && isWord(t.low) {
			out[t.low] = true
		}
	}
	return out
}
