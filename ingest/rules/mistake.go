package rules

// mistakeOnly: the sentence only admits a mistake ("Sorry, I wrote it
// wrong.", "I got that wrong.", "My mistake.", "oops, typo"), so the
// sentence after it is the correction and this one says nothing to keep.
// A sentence that names what was wrong ("I was wrong about the venue")
// or carries a number is not only an admission.
func mistakeOnly(s string) bool {
	toks := tokenize(s)
	words := make([]string, 0, len(toks))
	for _, t := range toks {
		switch t.kind {
		case tWord:
			words = append(words, t.low)
		case tPunct:
		default:
			return false // a number, a date, an address: a claim of its own
		}
	}
	for len(words) > 0 && mistakeOpeners[words[0]] {
		words = words[1:]
	}
	if len(words) == 0 || len(words) > 6 {
		return false
	}
	switch {
	case len(words) <= 2 && (words[0] == "typo" || words[0] == "correction" || words[0] == "wrong"):
		return true // "Typo.", "Correction!"
	case len(words) == 2 && words[0] == "my" && (words[1] == "mistake" || words[1] == "bad" || words[1] == "error"):
		return true
	}
	// "I wrote it wrong", "I got that wrong", "I had the date wrong": the
	// sentence ends in "wrong" ("I typed the wrong number" names a thing)
	if words[0] != "i" && words[0] != "we" || len(words) < 3 || words[len(words)-1] != "wrong" {
		return false
	}
	switch words[1] {
	case "wrote", "said", "got", "had", "typed", "put", "gave", "told", "was", "were":
	default:
		return false
	}
	mid := words[2 : len(words)-1]
	switch {
	case len(mid) == 0:
		return words[1] == "was" || words[1] == "were" // "I was wrong"
	case len(mid) == 1:
		return mid[0] == "it" || mid[0] == "that" || mid[0] == "this" || mid[0] == "you"
	case len(mid) == 2:
		return mid[0] == "the" || mid[0] == "my" || mid[0] == "you" && mid[1] == "that"
	}
	return false
}

// mistakeOpeners may open an admission of a mistake.
var mistakeOpeners = set(`sorry oops ah ahh argh ugh damn whoops oh wait hmm actually`)

// notOldNumber: the value is followed by the number it replaces and
// nothing else ("Club fee is 1,500 yen per month, not 1,000."), which
// words the claim as a correction. A thing denied beside the value ("on
// Zoom, not in person") is a contrast, not a correction, and is left.
func notOldNumber(toks []tok, valTo int) bool {
	k := valTo
	if k < 0 || k+2 >= len(toks) || toks[k].s != "," || toks[k+1].low != "not" || toks[k+2].kind != tNum {
		return false
	}
	rest := 0
	for _, t := range toks[k+3:] {
		if t.kind != tPunct {
			rest++
		}
	}
	return rest <= 2 // "not 1,000", "not 1,000 yen", "not 9 am"
}
