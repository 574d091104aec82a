package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// span is a piece of a text by byte offsets.
type span struct{ start, end int }

// abbreviations end with a full stop without ending a sentence (compared
// lower-case, without the final stop).
var abbreviations = set(`dr mr mrs ms prof st sr jr vs etc e.g i.e eg ie approx appt dept est
inc ltd co corp jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs
fri sat sun no nos vol fig ref min max avg govt univ mt ft ave rd blvd a.m p.m am pm u.s u.k
e.u cf al ca misc`)

// sentences splits text into sentence spans. A sentence ends at ".", "!",
// "?", "…" or ";" followed by white space (closing quotes and brackets stay
// with it), at a line break, and before a bullet. A full stop does not end
// a sentence after a known abbreviation ("Dr.", "e.g."), after a single
// letter (an initial); a stop
// with no space after it (version numbers, decimals, URLs, e-mail
// addresses) never does.
func sentences(text string) []span {
	var out []span
	start := 0
	emit := func(end int) {
		s, e := trimSpan(text, start, end)
		if e > s {
			out = append(out, span{s, e})
		}
	}
	i := 0
	for i < len(text) {
		r, w := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			emit(i)
			start = i + 1
			i++
			continue
		case r == '.' || r == '!' || r == '?' || r == '…' || r == ';' || r == '。' || r == '！' || r == '？':
			j := i + w
			for j < len(text) && strings.ContainsRune(".!?…", rune(text[j])) {
				j++
			}
			for j < len(text) && strings.ContainsRune(`"')]’”`, rune(text[j])) {
				_, w2 := utf8.DecodeRuneInString(text[j:])
				j += w2
			}
			if !(r == '。' || r == '！' || r == '？') && j < len(text) && !isSpaceAt(text, j) {
				i = j
				continue
			}
			if r == '.' && !sentenceStop(text, start, i, j) {
				i = j
				continue
			}
			emit(j)
			start = j
			i = j
			continue
		}
		i += w
	}
	emit(len(text))
	return out
}

func isSpaceAt(text string, j int) bool {
	r, _ := utf8.DecodeRuneInString(text[j:])
	return unicode.IsSpace(r)
}

// sentenceStop decides whether the full stop at dot (ending at after)
// ends the sentence that began at start.
func sentenceStop(text string, start, dot, after int) bool {
	// the word before the stop
	k := dot
	for k > start {
		r, w := utf8.DecodeLastRuneInString(text[start:k])
		if unicode.IsSpace(r) || r == '(' || r == '"' {
			break
		}
		k -= w
	}
	word := strings.ToLower(strings.TrimRight(text[k:dot], "."))
	if abbreviations[word] {
		return false
	}
	if utf8.RuneCountInString(word) == 1 {
		r, _ := utf8.DecodeRuneInString(word)
		if unicode.IsLetter(r) {
			return false // an initial: "J. Smith"
		}
	}
	if initials(word) {
		return false // "J.K. Rowling"
	}
	// the next word
	n := after
	for n < len(text) {
		r, w := utf8.DecodeRuneInString(text[n:])
		if !unicode.IsSpace(r) || r == '\n' {
			break
		}
		n += w
	}
	if n >= len(text) {
		return true
	}
	return true
}

// trimSpan trims white space and bullet marks from both ends.
func trimSpan(text string, s, e int) (int, int) {
	for s < e {
		r, w := utf8.DecodeRuneInString(text[s:e])
		if unicode.IsSpace(r) || r == '-' || r == '*' || r == '•' || r == '>' || (r == utf8.RuneError && w <= 1) {
			s += w
			continue
		}
		break
	}
	for e > s {
		r, w := utf8.DecodeLastRuneInString(text[s:e])
		if unicode.IsSpace(r) || (r == utf8.RuneError && w <= 1) {
			e -= w
			continue
		}
		break
	}
	return s, e
}

// initials: single letters joined by full stops ("j.k", "j.r.r").
func initials(word string) bool {
	parts := strings.Split(word, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		r, w := utf8.DecodeRuneInString(p)
		if w != len(p) || !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// statementBeforeQuestion returns where a question starts inside a sentence
// that opens with a statement, or 0: after a spaced dash ("VHS German again
// tonight — does anyone understand Konjunktiv II?") or after a comma that
// opens a request to the listener ("8 hours is $3,800, should I put that on
// my website?"). The statement must not itself open as a question.
func statementBeforeQuestion(s string) int {
	low := strings.ToLower(s)
	k := 0
	for _, d := range []string{" — ", " – ", " - ", " -- "} {
		if i := strings.LastIndex(low, d); i > k {
			k = i
		}
	}
	if k == 0 {
		for _, ask := range listenerAsks {
			if i := strings.LastIndex(low, ", "+ask+" "); i > k {
				k = i
			}
		}
	}
	if k == 0 {
		return 0
	}
	head := strings.Fields(low[:k])
	first := strings.Trim(head[0], ",:;\"'")
	if len(head) < 3 || strings.ContainsAny(low[:k], "?") || questionOpeners[first] && !(whWords[first] && strings.Contains(low[:k], ",")) {
		// "When people ask, 8 hours is $3,800 — should I …?" opens with
		// a clause, not a question
		return 0
	}
	return k
}

// listenerAsks open a request or a question to the listener after a
// statement.
var listenerAsks = []string{"can you", "could you", "would you", "will you", "should i", "how do i", "how should i",
	"what should i", "what do you think", "do you think", "any tips", "any ideas", "any thoughts", "thoughts",
	"is that", "does that", "how can i", "what would you", "where should i", "which one", "can i", "do i"}

// questionOpeners open a sentence that asks from its first word; the wh-
// words (qa.go) may instead open a clause before a comma ("When people
// ask,").
var questionOpeners = map[string]bool{"is": true, "are": true, "do": true, "does": true, "did": true, "can": true,
	"could": true, "would": true, "should": true, "will": true, "what": true, "when": true, "where": true, "who": true,
	"why": true, "how": true, "which": true, "any": true, "have": true, "has": true, "was": true, "were": true, "am": true}
