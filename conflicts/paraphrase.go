package conflicts

import (
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// Paraphrases of one slot that the extractor writes with different
// attributes. Each rule reads a class of wording, never a sentence:
//
//   - a verb and its agent noun: "teaches maths at X" = "is a maths
//     teacher at X", "drives a bus" = "is a bus driver", "plays bass in a
//     trio" = "is the bassist in a trio" (agentParaphrase);
//   - a posture verb with a place is "is": "sits behind the shed" = "is
//     behind the shed";
//   - a fear said as a noun or an adjective: "has a fear of spiders" =
//     "is afraid of spiders";
//   - a preposition the extractor left at the head of the value belongs
//     to the verb, and "up" before "for" adds nothing: "saves up" / "for a
//     roof" = "saves for" / "roof";
//   - an agent who moved a thing somewhere says where the thing is now:
//     "I moved the hose to the greenhouse" = the hose "is located in" the
//     greenhouse, a change;
//   - a thing "is in the shed": where a thing is kept, one place;
//   - "S has a new R, N" names the new holder of S's R: "Sami has a new
//     piano teacher, Mr Halloran" = "Sami's new piano teacher is Mr
//     Halloran";
//   - a price is what a thing costs: "the broadband price is 36 pounds" =
//     "the broadband costs 36 pounds";
//   - a percentage of a named thing is its rate: "the account pays 4.1%
//     interest" = "the account's interest rate is 4.1%".

// postureAttrs say where a thing stands, as "is" does.
var postureAttrs = map[string]bool{
	"sits": true, "stands": true, "lies": true, "hangs": true, "rests": true, "leans": true,
	"is kept": true, "is stored": true, "is located": true, "is placed": true, "lives": true,
}

// placePreps open a place: "behind the shed", "under the stairs".
var placePreps = map[string]bool{
	"behind": true, "under": true, "underneath": true, "beneath": true, "in": true, "inside": true,
	"outside": true, "on": true, "next": true, "beside": true, "near": true, "by": true, "above": true,
	"below": true, "against": true, "between": true, "opposite": true, "at": true, "upstairs": true,
	"downstairs": true, "into": true,
}

// fearWords name a fear as an adjective ("afraid of") or a noun ("a fear
// of").
var fearWords = map[string]bool{
	"afraid": true, "scared": true, "frightened": true, "terrified": true, "fear": true, "phobia": true,
}

// fearView reads "is afraid of X", "is scared of X", "has a fear of X"
// and "has a phobia of X" as "is afraid of" X.
func fearView(attr string, raw string) (string, bool) {
	k := key(raw)
	if len(k) < 3 || !fearWords[k[0]] || k[1] != "of" {
		return "", false
	}
	switch attr {
	case "is", "are", "has", "have", "is very", "is really":
		return strings.Join(k[2:], " "), true
	}
	return "", false
}

// movedAttrs: an agent moved or put a thing somewhere.
var movedAttrs = map[string]bool{
	"moved": true, "has moved": true, "have moved": true, "put": true, "has put": true,
	"relocated": true, "has relocated": true, "took": true, "has taken": true, "shifted": true,
}

// movedThing splits the value of "I moved the hose to the greenhouse"
// ("hose to the greenhouse") into the thing and where it went.
func movedThing(raw string) (thing, place string, ok bool) {
	// raw itself is searched: lower-casing may change byte offsets
	for _, sep := range []string{" into ", " to "} {
		if i := strings.LastIndex(raw, sep); i > 0 {
			thing, place = strings.TrimSpace(raw[:i]), strings.TrimSpace(raw[i+len(sep):])
			if len(key(thing)) > 0 && len(key(place)) > 0 {
				return thing, place, true
			}
		}
	}
	return "", "", false
}

// keptIn: the claim says its value with "in" and a determiner ("in the
// shed", "in our loft"), so the value is a place, not a state ("in use",
// "in stock").
func keptIn(m schema.Memory) bool {
	v := strings.Join(key(m.Value), " ")
	if v == "" {
		return false
	}
	c := strings.ToLower(m.Claim)
	for _, d := range []string{"the ", "my ", "our ", "his ", "her ", "their ", "your "} {
		if strings.Contains(c, " in "+d+v) {
			return true
		}
	}
	return false
}

// agentish: the subject of m is the speaker, their group or a name (a
// person who acts, or a named place or organisation), not a thing named
// by a common noun.
func agentish(m schema.Memory, subj string) bool {
	if subj == "user" || subj == "we" || isPersonSubject(m) || properName(m.Subject) {
		return true
	}
	for _, e := range m.Entities {
		if k, _ := subjectWords(e.Name); strings.Join(k, " ") == subj {
			return true
		}
	}
	return false
}

// appositiveName returns the name after the value in "Sami has a new
// piano teacher, Mr Halloran.": the words after the value and a comma,
// when they are a proper name of at most four words.
func appositiveName(m schema.Memory) string {
	c, v := m.Claim, strings.TrimSpace(m.Value)
	if v == "" {
		return ""
	}
	i := strings.Index(c, v)
	if i < 0 {
		return ""
	}
	rest := strings.TrimSpace(c[i+len(v):])
	rest, ok := strings.CutPrefix(rest, ",")
	if !ok {
		return ""
	}
	rest = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(rest), ".!;"))
	if n := len(strings.Fields(rest)); n == 0 || n > 4 || !properName(rest) {
		return ""
	}
	return rest
}

// priceNouns name what a thing costs.
var priceNouns = map[string]bool{"price": true, "cost": true, "fee": true}

// percentOf reads "4.1% interest" as "interest" and "4.1%".
func percentOf(raw string) (noun, pct string, ok bool) {
	f := strings.Fields(strings.TrimSpace(raw))
	if len(f) < 2 || len(f) > 3 {
		return "", "", false
	}
	p := f[0]
	if !strings.HasSuffix(p, "%") || !hasDigit(p) {
		return "", "", false
	}
	if len(f) == 3 && f[1] != "annual" && f[1] != "yearly" && f[1] != "monthly" {
		return "", "", false
	}
	noun = strings.ToLower(strings.Trim(f[len(f)-1], ".,;"))
	if len(key(noun)) != 1 {
		return "", "", false
	}
	if len(f) == 3 {
		noun = strings.ToLower(f[1]) + " " + noun
	}
	return noun, p, true
}

// percentAttrs give a rate: "pays 4% interest", "charges 20% commission".
var percentAttrs = map[string]bool{
	"pays": true, "charges": true, "earns": true, "gets": true, "offers": true, "gives": true, "has": true,
}

// agentParaphrase rewrites a verb view as the "is" view it paraphrases
// with an agent noun: "teaches maths at X" as "is a maths teacher at X",
// "plays the bass in a trio" as "is the bassist in a trio". It changes
// nothing unless every other word matches, so it can only find a
// duplicate, never a conflict.
func agentParaphrase(verb, is view) (view, bool) {
	if is.attr != "is" || is.folded || len(strings.Fields(verb.attr)) != 1 || verb.neg != is.neg {
		return verb, false
	}
	split := func(w []string) ([]string, []string) {
		for i, x := range w {
			if slotPreps[x] && i > 0 {
				return w[:i], w[i:]
			}
		}
		return w, nil
	}
	obj, rest := split(verb.val)
	noun, rest2 := split(is.val)
	if len(obj) == 0 || len(noun) == 0 || strings.Join(rest, " ") != strings.Join(rest2, " ") {
		return verb, false
	}
	head, mods := noun[len(noun)-1], noun[:len(noun)-1]
	match := false
	switch {
	case strings.Join(mods, " ") == strings.Join(obj, " ") && agentOf(verb.attr, head):
		// "drives a bus" / "is a bus driver"
		match = true
	case verb.attr == "plays" && len(obj) == 1 && len(mods) == 0 && playerOf(obj[0], head):
		// "plays the cello" / "is a cellist"
		match = true
	}
	if !match {
		return verb, false
	}
	verb.attr, verb.val, verb.raw = "is", is.val, is.raw
	return verb, true
}

// agentOf: noun is the agent noun of a verb in the third person
// ("teaches" -> "teacher", "drives" -> "driver", "conducts" ->
// "conductor", "runs" -> "runner", "coaches" -> "coach").
func agentOf(verb, noun string) bool {
	if len(verb) < 4 || !strings.HasSuffix(verb, "s") {
		return false
	}
	bases := []string{verb[:len(verb)-1]}
	if strings.HasSuffix(verb, "es") {
		bases = append(bases, verb[:len(verb)-2])
	}
	for _, b := range bases {
		if len(b) < 3 {
			continue
		}
		for _, n := range []string{b + "er", b + "r", b + "or", b + b[len(b)-1:] + "er", b} {
			if n == noun && n != verb {
				return true
			}
		}
	}
	return false
}

// playerOf: noun is the player of an instrument or game ("bass" ->
// "bassist", "cello" -> "cellist", "drums" -> "drummer", "trumpet" ->
// "trumpeter", "rugby" -> "rugby player" is handled by agentOf).
func playerOf(thing, noun string) bool {
	t := singular(thing)
	stem := t
	if n := len(t); n > 3 && strings.ContainsAny(t[n-1:], "aeiou") {
		stem = t[:n-1]
	}
	for _, n := range []string{t + "ist", stem + "ist", t + "er", t + t[len(t)-1:] + "er"} {
		if n == noun {
			return true
		}
	}
	return false
}
