package resolve

import (
	"slices"
	"strings"
)

// Names of places and organisations are spelt in several ways: in other
// languages' spellings ("Tokio", "Cracow"), with or without accents, with a
// word abbreviated ("St. Petersburg"), with a qualifier ("Gothenburg,
// Sweden"), or shortened to a distinctive first word ("Rio" for "Rio de
// Janeiro"). The rules here read those; none applies to people.

const (
	// scoreSpelling: the same name after spelling folds ("Tokio",
	// "Tokyo"; "Cracow", "Krakow").
	scoreSpelling = 0.95
	// scoreEdit: one letter apart after spelling folds, in a long name
	// ("Marrakesh", "Marrakech").
	scoreEdit = 0.93
	// editMinRunes is the least length of a folded name at which one edit
	// is a spelling variant: shorter names one letter apart are usually
	// other places ("Essen", "Essex"; "Iran", "Iraq").
	editMinRunes = 8
	// foldMinRunes is the least length of a folded name at which
	// spellings that fold alike are one name: "RBK" and "RBC" fold alike
	// but are two initialisms.
	foldMinRunes = 4
	// shortMinRunes is the least length of a first word that stands for
	// a whole place name.
	shortMinRunes = 3
)

// placeAbbrevs are words abbreviated in place names.
var placeAbbrevs = map[string]string{
	"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort", "pt": "port",
	// the word for a mountain in Malay and Indonesian: "Gunung Rinjani"
	"gunung": "mount",
	// ordinals in street names: "5th Ave"
	"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth", "6th": "sixth",
	"7th": "seventh", "8th": "eighth", "9th": "ninth", "10th": "tenth", "11th": "eleventh",
	"12th": "twelfth",
}

// genericPlaceLeads are first words shared by many place names: "Santa",
// "New", "San" alone name none of them.
var genericPlaceLeads = map[string]bool{
	"san": true, "santa": true, "santo": true, "sao": true, "saint": true, "sainte": true,
	"st": true, "new": true, "old": true, "north": true, "south": true, "east": true, "west": true,
	"northern": true, "southern": true, "eastern": true, "western": true, "upper": true,
	"lower": true, "great": true, "little": true, "greater": true, "mount": true, "mt": true,
	"lake": true, "port": true, "fort": true, "cape": true, "isle": true, "isla": true,
	"los": true, "las": true, "la": true, "le": true, "les": true, "el": true, "al": true,
	"de": true, "del": true, "bad": true, "united": true, "republic": true, "gran": true,
	"grand": true, "costa": true, "puerto": true, "porto": true,
}

// placeDesignators end a name that is another place than its first word:
// "Mexico City" is not Mexico, "Panama City" not Panama, "Lisbon Office" not
// Lisbon.
var placeDesignators = map[string]bool{
	"city": true, "town": true, "village": true, "county": true, "state": true,
	"province": true, "district": true, "region": true, "island": true, "islands": true,
	"bay": true, "river": true, "lake": true, "valley": true, "beach": true, "park": true,
	"airport": true, "station": true, "harbour": true, "harbor": true, "port": true,
	"mountains": true, "mountain": true, "hills": true, "peninsula": true, "coast": true,
	"desert": true, "forest": true, "falls": true, "canyon": true, "sea": true, "ocean": true,
	"square": true, "street": true, "road": true, "avenue": true, "bridge": true, "centre": true,
	"center": true, "university": true, "college": true, "hospital": true,
	// facilities in a place are not the place: "Lisbon Office"
	"office": true, "offices": true, "branch": true, "hq": true, "headquarters": true,
	"campus": true, "building": true, "tower": true, "hall": true, "house": true,
	"hotel": true, "store": true, "shop": true, "mall": true, "market": true, "stadium": true,
	"arena": true, "museum": true, "church": true, "cathedral": true, "palace": true,
	"castle": true, "school": true, "library": true, "gym": true, "clinic": true,
	"zoo": true, "garden": true, "gardens": true,
}

// streetAbbrevs are the kinds of street abbreviated at the end of an
// address's name: "Station Rd", "High St".
var streetAbbrevs = map[string]string{
	"st": "street", "rd": "road", "ave": "avenue", "av": "avenue", "ln": "lane", "sq": "square",
	"cres": "crescent", "cl": "close", "ct": "court", "pl": "place", "blvd": "boulevard",
	"gdns": "gardens", "gr": "grove", "tce": "terrace", "pde": "parade", "hwy": "highway",
}

// expandAbbrevs writes abbreviated words of a place name in full: the last
// word as a kind of street ("High St" is High Street), any other as a
// place word ("St Albans" is Saint Albans).
func expandAbbrevs(w []string) []string {
	var out []string
	changed := false
	for i, x := range w {
		if full, ok := streetAbbrevs[x]; ok && i == len(w)-1 && i > 0 {
			x, changed = full, true
		} else if full, ok := placeAbbrevs[x]; ok && len(w) > 1 {
			x, changed = full, true
		}
		out = append(out, x)
	}
	if !changed {
		return w
	}
	return out
}

// qualified returns the words of name before its first comma ("Gothenburg,
// Sweden" -> "gothenburg"), or nil when it has none.
func qualified(name string) []string {
	i := strings.IndexByte(name, ',')
	if i <= 0 {
		return nil
	}
	return tokens(name[:i])
}

// shortPlace: m is the distinctive first word of the multi-word place
// name c ("Rio" for "Rio de Janeiro", "Frankfurt" for "Frankfurt am
// Main"), not a generic first word ("Santa") and not a name whose last
// word makes it another place ("Mexico City").
//
// The rest of the name must read as a qualifier of the first word: it
// starts with a linking word ("de Janeiro", "am Main", "upon Tyne") or is
// joined to it by a hyphen ("Cluj-Napoca"). A second name of its own
// makes another place: "Newport" is not "Newport Pagnell". raw is the
// candidate's name as stored.
func shortPlace(m, c []string, raw string) bool {
	if len(m) != 1 || len(c) < 2 || m[0] != c[0] {
		return false
	}
	if len([]rune(m[0])) < shortMinRunes || genericPlaceLeads[m[0]] || hasDigitRune(m[0]) {
		return false
	}
	if placeDesignators[c[len(c)-1]] {
		return false
	}
	if hyphenAfterFirst(raw) && placeOfItsOwn(m[0]) && !placeVariant(m, c) {
		return false // "Narva", a town of its own, is not Narva-Jõesuu; "Cluj" is Cluj-Napoca
	}
	return placeLinks[c[1]] || hyphenAfterFirst(raw)
}

// placeOfItsOwn: n is the own name of a place GeoNames has ("narva"), not
// only another name of one ("cluj", of Cluj-Napoca).
func placeOfItsOwn(n string) bool {
	idx := placeNames()
	return slices.ContainsFunc(idx.lines[n], func(id int32) bool { return idx.own[id] == n })
}

// placeLinks are the small words that join a place's name to what
// qualifies it.
var placeLinks = map[string]bool{
	"de": true, "da": true, "do": true, "dos": true, "das": true, "del": true, "della": true,
	"di": true, "du": true, "des": true, "am": true, "an": true, "im": true, "in": true,
	"upon": true, "on": true, "under": true, "sur": true, "en": true, "la": true, "le": true,
	"les": true, "y": true, "bei": true, "ob": true, "nad": true, "na": true,
}

// hyphenAfterFirst: the name as written joins its first word to the next
// with a hyphen ("Cluj-Napoca").
func hyphenAfterFirst(raw string) bool {
	raw = strings.TrimSpace(raw)
	i := strings.IndexFunc(raw, func(r rune) bool { return r == ' ' || r == '-' || r == ',' })
	return i > 0 && raw[i] == '-'
}

// spellingFold maps a normalised name to a rough spelling key: letters
// other languages write differently read alike (y/i, k/c, z/s, ph/f,
// w/v), "ou"/"u" alike, and doubled letters once. "Tokio" and "Tokyo"
// fold to "tocio"; "Cracow" and "Krakow" to "cracov".
func spellingFold(s string) string {
	s = strings.ReplaceAll(s, " ", "")
	s = strings.ReplaceAll(s, "ph", "f")
	s = strings.ReplaceAll(s, "ou", "u")
	var b strings.Builder
	var prev rune
	for _, r := range s {
		switch r {
		case 'y':
			r = 'i'
		case 'k', 'q':
			r = 'c'
		case 'z':
			r = 's'
		case 'w':
			r = 'v'
		}
		if r == prev {
			continue
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// spellingScore compares two names of places or organisations by spelling:
// scoreSpelling when they fold alike, scoreEdit when the folded names are
// long, start alike and differ by one letter (substituted, added, dropped
// or two swapped), else 0. Names carrying different digits never match.
func spellingScore(m, c []string) float64 {
	nm, nc := strings.Join(m, " "), strings.Join(c, " ")
	if digitsDiffer(nm, nc) {
		return 0
	}
	fm, fc := spellingFold(nm), spellingFold(nc)
	if fm == "" || fc == "" {
		return 0
	}
	if fm == fc && (len([]rune(fm)) >= foldMinRunes || nm == nc) {
		return scoreSpelling
	}
	rm, rc := []rune(fm), []rune(fc)
	if len(rm) < editMinRunes || len(rc) < editMinRunes || rm[0] != rc[0] {
		return 0
	}
	if editDistance(rm, rc, 1) <= 1 && !codeWordsDiffer(m, c) {
		return scoreEdit
	}
	return 0
}

// codeWordsDiffer: the names differ in one word, of three letters or
// fewer on both sides: codes or initials, not a misspelling ("Samsung
// SDI", "Samsung SDS").
func codeWordsDiffer(m, c []string) bool {
	if len(m) != len(c) {
		return false
	}
	for i := range m {
		if m[i] != c[i] && len([]rune(m[i])) <= 3 && len([]rune(c[i])) <= 3 {
			return true
		}
	}
	return false
}

// editDistance is the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions, adjacent swaps), or limit+1 as
// soon as it exceeds limit.
func editDistance(a, b []rune, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func hasDigitRune(s string) bool {
	for _, r := range s {
		if r >= '0' && r <= '9' {
			return true
		}
	}
	return false
}

// stationWords say what kind of place a station or an airport is; its
// name is the rest: "London King's Cross station" is King's Cross.
var stationWords = map[string]bool{
	"station": true, "airport": true, "terminal": true, "international": true, "railway": true,
	"rail": true, "train": true, "bus": true, "coach": true, "tube": true,
}

// stationName: m names the station, airport or terminal c names with its
// city first and what it is ("King's Cross" for "London King's Cross
// station", "Schiphol" for "Amsterdam Airport Schiphol"): c less a city's
// name at its start and its stationWords is m less its stationWords,
// or a spelling of it. A city alone is no station: "London" is not
// "London Bridge station".
func stationName(m, c []string) bool {
	if len(c) < 3 || !slices.ContainsFunc(c, func(w string) bool { return stationWords[w] }) {
		return false // a place the name does not say is a station may be a suburb ("Sydney Kings Cross")
	}
	rest := withoutCity(c)
	if len(rest) == len(c) {
		return false
	}
	rm, rc := dropWords(m, stationWords), dropWords(rest, stationWords)
	if len(rm) == 0 || len(rc) == 0 || len(withoutCity(m)) < len(m) {
		return false
	}
	return equal(rm, rc) || possessiveAlike(rm, rc) || spellingScore(rm, rc) >= scoreSpelling
}

// possessiveAlike: a and b are word for word the same but for a
// possessive written without its apostrophe ("Kings Cross" for "King's
// Cross", whose "king's" reads as "king").
func possessiveAlike(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != b[i]+"s" && b[i] != a[i]+"s" {
			return false
		}
	}
	return true
}

// withoutCity drops the name of a city of the GeoNames table (one to
// three words) from the start of w.
func withoutCity(w []string) []string {
	idx := placeNames()
	for n := min(3, len(w)-1); n >= 1; n-- {
		if ids := idx.lines[strings.Join(w[:n], " ")]; len(ids) > 0 && slices.ContainsFunc(ids, func(id int32) bool { return idx.own[id] == strings.Join(w[:n], " ") }) {
			return w[n:]
		}
	}
	return w
}

// placeTails say what kind of part of a city a place is, and are often
// left out: "the Shibuya district" is Shibuya.
var placeTails = map[string]bool{
	"district": true, "neighbourhood": true, "neighborhood": true, "area": true, "ward": true, "quarter": true,
}

// withPlaceTail: long is short followed by one of placeTails.
func withPlaceTail(short, long []string) bool {
	return len(long) == len(short)+1 && placeTails[long[len(long)-1]] && equal(long[:len(short)], short)
}

// usStates are the two-letter postal codes of the US states, written in
// capitals for the state ("MN" for Minnesota). Louisiana's "LA" is left
// out: it is Los Angeles first (knownVariants).
var usStates = map[string]string{
	"AL": "alabama", "AK": "alaska", "AZ": "arizona", "AR": "arkansas", "CA": "california",
	"CO": "colorado", "CT": "connecticut", "DE": "delaware", "FL": "florida", "GA": "georgia",
	"HI": "hawaii", "ID": "idaho", "IL": "illinois", "IN": "indiana", "IA": "iowa",
	"KS": "kansas", "KY": "kentucky", "ME": "maine", "MD": "maryland", "MA": "massachusetts",
	"MI": "michigan", "MN": "minnesota", "MS": "mississippi", "MO": "missouri", "MT": "montana",
	"NE": "nebraska", "NV": "nevada", "NH": "new hampshire", "NJ": "new jersey", "NM": "new mexico",
	"NY": "new york", "NC": "north carolina", "ND": "north dakota", "OH": "ohio", "OK": "oklahoma",
	"OR": "oregon", "PA": "pennsylvania", "RI": "rhode island", "SC": "south carolina", "SD": "south dakota",
	"TN": "tennessee", "TX": "texas", "UT": "utah", "VT": "vermont", "VA": "virginia",
	"WA": "washington", "WV": "west virginia", "WI": "wisconsin", "WY": "wyoming",
}

// usState: w names a US state, "state" after its name or not ("Washington
// State", "Ohio").
func usState(w []string) bool {
	if len(w) > 1 && w[len(w)-1] == "state" {
		w = w[:len(w)-1]
	}
	name := strings.Join(w, " ")
	for _, s := range usStates {
		if s == name {
			return true
		}
	}
	return false
}

// stateCode: the mention, written in capitals, is the postal code of the
// US state c names ("MN", "Minnesota"; "NY", "New York State").
func stateCode(mention string, ct []string) bool {
	state, ok := usStates[strings.TrimSpace(mention)]
	if !ok {
		return false
	}
	if len(ct) > 1 && ct[len(ct)-1] == "state" {
		ct = ct[:len(ct)-1]
	}
	return strings.Join(ct, " ") == state
}

// landmarkWords say what kind of building or ground a landmark is, before
// its name and "of" in its own language: "Basílica de la Sagrada
// Família", "Palacio de Cristal", "Castello Sforzesco".
var landmarkWords = wordSet(`basilica cathedral catedral cattedrale church iglesia chiesa eglise palace palacio palazzo palais castle castillo castello chateau`)

// landmarkLinks join a landmark's kind to its name.
var landmarkLinks = wordSet(`de del la las los el di della dello du des`)

// landmarkShort: m, two words or more, is the landmark c without the word
// for its kind and the words that join it to its name: "Sagrada Familia"
// for "Basílica de la Sagrada Família".
func landmarkShort(m, c []string) bool {
	if len(m) < 2 || len(c) <= len(m) || !landmarkWords[c[0]] {
		return false
	}
	rest := c[1:]
	for len(rest) > len(m) && landmarkLinks[rest[0]] {
		rest = rest[1:]
	}
	if !equal(rest, m) || saintLeads[m[0]] || knownPlace(m) || placeOfItsOwn(strings.Join(m, " ")) || cityCountries()[strings.Join(m, " ")] != nil {
		return false // "San Francisco" is not the "Iglesia de San Francisco", nor "London Docklands" its museum
	}
	return true
}

// saintLeads begin names of saints, which churches and places share.
var saintLeads = wordSet(`san santa santo sao saint st ste sankt`)
