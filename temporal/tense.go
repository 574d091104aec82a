package temporal

import "strings"

// tenseWindow bounds how far tenseAt looks on either side, in tokens, so
// that Find stays linear on long sentences.
const tenseWindow = 40

// tenseAt guesses the tense of the sentence around tokens [i, i+n): the
// nearest past or future marker outside the expression wins; with none,
// p.defTense (unknown unless a deadline is being read).
func (p *parser) tenseAt(i, n int) tense {
	if p.rescheduledTo(i) {
		return tenseFuture
	}
	j := i
	if p.low(j) != "the" {
		j = i - 1
	}
	if p.low(j) == "the" && (p.low(j-1) == "it's" || p.low(j-1) == "its" || p.low(j-1) == "is") && p.dayTakenBack(j) {
		// "sorry I said the 14th, its the 18th": the day given now is
		// one to come, whatever tense the taking back was in
		return tenseFuture
	}
	best, bestDist := p.defTense, tenseWindow+1
	// backwards
	for j, d := i-1, 1; j >= 0 && d <= tenseWindow; j, d = j-1, d+1 {
		if p.sentenceBreak(j) {
			break
		}
		if unmarkedPast[p.toks[j].low] && p.low(i-1) == "from" {
			// "Harwood Mill put the sack up to £13.95 from June": when
			// the change starts, which its announcement may precede
			continue
		}
		if t := p.markerAt(j); t != tenseUnknown && d < bestDist {
			if t == tensePast && p.modalBefore(j) {
				// "I have to get the cards posted by 18 December": the
				// participle belongs to what has to be done
				t = tenseFuture
			}
			best, bestDist = t, d
			break
		}
	}
	headed := p.clauseBefore(i)
	for j, d := i+n, 1; j < len(p.toks) && d <= tenseWindow; j, d = j+1, d+1 {
		if p.sentenceBreak(j) || headed && p.newClause(j) {
			break
		}
		if t := p.markerAt(j); t != tenseUnknown {
			if d < bestDist {
				best = t
			}
			break
		}
	}
	if best == tenseUnknown && p.startFrom(i) {
		// "From January 710 zł.", said in November: when a change
		// starts, with nothing saying it has
		return tenseFuture
	}
	return best
}

// startFrom: the expression at i says from when something holds: "from",
// "starting" or "as of" just before it.
func (p *parser) startFrom(i int) bool {
	switch p.low(i - 1) {
	case "from", "starting":
		return true
	case "of":
		return p.low(i-2) == "as"
	}
	return false
}

// newClause: a comma or a conjunction at j opens another clause with its
// own subject ("… is on 4 April, we've booked the hotel", "… had her
// lesson on Friday and now she wants a pony"), or a comma one whose
// subject is left out ("…, rented a house"), whose tense is not the
// date's.
func (p *parser) newClause(j int) bool {
	t := p.toks[j]
	if !(t.kind == tokPunct && t.s == "," || clauseJoins[t.low]) {
		return false
	}
	k := j + 1
	for clauseAdverbs[p.low(k)] {
		k++
	}
	if t.kind == tokPunct && isPastWord(p.low(k)) && p.toks[k].kind == tokWord {
		// a clause whose subject is left out: "we're going to Kerry in
		// August, rented a house in Ballinskelligs"
		return true
	}
	if t.kind == tokPunct && p.nounClause(k) {
		return true
	}
	return subjectPronouns[p.low(k)]
}

// nounClause: the words from k are a clause whose subject is a noun and
// whose verb is in the past: "(our lease is up July 1,) landlord just
// sent the renewal notice", "the school rang".
func (p *parser) nounClause(k int) bool {
	if determiners[p.low(k)] {
		k++
	}
	if k >= len(p.toks) || p.toks[k].kind != tokWord || isPastWord(p.low(k)) {
		return false
	}
	k++
	if p.low(k) == "just" || p.low(k) == "already" || clauseAdverbs[p.low(k)] {
		k++
	}
	return k < len(p.toks) && p.toks[k].kind == tokWord && isPastWord(p.low(k))
}

// clauseJoins join two clauses; clauseAdverbs may stand between the join
// and the next clause's subject ("and now she wants").
var clauseJoins, clauseAdverbs = map[string]bool{"and": true, "but": true, "so": true}, map[string]bool{"now": true, "then": true, "also": true, "still": true, "honestly": true}

// clauseBefore: the expression at i follows words of its own clause (at
// least two words since the sentence began), so it is not a fronted date
// whose clause comes after the comma ("On 4 April, we moved").
func (p *parser) clauseBefore(i int) bool {
	words := 0
	for j := i - 1; j >= 0 && words < 2 && !p.sentenceBreak(j); j-- {
		if p.toks[j].kind == tokWord {
			words++
		}
	}
	return words >= 2
}

// subjectPronouns open a clause.
var subjectPronouns = map[string]bool{
	"i": true, "we": true, "they": true, "he": true, "she": true, "you": true,
	"i've": true, "we've": true, "they've": true, "you've": true, "i'm": true, "we're": true, "they're": true,
	"he's": true, "she's": true, "i'd": true, "we'd": true, "they'd": true,
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
		if p.low(j+1) == "to" || strings.HasSuffix(p.low(j-1), "'s") && p.low(j-1) != "it's" {
			// "going to", and an arrangement: "the car's going in for
			// its service on the 2nd"
			return tenseFuture
		}
		return tenseUnknown
	case w == "next" || w == "last":
		return tenseUnknown // they belong to other expressions
	case (w == "has" || w == "have") && p.low(j+1) == "to", w == "gotta", w == "got" && p.low(j+1) == "to" && haveBefore(p.low(j-1)):
		// an obligation: "the form has to be in by May", "I've got to
		// submit it by" ("we got to Paris on Monday" arrived)
		return tenseFuture
	case intentVerbs[w] && p.low(j+1) == "to":
		return tenseFuture // "Ellie promised to return my drill by Saturday"
	case len(w) > 4 && strings.HasSuffix(w, "ing") && progressiveBe[p.low(j-1)]:
		return tenseFuture // an arrangement: "I'm flying to New York on 2 January"
	case isFutureWord(w):
		return tenseFuture
	case (w == "is" || w == "are" || w == "'s") && p.low(j+1) == "on":
		// a date given in the present is a date to come: "my interview is
		// on the 29th", "the wedding is on the 21st of June"
		return tenseFuture
	case scheduleWords[w]:
		// a timetable's present ("the course begins in January"), not
		// after a determiner, where the word is a noun ("the start of May")
		switch p.low(j - 1) {
		case "the", "a", "an", "its", "their", "our", "my", "his", "her", "your", "this", "that":
			return tenseUnknown
		}
		return tenseFuture
	case unmarkedPast[w] && j > 0 && singularSubjectBefore(p.toks[j-1]):
		// "My GP put me on it in November": a singular subject before a
		// verb that would take -s in the present
		return tensePast
	case isPastWord(w):
		if determiners[p.low(j-1)] {
			return tenseUnknown // an adjective: "the signed contract", "my revised budget"
		}
		if g := p.low(j - 1); g == "get" || g == "gets" || g == "getting" {
			// "is getting married in August": the "get" says the tense
			return tenseUnknown
		}
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

// modalWindow is how far before a participle modalBefore looks for what
// makes it part of something still to do.
const modalWindow = 8

// modalBefore: a word of obligation or of the future ("have to", "need
// to", "'ll", "will", "must", "going to") stands within modalWindow
// tokens before the past-looking word at j, in its clause.
func (p *parser) modalBefore(j int) bool {
	w := p.toks[j].low
	if pastWords[w] || !strings.HasSuffix(w, "ed") {
		return false // "went", "had": a past tense, not a participle
	}
	for k := j - 1; k >= 0 && k >= j-modalWindow; k-- {
		if p.sentenceBreak(k) || p.toks[k].low == "," || p.toks[k].low == "but" || p.toks[k].low == "and" {
			return false
		}
		switch x := p.toks[k].low; {
		case x == "will" || x == "must" || strings.HasSuffix(x, "'ll"):
			return true
		case (x == "have" || x == "has" || x == "need" || x == "needs" || x == "going") && p.low(k+1) == "to", x == "gotta",
			x == "got" && p.low(k+1) == "to" && haveBefore(p.low(k-1)):
			return true
		}
	}
	return false
}

// haveBefore: w is a form of "have" that makes "got to" an obligation
// ("I've got to", "she has got to").
func haveBefore(w string) bool {
	switch w {
	case "have", "has", "i've", "we've", "you've", "they've", "he's", "she's", "it's", "'ve":
		return true
	}
	return false
}

// intentVerbs, before "to", say what someone means to do: its time is to
// come ("promised to send them by Thursday").
var intentVerbs = map[string]bool{
	"promised": true, "agreed": true, "decided": true, "planned": true, "offered": true,
	"arranged": true, "needed": true, "wanted": true, "hoped": true, "meant": true,
	"intended": true, "vowed": true, "pledged": true, "committed": true, "undertook": true,
}

// progressiveBe are the present forms of "be" that, before a verb in
// "-ing", say what is arranged.
var progressiveBe = map[string]bool{
	"i'm": true, "we're": true, "you're": true, "they're": true, "he's": true, "she's": true,
	"am": true, "are": true, "is": true,
}

// determiners before a participle make it an adjective ("this" and
// "that" are left out: "the week that ended on Friday").
var determiners = map[string]bool{
	"the": true, "a": true, "an": true, "my": true, "our": true, "your": true, "his": true,
	"her": true, "their": true, "its": true,
}

// presentBe are the forms of "be" that make the participle after them a
// present or future passive.
var presentBe = map[string]bool{"be": true, "being": true, "is": true, "are": true, "am": true}

// rescheduledTo: the expression at i is the new date of something moved
// ("the launch slipped to 2 April", "they've pushed my appointment back to
// the 9th"): a date to come, although the verb that moved it is in the
// past. ("postponed until 3 March" is read as the end of a wait.)
func (p *parser) rescheduledTo(i int) bool {
	j := i - 1
	if p.low(j) == "the" {
		j--
	}
	if p.low(j) == "on" || p.low(j) == "onto" {
		// "they've put me on the oct 5 7am one instead", "rebooked us
		// onto the 9th": a person moved onto a later booking
		return j >= 2 && movedOntoObjects[p.low(j-1)] && (rescheduleVerbs[p.low(j-2)] || p.low(j-2) == "rebooked")
	}
	if j < 0 || p.low(j) != "to" {
		return false
	}
	for k, words := j-1, 0; k >= 0 && words < 4 && !p.sentenceBreak(k); k-- {
		if p.toks[k].kind != tokWord {
			return false
		}
		if rescheduleVerbs[p.low(k)] {
			return true
		}
		words++
	}
	return false
}

// movedOntoObjects are whom a booking moves: "put me on the 5th".
var movedOntoObjects = map[string]bool{"me": true, "us": true, "him": true, "her": true, "them": true}

// rescheduleVerbs move a date.
var rescheduleVerbs = map[string]bool{
	"slipped": true, "slid": true, "pushed": true, "postponed": true, "delayed": true, "bumped": true, "rescheduled": true,
	"shifted": true, "deferred": true, "moved": true, "brought": true, "pulled": true, "put": true, "changed": true,
}

// unmarkedPast are verbs whose past is their bare form; said after a
// singular subject without -s they are past ("Dr Evans put me on it").
var unmarkedPast = map[string]bool{"put": true, "set": true, "cut": true, "quit": true, "let": true, "hit": true, "shut": true}

// singularSubjectBefore: the word t, just before such a verb, may be a
// singular subject: a name or noun ("my GP", "Dad") or he or she, but not
// a plural or first or second person pronoun, a modal, an auxiliary, "to"
// or an adverb ("I put the bins out", "we always put", "to put", "we've
// cut").
func singularSubjectBefore(t tok) bool {
	w := t.low
	if t.kind != tokWord {
		return false
	}
	switch w {
	case "", "i", "you", "we", "they", "to", "will", "would", "can", "could", "should", "must", "might", "may",
		"do", "don't", "did", "didn't", "always", "never", "often", "usually", "sometimes", "just", "the", "a", "an", "and", "or",
		"have", "has", "having", "been", "be", "get", "gets", "got":
		return false
	}
	if strings.ContainsAny(w, "'’") {
		return false // "we've cut", "Mum's put": a present perfect
	}
	if t.upper || w == "he" || w == "she" {
		return true // a name ("Dr Evans put"), or he or she
	}
	// a noun, not a plural one ("the kids put"), nor an adverb
	return !strings.HasSuffix(w, "ly") && !strings.HasSuffix(w, "s")
}
