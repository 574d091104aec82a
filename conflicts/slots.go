package conflicts

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/schema"
)

// A view is a memory read as one slot and its value: what the claim is
// about (subject and attribute, in a canonical form), the value's
// comparison key, and whether it denies the value. Several wordings of one
// slot read alike:
//
//   - a property named by the attribute is part of the slot ("my car" /
//     "Volvo": slot "user car", attribute "is");
//   - a role said of a person is the role's value ("Bruno is our tech
//     lead" = "our tech lead is Bruno");
//   - a state with no object is the value of "is" ("the library is
//     closed" = "is" / "closed"), and a state with a qualifier keeps the
//     qualifier in the slot ("the pool is open on Sundays": slot "pool on
//     sundays");
//   - where a person or thing is now ("is in", "is at", "is staying in" a
//     named place) is one slot, "is located in".
type view struct {
	subj    string
	attr    string
	neg     bool
	val     []string
	raw     string // the value as written
	folded  bool   // subj was rebuilt from the attribute or the value
	inverse bool   // a role said of a person was turned round
	prop    string // the property folded into subj from the attribute
	changed bool   // a change verb gave the value: "has moved to 10:15"
	when    bool   // the value is when the subject happens ("is on Tuesday")
	renewed bool   // a change modifier on the slot: "the rabbit's new vet"
	noMeat  bool   // the diet was read from "doesn't eat meat" alone, which fish does not contradict
}

func viewOf(m schema.Memory) view {
	a, neg := memoryAttribute(m)
	sk, renewed := subjectWords(m.Subject)
	v := view{subj: strings.Join(sk, " "), attr: a, neg: neg != m.Negated, raw: m.Value, renewed: renewed}
	if vk := key(m.Value); len(vk) > 1 && slotPreps[vk[0]] && verbAttr(a) && !postureAttrs[a] {
		// "saves up" / "for a new roof": the preposition belongs to the verb
		a = strings.TrimSpace(a + " " + vk[0])
		v.attr, v.raw = a, strings.Join(strings.Fields(m.Value)[1:], " ")
	}
	if origin[a] && (speakerSubject(m) || isPersonSubject(m)) {
		// "grew up in Egersund" = "I'm from Egersund originally"
		a = "is from"
		v.attr = a
	}
	if a == "is from" {
		v.raw = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v.raw), "originally"))
	}
	if strings.HasSuffix(a, " up for") {
		// "saves up for" = "saves for"
		a = strings.TrimSuffix(a, " up for") + " for"
		v.attr = a
	}
	w := strings.Fields(a)
	switch {
	case a == "" && strings.TrimSpace(m.Subject) == "":
		// "I increased my pension contribution to 8%": nothing extracted,
		// but the claim says a thing's value changed
		if thing, val, ok := claimChange(m.Claim); ok {
			v.subj, v.raw, v.changed, v.folded, v.attr = thing, val, true, true, "is"
		}
	case (a == "got" || a == "has got" || a == "landed" || a == "has landed") && speakerSubject(m) && jobTaken(m.Value) != "":
		// "got the lead technician job": the speaker is a lead
		// technician now
		v.attr, v.raw, v.changed = "is", jobTaken(m.Value), true
	case (a == "is out of" || a == "is out") && outOfOrder[strings.Join(key(m.Value), " ")]:
		// "the lift is out of order": broken
		v.attr, v.raw = "is", "broken"
	case (a == "had" || a == "has had" || a == "got" || a == "have had") && agentish(m, v.subj):
		// "we had the boiler installed": the boiler was installed
		if thing, done, ok := causative(m.Value); ok {
			tk, _ := subjectWords(thing)
			v.subj, v.attr, v.raw, v.folded = strings.Join(tk, " "), "was "+done, "", true
		}
	case postureAttrs[a] && len(key(m.Value)) > 1 && placePreps[key(m.Value)[0]]:
		// "the compost bin sits behind the shed" = "is behind the shed"
		v.attr = "is"
	case movedAttrs[a] && agentish(m, v.subj):
		// "I moved the hose to the greenhouse": where the hose is now
		if thing, place, ok := movedThing(m.Value); ok {
			tk, _ := subjectWords(thing)
			v.subj, v.raw, v.changed, v.folded = strings.Join(tk, " "), place, true, true
			v.attr = "is located in"
			if timeValue(place) {
				v.attr = "is" // "I moved the meeting to Thursday"
			}
		}
	case (a == "has" || a == "have" || a == "has got" || a == "got") && appositiveName(m) != "" && len(key(m.Value)) > 1 && replacing(key(m.Value)[0]):
		// "Sami has a new piano teacher, Mr Halloran"
		role := key(m.Value)[1:]
		v.prop = strings.Join(role, " ")
		v.subj = dropOurs(strings.TrimSpace(v.subj + " " + v.prop))
		v.attr, v.raw, v.folded, v.renewed = "is", appositiveName(m), true, true
	case percentAttrs[a] && !agentish(m, v.subj):
		// "the account pays 4.1% interest": the account's interest rate
		if noun, pct, ok := percentOf(m.Value); ok {
			v.subj = strings.TrimSpace(v.subj + " " + noun + " rate")
			v.attr, v.raw, v.folded = "is", pct, true
		}
	case (a == "works" || a == "is working") && strings.TrimSpace(m.Value) == "":
		// "the printer works (again)": the state of working
		v.attr, v.raw = "is", "working"
	case len(w) == 2 && w[0] == "is" && strings.TrimSpace(m.Value) == "":
		// "is closed": the state is the value
		v.attr, v.raw = "is", w[1]
	case isPropertyAttr(w) || modifiedRole(w, m):
		for len(w) > 1 && changeModifiers[w[0]] {
			v.renewed = v.renewed || replacing(w[0])
			w = w[1:]
		}
		// "favourite flowers" = "favourite flower"
		w = append(w[:len(w)-1:len(w)-1], singular(w[len(w)-1]))
		v.prop = strings.Join(w, " ")
		v.subj = dropOurs(strings.TrimSpace(v.subj + " " + v.prop))
		v.attr, v.folded = "is", true
		if v.prop == "name" && v.subj != "name" {
			// "the tortoise's name is Horatio" = "the tortoise is called Horatio"
			v.subj, v.attr = strings.TrimSuffix(v.subj, " name"), "is called"
		}
	case locationAttrs[a] && namedValue(m) && !timeValue(m.Value):
		v.attr = "is located in"
	case (changeAttrs[a] || changeAttrPattern(w)) && !isPersonSubject(m):
		// "the stand-up has moved to 10:15", "my medication was changed
		// to amlodipine": the subject's one value is now the new one
		v.attr, v.changed = "is", true
		if relocation(w) && !agentish(m, v.subj) && !timeValue(m.Value) && !startsWithNumber(m.Value) {
			// "the yoga class moved to the community centre": where it
			// is held now
			v.attr = "is located in"
		}
	case venueAttrs[a] && !agentish(m, v.subj) && !timeValue(m.Value):
		// "the yoga class is held in the church hall": where it is
		v.attr = "is located in"
	case len(w) == 3 && w[0] == "is" && stateGroup[w[1]] != "" && qualifierPreps[w[2]] && !startsWithNumber(m.Value):
		// "is open on" Sundays (but "is booked for 3 nights" is a measure)
		v.subj = strings.TrimSpace(v.subj + " " + w[2] + " " + strings.Join(valueKey(m.Value), " "))
		v.attr, v.raw, v.folded = "is", w[1], true
	}
	if d, ok := dietView(v.attr, v.neg, valueKey(v.raw)); ok && !v.folded {
		if v.attr != "is" {
			v.noMeat = v.neg && d == "vegetarian"
			v.neg = false // "doesn't eat meat" is being vegetarian
		}
		v.attr, v.raw = "diet", d
	}
	if x, ok := ageView(m, v); ok {
		v.attr, v.raw = "age", x
	}
	if x, ok := shiftView(v.attr, v.neg, valueKey(v.raw)); ok && !v.folded {
		v.attr, v.raw = "works shifts", x
	}
	if x, ok := allergyView(v.attr, v.raw); ok && !v.folded {
		v.attr, v.raw = "is allergic to", x
	}
	if x, ok := fearView(v.attr, v.raw); ok && !v.folded {
		v.attr, v.raw = "is afraid of", x
	}
	if v.attr == "lives in" && thingSubject(m) {
		// "the invoice template lives in the shared drive": where a
		// thing is kept
		v.attr = "is in"
		if namedValue(m) && !timeValue(m.Value) {
			v.attr = "is located in"
		}
	}
	if (v.attr == "is in" || v.attr == "is kept in" || v.attr == "is stored in") && !v.folded && !agentish(m, v.subj) && keptIn(m) && !timeValue(m.Value) {
		// "the hose is in the shed": where a thing is kept
		v.attr = "is located in"
	}
	if v.attr == "is" && !v.folded && (isPersonSubject(m) || isNamedSubject(m, schema.KindOther)) {
		// "Bruno is our tech lead": the role is the slot, the person its value
		if rk := valueKey(m.Value); len(rk) > 0 && propertyNouns[headNoun(rk)] && !properName(m.Value) {
			v.subj = dropOurs(strings.Join(rk, " "))
			v.raw, v.folded, v.inverse = m.Subject, true, true
		}
	}
	if (whenAttrs[v.attr] || whenAttrs[strings.Join(key(m.Attribute), " ")] || v.changed) && !v.folded && timeValue(v.raw) {
		// "the kickoff is on Tuesday", "the stand-up is at 9:30": when it
		// happens
		v.attr, v.when = "is", true
	} else if slot := timetableSlot(v.attr); slot != "" && !v.folded && timeValue(v.raw) {
		// "the term starts on 2 September", "the flight leaves at 7:40":
		// when it starts (or ends, leaves...) is one slot of its own
		v.attr, v.when = slot, true
	}
	if f := strings.Fields(v.subj); v.attr == "is" && len(f) > 1 && priceNouns[f[len(f)-1]] {
		// "the broadband price is 36 pounds" = "the broadband costs 36 pounds"
		v.subj, v.attr = strings.Join(f[:len(f)-1], " "), "costs"
	}
	v.subj = canonSubject(strings.Fields(v.subj))
	v.val = valueKey(v.raw)
	return v
}

// verbAttr: a is a verb of one or two words (a particle: "saves up")
// that does not end in a preposition and is not a copula or "has".
func verbAttr(a string) bool {
	w := strings.Fields(a)
	if len(w) == 0 || len(w) > 2 || slotPreps[w[len(w)-1]] {
		return false
	}
	switch w[0] {
	case "is", "are", "was", "were", "be", "been", "has", "have", "had":
		return false
	}
	return true
}

// lastWord is the last word of s.
func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// singular is the singular of a regular plural noun ("flowers" ->
// "flower", "peonies" -> "peony"), else w.
func singular(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes")):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// modifiedRole: an attribute such as "new vet" or "latest walker" (a
// change modifier and a noun) with a named value names the one who holds
// that role now, whether or not the noun is a known property.
func modifiedRole(w []string, m schema.Memory) bool {
	if len(w) < 2 || len(w) > 3 || !changeModifiers[w[0]] || isVerbLike(w[1]) || !properName(m.Value) {
		return false
	}
	for _, x := range w[1:] {
		if slotPreps[x] || x == "is" || x == "was" || x == "are" {
			return false
		}
	}
	return true
}

// changeAttrs say that a subject's value changed to the one given: the
// old value stopped being true.
var changeAttrs = map[string]bool{
	"moves to": true, "moved to": true, "has moved to": true, "was moved to": true, "is moved to": true,
	"has been moved to": true, "changed to": true, "was changed to": true, "has changed to": true,
	"has been changed to": true, "is changed to": true, "switched to": true, "has switched to": true,
	"was switched to": true, "switches to": true, "was pushed to": true, "was pushed back to": true,
	"has been pushed back to": true, "pushed back to": true,
	"was rescheduled to": true, "was rescheduled for": true, "has been rescheduled to": true,
	"has been rescheduled for": true, "is rescheduled for": true, "rescheduled to": true,
	"was updated to": true, "has been updated to": true, "was increased to": true,
	"was raised to": true, "was reduced to": true, "was cut to": true, "was lowered to": true,
	"went up to": true, "went down to": true, "has gone up to": true, "has gone down to": true,
	"rose to": true, "has risen to": true, "fell to": true, "has fallen to": true,
	"increased to": true, "decreased to": true, "dropped to": true, "has dropped to": true,
	"has increased to": true, "has decreased to": true,
	"is pushed back to": true, "is pushed to": true, "is brought forward to": true,
	"is postponed to": true, "was postponed to": true, "is postponed until": true, "was postponed until": true,
	"was pushed back until": true, "is pushed back until": true, "is delayed to": true, "was delayed to": true,
	"is delayed until": true, "was delayed until": true,
}

// changeVerbForms say a value changed when "to" (or "until", "for")
// follows them, with any auxiliary before and a particle after: "has
// changed to", "changes to", "was moved back to", "has been switched to".
var changeVerbForms = map[string]bool{
	"changes": true, "changed": true, "moves": true, "moved": true, "switches": true, "switched": true,
	"pushed": true, "rescheduled": true, "postponed": true, "delayed": true, "brought": true,
	"updated": true, "increased": true, "raised": true, "reduced": true, "cut": true, "lowered": true,
	"decreased": true, "dropped": true, "relocated": true, "shifted": true,
}

// auxiliaries may come before a change verb: "has been moved to".
var auxiliaries = map[string]bool{"has": true, "have": true, "had": true, "been": true, "was": true, "is": true, "were": true, "are": true, "got": true}

// changeAttrPattern: the attribute's words are auxiliaries, a change
// verb, particles and then "to", "until" or "for".
func changeAttrPattern(w []string) bool {
	if len(w) < 2 {
		return false
	}
	last := w[len(w)-1]
	if last != "to" && last != "until" && last != "for" {
		return false
	}
	i := 0
	for i < len(w)-1 && auxiliaries[w[i]] {
		i++
	}
	if i >= len(w)-1 || !changeVerbForms[w[i]] {
		return false
	}
	if last == "for" && w[i] != "rescheduled" && w[i] != "postponed" {
		return false
	}
	for _, x := range w[i+1 : len(w)-1] {
		if !particles[x] {
			return false
		}
	}
	return true
}

// relocation: the change attribute says a thing moved to a place.
func relocation(w []string) bool {
	for _, x := range w {
		switch x {
		case "moves", "moved", "relocated", "relocates", "shifted":
			return true
		}
	}
	return false
}

// whenAttrs say when a subject happens; with a day, date or clock time as
// value they are one slot, "is" when.
var whenAttrs = map[string]bool{
	"is": true, "is at": true, "is on": true, "is scheduled for": true, "is set for": true,
	"is planned for": true, "is booked for": true, "is due on": true, "is due": true,
	"starts at": true, "starts on": true, "begins at": true, "begins on": true,
}

// timetableSlot names the one-valued time slot of a timetable verb:
// "starts", "begins on" -> "starts"; "leaves at" -> "leaves"; "" for other
// attributes.
func timetableSlot(attr string) string {
	w := strings.Fields(attr)
	if len(w) == 0 || len(w) > 2 || len(w) == 2 && !qualifierPreps[w[1]] && w[1] != "from" {
		return ""
	}
	switch w[0] {
	case "starts", "begins", "kicks":
		return "starts"
	case "ends", "finishes":
		return "ends"
	case "opens", "closes", "expires", "leaves", "departs", "arrives", "lands":
		return w[0]
	}
	return ""
}

// startsWithNumber: the first word of s has a digit ("3 nights").
func startsWithNumber(s string) bool {
	k := key(s)
	return len(k) > 0 && hasDigit(k[0])
}

// timeValue: s names a day, a date or a clock time and nothing else of
// note ("Tuesday", "19 April", "9:30", "10 am", "on 3 May"), so it says
// when, not what.
func timeValue(s string) bool {
	k := key(s)
	if len(k) == 0 || len(k) > 4 {
		return false
	}
	seen := false
	for _, w := range k {
		switch {
		case calendarWords[w] || clockTime(w) || w == "am" || w == "pm" || w == "noon" || w == "midnight" || yearWord(w):
			seen = true
		case hasDigit(w) && len(w) <= 4 || ordinalWord(w) || w == "on" || w == "at" ||
			w == "of" || w == "by" || w == "morning" || w == "afternoon" || w == "evening" || w == "next" || w == "this":
		default:
			return false
		}
	}
	return seen
}

// clockTime: "9:30", "10:15", "7pm", "10am".
func clockTime(w string) bool {
	if i := strings.IndexByte(w, ':'); i > 0 && i < len(w)-1 {
		return hasDigit(w[:i]) && hasDigit(w[i+1:])
	}
	return (strings.HasSuffix(w, "am") || strings.HasSuffix(w, "pm")) && len(w) > 2 && hasDigit(w[:len(w)-2])
}

func ordinalWord(w string) bool {
	if len(w) < 3 || !hasDigit(w[:1]) {
		return false
	}
	switch w[len(w)-2:] {
	case "st", "nd", "rd", "th":
		return true
	}
	return false
}

// dropOurs drops a leading "we" from a folded slot: "our tech lead" is
// written "tech lead" by the extractor.
func dropOurs(s string) string {
	if rest, ok := strings.CutPrefix(s, "we "); ok {
		return rest
	}
	return s
}

// locationAttrs say where a subject is at present.
var locationAttrs = map[string]bool{
	"is in": true, "is at": true, "is staying in": true, "is staying at": true, "stays in": true,
	"is currently in": true, "is located in": true, "located in": true, "is now in": true,
}

// qualifierPreps introduce a qualifier of a state: "open on Sundays".
var qualifierPreps = map[string]bool{"on": true, "in": true, "at": true, "during": true, "for": true, "until": true}

// slotPreps end a head noun: the head of "project lead for Atlas" is
// "lead".
var slotPreps = map[string]bool{"of": true, "for": true, "on": true, "at": true, "in": true, "from": true, "with": true, "to": true}

// headNoun is the last word of a noun phrase before its first
// preposition.
func headNoun(w []string) string {
	for i, x := range w {
		if slotPreps[x] && i > 0 {
			return w[i-1]
		}
	}
	if len(w) == 0 {
		return ""
	}
	return w[len(w)-1]
}

// isPropertyAttr: the attribute names a property ("car", "favourite
// colour", "new email") rather than a relation.
func isPropertyAttr(w []string) bool {
	if len(w) == 0 || len(w) > 3 || isVerbLike(w[0]) {
		return false
	}
	switch w[0] {
	case "is", "was", "are", "were", "be", "been", "has", "had", "have", "not":
		return false
	}
	for _, x := range w {
		if slotPreps[x] {
			return false
		}
	}
	switch w[0] {
	case "favourite", "current", "main", "primary", "preferred", "default", "usual":
		return true
	}
	return propertyNouns[w[len(w)-1]]
}

// isPersonSubject: the subject is a person the memory names.
func isPersonSubject(m schema.Memory) bool {
	sk, _ := subjectWords(m.Subject)
	s := strings.Join(sk, " ")
	if s == "" {
		return false
	}
	for _, e := range m.Entities {
		if e.Kind == schema.KindPerson && strings.Join(key(e.Name), " ") == s {
			return true
		}
	}
	return false
}

// properName: every word of s begins with a capital letter or a digit
// ("ThinkPad X1", "Volvo V60", "Rahul Mehta"): a name, not a description.
func properName(s string) bool {
	ws := strings.Fields(strings.Trim(s, " .,;:!?\"'()"))
	if len(ws) == 0 {
		return false
	}
	for i, w := range ws {
		r, _ := utf8.DecodeRuneInString(w)
		if i > 0 && (w == "de" || w == "da" || w == "of" || w == "and" || w == "&") {
			continue
		}
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// namedValue: the value is a name: one of the memory's entities, or
// written as a proper name.
func namedValue(m schema.Memory) bool {
	if properName(m.Value) {
		return true
	}
	v := strings.Join(valueKey(m.Value), " ")
	for _, e := range m.Entities {
		if e.Kind != schema.KindPerson && strings.Join(valueKey(e.Name), " ") == v {
			return true
		}
	}
	return false
}

// identity: "X is <a name>" with a subject that is not itself a name
// names the one thing the subject is ("my laptop is a ThinkPad X1", "the
// head of finance is Raj"): a subject has one identity at a time.
func identity(v view, m schema.Memory) bool {
	if v.attr != "is" || v.subj == "" {
		return false
	}
	if v.inverse {
		return true
	}
	if !properName(v.raw) || timeWords(v.raw) {
		return false
	}
	if m.Subject == "user" && !v.folded && !strings.ContainsAny(v.raw, "0123456789") {
		// "I'm Chidinma" / "I'm Igbo, from Enugu": a speaker's name and
		// a people or a nation they belong to are not one slot; a name
		// given again otherwise is a correction, read as one
		return false
	}
	if v.folded && v.prop != "" {
		// a property of someone ("Lars's physio is Ms Ruiz") is not them
		return true
	}
	return !properName(m.Subject) && !isPersonSubject(m)
}

// stateGroup maps an adjective of state to the set of states it excludes
// the others of: a thing is broken or working, open or closed, at one
// time.
var stateGroup = func() map[string]string {
	groups := map[string]string{
		"repair":  "broken fixed working repaired faulty functional",
		"open":    "open closed shut",
		"online":  "online offline",
		"avail":   "available unavailable booked occupied vacant reserved",
		"done":    "done finished complete completed pending ongoing blocked cancelled canceled postponed scheduled approved rejected",
		"enabled": "enabled disabled active inactive paused suspended",
		"locked":  "locked unlocked",
		"paid":    "paid unpaid overdue",
		"full":    "full empty",
		"public":  "public private",
		"married": "single married divorced engaged widowed",
		"crypt":   "encrypted unencrypted",
		"protect": "protected unprotected",
		"health":  "sick ill unwell healthy recovered injured",
		"employ":  "employed unemployed retired",
		"valid":   "valid expired invalid",
		"awake":   "asleep awake",
	}
	m := map[string]string{}
	for g, ws := range groups {
		for _, w := range strings.Fields(ws) {
			m[w] = g
		}
	}
	return m
}()

// sameState: two one-word values that are states of one kind ("broken",
// "fixed").
func sameState(a, b []string) bool {
	if len(a) == 2 && a[0] == "non" && len(b) == 1 || len(b) == 2 && b[0] == "non" && len(a) == 1 {
		// "non-refundable" is read as two words
		x, y := strings.Join(a, ""), strings.Join(b, "")
		return negatedAdjective(x, y) || negatedAdjective(y, x)
	}
	if len(a) != 1 || len(b) != 1 {
		return false
	}
	return stateGroup[a[0]] != "" && stateGroup[a[0]] == stateGroup[b[0]] || negatedAdjective(a[0], b[0]) || negatedAdjective(b[0], a[0])
}

// negatedAdjective: x is y with a negating prefix: "non-refundable" /
// "refundable", "unpaid" / "paid", "inactive" / "active". "un", "in",
// "im", "ir", "il" and "dis" count only before an adjective ending
// ("-able", "-ible", "-ed", "-ive", "-ful", "-al", "-ent", "-ant", "-ic"),
// so that "uncle" is not "cle" denied.
func negatedAdjective(x, y string) bool {
	if len(y) < 3 {
		return false
	}
	if x == "non"+y || x == "non-"+y {
		return true
	}
	adjective := false
	for _, suf := range []string{"able", "ible", "ed", "ive", "ful", "al", "ent", "ant", "ic"} {
		if strings.HasSuffix(y, suf) {
			adjective = true
			break
		}
	}
	if !adjective {
		return false
	}
	for _, pre := range []string{"un", "in", "im", "ir", "il", "dis"} {
		if x == pre+y {
			return true
		}
	}
	return false
}

// diets are what a person eats as a rule, each word with its one
// spelling; a person keeps one diet at a time, and "eats meat" is the
// diet of one who is none of them.
var diets = map[string]string{"vegetarian": "vegetarian", "veggie": "vegetarian", "vegan": "vegan",
	"pescatarian": "pescatarian", "pescetarian": "pescatarian", "carnivore": "carnivore", "omnivore": "omnivore"}

// becomeVerbs say what one has become: "I've gone vegetarian".
var becomeVerbs = map[string]bool{"is": true, "goes": true, "went": true, "has gone": true, "became": true, "becomes": true, "turned": true}

// dietView reads a diet: "Tomas is vegetarian", "I've gone vegan", "Tomas
// eats meat", "Tomas doesn't eat meat" (vegetarian) as subject / "diet" /
// value.
func dietView(attr string, neg bool, val []string) (string, bool) {
	switch {
	case becomeVerbs[attr] && !(neg && attr != "is") && len(val) == 1 && diets[val[0]] != "":
		return diets[val[0]], true
	case startVerbs[attr] && !neg && len(val) == 2 && (val[0] == "eating" || val[0] == "eat") && (val[1] == "meat" || val[1] == "fish"):
		// "I've started eating fish again": what the speaker eats now
		return "eats " + val[1], true
	case (attr == "eats" || attr == "eat") && len(val) == 1 && (val[0] == "meat" || val[0] == "fish"):
		if neg {
			if val[0] == "meat" {
				return "vegetarian", true
			}
			return "", false
		}
		return "eats " + val[0], true
	}
	return "", false
}

// ageAttrs say what age someone is or reached: "Anaya is 9", "Anaya
// turned 10 on Saturday".
var ageAttrs = map[string]bool{"is": true, "turned": true, "has turned": true, "just turned": true, "is now": true}

// ageView reads the age a claim gives as its slot's value ("is 9 and does
// swimming on Thursdays", "turned 10 on Saturday") as subject / "age" /
// the number, so that claims saying more than the age still compare by it.
func ageView(m schema.Memory, v view) (string, bool) {
	if v.neg || v.folded || !ageAttrs[v.attr] {
		return "", false
	}
	low := " " + strings.ToLower(m.Claim) + " "
	for _, w := range []string{" next ", " will ", "'ll ", " this year", " soon", " birthday"} {
		if strings.Contains(low, w) {
			return "", false // an age to come ("Leo's 5 next month"), not the one now
		}
	}
	n, ok := claimAge(m)
	if !ok {
		return "", false
	}
	age := strconv.FormatFloat(n, 'f', -1, 64)
	k := valueKey(v.raw)
	if len(k) == 0 || k[0] != age {
		return "", false // the age is not the slot's value
	}
	for i, w := range k[1:] {
		if w != "year" && w != "years" && w != "old" && w != "now" && !(w == "and" && i == len(k)-2) {
			// "39 and a half": more than an age in years ("14 and", cut
			// before "already taller", is the age)
			return "", false
		}
	}
	return age, true
}

// shiftWords name the shifts someone works, in one form each: "nights",
// "night shifts" and "the night shift" are nights.
var shiftWords = map[string]string{"nights": "nights", "night": "nights", "days": "days", "day": "days",
	"earlies": "earlies", "early": "earlies", "lates": "lates", "late": "lates"}

// shiftAttrs say which shifts someone works: "works nights", "is on days
// now" (read as "uses"), "switched to day shifts", "moved to nights".
var shiftAttrs = map[string]bool{"works": true, "is on": true, "switched to": true, "switches to": true, "moved to": true,
	"moves to": true, "is working": true, "does": true, "is doing": true, "went to": true, "is back on": true, "uses": true}

// shiftView reads the shifts someone works from a value opening with a
// shift word that is the whole value or followed by "shift(s)" or a place
// ("nights at the BRI"): "works nights" / "switched to day shifts".
func shiftView(attr string, neg bool, val []string) (string, bool) {
	if neg || !shiftAttrs[attr] || len(val) == 0 {
		return "", false
	}
	if val[0] == "the" && len(val) > 1 {
		val = val[1:]
	}
	s, ok := shiftWords[val[0]]
	if !ok {
		return "", false
	}
	if len(val) == 1 || val[1] == "shift" || val[1] == "shifts" || val[1] == "at" || val[1] == "in" || val[1] == "now" {
		if (s == "earlies" || s == "lates" || s == "days") && len(val) > 1 && val[1] != "shift" && val[1] != "shifts" && val[1] != "now" {
			return "", false // "works late at the office", "days at home": not a shift
		}
		return s, true
	}
	return "", false
}

// startVerbs say something is begun: "started eating fish".
var startVerbs = map[string]bool{"starts": true, "started": true, "has started": true, "is back to": true, "went back to": true}

// allergyView reads "has a penicillin allergy" and "has an allergy to
// penicillin" as "is allergic to" penicillin.
func allergyView(attr string, raw string) (string, bool) {
	if attr != "has" && attr != "have" {
		return "", false
	}
	k := key(raw)
	switch {
	case len(k) >= 2 && (k[len(k)-1] == "allergy" || k[len(k)-1] == "intolerance"):
		return strings.Join(k[:len(k)-1], " "), true
	case len(k) >= 3 && (k[0] == "allergy" || k[0] == "intolerance") && k[1] == "to":
		return strings.Join(k[2:], " "), true
	}
	return "", false
}

// numberedSlot: two values that name one numbered thing with different
// numbers ("platform 4", "platform 9"; "room 12", "room 14"): the same
// words but one, which is a number in both. Only present-tense
// attributes: "visited room 4" and "visited room 9" may both be true.
func numberedSlot(attr string, a, b []string) bool {
	if len(a) != len(b) || len(a) < 2 {
		return false
	}
	for _, w := range strings.Fields(attr) {
		if strings.HasSuffix(w, "ed") || w == "was" || w == "were" || w == "had" || w == "did" || w == "went" {
			return false
		}
	}
	diff := -1
	for i := range a {
		if a[i] != b[i] {
			if diff >= 0 {
				return false
			}
			diff = i
		}
	}
	if diff <= 0 {
		return false // the number comes after a label word
	}
	num := func(w string) bool { return strings.Trim(w, "0123456789") == "" || len(w) <= 4 && hasDigit(w) }
	return num(a[diff]) && num(b[diff]) && !hasDigit(a[diff-1])
}

// alternative returns what a preference was stated against: "tea" in "I
// prefer coffee to tea", "over tea", "rather than tea", "instead of tea".
func alternative(m schema.Memory) []string {
	cw, vk := key(m.Claim), valueKey(m.Value)
	if len(vk) == 0 {
		return nil
	}
	for i := 0; i+len(vk) <= len(cw); i++ {
		match := true
		for j := range vk {
			if cw[i+j] != vk[j] {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		k := i + len(vk)
		switch {
		case k < len(cw) && (cw[k] == "over" || cw[k] == "to" || cw[k] == "than"):
			k++
		case k+1 < len(cw) && (cw[k] == "rather" && cw[k+1] == "than" || cw[k] == "instead" && cw[k+1] == "of"):
			k += 2
		default:
			continue
		}
		var out []string
		for ; k < len(cw) && len(out) < 4; k++ {
			if altStops[cw[k]] {
				break
			}
			out = append(out, cw[k])
		}
		return out
	}
	return nil
}

// altStops end the alternative of a preference.
var altStops = map[string]bool{
	"for": true, "when": true, "because": true, "since": true, "on": true, "in": true, "at": true,
	"these": true, "now": true, "and": true, "but": true, "as": true, "if": true, "any": true,
}

// preferenceSlot: two preferences fill one slot when one was stated
// against the other's value ("I prefer tea to coffee", "I prefer coffee").
func preferenceSlot(e, i schema.Memory, ev, iv []string) bool {
	if a := alternative(e); len(a) > 0 && sameValue(a, iv) {
		return true
	}
	if a := alternative(i); len(a) > 0 && sameValue(a, ev) {
		return true
	}
	return false
}

// namedAlternatives: two preferences for named things that are not people
// ("Vim", "VS Code") may be a choice between them, or two unrelated
// tastes. Compare treats them as one slot only when said close together,
// and never retires either by time alone.
func namedAlternatives(e, i schema.Memory) bool {
	return namedValue(e) && namedValue(i) && !valueIsKind(e, schema.KindPerson) && !valueIsKind(i, schema.KindPerson)
}

// calendarWords name days and months: "the review is Monday" dates the
// review, it does not name what the review is, and a review on Monday
// and one on Friday may both be true (two weeks, two reviews).
var calendarWords = map[string]bool{
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true,
	"saturday": true, "sunday": true, "mondays": true, "tuesdays": true, "wednesdays": true,
	"thursdays": true, "fridays": true, "saturdays": true, "sundays": true, "january": true,
	"february": true, "march": true, "april": true, "may": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true,
	"today": true, "tomorrow": true, "tonight": true, "yesterday": true,
}

// timeWords: some word of s is a day or a month.
func timeWords(s string) bool {
	for _, w := range key(s) {
		if calendarWords[w] {
			return true
		}
	}
	return false
}

// thingSubject: the claim is about a thing named by a common noun ("the
// invoice template lives in..."), not a person, the speaker or a name.
func thingSubject(m schema.Memory) bool {
	c := strings.ToLower(strings.TrimSpace(m.Claim))
	if !strings.HasPrefix(c, "the ") || isPersonSubject(m) {
		return false
	}
	s := strings.Join(key(m.Subject), " ")
	for _, e := range m.Entities {
		if strings.Join(key(e.Name), " ") == s {
			return false
		}
	}
	return s != "" && s != "user" && s != "we"
}

// yearWord: a year of this or the last century ("1988", "2027").
func yearWord(w string) bool {
	return len(w) == 4 && strings.Trim(w, "0123456789") == "" && (w[:2] == "19" || w[:2] == "20")
}

// outOfOrder values of "is out of" say a thing does not work.
var outOfOrder = map[string]bool{"order": true, "service": true, "action": true, "commission": true}

// isNamedSubject: the subject is an entity of kind k the memory names.
func isNamedSubject(m schema.Memory, k schema.EntityKind) bool {
	sk, _ := subjectWords(m.Subject)
	s := strings.Join(sk, " ")
	if s == "" {
		return false
	}
	for _, e := range m.Entities {
		if e.Kind == k && strings.Join(key(e.Name), " ") == s {
			return true
		}
	}
	return false
}

// agentChangeVerbs: someone changed a thing's value ("increased my dose
// to 100 mg", "moved the meeting to Friday").
var agentChangeVerbs = map[string]bool{
	"increased": true, "raised": true, "reduced": true, "lowered": true, "cut": true, "changed": true,
	"switched": true, "moved": true, "bumped": true, "upped": true, "decreased": true, "put": true,
	"pushed": true, "rescheduled": true, "postponed": true,
}

// particles of a phrasal change verb: "put up", "pushed back".
var particles = map[string]bool{"up": true, "down": true, "back": true, "forward": true}

// claimChange reads "<someone> increased <thing> to <value>" from a
// claim: the thing and its new value as written.
func claimChange(claim string) (thing, val string, ok bool) {
	if len(claim) > maxKeyBytes {
		return "", "", false
	}
	ws := key(claim)
	i := -1
	for j, w := range ws {
		if agentChangeVerbs[w] {
			i = j
			break
		}
	}
	if i < 1 {
		return "", "", false // someone must do it: "Anna increased ..."
	}
	j := -1
	for k := len(ws) - 1; k > i; k-- {
		if ws[k] == "to" {
			j = k
			break
		}
	}
	np := ws[i+1 : max(j, i+1)]
	for len(np) > 0 && particles[np[0]] {
		np = np[1:]
	}
	for len(np) > 0 && particles[np[len(np)-1]] {
		np = np[:len(np)-1]
	}
	if j < 0 || len(np) == 0 || len(np) > 5 || j == len(ws)-1 {
		return "", "", false
	}
	at := strings.LastIndex(claim, " to ")
	if at < 0 {
		return "", "", false
	}
	val = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(claim[at+4:]), ".!;"))
	k := strings.Join(np, " ")
	sk, _ := subjectWords(k)
	return strings.Join(sk, " "), val, val != ""
}

// causative splits "boiler installed" (from "we had the boiler
// installed") into the thing and what was done to it.
func causative(raw string) (thing, done string, ok bool) {
	k := key(raw)
	if len(k) < 2 || len(k) > 6 {
		return "", "", false
	}
	last := k[len(k)-1]
	if !strings.HasSuffix(last, "ed") || len(last) < 5 {
		return "", "", false
	}
	return strings.Join(k[:len(k)-1], " "), last, true
}

// jobTaken is the role of a job got or landed ("the lead technician job",
// "a senior nurse post"): the words before "job", "role", "post" or
// "position", a determiner left out; "" for anything else.
func jobTaken(value string) string {
	ws := strings.Fields(strings.ToLower(value))
	if len(ws) < 2 {
		return ""
	}
	switch ws[len(ws)-1] {
	case "job", "role", "post", "position":
	default:
		return ""
	}
	ws = ws[:len(ws)-1]
	if determiners[ws[0]] || ws[0] == "a" || ws[0] == "an" || ws[0] == "that" {
		ws = ws[1:]
	}
	if len(ws) == 0 || ws[0] == "new" && len(ws) == 1 {
		return ""
	}
	return strings.Join(ws, " ")
}

// origin are the ways of saying where a person is from.
var origin = map[string]bool{"grew up in": true, "was raised in": true, "was brought up in": true}
