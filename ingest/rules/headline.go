package rules

import (
	"strings"
	"unicode"
)

// A topic is often said as a headline and its new value in the next
// sentence: "Czynsz again! From January 710 zł.", "Rent's going up. From
// May £1,450." The second sentence alone names nothing the value is of.

// maxHeadlineWords bounds a headline; maxBareValueWords bounds the
// sentence after it that gives only a value.
const (
	maxHeadlineWords  = 5
	maxBareValueWords = 7
)

// bareValueOpeners open a sentence that gives a value and names no
// topic: when it holds from, or that it holds now.
var bareValueOpeners = set(`from starting as now it its only up down back`)

// headlineValue reads a headline s and the sentence next after it as one
// claim: it returns the two joined by a colon ("Czynsz again: From January
// 710 zł."), the shape a topic and its value are read in, or false when s
// is no headline (more than maxHeadlineWords words, a digit, a question, a
// subject pronoun of its own) or next names a topic of its own (it does
// not open with when its value holds or that it is now, has no digit, or
// is longer than maxBareValueWords words).
func headlineValue(s, next string) (string, bool) {
	hs, ns := tokenize(s), tokenize(next)
	words := func(ts []tok) int {
		n := 0
		for _, t := range ts {
			if t.kind != tPunct {
				n++
			}
		}
		return n
	}
	if n := words(hs); n == 0 || n > maxHeadlineWords || isQuestion(s) || isQuestion(next) {
		return "", false
	}
	for _, t := range hs {
		if t.kind == tNum || clauseSubjects[t.low] || t.low == "he" || t.low == "she" || t.low == "they" || t.low == "you" {
			return "", false
		}
	}
	if n := words(ns); n == 0 || n > maxBareValueWords || !strings.ContainsFunc(next, unicode.IsDigit) || ns[0].kind != tWord || !bareValueOpeners[ns[0].low] {
		return "", false
	}
	return strings.TrimRight(strings.TrimSpace(s), ".!…") + ": " + strings.TrimSpace(next), true
}
