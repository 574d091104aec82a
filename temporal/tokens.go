package temporal

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokKind uint8

const (
	tokWord  tokKind = iota // letters, possibly with digits ("8th", "mid")
	tokNum                  // digits only
	tokPunct                // one punctuation rune; "\n" for a line break
)

// tok is one token of the input: its text, its lower-case form and its byte
// span.
type tok struct {
	s, low     string
	start, end int
	kind       tokKind
	upper      bool // first rune is upper case
}

// tokenize splits text into words, numbers and punctuation. Apostrophes
// inside words stay in the word ("I'll", "Anna's"); invalid UTF-8 and
// spaces separate tokens; a line break is a punctuation token so that
// sentence bounds see it.
func tokenize(text string) []tok {
	var toks []tok
	i := 0
	for i < len(text) {
		r, w := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && w <= 1:
			i++
		case r == '\n':
			toks = append(toks, tok{s: "\n", low: "\n", start: i, end: i + 1, kind: tokPunct})
			i += w
		case unicode.IsSpace(r) || unicode.IsControl(r):
			i += w
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i
			digits := true
			for j < len(text) {
				r2, w2 := utf8.DecodeRuneInString(text[j:])
				if r2 == utf8.RuneError && w2 <= 1 {
					break
				}
				if unicode.IsLetter(r2) || unicode.IsDigit(r2) {
					if !(r2 >= '0' && r2 <= '9') {
						digits = false
					}
					j += w2
					continue
				}
				if (r2 == '\'' || r2 == '’') && j > i {
					// keep an apostrophe followed by a letter
					r3, _ := utf8.DecodeRuneInString(text[j+w2:])
					if unicode.IsLetter(r3) {
						digits = false
						j += w2
						continue
					}
				}
				break
			}
			s := text[i:j]
			k := tokWord
			if digits {
				k = tokNum
			}
			low := strings.ToLower(strings.ReplaceAll(s, "’", "'"))
			low = Respell(low) // "tommorow" is tomorrow
			if stem, ok := possessiveTimeWord(low); ok {
				// "Saturday's match", "last week's meeting": the day or
				// period itself; the "'s" is dropped
				e := j - len("'s")
				if strings.Contains(s, "’") {
					e = j - len("’s")
				}
				toks = append(toks, tok{s: text[i:e], low: stem, start: i, end: e, kind: k, upper: unicode.IsUpper(r)})
				i = j
				continue
			}
			toks = append(toks, tok{s: s, low: low, start: i, end: j, kind: k, upper: unicode.IsUpper(r)})
			i = j
		default:
			toks = append(toks, tok{s: text[i : i+w], low: text[i : i+w], start: i, end: i + w, kind: tokPunct})
			i += w
		}
	}
	return toks
}

// misspelt are the day words as people type them in a hurry, by their
// spelling.
var misspelt = map[string]string{
	"tommorow": "tomorrow", "tommorrow": "tomorrow", "tomorow": "tomorrow", "tmrw": "tomorrow", "tmr": "tomorrow",
	"tomoz": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow", "yesterdy": "yesterday", "yesturday": "yesterday",
	"yday": "yesterday", "tonite": "tonight", "tdy": "today",
}

// Respell is a lower-case word as it is spelt: a day word typed in a
// hurry ("tommorow", "tmrw", "yday") is the day word; any other word is
// itself.
func Respell(low string) string {
	if right, ok := misspelt[low]; ok {
		return right
	}
	return low
}

// adjacent reports whether b follows a with no space between.
func adjacent(a, b tok) bool { return a.end == b.start }

// possessiveTimeWord returns the stem of a possessive whose stem names a
// day, a period or a part of a day ("saturday's", "yesterday's",
// "week's", "may's"): such a possessive is the time itself ("Saturday's
// match" is the match on Saturday). Names ("anna's") are not changed.
func possessiveTimeWord(low string) (string, bool) {
	stem, ok := strings.CutSuffix(low, "'s")
	if !ok || stem == "" {
		return "", false
	}
	if _, ok := weekdayNames[stem]; ok {
		return stem, true
	}
	if _, ok := monthNames[stem]; ok {
		return stem, true
	}
	if _, ok := seasonNames[stem]; ok {
		return stem, true
	}
	switch stem {
	case "today", "tonight", "yesterday", "tomorrow", "week", "month", "year", "weekend",
		"night", "morning", "afternoon", "evening", "fortnight":
		return stem, true
	}
	return "", false
}
