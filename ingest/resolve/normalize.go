package resolve

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/persistmemory/persistmemory/internal/latin"
)

// Normalize returns the comparison form of an entity name: in Latin
// letters (other scripts transliterated: "Москва" is "moskva"), accents
// removed, lower case, "&" read as "and", possessive "'s" and punctuation
// dropped, a leading "the" dropped and spaces collapsed. "The Café
// Müller's" becomes "cafe muller". It returns "" for a name with no letters
// or digits.
func Normalize(name string) string {
	return strings.Join(tokens(name), " ")
}

// tokens is Normalize split into words.
func tokens(name string) []string {
	if len(name) > maxNameBytes {
		name = name[:maxNameBytes]
	}
	name = strings.ToValidUTF8(name, " ")
	// other scripts in Latin letters, and the Latin letters no accent
	// decomposes: "Дмитрий" is "Dmitrii", "Łukasz" "Lukasz"
	name = latin.Of(name)
	var b strings.Builder
	for _, r := range norm.NFKD.String(name) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// combining accent: drop
		case r == '&':
			b.WriteString(" and ")
		case r == '\'' || r == '’' || r == '`' || r == 'ʻ' || r == 'ʼ':
			b.WriteRune('\'')
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteByte(' ')
		}
	}
	var out []string
	for _, w := range strings.Fields(b.String()) {
		w = strings.TrimSuffix(w, "'s")
		w = strings.ReplaceAll(w, "'", "")
		if w != "" {
			out = append(out, w)
		}
	}
	if len(out) > 1 && out[0] == "the" {
		out = out[1:]
	}
	return out
}

// maxNameBytes bounds the work done on one name; longer input is cut.
const maxNameBytes = 512

// acronymSkip are the small words an acronym leaves out.
var acronymSkip = map[string]bool{
	"of": true, "the": true, "and": true, "for": true, "de": true, "da": true, "du": true,
	"la": true, "von": true, "van": true, "a": true, "an": true, "in": true, "on": true,
	"to": true,
}

// Acronym returns the lower-case initials of a name of two or more words,
// leaving out small words: "New York City" -> "nyc", "Bank of America" ->
// "ba", "The New York Times" -> "nyt". It returns "" for a one-word name.
func Acronym(name string) string {
	words := tokens(name)
	if len(words) < 2 {
		return ""
	}
	var b strings.Builder
	for _, w := range words {
		if acronymSkip[w] {
			continue
		}
		r := []rune(w)
		b.WriteRune(r[0])
	}
	if b.Len() < 2 {
		return ""
	}
	return b.String()
}

// numeronym returns "k8s" for "kubernetes": first letter, the count of
// letters between, last letter. Words shorter than 5 letters have none.
func numeronym(w string) string {
	r := []rune(w)
	if len(r) < 5 {
		return ""
	}
	return string(r[0]) + itoa(len(r)-2) + string(r[len(r)-1])
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	return string(d)
}
