package rules

import (
	"strings"
	"unicode"

	"github.com/persistmemory/persistmemory/schema"
)

// nameConnectors may join capitalised words into one name ("Bank of
// America", "Leonardo da Vinci", "Abel & Cole").
var nameConnectors = set(`of de da du del della van von der la le y &`)

// mentionSpan is an entity found in a sentence: its mention and token
// range [from, to).
type mentionSpan struct {
	m        schema.Mention
	from, to int
}

// findEntities returns the entity mentions in a sentence's tokens, in
// order, without repeats. skip marks tokens that are part of a time
// expression (month and weekday names are not entities); lower holds the
// words the document writes in lower case (nil: none known).
func findEntities(toks []tok, skip []bool, lower map[string]bool) []mentionSpan {
	var out []mentionSpan
	seen := map[string]bool{}
	addM := func(name string, kind schema.EntityKind, from, to int) {
		k := strings.ToLower(name)
		if name == "" || seen[k] {
			return
		}
		seen[k] = true
		out = append(out, mentionSpan{schema.Mention{Name: name, Kind: kind}, from, to})
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if skip != nil && skip[i] {
			continue
		}
		switch t.kind {
		case tEmail:
			addM(t.s, schema.KindPerson, i, i+1)
			continue
		case tHandle:
			addM(t.s, schema.KindPerson, i, i+1)
			continue
		case tURL, tPunct:
			continue
		}
		// known lower-case system names ("we use postgres")
		if !t.cap {
			if name, ok := knownSystems[t.low]; ok && !ambiguousSystems[t.low] && t.kind == tWord {
				addM(name, schema.KindSystem, i, i+1)
				continue
			}
			if t.kind == tWord && looksLikeSystem(t.s) {
				addM(t.s, schema.KindSystem, i, i+1)
			}
			continue
		}
		// a run of capitalised words
		j := i + 1
		for j < len(toks) {
			if skip != nil && skip[j] {
				break
			}
			u := toks[j]
			if u.kind == tWord && u.cap && !(u.low == "i") && !commonAcronyms[u.s] {
				j++
				continue
			}
			if u.kind == tNum && j > i && isVersionLike(u.s) && knownSystems[toks[j-1].low] != "" {
				j++ // "Python 3", "Postgres 16"
				continue
			}
			if nameConnectors[u.low] && j+1 < len(toks) && toks[j+1].cap && toks[j+1].kind == tWord && !(skip != nil && skip[j+1]) {
				j += 2
				continue
			}
			if u.low == "of" && j+2 < len(toks) && toks[j+1].low == "the" && toks[j+2].cap && toks[j+2].kind == tWord && !(skip != nil && (skip[j+1] || skip[j+2])) {
				j += 3 // "Lord of the Rings", "Pirates of the Caribbean"
				continue
			}
			break
		}
		from := i
		// drop capitalised common words at the start of the run
		// ("Yesterday", "My", "The")
		for from < j && isCommonCap(toks, from) && !knownRun(toks[from:j]) {
			from++
		}
		// a leading title makes a person ("Dr Anna Silva")
		titled := false
		for from < j && titles[strings.TrimSuffix(toks[from].low, ".")] {
			titled = true
			from++
			if from < len(toks) && toks[from].s == "." {
				from++
			}
		}
		if from >= j {
			i = j - 1
			continue
		}
		if from+1 == j && (commonAcronyms[toks[from].s] || nonEntities[toks[from].low]) {
			i = j - 1
			continue
		}
		// a lone unknown word at the start of a sentence is usually an
		// ordinary word written with a capital ("Standup moves to 9:30"),
		// unless a person's verb or a possessive follows it
		if from+1 == j && atSentenceStart(toks, from) && !knownName(toks[from]) {
			nx := ""
			if j < len(toks) {
				nx = toks[j].low
			}
			if !personVerbs[nx] && nx != "'s" && !looksLikeSystem(toks[from].s) || talkNoun(toks[from].low) || lower[toks[from].low] {
				i = j - 1
				continue
			}
		}
		if k, ok := businessName(toks, skip, from, j); ok {
			// "Sam's Club", "Tom's Diner"; "at Sainsbury's": a business
			// named after someone
			name := joinTokens(toks[from:j]) + "'s"
			if k > j+1 {
				name += " " + joinTokens(toks[j+1:k])
			}
			addM(name, schema.KindOrganisation, from, k)
			i = k - 1
			continue
		}
		name := joinTokens(toks[from:j])
		addM(name, entityKind(toks, from, j, titled), from, j)
		i = j - 1
	}
	return out
}

// businessNouns, after a name and its possessive, make a business of it:
// "Sam's Club", "Joe's Pizza", "Tom's Diner".
var businessNouns = set(`club diner pizza pizzeria kitchen cafe café bar grill bakery deli pub tavern
restaurant garage pharmacy market store shop salon barbers barbershop books bookshop bistro burgers tacos
coffee donuts bagels inn lounge hardware motors autos chippy`)

// shopPreps before a name and its possessive, said alone, make a shop of
// it: "at Sainsbury's", "from McDonald's" (but "at Anna's" is her home).
var shopPreps = set(`at from`)

// afterShop are words that may follow a shop's name said with its
// possessive alone: "at Sainsbury's on Sundays", "at McDonald's was grim".
var afterShop = set(`on in at for was is and with near again every last this yesterday today but or to
because so after before`)

// businessName: the capitalised run toks[from:to] is followed by a
// possessive that makes a business's name of it, which ends before end:
// with businessNouns after it ("Sam's Club"), or alone after shopPreps
// when the name begins with no given name, relation or title and no noun
// follows ("at Sainsbury's"; not "at Sarah Jones's", "at Mum's").
func businessName(toks []tok, skip []bool, from, to int) (end int, ok bool) {
	if to >= len(toks) || toks[to].low != "'s" {
		return 0, false
	}
	k := to + 1
	for k < len(toks) && toks[k].kind == tWord && toks[k].cap && businessNouns[toks[k].low] && !(skip != nil && skip[k]) {
		k++
	}
	if k > to+1 {
		return k, true
	}
	if from == 0 || !shopPreps[toks[from-1].low] || firstNames[toks[from].low] || kinship[toks[from].low] || titles[toks[from].low] || kinship[toks[to-1].low] {
		// "at Sarah Jones's", "at Mum's", "at Grandma's": someone's home
		return 0, false
	}
	if k < len(toks) && toks[k].kind == tWord && !afterShop[toks[k].low] {
		return 0, false // "at Sam's place", "at Mum's house"
	}
	return k, true
}

// knownRun: the words name a known place, organisation or system as a
// whole ("New York City", whose "New" is also a common word).
func knownRun(ts []tok) bool {
	if len(ts) < 2 {
		return false
	}
	low := strings.ToLower(joinTokens(ts))
	return knownPlaces[low] != "" || knownOrgs[low] != "" || knownSystems[low] != ""
}

func atSentenceStart(toks []tok, i int) bool {
	return i == 0 || toks[i-1].s == ":" || toks[i-1].s == "\"" || toks[i-1].s == "("
}

// knownName: the word is in one of the name lists.
func knownName(t tok) bool {
	return knownSystems[t.low] != "" && !ambiguousSystems[t.low] || knownPlaces[t.low] != "" || knownOrgs[t.low] != "" || firstNames[t.low]
}

// isCommonCap reports whether the capitalised token at i is an ordinary
// word rather than part of a name: a common word, or a word at the start
// of the sentence that is a known verb or common word.
func isCommonCap(toks []tok, i int) bool {
	w := toks[i].low
	if commonWords[w] || w == "i" {
		return true
	}
	if _, ok := knownSystems[w]; ok && ambiguousSystems[w] && (i == 0 || toks[i-1].s == ":") {
		return true
	}
	if i == 0 || toks[i-1].s == ":" || toks[i-1].s == "\"" {
		if knownSystems[w] != "" || knownPlaces[w] != "" || knownOrgs[w] != "" || firstNames[w] {
			return false
		}
		if _, _, ok := lookupVerb(w); ok {
			return true
		}
		if determiners[w] || preps[w] || stopwords[w] || kinship[w] || startNouns[w] || propertyNouns[w] {
			return true
		}
	}
	if kinship[w] && i+1 < len(toks) && toks[i+1].cap {
		return true // "Sister Anna" is unusual; "my sister Anna" is handled by the caller
	}
	return false
}

func joinTokens(ts []tok) string {
	var b strings.Builder
	for k, t := range ts {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.s)
	}
	return b.String()
}

// isVersionLike: "3", "16", "3.11".
func isVersionLike(s string) bool {
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r == '.') {
			return false
		}
	}
	return len(s) > 0 && len(s) <= 6
}

// looksLikeSystem: a word with inner capitals or digits mixed with letters
// ("PostgreSQL", "iOS", "S3", "EC2", "Neo4j"), or a ".js" name.
func looksLikeSystem(s string) bool {
	if strings.HasSuffix(strings.ToLower(s), ".js") && len(s) > 3 {
		return true
	}
	letters, digits, innerUpper := 0, 0, false
	for k, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
			if k > 0 && unicode.IsUpper(r) {
				innerUpper = true
			}
		case unicode.IsDigit(r):
			digits++
		case r == '-' || r == '.' || r == '\'' || r == '/' || r == '_' || r == '+':
		default:
			return false
		}
	}
	if letters == 0 {
		return false
	}
	if strings.Contains(s, "-") && strings.ToLower(s) == s {
		return false // "eu-west-1", "covid-19": identifiers, not products
	}
	if digits > 0 {
		return letters >= 1 && !isOrdinalWord(s)
	}
	if innerUpper {
		if strings.HasPrefix(s, "Mc") || strings.HasPrefix(s, "Mac") || strings.HasPrefix(s, "O'") {
			return false
		}
		// ALLCAPS is an acronym, not CamelCase
		return strings.ToUpper(s) != s
	}
	return false
}

func isOrdinalWord(s string) bool {
	l := strings.ToLower(s)
	for _, suf := range []string{"st", "nd", "rd", "th", "am", "pm", "s", "k", "m", "h", "x", "kg", "km", "min", "gb", "mb", "tb"} {
		if strings.HasSuffix(l, suf) {
			head := l[:len(l)-len(suf)]
			if head != "" && strings.Trim(head, "0123456789.,") == "" {
				return true
			}
		}
	}
	return false
}

// entityKind decides the kind of the capitalised run toks[from:to].
func entityKind(toks []tok, from, to int, titled bool) schema.EntityKind {
	name := joinTokens(toks[from:to])
	low := strings.ToLower(name)
	last := toks[to-1].s
	first := toks[from].low
	prev := ""
	if from > 0 {
		prev = toks[from-1].low
	}
	next := ""
	if to < len(toks) {
		next = toks[to].low
	}
	switch {
	case titled:
		return schema.KindPerson
	case prev == "project" || first == "project" || next == "project" || next == "initiative" || next == "programme" || next == "program":
		return schema.KindProject
	case knownSystems[low] != "" || knownSystems[first] != "" && !ambiguousSystems[first] && to-from >= 2:
		if knownOrgs[low] != "" && (orgVerbs[prev] || prev == "at" || prev == "for") {
			return schema.KindOrganisation
		}
		return schema.KindSystem
	case knownPlaces[low] != "":
		return schema.KindPlace
	case knownOrgs[low] != "":
		return schema.KindOrganisation
	case to-from > 1 && (clubSuffixes[last] || townClubSuffixes[last] && sportsContext(toks)):
		// "Hartley Rovers", "Leeds United", "Castle City" in a match report
		return schema.KindOrganisation
	case orgSuffixes[last] || orgSuffixes[strings.TrimSuffix(last, ".")] || (to-from > 1 && orgSuffixes[toks[from].s] && nameConnectors[toks[from+1].low]):
		return schema.KindOrganisation
	case placeSuffixes[last] && to-from > 1:
		return schema.KindPlace
	case to-from == 1 && looksLikeSystem(toks[from].s):
		return schema.KindSystem
	}
	// context
	if animalName(toks, from) {
		return schema.KindOther // "our puppy Biscuit": a pet, not a person
	}
	if from > 0 && kinship[prev] {
		return schema.KindPerson
	}
	// "Marta from Globex": where a person is from is an organisation
	if prev == "from" && from >= 2 && toks[from-2].cap && firstNames[toks[from-2].low] {
		return schema.KindOrganisation
	}
	if firstNames[first] && (to-from <= 3) {
		return schema.KindPerson
	}
	if financeObject(toks, from) {
		return schema.KindOrganisation // "we moved our savings to Nationwide"
	}
	if to-from == 1 && isAllCaps(toks[from].s) && len(toks[from].s) >= 2 && len(toks[from].s) <= 5 {
		return schema.KindOrganisation
	}
	if personVerbs[next] && next != "is" && next != "was" && next != "has" && next != "had" {
		return schema.KindPerson
	}
	if (next == "is" || next == "was" || next == "'s") && someonesRole(toks, to+1) {
		return schema.KindPerson // "Kuba Nowak is my new manager"
	}
	if personBefore[prev] && prev != "from" && prev != "by" && prev != "and" {
		return schema.KindPerson
	}
	verb := nearestVerb(toks, from)
	if prev == "at" || prev == "for" {
		if orgVerbs[verb] {
			return schema.KindOrganisation
		}
	}
	if prev == "in" || prev == "to" || prev == "from" || prev == "near" || prev == "visited" || prev == "visit" || prev == "visiting" {
		if placeVerbs[verb] || prev == "visited" || prev == "visit" || prev == "visiting" {
			return schema.KindPlace
		}
	}
	if locativeIn(toks, from, to) {
		return schema.KindPlace // "the band is playing in Brighton"
	}
	if isGazetteerPlace(low) && !showVerbs[prev] {
		// "Leeds was freezing", "we drove down to Norwich"; not what is
		// seen or watched ("to see Hamilton")
		return schema.KindPlace
	}
	return schema.KindOther
}

// locativeIn: the name toks[from:to] follows a locative "in" after an
// action verb ("is playing in Brighton on 14 June"): not an "in" that the
// verb governs ("interested in Helix", "written in Zig", "works in
// Marketing"), not after a bare copula ("I'm in Helios", which may be a
// team), not a numbered thing ("in Year 6", "in Room 4") and not a
// possessor ("in Farah's class").
func locativeIn(toks []tok, from, to int) bool {
	if from < 2 || toks[from-1].low != "in" {
		return false
	}
	if to < len(toks) && (toks[to].low == "'s" || toks[to].low == "'" || toks[to].kind == tNum) {
		return false
	}
	for _, t := range toks[from:to] {
		if looksLikeSystem(t.s) || isAllCaps(t.s) && len(t.s) > 1 {
			return false
		}
	}
	// the verb before "in", at most three words back
	for k := from - 2; k >= 0 && k >= from-4; k-- {
		w := toks[k].low
		if inComplement[w] {
			return false
		}
		if toks[k].kind != tWord {
			return false
		}
		if _, _, ok := lookupVerb(w); ok && !aux[w] {
			return true
		}
	}
	return false
}

// inComplement words take "in" as part of their meaning, so the name after
// it is what they are about, not where: "interested in", "invested in".
var inComplement = set(`interested interest involved invested invest invests investing
believe believes believed believing specialise specialises specialised specialize specializes
specialized engaged participate participates participated participating enrolled write
writes wrote written writing code codes coded coding build builds built implemented developed
rewritten ported trained qualified certified fluent proficient skilled experienced expert
degree course courses lessons class classes major majored majoring minor shares stake listed
featured mentioned quoted reported published registered logged signed included work works
worked working job role team teams`)

// financeObject: the name at from is where money is kept or owed, a
// bank, building society or insurer, whatever the verb: a finance noun
// right before the preposition ("we pay our mortgage through X", "our
// car insurance is with X", "an account at X"), or moved to or from it
// ("we moved our savings to X").
func financeObject(toks []tok, from int) bool {
	if from < 2 {
		return false
	}
	prep := toks[from-1].low
	switch prep {
	case "to", "into", "from", "with", "through", "at", "via":
	default:
		return false
	}
	k := from - 2
	sawBe := false
	for k > 0 && k >= from-4 && (beForms[toks[k].low] || toks[k].low == "'s" || toks[k].low == "now" || toks[k].low == "still") {
		sawBe = sawBe || beForms[toks[k].low] || toks[k].low == "'s"
		k--
	}
	w := toks[k].low
	switch {
	case bankVerbs[w] && !sawBe:
		return prep == "with" || prep == "at" || prep == "through"
	case !financeNouns[w]:
		return false
	case prep == "with":
		return sawBe // "our insurance is with X"; "discussed the mortgage with X" is not
	case prep == "to" || prep == "into" || prep == "from":
		for _, t := range toks[:k] {
			if transferVerbs[t.low] {
				return true
			}
		}
		return false
	}
	return true
}

// financeNouns are what a bank, building society or insurer holds.
var financeNouns = set(`savings account accounts mortgage mortgages loan loans pension pensions
insurance isa isas overdraft banking`)

// bankVerbs take the bank or insurer after "with": "we bank with X".
var bankVerbs = set(`bank banks banked banking insured insure insures`)

// transferVerbs move money between institutions.
var transferVerbs = set(`move moves moved moving switch switches switched switching transfer
transfers transferred transferring shift shifted port ported`)

// animalName: the name at from is an animal's: after an animal noun ("our
// puppy Biscuit"), perhaps with "named" or "called" between ("a rescue
// dog named Pepper").
func animalName(toks []tok, from int) bool {
	k := from - 1
	if k >= 0 && (toks[k].low == "named" || toks[k].low == "called") {
		k--
	}
	return k >= 0 && animalNouns[toks[k].low]
}

// animalNouns before a name make it an animal's name: "our puppy
// Biscuit", "a rescue dog named Pepper".
var animalNouns = set(`dog dogs cat cats puppy puppies kitten kittens pet pets hamster parrot
horse pony rabbit bunny tortoise turtle goldfish fish budgie ferret gerbil guinea-pig
lizard snake chicken hen goat donkey cockatiel canary mare stallion foal lamb`)

// clubSuffixes end the names of sports clubs: "Hartley Rovers", "Leeds
// United", "Ashford FC".
var clubSuffixes = set(`Rovers United Wanderers Athletic Athletico Albion Rangers FC AFC CF SC
Hotspur Harriers Olympic Olympique Dynamo Celtic Thistle Argyle Academical Alexandra`)

// townClubSuffixes end a club's name or a place's ("Manchester City",
// "Mexico City"): a club when the sentence is about sport.
var townClubSuffixes = set(`City Town County`)

// sportsContext: the sentence speaks of a match: "scored", "beat",
// "against", "match", "league".
func sportsContext(toks []tok) bool {
	for _, t := range toks {
		if sportsWords[t.low] {
			return true
		}
	}
	return false
}

var sportsWords = set(`match matches game games fixture fixtures derby league cup final
semi-final beat beaten beating scored score scores scoring drew draw against versus vs
stadium supporters kick-off relegated promoted goal goals striker goalkeeper`)

// nearestVerb is the closest word before i that is a known verb form.
func nearestVerb(toks []tok, i int) string {
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		w := toks[k].low
		if placeVerbs[w] || orgVerbs[w] {
			return w
		}
		if _, _, ok := lookupVerb(w); ok && !aux[w] {
			return w
		}
	}
	return ""
}

func isAllCaps(s string) bool {
	has := false
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			has = true
		}
	}
	return has
}

// talkNoun: a word that opens a sentence as an ordinary noun, whatever
// verb follows: one of talkNouns, or an -ing form of six letters or more
// ("Winning is everything", "Networking has helped").
func talkNoun(w string) bool {
	return talkNouns[w] || len(w) >= 6 && strings.HasSuffix(w, "ing")
}

// pets are kinship's animals: "Rex is my dog" names no person.
var pets = set(`dog cat puppy kitten pet hamster parrot horse`)

// someonesRole: the words from k say whose relation or role the name
// before them is ("my new manager", "our old neighbour", "her cousin"): at
// most two words between the possessive and the role.
func someonesRole(toks []tok, k int) bool {
	if k >= len(toks) || !possessives[toks[k].low] {
		return false
	}
	for j := k + 1; j < len(toks) && j <= k+3; j++ {
		w := toks[j].low
		if kinship[w] {
			return !pets[w]
		}
		if toks[j].kind != tWord {
			return false
		}
	}
	return false
}
