package resolve

import (
	_ "embed"
	"strings"
	"sync"
)

// airportSource lists the IATA codes of the world's airports with their
// names and their cities' (see internal/airportsgen), one a line:
// "JFK|john f kennedy international airport|new york".
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

// airport is one line of airportSource: the airport's name without
// airportWords, and its city's.
type airport struct{ name, city []string }

// airports reads airportSource once, into a map from each code to its
// airport.
var airports = sync.OnceValue(func() map[string]airport {
	out := make(map[string]airport, 8_000)
	for _, line := range strings.Split(airportSource, "\n") {
		if f := strings.Split(line, "|"); len(f) == 3 {
			out[f[0]] = airport{dropWords(strings.Fields(f[1]), airportWords), strings.Fields(f[2])}
		}
	}
	return out
})

// airportCode: code, three capitals, is the IATA code of the airport ct
// (a name's words) names. The name must say it is an airport, or be the
// airport's own name of two words or more: "Newark" is a city, "Newark
// Liberty" and "Heathrow Airport" are airports, the "Los Angeles Lakers"
// are no airport.
func airportCode(code string, ct []string) bool {
	a, ok := airports()[strings.TrimSpace(code)]
	if !ok || len(a.name) == 0 {
		return false
	}
	cc := dropWords(ct, airportWords)
	said := len(cc) < len(ct)
	switch {
	case len(cc) == 0:
		return false
	case !said && (equal(cc, a.city) || knownPlace(cc)):
		return false // "Bay City" is the city, not Bay City Regional Airport
	case !said:
		return equal(cc, a.name) && len(a.name) >= 2 // "Newark Liberty", never "Los Angeles Lakers"
	case containsWords(cc, a.name):
		return true
	case containsWords(a.name, cc):
		return true // "Heathrow Airport"
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

// sameAirport: the mention (mention, its words mt) and a candidate's name
// (name, its words ct) name one airport, one by its code or a nickname.
func sameAirport(mention string, mt []string, name string, ct []string) bool {
	return allCaps(mention) && len(mt) == 1 && airportCode(mention, ct) ||
		allCaps(name) && len(ct) == 1 && airportCode(name, mt) ||
		airportNickname(mt, ct) || airportNickname(ct, mt)
}
