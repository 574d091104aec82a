package resolve

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Short forms of names of things (never people) that Acronym, written in
// lower case, cannot read:
//
//   - initialisms written in mixed case, whose capitals are the initials of
//     the name's words and whose small letters come from the words in
//     order: "BofA" for "Bank of America", "BoE" for "Bank of England",
//     "PwC" for "PricewaterhouseCoopers";
//   - initialisms of names written as one word with capitals inside
//     ("GSK" for "GlaxoSmithKline");
//   - words abbreviated in a name otherwise written out: "Dept of Computer
//     Science", "Amnesty Intl", "Univ. of Edinburgh".

const (
	// initialismMaxRunes is the longest initialism read: longer words
	// with two capitals are names ("McKinsey"), not initials.
	initialismMaxRunes = 6
	// abbrevMinRunes is the shortest abbreviated word read ("Dept",
	// "Univ", "Intl"); two-letter forms are the place words of
	// placeAbbrevs ("St", "Mt").
	abbrevMinRunes = 3
)

// rawWords splits a name as written into words at spaces, punctuation and
// a capital after a small letter ("GlaxoSmithKline" -> Glaxo, Smith,
// Kline), keeping the case; accents are dropped and "&" reads "and".
func rawWords(name string) []string {
	if len(name) > maxNameBytes {
		name = name[:maxNameBytes]
	}
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range norm.NFKD.String(strings.ToValidUTF8(name, " ")) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r == '&':
			flush()
			words = append(words, "and")
			prevLower = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && prevLower {
				flush()
			}
			cur = append(cur, r)
			prevLower = unicode.IsLower(r)
		case r == '\'' || r == '’':
			// "McDonald's": the possessive stays in its word
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	return words
}

// initialismOf reports whether short, as written, is an initialism of the
// name long, as written. Short is one word of at most initialismMaxRunes
// letters with at least two capitals, making at least half of it. Read in
// order, each capital is the initial of the next word of long that an
// acronym does not leave out (words split at inner capitals, so
// "GlaxoSmithKline" has three; a word written in capitals stands for its
// letters, so "HM Revenue and Customs" reads "HMRC"); the small letters
// after a capital are either the start of the small words that follow
// that word ("BofA" for "Bank of America", "DfT" for "Department for
// Transport", not "Department of Trade") or letters of the word itself,
// in order ("PwC" for "PricewaterhouseCoopers"); and an "&" is an "and"
// ("M&S" for "Marks & Spencer", not "Morgan Stanley"). Every word of long
// is read. Long needs two initials.
func initialismOf(short, long string) bool {
	sr := []rune(strings.TrimSpace(short))
	if len(sr) < 2 || len(sr) > initialismMaxRunes {
		return false
	}
	type segment struct {
		initial rune
		tail    string // the small letters after it
		and     bool   // an "&"
	}
	var segs []segment
	caps, letters := 0, 0
	for _, r := range sr {
		switch {
		case r == '&':
			segs = append(segs, segment{and: true})
		case r > unicode.MaxASCII || !unicode.IsLetter(r):
			return false
		case unicode.IsUpper(r):
			caps++
			letters++
			segs = append(segs, segment{initial: unicode.ToLower(r)})
		default:
			letters++
			if len(segs) == 0 || segs[len(segs)-1].and {
				return false
			}
			segs[len(segs)-1].tail += string(r)
		}
	}
	if caps < 2 || 2*caps < letters {
		return false
	}
	type word struct {
		text  string
		small bool
	}
	var words []word
	raw := rawWords(long)
	if len(raw) > 0 && strings.EqualFold(raw[0], "the") {
		raw = raw[1:]
	}
	for _, w := range raw {
		lw := strings.ToLower(w)
		switch {
		case acronymSkip[lw]:
			words = append(words, word{lw, true})
		case len(w) > 1 && allCaps(w):
			for _, r := range lw {
				words = append(words, word{string(r), false})
			}
		default:
			words = append(words, word{lw, false})
		}
	}
	i, initials := 0, 0
	for _, sg := range segs {
		if sg.and {
			if i >= len(words) || words[i].text != "and" {
				return false
			}
			i++
			continue
		}
		for i < len(words) && words[i].small {
			i++
		}
		if i >= len(words) || []rune(words[i].text)[0] != sg.initial {
			return false
		}
		initials++
		own := []rune(words[i].text)[1:]
		i++
		if sg.tail == "" {
			continue
		}
		var small strings.Builder
		j := i
		for j < len(words) && words[j].small {
			small.WriteString(words[j].text)
			j++
		}
		switch {
		case small.Len() > 0 && strings.HasPrefix(small.String(), sg.tail):
			// the tail is spent on those small words; a later
			// initial skips them anyway
		case subsequence([]rune(sg.tail), own):
		default:
			return false
		}
	}
	for ; i < len(words); i++ {
		if !words[i].small {
			return false
		}
	}
	return initials >= 2
}

// subsequence: every rune of s occurs in t, in order.
func subsequence(s, t []rune) bool {
	i := 0
	for _, r := range t {
		if i < len(s) && s[i] == r {
			i++
		}
	}
	return i == len(s)
}

// allCaps: the name as written is one word of two to initialismMaxRunes
// capital letters ("WHO", "NASA").
func allCaps(name string) bool {
	r := []rune(strings.TrimSpace(name))
	if len(r) < 2 || len(r) > initialismMaxRunes {
		return false
	}
	for _, x := range r {
		if !unicode.IsUpper(x) {
			return false
		}
	}
	return true
}

// abbreviatedName reports whether the normalised names m and c are word
// for word the same but for words one of them abbreviates ("dept" for
// "department", "intl" for "international"), with at least as many words
// written out the same on both sides as abbreviated ones.
func abbreviatedName(m, c []string) bool {
	if len(m) != len(c) || len(m) < 2 {
		return false
	}
	same, abbr := 0, 0
	for i := range m {
		switch {
		case m[i] == c[i]:
			if !acronymSkip[m[i]] {
				same++
			}
		case (abbreviates(m[i], c[i]) || abbreviates(c[i], m[i])) && !properName(m[i]) && !properName(c[i]):
			abbr++ // "Syd Uni"; never "Maria" for "Mariana"
		default:
			return false
		}
	}
	return abbr > 0 && same >= abbr
}

// wholeWords are words names use whole, never as the beginning of a longer
// one: "Iran Air" is not "Iran Airtour".
var wholeWords = wordSet(`air sun star sea sky king man home car bus art bay top one`)

// wholeWordLonger are the longer words a word of wholeWords is said for:
// "Ethiopian Air" is Ethiopian Airlines.
var wholeWordLonger = map[string]bool{"air airlines": true, "air airways": true}

// abbreviates: short is an abbreviation of the word full, of at least
// abbrevMinRunes letters and no digit: either its beginning, at least two
// letters shorter ("univ", "corp", "assoc"), or a contraction that keeps
// its first and last letters and some between in order ("dept", "intl",
// "govt", "mgmt"). "art" does not abbreviate "agricultural": a
// contraction ends as the word does; and "bank" does not abbreviate
// "bundesbank": it is the word's own ending.
func abbreviates(short, full string) bool {
	s, f := []rune(short), []rune(full)
	if len(s) < abbrevMinRunes || len(f) < len(s)+2 || hasDigitRune(short) || hasDigitRune(full) || wholeWords[short] && !wholeWordLonger[short+" "+full] {
		return false
	}
	if strings.HasPrefix(full, short) {
		return true
	}
	// a word the full one ends in is the head of a compound, not its
	// contraction: "bank" is not "Bundesbank"
	return s[0] == f[0] && s[len(s)-1] == f[len(f)-1] && subsequence(s, f) && !strings.HasSuffix(full, short)
}

// pluralAcronym: one name is the other's initialism with a plural "s"
// ("RPGs" for "RPG", "PCs").
func pluralAcronym(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	stem, ok := strings.CutSuffix(a, "s")
	if !ok || len(stem) < 2 || strings.ToUpper(stem) != stem || !isLetters(stem) {
		return false
	}
	return stem == b
}

// everyInitial: short is the first letters of every word of long, the
// small words too, in any case ("LOTR" for "Lord of the Rings", "GoT" for
// "Game of Thrones"): three words at least, and a capital in short.
func everyInitial(short, long string) bool {
	if len(long) > maxNameBytes {
		long = long[:maxNameBytes]
	}
	if i := strings.LastIndexByte(long, ':'); i >= 0 && everyInitialOf(short, long[i+1:]) {
		return true // "BotW" for "The Legend of Zelda: Breath of the Wild"
	}
	if i := strings.IndexByte(long, ':'); i >= 0 && everyInitialOf(short, long[:i]) {
		return true // "GEB" for "Gödel, Escher, Bach: an Eternal Golden Braid"
	}
	return everyInitialOf(short, long)
}

// everyInitialOf: short is the initials of every word of long.
func everyInitialOf(short, long string) bool {
	short = strings.TrimSpace(short)
	ws := tokens(long)
	if len(ws) < 3 || len(ws) != len([]rune(short)) || !isLetters(short) || strings.ToLower(short) == short {
		return false
	}
	for i, r := range strings.ToLower(short) {
		if []rune(ws[i])[0] != r {
			return false
		}
	}
	return true
}

// isLetters: s is ASCII letters only.
func isLetters(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII || !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

// blendMinRunes is the shortest blend of a name's words blendOf reads.
const blendMinRunes = 5

// blendOf: the one word m is the beginnings of each of the words of the
// name c in order, acronymSkip and a legal form left out ("Telmex" for
// "Teléfonos de México", "FedEx" for "Federal Express", "Ofcom" for the
// "Office of Communications"): at least two words, the first one's
// beginning of three letters or more, every other of two or more. "Telcel"
// is not "Teléfonos de México": its end begins no word of it.
func blendOf(m, c []string) bool {
	if len(m) != 1 || len([]rune(m[0])) < blendMinRunes || !isLetters(m[0]) {
		return false
	}
	var ws []string
	for _, w := range strip(c, orgSuffixes, false) {
		if !acronymSkip[w] {
			ws = append(ws, w)
		}
	}
	if len(ws) < 2 || len(ws) > 4 {
		return false
	}
	return blendRest(m[0], ws, 3)
}

// blendMinPart is the fewest letters a word after the first gives a blend.
const blendMinPart = 3

// blendRest: s is a beginning of at least least letters of ws[0], then a
// blend of the rest (blendMinPart letters or more each), nothing left
// over.
func blendRest(s string, ws []string, least int) bool {
	if len(ws) == 0 {
		return s == ""
	}
	w := ws[0]
	for n := min(len(s), len(w)); n >= least; n-- {
		if s[:n] == w[:n] && blendRest(s[n:], ws[1:], blendMinPart) {
			return true
		}
	}
	return false
}
