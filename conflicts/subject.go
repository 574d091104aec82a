package conflicts

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Subjects are compared in one canonical form (subjectWords, then
// canonSubject), so that wordings of one subject read alike:
//
//   - a possessive is the same as its noun: "the rabbit's vet" = "rabbit
//     vet" (the extractor writes a folded property without the "'s");
//   - a kinship appositive before a name is the name: "my brother Farid"
//     = "Farid", "Aunt Rosa" = "Rosa";
//   - a change modifier does not make another subject: "the rabbit's new
//     vet" is the rabbit's vet, now held by someone new ("new" and
//     "latest" also say the old value was replaced; "current" and
//     "present" only that it holds now);
//   - a property said with a preposition is the property of its owner:
//     "the interest rate on the account" = "the account's interest rate",
//     "the head of finance" = "finance head".

// changeModifiers qualify a property or role as the one held now.
var changeModifiers = map[string]bool{"new": true, "latest": true, "current": true, "present": true}

// replacing reports whether a change modifier says the value was replaced.
func replacing(w string) bool { return w == "new" || w == "latest" }

// kinWords introduce a person by their relation: "my sister Anna".
var kinWords = map[string]bool{
	"brother": true, "sister": true, "mother": true, "father": true, "mum": true, "mom": true,
	"dad": true, "son": true, "daughter": true, "aunt": true, "auntie": true, "uncle": true,
	"cousin": true, "nephew": true, "niece": true, "grandson": true, "granddaughter": true,
	"grandmother": true, "grandfather": true, "grandma": true, "grandpa": true, "gran": true,
	"grandad": true, "granddad": true, "nan": true, "nana": true,
	"granny": true, "wife": true, "husband": true, "partner": true, "friend": true,
	"colleague": true, "neighbour": true, "neighbor": true, "boss": true, "stepson": true,
	"stepdaughter": true, "stepmother": true, "stepfather": true, "sibling": true, "flatmate": true,
	"roommate": true, "boyfriend": true, "girlfriend": true, "fiance": true, "fiancee": true,
	"fiancé": true, "fiancée": true, "twin": true, "godson": true, "goddaughter": true,
	"mama": true, "papa": true, "mummy": true, "mommy": true, "daddy": true, "mam": true,
}

// determiners open a noun phrase before a kinship word.
var determiners = map[string]bool{"my": true, "our": true, "his": true, "her": true, "their": true, "the": true, "your": true}

// nameWord: t is written as a name: capitalised, a word, not "I" or one
// of its contractions, and no day or month ("Tuesday", "Thurs", "March").
func nameWord(t ctok) bool {
	w := strings.TrimSuffix(t.low, "'s")
	return capitalised(t.raw) && isWord(w) && w != "i" && !strings.HasPrefix(w, "i'") && !calendarWords[w] && weekdays[w] == ""
}

// nameRun reads the words written as names (nameWord) from k on, at most
// max of them and none after a clause break, in lower case without "'s":
// "Green Glen Produce", "Campo Grande". end is the index after them.
func nameRun(ts []ctok, k, max int) (name []string, end int) {
	for ; k < len(ts) && len(name) < max && nameWord(ts[k]) && !(len(name) > 0 && ts[k].brk); k++ {
		name = append(name, strings.TrimSuffix(ts[k].low, "'s"))
	}
	return name, k
}

// capitalised: w begins with an upper-case letter.
func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// subjectWords is key for a subject, with a kinship appositive before a
// name dropped, a change modifier dropped (renewed reports "new" or
// "latest") and a possessive "'s" dropped from each word.
func subjectWords(raw string) (k []string, renewed bool) {
	ws := strings.Fields(raw)
	for i := range ws {
		ws[i] = strings.Trim(ws[i], " .,;:!?\"()")
	}
	i := 0
	if i < len(ws) && (determiners[strings.ToLower(ws[i])] || strings.ToLower(ws[i]) == "user's") {
		i++
	}
	if i+1 < len(ws) && kinWords[strings.ToLower(ws[i])] {
		name := true
		for _, w := range ws[i+1:] {
			if !capitalised(w) {
				name = false
				break
			}
		}
		if !name && i > 0 && i+2 == len(ws) && lowerName(ws[i+1]) {
			// the extractor's subject in lower case: "user's sister rania"
			name = true
		}
		if name {
			ws = ws[i+1:]
		}
	}
	kept := ws[:0:0]
	for j, w := range ws {
		// lower case only: "New York" is a name, and the last word is the noun
		if changeModifiers[w] && j < len(ws)-1 {
			renewed = renewed || replacing(w)
			continue
		}
		if (w == "whole" || w == "entire") && j < len(ws)-1 {
			continue // "the whole farm" is the farm
		}
		kept = append(kept, w)
	}
	for _, w := range key(strings.Join(kept, " ")) {
		if b, ok := strings.CutSuffix(w, "'s"); ok && len(b) > 1 {
			w = b
		}
		k = append(k, w)
	}
	return k, renewed
}

// propertyPreps join a property to its owner: "the rate on", "the head
// of", "the price for".
var propertyPreps = map[string]bool{"of": true, "on": true, "for": true}

// roleSynonyms are two-word names of a role and the one word that names
// it too: "our family doctor" is "our GP".
var roleSynonyms = map[string]string{
	"family doctor": "gp", "general practitioner": "gp", "line manager": "manager",
	"team leader": "team lead", "technical lead": "tech lead", "head teacher": "headteacher",
	"veterinary surgeon": "vet", "veterinarian": "vet", "family dentist": "dentist",
}

// canonSubject writes a property said with a preposition after its owner
// ("interest rate on savings account" -> "savings account interest
// rate"), when the word before the preposition is a property noun, and
// a role by one name of it ("family doctor" -> "gp").
func canonSubject(k []string) string {
	if n := len(k); n >= 1 {
		for _, w := range []int{2, 1} {
			if n < w {
				continue
			}
			if r, ok := roleSynonyms[strings.Join(k[n-w:], " ")]; ok {
				k = append(append([]string{}, k[:n-w]...), strings.Fields(r)...)
				break
			}
		}
	}
	return canonProperty(k)
}

// canonProperty writes a property said with a preposition after its owner.
func canonProperty(k []string) string {
	for i := 1; i < len(k)-1; i++ {
		if !propertyPreps[k[i]] {
			continue
		}
		if !propertyNouns[k[i-1]] {
			break
		}
		out := append(append([]string{}, k[i+1:]...), k[:i]...)
		return strings.Join(out, " ")
	}
	return strings.Join(k, " ")
}

// subjectKey is the canonical subject of a raw subject.
func subjectKey(raw string) string {
	k, _ := subjectWords(raw)
	return canonSubject(k)
}

// sameNoun: x and y are one noun, one of them a regular plural of the
// other ("flower", "flowers"; "peony", "peonies"; "box", "boxes").
func sameNoun(x, y string) bool {
	if x == y {
		return true
	}
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(x) < 3 || hasDigit(x) {
		return false
	}
	switch {
	case y == x+"s" && !strings.HasSuffix(x, "s"):
		return true
	case y == x+"es" && (strings.HasSuffix(x, "s") || strings.HasSuffix(x, "x") || strings.HasSuffix(x, "ch") || strings.HasSuffix(x, "sh") || strings.HasSuffix(x, "o")):
		return true
	case strings.HasSuffix(x, "y") && y == x[:len(x)-1]+"ies":
		return true
	}
	return false
}

// sameWords: a and b are the same words, the last of which may be one
// noun in the singular and the plural.
func sameWords(a, b []string) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(i == len(a)-1 && sameNoun(a[i], b[i])) {
			return false
		}
	}
	return true
}

// lowerName: w, in a subject the extractor wrote in lower case, may be a
// name after a kinship noun: one word of letters that names no property
// and is no kinship word ("user's sister rania", not "user's sister car").
func lowerName(w string) bool {
	w = strings.TrimSuffix(strings.ToLower(w), "'s")
	return len(w) > 1 && isWord(w) && !propertyNouns[w] && !kinWords[w] && !petNouns[w] && !topicDrop[w]
}
