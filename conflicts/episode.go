package conflicts

import (
	"fmt"

	"github.com/persistmemory/persistmemory/schema"
)

// bothHold returns why two claims that look like two values of one slot
// may both be true: one occasion against a habit (episodeOfHabit), two
// holders (otherHolder, ownersApart), a part and the whole (partAndWhole), or
// not one thing's values (notOneValue); "" when none.
func bothHold(existing, incoming schema.Memory) string {
	if why := episodeOfHabit(existing, incoming); why != "" {
		return why
	}
	for _, apart := range []func(existing, incoming schema.Memory) string{otherHolder, ownersApart, partAndWhole} {
		if why := apart(existing, incoming); why != "" {
			return why
		}
	}
	return notOneValue(existing, incoming)
}

// episodeOfHabit returns why incoming, an account of one occasion ("kids
// were in bed at 8:15 tonight", "went down to 2 sets on bench today"),
// neither changes nor contradicts existing, a habit or an aim ("we're
// aiming for the kids to be in bed by 7:30", "I do 3 sets of 12 on the
// bench"): one evening is not the routine. It returns "" when incoming
// says the change lasts ("now", "from now on", "any more") or existing
// is no habit. A state is no habit: "I live in York" / "moved to Leeds
// today" keeps its change.
func episodeOfHabit(existing, incoming schema.Memory) string {
	its := claimTokens(incoming.Claim)
	occ := occasionSaid(its)
	if occ == "" || !pastVerb(its) || lasting(its) {
		return ""
	}
	ets := claimTokens(existing.Claim)
	if occasionSaid(ets) != "" || !habitSaid(ets) {
		return ""
	}
	return fmt.Sprintf("the incoming claim tells of one occasion (%q), the existing one of a habit or an aim: both may hold", occ)
}

// occasionSaid returns the words that date a claim to one day or night
// ("today", "this morning", "last night"), or "".
func occasionSaid(ts []ctok) string {
	for i, t := range ts {
		switch t.low {
		case "today", "tonight", "yesterday":
			return t.low
		case "this", "last":
			if i+1 < len(ts) && dayParts[ts[i+1].low] == ts[i+1].low && ts[i+1].low != "" && !(t.low == "last" && ts[i+1].low != "night") {
				return t.low + " " + ts[i+1].low
			}
		}
	}
	return ""
}

// lasting reports whether a claim says what it tells goes on: "now",
// "from now on", "any more", "for good".
func lasting(ts []ctok) bool {
	for i, t := range ts {
		switch t.low {
		case "now", "anymore", "permanently", "nowadays", "starting", "onwards", "forward":
			return true
		case "more":
			if i > 0 && ts[i-1].low == "any" {
				return true
			}
		case "good":
			if i > 0 && ts[i-1].low == "for" {
				return true
			}
		case "days":
			if i > 0 && ts[i-1].low == "these" {
				return true
			}
		}
	}
	return false
}

// habitSaid reports whether a claim says what is done as a rule or aimed
// at: how often ("usually", "every morning", "twice a week", "Mondays"),
// not a rate ("100 requests per minute"),
// an aim ("aiming for", "try to"), or the speaker's activity in the
// present ("I do 3 sets of 12").
func habitSaid(ts []ctok) bool {
	if hasAny(ts, habitAdverbs) || routineDays(ts) {
		return true
	}
	for i, t := range ts {
		next := ""
		if i+1 < len(ts) {
			next = ts[i+1].low
		}
		switch {
		case habitWords[t.low]:
			return true
		case (t.low == "every" || t.low == "each") && (periodNouns[next] || weekdays[next] != ""):
			return true
		case t.low == "a" && periodNouns[next] && i > 0 && (ts[i-1].low == "once" || ts[i-1].low == "twice" || ts[i-1].low == "times"):
			// "three times a week"; not a rate ("100 requests per
			// minute", "£5 a week")
			return true
		case t.low == "try" || t.low == "trying":
			return next == "to"
		case (t.low == "i" || t.low == "we") && habitVerbs[next]:
			return true
		}
	}
	return false
}

var habitWords = map[string]bool{
	"aim": true, "aiming": true, "aims": true, "goal": true, "target": true, "routine": true,
	"daily": true, "nightly": true, "weekly": true, "fortnightly": true,
}

var periodNouns = map[string]bool{"day": true, "night": true, "week": true, "month": true, "morning": true, "evening": true, "session": true}

// habitVerbs are activities a person does as a rule when they say them in
// the present: "I do", "we run".
var habitVerbs = map[string]bool{
	"do": true, "run": true, "swim": true, "lift": true, "train": true, "walk": true, "cycle": true,
	"jog": true, "practise": true, "practice": true, "bench": true, "row": true, "stretch": true, "meditate": true,
}
