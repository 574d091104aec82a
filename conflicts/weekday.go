package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A weekly thing held on one day of the week ("Started English lessons on
// Thursday evenings", "I run along the quays every Sunday morning") is
// often moved later in words that share little else with it: "english
// class moved to wednesday evenings", "no more sunday runs, I go wednesday
// afternoons instead", "we're closing on tuesdays instead of mondays". The
// slots do not line up (a lesson is now a class, the runner now goes), but
// the thing both name and the day that moved do.

// weekdayMoved decides such a pair: the existing claim holds a thing on
// one day every week, the incoming one, said later, moves a thing of the
// same name to another day. ok is false unless the claims share a word
// that names the thing (not a day, a time or a word such as "class"), the
// incoming claim is worded as a move of the day, and nothing says the two
// are about other people.
func weekdayMoved(existing, incoming schema.Memory) (Decision, bool) {
	if !saidLater(incoming, existing) || asks(existing.Claim) || asks(incoming.Claim) || existing.Negated {
		return Decision{}, false
	}
	a, b := claimTokens(unlabelled(existing.Claim)), claimTokens(unlabelled(incoming.Claim))
	if hypothetical(b) || wished(b) || offered(b) {
		return Decision{}, false
	}
	old, ok := weeklyDay(a)
	if !ok {
		return Decision{}, false
	}
	from, to, ok := dayMovedTo(b)
	if !ok {
		to, ok = dayFromNowOn(b, a)
	}
	if !ok || to == old || from != "" && from != old {
		return Decision{}, false
	}
	thing := sharedThing(a, b)
	if thing == "" || peopleApart(a, b) || !movedThingNamed(b, a) {
		return Decision{}, false
	}
	if v := strings.ToLower(existing.Value); (existing.Attribute == "is" || existing.Attribute == "are") && v != "" && !strings.Contains(v, old) && !strings.Contains(v, thing) {
		// "My daughter Anaya is 9 and does swimming on Thursdays": the
		// claim's slot holds her age, which the swimming's move leaves
		return Decision{}, false
	}
	if existing.Confirmed && !incoming.Correction {
		return Decision{Contradicts, fmt.Sprintf("the day of the weekly %s moved from %s to %s, but the existing claim was confirmed by the person", thing, old, to)}, true
	}
	return Decision{Supersedes, fmt.Sprintf("the day of the weekly %s moved from %s to %s", thing, old, to)}, true
}

// weekdayOf reads a day of the week, singular or plural ("mondays",
// "Thurs"); "weekend" and "weekday" are none.
func weekdayOf(w string) (day string, plural bool) {
	if d := weekdays[w]; d != "" && d != "weekend" && d != "weekday" {
		return d, false
	}
	if s, ok := strings.CutSuffix(w, "s"); ok {
		if d := weekdays[s]; d != "" && d != "weekend" && d != "weekday" {
			return d, true
		}
	}
	return "", false
}

// weeklyDay is the one day of the week a claim holds a thing on every
// week: a day in the plural ("on Mondays"), after "every", or before a
// part of the day in the plural ("Thursday evenings"). A claim with two
// days, or a day that is one date ("on Monday"), gives none.
func weeklyDay(ts []ctok) (string, bool) {
	day, weekly := "", false
	for i, t := range ts {
		d, plural := weekdayOf(t.low)
		if d == "" {
			continue
		}
		if day != "" && day != d {
			return "", false
		}
		day = d
		if plural || i > 0 && ts[i-1].low == "every" || i+1 < len(ts) && strings.HasSuffix(ts[i+1].low, "s") && dayParts[ts[i+1].low] != "" {
			weekly = true
		}
	}
	if hasAny(ts, onceDayWords) {
		return "", false
	}
	return day, weekly
}

// onceDayWords date a day once: "next Monday", "this Tuesday".
var onceDayWords = map[string]bool{"next": true, "this": true, "last": true, "tomorrow": true, "today": true, "tonight": true}

// dayMovedTo reads a claim that moves a weekly thing to another day: the
// day after a verb of moving and "to" ("moved to wednesday evenings",
// "moves to thursday mornings"), before "now" ("training is mondays now"),
// before "instead of" another day ("closing on tuesdays instead of
// mondays"), or the first other day after "no more" a day in a claim that
// says "instead" ("no more sunday runs, I go wednesday afternoons
// instead"); the nearest such day. from is the day it moved from where
// the claim says it.
func dayMovedTo(ts []ctok) (from, to string, ok bool) {
	dayAt := func(i int) string { d, _ := weekdayOf(ts[i].low); return d }
	for i, t := range ts {
		switch {
		case dayMoveVerbs[t.low]:
			for j := i + 1; j < len(ts) && j <= i+3; j++ {
				if ts[j].low != "to" {
					continue
				}
				for k := j + 1; k < len(ts) && k <= j+2 && to == ""; k++ {
					to = dayAt(k)
				}
			}
		case t.low == "now" && i > 0:
			for k := i - 1; k >= 0 && k >= i-2 && to == ""; k-- {
				to = dayAt(k)
			}
		case t.low == "instead" && i+2 < len(ts) && ts[i+1].low == "of":
			if d := dayAt(i + 2); d != "" {
				from = d
				for k := i - 1; k >= 0 && k >= i-3 && to == ""; k-- {
					to = dayAt(k)
				}
			}
		case t.low == "more" && i > 0 && ts[i-1].low == "no" && i+1 < len(ts) && hasAny(ts, insteadWord):
			if d := dayAt(i + 1); d != "" {
				from = d
				for k := i + 2; k < len(ts) && to == ""; k++ {
					if d := dayAt(k); d != from {
						to = d
					}
				}
			}
		}
		if to != "" {
			return from, to, true
		}
		from = "" // a day moved from, with no day moved to, says nothing
	}
	return "", "", false
}

// dayMoveVerbs move a weekly thing to another day.
var dayMoveVerbs = map[string]bool{
	"moved": true, "moves": true, "moving": true, "shifted": true, "shifts": true, "switched": true,
	"switches": true, "changed": true, "changes": true, "rescheduled": true,
}

var insteadWord = map[string]bool{"instead": true}

// sharedThing is a word both claims name the weekly thing by (its stem):
// "english", "library", "training", "run"; not a day, a part of the day,
// a word of moving or of time, or a word such as "class" that names any
// weekly thing. The first in the existing claim's order.
func sharedThing(a, b []ctok) string {
	inB := map[string]bool{}
	for _, t := range b {
		inB[stem(t.low)] = true
	}
	for _, t := range a {
		w := t.low
		if !isWord(w) || len([]rune(w)) < 3 || topicDrop[w] && !weeklyRuns[w] || negators[w] || weeklyWords[w] || dayMoveVerbs[w] || dayParts[w] != "" || kinWords[w] {
			continue
		}
		if d, _ := weekdayOf(w); d != "" {
			continue
		}
		if s := stem(w); inB[s] && !weeklyWords[s] {
			return w
		}
	}
	return ""
}

// movedAux stand between what moved and the verb: "has moved".
var movedAux = map[string]bool{"has": true, "have": true, "had": true, "is": true, "are": true, "was": true, "were": true, "been": true, "got": true, "just": true, "also": true}

// weeklyRuns are words topicDrop leaves out that name a weekly thing:
// "I run along the quays every Sunday" / "no more sunday runs".
var weeklyRuns = map[string]bool{"run": true, "runs": true, "running": true}

// weeklyWords name any weekly thing or its time, not which.
var weeklyWords = map[string]bool{
	"class": true, "classes": true, "lesson": true, "lessons": true, "session": true, "sessions": true,
	"group": true, "slot": true, "time": true, "every": true, "instead": true, "now": true, "week": true,
	"weekly": true, "day": true, "days": true, "same": true, "new": true, "more": true, "usual": true,
	"from": true, "until": true, "then": true, "still": true, "again": true, "usually": true, "always": true,
}

// peopleApart: the claims name other people: a name or a relation one
// gives that the other lacks ("Leo's swimming moved to Thursdays" against
// "I swim on Mondays"), or other persons when both say who.
func peopleApart(a, b []ctok) bool {
	if ka, kb := kinOf(a), kinOf(b); !slices.Equal(ka, kb) {
		return true
	}
	speaker := func(ps []string) []string {
		// "I go to the go club" / "our club": the speaker among us
		out := make([]string, 0, len(ps))
		for _, p := range ps {
			if p == "we" {
				p = "i"
			}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
		return out
	}
	if pa, pb := speaker(personsOf(a)), speaker(personsOf(b)); len(pa) > 0 && len(pb) > 0 && !slices.ContainsFunc(pa, func(p string) bool { return slices.Contains(pb, p) }) {
		return true
	}
	names := func(ts []ctok) []string {
		var out []string
		for i, t := range ts {
			if i == 0 && !strings.HasSuffix(t.low, "'s") || !nameWord(t) {
				continue
			}
			out = append(out, strings.TrimSuffix(t.low, "'s"))
		}
		return out
	}
	na := names(a)
	for _, n := range names(b) {
		if !slices.Contains(na, n) && !slices.ContainsFunc(a, func(t ctok) bool { return strings.TrimSuffix(t.low, "'s") == n }) {
			return true // ("Cian moved up to the U16s": a name the other claim has in lower case is its)
		}
	}
	return false
}

// dayFromNowOn reads "from this month our club is on Thursday
// afternoons", "from next week the class is on Mondays": a day that holds
// from a time on, of a thing (the word before "is" or "are") the other
// claim a names.
func dayFromNowOn(b, a []ctok) (string, bool) {
	for i, t := range b {
		if t.low != "from" || i+1 >= len(b) || !fromOnWords[b[i+1].low] {
			continue
		}
		for k := i + 2; k+2 < len(b) && k <= i+8; k++ {
			if !isCopula(b[k].low) || b[k+1].low != "on" {
				continue
			}
			d, _ := weekdayOf(b[k+2].low)
			w := strings.TrimSuffix(b[k-1].low, "'s")
			if d == "" || !slices.ContainsFunc(a, func(x ctok) bool { return stem(strings.TrimSuffix(x.low, "'s")) == stem(w) }) {
				return "", false
			}
			return d, true
		}
	}
	return "", false
}

// fromOnWords open a time from which a new day holds: "from this month",
// "from next week", "from now on", "from September".
var fromOnWords = map[string]bool{
	"this": true, "next": true, "now": true, "today": true, "tomorrow": true, "january": true, "february": true,
	"march": true, "april": true, "may": true, "june": true, "july": true, "august": true, "september": true,
	"october": true, "november": true, "december": true,
}

// movedThingNamed: the words right before the verb of moving in b (what
// moved: "english class moved", "Mum's dentist moves") end in a word a
// names, or in a word such as "class" or "time" after one a names; a
// claim that moves no named thing ("we're closing on tuesdays instead")
// passes.
func movedThingNamed(b, a []ctok) bool {
	inA := map[string]bool{}
	for _, t := range a {
		inA[stem(strings.TrimSuffix(t.low, "'s"))] = true
	}
	for i, t := range b {
		if !dayMoveVerbs[t.low] {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-4 && !b[j+1].brk; j-- {
			w := strings.TrimSuffix(b[j].low, "'s")
			if movedAux[w] {
				continue // "has moved", "got moved"
			}
			if topicDrop[w] || !isWord(w) {
				break
			}
			if weeklyWords[w] {
				continue
			}
			return inA[stem(w)]
		}
		return true
	}
	return true
}
