package conflicts

import (
	"strconv"
	"strings"
)

// A value is often written out in words in one claim and in figures in
// the other: "my locker is number forty-two" / "42", "twenty-five days",
// "ten thousand steps", "born in nineteen thirty-five", "the twenty-first
// of June", "half a kilo". foldNumberWords reads such a run of words as
// one token in figures, so that the typed values of both read alike. A
// single word ("two", "ninth") is left as it is: number and dayOfMonth
// read those.

// smallNumbers are the numbers below twenty; tensWords the tens.
var (
	smallNumbers = map[string]int{
		"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
		"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
		"seventeen": 17, "eighteen": 18, "nineteen": 19,
	}
	tensWords = map[string]int{
		"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
	}
	// ordinalUnits end a written ordinal: "twenty-first", "thirty-first".
	ordinalUnits = map[string]int{
		"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
	}
	numberScales = map[string]int{"hundred": 100, "thousand": 1000, "million": 1000000}
)

// foldNumberWords replaces each run of two or more number words (or "a"
// before "hundred" or "thousand") with one token of its value in figures:
// "forty two" (a hyphen splits words too), "five hundred and six", "two
// thousand and seventeen", "a hundred"; two numbers of a year said in
// pairs ("nineteen thirty-five", "twenty twenty-four") as the year; "one
// and a half" as 1.5; "half a" and "a quarter of a" before a word as 0.5
// and 0.25 ("half a kilo"), but not "half past"; tens and an ordinal
// ("twenty-first") as "21st". The token keeps the words as its raw text.
func foldNumberWords(ts []ctok) []ctok {
	if !anyNumberWord(ts) {
		return ts
	}
	out := make([]ctok, 0, len(ts))
	for i := 0; i < len(ts); {
		if v, n := readNumberWords(ts, i); n > 0 {
			raw := make([]string, n)
			for k := range n {
				raw[k] = ts[i+k].raw
			}
			out = append(out, ctok{raw: strings.Join(raw, " "), low: v, brk: ts[i].brk})
			i += n
			continue
		}
		out = append(out, ts[i])
		i++
	}
	return out
}

// anyNumberWord: a token is a word foldNumberWords may start or take in.
func anyNumberWord(ts []ctok) bool {
	for _, t := range ts {
		if _, ok := smallNumbers[t.low]; ok {
			return true
		}
		if _, ok := tensWords[t.low]; ok {
			return true
		}
		if t.low == "half" || t.low == "quarter" || numberScales[t.low] > 0 {
			return true
		}
	}
	return false
}

// readNumberWords reads a written number of two or more words at i; n is
// 0 when there is none.
func readNumberWords(ts []ctok, i int) (string, int) {
	low := func(k int) string {
		if k < len(ts) && (k == i || !ts[k].brk) {
			return ts[k].low
		}
		return ""
	}
	// fractions before a word: "half a kilo", "a quarter of a kilo"
	switch {
	case low(i) == "half" && (low(i+1) == "a" || low(i+1) == "an") && low(i+2) != "":
		return "0.5", 2
	case low(i) == "a" && low(i+1) == "quarter" && low(i+2) == "of" && (low(i+3) == "a" || low(i+3) == "an") && low(i+4) != "":
		return "0.25", 4
	}
	// a year said as two numbers after a word that dates: "born in
	// nineteen thirty-five", "since twenty twenty" (not "at eleven thirty")
	if hi, ok := yearHalf(low(i)); ok && i > 0 && yearLeads[ts[i-1].low] {
		if lo, n := spokenTens(low, i+1); n > 0 && lo >= 10 {
			return strconv.Itoa(hi*100 + lo), 1 + n
		}
	}
	total, cur, n := 0, 0, 0
	k := i
	if low(k) == "a" && numberScales[low(k+1)] > 0 {
		cur, k = 1, k+1 // "a hundred", "a thousand"
	}
	for ; k < len(ts); k++ {
		w := low(k)
		if w == "" {
			break
		}
		if v, ok := tensWords[w]; ok && cur%100 == 0 {
			if o, ok := ordinalUnits[low(k+1)]; ok && k+1 > i {
				// "twenty-first": an ordinal, read as figures
				return ordinalFigures(total + cur + v + o), k + 2 - i
			}
			cur += v
			n++
			continue
		}
		if v, ok := smallNumbers[w]; ok && cur%10 == 0 && (cur%100 == 0 || v < 10) {
			cur += v
			n++
			continue
		}
		if s := numberScales[w]; s > 0 && (cur > 0 || n == 0 && k > i) {
			if cur == 0 {
				cur = 1
			}
			if s == 100 {
				cur *= 100
			} else {
				total, cur = total+cur*s, 0
			}
			n++
			continue
		}
		if w == "and" && n > 0 && (tensWords[low(k+1)] > 0 || smallNumbers[low(k+1)] > 0 && low(k+1) != "") && (total > 0 || cur >= 100) {
			continue // "five hundred and six", "two thousand and seventeen"
		}
		if w == "and" && n > 0 && low(k+1) == "a" && low(k+2) == "half" {
			// "one and a half"
			return trimNumber(float64(total+cur) + 0.5), k + 3 - i
		}
		break
	}
	if k-i < 2 || n == 0 {
		return "", 0
	}
	return strconv.Itoa(total + cur), k - i
}

// yearHalf: the first half of a year said in pairs ("nineteen", "twenty").
func yearHalf(w string) (int, bool) {
	if v, ok := smallNumbers[w]; ok && v >= 11 {
		return v, true
	}
	if w == "twenty" {
		return 20, true
	}
	return 0, false
}

// spokenTens reads a number from 10 to 99 in one or two words at k:
// "thirty-five", "forty", "twelve".
func spokenTens(low func(int) string, k int) (int, int) {
	if v, ok := tensWords[low(k)]; ok {
		if u, ok := smallNumbers[low(k+1)]; ok && u > 0 && u < 10 {
			return v + u, 2
		}
		return v, 1
	}
	if v, ok := smallNumbers[low(k)]; ok && v >= 10 {
		return v, 1
	}
	return 0, 0
}

// ordinalFigures writes n as an ordinal in figures: 21 -> "21st".
func ordinalFigures(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// yearLeads come before a year: "in", "since", "born".
var yearLeads = map[string]bool{"in": true, "since": true, "from": true, "until": true, "till": true, "by": true, "born": true, "of": true, "year": true}
