package rules

import (
	_ "embed"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

//go:embed places.txt
var placesText string

// gazetteerPlaces are lower-case names of cities of at least 15,000
// people, countries and US states, and the other names of the larger
// cities ("bombay", "philly"), without accents (GeoNames, places.txt,
// written by internal/placesgen, which leaves out cities named by
// ordinary words: "reading", "mobile"), less the rules' own common words
// and given names: a capitalised name the rules cannot place otherwise is
// a place when it is one of these (isGazetteerPlace).
var gazetteerPlaces = func() map[string]bool {
	m := map[string]bool{}
	for line := range strings.Lines(placesText) {
		n := foldAccents(strings.TrimSpace(line))
		if n == "" || strings.HasPrefix(n, "#") || commonWords[n] || firstNames[n] {
			continue
		}
		m[n] = true
	}
	return m
}()

// isGazetteerPlace: the lower-case name low is in gazetteerPlaces, accents
// or none ("münchen", "sao paulo").
func isGazetteerPlace(low string) bool {
	return gazetteerPlaces[foldAccents(low)]
}

// foldAccents drops the accents of s: "são paulo" is "sao paulo".
func foldAccents(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// showVerbs are what one does to a show, a film or a team, not a place:
// "we went to see Hamilton".
var showVerbs = set(`see saw seen seeing watch watched watching`)
