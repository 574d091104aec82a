package rules

import (
	"regexp"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/temporal"
)

// Dates sets m.ValidFrom and m.ValidTo from time expressions (found with
// temporal.Find against the time the material was said) exactly as Extract
// does for a claim of m.Type: a commitment's deadline is the End of its
// first expression (ValidTo); any other claim takes ValidFrom from the
// first expression with a start and ValidTo from an "until"/"before"
// expression. Times already set are kept. Other extractors (ingest/llm)
// call it so both date claims alike.
func Dates(m *schema.Memory, exprs []temporal.Expr) { dates(m, exprs, m.Type) }

// bareOrdinal is a day written as an ordinal alone: "the 3rd", "14th".
var bareOrdinal = regexp.MustCompile(`(?i)^(?:the\s+)?\d{1,2}(?:st|nd|rd|th)$`)

// notOrdinalNouns drops the bare ordinals that number a thing rather than
// a day: "the 3rd floor", "the 2nd round", "our 10th anniversary" (an
// ordinal followed by a word other than a preposition, conjunction or
// month). "On the 14th, ..." and "the 30th at 5pm" stay dates.
func notOrdinalNouns(s string, exprs []temporal.Expr) []temporal.Expr {
	out := exprs[:0:0]
	for _, e := range exprs {
		if bareOrdinal.MatchString(strings.TrimSpace(e.Text)) {
			rest := strings.TrimLeft(s[min(len(s), e.Offset+len(e.Text)):], " ")
			next := strings.ToLower(strings.TrimRight(strings.SplitN(rest, " ", 2)[0], ".,;:!?)"))
			if next != "" && isLetters(next) && !preps[next] && !ordinalFollowers[next] {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// ordinalFollowers may follow a day's ordinal: "the 3rd of May", "the 5th
// and the 6th", "the 14th, not the 12th", "the 14th was our anniversary"
// (temporal decides which bare ordinals are days; this drops the ones it
// took before a noun of the sentence's own).
var ordinalFollowers = set(`of and or not but then instead or till until through to at in on
was is will would when we i
january february march april may june july august september october november december jan
feb mar apr jun jul aug sep sept oct nov dec morning afternoon evening night please`)

func isLetters(w string) bool {
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r == '\'' || r == '-') {
			return false
		}
	}
	return w != ""
}

// bareSeason is a season alone, perhaps after "the": "the autumn".
var bareSeason = regexp.MustCompile(`(?i)^(?:the\s+)?(?:spring|summer|autumn|fall|winter)$`)

// seasonModifiers drops a bare season that modifies the noun after it
// ("the autumn term", "the summer holidays", "winter tyres"): it names
// the thing, not when the claim holds.
func seasonModifiers(s string, exprs []temporal.Expr) []temporal.Expr {
	out := exprs[:0:0]
	for _, e := range exprs {
		if bareSeason.MatchString(strings.TrimSpace(e.Text)) {
			rest := strings.TrimLeft(s[min(len(s), e.Offset+len(e.Text)):], " ")
			next := strings.ToLower(strings.TrimRight(strings.SplitN(rest, " ", 2)[0], ".,;:!?)"))
			if i := strings.IndexAny(next, "'’"); i > 0 {
				next = next[:i] // "in the summer we're going": a pronoun, not a noun the season qualifies
			}
			if next != "" && isLetters(next) && !preps[next] && !ordinalFollowers[next] && !stopwords[next] && !aux[next] && !firstPerson[next] && !firstPlural[next] {
				if _, _, verb := lookupVerb(next); !verb {
					continue
				}
			}
		}
		out = append(out, e)
	}
	return out
}

// routineParts after a weekday make it a routine ("ballet on Saturday
// mornings"), which dates no one day.
var routineParts = set(`mornings afternoons evenings nights lunchtimes`)

// routinesApart drops, for dating a claim, a weekday followed by a routine
// part of the day: "Mia has ballet on Saturday mornings" holds from no
// particular Saturday. The expression still stands in the sentence, so
// the claim's slot and what the comparison reads of it are unchanged.
func routinesApart(s string, exprs []temporal.Expr) []temporal.Expr {
	out := exprs[:0:0]
	for _, e := range exprs {
		if e.Granularity == temporal.Day && len(strings.Fields(e.Text)) == 1 {
			rest := strings.TrimLeft(s[min(len(s), e.Offset+len(e.Text)):], " ")
			next := strings.ToLower(strings.TrimRight(strings.SplitN(rest, " ", 2)[0], ".,;:!?)"))
			if routineParts[next] {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// notTakenBack leaves out a time the sentence takes back when another
// follows it: "sorry I said the 14th, its the 18th" is dated by the 18th,
// not the 14th.
func notTakenBack(s string, exprs []temporal.Expr) []temporal.Expr {
	if len(exprs) < 2 {
		return exprs
	}
	out := exprs[:0:0]
	for i, e := range exprs {
		before := strings.ToLower(strings.TrimSpace(s[:min(e.Offset, len(s))]))
		if i+1 < len(exprs) && (strings.HasSuffix(before, "i said") || strings.HasSuffix(before, "i meant") || strings.HasSuffix(before, "i told you") || strings.HasSuffix(before, "i wrote") || strings.HasSuffix(before, "not")) {
			continue
		}
		out = append(out, e)
	}
	return out
}
