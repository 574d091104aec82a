package conflicts

import (
	"strings"
	"testing"
)

// TestFoldNumberWords: runs of number words become one token in figures;
// single words, clock times and words that only look like numbers stay.
func TestFoldNumberWords(t *testing.T) {
	for in, want := range map[string]string{
		"my locker is number forty-two":           "my locker is number 42",
		"twenty five days of leave":               "25 days of leave",
		"ten thousand steps a day":                "10000 steps a day",
		"a hundred quid":                          "100 quid",
		"five hundred and six pages":              "506 pages",
		"I started in two thousand and seventeen": "i started in 2017",
		"Gran was born in nineteen thirty-five":   "gran was born in 1935",
		"since twenty twenty":                     "since 2020",
		"the twenty-first of June":                "the 21st of june",
		"one and a half hours":                    "1.5 hours",
		"half a kilo of flour":                    "0.5 kilo of flour",
		"a quarter of a kilo of kibble":           "0.25 kilo of kibble",
		// left as they are
		"at eleven thirty we eat":    "at eleven thirty we eat",
		"half past seven":            "half past seven",
		"the blue one":               "the blue one",
		"two, three or four of them": "two three or four of them",
		"one of my two cats":         "one of my two cats",
		"five twenty":                "five twenty",
		"a hundred":                  "100",
		"hundreds of people came":    "hundreds of people came",
		"we won one two nil":         "we won one two nil",
	} {
		var got []string
		for _, tk := range claimTokens(in) {
			got = append(got, tk.low)
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%q: %q, want %q", in, g, want)
		}
	}
}
