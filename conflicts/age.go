package conflicts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// An age only rises, by one a year: a claim said later that gives a lower
// age ("Dad's 72 this year" / "Dad will be 68 in October", said the next
// day), or more years than have passed, cannot be a change of it. Two such
// claims are a contradiction for the person to settle, unless one is worded
// as a correction.

// claimAge is the one age a claim gives: its slot's bare number when the
// claim says its subject is or turned it ("Grandson Sota is 7,
// granddaughter Hina is 4" is Sota's 7), else as byTopic reads it.
func claimAge(m schema.Memory) (float64, bool) {
	if m.Attribute == "is" || m.Attribute == "turned" || m.Attribute == "turns" {
		if n, ok := bareAge(m.Value); ok {
			return n, true
		}
	}
	c, ok := readTopic(m)
	if !ok || len(c.vals["quantity:age"]) != 1 {
		return 0, false
	}
	n, err := strconv.ParseFloat(c.vals["quantity:age"][0].key, 64)
	return n, err == nil
}

// yearLength is the year an age counts.
const yearLength = 365 * 24 * time.Hour

// impossibleAges decides two claims that give one thing's age when the
// later-said one cannot follow from the earlier: lower by more than one
// (one for "will be" against "is"), or higher by more than the years
// between them and one. ok is false when the ages may be one age grown
// older, or either claim gives none.
func impossibleAges(existing, incoming schema.Memory, about string) (Decision, bool) {
	ea, ok := claimAge(existing)
	if !ok {
		return Decision{}, false
	}
	ia, ok := claimAge(incoming)
	if !ok {
		return Decision{}, false
	}
	return agesApart(ea, ia, existing, incoming, about)
}

// agesApart is impossibleAges for the ages ea and ia the two claims give.
func agesApart(ea, ia float64, existing, incoming schema.Memory, about string) (Decision, bool) {
	if ea == ia {
		return Decision{}, false
	}
	te, ti := saidTime(existing), saidTime(incoming)
	if te.IsZero() || ti.IsZero() {
		return Decision{}, false
	}
	earlier, later, gap := ea, ia, ti.Sub(te)
	if gap < 0 {
		earlier, later, gap = ia, ea, -gap
	}
	years := float64(gap / yearLength)
	if later >= earlier-1 && later <= earlier+years+1 {
		return Decision{}, false
	}
	if saysWrong(existing.Claim) || saysWrong(incoming.Claim) {
		return Decision{}, false // "sorry, she's 68, not 72": a correction decides as corrections do
	}
	return Decision{Contradicts, fmt.Sprintf("%s; the age %s, then %s %s: an age cannot have become that, so one of them is wrong", about, trimNumber(earlier), trimNumber(later), spoken(gap))}, true
}

// trimNumber writes an age without a needless fraction.
func trimNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// spoken says when the later of two claims came: together (under an
// hour), in whole hours under two days, else in whole days.
func spoken(d time.Duration) string {
	switch {
	case d < time.Hour:
		return "said together"
	case d < 48*time.Hour:
		return fmt.Sprintf("said %d hours later", int(d/time.Hour))
	}
	return fmt.Sprintf("said %d days later", int(d/(24*time.Hour)))
}

// saidTime is when a claim was said (SaidAt, else RecordedAt).
func saidTime(m schema.Memory) time.Time {
	if m.SaidAt != nil && !m.SaidAt.IsZero() {
		return *m.SaidAt
	}
	return m.RecordedAt
}

// wrongWords say a claim puts right what was said before, not that a thing
// changed: "actually", "sorry", "I meant", "not 72".
var wrongWords = map[string]bool{"actually": true, "sorry": true, "meant": true, "correction": true, "wrong": true, "mistake": true, "not": true, "typo": true, "misspoke": true}

// saysWrong: the claim is worded as a correction of what was said (wrongWords).
func saysWrong(claim string) bool {
	for _, w := range strings.Fields(strings.ToLower(claim)) {
		if wrongWords[strings.Trim(w, ".,!?;:()\"'")] {
			return true
		}
	}
	return false
}

// agesOfOne decides two claims that give one person's age in other
// shapes ("Magda is 41 now" / "Magda turns 38 on 14 October"; "my
// brother Ger is 52" / "Ger's 49th is next month") as impossibleAges
// does; ok is false unless both give an age of one subject called by its
// name in both.
func agesOfOne(existing, incoming schema.Memory) (Decision, bool) {
	se, si := ageHolder(existing), ageHolder(incoming)
	if se == "" || se != si || !namedIn(se, existing.Claim) || !namedIn(si, incoming.Claim) {
		// "my son is 8" / "my son turns 5 next week": two sons, perhaps
		return Decision{}, false
	}
	return impossibleAges(existing, incoming, fmt.Sprintf("both claims give the age of %q", se))
}

// ageHolder is whose age a claim may give: its subject, or the subject's
// last word when that is a name ("husband ramon" is Ramon), or with no
// subject a name that opens the claim before an age's verb ("Ramon
// turning 43 next month").
func ageHolder(m schema.Memory) string {
	k := key(m.Subject)
	switch {
	case len(k) > 1 && namedIn(k[len(k)-1], m.Claim) && kinWords[k[0]]:
		return k[len(k)-1]
	case len(k) > 0:
		return strings.Join(k, " ")
	}
	ts := claimTokens(unlabelled(m.Claim))
	if len(ts) > 2 && capitalised(ts[0].raw) && isWord(ts[0].low) && (ts[1].low == "turning" || ts[1].low == "turns") {
		return ts[0].low
	}
	return ""
}

// namedIn: subject is a name, written with a capital in claim ("Magda",
// "Ger's"), not a relation ("my son") or the speaker.
func namedIn(subject, claim string) bool {
	for _, t := range claimTokens(claim) {
		if strings.TrimSuffix(t.low, "'s") == strings.ToLower(subject) && capitalised(t.raw) {
			return true
		}
	}
	return false
}

// statedAges decides, as impossibleAges does, two claims whose slots give
// one person's age: the same subject, the speaker or a person both claims
// name, is a whole number of years ("Tom (41) is over in Brisbane" /
// "Can't believe he's 44", read as "tom is 41" and "tom is 44"; "I'm
// Yoshiko, 67" / "as a 70-year-old I shouldn't climb ladders").
func statedAges(existing, incoming schema.Memory) (Decision, bool) {
	if existing.Subject == "" || existing.Subject != incoming.Subject || existing.Attribute != "is" || incoming.Attribute != "is" || existing.Negated || incoming.Negated {
		return Decision{}, false
	}
	ea, ok := bareAge(existing.Value)
	if !ok {
		return Decision{}, false
	}
	ia, ok := bareAge(incoming.Value)
	if !ok || existing.Subject != "user" && !(personNamed(existing) && personNamed(incoming)) {
		return Decision{}, false
	}
	about := fmt.Sprintf("both claims give the age of %q", existing.Subject)
	if d, ok := agesApart(ea, ia, existing, incoming, about); ok {
		return d, true
	}
	if ia > ea && saidLater(incoming, existing) && !datedAfterSaid(incoming) && !datedAfterSaid(existing) {
		// "Tom (41) is over in Brisbane" / months later "Can't believe
		// he's 42 now": the age one is now
		return Decision{Supersedes, fmt.Sprintf("%s; the age %s, then %s said later: a year older", about, trimNumber(ea), trimNumber(ia))}, true
	}
	return Decision{}, false
}

// bareAge reads a value that is an age alone: a whole number from 1 to
// maxStatedAge.
func bareAge(v string) (float64, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	return float64(n), err == nil && n >= 1 && n <= maxStatedAge
}

// maxStatedAge is the oldest age statedAges reads.
const maxStatedAge = 110

// personNamed: the claim names its subject as a person.
func personNamed(m schema.Memory) bool { return personIn(m, m.Subject) }

// personIn: the memory's entities give name as a person's.
func personIn(m schema.Memory, name string) bool {
	return slices.ContainsFunc(m.Entities, func(e schema.Mention) bool {
		return e.Kind == schema.KindPerson && strings.EqualFold(e.Name, name)
	})
}

// datedAfterSaid: the claim holds from after it was said ("Leo is 5 next
// month").
func datedAfterSaid(m schema.Memory) bool {
	said := saidTime(m)
	return m.ValidFrom != nil && !said.IsZero() && m.ValidFrom.After(said)
}
