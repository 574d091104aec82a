package conflicts

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/persistmemory/persistmemory/schema"
)

// A learner's level rises over time and holds one value at a time: "A1.1
// at the Goethe-Institut" / "passed the A1 exam!! I'm in A2 now" / "the
// teacher moved me up to B1"; "At the club I am 2-dan" / "Promoted to
// 3-dan at the club!". A level reached later replaces the one before.

// levelsRose decides such a pair as Supersedes: both claims hold the
// speaker at a level of one scale (the CEFR's A1–C2, or dan and kyu), the
// incoming claim's is higher and said later, neither is a plan or a
// target ("aiming for B2 by summer", "registered for the B1 exam"), and
// the claims name no other language or person. Levels of one band ("A1" /
// "A1.1") and a lower level said later (another course) decide nothing.
func levelsRose(existing, incoming schema.Memory) (Decision, bool) {
	a, b := claimTokens(unlabelled(existing.Claim)), claimTokens(unlabelled(incoming.Claim))
	le, ok := heldLevel(a)
	if !ok {
		return Decision{}, false
	}
	li, ok := heldLevel(b)
	if !ok || le.scale != li.scale || li.rank <= le.rank || clearlyLater(existing, incoming) {
		return Decision{}, false
	}
	if la, lb := languagesIn(a), languagesIn(b); len(la) > 0 && len(lb) > 0 && !slices.Equal(la, lb) || peopleApart(a, b) {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the level %s, then %s reached later: one holds one level at a time", le.text, li.text)}, true
}

// level is a level on a scale, with a rank that orders it.
type level struct {
	scale, text string
	rank        int
}

// cefrOf matches w against cefr, after a check of its first letter and
// length: most words of most claims are none.
func cefrOf(w string) []string {
	if len(w) < 2 || len(w) > 4 || w[0] < 'a' || w[0] > 'c' {
		return nil
	}
	return cefr.FindStringSubmatch(w)
}

// cefr matches a CEFR level, with a sub-level: "a1", "b2", "a1.1".
var cefr = regexp.MustCompile(`^([abc])([12])(?:\.\d)?$`)

// heldLevel is the highest level a claim holds the speaker at: one after
// a word of holding or reaching ("in A2", "I'm 2-dan", "moved me up to
// B1", "passed the A1 exam", "promoted to 3-dan"). A claim of a plan or a
// target holds none.
func heldLevel(ts []ctok) (level, bool) {
	if hasAny(ts, wishWords) || hasAny(ts, targetWords) || hasAny(ts, levelPlanWords) {
		return level{}, false
	}
	best, found := level{}, false
	for i, t := range ts {
		var l level
		if m := cefrOf(t.low); m != nil {
			// "A1.1" is inside A1 and ranks as its band: whether it is
			// below a whole "A1" the words do not say
			l = level{scale: "cefr", text: t.raw, rank: int(m[1][0]-'a')*20 + int(m[2][0]-'1')*10}
		} else if n, err := strconv.Atoi(t.low); err == nil && i+1 < len(ts) && (ts[i+1].low == "dan" || ts[i+1].low == "kyu") && n > 0 && n < 40 {
			l = level{scale: "dan", text: t.raw + "-" + ts[i+1].low, rank: 100 + n}
			if ts[i+1].low == "kyu" {
				l.rank = 100 - n
			}
		} else {
			continue
		}
		if !levelHeld(ts, i) {
			continue
		}
		if !found || l.rank > best.rank {
			best, found = l, true
		}
	}
	return best, found
}

// levelHeld: the level at i follows a word of holding or reaching
// (levelVerbs) across at most four words of levelSkip ("moved me up to
// B1"), or opens the claim.
func levelHeld(ts []ctok, i int) bool {
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		switch w := ts[k].low; {
		case levelSkip[w]:
			continue
		case levelVerbs[w]:
			return true
		default:
			return false
		}
	}
	return claimStart(ts, i) // "A1.1 at the Goethe-Institut"
}

// levelVerbs hold or bring the speaker to a level.
var levelVerbs = map[string]bool{
	"in": true, "am": true, "i'm": true, "im": true, "passed": true, "promoted": true, "reached": true,
	"got": true, "achieved": true, "moved": true, "now": true, "into": true, "at": true, "doing": true,
}

// levelSkip stand between such a word and the level.
var levelSkip = map[string]bool{"the": true, "to": true, "my": true, "a": true, "up": true, "me": true, "level": true, "officially": true}

// levelPlanWords say a level is a plan, a target or an exam to come.
var levelPlanWords = map[string]bool{
	"aiming": true, "aim": true, "goal": true, "registered": true, "signed": true, "next": true, "will": true,
	"going": true, "plan": true, "planning": true, "need": true, "needs": true, "required": true, "require": true,
	"requires": true, "if": true, "hopefully": true, "by": true,
}

// languagesIn are the languages a claim names, sorted.
func languagesIn(ts []ctok) []string {
	var out []string
	for _, t := range ts {
		if languageNames[t.low] && !slices.Contains(out, t.low) {
			out = append(out, t.low)
		}
	}
	slices.Sort(out)
	return out
}

// languageNames are languages one learns.
var languageNames = map[string]bool{
	"german": true, "english": true, "french": true, "spanish": true, "italian": true, "portuguese": true,
	"dutch": true, "japanese": true, "chinese": true, "mandarin": true, "korean": true, "russian": true,
	"arabic": true, "polish": true, "swedish": true, "norwegian": true, "danish": true, "finnish": true,
	"greek": true, "turkish": true, "hindi": true, "swahili": true, "irish": true, "welsh": true, "czech": true,
	"hungarian": true, "romanian": true, "ukrainian": true, "hebrew": true, "catalan": true, "deutsch": true,
}
