package conflicts

import (
	"strings"
	"unicode"
)

// A street address is one value, whatever the words around it: "14
// Harbour Street, Leith", "Unit 3, Quayside Park", "Flat 3, 17 Harcourt
// Road, York", "7 Penrose Terrace,
// Chorlton, M21 9HB". Read as numbers and names it gives several values
// ("14 Harbour" as a quantity, the town as a name), so two addresses
// never lined up as one slot with two values. addressAt reads a house or
// unit number, capitalised words ending in a street word, and a town and
// a postcode after them.
//
// A place has one address of a kind: "our address", "we live at" and
// "moved house" give the home's, "the office address" and "moved the
// office" the office's (addressKind). Two addresses of one kind are one
// slot, the word "address" its topic whether or not a claim says it.

// streetWords end the name of a street.
var streetWords = map[string]bool{
	"street": true, "st": true, "road": true, "rd": true, "lane": true, "ln": true, "avenue": true,
	"ave": true, "close": true, "terrace": true, "drive": true, "way": true, "place": true,
	"crescent": true, "court": true, "gardens": true, "grove": true, "park": true, "square": true,
	"row": true, "mews": true, "hill": true, "walk": true, "parade": true, "green": true, "rise": true,
	"boulevard": true, "blvd": true,
}

// unitWords open a numbered part of a building: "Unit 3", "Flat 2".
var unitWords = map[string]bool{"unit": true, "flat": true, "apartment": true, "apt": true, "suite": true}

// addressAt reads a street address starting at token i: its span and its
// key (lower case, the words in order).
func addressAt(ts []ctok, i int) (from, to int, key string, ok bool) {
	j := i
	switch {
	case unitWords[ts[i].low] && i+2 < len(ts) && houseNumber(ts[i+1].low) && houseNumber(ts[i+2].low):
		j = i + 3 // "Flat 3, 17 Harcourt Road"
	case unitWords[ts[i].low] && i+1 < len(ts) && houseNumber(ts[i+1].low):
		j = i + 2
	case houseNumber(ts[i].low):
		j = i + 1
	default:
		return 0, 0, "", false
	}
	end := -1
	for k := j; k < len(ts) && k < j+4; k++ {
		// brk is a break before a token: "Unit 3, Quayside Park"
		if !capitalised(ts[k].raw) || !isWord(ts[k].low) || k > j && ts[k].brk {
			break
		}
		if streetWords[ts[k].low] && k > j {
			end = k + 1
		}
	}
	if end < 0 {
		return 0, 0, "", false
	}
	// a town after a comma, then a postcode
	if end < len(ts) && ts[end].brk && capitalised(ts[end].raw) && isWord(ts[end].low) && !streetWords[ts[end].low] {
		end++
		if end < len(ts) && !ts[end].brk && capitalised(ts[end].raw) && isWord(ts[end].low) && !topicDrop[ts[end].low] && !postcodeOut(ts[end].raw) {
			end++
		}
	}
	if end+1 < len(ts) && postcodeOut(ts[end].raw) && postcodeIn(ts[end+1].raw) {
		end += 2
	}
	var words []string
	for k := i; k < end; k++ {
		words = append(words, ts[k].low)
	}
	return i, end, strings.Join(words, " "), true
}

// houseNumber: digits (at most four), perhaps with a letter: "14", "7a".
func houseNumber(w string) bool {
	d := strings.TrimRight(w, "abcdefgh")
	if d == "" || len(d) > 4 || len(w)-len(d) > 1 {
		return false
	}
	for _, r := range d {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// postcodeOut and postcodeIn are the two halves of a UK postcode: "M21",
// "LS6", "EC1A"; "9HB", "2AB".
func postcodeOut(w string) bool {
	w = strings.TrimRight(w, ".,")
	if len(w) < 2 || len(w) > 4 || !unicode.IsUpper(rune(w[0])) {
		return false
	}
	digits := 0
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r < 'A' || r > 'Z':
			return false
		}
	}
	return digits >= 1 && digits <= 2
}

func postcodeIn(w string) bool {
	w = strings.TrimRight(w, ".,")
	return len(w) == 3 && w[0] >= '0' && w[0] <= '9' && w[1] >= 'A' && w[1] <= 'Z' && w[2] >= 'A' && w[2] <= 'Z'
}

// addressKinds say whose address a claim gives when it is not the home's.
var addressKinds = map[string]bool{
	"office": true, "work": true, "business": true, "shop": true, "studio": true, "warehouse": true,
	"registered": true, "billing": true, "delivery": true, "postal": true, "holiday": true,
	"school": true, "company": true, "clinic": true, "surgery": true,
}

// addressKind is the kind of address a claim gives: the first of
// addressKinds it names, else "home".
func addressKind(ts []ctok) string {
	for _, t := range ts {
		if w := strings.TrimSuffix(t.low, "'s"); addressKinds[w] {
			return w
		}
	}
	return "home"
}
