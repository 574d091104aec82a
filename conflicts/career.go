package conflicts

import (
	"fmt"
	"strconv"

	"github.com/persistmemory/persistmemory/schema"
)

// A finished career has one length: "I retired in March after 38 years as
// an engineer with Watercare" / "I retired from Watercare after 41 years";
// "I taught for 38 years before retiring in 2021" / "in my 32 years in the
// classroom". Two lengths of it cannot both be true, and time does not
// explain them once the career is over.

// careerYears decides such a pair as a contradiction (a supersession when
// the incoming claim is worded as a correction): both claims give the
// speaker's years of one career (a name both give, or both words of
// teaching), the existing claim says the career ended ("retired",
// "retiring", "retirement"), and the numbers differ. ok is false
// otherwise.
func careerYears(existing, incoming schema.Memory) (Decision, bool) {
	a, b := claimTokens(unlabelled(existing.Claim)), claimTokens(unlabelled(incoming.Claim))
	if !hasAny(a, retiredWords) {
		return Decision{}, false
	}
	na, ok := careerLength(a)
	if !ok {
		return Decision{}, false
	}
	nb, ok := careerLength(b)
	if !ok || na == nb || !sameCareer(a, b) {
		return Decision{}, false
	}
	return fixedValueDiffers(incoming, fmt.Sprintf("the speaker's finished career is %d years in one claim and %d in the other", na, nb)), true
}

var retiredWords = map[string]bool{"retired": true, "retiring": true, "retirement": true, "retire": true}

// careerLength reads the years of the speaker's career a claim gives: "N
// years" after "after", "for" or "my", or before "as", "with", "at", "in
// the" or "teaching", in a claim that speaks in the first person and has
// a word of work or retirement.
func careerLength(ts []ctok) (int, bool) {
	if !hasAny(ts, careerWords) && !hasAny(ts, retiredWords) {
		return 0, false
	}
	first := false
	for _, t := range ts {
		if persons[t.low] == "i" {
			first = true
		}
	}
	if !first {
		return 0, false
	}
	for i := 1; i+1 < len(ts); i++ {
		if ts[i+1].low != "years" {
			continue
		}
		n, err := strconv.Atoi(ts[i].low)
		if err != nil || n < 2 || n > 60 {
			continue
		}
		switch ts[i-1].low {
		case "after", "for", "my", "of":
			return n, true
		}
	}
	return 0, false
}

// careerWords are words of a working life.
var careerWords = map[string]bool{
	"taught": true, "teaching": true, "teacher": true, "classroom": true, "career": true, "worked": true,
	"working": true, "engineer": true, "nurse": true, "nursing": true, "service": true, "job": true,
}

// teachingWords name a teacher's work in other words.
var teachingWords = map[string]bool{"taught": true, "teaching": true, "teacher": true, "classroom": true, "teach": true}

// sameCareer: the claims name one career: a capitalised name both give
// ("Watercare"), or both speak of teaching.
func sameCareer(a, b []ctok) bool {
	if hasAny(a, teachingWords) && hasAny(b, teachingWords) {
		return true
	}
	for i, t := range a {
		if i == 0 || !nameWord(t) {
			continue
		}
		for j, u := range b {
			if j > 0 && u.low == t.low {
				return true
			}
		}
	}
	return false
}
