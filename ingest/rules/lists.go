package rules

import (
	"regexp"
	"strings"
	"unicode"
)

// maxListItems bounds the items one sentence's list is read as: a longer
// list stays one claim.
const maxListItems = 12

// maxItemWords bounds an item of a list: a longer part is a clause.
const maxItemWords = 6

// listHead is a short label before a colon: "Alasdair's tablets", "new
// prices".
var listHead = regexp.MustCompile(`^[\p{L}'’ -]{3,60}$`)

// listSep splits the items of a list: commas, and "and" before the last.
var listSep = regexp.MustCompile(`\s*,\s*(?:and\s+)?|\s+and\s+`)

// listItems reads a sentence that gives a list of things, each with its
// own amount, after a label,: "Alasdair's tablets: clopidogrel 75mg in the
// morning, ramipril 2.5mg, and atorvastatin 40mg at night". It returns a
// claim for each item, the label before it ("Alasdair's tablets:
// ramipril 2.5mg"), so that a change of one item ("Ramipril's 10mg now")
// retires that item and not the others; nil when the sentence is no such
// list. Each item opens with a word, the thing, has one number and no
// year, and is short.
func listItems(s string) []string {
	head, rest, ok := strings.Cut(s, ":")
	head = strings.TrimSpace(head)
	if !ok || !listHead.MatchString(head) || len(strings.Fields(head)) > 5 {
		return nil
	}
	rest = strings.TrimRight(strings.TrimSpace(rest), ".!")
	parts := listSep.Split(rest, -1)
	if len(parts) < 2 || len(parts) > maxListItems {
		return nil
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		first := []rune(p)
		if len(first) == 0 || !unicode.IsLetter(first[0]) || notItem(p) || numbersIn(p) != 1 || len(strings.Fields(p)) > maxItemWords || yearIn.MatchString(p) {
			return nil
		}
		out = append(out, head+": "+p)
	}
	return out
}

// notItem: a part names the value taken back, not a thing of the list:
// "the garage charged 340 pounds, not 430".
func notItem(p string) bool {
	w, _, _ := strings.Cut(strings.ToLower(p), " ")
	return w == "not" || w == "no" || w == "instead"
}

// numbersIn counts the runs of digits in s, a decimal ("2.5") one.
func numbersIn(s string) int {
	n, in := 0, false
	rs := []rune(s)
	for k, r := range rs {
		digit := unicode.IsDigit(r) || in && (r == '.' || r == ',') && k+1 < len(rs) && unicode.IsDigit(rs[k+1])
		if digit && !in {
			n++
		}
		in = digit
	}
	return n
}
