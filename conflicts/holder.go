package conflicts

import (
	"fmt"
	"slices"
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
		if strings.Contains(strings.ToLower(own.Claim), name) || firstPersonInClause(claimTokens(other.Claim)) || speakerActsLater(claimTokens(other.Claim)) {
			continue
		}
		return fmt.Sprintf("one claim is about %s, whom the other does not name; the other is the speaker's own", other.Subject)
	}
	return ""
}

// speakerActsLater: after the first clause, the speaker is the subject
// of one: "Raj wants full regression before Friday's release, … so I've
// increased mum's money to £200 a month" says what the speaker did.
func speakerActsLater(ts []ctok) bool {
	later := false
	for i, t := range ts {
		later = later || i > 0 && t.brk
		if later && subjectPronounsOfSpeaker[t.low] {
			return true
		}
	}
	return false
}

// subjectPronounsOfSpeaker say the speaker as the subject of a clause.
var subjectPronounsOfSpeaker = map[string]bool{"i": true, "i've": true, "i'm": true, "i'll": true, "i'd": true, "we": true, "we've": true, "we're": true}

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

// ownersApart returns why two claims are about one thing of two owners:
// one says "my" or "our" of a word the other gives as someone's ("my
// bedtime alarm is set for 10:30pm" / "leo's bedtime is 8pm now"). ""
// when they are not so.
func ownersApart(existing, incoming schema.Memory) string {
	ets, its := claimTokens(existing.Claim), claimTokens(incoming.Claim)
	for _, p := range [2][2][]ctok{{ets, its}, {its, ets}} {
		mine, theirs := p[0], p[1]
		for i := 1; i < len(mine); i++ {
			if o := mine[i-1].low; o != "my" && o != "our" {
				continue
			}
			for j := 1; j < len(theirs); j++ {
				if stem(theirs[j].low) != stem(mine[i].low) {
					continue
				}
				if owner, ok := strings.CutSuffix(theirs[j-1].low, "'s"); ok && owner != "" && !notOwners[owner] && !strings.Contains(strings.ToLower(p[0][0].raw+" "), owner+" ") {
					return fmt.Sprintf("one claim gives %q as the speaker's, the other as %s's", mine[i].low, owner)
				}
			}
		}
	}
	return ""
}

// notOwners end in "'s" without owning what follows: "it's", "that's".
var notOwners = map[string]bool{
	"it": true, "that": true, "there": true, "what": true, "who": true, "he": true, "she": true, "here": true,
	"where": true, "how": true, "let": true, "today": true, "tonight": true, "tomorrow": true, "yesterday": true,
	"everyone": true, "everybody": true, "one": true, "user": true,
}

// partAndWhole returns why one claim gives an amount of a part of what the
// other gives it of ("the italy trip is 10 days in total" / "the rome
// leg of the trip is now 4 days"; "the course is 30 hours" / "the
// practical module of the course is now 12 hours"): "" when neither
// names a part of a thing the other names whole.
func partAndWhole(existing, incoming schema.Memory) string {
	ets, its := claimTokens(existing.Claim), claimTokens(incoming.Claim)
	for _, p := range [2][2][]ctok{{ets, its}, {its, ets}} {
		part, whole := p[0], p[1]
		for i := 0; i+3 < len(part); i++ {
			if !partNouns[part[i].low] || part[i+1].low != "of" {
				continue
			}
			k := i + 2
			if determiners[part[k].low] || possessives[part[k].low] {
				k++
			}
			if k >= len(part) {
				continue
			}
			thing := stem(part[k].low)
			if slices.ContainsFunc(whole, func(t ctok) bool { return stem(t.low) == thing }) && !slices.ContainsFunc(whole, func(t ctok) bool { return t.low == part[i].low }) {
				return fmt.Sprintf("one claim is about the %s of the %s, the other about the whole", part[i].low, part[k].low)
			}
		}
	}
	return ""
}

// partNouns name a part of a thing: "the Rome leg of the trip".
// ("part", "half" and "rest" are not among them: "half of the rent is
// mine" is said of the whole as often as of a part.)
var partNouns = map[string]bool{
	"leg": true, "portion": true, "section": true, "module": true, "stage": true, "stretch": true, "phase": true,
}
