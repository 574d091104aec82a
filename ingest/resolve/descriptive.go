package resolve

import (
	"slices"
	"strings"
	"sync"

	"github.com/persistmemory/persistmemory/schema"
)

// Two more shapes of one name, each a class of wording:
//
//   - An institution named by its place either way round: "University of
//     Leeds", "Leeds University", "Leeds Uni"; "Museum of London",
//     "London Museum" (institutionOrder). "Leeds Beckett University" is
//     another institution: the place must be the whole of the rest.
//   - A descriptive name of a piece of work or a document, with the same
//     distinguishing words and a head of the same kind: "the kitchen
//     renovation" / "Kitchen remodel", "the mobile app rewrite" / "Mobile
//     app rebuild", "the onboarding doc" / "New starter onboarding guide"
//     (descriptiveMatch). "Bathroom renovation", "Mobile app launch
//     campaign" and "Expenses handbook" are other things.

// institutionWords name an institution that is "of" a place.
var institutionWords = map[string]bool{
	"university": true, "college": true, "museum": true, "library": true, "hospital": true,
	"school": true, "academy": true, "cathedral": true, "observatory": true,
}

// twoInstitutions are places with an institution of each shape, two
// universities: "Miami University" (Ohio) and the "University of Miami"
// (Florida), "Washington University" (St Louis) and the "University of
// Washington" (Seattle). Keyed by the place-first order.
var twoInstitutions = map[string]bool{"miami university": true, "washington university": true}

// institutionOrder writes "University of Leeds" as "leeds university";
// other names are returned as they are.
func institutionOrder(w []string) []string {
	if len(w) >= 3 && institutionWords[w[0]] && w[1] == "of" {
		return append(slices.Clone(w[2:]), w[0])
	}
	return w
}

// sameInstitution: m and c are one institution named either way round,
// its word written out or abbreviated ("Leeds Uni").
func sameInstitution(m, c []string) bool {
	om, oc := institutionOrder(m), institutionOrder(c)
	if len(om) != len(oc) || len(om) < 2 || equal(m, c) {
		return false
	}
	if (len(m) >= 3 && m[1] == "of") != (len(c) >= 3 && c[1] == "of") && twoInstitutions[strings.Join(om, " ")] {
		return false // Miami University (Ohio) is not the University of Miami
	}
	last := len(om) - 1
	if !wordsAbbreviate(om[:last], oc[:last]) && !wordsAbbreviate(oc[:last], om[:last]) {
		return false // "Syd Uni" is the University of Sydney
	}
	a, b := om[last], oc[last]
	return institutionWords[a] && (a == b || abbreviates(b, a)) || institutionWords[b] && abbreviates(a, b)
}

// workHeads are the heads of descriptive names of a piece of work or a
// document, in classes of one kind.
var workHeads = map[string]string{
	"renovation": "renovation", "remodel": "renovation", "refurbishment": "renovation",
	"refurb": "renovation", "makeover": "renovation", "refit": "renovation", "redo": "renovation",
	"rewrite": "rebuild", "rebuild": "rebuild", "revamp": "rebuild", "redesign": "rebuild",
	"overhaul": "rebuild", "rework": "rebuild", "refactor": "rebuild", "replatform": "rebuild",
	"doc": "document", "docs": "document", "document": "document", "guide": "document",
	"handbook": "document", "manual": "document", "playbook": "document", "runbook": "document",
	"migration": "migration", "move": "migration", "transition": "migration",
	"launch": "launch", "rollout": "launch", "release": "launch", "reno": "renovation",
	"planning": "planning", "prep": "planning", "preparation": "planning", "preparations": "planning",
	"organising": "planning", "organizing": "planning",
	"training": "training", "implementation": "launch", "deployment": "launch",
	"thesis": "thesis", "dissertation": "thesis", "moving": "migration", "relaunch": "launch",
	"appeal": "fundraiser", "fundraiser": "fundraiser", "fundraising": "fundraiser",
	"hiring": "hiring", "recruitment": "hiring", "recruiting": "hiring",
	"course": "course", "class": "course", "classes": "course", "lessons": "course",
	"wedding": "wedding", "trip": "trip", "holiday": "trip", "vacation": "trip", "getaway": "trip",
	"migrate": "migration", "migrating": "migration", "hire": "hiring", "hires": "hiring",
	"relocation": "migration", "job": "job", "fitout": "renovation",
	"redoing": "renovation", "renovating": "renovation", "refurbishing": "renovation", "remodelling": "renovation",
	"remodeling": "renovation", "rebuilding": "rebuild", "rewriting": "rebuild", "redesigning": "rebuild",
	"portal": "tool", "system": "tool", "tool": "tool", "platform": "tool", "dashboard": "dashboard",
	"sale": "fundraiser",
}

// workWords are words of descriptive names that name one thing, each with
// its class: "the pottery class" is the "Ceramics evening course", "the
// MSc dissertation" the "Master's thesis", "the backend dev hire" the
// "Backend engineer hiring round".
var workWords = map[string]string{
	"pottery": "ceramics", "ceramics": "ceramics",
	"msc": "masters", "master": "masters", "masters": "masters", "mres": "masters",
	"phd": "doctorate", "doctoral": "doctorate", "doctorate": "doctorate", "dphil": "doctorate",
	"dev": "developer", "developer": "developer", "engineer": "developer", "programmer": "developer",
}

// workTails end the name of a piece of work on the thing named before
// them, and a short name may leave them out: "Mum's 70th" for "Mum's 70th
// birthday party", "the WFH policy" for the "Work-from-home policy
// review". (A head of workHeads tells what the work is and stays.)
var workTails = map[string]bool{
	"review": true, "update": true, "refresh": true, "upgrade": true, "party": true,
	"celebration": true, "dinner": true, "birthday": true, "do": true,
	"planning": true, "prep": true, "preparations": true, "organising": true, "organizing": true,
}

// informalWords are written out before descriptive names are compared.
var informalWords = map[string][]string{
	"wfh": {"work", "from", "home"}, "bday": {"birthday"}, "reno": {"renovation"},
	"renos": {"renovation"}, "refurb": {"refurbishment"}, "hr": {"human", "resources"},
	"dwh": {"data", "warehouse"},
}

// writtenOut writes informalWords out, and a relation word as the
// relation it names ("Mum's 70th", "Mom's 70th birthday party"), and "fit
// out" as one word.
func writtenOut(w []string) []string {
	var out []string
	for i := 0; i < len(w); i++ {
		x := w[i]
		if x == "fit" && i+1 < len(w) && w[i+1] == "out" {
			out = append(out, "fitout") // "Recife office fit-out"
			i++
			continue
		}
		if full, ok := informalWords[x]; ok {
			out = append(out, full...)
		} else if rel := kinForms[x]; rel != "" && !strings.Contains(rel, " ") && !knownGivenName(x) {
			out = append(out, rel)
		} else {
			out = append(out, x)
		}
	}
	return out
}

// isYear: w is a year of this century or the last ("2024").
func isYear(w string) bool {
	return len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) && strings.Trim(w, "0123456789") == ""
}

// isPeriod: w is a year ("2024"), a quarter or half of a year ("q3",
// "h1") or a financial year ("fy25", "fy2025").
func isPeriod(w string) bool {
	switch {
	case isYear(w):
		return true
	case len(w) == 2 && (w[0] == 'q' && w[1] >= '1' && w[1] <= '4' || w[0] == 'h' && (w[1] == '1' || w[1] == '2')):
		return true
	case (len(w) == 4 || len(w) == 6) && strings.HasPrefix(w, "fy"):
		return strings.Trim(w[2:], "0123456789") == ""
	}
	return false
}

// periodWords write a half or a quarter said in words as its short form.
var periodWords = map[[2]string]string{
	{"first", "half"}: "h1", {"second", "half"}: "h2",
	{"first", "quarter"}: "q1", {"second", "quarter"}: "q2", {"third", "quarter"}: "q3", {"fourth", "quarter"}: "q4",
}

// versionWords writes a version in a descriptive name one way ("v2" and
// "2 0" as "2": "mobile app v2 redesign", "Mobile App 2.0 Redesign") and a
// half or a quarter said in words as its short form ("second-half pricing
// review" as "h2 pricing review"). w is returned as it is when it has
// neither.
func versionWords(w []string) []string {
	if !slices.ContainsFunc(w, func(x string) bool {
		return isVersion(x) || x == "first" || x == "second" || x == "third" || x == "fourth"
	}) {
		return w // the common case, without a copy
	}
	var out []string
	for i := 0; i < len(w); i++ {
		x := w[i]
		if i+1 < len(w) && periodWords[[2]string{x, w[i+1]}] != "" {
			out = append(out, periodWords[[2]string{x, w[i+1]}])
			i++
			continue
		}
		if isVersion(x) && !isYear(x) && !romanNumerals[x] {
			x = strings.TrimPrefix(x, "v")
			for i+1 < len(w) && strings.Trim(w[i+1], "0") == "" {
				i++ // "2 0" is "2"
			}
		}
		out = append(out, x)
	}
	return out
}

// periods returns the years and quarters in w (periods of a piece of
// work: "q3", "2024") and the rest of its words.
func periods(w []string) (ps, rest []string) {
	if !slices.ContainsFunc(w, isPeriod) {
		return nil, w // the common case, without a copy
	}
	for _, x := range w {
		if isPeriod(x) {
			ps = append(ps, x)
		} else {
			rest = append(rest, x)
		}
	}
	return ps, rest
}

// withTail: long is short (two words or more) followed by workTails only.
func withTail(short, long []string) bool {
	if len(short) < 2 || len(long) <= len(short) || !equal(long[:len(short)], short) {
		return false
	}
	for _, w := range long[len(short):] {
		if !workTails[w] {
			return false
		}
	}
	return true
}

// descriptiveDrop are words a descriptive name may have or leave out.
var descriptiveDrop = map[string]bool{"and": true, "the": true, "a": true, "new": true, "old": true, "current": true, "our": true, "my": true}

// descriptiveMatch: m and c end in heads of one kind and the words
// before m's head are among those before c's, with at most one more
// ("onboarding doc" / "new starter onboarding guide").
func descriptiveMatch(m, c []string) bool {
	return descriptive(m, c, true)
}

// descriptive is descriptiveMatch; tails false leaves out withTail, for a
// mention or candidate that is a thing and not a piece of work ("Acme Ltd
// review" is no name of the organisation Acme Ltd).
func descriptive(m, c []string, tails bool) bool {
	m, c = writtenOut(dropWords(m, descriptiveDrop)), writtenOut(dropWords(c, descriptiveDrop))
	if len(m) < 2 || len(c) < 2 {
		return false
	}
	pm, rm := periods(versionWords(m))
	pc, rc := periods(versionWords(c))
	if len(pm) > 0 && len(pc) > 0 && !equal(pm, pc) {
		return false // two years or quarters are two pieces of work
	}
	if len(rm) > 0 && len(rc) > 0 {
		// "the kitchen reno" is the "Kitchen renovation 2024", "the Q3
		// website relaunch" the "Website Relaunch Q3"
		m, c = rm, rc
	}
	if equal(m, c) || tails && (withTail(m, c) || withTail(c, m)) {
		return true // "WFH policy" for "Work-from-home policy review"
	}
	tail := prepTail(c)
	atM, atC := slices.Contains(m, "at"), slices.Contains(c, "at")
	fromM, fromC := slices.Contains(m, "from"), slices.Contains(c, "from")
	m, c = headLast(m, !atC, !fromC), headLast(c, !atM, !fromM)
	m, c = withoutGenericTail(m), withoutGenericTail(c)
	hm, hc := workHeads[m[len(m)-1]], workHeads[c[len(c)-1]]
	if hm == "" || hc == "" || hm != hc && hm != "job" {
		return false // "the kitchen job" may be any piece of work on the kitchen
	}
	mods, cmods := m[:len(m)-1], c[:len(c)-1]
	used := 0 // the candidate's words the mention's account for
	for _, w := range mods {
		if n := initialsOfRun(w, cmods); n > 0 {
			used += n // "SSO" for "single sign on"
			continue
		}
		if n := citiesIn(w, cmods); n > 0 {
			used += n // "Japan" for "Tokyo and Kyoto"
			continue
		}
		if !slices.ContainsFunc(cmods, func(x string) bool { return wordAlike(w, x) }) {
			return false
		}
		used++
	}
	for _, w := range cmods {
		if (genericMods[w] || workHeads[w] != "" || headPreps[w]) && !slices.Contains(mods, w) {
			used++ // "the Tidely launch" is the "Launch of the Tidely mobile app"
		}
	}
	if hm == "job" {
		return len(cmods) == used // "the kitchen job": a job on the kitchen, no more ("the Google job" is no "Google Cloud migration")
	}
	return len(cmods)-used <= 1 || onePart(mods, cmods, tail)
}

// prepTail returns the words of a descriptive name after the preposition
// that follows its head: what the work is on, for or to ("thesis on coral
// reef acoustics", "bake sale for Willow Hospice", "migrate billing
// database to PostgreSQL"); nil for none.
func prepTail(w []string) []string {
	for i, x := range w {
		if workHeads[x] == "" {
			continue
		}
		for j := i + 1; j+1 < len(w); j++ {
			if headPreps[w[j]] && w[j] != "in" && w[j] != "with" {
				return w[j+1:]
			}
		}
		return nil
	}
	return nil
}

// onePart: a short name of a piece of work may keep one part of its full
// name: what it is on, for or to (tail) alone, "the hospice fundraiser"
// for the "Charity bake sale for Willow Hospice", "the Postgres move" for
// "Migrate billing database to PostgreSQL"; or the rest alone, "the MSc
// dissertation" for the "Master's thesis on coral reef acoustics". Every
// word of the short name's (mods) is one of the full name's (cmods), all
// in one part, and the words it leaves out are all in the other, or
// before the last word of the tail it keeps ("Willow" of "Willow
// Hospice").
func onePart(mods, cmods []string, tailWords []string) bool {
	if len(tailWords) == 0 || len(mods) == 0 {
		return false
	}
	tail := map[string]bool{}
	for _, t := range tailWords {
		tail[t] = true
	}
	last := tailWords[len(tailWords)-1]
	matched := make([]bool, len(cmods))
	inTail := 0
	for _, w := range mods {
		j := slices.IndexFunc(cmods, func(x string) bool { return wordAlike(w, x) })
		if j < 0 {
			return false
		}
		matched[j] = true
		if tail[cmods[j]] {
			inTail++
		}
	}
	if inTail != 0 && inTail != len(mods) {
		return false
	}
	lastKept := inTail > 0 && slices.ContainsFunc(mods, func(w string) bool { return wordAlike(w, last) })
	for j, x := range cmods {
		if matched[j] || genericMods[x] || workHeads[x] != "" || headPreps[x] || acronymSkip[x] {
			continue
		}
		if tail[x] == (inTail > 0) && !lastKept {
			return false // a word left out of the part the short name keeps
		}
	}
	return true
}

// genericMods say what a piece of work is of without telling it apart:
// "mobile app", "web", "moving house", "recruitment round".
var genericMods = map[string]bool{"mobile": true, "app": true, "web": true, "online": true, "digital": true, "house": true, "round": true}

// initialsOfRun returns how many consecutive words of ws w, two to five
// letters, is the initials of ("sso", "single sign on": 3); 0 for none.
func initialsOfRun(w string, ws []string) int {
	n := len(w)
	if n < 2 || n > 5 || !isLetters(w) {
		return 0
	}
	for i := 0; i+n <= len(ws); i++ {
		ok := true
		for j := 0; j < n && ok; j++ {
			ok = ws[i+j] != "" && ws[i+j][0] == w[j]
		}
		if ok {
			return n
		}
	}
	return 0
}

// headPreps join a head said first to what it is of: "migration to
// PostgreSQL", "launch of the app".
var headPreps = map[string]bool{"to": true, "of": true, "for": true, "onto": true, "with": true, "in": true, "on": true, "about": true}

// headLast writes a descriptive name whose head comes before a
// preposition with the head last: "database migration to postgresql" as
// "database postgresql migration". With dropAt, where the work is done
// ("renovation at the Elm Road house") is left out, and with dropFrom what
// a migration leaves ("from MySQL to"): the caller drops them only when
// the other name does not say them too (two renovations at two houses are
// two). Other names are returned as they are.
func headLast(w []string, dropAt, dropFrom bool) []string {
	for i := 1; dropAt && i+1 < len(w); i++ {
		if workHeads[w[i]] != "" && w[i+1] == "at" {
			w = w[:i+1] // "kitchen renovation at the Elm Road house"
			break
		}
	}
	if f := slices.Index(w, "from"); dropFrom && f > 0 {
		if t := slices.Index(w[f:], "to"); t > 0 {
			w = append(slices.Clone(w[:f]), w[f+t:]...) // "migration from mysql to postgresql": "migration to postgresql"
		}
	}
	for i := 1; i+2 <= len(w)-1; i++ {
		if workHeads[w[i]] != "" && headPreps[w[i+1]] {
			out := append(slices.Clone(w[:i]), w[i+2:]...)
			return append(out, w[i])
		}
	}
	if len(w) >= 3 && workHeads[w[0]] != "" && headPreps[w[1]] {
		return append(slices.Clone(w[2:]), w[0])
	}
	if len(w) >= 2 && workHeads[w[0]] != "" && workHeads[w[len(w)-1]] == "" {
		return append(slices.Clone(w[1:]), w[0]) // "Wedding – Priya & Tom"
	}
	return w
}

// wordAlike: two words of descriptive names name one thing: the same word,
// two names of one thing in knownVariants, or one a short form of the
// other of five letters or more ("postgres", "postgresql"), neither a
// proper name the tables know.
func wordAlike(a, b string) bool {
	if a == b || knownVariant([]string{a}, []string{b}) || workWords[a] != "" && workWords[a] == workWords[b] || nicknameOf(a, b) || nicknameOf(b, a) {
		return true // "Kasia's wedding" is "Planning Katarzyna's wedding"
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 5 && len(b)-len(a) <= 3 && strings.HasPrefix(b, a) && !properName(a) && !properName(b)
}

// properName: w alone names a place, a country or a person the tables
// know, whose longer namesakes are others ("Niger", "Nigeria"; "Maria",
// "Mariana").
func properName(w string) bool {
	return knownPlace([]string{w}) || knownGivenName(w) || cityCountries()[w] != nil || countryNames()[w] || variantLine([]string{w}) != 0
}

// countryNames holds the one-word names of the countries cities.txt
// names ("nigeria", "niger").
var countryNames = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, cs := range cityCountries() {
		for _, c := range cs {
			out[c] = true
		}
	}
	return out
})

// descriptiveOf is descriptive for the mention mt and a candidate's name
// (its words ct), also without a remark in brackets at the name's end
// ("Tokyo and Kyoto holiday (April 2025)").
func descriptiveOf(mt, ct []string, name string, tails bool) bool {
	if descriptive(mt, ct, tails) {
		return true
	}
	bare := withoutNote(name)
	if bare != name {
		if ps, _ := periods(tokens(strings.TrimPrefix(name, bare))); len(ps) > 0 {
			if pm, _ := periods(versionWords(mt)); len(pm) > 0 {
				bare = name // "Q4 pricing review" and "Pricing Review (Q3)": the quarter is no remark
			}
		}
	}
	if bare != name && descriptive(mt, tokens(bare), tails) {
		return true
	}
	// what follows a colon or a dash says what the work is on or where:
	// "Doctoral dissertation: coral bleaching in the Red Sea", "Kitchen
	// renovation – 14 Elm Road"
	if i := strings.IndexAny(bare, ":–—"); i > 0 {
		before, after := bare[:i], strings.TrimLeft(bare[i:], ":–— ")
		// what follows a dash may say which one, before it: "Office
		// relocation – Lisbon" is the "Lisbon office relocation"
		// and what follows a colon is what the work is on: "PhD thesis:
		// coral bleaching" is the "PhD thesis on coral bleaching"
		return descriptive(mt, tokens(before), tails) || bare[i] != ':' && descriptive(mt, tokens(after+" "+before), tails) ||
			bare[i] == ':' && descriptive(mt, tokens(before+" on "+after), tails)
	}
	return false
}

// workKinds: neither kind is a thing of its own (a person, a place, an
// organisation, a system): both may be pieces of work.
func workKinds(a, b schema.EntityKind) bool {
	for _, k := range []schema.EntityKind{a, b} {
		if k == schema.KindPerson || k == schema.KindPlace || k == schema.KindOrganisation || k == schema.KindSystem {
			return false
		}
	}
	return true
}

// withoutGenericTail drops a word of genericMods after the head: a
// "recruitment round" is a recruitment.
func withoutGenericTail(w []string) []string {
	if len(w) > 2 && genericMods[w[len(w)-1]] && workHeads[w[len(w)-2]] != "" {
		return w[:len(w)-1]
	}
	return w
}

// sameTool: two descriptive names of a system with the same words before
// a head of one kind ("HR portal", "HR system"): no word more on either
// side ("Sales tax tool" is not the "Sales platform"), and a dashboard is
// no portal.
func sameTool(m, c []string) bool {
	m, c = writtenOut(dropWords(m, descriptiveDrop)), writtenOut(dropWords(c, descriptiveDrop))
	if len(m) < 2 || len(m) != len(c) {
		return false
	}
	hm, hc := workHeads[m[len(m)-1]], workHeads[c[len(c)-1]]
	return hm != "" && hm == hc && equal(m[:len(m)-1], c[:len(c)-1])
}
