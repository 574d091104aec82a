package rules

import (
	_ "embed"
	"strings"
)

//go:embed places.txt
var placesText string

// gazetteerPlaces are lower-case names of cities of at least 15,000
// people, countries and US states (GeoNames, places.txt, written by
// internal/placesgen, which leaves out cities named by ordinary words:
// "reading", "mobile"), less the rules' own common words and given names:
// a capitalised name the rules cannot place otherwise is a place when it
// is one of these.
var gazetteerPlaces = func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(placesText, "\n") {
		n := strings.TrimSpace(line)
		if n == "" || strings.HasPrefix(n, "#") || commonWords[n] || firstNames[n] {
			continue
		}
		m[n] = true
	}
	return m
}()

// showVerbs are what one does to a show, a film or a team, not a place:
// "we went to see Hamilton".
var showVerbs = set(`see saw seen seeing watch watched watching`)
