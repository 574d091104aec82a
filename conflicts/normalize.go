package conflicts

import (
	"slices"
	"strconv"
	"strings"
)

// maxKeyBytes bounds the text normalised for one comparison.
const maxKeyBytes = 4096

// words splits s into lower-case words of letters and digits; a dot or
// colon between digits stays ("0.9.7", "10:30"), thousands separators go
// ("1,000" -> "1000"), and an apostrophe inside a word stays ("don't").
func words(s string) []string {
	toks := claimTokens(s)
	out := make([]string, 0, len(toks))
	for _, t := range toks {
		switch t.low {
		case "£", "$", "€", "%":
			// claimTokens keeps these as words; words does not
		default:
			out = append(out, t.low)
		}
	}
	return out
}

// numberWords are counts written out; they compare as their digits.
var numberWords = map[string]string{
	"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
	"nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "thirteen": "13", "fourteen": "14",
	"fifteen": "15", "sixteen": "16", "seventeen": "17", "eighteen": "18", "nineteen": "19",
	"twenty": "20", "thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70",
	"eighty": "80", "ninety": "90",
}

// ordinalSpelling spells an ordinal in figures as a word: "3rd" is
// "third" ("the 3rd floor" = "the third floor").
func ordinalSpelling(w string) (string, bool) {
	n, ok := ordinal(w)
	if !ok || !hasDigit(w) {
		return "", false
	}
	word, ok := ordinalNames[n]
	return word, ok
}

// ordinalNames are ordinalWords by their number.
var ordinalNames = func() map[string]string {
	m := make(map[string]string, len(ordinalWords))
	for w, n := range ordinalWords {
		m[strconv.Itoa(n)] = w
	}
	return m
}()

var articles = map[string]bool{"a": true, "an": true, "the": true}

// pronouns map first-person forms to the names the extractor uses.
var pronouns = map[string]string{
	"i": "user", "me": "user", "my": "user", "myself": "user", "mine": "user", "i'm": "user",
	"we": "we", "us": "we", "our": "we", "ours": "we", "ourselves": "we",
	"user's": "user", "users": "user",
}

// spelling folds British and American spellings.
var spelling = map[string]string{
	"favorite": "favourite", "color": "colour", "colors": "colours", "organization": "organisation",
	// one frequency, two words: "every day" = "each day"
	"each": "every",
	// abbreviations with one reading in a name or a date ("St Albans" =
	// "Saint Albans", "Dr Shah" = "Doctor Shah", "Fri 12th" = "Friday
	// 12th", "14 Sept" = "14 September")
	"saint": "st", "street": "st", "road": "rd", "avenue": "ave", "doctor": "dr", "mister": "mr",
	"tue": "tuesday", "tues": "tuesday", "weds": "wednesday", "thur": "thursday", "thurs": "thursday",
	"fri": "friday", "feb": "february", "apr": "april", "aug": "august", "sept": "september",
	"oct": "october", "nov": "november", "dec": "december",
	// makes known by a short name
	"vw": "volkswagen", "chevy": "chevrolet",
	// words clipped in speech ("prod DB" = "production database", "my
	// physio" = "my physiotherapist") and verbs of one meaning ("the gym
	// shuts at 10" = "closes at 10")
	"prod": "production", "db": "database", "k8s": "kubernetes", "physio": "physiotherapist",
	"reg": "registration", "cert": "certificate", "op": "operation", "uni": "university",
	"deploy": "deployment", "shuts": "closes", "shut": "close", "departs": "leaves", "depart": "leave",
}

// key is the comparison form of a subject or value: words without
// articles, pronouns folded, spelling folded, a "v" before a version
// number dropped ("v0.9.7" = "0.9.7"). The worker compares each new claim
// with several stored ones and the rules read the same texts many times,
// so results are remembered (keyMemo); callers must not write into the
// slice returned, whose capacity is its length, so an append copies.
func key(s string) []string {
	if len(s) > maxKeyBytes {
		return computeKey(s)
	}
	return keyMemo.get(s, func() []string { return slices.Clip(computeKey(s)) })
}

// keyMemoSize bounds each memo: when full it starts again empty.
const keyMemoSize = 4096

// keyMemo holds key's recent results for texts of at most maxKeyBytes,
// so it holds at most keyMemoSize × maxKeyBytes of text.
var keyMemo memo[[]string]

func computeKey(s string) []string {
	var out []string
	ws := words(s)
	var toks []ctok // for wordNumberAt, made when a number word is seen
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if _, ok := countWords[w]; ok || w == "dozen" || w == "a" && i+1 < len(ws) && ws[i+1] == "dozen" {
			if toks == nil {
				toks = make([]ctok, len(ws))
				for j, x := range ws {
					toks[j] = ctok{raw: x, low: x}
				}
			}
			if n, end, ok := wordNumberAt(toks, i); ok {
				// "two hundred thousand", "fifty-five", "a dozen"
				w, i = n, end-1
			}
		}
		if articles[w] {
			continue
		}
		if p, ok := pronouns[w]; ok {
			w = p
		}
		if sp, ok := spelling[w]; ok {
			w = sp
		}
		if n, ok := numberWords[w]; ok {
			w = n // "two bedrooms" = "2 bedrooms"
		}
		if o, ok := ordinalSpelling(w); ok {
			w = o
		}
		if len(w) > 1 && w[0] == 'v' && w[1] >= '0' && w[1] <= '9' {
			w = w[1:]
		}
		if f, ok := scaleWords[w]; ok && len(out) > 0 {
			if n, ok := number(out[len(out)-1]); ok {
				out[len(out)-1] = scaleBy(n, f) // "240 thousand" = "240000"
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// valueKey is key for a value, also dropping a leading "version".
func valueKey(s string) []string {
	k := key(s)
	if len(k) > 1 && (k[0] == "version" || k[0] == "release") {
		k = k[1:]
	}
	return k
}

// attributeSynonyms fold wordings of the same relation to one.
var attributeSynonyms = map[string]string{
	"run on": "runs on", "is running on": "runs on", "running on": "runs on", "is on": "runs on",
	"is built on": "runs on", "built on": "runs on",
	"live in": "lives in", "is living in": "lives in", "resides in": "lives in", "is based in": "lives in",
	"based in": "lives in", "lives at": "lives in",
	"work at": "works at", "works for": "works at", "work for": "works at", "is employed at": "works at",
	"is employed by": "works at", "employed by": "works at", "is working at": "works at", "is working for": "works at",
	"use": "uses", "is using": "uses", "using": "uses", "are using": "uses",
	"like": "likes", "love": "likes", "loves": "likes", "enjoy": "likes", "enjoys": "likes",
	"adores": "likes", "is into": "likes", "is fond of": "likes",
	"hate": "dislikes", "hates": "dislikes", "dislike": "dislikes", "can't stand": "dislikes",
	"cannot stand": "dislikes", "detests": "dislikes", "loathes": "dislikes",
	"prefer": "prefers", "report to": "reports to", "is married to": "married to",
	"is written in": "written in", "is hosted on": "hosted on", "is deployed on": "hosted on",
	"deployed on": "hosted on", "is hosted in": "hosted on",
	// a job said two ways: "works as a paramedic" = "is a paramedic"
	"works as": "is", "is working as": "is", "work as": "is",
	"is named": "is called", "named": "is called", "called": "is called", "goes by": "is called",
	"banks with": "banks at", "bank with": "banks at", "bank at": "banks at",
}

// antonyms map an attribute to the one it denies.
var antonyms = map[string]string{"dislikes": "likes"}

// attributeKey returns the canonical attribute and whether it is the
// negative form of it ("dislikes" is "likes", negated).
func attributeKey(s string) (string, bool) {
	k := strings.Join(key(s), " ")
	k = strings.ReplaceAll(k, "user ", "")
	if syn, ok := attributeSynonyms[k]; ok {
		k = syn
	}
	if a, ok := antonyms[k]; ok {
		return a, true
	}
	return k, false
}
