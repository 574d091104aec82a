package conflicts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// A role one person holds at a time — the treasurer of an association,
// the lead of a squad, someone's line manager, GP or piano teacher, the
// owner of a report — is a slot whose value is a person, said in many
// shapes: "Mira is treasurer of the allotment association", "the
// association's treasurer is Mira", "Priya Raman leads the data platform
// squad", "Sam reports to Keiko", "Mr Holloway teaches Sam piano", "Joel
// took over as treasurer after Mira stepped down". The holder is often
// the claim's subject, so the extracted slots of two holders never line
// up, and a takeover names the old holder too, which byTopic reads as two
// values. readRole reads the three parts — the role, whose or of what it
// is (its scope), who holds it — and compareRoles relates two readings of
// one role and one scope:
//
//   - the same holder: a duplicate;
//   - another holder, where a claim says the role changed hands (took
//     over, replaced, the new ..., now, as of, the old holder left or
//     stepped down): the change supersedes;
//   - another holder, said clearly later: the later supersedes (unless
//     the earlier was confirmed); said together: a contradiction.
//
// What keeps two readings apart: another role, another qualifier ("piano
// teacher" / "maths teacher"), another scope, a scope that is not one
// thing ("owns a flat"), two holders together ("Priya and Tom lead").
type roleReading struct {
	role   string
	quals  []string        // the role's qualifiers, sorted: "piano", "on-call"
	scope  []string        // whose or of what, in normal form, sorted
	holder []string        // the holder's name words, lower case, no title
	names  map[string]bool // the scope's words written with a capital
	old    [][]string
	next   [][]string // who the claim says took the role over after its holder
	change bool
}

// heldRoles name a role one holds at a time, in their normal form.
var heldRoles = map[string]string{
	"treasurer": "treasurer", "secretary": "secretary", "chair": "chair", "chairperson": "chair",
	"chairman": "chair", "chairwoman": "chair", "captain": "captain", "lead": "lead", "leader": "lead",
	"head": "lead", "manager": "manager", "boss": "manager", "gp": "gp", "owner": "owner",
	"teacher": "teacher", "tutor": "teacher", "coach": "coach", "landlord": "landlord",
	"president": "president", "director": "director", "accountant": "accountant", "dentist": "dentist",
	"mentor": "mentor", "supervisor": "manager", "ceo": "ceo", "cto": "cto", "headteacher": "headteacher",
	// roles of a crew, a site, a parish or a school, one holder at a time
	"coxswain": "coxswain", "skipper": "skipper", "foreman": "foreman", "vicar": "vicar", "pastor": "pastor",
	"priest": "priest", "principal": "headteacher", "headmaster": "headteacher", "headmistress": "headteacher",
}

// roleVerbs say a person holds a role over their object.
var roleVerbs = map[string]string{
	"leads": "lead", "heads": "lead", "manages": "manager", "chairs": "chair", "captains": "captain",
	"coaches": "coach", "owns": "owner", "teaches": "teacher", "tutors": "teacher", "supervises": "manager",
	"mentors": "mentor",
}

// neutralQuals qualify a role without telling it from another: a "line
// manager", a "team lead" or a "project manager" of one scope is its
// manager or lead.
var neutralQuals = map[string]bool{"line": true, "team": true, "project": true, "new": true, "current": true, "family": true}

// neutralStems are neutralQuals in their normal form.
var neutralStems = func() map[string]bool {
	m := map[string]bool{}
	for w := range neutralQuals {
		m[stem(w)] = true
	}
	return m
}()

// titles before a name.
var titles = map[string]bool{"dr": true, "mr": true, "mrs": true, "ms": true, "miss": true, "prof": true, "dr.": true, "mr.": true, "mrs.": true, "ms.": true}

// handoverWords say a role changed hands.
var handoverWords = map[string]bool{"took": true, "taken": true, "takes": true, "replaced": true, "replaces": true, "new": true, "now": true, "became": true, "become": true, "becomes": true, "appointed": true, "elected": true, "promoted": true, "moved": true, "switched": true, "changed": true}

// scopeStops end a scope phrase.
var scopeStops = map[string]bool{
	"after": true, "since": true, "at": true, "from": true, "as": true, "until": true, "when": true,
	"who": true, "and": true, "but": true, "so": true, "now": true, "this": true, "these": true,
	"because": true, "while": true, "is": true, "was": true, "has": true, "since.": true, "starting": true,
	"effective": true, "today": true, "instead": true, "then": true,
}

// readRole reads a claim as a role held by a person, or false.
func readRole(m schema.Memory) (roleReading, bool) {
	ts := claimTokens(m.Claim)
	if m.Negated || len(ts) < 3 {
		return roleReading{}, false
	}
	var r roleReading
	for _, t := range ts {
		if t.low == "and" || t.low == "&" {
			// "Priya and Tom lead the squad": two holders, or two roles
			return roleReading{}, false
		}
		if handoverWords[t.low] {
			r.change = true
		}
	}
	r.old = oldHolders(ts)
	r.next = successors(ts)
	if len(scheduledSpans(ts)) > 0 {
		r.change = true // "as of today, Tomasz is the lead"
	}
	switch i, role := findRole(ts); {
	case i < 0:
		return roleReading{}, false
	case strings.HasSuffix(ts[i].low, "'s") && slices.ContainsFunc(ts[i+1:], func(t ctok) bool { return heldRoles[t.low] == role }):
		// "my manager's manager is Tom", "my team lead's team lead": a
		// role of a role holder
		return roleReading{}, false
	case roleVerbs[ts[i].low] != "":
		r.role = role
		r.holder = nameBefore(ts, i)
		if role == "teacher" {
			// "Mr Holloway teaches Sam piano": the learner, then the subject
			if i+1 >= len(ts) || !capitalised(ts[i+1].raw) {
				return roleReading{}, false
			}
			r.scope = []string{stem(strings.TrimSuffix(ts[i+1].low, "'s"))}
			r.quals = phraseWords(ts, i+2)
		} else {
			var ok bool
			if r.scope, ok = scopeAfter(ts, i+1); !ok {
				return roleReading{}, false
			}
		}
	case ts[i].low == "report" || ts[i].low == "reports":
		// "Sam reports to Keiko", "I report to Tomasz now"
		r.role = "manager"
		if i+2 >= len(ts) || ts[i+1].low != "to" {
			return roleReading{}, false
		}
		r.holder = nameAt(ts, i+2)
		r.scope = reporter(ts, i)
	default:
		r.role = role
		r.quals, r.scope = roleNounPhrase(ts, i)
		r.holder = holderOfNoun(ts, i)
		switch {
		case len(r.holder) > 0:
		case ts[i].brk:
			r.holder = nameAt(ts, i+1) // "a new GP, Dr Mensah"
		case i+1 < len(ts) && (ts[i+1].low == "-" || ts[i+1].low == "–" || ts[i+1].low == "—"):
			r.holder = nameAt(ts, i+2) // "a new GP - Dr Mensah"
		}
		if len(r.scope) == 0 && (speakerRole(ts) == "subject" || i == 1) && i > 0 && ts[i-1].low == "new" {
			// "I've registered with a new GP"; "new manager is Raj",
			// the speaker's, said opening the claim
			r.scope = []string{"me"}
		}
	}
	if len(r.holder) == 0 || len(r.scope) == 0 {
		return roleReading{}, false
	}
	if (r.role == "lead" || r.role == "manager") && personScope(r.scope) {
		// "Sam's team lead", "my line manager", "Sam reports to": his manager
		r.role = "manager"
	}
	r.names = map[string]bool{}
	for k, t := range ts {
		if capitalised(t.raw) && !claimStart(ts, k) {
			r.names[stem(strings.TrimSuffix(t.low, "'s"))] = true
		}
	}
	r.scope = slices.DeleteFunc(r.scope, func(w string) bool { return w == "project" })
	var quals []string
	for _, q := range r.quals {
		if !neutralStems[q] {
			quals = append(quals, q)
		}
	}
	r.quals = quals
	slices.Sort(r.quals)
	slices.Sort(r.scope)
	return r, true
}

// findRole finds the first role noun or role verb, or "report(s) to".
func findRole(ts []ctok) (int, string) {
	for i, t := range ts {
		w := strings.TrimSuffix(t.low, "'s")
		if role, ok := roleVerbs[w]; ok {
			return i, role
		}
		if (w == "report" || w == "reports") && i+1 < len(ts) && ts[i+1].low == "to" {
			return i, "manager"
		}
		if role, ok := heldRoles[w]; ok {
			return i, role
		}
	}
	return -1, ""
}

// roleNounPhrase reads the qualifiers before a role noun at i and its
// scope: the possessor before them ("Sam's piano teacher", "the platform
// team's on-call lead", "my GP") or the phrase after "of"/"for" ("the
// treasurer of the allotment association").
func roleNounPhrase(ts []ctok, i int) (quals, scope []string) {
	j := i - 1
	for ; j >= 0 && !ts[j].brk; j-- {
		w := ts[j].low
		if strings.HasSuffix(w, "'s") || w == "my" || w == "our" || determiners[w] || capitalised(ts[j].raw) && !claimStart(ts, j) || !hasLetter(w) || topicDrop[w] && w != "new" {
			break
		}
		quals = append(quals, stem(w))
	}
	switch {
	case j >= 0 && (ts[j].low == "my" || ts[j].low == "our"):
		scope = []string{"me"}
	case j >= 0 && strings.HasSuffix(ts[j].low, "'s"):
		// the possessor and the words of its noun phrase before it
		scope = append(scope, stem(strings.TrimSuffix(ts[j].low, "'s")))
		for k := j - 1; k >= 0 && !ts[k].brk && !determiners[ts[k].low] && !topicDrop[ts[k].low] && hasLetter(ts[k].low); k-- {
			scope = append(scope, stem(ts[k].low))
		}
	}
	if i+1 < len(ts) && !ts[i].brk && (ts[i+1].low == "of" || ts[i+1].low == "for") {
		if s, ok := scopeAfter(ts, i+2); ok {
			scope = s
		} else {
			scope = nil
		}
	}
	return quals, scope
}

// scopeAfter reads a definite scope phrase from i: "the allotment
// association", "our quarterly board report", "the data platform squad".
// An indefinite one ("a flat") is not one thing: false.
func scopeAfter(ts []ctok, i int) ([]string, bool) {
	if i >= len(ts) {
		return nil, false
	}
	switch ts[i].low {
	case "a", "an", "some", "any", "several", "two", "three":
		return nil, false
	}
	var out []string
	for k := i; k < len(ts); k++ {
		w := ts[k].low
		if scopeStops[w] {
			break
		}
		if !determiners[w] && hasLetter(w) {
			out = append(out, stem(strings.TrimSuffix(w, "'s")))
		}
		if ts[k].brk {
			break
		}
	}
	return out, len(out) > 0
}

// phraseWords are the normal forms of the words from i to the first
// break or scope stop.
func phraseWords(ts []ctok, i int) []string {
	var out []string
	for k := i; k < len(ts) && !scopeStops[ts[k].low]; k++ {
		if !determiners[ts[k].low] && isWord(ts[k].low) {
			out = append(out, stem(ts[k].low))
		}
		if ts[k].brk {
			break
		}
	}
	return out
}

// holderOfNoun finds who holds the role noun at i: the name after a
// copula that follows the noun phrase ("... treasurer is Mira"), else the
// name before the copula or verb that leads to it ("Mira is treasurer of",
// "Joel Abara took over as treasurer", "Tomasz is the new lead").
func holderOfNoun(ts []ctok, i int) []string {
	for k := i + 1; k < len(ts); k++ {
		if isCopula(ts[k].low) {
			if h := nameAt(ts, k+1); len(h) > 0 {
				return h
			}
			break
		}
		if ts[k].brk {
			break
		}
	}
	for k := i - 1; k >= 0; k-- {
		switch ts[k].low {
		case "is", "was", "became", "becomes", "took", "has", "as":
			if h := nameBefore(ts, k); len(h) > 0 {
				return h
			}
		}
	}
	return nil
}

// nameAt reads a person's name starting at i: an optional title, then
// capitalised words.
func nameAt(ts []ctok, i int) []string {
	var out []string
	for k := i; k < len(ts); k++ {
		w := strings.TrimSuffix(ts[k].low, ".")
		if titles[w] && len(out) == 0 {
			continue
		}
		if !capitalised(ts[k].raw) || !isWord(strings.TrimSuffix(w, "'s")) || len(out) > 0 && ts[k].brk {
			break // "Prof. Everton Lima, Cláudia took me over": two people
		}
		out = append(out, strings.TrimSuffix(w, "'s"))
	}
	return out
}

// nameBefore reads the capitalised words that end right before i (across
// "has", "now", "today" and an auxiliary), with a title dropped.
func nameBefore(ts []ctok, i int) []string {
	k := i - 1
	for k >= 0 && (ts[k].low == "has" || ts[k].low == "now" || ts[k].low == "had" || ts[k].low == "is") {
		k--
	}
	end := k
	for k >= 0 && capitalised(ts[k].raw) && isWord(ts[k].low) && !topicDrop[ts[k].low] {
		k--
		if ts[k+1].brk {
			break // a word after a comma begins the name: "Prof. Everton Lima, Cláudia took"
		}
	}
	var out []string
	for _, t := range ts[k+1 : end+1] {
		if w := strings.TrimSuffix(t.low, "."); !titles[w] {
			out = append(out, w)
		}
	}
	return out
}

// reporter is who reports: "I" (the speaker) or the name before.
func reporter(ts []ctok, i int) []string {
	if i > 0 && (ts[i-1].low == "i" || ts[i-1].low == "i'm") {
		return []string{"me"}
	}
	if n := nameBefore(ts, i); len(n) > 0 {
		return []string{stem(n[len(n)-1])}
	}
	return nil
}

// personScope: the scope is the speaker or one name ("Sam").
func personScope(scope []string) bool {
	return len(scope) == 1
}

// successors are the people a claim says took a role over after its
// holder: "Cláudia took me over when he left", "Dr. Mori took over".
func successors(ts []ctok) [][]string {
	var out [][]string
	for i, t := range ts {
		if t.low != "took" && t.low != "takes" {
			continue
		}
		over := i + 1
		if i+2 < len(ts) && objectPronouns[ts[i+1].low] {
			over = i + 2 // "took me over"
		}
		if over < len(ts) && ts[over].low == "over" && !(over+1 < len(ts) && (determiners[ts[over+1].low] || ts[over+1].low == "a" || ts[over+1].low == "an")) {
			// not "took over the clinic": a thing taken over, not a role
			if n := nameBefore(ts, i); len(n) > 0 {
				out = append(out, n)
			}
		}
	}
	return out
}

// objectPronouns stand between "took" and "over": "took me over".
var objectPronouns = map[string]bool{"me": true, "us": true, "him": true, "her": true, "them": true, "it": true}

// oldHolders are the people a claim says left a role: "after Mira
// stepped down", "Jordan left the company", "replaced Dr Shaw".
func oldHolders(ts []ctok) [][]string {
	var out [][]string
	for i, t := range ts {
		switch {
		case leavingVerbs[t.low]:
			if n := nameBefore(ts, i); len(n) > 0 {
				out = append(out, n)
			}
		case t.low == "replaced" || t.low == "replacing" || (t.low == "from" && i > 0 && ts[i-1].low == "over"):
			if n := nameAt(ts, i+1); len(n) > 0 {
				out = append(out, n)
			}
		}
	}
	return out
}

// sameHolder: one name's words are among the other's ("Priya" / "Priya
// Raman").
func sameHolder(a, b []string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) > 0 && allIn(a, b)
}

// sameScope: the two scopes are one, or one adds only proper-name words
// to the other ("the Hollins Lane allotment association" / "the allotment
// association").
func sameScope(a, b roleReading) bool {
	if len(a.scope) > len(b.scope) {
		a, b = b, a
	}
	if !allIn(a.scope, b.scope) {
		return false
	}
	for _, w := range b.scope {
		if !slices.Contains(a.scope, w) && !b.names[w] {
			return false
		}
	}
	return true
}

// compareRoles relates two claims that hold one role of one scope (see
// roleReading).
func compareRoles(existing, incoming schema.Memory) (Decision, bool) {
	e, ok := readRole(existing)
	if !ok {
		return Decision{}, false
	}
	i, ok := readRole(incoming)
	if !ok || e.role != i.role || !slices.Equal(e.quals, i.quals) || !sameScope(e, i) {
		return Decision{}, false
	}
	if pe, pi := namedPeriod(claimTokens(existing.Claim)), namedPeriod(claimTokens(incoming.Claim)); pe != pi && (pe != "" && pi != "" || pastPeriod(pe) || pastPeriod(pi)) {
		// "Ella's teacher this year is Mrs Patel" / "... last year was
		// Mr Green": the holders of other years
		return Decision{}, false
	}
	about := fmt.Sprintf("the same role (%s of %s)", strings.Join(append(slices.Clone(e.quals), e.role), " "), strings.Join(e.scope, " "))
	if sameHolder(e.holder, i.holder) {
		if e.change || i.change {
			return Decision{}, false
		}
		return Decision{Duplicate, about + " held by the same person"}, true
	}
	holders := fmt.Sprintf("held by %s and by %s", strings.Join(e.holder, " "), strings.Join(i.holder, " "))
	left := func(r roleReading, h []string) bool {
		for _, o := range r.old {
			if sameHolder(o, h) {
				return true
			}
		}
		return false
	}
	after := func(r roleReading, h []string) bool {
		return slices.ContainsFunc(r.next, func(n []string) bool { return sameHolder(n, h) })
	}
	if after(i, e.holder) && !after(e, i.holder) {
		// "my supervisor is Prof. Cláudia Ramos" / "in my first year my
		// supervisor was Prof. Everton Lima, Cláudia took me over": the
		// incoming claim gives the holder before the existing one
		return Decision{SupersededBy, about + " " + holders + ", and the incoming claim says the existing holder took it over after its own"}, true
	}
	iChange := i.change || left(i, e.holder) || incoming.Correction
	eChange := e.change || left(e, i.holder) || existing.Correction
	switch {
	case iChange && !eChange && !clearlyLater(existing, incoming):
		return Decision{Supersedes, about + " " + holders + ", and the incoming claim says it changed hands"}, true
	case eChange && !iChange && !clearlyLater(incoming, existing):
		return Decision{SupersededBy, about + " " + holders + ", and the existing claim says it changed hands"}, true
	case iChange || eChange:
		return Decision{}, false
	case clearlyLater(incoming, existing):
		if existing.Confirmed {
			return Decision{Contradicts, about + " " + holders + "; the incoming claim is later but the existing one was confirmed by the person"}, true
		}
		return Decision{Supersedes, fmt.Sprintf("%s %s; one holds it at a time and the incoming claim is later by at least %s", about, holders, LaterMargin)}, true
	case clearlyLater(existing, incoming):
		return Decision{SupersededBy, fmt.Sprintf("%s %s; one holds it at a time and the existing claim is later by at least %s", about, holders, LaterMargin)}, true
	}
	return Decision{Contradicts, about + " " + holders + ", said together; one holds it at a time"}, true
}
