package conflicts

import (
	"fmt"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// OneOccasionSpan is the widest gap between two dates named for one
// subject that may still be one occasion said twice ("the piano exam is
// on 12 June" / "on 19 June"). Further apart, two dates are read as two
// occasions of something that recurs (a monthly book club).
const OneOccasionSpan = 28 * 24 * time.Hour

// whenDecision decides between two claims of when one thing happens
// (views ev and iv, or zero views when the claims were matched by their
// words alone): moved by a change or a correction, disputed when said
// together or when both name one upcoming occasion; said apart it may be
// another occasion (next week's meeting), so neither is retired.
func whenDecision(existing, incoming schema.Memory, ev, iv view, about, values string) Decision {
	if !incoming.Correction && foundedIn(existing) && foundedIn(incoming) {
		// "we opened the guesthouse in 2012" / "the guesthouse has been
		// open since 2015": a thing opens once
		return Decision{Contradicts, fmt.Sprintf("%s, when it began; %s, and a thing is opened or founded once", about, values)}
	}
	switch {
	case incoming.Correction || iv.changed || iv.renewed:
		return Decision{Supersedes, fmt.Sprintf("%s, when it happens; %s and the incoming claim says it changed", about, values)}
	case existing.Correction || ev.changed || ev.renewed:
		if clearlyLater(existing, incoming) {
			// the incoming claim was said before the change the existing
			// one tells: "Milo's bus comes at 8:05" (October) / "since the
			// timetable change, it picks him up at 7:50" (June)
			return Decision{SupersededBy, fmt.Sprintf("%s, when it happens; %s and the existing claim, said later, says it changed", about, values)}
		}
		if saidApart(existing, incoming) {
			return Decision{Unrelated, fmt.Sprintf("%s, when it happens; %s, said apart, after the existing claim moved it", about, values)}
		}
	case !saidApart(existing, incoming):
		return Decision{Contradicts, fmt.Sprintf("%s, when it happens; %s, said together and neither is worded as a change", about, values)}
	case oneOccasion(existing, incoming):
		return Decision{Contradicts, fmt.Sprintf("%s, when it happens; %s, and the later claim was made before the first date came, so both name one upcoming occasion", about, values)}
	}
	return Decision{Unrelated, fmt.Sprintf("%s, when it happens; %s, but said apart they may be two occasions", about, values)}
}

// monthWords name months.
var monthWords = map[string]bool{
	"january": true, "february": true, "march": true, "april": true, "may": true, "june": true,
	"july": true, "august": true, "september": true, "october": true, "november": true, "december": true,
}

// calendarDate: the value names a day of a month ("12 June", "June
// 12th"), not a weekday or a clock time.
func calendarDate(s string) bool {
	month, day := false, false
	for _, w := range key(s) {
		switch {
		case monthWords[w]:
			month = true
		case hasDigit(w) && len(w) <= 4 && !strings.Contains(w, ":"):
			day = true
		}
	}
	return month && day
}

// oneOccasion: two claims said apart name calendar dates (ValidFrom) at
// most OneOccasionSpan apart, and the later claim was said before the
// date the earlier one names: that occasion was still to come, so the two
// dates are for one occasion, not two.
func oneOccasion(a, b schema.Memory) bool {
	if a.ValidFrom == nil || b.ValidFrom == nil || a.SaidAt == nil || b.SaidAt == nil {
		return false
	}
	if !calendarDate(a.Value) || !calendarDate(b.Value) {
		return false
	}
	first, second := a, b
	if b.SaidAt.Before(*a.SaidAt) {
		first, second = b, a
	}
	gap := a.ValidFrom.Sub(*b.ValidFrom)
	if gap < 0 {
		gap = -gap
	}
	return gap <= OneOccasionSpan && second.SaidAt.Before(*first.ValidFrom)
}

// whenVerbs come before "at" or "on" and a time in a claim of when
// something happens: "is at 6 pm", "starts at 8:45", "kicks off at 3".
var whenVerbs = map[string]bool{
	"is": true, "are": true, "starts": true, "begins": true, "ends": true, "finishes": true,
	"opens": true, "closes": true, "leaves": true, "departs": true, "arrives": true, "lands": true,
	"off": true,
}

// maxOpener is how many leading words of a correction ("Sorry, my
// mistake:") may be skipped to align it with the claim it corrects.
const maxOpener = 4

// sameWordsButTime: two claims (the extractor found no slot in at least
// one) are the same words apart from the time after "is at", "starts
// at", "is on" and the like ("The kids' school starts at 8:45" / "at
// 8:30"); a claim worded as a correction may open with a few words of its
// own ("My mistake, the parents' meeting is at 6:30 pm").
func sameWordsButTime(a, b schema.Memory) bool {
	ka, kb := key(a.Claim), key(b.Claim)
	for i := 0; i <= maxOpener && i < len(ka); i++ {
		if i > 0 && !a.Correction {
			break
		}
		for j := 0; j <= maxOpener && j < len(kb); j++ {
			if j > 0 && !b.Correction {
				break
			}
			if differInTime(ka[i:], kb[j:]) {
				return true
			}
		}
	}
	return false
}

// differInTime: a and b share a prefix ending in a when-verb and "at" or
// "on", and a suffix; what lies between is a time in each, and differs.
func differInTime(a, b []string) bool {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	da, db := a[p:len(a)-s], b[p:len(b)-s]
	if p < 3 || len(da) == 0 || len(db) == 0 || s > 2 {
		return false
	}
	if (a[p-1] != "at" && a[p-1] != "on") || !whenVerbs[a[p-2]] {
		return false
	}
	suffix := a[len(a)-s:]
	isTime := func(d []string) bool {
		return timeValue(strings.Join(d, " ")) || timeValue(strings.Join(append(append([]string{}, d...), suffix...), " "))
	}
	return isTime(da) && isTime(db)
}

// purposeStops end the thing a payment or booking is for.
var purposeStops = map[string]bool{"and": true, "but": true, "because": true, "since": true, "when": true, "if": true, "so": true}

// purpose returns what the value is for, written after it in the claim:
// "council tax" in "We pay 90 pounds a month for council tax". Two
// amounts for different things are two slots.
func purpose(m schema.Memory) string {
	ck, vk := key(m.Claim), key(m.Value)
	if len(vk) == 0 || len(ck) > 200 {
		return ""
	}
	for i := 0; i+len(vk) < len(ck); i++ {
		match := true
		for j := range vk {
			if ck[i+j] != vk[j] {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		k := i + len(vk)
		if ck[k] != "for" {
			return ""
		}
		var out []string
		for k++; k < len(ck) && len(out) < 5 && !purposeStops[ck[k]]; k++ {
			out = append(out, ck[k])
		}
		return strings.Join(out, " ")
	}
	return ""
}

// routineNow reports whether both claims give a routine's days (a
// weekday in the plural, or after "every") and the incoming one says it
// is so "now": "Josh's football training is Tuesdays at 6pm" / "Josh's
// football training is Thursdays at 6:30 now". Not "for now", "right
// now" or "now and then", and not beside another ("too", "also").
func routineNow(existing, incoming schema.Memory) bool {
	ets, its := claimTokens(existing.Claim), claimTokens(incoming.Claim)
	if !routineDays(ets) || !routineDays(its) || besides(its) {
		return false
	}
	for k, t := range its {
		if t.low != "now" {
			continue
		}
		if k > 0 && (its[k-1].low == "for" || its[k-1].low == "right" || its[k-1].low == "just") || k+1 < len(its) && its[k+1].low == "and" {
			continue
		}
		return true
	}
	return false
}

// routineDays reports whether a claim names a weekday as a routine's:
// in the plural ("Thursdays") or after "every".
func routineDays(ts []ctok) bool {
	for k, t := range ts {
		if _, day := weekdays[strings.TrimSuffix(t.low, "s")]; day && strings.HasSuffix(t.low, "s") {
			return true
		}
		if _, day := weekdays[t.low]; day && k > 0 && ts[k-1].low == "every" {
			return true
		}
	}
	return false
}

// foundingWords say when a thing was opened, founded or built.
var foundingWords = map[string]bool{"opened": true, "open": true, "founded": true, "established": true, "built": true}

// foundedIn: the claim dates a thing's opening or founding by a year
// alone: "we opened the guesthouse in 2012", "open since 2015".
func foundedIn(m schema.Memory) bool {
	ts := claimTokens(m.Claim)
	years := 0
	for _, t := range ts {
		if yearWord(t.low) {
			years++
		}
	}
	return years == 1 && hasAny(ts, foundingWords) && !hasAny(ts, reopenWords)
}

// reopenWords say a thing opened again, which it may do more than once.
var reopenWords = map[string]bool{"reopened": true, "again": true, "new": true, "renovated": true, "moved": true}
