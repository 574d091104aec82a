package rules

import (
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

var (
	whWords    = set(`what which where who when how whose`)
	qAux       = set(`do does did is are was were have has had can could will would should`)
	yesWords   = set(`yes yeah yep yup sure correct right definitely absolutely indeed exactly true`)
	noWords    = set(`no nope nah never`)
	answerLead = set(`oh well um uh hmm so just it's its that's probably maybe perhaps mostly
currently still honestly actually definitely basically`)
)

// joinAnswer makes one claim of a question and a short answer by the next
// speaker: "Which database does the ledger use?" / "Postgres." becomes
// ledger / uses / Postgres. It rebuilds the question as a declarative
// sentence with the answer in place of the question word and analyses that
// in the asker's voice (so "you" is the answerer). ok is false when the
// answer is not short (at most maxAnswerWords words, not a clause of its
// own) or the question has a shape it does not know.
func joinAnswer(q, ans string, qt, at turn, qsp, asp speaker, st *docState) (schema.Memory, bool) {
	if asp.assistant || qsp.assistant && at.author == "" {
		return schema.Memory{}, false
	}
	if isQuestion(ans) {
		return schema.Memory{}, false
	}
	at2 := tokenize(ans)
	// the answer's value
	i := 0
	hedged := false
	for i < len(at2) && (answerLead[at2[i].low] || at2[i].kind == tPunct || at2[i].low == "i" && i+1 < len(at2) && hedgeWords[at2[i+1].low]) {
		if hedgeWords[at2[i].low] || at2[i].low == "i" {
			hedged = true
			if at2[i].low == "i" {
				i++
			}
		}
		if at2[i].low == "it" || at2[i].low == "that" {
			i++
		}
		i++
	}
	for i < len(at2) && (at2[i].low == "'s" || at2[i].low == "is" || at2[i].low == "it") {
		i++
	}
	// "He's seven.", "She's in Porto.": a pronoun and a copula, then the value
	if i+1 < len(at2) && (at2[i].low == "he" || at2[i].low == "she" || at2[i].low == "they" || at2[i].low == "we") && (at2[i+1].low == "'s" || at2[i+1].low == "'re" || at2[i+1].low == "is" || at2[i+1].low == "are") && len(at2)-i <= maxAnswerWords+2 {
		i += 2
	}
	polarity := 0
	if i < len(at2) && yesWords[at2[i].low] {
		polarity = 1
		i++
	} else if i < len(at2) && (noWords[at2[i].low] || at2[i].low == "not" && i+1 < len(at2) && at2[i+1].low == "really") {
		polarity = -1
		i++
		if i < len(at2) && at2[i].low == "really" {
			i++
		}
	}
	for i < len(at2) && at2[i].kind == tPunct {
		i++
	}
	rest := at2[i:]
	words := 0
	for _, t := range rest {
		if t.kind != tPunct {
			words++
		}
	}
	if words > maxAnswerWords || len(at2) == 0 {
		return schema.Memory{}, false
	}
	if len(rest) > 0 && (pronounSubjects[rest[0].low] && rest[0].low != "that" || rest[0].low == "there") && !(len(rest) > 1 && (qAux[rest[1].low] || negWords[rest[1].low]) && len(rest) <= 3) {
		return schema.Memory{}, false // a clause of its own: extracted by itself
	}
	value, when := "", ""
	// "Yes, last night.": the rest is only a time
	if len(rest) > 0 {
		restText := ans[rest[0].start:rest[len(rest)-1].end]
		covered := 0
		for _, e := range prepare(restText, at.ref, nil).exprs {
			covered += len(e.Text)
		}
		if covered > 0 && covered >= len(strings.TrimRight(restText, " .!"))-4 && polarity != 0 {
			when = strings.TrimRight(restText, " .!")
			rest = nil
		}
	}
	if len(rest) > 0 {
		// "it does", "we do", "I don't": a yes/no by auxiliary
		if len(rest) <= 3 && (pronounSubjects[rest[0].low] || rest[0].low == "i") && len(rest) > 1 && (qAux[rest[1].low] || rest[1].low == "'s") {
			if hasWord(rest, "n't") || hasWord(rest, "not") {
				polarity = -1
			} else if polarity == 0 {
				polarity = 1
			}
		} else {
			value = strings.TrimSpace(strings.Trim(ans[rest[0].start:rest[len(rest)-1].end], " .!,;"))
		}
	}
	qs := tokenize(q)
	qb, _, _ := leadingMarkers(qs, nil)
	qs = qs[qb:]
	if len(qs) < 2 {
		return schema.Memory{}, false
	}
	decl, ok := declarative(q, qs, value, polarity)
	if !ok {
		return schema.Memory{}, false
	}
	if when != "" {
		decl += " " + when
	}
	m, ok := analyse(decl, at.ref, qsp, st)
	if !ok || m.Attribute == "" {
		return schema.Memory{}, false
	}
	if polarity < 0 && value == "" {
		m.Negated = !m.Negated
	}
	if polarity < 0 && value != "" {
		m.Correction = true
	}
	m.Claim = q + " " + ans
	if qt.author != "" {
		m.Excerpt = qt.author + ": " + q + "\n" + at.author + ": " + ans
	} else {
		m.Excerpt = q + " " + ans
	}
	// the answerer is named: keep them among the entities
	if asp.firstName != "" && m.Subject == asp.first {
		seen := false
		for _, e := range m.Entities {
			if strings.EqualFold(e.Name, asp.firstName) {
				seen = true
			}
		}
		if !seen {
			m.Entities = append([]schema.Mention{{Name: asp.firstName, Kind: schema.KindPerson}}, m.Entities...)
		}
	}
	m.Confidence = 0.6
	if hedged {
		m.Confidence *= 0.6
	}
	return m, true
}

// declarative rebuilds a question as a statement with value in place of
// the question word; value is "" for a yes/no question.
func declarative(q string, qs []tok, value string, polarity int) (string, bool) {
	text := func(a, b int) string {
		if a >= b || a < 0 || b > len(qs) {
			return ""
		}
		return q[qs[a].start:qs[b-1].end]
	}
	end := len(qs)
	for end > 0 && qs[end-1].kind == tPunct {
		end--
	}
	first := qs[0].low
	switch {
	case qAux[first] && value == "" && polarity != 0:
		// "Does the ledger use Postgres?" -> "the ledger does use Postgres"
		np := parseNP(qs, nil, 1)
		if pronounSubjects[qs[1].low] {
			np = 2
		}
		if np == 1 {
			return "", false
		}
		return join(text(1, np), qs[0].low, text(np, end)), true
	case qAux[first] && value != "":
		// "Is it Postgres?" "No, MySQL." -> nothing reliable to rebuild
		np := parseNP(qs, nil, 1)
		if pronounSubjects[qs[1].low] {
			np = 2
		}
		if np <= 1 || np >= end {
			return "", false
		}
		// replace the last noun phrase of the question with the answer
		if beForms[first] && end-np >= 1 {
			return join(text(1, np), qs[0].low, value), true
		}
		k := np
		for k < end && (lookupBase(qs[k].low) || preps[qs[k].low] || negWords[qs[k].low]) {
			k++
		}
		return join(text(1, np), qs[0].low, text(np, k), value), true
	case !whWords[first] || value == "" && polarity == 0:
		return "", false
	}
	i := 1
	noun := ""
	if first == "how" {
		if i < end && (qs[i].low == "many" || qs[i].low == "much") {
			i++
			if i < end && !qAux[qs[i].low] {
				noun = qs[i].s
				i++
			}
			value = strings.TrimSpace(value + " " + noun)
			noun = ""
		} else if i < end && qs[i].low == "old" {
			i++
			noun = "age"
		} else {
			return "", false
		}
	} else if first == "what" || first == "which" || first == "whose" {
		// "which database", "what version", "what kind of car"
		for i < end && !qAux[qs[i].low] && qs[i].low != "'s" && i < 4 {
			if qs[i].low == "kind" || qs[i].low == "sort" || qs[i].low == "type" || qs[i].low == "of" {
				i++
				continue
			}
			noun = strings.TrimSpace(noun + " " + qs[i].s)
			i++
		}
	}
	if i >= end || !qAux[qs[i].low] && qs[i].low != "'s" {
		if first == "who" && i < end {
			// "Who leads the ledger team?" -> "Maria leads the ledger team"
			return join(value, text(i, end)), true
		}
		return "", false
	}
	auxTok := qs[i]
	i++
	np := parseNP(qs, nil, i)
	if i < end && pronounSubjects[qs[i].low] {
		np = i + 1
	}
	if np == i {
		return "", false
	}
	subj := text(i, np)
	rest := text(np, end)
	be := beForms[auxTok.low] || auxTok.low == "'s"
	auxWord := auxTok.low
	if auxTok.low == "'s" {
		auxWord = "is"
	}
	switch first {
	case "where":
		prep := "in"
		vt := tokenize(value)
		if len(vt) > 0 && preps[vt[0].low] {
			prep = ""
		}
		if be {
			return join(subj, auxWord, prep, value), true
		}
		return join(subj, auxWord, rest, prep, value), true
	case "when":
		if be {
			return join(subj, auxWord, value), true
		}
		return join(subj, auxWord, rest, value), true
	case "who":
		if be {
			return join(subj, auxWord, value), true
		}
		return join(subj, auxWord, rest, value), true
	}
	if be {
		if noun != "" {
			// "What version is the ledger on?" -> "the ledger's version is 0.9.7"
			return join(subj+"'s", strings.ToLower(noun), "is", value), true
		}
		// "What is your favourite colour?" -> "your favourite colour is blue"
		return join(subj, auxWord, value), true
	}
	// "Which database does the ledger use?" -> "the ledger does use Postgres"
	if rest == "" || strings.EqualFold(strings.TrimSpace(rest), "do") {
		return "", false
	}
	if noun != "" && (strings.HasSuffix(strings.ToLower(rest), " have") || strings.EqualFold(rest, "have")) {
		return join(subj, auxWord, rest, value, strings.ToLower(noun)), true
	}
	return join(subj, auxWord, rest, value), true
}

func lookupBase(w string) bool { _, _, ok := lookupVerb(w); return ok }

func join(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " ")
}
