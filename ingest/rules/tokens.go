package rules

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokKind uint8

const (
	tWord   tokKind = iota
	tNum            // starts with a digit: "40", "0.9.7", "3pm"
	tPunct          // one punctuation rune
	tEmail          // anna@example.com
	tHandle         // @anna
	tURL            // https://example.com/x
)

// tok is one token of a sentence with its byte span in the sentence.
type tok struct {
	s, low     string
	start, end int
	kind       tokKind
	cap        bool // first rune upper case
}

var (
	emailRe  = regexp.MustCompile(`^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}`)
	urlRe    = regexp.MustCompile(`^(https?://|www\.)[^\s<>"]+[^\s<>".,;:!?)\]]`)
	handleRe = regexp.MustCompile(`^@[A-Za-z0-9_]{2,30}`)
)

// unmarkedContractions are contractions typed without their apostrophe
// that are no other word: "im" is "I" "'m" ("ill", "id", "were", "wont"
// and "its" are words of their own, and left alone).
var unmarkedContractions = map[string][2]string{
	"im": {"i", "'m"}, "ive": {"i", "'ve"}, "dont": {"do", "n't"}, "cant": {"can", "n't"},
	"didnt": {"did", "n't"}, "doesnt": {"does", "n't"}, "isnt": {"is", "n't"}, "wasnt": {"was", "n't"},
	"arent": {"are", "n't"}, "havent": {"have", "n't"}, "hasnt": {"has", "n't"}, "couldnt": {"could", "n't"},
	"wouldnt": {"would", "n't"}, "shouldnt": {"should", "n't"}, "youre": {"you", "'re"}, "theyre": {"they", "'re"},
	"thats": {"that", "'s"}, "whats": {"what", "'s"}, "weve": {"we", "'ve"}, "theyve": {"they", "'ve"},
}

// contractions split off the end of a word: "don't" -> "do" "n't".
var contractionSuffixes = []string{"n't", "'ll", "'re", "'ve", "'m", "'d", "'s"}

// clockAt: s[i:j] is one or two digits and s[j:] is a colon and two
// digits ending there, the "9:30" of a time of day.
func clockAt(s string, i, j int) bool {
	if j-i < 1 || j-i > 2 || j+3 > len(s) || s[j] != ':' {
		return false
	}
	for k := i; k < j; k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	if s[j+1] < '0' || s[j+1] > '5' || s[j+2] < '0' || s[j+2] > '9' {
		return false
	}
	return j+3 == len(s) || !isWordByte(s[j+3]) && s[j+3] != ':'
}

// tokenize splits a sentence into tokens. Words keep inner dots, hyphens,
// apostrophes and slashes when letters or digits follow ("0.9.7",
// "co-founder", "Node.js"); contractions are split ("I'll" -> "I" "'ll",
// "can't" -> "can" "n't", "won't" -> "will" "n't").
func tokenize(s string) []tok {
	var out []tok
	i := 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w <= 1 || unicode.IsSpace(r) || unicode.IsControl(r) {
			i += max(w, 1)
			continue
		}
		rest := s[i:]
		if r == '@' {
			if m := handleRe.FindString(rest); m != "" && (i == 0 || !isWordByte(s[i-1])) {
				out = append(out, tok{s: m, low: strings.ToLower(m), start: i, end: i + len(m), kind: tHandle})
				i += len(m)
				continue
			}
		}
		if r == 'h' || r == 'w' || r == 'H' || r == 'W' {
			if m := urlRe.FindString(rest); m != "" {
				out = append(out, tok{s: m, low: strings.ToLower(m), start: i, end: i + len(m), kind: tURL})
				i += len(m)
				continue
			}
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if m := emailRe.FindString(rest); m != "" && strings.Contains(m, "@") {
				out = append(out, tok{s: m, low: strings.ToLower(m), start: i, end: i + len(m), kind: tEmail})
				i += len(m)
				continue
			}
			j := i + w
			for j < len(s) {
				r2, w2 := utf8.DecodeRuneInString(s[j:])
				if unicode.IsLetter(r2) || unicode.IsDigit(r2) {
					j += w2
					continue
				}
				if r2 == ',' && (thousandsAt(s, j) || decimalCommaAt(s, j)) {
					// "1,150": a thousands separator stays in the number
					j++
					continue
				}
				if r2 == ':' && clockAt(s, i, j) {
					// "9:30", "10:15": a time of day is one token
					j += 3
					continue
				}
				if strings.ContainsRune(".-'’/_+", r2) && j+w2 < len(s) {
					r3, _ := utf8.DecodeRuneInString(s[j+w2:])
					if unicode.IsLetter(r3) || unicode.IsDigit(r3) {
						if r2 == '.' && !(unicode.IsDigit(r3) || unicode.IsLower(r3)) {
							break
						}
						j += w2
						continue
					}
				}
				break
			}
			if initialAt(out, s, i, j) {
				j++ // "J. Okafor", "John F. Kennedy": the initial keeps its stop
			}
			out = appendWord(out, s, i, j)
			i = j
			continue
		}
		out = append(out, tok{s: s[i : i+w], low: s[i : i+w], start: i, end: i + w, kind: tPunct})
		i += w
	}
	return out
}

// initialAt: s[i:j] is one capital letter followed by a full stop, a
// space and a capitalised word, after a title, a capitalised word, a word
// that introduces a name or nothing: an initial of a name ("is J.
// Okafor", "Mr K. Adeyemi", "John F. Kennedy"), not a grade or a plan
// ("got an A. Mum", "plan B. Then").
func initialAt(out []tok, s string, i, j int) bool {
	if j-i != 1 || s[i] < 'A' || s[i] > 'Z' || j+2 >= len(s) || s[j] != '.' || s[j+1] != ' ' || s[j+2] < 'A' || s[j+2] > 'Z' {
		return false
	}
	if len(out) == 0 {
		return true
	}
	prev := out[len(out)-1]
	if prev.s == "." && len(out) > 1 && titles[out[len(out)-2].low] {
		return true // "Dr. A. Shah"
	}
	return prev.kind == tWord && (prev.cap || nameIntroducers[prev.low])
}

// nameIntroducers are words a person's name often follows.
var nameIntroducers = map[string]bool{
	"is": true, "was": true, "are": true, "were": true, "with": true, "to": true, "from": true, "by": true,
	"for": true, "and": true, "or": true, "called": true, "named": true, "asked": true, "told": true,
	"emailed": true, "met": true, "saw": true, "see": true, "meet": true, "ask": true, "tell": true, "email": true,
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

// appendWord appends s[i:j] as one word, or two when it ends in a
// contraction.
func appendWord(out []tok, s string, i, j int) []tok {
	w := s[i:j]
	low := strings.ToLower(strings.ReplaceAll(w, "’", "'"))
	if c, ok := unmarkedContractions[low]; ok && j-i > len(c[1])-1 {
		// "im", "dont" typed without the apostrophe: "I" "'m", "do" "n't"
		cut := j - (len(c[1]) - 1)
		out = append(out, mkTok(s[i:cut], c[0], i, cut))
		return append(out, tok{s: s[cut:j], low: c[1], start: cut, end: j, kind: tWord})
	}
	for _, suf := range contractionSuffixes {
		if len(low) > len(suf) && strings.HasSuffix(low, suf) {
			cut := j - len(suf)
			if strings.Contains(w, "’") {
				cut = j - len(suf) - 2 // ’ is three bytes, ' one
			}
			head := low[:len(low)-len(suf)]
			switch head {
			case "ca":
				head = "can"
			case "wo":
				head = "will"
			case "sha":
				head = "shall"
			}
			if cut <= i {
				break
			}
			out = append(out, mkTok(s[i:cut], head, i, cut))
			return append(out, tok{s: s[cut:j], low: suf, start: cut, end: j, kind: tWord})
		}
	}
	return append(out, mkTok(w, low, i, j))
}

func mkTok(s, low string, i, j int) tok {
	r, _ := utf8.DecodeRuneInString(s)
	k := tWord
	if unicode.IsDigit(r) {
		k = tNum
	}
	return tok{s: s, low: low, start: i, end: j, kind: k, cap: unicode.IsUpper(r)}
}

// decimalCommaAt: s[j] is a decimal comma between a digit and one or two
// digits before a currency, a percent or a unit ("1,20 €", "3,5 km"), as
// French and many others write an amount.
func decimalCommaAt(s string, j int) bool {
	if j == 0 || s[j] != ',' || s[j-1] < '0' || s[j-1] > '9' {
		return false
	}
	k := j + 1
	for k < len(s) && k <= j+2 && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if n := k - j - 1; n < 1 || n > 2 || k < len(s) && s[k] >= '0' && s[k] <= '9' {
		return false
	}
	rest := strings.TrimLeft(s[k:], " \u00a0")
	r, _ := utf8.DecodeRuneInString(rest)
	return strings.ContainsRune("€£$%", r) || unicode.IsLetter(r)
}

// thousandsAt: s[j] is a comma between a digit and exactly three digits
// ("1,150 pounds"), not a list ("1,2,3" or "3, 4").
func thousandsAt(s string, j int) bool {
	if j == 0 || j+4 > len(s) || s[j] != ',' || s[j-1] < '0' || s[j-1] > '9' {
		return false
	}
	for k := j + 1; k < j+4; k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	return j+4 == len(s) || s[j+4] < '0' || s[j+4] > '9'
}
