package temporal

// tenseWindow bounds how far tenseAt looks on either side, in tokens, so
// that Find stays linear on long sentences.
const tenseWindow = 40

// tenseAt guesses the tense of the sentence around tokens [i, i+n): the
// nearest past or future marker outside the expression wins; with none,
// p.defTense (unknown unless a deadline is being read).
func (p *parser) tenseAt(i, n int) tense {
	best, bestDist := p.defTense, tenseWindow+1
	// backwards
	for j, d := i-1, 1; j >= 0 && d <= tenseWindow; j, d = j-1, d+1 {
		if p.sentenceBreak(j) {
			break
		}
		if t := p.markerAt(j); t != tenseUnknown && d < bestDist {
			best, bestDist = t, d
			break
		}
	}
	for j, d := i+n, 1; j < len(p.toks) && d <= tenseWindow; j, d = j+1, d+1 {
		if p.sentenceBreak(j) {
			break
		}
		if t := p.markerAt(j); t != tenseUnknown {
			if d < bestDist {
				best = t
			}
			break
		}
	}
	return best
}

// sentenceBreak reports whether token j ends a sentence or clause for
// tense: a line break, "!", "?", ";", or a full stop or colon followed by a
// space or the end. A colon introduces a clause with its own tense ("I got
// the date wrong earlier: the evening is on 19 March"); one inside a time
// ("10:15") is no break.
func (p *parser) sentenceBreak(j int) bool {
	t := p.toks[j]
	if t.kind != tokPunct {
		return false
	}
	switch t.s {
	case "\n", "!", "?", ";":
		return true
	case ".", ":":
		return j+1 >= len(p.toks) || !adjacent(t, p.toks[j+1])
	}
	return false
}

func (p *parser) markerAt(j int) tense {
	w := p.toks[j].low
	if p.toks[j].kind != tokWord {
		return tenseUnknown
	}
	switch {
	case w == "going":
		if p.low(j+1) == "to" {
			return tenseFuture
		}
		return tenseUnknown
	case w == "next" || w == "last":
		return tenseUnknown // they belong to other expressions
	case (w == "has" || w == "have") && p.low(j+1) == "to":
		return tenseFuture // an obligation: "the form has to be in by May"
	case isFutureWord(w):
		return tenseFuture
	case scheduleWords[w]:
		// a timetable's present ("the course begins in January"), not
		// after a determiner, where the word is a noun ("the start of May")
		switch p.low(j - 1) {
		case "the", "a", "an", "its", "their", "our", "my", "his", "her", "your", "this", "that":
			return tenseUnknown
		}
		return tenseFuture
	case isPastWord(w):
		if w != "been" && presentBe[p.low(j-1)] {
			// a participle after a present or bare "be" is a passive or
			// an adjective, not a past tense: "has to be filed by",
			// "the shop is closed on"
			return tenseUnknown
		}
		return tensePast
	}
	return tenseUnknown
}

// presentBe are the forms of "be" that make the participle after them a
// present or future passive.
var presentBe = map[string]bool{"be": true, "being": true, "is": true, "are": true, "am": true}
