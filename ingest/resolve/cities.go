package resolve

import (
	_ "embed"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// citySource lists the world's cities of at least 100,000 people with the
// countries they are in (see internal/citiesgen), one a line:
// "kyoto|japan", "valencia|spain|united states|venezuela".
//
//go:embed cities.txt
var citySource string

// cityCountries reads citySource once, into a map from each city's name to
// the countries that have a city of that name.
var cityCountries = sync.OnceValue(func() map[string][]string {
	out := make(map[string][]string, 6_500)
	for _, line := range strings.Split(citySource, "\n") {
		if f := strings.Split(line, "|"); len(f) >= 2 {
			out[f[0]] = f[1:]
		}
	}
	return out
})

// countryWords are single words people say for a country whose name is
// longer: "the UK trip".
var countryWords = map[string]string{
	"uk": "united kingdom", "britain": "united kingdom", "usa": "united states", "us": "united states",
	"america": "united states", "states": "united states",
}

// ukNations are the countries of the United Kingdom, said where a city's
// country is: "Birmingham, England".
var ukNations = map[string]bool{"england": true, "scotland": true, "wales": true, "northern ireland": true}

// cityIn: the city's name is that of a city cities.txt puts in the
// country named by qualifier ("austria"; "uk", "england" for the United
// Kingdom).
func cityIn(city, qualifier string) bool {
	country := qualifier
	if c, ok := countryWords[qualifier]; ok {
		country = c
	} else if ukNations[qualifier] {
		country = "united kingdom"
	}
	return slices.Contains(cityCountries()[city], country)
}

// citiesIn returns how many of ws's words name cities in the country w
// (a country's name of one word, or one of countryWords), counting each
// city's words; 0 when none does: "japan" and "tokyo kyoto": 2.
func citiesIn(w string, ws []string) int {
	country := w
	if c, ok := countryWords[w]; ok {
		country = c
	}
	n := 0
	for i := 0; i < len(ws); {
		found := 0
		for size := min(3, len(ws)-i); size >= 1 && found == 0; size-- {
			for _, c := range cityCountries()[strings.Join(ws[i:i+size], " ")] {
				if c == country {
					found = size
					break
				}
			}
		}
		if found == 0 {
			i++
			continue
		}
		n += found
		i += found
	}
	return n
}

// trailingNote matches a remark in brackets at the end of a name: "Tokyo
// and Kyoto holiday (April 2025)".
var trailingNote = regexp.MustCompile(`\s*\([^()]*\)\s*$`)

// withoutNote returns name without a remark in brackets at its end.
func withoutNote(name string) string {
	if len(name) > maxNameBytes || !strings.HasSuffix(strings.TrimSpace(name), ")") {
		return name
	}
	return trailingNote.ReplaceAllString(name, "")
}
