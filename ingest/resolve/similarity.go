package resolve

import (
	"sort"
	"strings"
)

// Similarity returns how alike two names are, from 0 (nothing shared) to 1
// (the same after Normalize). It is the Jaro-Winkler similarity of the
// normalised names, or of their words sorted alphabetically when that is
// higher, so "Silva, Anna" and "Anna Silva" score 1. It is symmetric and
// deterministic.
func Similarity(a, b string) float64 {
	ta, tb := tokens(a), tokens(b)
	if len(ta) == 0 || len(tb) == 0 {
		return 0
	}
	na, nb := strings.Join(ta, " "), strings.Join(tb, " ")
	if na == nb {
		return 1
	}
	s := jaroWinkler(na, nb)
	sa, sb := sortedJoin(ta), sortedJoin(tb)
	if sa == sb {
		return 1
	}
	if t := jaroWinkler(sa, sb); t > s {
		s = t
	}
	return s
}

func sortedJoin(words []string) string {
	c := append([]string(nil), words...)
	sort.Strings(c)
	return strings.Join(c, " ")
}

// jaroWinkler is the Jaro similarity with Winkler's bonus for a common
// prefix of up to four runes (scaling factor 0.1).
func jaroWinkler(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	j := jaro(ra, rb)
	prefix := 0
	for prefix < len(ra) && prefix < len(rb) && prefix < 4 && ra[prefix] == rb[prefix] {
		prefix++
	}
	return j + float64(prefix)*0.1*(1-j)
}

func jaro(a, b []rune) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	window := max(len(a), len(b))/2 - 1
	if window < 0 {
		window = 0
	}
	ma := make([]bool, len(a))
	mb := make([]bool, len(b))
	matches := 0
	for i := range a {
		lo, hi := max(0, i-window), min(len(b)-1, i+window)
		for k := lo; k <= hi; k++ {
			if !mb[k] && a[i] == b[k] {
				ma[i], mb[k] = true, true
				matches++
				break
			}
		}
	}
	if matches == 0 {
		return 0
	}
	transpositions := 0
	k := 0
	for i := range a {
		if !ma[i] {
			continue
		}
		for !mb[k] {
			k++
		}
		if a[i] != b[k] {
			transpositions++
		}
		k++
	}
	m := float64(matches)
	return (m/float64(len(a)) + m/float64(len(b)) + (m-float64(transpositions)/2)/m) / 3
}
