package resolve

import (
	_ "embed"
	"strings"
	"sync"
)

// airportSource lists the IATA codes of the world's airports with their
// names (see internal/airportsgen), one a line: "JFK|john f kennedy
// international airport".
//
//go:embed airports.txt
var airportSource string

// airportWords say a place is an airport and are left out when an
// airport's names are compared: "JFK" is "John F. Kennedy International
// Airport" and "Kennedy Airport" alike.
var airportWords = map[string]bool{
	"airport": true, "international": true, "intl": true, "regional": true, "municipal": true,
	"aerodrome": true, "airfield": true,
}

// airportNames reads airportSource once, into a map from each code to the
// airport's name without airportWords.
var airportNames = sync.OnceValue(func() map[string][]string {
	out := make(map[string][]string, 8_000)
	for _, line := range strings.Split(airportSource, "\n") {
		if code, name, ok := strings.Cut(line, "|"); ok {
			out[code] = dropWords(strings.Fields(name), airportWords)
		}
	}
	return out
})

// airportCode: code, three capitals, is the IATA code of the airport ct
// (a name's words) names. The name must say it is an airport, or hold the
// airport's own name of two words or more: "Newark" is a city, "Newark
// Liberty" and "Heathrow Airport" are airports.
func airportCode(code string, ct []string) bool {
	name, ok := airportNames()[strings.TrimSpace(code)]
	if !ok || len(name) == 0 {
		return false
	}
	cc := dropWords(ct, airportWords)
	said := len(cc) < len(ct)
	switch {
	case len(cc) == 0:
		return false
	case containsWords(cc, name):
		return said || len(name) >= 2
	case containsWords(name, cc):
		return said
	}
	return false
}

// airportNicknames are names of airports that are neither their code nor
// in their name, with the code they stand for: Paris-Charles de Gaulle is
// "Roissy" after its commune, JFK was Idlewild.
var airportNicknames = map[string]string{"roissy": "CDG", "idlewild": "JFK", "sea tac": "SEA"}

// airportNickname: m (a name's words) is an airport's nickname and ct
// names that airport.
func airportNickname(m, ct []string) bool {
	code, ok := airportNicknames[strings.Join(m, " ")]
	return ok && airportCode(code, ct)
}
