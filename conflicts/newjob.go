package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// startedWorkAt reads an incoming claim that the speaker began work at a
// named place ("First day at Northbridge Digital today!", "started at
// Arup on Monday", "new job at the Royal Infirmary") against an existing
// claim of where the speaker works ("I work as a QA tester at Kudipay",
// "I'm a nurse at St James's"): a person works at one place at a time
// here, so the new place supersedes the old one. The existing claim must
// be the speaker's own (in the first person, no relative or other person
// named), in the present, and name another place; a place both name is
// the same job said again, and a plan ("starting at Arup next month") is
// read by the readings of what is to come.
func startedWorkAt(existing, incoming schema.Memory) (Decision, bool) {
	its, ok := saidAsDone(existing, incoming)
	if !ok {
		return Decision{}, false
	}
	place := startedAt(its)
	if place == nil {
		return Decision{}, false
	}
	ets := claimTokens(unlabelled(existing.Claim))
	old := worksAt(ets)
	if old == nil || namesIn(ets, place) || namesIn(its, old) {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim says the speaker began work at %s; the existing claim gives the speaker's work at %s", strings.Join(place, " "), strings.Join(old, " "))}, true
}

// saidAsDone reads the incoming claim's words when it says what is so or
// was done, as the readings of a change need it: said no earlier than the
// existing claim, neither claim a question, and the incoming claim no
// plan, hypothesis, hedge or denial ("might start at Northbridge", "didn't
// renew").
func saidAsDone(existing, incoming schema.Memory) ([]ctok, bool) {
	if saidTime(incoming).Before(saidTime(existing)) || asks(incoming.Claim) || asks(existing.Claim) {
		return nil, false
	}
	its := claimTokens(unlabelled(incoming.Claim))
	if hypothetical(its) || hasAny(its, tentative) || hasAny(its, notWords) {
		return nil, false
	}
	return its, true
}

// startPhrases open the place the speaker began work at.
var startPhrases = [][]string{
	{"first", "day", "at"}, {"first", "day", "in"}, {"started", "at"}, {"started", "work", "at"},
	{"new", "job", "at"}, {"started", "my", "new", "job", "at"}, {"first", "shift", "at"}, {"first", "week", "at"},
}

// startedAt is the named place a claim says the speaker began work at, or
// nil: one of startPhrases, then a run of capitalised words.
func startedAt(ts []ctok) []string {
	if !speakerSaid(ts) && !startsBare(ts) {
		return nil
	}
	for _, p := range startPhrases {
		if k := runAt(ts, p); k >= 0 {
			if name, _ := nameRun(ts, k+len(p), 4); len(name) > 0 {
				return name
			}
		}
	}
	return nil
}

// startsBare: the claim opens with a phrase of starting, its speaker left
// out ("First day at Northbridge Digital today!").
func startsBare(ts []ctok) bool {
	return len(ts) > 0 && (ts[0].low == "first" || ts[0].low == "started" || ts[0].low == "new")
}

// speakerSaid: the claim names the speaker and no relative or other
// person.
func speakerSaid(ts []ctok) bool {
	first := false
	for _, t := range ts {
		w := strings.TrimSuffix(t.low, "'s")
		if kinWords[w] || otherPeople[stem(w)] || w == "he" || w == "she" || w == "he's" || w == "she's" || w == "his" || w == "her" {
			return false
		}
		first = first || speakerWord(w)
	}
	return first
}

// workWords say a person's work.
var workWords = map[string]bool{"work": true, "works": true, "working": true, "job": true, "employed": true}

// worksAt is the named place an existing claim says the speaker works at
// now ("I work as a QA tester at Kudipay", "my job at Tesco", "I'm a
// nurse at St James's"), or nil.
func worksAt(ts []ctok) []string {
	if !speakerSaid(ts) || usedTo(ts) >= 0 || hasAny(ts, pastVerbsOfState) || hasAny(ts, formerWords) {
		return nil
	}
	// the speaker is who works: "I work", "I'm a nurse at", "my job
	// at"; not "my babe Tolu works at GTBank"
	im := slices.ContainsFunc(ts, func(t ctok) bool { return t.low == "i'm" || t.low == "am" })
	i := slices.ContainsFunc(ts, func(t ctok) bool { return t.low == "i" || t.low == "i've" })
	if !(i && hasAny(ts, workWords) || im || runAt(ts, []string{"my", "job"}) >= 0 || runAt(ts, []string{"my", "work"}) >= 0) {
		return nil
	}
	for k, t := range ts {
		if t.low != "at" && t.low != "for" {
			continue
		}
		if name, _ := nameRun(ts, k+1, 4); len(name) > 0 {
			return name
		}
	}
	return nil
}

// startedPlaceOf reads the same change said of a person the speaker names:
// "Granddaughter Isla is in P7 at Crown Primary" / "Isla started at
// Millburn Academy today, S1!"; "Ada is in Primary 1 at Little Saints" /
// "first week at Corona School Gbagada for Ada!". The incoming claim
// names the person as who started ("Isla started at", "Isla's first day
// at") or for whom ("… for Ada"), and a place; the existing claim names the
// same person, no other, as at another place now.
func startedPlaceOf(existing, incoming schema.Memory) (Decision, bool) {
	its, ok := saidAsDone(existing, incoming)
	if !ok {
		return Decision{}, false
	}
	who, place := personStartedAt(its)
	if who == "" {
		return Decision{}, false
	}
	ets := claimTokens(unlabelled(existing.Claim))
	if usedTo(ets) >= 0 || hasAny(ets, pastVerbsOfState) || hasAny(ets, formerWords) || namesIn(ets, place) {
		return Decision{}, false
	}
	if len(ets) == 0 || !slices.ContainsFunc(ets, func(t ctok) bool { return strings.TrimSuffix(t.low, "'s") == who && capitalised(t.raw) }) {
		return Decision{}, false
	}
	old := placeAtOf(ets, who)
	if old == nil || namesIn(its, old) {
		return Decision{}, false
	}
	return Decision{Supersedes, fmt.Sprintf("the incoming claim says %s began at %s; the existing claim gives %s at %s", who, strings.Join(place, " "), who, strings.Join(old, " "))}, true
}

// personStartedAt reads who began at a named place and the place: "Isla
// started at Millburn Academy", "Isla's first day at …", "first week at
// Corona School Gbagada for Ada".
func personStartedAt(ts []ctok) (string, []string) {
	for _, p := range startPhrases {
		k := runAt(ts, p)
		if k < 0 {
			continue
		}
		place, end := nameRun(ts, k+len(p), 4)
		if len(place) == 0 {
			continue
		}
		if k > 0 && nameWord(ts[k-1]) && !ts[k].brk {
			return strings.TrimSuffix(ts[k-1].low, "'s"), place // "Isla started at", "Isla's first day at"
		}
		if end+1 < len(ts) && ts[end].low == "for" && nameWord(ts[end+1]) {
			return strings.TrimSuffix(ts[end+1].low, "'s"), place // "… for Ada"
		}
	}
	return "", nil
}

// placeAtOf is the named place the claim puts the person at now: "Isla is
// in P7 at Crown Primary", "Jonas is at St. Svithun"; nil when the claim
// is not of the person's present ("is", "'s") or names no place after
// "at".
func placeAtOf(ts []ctok, who string) []string {
	k := slices.IndexFunc(ts, func(t ctok) bool { return strings.TrimSuffix(t.low, "'s") == who })
	if k < 0 || !(k+1 < len(ts) && (ts[k+1].low == "is" || ts[k+1].low == "goes" || ts[k+1].low == "attends") || strings.HasSuffix(ts[k].low, "'s")) {
		return nil
	}
	for j := k + 1; j+1 < len(ts); j++ {
		if ts[j].brk && j > k+1 {
			break
		}
		if ts[j].low == "at" || ts[j].low == "attends" {
			if name, _ := nameRun(ts, j+1, 4); len(name) > 0 {
				return name
			}
		}
	}
	return nil
}
