package conflicts

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// otherHolder returns why two claims that look like two values of one
// slot are about two holders: one says what a person the other never
// names has or does, with nothing of the speaker's in its clause ("Ger
// is milking 200 cows now, more than double us"), the other what the
// speaker has or does ("milking 90 cows at the moment"). A person who
// takes the speaker's own thing ("Priya is my manager now") or is named
// in both is no other holder. "" when the claims are not so.
func otherHolder(existing, incoming schema.Memory) string {
	for _, p := range [2][2]schema.Memory{{existing, incoming}, {incoming, existing}} {
		other, own := p[0], p[1]
		if !isPersonSubject(other) || !speakersOwn(own) {
			continue
		}
		name := strings.ToLower(other.Subject)
		if strings.Contains(strings.ToLower(own.Claim), name) || firstPersonInClause(claimTokens(other.Claim)) {
			continue
		}
		return fmt.Sprintf("one claim is about %s, whom the other does not name; the other is the speaker's own", other.Subject)
	}
	return ""
}

// speakersOwn: a claim's subject is the speaker, said or left out
// ("milking 90 cows at the moment", naming no person).
func speakersOwn(m schema.Memory) bool {
	if speakerSubject(m) {
		return true
	}
	if m.Subject != "" {
		return false
	}
	for _, e := range m.Entities {
		if e.Kind == schema.KindPerson {
			return false // "As of today, Tomasz Wiśniewski is the lead"
		}
	}
	return true
}

// firstPersonInClause: the first clause of a claim has a word of the
// speaker's ("my", "our", "me", "us", "I", "we").
func firstPersonInClause(ts []ctok) bool {
	for i, t := range ts {
		if i > 0 && t.brk {
			return false
		}
		if p := persons[t.low]; p == "i" || p == "we" {
			return true
		}
	}
	return false
}
