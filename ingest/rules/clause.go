package rules

import "strings"

// clause is the shallow parse of a declarative clause: subject noun
// phrase, auxiliaries, main verb, particle and object, as token ranges.
type clause struct {
	subjFrom, subjTo int // subject tokens [subjFrom, subjTo); empty when implicit
	implicit         bool
	verb             string // base form; "be" for a copula
	verbIdx          int
	copula           bool
	past             bool
	future           bool // will, 'll, shall, going to, gonna
	modal            string
	perfect          bool
	progressive      bool
	passive          bool
	usedTo           bool
	neg              bool
	noLonger         bool
	now              bool // "now" between subject and verb, or "is now"
	particle         string
	objFrom, objTo   int
	existential      bool // "there is/are"
}

// stative verbs describe states, not happenings: a past stative clause is
// a fact, not an event.
var stative = set(`be have like love hate prefer dislike enjoy adore detest loathe know think
believe feel want need seem own mean live work use cost weigh contain belong depend
consist remember understand wish hope matter prefer speak`)

// postModifierPreps start a phrase after a subject that modifies it:
// "Marta from Globex emailed me", "the printer on the 2nd floor is
// broken".
var postModifierPreps = set(`from at in of on near for with by behind beside to`)

// pronounSubjects may be a whole subject.
var pronounSubjects = set(`i we you he she they it this that who`)

// parseClause parses toks[from:] (skip marks time-expression tokens).
func parseClause(toks []tok, skip []bool, from int) (clause, bool) {
	c := clause{subjFrom: from, subjTo: from, verbIdx: -1, objFrom: -1, objTo: -1}
	i := from
	n := len(toks)
	if i >= n {
		return c, false
	}
	w := toks[i].low
	switch {
	case w == "there" && i+1 < n && beForms[toks[i+1].low]:
		c.existential = true
		c.subjTo = i + 1
		i++
	case pronounSubjects[w] && toks[i].kind == tWord:
		c.subjTo = i + 1
		i++
	default:
		if _, form, ok := lookupVerb(w); ok && (form == formPast || form == formIng) && !determiners[w] && (i+1 >= n || !aux[toks[i+1].low]) {
			// subject dropped, chat style: "Went to Porto yesterday."
			c.implicit = true
			break
		}
		j := parseNP(toks, skip, i)
		if j == i {
			return c, false
		}
		c.subjTo = j
		i = j
		// "Marta from Globex emailed me": a post-modifier, then the verb
		if i < n && postModifierPreps[toks[i].low] && !(skip != nil && skip[i]) {
			if k := parseNP(toks, skip, i+1); k > i+1 && k < n && (aux[toks[k].low] || negWords[toks[k].low] || isFiniteVerb(toks[k])) {
				if !toks[j-1].cap {
					// a common noun is identified by its modifier: "the
					// printer on the 2nd floor" is not every printer
					c.subjTo = k
				}
				i = k
			}
		}
	}
	// auxiliaries, negation, adverbs
	sawBe := false
	for i < n {
		t := toks[i]
		l := t.low
		if skip != nil && skip[i] {
			break
		}
		switch {
		case l == "used" && i+1 < n && toks[i+1].low == "to":
			c.usedTo, c.past = true, true
			i += 2
			continue
		case l == "no" && i+1 < n && toks[i+1].low == "longer":
			c.neg, c.noLonger = true, true
			i += 2
			continue
		case negWords[l]:
			c.neg = true
			i++
			continue
		case l == "now":
			c.now = true
			i++
			continue
		case midAdverbs[l] && t.kind == tWord:
			i++
			continue
		case l == "going" && sawBe && i+1 < n && toks[i+1].low == "to" && i+2 < n && isBaseVerb(toks[i+2].low):
			c.future = true
			i += 2
			continue
		case l == "gonna":
			c.future = true
			i++
			continue
		case l == "will" || l == "'ll" || l == "shall":
			c.future = true
			i++
			continue
		case l == "would" || l == "'d" || l == "could" || l == "should" || l == "might" || l == "must" || l == "can" || l == "may":
			if l == "'d" && i+1 < n && (toks[i+1].low == "rather" || toks[i+1].low == "like" || toks[i+1].low == "love" || isPartVerb(toks[i+1].low)) {
				if isPartVerb(toks[i+1].low) { // "I'd moved" = had
					c.perfect, c.past = true, true
					i++
					continue
				}
			}
			if l == "'d" {
				l = "would"
			}
			c.modal = l
			i++
			continue
		case beForms[l] || (l == "'s" && i > from && (c.subjTo-c.subjFrom == 1 && pronounSubjects[toks[c.subjFrom].low] || c.existential)):
			sawBe = true
			if l == "was" || l == "were" {
				c.past = true
			}
			c.verb, c.verbIdx, c.copula = "be", i, true
			i++
			continue
		case l == "have" || l == "has" || l == "had" || l == "'ve":
			if i+1 < n && isPartVerb(nextNonAdverb(toks, i+1)) {
				c.perfect = true
				if l == "had" {
					c.past = true
				}
				i++
				continue
			}
		case l == "do" || l == "does" || l == "did":
			if i+1 < n && (negWords[toks[i+1].low] || isBaseVerb(nextNonAdverb(toks, i+1))) {
				if l == "did" {
					c.past = true
				}
				i++
				continue
			}
		}
		break
	}
	if i >= n {
		return c, c.copula
	}
	// main verb
	l := toks[i].low
	base, form, isVerb := lookupVerb(l)
	isVerb = isVerb && toks[i].kind == tWord && !(skip != nil && skip[i])
	switch {
	case c.copula && isVerb && form == formIng:
		c.progressive, c.copula = true, false
		c.verb, c.verbIdx = base, i
		i++
	case c.copula && isVerb && (form == formPart || form == formPast) && form != formBase:
		c.passive, c.copula = true, false
		c.verb, c.verbIdx = base, i
		i++
	case c.copula:
		// the complement starts here
	case isVerb && form != formIng:
		c.verb, c.verbIdx = base, i
		if form == formPast && !c.perfect {
			c.past = true
		}
		i++
	case isVerb && c.implicit:
		c.verb, c.verbIdx = base, i
		c.progressive = true
		i++
	case l == "'s" || l == "'re" || l == "'m":
		c.verb, c.verbIdx, c.copula = "be", i, true
		i++
	default:
		return c, false
	}
	// "now" after the copula: "is now"
	for i < n && (toks[i].low == "now" || toks[i].low == "no" && i+1 < n && toks[i+1].low == "longer" || negWords[toks[i].low] || (midAdverbs[toks[i].low] && toks[i].low != "so")) {
		switch {
		case toks[i].low == "now":
			c.now = true
		case toks[i].low == "no":
			c.neg, c.noLonger = true, true
			i++
		default:
			if negWords[toks[i].low] {
				c.neg = true
			}
		}
		i++
	}
	if i+1 < n && (toks[i].low == "back" || toks[i].low == "forward") && (toks[i+1].low == "to" || toks[i+1].low == "until") && c.verb != "" {
		// "pushed back to 4:30", "brought forward to Monday"
		c.particle = toks[i].low + " " + toks[i+1].low
		i += 2
	} else if i < n && preps[toks[i].low] && toks[i].kind == tWord && !(skip != nil && skip[i]) {
		c.particle = toks[i].low
		i++
		if (c.particle == "out" || c.particle == "up" || c.particle == "over") && i < n && (toks[i].low == "of" || toks[i].low == "to" || toks[i].low == "with") {
			c.particle += " " + toks[i].low
			i++
		}
	}
	c.objFrom = i
	c.objTo = objectEnd(toks, skip, i)
	return c, true
}

// isFiniteVerb: a present third-person or past verb form.
func isFiniteVerb(t tok) bool {
	if t.kind != tWord {
		return false
	}
	_, form, ok := lookupVerb(t.low)
	return ok && (form == formS || form == formPast)
}

func nextNonAdverb(toks []tok, i int) string {
	for i < len(toks) && (midAdverbs[toks[i].low] || negWords[toks[i].low]) {
		i++
	}
	if i < len(toks) {
		return toks[i].low
	}
	return ""
}

func isBaseVerb(w string) bool {
	_, form, ok := lookupVerb(w)
	if !ok {
		return false
	}
	if form == formBase {
		return true
	}
	// "put", "read", "let" are base and past at once
	for _, f := range verbForms[w] {
		if f.form == formBase {
			return true
		}
	}
	return false
}

func isPartVerb(w string) bool {
	for _, f := range verbForms[w] {
		if f.form == formPart {
			return true
		}
	}
	return false
}

// parseNP reads a noun phrase at i and returns where it ends: determiners
// and possessives, then up to six words, stopping at an auxiliary, a verb
// (a word that is a verb form and is not followed by an auxiliary), a
// preposition other than "of", or punctuation.
func parseNP(toks []tok, skip []bool, i int) int {
	n := len(toks)
	start := i
	words := 0
	for i < n && i-start < 8 {
		t := toks[i]
		l := t.low
		if skip != nil && skip[i] {
			break
		}
		if t.kind == tPunct {
			if (l == "&" || l == "-") && words > 0 {
				i++
				continue
			}
			break
		}
		if l == "'s" {
			if words == 0 {
				break
			}
			// possessive unless it is "is" before a verb-ing or a complement
			if i+1 < n && (toks[i+1].kind == tWord || toks[i+1].kind == tNum) {
				if _, form, ok := lookupVerb(toks[i+1].low); ok && (form == formIng || form == formPart) || determiners[toks[i+1].low] || preps[toks[i+1].low] || negWords[toks[i+1].low] || toks[i+1].kind == tNum || toks[i+1].low == "now" || midAdverbs[toks[i+1].low] {
					break
				}
				i++
				continue
			}
			break
		}
		if aux[l] && !(words == 0 && determiners[l]) {
			break
		}
		if words > 0 && (l == "no" && i+1 < n && toks[i+1].low == "longer" || negWords[l] || l == "never" || l == "used" && i+1 < n && toks[i+1].low == "to") {
			break
		}
		if possessives[l] {
			i++
			continue
		}
		if words == 0 && i == start && pronounSubjects[l] && determiners[l] == false {
			return i + 1
		}
		if determiners[l] {
			i++
			continue
		}
		if l == "of" && words > 0 && i+1 < n && !(skip != nil && skip[i+1]) {
			i++
			continue
		}
		if l == "and" && words > 0 && i+1 < n && (toks[i+1].cap || determiners[toks[i+1].low] || firstPerson[toks[i+1].low]) && !aux[toks[i+1].low] {
			i++
			continue
		}
		if preps[l] && words > 0 {
			break
		}
		if words > 0 && (midAdverbs[l] || l == "now") {
			break
		}
		if words > 0 && t.kind == tWord {
			if _, form, ok := lookupVerb(l); ok {
				nx := ""
				if i+1 < n {
					nx = toks[i+1].low
				}
				isNoun := aux[nx] && nx != "'s" || nx == "of" || form == formBase && cannotAgree(toks, start, i)
				// a verb-ing after a determiner names a kind of thing ("the
				// planning offsite"), as after a label after one ("the Q2
				// planning offsite", "our 2024 planning day")
				labelled := i >= 2 && (toks[i-1].cap || toks[i-1].kind == tNum) && (determiners[toks[i-2].low] || possessives[toks[i-2].low])
				if !isNoun && (form != formIng || !(toks[i-1].kind == tWord && determiners[toks[i-1].low] || labelled)) {
					break
				}
			}
		}
		words++
		i++
	}
	// do not end on a determiner or connector
	for i > start && (determiners[toks[i-1].low] || toks[i-1].low == "of" || toks[i-1].low == "and" || toks[i-1].kind == tPunct) {
		i--
	}
	if words == 0 {
		return start
	}
	return i
}

// namedRun: toks[from:to] is a name (every word capitalised, a number or
// a known system), possibly after an article.
func namedRun(toks []tok, from, to int) bool {
	if from < to && determiners[toks[from].low] {
		from++
	}
	if from >= to {
		return false
	}
	for k := from; k < to; k++ {
		t := toks[k]
		if !(t.cap || t.kind == tNum || knownSystems[t.low] != "" || t.s == "." || t.s == "-") {
			return false
		}
	}
	return true
}

// trailingAdverbs end an object.
var trailingAdverbs = set(`too anymore instead again either lately nowadays now still already though
tho anyway actually really either also either though honestly though lol haha`)

// objectEnd is where an object starting at i ends: at punctuation, a time
// expression, a subordinate conjunction or a trailing adverb, after at
// most twelve tokens.
func objectEnd(toks []tok, skip []bool, i int) int {
	n := len(toks)
	start := i
	for i < n && i-start < 12 {
		t := toks[i]
		l := t.low
		if skip != nil && skip[i] {
			break
		}
		if l == "." && i > start && titles[toks[i-1].low] && i+1 < n && toks[i+1].cap {
			i++ // "Dr. Silva"
			continue
		}
		if t.kind == tPunct && l != "&" && l != "'" && l != "/" && l != "+" && l != "#" && l != "%" && l != "$" && l != "€" && l != "£" {
			break
		}
		// a name, then a prepositional phrase: the phrase modifies the
		// name ("AWS in eu-west-1", "Acme as a designer")
		if i > start && preps[l] && l != "of" && namedRun(toks, start, i) {
			break
		}
		if i > start {
			if trailingAdverbs[l] || l == "any" && i+1 < n && (toks[i+1].low == "more" || toks[i+1].low == "longer") {
				break
			}
			if l == "rather" && i+1 < n && toks[i+1].low == "than" || l == "instead" || l == "over" && i+1 < n && toks[i+1].cap {
				break
			}
			if (l == "and" || l == "or" || l == "but") && i+1 < n {
				nx := toks[i+1].low
				if pronounSubjects[nx] || aux[nx] || negWords[nx] || l == "but" {
					break
				}
				if _, form, ok := lookupVerb(nx); ok && form != formIng && !(toks[i+1].cap) {
					break
				}
				i++
				continue
			}
			if valueCuts[l] && l != "and" && l != "or" {
				break
			}
			if l == "that" || l == "who" || l == "which" {
				break
			}
			if toks[i-1].kind == tNum && clauseDeterminers[l] && i+1 < n && toks[i+1].kind == tWord {
				// "since Camille is 34 the midwife wanted more tests": a
				// number ends the object before another clause's subject
				break
			}
		} else if l == "and" || l == "or" || l == "but" {
			break
		}
		i++
	}
	return i
}

// clauseDeterminers open a noun phrase that, right after a number, is the
// subject of another clause.
var clauseDeterminers = set(`the my our his her their`)

// collectiveNouns take a plural verb in British English ("my family live
// in Leeds"), or are plural without an -s.
var collectiveNouns = set(`family team staff police people children men women crew band club
committee council government board company couple data media cattle i you we they`)

// singularDeterminers start a noun phrase that, without an "and", is
// singular.
var singularDeterminers = set(`a an the my our your his her their its this that`)

// cannotAgree: the word at i, a verb in its base form, cannot be the verb
// of the noun phrase toks[start:i], which starts with a singular
// determiner or possessive and ends in a singular noun ("my new phone
// number", "the project lead for Atlas"): a singular subject would take
// "phones", "leads". The word is part of the noun phrase.
func cannotAgree(toks []tok, start, i int) bool {
	if i-start < 2 || !singularDeterminers[toks[start].low] || isPastForm(toks[i].low) {
		return false
	}
	for k := start + 1; k < i; k++ {
		if toks[k].low == "and" || toks[k].low == "'s" || toks[k].kind != tWord {
			return false
		}
	}
	prev := toks[i-1].low
	if strings.HasSuffix(prev, "s") || collectiveNouns[prev] || determiners[prev] || possessives[prev] {
		return false
	}
	return i+1 < len(toks) && toks[i+1].kind == tWord
}

// isPastForm: w is also a past form ("put", "read"): a past verb agrees
// with any subject.
func isPastForm(w string) bool {
	for _, f := range verbForms[w] {
		if f.form == formPast || f.form == formPart {
			return true
		}
	}
	return false
}
