package rules

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/temporal"
)

// speaker says whose voice a sentence is in, for pronouns.
type speaker struct {
	first     string // subject key for I/me/my: "user" or a speaker's name in lower case
	firstName string // the speaker's name as written, "" for the user
	second    string // subject key for you/your, "" if unknown
	assistant bool   // an AI assistant's turn: nothing it says is remembered
	answering bool   // the turn answers a question the previous speaker asked
}

// docState carries what earlier sentences of the same document said, for
// "no, it's 0.9.8" and "she".
type docState struct {
	prev           *schema.Memory // last claim with a subject and attribute
	lastPerson     string         // subject key of the last person named
	lastPersonName string
	// lower holds the words the document writes in lower case somewhere:
	// one of them opening a sentence alone is an ordinary word ("Basketball
	// is my passion" where "I play basketball" is said too).
	lower map[string]bool
}

// sentenceInfo is what analyse learns about one sentence.
type sentenceInfo struct {
	toks   []tok
	skip   []bool
	exprs  []temporal.Expr
	ents   []mentionSpan
	body   int // first token after leading markers
	hedged bool
	corr   bool
}

// prepare tokenizes a sentence, finds its time expressions and entities,
// and reads its leading markers.
func prepare(s string, ref time.Time, lower map[string]bool) sentenceInfo {
	si := sentenceInfo{toks: tokenize(s)}
	si.exprs = seasonModifiers(s, notOrdinalNouns(s, temporal.Find(s, ref)))
	si.skip = make([]bool, len(si.toks))
	for _, e := range si.exprs {
		lo, hi := e.Offset, e.Offset+len(e.Text)
		first := -1
		for k, t := range si.toks {
			if t.end > lo && t.start < hi {
				si.skip[k] = true
				if first < 0 {
					first = k
				}
			}
		}
		// the preposition before it: "in May", "on Friday"
		if first > 0 {
			switch si.toks[first-1].low {
			case "in", "on", "at", "during", "over", "around", "throughout", "from", "for", "of", "back":
				if e.Modifier == temporal.Within {
					si.skip[first-1] = true
				}
			}
		}
	}
	si.ents = findEntities(si.toks, si.skip, lower)
	si.body, si.hedged, si.corr = leadingMarkers(si.toks, si.skip)
	return si
}

// leadingMarkers skips discourse markers at the start ("Actually,", "No,",
// "Correction:", "I think", "Oh well"), reporting hedges and corrections.
func leadingMarkers(toks []tok, skip []bool) (int, bool, bool) {
	i, hedged, corr := 0, false, false
	for i < len(toks) {
		l := toks[i].low
		next := ""
		if i+1 < len(toks) {
			next = toks[i+1].low
		}
		switch {
		case skip != nil && skip[i]:
			i++ // a leading time expression: "Last weekend we hiked..."
		case l == "back" && skip != nil && i+1 < len(toks) && (skip[i+1] || next == "in" && i+2 < len(toks) && skip[i+2]):
			i++
		case (l == "these" || l == "those") && next == "days", l == "nowadays" && toks[i].kind == tWord:
			if l != "those" {
				corr = true // "these days I prefer tea": a change
			}
			if l == "nowadays" {
				i++
			} else {
				i += 2
			}
		case l == "lately" || l == "recently":
			i++
		case i == 0 && labelPrefix(toks) > 0:
			// "Some context for the migration: the ledger runs on..."; a
			// label such as "Quick update:" marks a correction
			k := labelPrefix(toks)
			for j := 0; j < k; j++ {
				switch toks[j].low {
				case "update", "correction", "clarification", "wrong", "mistake", "misspoke", "typo", "mixed", "confused":
					// "I got the date wrong earlier:", "My mistake:"
					corr = true
				}
			}
			i = k
		case toks[i].kind == tPunct && (l == "," || l == ":" || l == "-" || l == "—" || l == "(" || l == ")" || l == "\"" || l == "..."):
			i++
		case l == "no" || l == "nope":
			if next == "," || next == "-" || next == "—" || next == "." || next == "!" || next == "wait" {
				corr = true
				i++
			} else {
				return i, hedged, corr
			}
		case correctionLead[l] && toks[i].kind == tWord:
			if l == "update" || l == "correction" {
				if next != ":" && next != "-" && next != "," && next != "—" {
					return i, hedged, corr
				}
			}
			if l == "scratch" && next == "that" {
				i++
			}
			if l == "sorry" && next == "i" && i+2 < len(toks) && (toks[i+2].low == "said" || toks[i+2].low == "meant" || toks[i+2].low == "told" || toks[i+2].low == "wrote") {
				// "sorry I said the 14th, its the 18th": a correction
				return i + 1, hedged, true
			}
			if l == "sorry" && next != "," {
				return i, hedged, corr
			}
			if l != "sorry" {
				corr = true
			} else if i+2 < len(toks) && !apologyFollows(toks[i+2:]) {
				// "Sorry, my username is leafy_88": a correction; "Sorry,
				// I'm late" an apology
				corr = true
			}
			i++
		case l == "to" && (next == "clarify" || next == "correct"):
			corr = true
			i += 2
		case l == "to" && next == "be" && i+2 < len(toks) && toks[i+2].low == "clear":
			corr = true
			i += 3
		case (l == "my" && (next == "mistake" || next == "bad")) && i+2 < len(toks) && toks[i+2].kind == tPunct:
			corr = true // "My mistake, the meeting is at 6:30"
			i += 2
		case l == "i" && (next == "meant" || next == "mean") && i+2 < len(toks):
			corr = true
			i += 2
		case l == "i" && hedgeWords[next] && next != "might":
			hedged = true
			i += 2
			if i < len(toks) && toks[i].low == "that" {
				i++
			}
		case (hedgeWords[l] && l != "might") && toks[i].kind == tWord:
			hedged = true
			i++
		case l == "by" && next == "the" && i+2 < len(toks) && toks[i+2].low == "way":
			i += 3
		case leadingFillers[l] && toks[i].kind == tWord && !(l == "so" && next == "far"):
			i++
		case (l == "since" || l == "because" || l == "as") && i+2 < len(toks) && toks[i+1].kind == tWord && toks[i+1].cap && (beForms[toks[i+2].low] || toks[i+2].low == "'s"):
			// "since Camille is 34 the midwife wanted more tests": the
			// reason given first is the claim, said of Camille
			i++
		default:
			return i, hedged, corr
		}
	}
	return i, hedged, corr
}

// apologyFollows: what follows "Sorry," is about the speaker ("I'm
// late", "we can't come"), an apology rather than a correction.
func apologyFollows(rest []tok) bool {
	if len(rest) == 0 {
		return true
	}
	switch rest[0].low {
	case "i", "we", "you", "i'm", "to", "for", "about", "but", "that", "it":
		return true
	}
	return false
}

// labelPrefix returns the index after a short label ending in a colon at
// the start of a sentence ("Note:", "Some context for the migration:",
// "Sorry, I got that wrong:"), or 0. A colon inside a time ("9:30") is
// not one; a marker alone before the colon ("Correction:") is read by
// leadingMarkers.
func labelPrefix(toks []tok) int {
	for k := 1; k < len(toks) && k <= 7; k++ {
		if toks[k].s == ":" && (k+1 >= len(toks) || toks[k+1].start > toks[k].end) {
			if len(toks)-k-1 < 3 {
				return 0
			}
			if k == 1 && correctionLead[toks[0].low] {
				return 0 // "Correction:" is read as a marker
			}
			return k + 1
		}
	}
	return 0
}

// analyse turns one declarative sentence into a candidate memory. ok is
// false when the sentence carries nothing worth remembering.
func analyse(s string, ref time.Time, sp speaker, st *docState) (schema.Memory, bool) {
	ms := analyseAs(s, s, ref, sp, st)
	if len(ms) == 0 {
		return schema.Memory{}, false
	}
	return ms[0], true
}

// analyseAll is analyse returning every memory of the sentence: a change
// of what is used ("we moved off MySQL to Postgres") gives the new value
// and the denied old one.
func analyseAll(s string, ref time.Time, sp speaker, st *docState) []schema.Memory {
	ms := analyseAs(s, s, ref, sp, st)
	if age, ok := introducedAge(s); ok && len(ms) > 0 && ms[0].Subject == "user" && ms[0].Value != age {
		// "Hi, I'm Hannah, 38, …": the speaker's age beside the name
		m := ms[0]
		m.Attribute, m.Value, m.Type, m.Negated, m.Correction = "is", age, schema.TypeFact, false, false
		m.ValidFrom, m.ValidTo = nil, nil
		ms = append(ms, m)
	}
	for _, a := range ageMentions(s, sp, st) {
		if len(ms) == 0 || slices.ContainsFunc(ms, func(o schema.Memory) bool { return o.Subject == a.key && o.Value == a.age }) {
			continue
		}
		if a.key != sp.first && a.key != st.lastPerson && !slices.ContainsFunc(ms[0].Entities, func(e schema.Mention) bool { return e.Kind == schema.KindPerson && e.Name == a.name }) {
			continue // "Room (12)": a number beside a thing, not a person's age
		}
		// "Tom (41) is over in Brisbane", "Can't believe he's 44": the
		// person's age, beside what else the sentence says
		m := ms[0]
		m.Subject, m.Attribute, m.Value, m.Type, m.Negated, m.Correction = a.key, "is", a.age, schema.TypeFact, false, false
		m.ValidFrom, m.ValidTo = nil, nil
		m.Entities = nil
		if a.name != "" {
			m.Entities = []schema.Mention{{Name: a.name, Kind: schema.KindPerson}}
		}
		ms = append(ms, m)
	}
	if k := secondClause(s); k > 0 && len(ms) > 0 {
		// "Dimitri stepped down, and the head coach is now Aleksander":
		// the second clause says something of its own
		for _, m := range analyseAs(s, s[k:], ref, sp, st) {
			if m.Attribute != "" && m.Value != "" && !slices.ContainsFunc(ms, func(o schema.Memory) bool {
				return o.Subject == m.Subject && o.Attribute == m.Attribute && o.Value == m.Value
			}) {
				ms = append(ms, m)
			}
		}
	}
	return ms
}

// secondClause returns where a second main clause starts in s, or 0:
//
//   - after ", and", ", but" or ", so" when a noun phrase with a
//     determiner or possessive follows ("..., and the head coach is now
//     Aleksander"), or a subject pronoun with its verb ("..., so I'm
//     pescatarian now", "..., so we use Linear");
//   - after a bare comma when a subject pronoun joined to its auxiliary
//     follows ("Sold the Focus last week, I'm driving a Skoda now").
func secondClause(s string) int {
	low := strings.ReplaceAll(strings.ToLower(s), "’", "'")
	if len(low) != len(s) {
		return 0 // offsets must hold in s
	}
	for _, sep := range []string{", and ", ", but ", ", so "} {
		i := strings.Index(low, sep)
		if i <= 0 {
			continue
		}
		k := i + len(sep)
		first, _, _ := strings.Cut(low[k:], " ")
		switch first {
		case "the", "my", "our", "his", "her", "their", "your":
			return k
		}
		if clauseSubjects[first] {
			return k
		}
	}
	for i := strings.Index(low, ", "); i > 0; {
		k := i + 2
		first, _, _ := strings.Cut(low[k:], " ")
		if joinedSubjects[first] && !timeOnly(s[:i]) {
			return k
		}
		j := strings.Index(low[k:], ", ")
		if j < 0 {
			break
		}
		i = k + j
	}
	return 0
}

// timeOnly: s is a time expression and nothing else, but for a preposition
// before it ("Tomorrow", "In the spring"): what follows its comma is the
// sentence it dates, not a clause of its own.
func timeOnly(s string) bool {
	s = strings.TrimSpace(s)
	for _, e := range temporal.Find(s, timeOnlyRef) {
		rest := strings.ToLower(strings.TrimSpace(s[:e.Offset] + s[e.Offset+len(e.Text):]))
		switch rest {
		case "", "in", "on", "at", "over", "during", "by", "from", "this", "next", "later":
			return true
		}
	}
	return false
}

// timeOnlyRef is the reference timeOnly reads expressions against; only
// where they stand matters there.
var timeOnlyRef = time.Date(2000, 1, 3, 12, 0, 0, 0, time.UTC)

// clauseSubjects open a clause after a conjunction: a subject pronoun of
// the speaker, alone or joined to its auxiliary.
var clauseSubjects = set(`i i'm i've i'd we we're we've we'd`)

// joinedSubjects open a clause after a bare comma: a subject pronoun
// joined to its auxiliary, which cannot begin a phrase of the first
// clause.
var joinedSubjects = set(`i'm i've we're we've`)

// analyseAs analyses text (a rewording of the sentence s) and keeps s as
// the claim.
func analyseAs(s, text string, ref time.Time, sp speaker, st *docState) []schema.Memory {
	for _, rw := range rewrites {
		r, ok := rw.read(text)
		if !ok || r == text {
			continue
		}
		ms := analyseAs(s, r, ref, sp, st)
		for i := range ms {
			ms[i].Correction = ms[i].Correction || rw.correction
		}
		return ms
	}
	si := prepare(text, ref, st.lower)
	toks := si.toks
	if len(toks) == 0 || isQuestion(text) || isChitchat(si) {
		return nil
	}
	if sp.answering && si.corr && len(toks) > 0 && (toks[0].low == "no" || toks[0].low == "nope") {
		si.corr = false // "No, I left in June" answers a question; it corrects nothing
	}
	m := schema.Memory{Type: schema.TypeFact, Claim: s, Excerpt: s, Correction: si.corr}
	lowText := " " + strings.ToLower(strings.ReplaceAll(text, "’", "'")) + " "
	for _, cue := range []string{" any more", " anymore", " any longer", " instead", " from now on", " changed to ", " changed from ", " switched ", " migrated ", " moved off ", " moved away from ", " no longer ", " not anymore", " these days", " nowadays", " has changed", " have changed", " not any more", " after all"} {
		if strings.Contains(lowText, cue) {
			m.Correction = true
		}
	}

	if trailingNow(toks) {
		m.Correction = true
	}
	c, parsed := parseClause(toks, si.skip, si.body)
	subj := nounPhrase{}
	if parsed {
		subj = readNP(toks[c.subjFrom:c.subjTo], c.implicit, sp, st)
	}
	var attr, value string
	valFrom, valTo := -1, -1
	oldFrom, oldTo := -1, -1 // the value a change moved away from
	typ := schema.TypeFact
	typed := false

	if parsed && !c.existential && subj.key != "" {
		attr, valFrom, valTo = attribute(toks, si, &c, &subj)
		if c.neg {
			m.Negated = true
		}
		if c.noLonger {
			m.Correction = true
		}
		if c.now && (c.copula || c.verb != "") {
			m.Correction = true
		}
		// "can't stand"
		cantStand := c.verb == "stand" && c.modal == "can" && c.neg
		if cantStand {
			attr, m.Negated = "dislikes", false
		}
		// "not X but Y" / "not X, it's Y" ("I can't stand X, we're back
		// to Y" dislikes X: its "not" is the verb's)
		if c.neg && !cantStand {
			if k := indexWord(toks, valFrom, "but"); k > 0 {
				valFrom, valTo = k+1, objectEnd(toks, si.skip, k+1)
				m.Negated, m.Correction = false, true
			} else if k := commaClause(toks, valFrom); k > 0 {
				valFrom, valTo = k, objectEnd(toks, si.skip, k)
				m.Negated, m.Correction = false, true
			}
		}
		// "we moved (the ledger) off MySQL to Postgres"
		if migrationVerbs[c.verb] {
			if mg, ok := migration(toks, si, c, subj); ok {
				subj, attr, valFrom, valTo, m.Negated, m.Correction = mg.subj, mg.attr, mg.from, mg.to, mg.neg, true
				oldFrom, oldTo = mg.oldFrom, mg.oldTo
			}
		}
		// "stopped drinking coffee"
		if (c.verb == "stop" || c.verb == "quit") && valFrom >= 0 && valFrom < len(toks) {
			if base, form, ok := lookupVerb(toks[valFrom].low); ok && form == formIng {
				attr = attrVerb(base, false)
				valFrom++
				if valFrom < len(toks) && preps[toks[valFrom].low] {
					attr += " " + toks[valFrom].low
					valFrom++
				}
				valTo = objectEnd(toks, si.skip, valFrom)
				m.Negated, m.Correction = true, true
			}
		}
		value = spanText(text, toks, valFrom, valTo)
		if notOldNumber(toks, valTo) {
			m.Correction = true
		}
		// "it's 0.9.8" after a claim: the same subject and attribute
		if subj.pronoun == "it" && st.prev != nil && (m.Correction || si.corr) && (c.copula || attr == "is") {
			subj = nounPhrase{key: st.prev.Subject}
			attr = st.prev.Attribute
		}
		if subj.pronoun == "it" || subj.key == "" {
			attr = ""
			if !m.Correction {
				value = ""
			}
		}
		typ, typed = classify(c, attr, subj, si)
		// "the report is due on 12 April": the date is what is due, so a
		// corrected date is a new value, not the same "due"
		if c.copula && attr == "is" && strings.EqualFold(cleanValue(value), "due") && len(si.exprs) > 0 {
			attr, value = "is due", si.exprs[0].Text
		}
	} else {
		typ, typed = classifyLoose(si)
	}
	if subj.key != "" && attr != "" {
		m.Subject, m.Attribute, m.Value = subj.key, attr, cleanValue(value)
	} else if m.Correction && value != "" {
		// "no, it's 0.9.8" with nothing before it: keep the value
		m.Value = cleanValue(value)
	}
	if m.Subject == "we" && m.Attribute == "is" && isCountValue(m.Value) {
		// "we're five now", "we're back to four": how many we are
		m.Attribute = "headcount"
	} else if groupHeads[m.Attribute] && isCountValue(m.Value) && m.Subject != "" && !strings.Contains(m.Subject, "'s") {
		// "the platform team is eight now": how many the team is
		m.Subject, m.Attribute = m.Subject+" "+m.Attribute, "headcount"
	}
	if subject, value, ok := changedMine(m.Subject, m.Attribute, m.Value); ok {
		// "Changing my retainer to 40%": what the retainer is now
		m.Subject, m.Attribute, m.Value, m.Correction = subject, "is", value, true
		if timeValue(value) {
			m.Attribute = "is at" // as "our standup is at 9:30" is read
		}
	}
	if subject, attr, value, ok := measureSlot(toks); ok {
		// the speaker's weight or a medicine's dose, whatever the verb
		m.Subject, m.Attribute, m.Value = subject, attr, value
	}
	m.Type = typ
	exprs := si.exprs
	if m.Value == "" && m.Attribute != "" && len(exprs) > 0 && c.copula {
		// the date is the whole value: "the launch is on May 8", "Anna's
		// birthday is on 3 March"
		m.Value = exprs[0].Text
		if isProperty(m.Attribute) || isProperty(m.Subject) {
			// a property's value, not when the claim became true
			exprs = exprs[1:]
		}
	}
	if m.Value == "" && m.Attribute != "" && len(exprs) > 0 && parsed && timetableVerbs[c.verb] && !c.past && !c.neg {
		// "the autumn term starts on 2 September", "the passport expires
		// in 2027": when it happens is the value
		m.Value = exprs[0].Text
	}
	dates(&m, notTakenBack(text, routinesApart(text, exprs)), typ)
	m.Entities = mentions(si.ents, subj, sp, firstPersonIn(toks))
	if !worthRemembering(si, m) {
		return nil
	}
	m.Confidence = confidence(m, typed, si.hedged || c.modal == "might" || c.modal == "may" || c.modal == "could")
	if m.Subject != "" && m.Attribute != "" {
		mm := m
		st.prev = &mm
	}
	for _, e := range m.Entities {
		if e.Kind == schema.KindPerson && !strings.HasPrefix(e.Name, "@") && !strings.Contains(e.Name, "@") && !strings.EqualFold(e.Name, sp.firstName) {
			st.lastPerson, st.lastPersonName = normKey(e.Name), e.Name
		}
	}
	out := []schema.Memory{m}
	if oldFrom >= 0 && oldTo > oldFrom && m.Attribute != "" {
		old := m
		old.Value = cleanValue(spanText(text, toks, oldFrom, oldTo))
		old.Negated, old.Correction = true, true
		old.Entities = nil
		if old.Value != "" {
			out = append(out, old)
		}
	}
	return out
}

// reminder recognises "remind me to X", "don't let me forget to X" and
// the polite question forms ("can you remind me to X?"), returning X.
func reminder(text string) (string, bool) {
	low := strings.ToLower(strings.TrimSpace(text))
	for _, p := range []string{"can you ", "could you ", "would you ", "will you ", "please "} {
		low = strings.TrimPrefix(low, p)
	}
	low = strings.TrimPrefix(low, "please ")
	for _, p := range []string{"remind me to ", "don't let me forget to ", "do not let me forget to "} {
		if strings.HasPrefix(low, p) {
			off := len(strings.TrimSpace(text)) - len(low) + len(p)
			r := strings.TrimSpace(text)[off:]
			r = strings.TrimRight(r, "?!. ")
			return r, r != ""
		}
	}
	return "", false
}

// trailingNow: "... is in Linear now." The last word before the final
// punctuation is "now", and not "for now" or "just now".
func trailingNow(toks []tok) bool {
	k := len(toks) - 1
	for k >= 0 && toks[k].kind == tPunct {
		k--
	}
	if k < 1 || toks[k].low != "now" {
		return false
	}
	p := toks[k-1].low
	return p != "for" && p != "just" && p != "right" && p != "until" && p != "till" && p != "from"
}

// nounPhrase is a subject as read: its key, an owner and head when it is
// "X's property", a proper name, a pronoun.
type nounPhrase struct {
	key     string // normalised subject: "user", "anna", "ledger", "user's sister"
	owner   string // "user" for "my favourite colour"
	head    string // "favourite colour"
	name    string // proper name as written ("Anna")
	pronoun string // "it" for it/this/that
	// possessed: the owner was named by a possessive "'s" ("my son's",
	// "Nadia's"), not by the speaker's own "my" or "our"
	possessed bool
}

// readNP normalises a subject noun phrase: lower case, articles dropped,
// I/me/my as the speaker ("user"), we/our as "we", a kinship phrase with a
// name as the name ("my sister Anna" -> "anna"), "Project Atlas" as
// "atlas".
func readNP(ts []tok, implicit bool, sp speaker, st *docState) nounPhrase {
	if implicit {
		return nounPhrase{key: sp.first, name: sp.firstName}
	}
	if len(ts) == 1 && ts[0].kind == tWord {
		switch l := ts[0].low; {
		case firstPerson[l]:
			return nounPhrase{key: sp.first, name: sp.firstName}
		case firstPlural[l]:
			return nounPhrase{key: "we"}
		case secondPerson[l]:
			if sp.second != "" {
				return nounPhrase{key: sp.second}
			}
			return nounPhrase{key: "you"}
		case l == "he" || l == "she" || l == "him" || l == "her":
			return nounPhrase{key: st.lastPerson, name: st.lastPersonName}
		case l == "they" && st.prev != nil && pluralThing(st.prev.Subject):
			// "The carers come twice a day. They're from Highland Home
			// Care": the things the claim before was of
			return nounPhrase{key: st.prev.Subject}
		case l == "they" || l == "who":
			return nounPhrase{}
		case l == "it" || l == "this" || l == "that":
			return nounPhrase{key: "it", pronoun: "it"}
		}
	}
	np := nounPhrase{}
	var head []string
	var nameToks []string
	ownQualifier := -1 // where "for our flat" starts in head
	for k := 0; k < len(ts); k++ {
		t := ts[k]
		l := t.low
		if (firstPerson[l] || firstPlural[l]) && len(head) > 1 && preps[head[len(head)-1]] && ownQualifier < 0 {
			ownQualifier = len(head) - 1
		}
		switch {
		case firstPerson[l]:
			np.owner = sp.first
		case firstPlural[l]:
			np.owner = "we"
		case secondPerson[l]:
			np.owner = sp.second
			if np.owner == "" {
				np.owner = "you"
			}
		case l == "his" || l == "her" || l == "their":
			np.owner = st.lastPerson
		case l == "'s":
			if len(head) > 0 {
				owner := strings.Join(head, " ")
				if len(nameToks) > 0 && len(nameToks) == len(head) {
					owner = normKey(strings.Join(nameToks, " "))
				}
				if np.owner != "" && np.owner != "we" {
					owner = np.owner + "'s " + owner // "your son's age"
				}
				np.owner = owner
				np.possessed = true
				head, nameToks = nil, nil
				ownQualifier = -1 // it counted words of the head now the owner
			}
		case determiners[l] && len(head) == 0:
		case l == "of" && len(head) > 0 && np.owner != "" && k+2 == len(ts) && ts[k+1].kind == tWord && !ts[k+1].cap && !determiners[ts[k+1].low]:
			// "my date of birth", "Paul's place of birth": one bare noun
			// after "of" with an owner already named qualifies the head,
			// read as "birth date"
			head = append([]string{normWord(ts[k+1].low)}, head...)
			k++
		case l == "of" && len(head) > 0:
			// "the version of the ledger": the rest is the owner
			rest := readNP(ts[k+1:], false, sp, st)
			np.owner = rest.key
			np.head = strings.Join(head, " ")
			np.key = np.owner + "'s " + np.head
			return np
		case t.kind == tPunct:
		default:
			if t.cap && t.kind == tWord && !commonWords[l] && !commonAcronyms[t.s] && !nonEntities[l] || t.kind == tHandle || t.kind == tEmail {
				nameToks = append(nameToks, t.s)
			}
			head = append(head, normWord(l))
		}
	}
	// "my sister Anna", "our client Acme": the name is the subject
	if len(nameToks) > 0 && len(head) > len(nameToks) && kinship[head[len(head)-len(nameToks)-1]] {
		np.name = strings.Join(nameToks, " ")
		np.key = normKey(np.name)
		np.owner = ""
		return np
	}
	if len(nameToks) > 0 && len(nameToks) == len(head) {
		np.name = strings.Join(nameToks, " ")
		np.key = normKey(strings.TrimPrefix(strings.TrimPrefix(np.name, "Project "), "project "))
		if np.owner != "" && np.owner != "we" {
			np.key = np.owner + "'s " + np.key
		}
		return np
	}
	if ownQualifier > 0 && ownQualifier <= len(head) && len(nameToks) == 0 && isProperty(strings.Join(head[:ownQualifier], " ")) {
		// "the rent for our flat" is "our rent": a property qualified by
		// the speaker's own thing is what the speaker's property means
		head = head[:ownQualifier]
	}
	if len(head) > 1 && head[0] == "project" && len(nameToks) > 0 && len(head) == len(nameToks)+1 {
		head = head[1:]
	}
	np.head = strings.Join(head, " ")
	switch {
	case np.owner == "we" && np.head != "":
		// "our billing service" is the billing service; "our budget is X"
		// still reads as we / budget / X (see attribute)
		np.key = np.head
	case np.owner != "" && np.head != "":
		np.key = np.owner + "'s " + np.head
	case np.owner != "":
		np.key = np.owner
	default:
		np.key = np.head
	}
	return np
}

// pluralThing: a subject key that names things or people in the plural
// by a common noun ("carers", "the kids"), not the speaker, a name or a
// pair ("we").
func pluralThing(key string) bool {
	ws := strings.Fields(key)
	if len(ws) == 0 || len(ws) > 3 || key == "user" || key == "we" {
		return false
	}
	last := ws[len(ws)-1]
	return len(last) > 3 && strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") && !strings.Contains(last, "'")
}

// normWord folds spelling variants.
func normWord(w string) string {
	switch w {
	case "favorite":
		return "favourite"
	case "color":
		return "colour"
	}
	return w
}

// normKey lower-cases a name and drops punctuation.
func normKey(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '@' || r == '.' || r == '\'' {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return strings.Trim(b.String(), ".'")
}

// isProperty reports whether head names a one-valued property: "version",
// "favourite colour", "release date".
func isProperty(head string) bool {
	w := strings.Fields(head)
	if len(w) == 0 {
		return false
	}
	if propertyPrefixes[w[0]] && len(w) > 1 {
		return true
	}
	if len(w) >= 2 && compoundProperties[w[len(w)-2]+"_"+w[len(w)-1]] {
		return true
	}
	return propertyNouns[w[len(w)-1]]
}

// splitProperty splits a head with no owner into thing and property:
// "ledger version" -> "ledger", "version"; "ledger release date" ->
// "ledger", "release date". ok is false when nothing precedes the property.
func splitProperty(head string) (string, string, bool) {
	w := strings.Fields(head)
	if len(w) >= 3 && compoundProperties[w[len(w)-2]+"_"+w[len(w)-1]] {
		if allPrefixes(w[:len(w)-2]) {
			return "", "", false // "new phone number": no thing, a property
		}
		return strings.Join(w[:len(w)-2], " "), strings.Join(w[len(w)-2:], " "), true
	}
	if len(w) >= 2 && propertyNouns[w[len(w)-1]] && !compoundProperties[w[len(w)-2]+"_"+w[len(w)-1]] && !propertyPrefixes[w[len(w)-2]] {
		thing := w[:len(w)-1]
		for len(thing) > 1 && propertyPrefixes[thing[0]] {
			thing = thing[1:] // "new mobile number" is the mobile number
		}
		return strings.Join(thing, " "), w[len(w)-1], true
	}
	return "", "", false
}

// allPrefixes: every word is a property prefix ("new", "current").
func allPrefixes(w []string) bool {
	for _, x := range w {
		if !propertyPrefixes[x] {
			return false
		}
	}
	return len(w) > 0
}

// attribute renders the attribute of a parsed clause and returns it with
// the value's token range. It may rewrite the subject (the owner of a
// property becomes the subject).
func attribute(toks []tok, si sentenceInfo, c *clause, subj *nounPhrase) (string, int, int) {
	from, to := c.objFrom, c.objTo
	if c.copula {
		be := "is"
		if c.past {
			be = "was"
		}
		if k, ok := countBackTo(toks, c.particle, from); ok {
			// "we're back to four", "we're down to three": what it is now
			return be, k, objectEnd(toks, si.skip, k)
		}
		if c.particle != "" && !(subj.owner != "" && isProperty(subj.head)) {
			// "Anna isn't in Lisbon", "everything is in Linear now"
			return be + " " + c.particle, from, to
		}
		// "my favourite colour is blue", "the ledger version is 0.9.7"
		if subj.owner != "" && isProperty(subj.head) {
			if thing, prop, ok := splitProperty(subj.head); ok {
				subj.key = thing // "our API version" -> api / version
				if subj.possessed {
					// "my son's shoe size": whose shoe it is stays in the
					// subject, or a daughter's size would be the same slot
					subj.key = subj.owner + "'s " + thing
				}
				return prop, from, to
			}
			subj.key = subj.owner
			return subj.head, from, to
		}
		if subj.owner == "" && subj.name == "" {
			if thing, prop, ok := splitProperty(subj.head); ok {
				subj.key = thing
				return prop, from, to
			}
		}
		// "blue is my favourite colour"
		if from < to && (firstPerson[toks[from].low] || firstPlural[toks[from].low]) && from+1 < to {
			rest := readNP(toks[from:to], false, speaker{first: subjOwner(toks[from].low)}, &docState{})
			if rest.owner != "" && isProperty(rest.head) && strings.HasPrefix(rest.head, "favourite") {
				subj.key = rest.owner
				return rest.head, c.subjFrom, c.subjTo
			}
		}
		if from < to {
			l := toks[from].low
			if preps[l] {
				return be + " " + l, from + 1, objectEnd(toks, si.skip, from+1)
			}
			if from+1 < to && preps[toks[from+1].low] && toks[from].kind == tWord && !determiners[l] && !toks[from].cap && toks[from+1].low != "of" {
				return be + " " + l + " " + toks[from+1].low, from + 2, objectEnd(toks, si.skip, from+2)
			}
			if l == "a" || l == "an" {
				// "I'm a big fan of X", "I'm a vegetarian"
				if k := indexWord(toks, from, "fan"); k > 0 && k < to && k+1 < len(toks) && toks[k+1].low == "of" {
					return "likes", k + 2, objectEnd(toks, si.skip, k+2)
				}
			}
			if l == "into" {
				return "likes", from + 1, objectEnd(toks, si.skip, from+1)
			}
		}
		// "Priya is the project lead for Atlas": a role keeps whose role
		// it is, as the same role said as a subject does
		if from < to && to+1 < len(toks) && (toks[to].low == "for" || toks[to].low == "of" || toks[to].low == "at") && toks[to+1].cap && propertyNouns[toks[to-1].low] {
			if end := objectEnd(toks, si.skip, to+1); end > to+1 && namedRun(toks, to+1, end) {
				return be, from, end
			}
		}
		return be, from, to
	}
	base := c.verb
	verbWord := ""
	switch {
	case preferenceVerbs[base] != "" && !c.passive:
		verbWord = preferenceVerbs[base]
		if c.past && !c.perfect {
			verbWord = map[string]string{"likes": "liked", "dislikes": "disliked", "prefers": "preferred"}[verbWord]
		}
	case c.passive:
		be := "is"
		if c.past {
			be = "was"
		}
		verbWord = be + " " + verbsByBase[base].part
		if verbsByBase[base].part == "" {
			verbWord = be + " " + pastOf(base)
		}
	case c.future:
		verbWord = "will " + base
	case c.modal != "" && c.modal != "would":
		verbWord = c.modal + " " + base
	case c.past && !(c.perfect && stative[base]):
		verbWord = attrVerb(base, true)
	default:
		verbWord = attrVerb(base, false)
	}
	if c.modal == "would" && base == "like" {
		verbWord = "would like"
	}
	// infinitive complement: "decided to use Postgres", "promised to send"
	if c.particle == "to" && from < len(toks) && isBaseVerb(toks[from].low) && !toks[from].cap {
		inner := toks[from].low
		innerBase, _, _ := lookupVerb(inner)
		if b := baseOf(inner); b != "" {
			innerBase = b
		}
		k := from + 1
		part := ""
		if k < len(toks) && preps[toks[k].low] && !si.skip[k] {
			part = " " + toks[k].low
			k++
		}
		end := objectEnd(toks, si.skip, k)
		switch {
		case decisionVerbs[base]:
			// the decision's content: "we decided to use X for the ledger"
			if (innerBase == "use" || innerBase == "adopt") && end < len(toks) && toks[end].low == "for" {
				if np := readNP(toks[end+1:objectEnd(toks, si.skip, end+1)], false, speaker{first: subj.key}, &docState{}); np.key != "" {
					subj.key, subj.name = np.key, np.name
				}
			}
			return attrVerb(innerBase, false) + part, k, end
		case commitVerbs[base] || base == "promise":
			return "will " + innerBase + part, k, end
		case preferenceVerbs[base] != "":
			return verbWord, from, end
		default:
			return verbWord + " to " + innerBase + part, k, end
		}
	}
	// "we chose Postgres (over MySQL) for the ledger"
	if (base == "choose" || base == "pick" && c.particle == "" || base == "select") && from < to {
		// not "picked up my permit": a collection, not a choice
		if k := indexWord(toks, to, "for"); k == to || (k > 0 && k <= to+3) {
			fe := objectEnd(toks, si.skip, k+1)
			if np := readNP(toks[k+1:fe], false, speaker{first: subj.key}, &docState{}); np.key != "" && k+1 < fe {
				subj.key, subj.name = np.key, np.name
				return "uses", from, to
			}
		}
		return "chose", from, to
	}
	if base == "go" && c.particle == "with" || base == "settle" && c.particle == "on" || base == "opt" && c.particle == "for" || base == "decide" && c.particle == "on" {
		// "we're going with Kafka for the event bus": what the event bus uses
		if to < len(toks) && toks[to].low == "for" {
			fe := objectEnd(toks, si.skip, to+1)
			if np := readNP(toks[to+1:fe], false, speaker{first: subj.key}, &docState{}); np.key != "" && to+1 < fe && np.pronoun == "" {
				subj.key, subj.name = np.key, np.name
				return "uses", from, to
			}
		}
		return "chose", from, to
	}
	if base == "prefer" && !c.passive {
		// "prefer tea to coffee": the rest is what is not preferred
		for k := from + 1; k < to; k++ {
			if toks[k].low == "to" || toks[k].low == "over" {
				return verbWord, from, k
			}
		}
	}
	if c.particle != "" {
		verbWord += " " + c.particle
	}
	return verbWord, from, to
}

// subjOwner is the owner a first-person possessive names.
func subjOwner(w string) string {
	if firstPlural[w] {
		return "we"
	}
	return "user"
}

func baseOf(w string) string {
	for _, f := range verbForms[w] {
		if f.form == formBase {
			return f.base
		}
	}
	return ""
}

// indexWord finds word in toks at or after from, within the sentence.
func indexWord(toks []tok, from int, word string) int {
	if from < 0 {
		return -1
	}
	for k := from; k < len(toks); k++ {
		if toks[k].low == word {
			return k
		}
	}
	return -1
}

// commaClause finds ", it's Y" / ", it is Y" / ", Y" after a negated
// value and returns where Y starts.
func commaClause(toks []tok, from int) int {
	if from < 0 {
		return -1
	}
	for k := from; k < len(toks)-1; k++ {
		if toks[k].s != "," {
			continue
		}
		j := k + 1
		if j < len(toks) && (toks[j].low == "it" || toks[j].low == "that" || toks[j].low == "we're" || toks[j].low == "we") {
			j++
			if j < len(toks) && (toks[j].low == "'s" || toks[j].low == "is" || toks[j].low == "'re" || toks[j].low == "are" || toks[j].low == "was" || toks[j].low == "were") {
				// ("I'm not allergic to ibuprofen actually, it was
				// naproxen")
				j++
			}
			if j < len(toks) {
				return j
			}
		}
		return -1
	}
	return -1
}

// change is a change of what something uses or where it is, read by
// migration.
type change struct {
	subj           nounPhrase
	attr           string
	from, to       int  // the new value's tokens, or the old one's when neg
	neg            bool // only an old value: "we moved off MySQL"
	oldFrom, oldTo int  // the old value's tokens when there is a new one, else -1
}

// migration reads "moved/switched/migrated (X) off|from A (to|onto B)": the
// subject (or X, unless X is only "their services") now uses B and no
// longer A. Only changes between systems or organisations, or between
// places when both are named, count; "Anna moved to Lisbon" is a move, not
// a change of what is used.
func migration(toks []tok, si sentenceInfo, c clause, subj nounPhrase) (change, bool) {
	i := c.verbIdx + 1
	if i <= 0 {
		return change{}, false
	}
	obj := subj
	k := i
	for k < len(toks) && k < i+6 && !(toks[k].low == "off" || toks[k].low == "from" || toks[k].low == "away" || toks[k].low == "to" || toks[k].low == "onto") {
		k++
	}
	if k > i {
		np := readNP(toks[i:k], false, speaker{first: subj.key}, &docState{})
		if np.key == "" {
			return change{}, false
		}
		// "moved their services": still the subject's change
		if !possessives[toks[i].low] {
			obj = np
		}
	}
	fromA, fromB := -1, -1
	toA, toB := -1, -1
	for k < len(toks) {
		l := toks[k].low
		switch {
		case l == "off" || l == "from" || (l == "away" && k+1 < len(toks) && toks[k+1].low == "from"):
			if l == "away" {
				k++
			}
			fromA = k + 1
			fromB = objectEndStop(toks, si.skip, fromA)
			k = fromB
			continue
		case l == "to" || l == "onto" || (l == "over" && k+1 < len(toks) && toks[k+1].low == "to"):
			if l == "over" {
				k++
			}
			toA = k + 1
			toB = objectEndStop(toks, si.skip, toA)
			k = toB
			continue
		}
		break
	}
	kindIn := func(a, b int, kinds ...schema.EntityKind) bool {
		for _, e := range si.ents {
			if e.from >= a && e.to <= b {
				for _, kd := range kinds {
					if e.m.Kind == kd {
						return true
					}
				}
			}
		}
		return false
	}
	tech := []schema.EntityKind{schema.KindSystem, schema.KindOrganisation, schema.KindOther}
	attr := "uses"
	if !personish(obj) {
		attr = "runs on"
	}
	switch {
	case toA > 0 && toB > toA && (kindIn(toA, toB, tech...) || fromA > 0 && kindIn(fromA, fromB, tech...)):
		return change{subj: obj, attr: attr, from: toA, to: toB, oldFrom: fromA, oldTo: fromB}, true
	case toA > 0 && toB > toA && fromA > 0 && kindIn(toA, toB, schema.KindPlace):
		return change{subj: obj, attr: "lives in", from: toA, to: toB, oldFrom: -1, oldTo: -1}, true
	case toA < 0 && fromA > 0 && fromB > fromA && kindIn(fromA, fromB, tech...):
		return change{subj: obj, attr: attr, from: fromA, to: fromB, neg: true, oldFrom: -1, oldTo: -1}, true
	}
	return change{}, false
}

// personish: the subject is a person or a group of people, who use
// things; anything else runs on them.
func personish(np nounPhrase) bool {
	if np.key == "user" || np.key == "we" || np.key == "you" || np.name != "" && np.owner == "" {
		return true
	}
	w := strings.Fields(np.key)
	return len(w) > 0 && groupHeads[w[len(w)-1]]
}

// objectEndStop is objectEnd that also stops at "to"/"onto".
func objectEndStop(toks []tok, skip []bool, i int) int {
	e := objectEnd(toks, skip, i)
	for k := i; k < e; k++ {
		if k > i && (toks[k].low == "to" || toks[k].low == "onto" || toks[k].low == "over") {
			return k
		}
	}
	return e
}

// spanText returns the sentence text of tokens [from, to).
func spanText(s string, toks []tok, from, to int) string {
	if from < 0 || to > len(toks) || from >= to {
		return ""
	}
	return s[toks[from].start:toks[to-1].end]
}

// cleanValue trims a value: surrounding punctuation and a leading article.
func cleanValue(v string) string {
	v = strings.TrimSpace(v)
	v = strings.Trim(v, ` ,;:."'!?()[]-–—`)
	for _, a := range []string{"the ", "a ", "an ", "The ", "A ", "An "} {
		if strings.HasPrefix(v, a) && len(v) > len(a) {
			v = v[len(a):]
			break
		}
	}
	return strings.TrimSpace(v)
}

// classify types a parsed clause.
func classify(c clause, attr string, subj nounPhrase, si sentenceInfo) (schema.MemoryType, bool) {
	personSubj := subj.key == "user" || subj.key == "we" || subj.name != "" || subj.key == "you" || subj.owner == "" && firstNames[subj.key]
	// decisions
	if decisionVerbs[c.verb] && !(c.verb == "pick" && c.particle == "up") || c.verb == "go" && c.particle == "with" || attr == "chose" || choseOver(si.toks) {
		return schema.TypeDecision, true
	}
	if hasWord(si.toks, "decision") || hasWord(si.toks, "decided") {
		return schema.TypeDecision, true
	}
	// commitments
	action := c.verb != "" && !stative[c.verb] && c.verb != "be"
	if c.verb == "have" && c.past {
		for _, e := range si.exprs {
			if e.Modifier == temporal.Within {
				action = true // "I had surgery on 20 November": have as an event
			}
		}
	}
	if personSubj && action && (c.future || c.modal == "must" || c.modal == "should") && !c.neg {
		if c.future && (c.verb == "go" && c.particle == "with" || c.verb == "use" || c.verb == "adopt") && subj.key == "we" {
			return schema.TypeDecision, true
		}
		if !c.past {
			return schema.TypeCommitment, true
		}
	}
	if c.future && c.neg && personSubj && !c.past && refusalVerbs[c.verb] {
		// "we won't be using Heroku after June": a decision against
		return schema.TypeDecision, true
	}
	if strings.HasPrefix(attr, "will ") && personSubj && !c.past {
		return schema.TypeCommitment, true
	}
	if reportedPromise(si.toks) || saidWouldBy(si) || gotToBy(si) {
		// "I told Oskar I'd email him the plans": what the speaker said
		// they would do
		return schema.TypeCommitment, true
	}
	if hasSeq(si.toks, "remind", "me", "to") || hasWord(si.toks, "promise") || hasWord(si.toks, "promised") {
		return schema.TypeCommitment, true
	}
	if hasWord(si.toks, "due") && len(si.exprs) > 0 {
		return schema.TypeCommitment, true
	}
	if personSubj || subj.key != "" {
		// "X needs Y before the end of the year", "the return has to be
		// filed by 31 January": an obligation with a deadline
		for _, e := range si.exprs {
			if (e.Modifier == temporal.Until || e.Modifier == temporal.Before) && obligation(c) && !c.past {
				return schema.TypeCommitment, true
			}
		}
	}
	// preferences
	if personSubj && (attr == "likes" || attr == "dislikes" || attr == "prefers" || attr == "liked" || attr == "disliked") {
		return schema.TypePreference, true
	}
	if strings.HasPrefix(attr, "favourite") || strings.Contains(attr, "favourite") {
		return schema.TypePreference, true
	}
	if hasSeq(si.toks, "would", "rather") || hasSeq(si.toks, "'d", "rather") {
		return schema.TypePreference, true
	}
	// events
	dated := false
	for _, e := range si.exprs {
		if e.Modifier == temporal.Within && !e.Start.IsZero() {
			dated = true
		}
	}
	if dated && (action || c.copula && !isProperty(attr) && !isProperty(subj.key) || c.progressive || c.future) {
		return schema.TypeEvent, true
	}
	if c.past && action && !c.usedTo {
		return schema.TypeEvent, true
	}
	return schema.TypeFact, false
}

// obligation: the clause says something must be done: "needs (to)",
// "has to", "have to", "must", "should".
func obligation(c clause) bool {
	return c.verb == "need" || c.modal == "must" || c.modal == "should" || c.verb == "have" && c.particle == "to"
}

// classifyLoose types a sentence the clause parser could not read.
func classifyLoose(si sentenceInfo) (schema.MemoryType, bool) {
	low := map[string]bool{}
	for _, t := range si.toks {
		low[t.low] = true
	}
	switch {
	case low["decided"] || low["decision"] || low["chose"] || low["opted"] || hasSeq(si.toks, "going", "with") || hasSeq(si.toks, "settled", "on") || choseOver(si.toks):
		return schema.TypeDecision, true
	case hasSeq(si.toks, "would", "rather") || hasSeq(si.toks, "'d", "rather"):
		return schema.TypePreference, true
	case reportedPromise(si.toks) || saidWouldBy(si) || gotToBy(si):
		return schema.TypeCommitment, true
	case low["'ll"] || low["will"] || low["promise"] || hasSeq(si.toks, "remind", "me"):
		return schema.TypeCommitment, true
	case low["prefer"] || low["love"] || low["hate"] || low["favourite"] || low["favorite"] || hasSeq(si.toks, "can", "n't", "stand"):
		return schema.TypePreference, true
	}
	for _, e := range si.exprs {
		if e.Modifier == temporal.Within && !e.Start.IsZero() {
			return schema.TypeEvent, true
		}
	}
	return schema.TypeFact, false
}

// refusalVerbs, negated in the future by a person ("we won't be using",
// "I won't renew"), are a decision against, not a commitment.
var refusalVerbs = set(`use adopt renew support keep buy hire continue offer`)

// choseOver: a past choosing verb with "over" or "instead of" after it
// ("we picked Hetzner over DigitalOcean"): a decision between named
// options.
func choseOver(toks []tok) bool {
	for i, t := range toks {
		switch t.low {
		case "picked", "chose", "selected", "preferred", "favoured", "favored":
		default:
			continue
		}
		if i+1 < len(toks) && toks[i+1].low == "up" {
			continue
		}
		for k := i + 1; k < len(toks) && k <= i+6; k++ {
			if toks[k].low == "over" || toks[k].low == "instead" && k+1 < len(toks) && toks[k+1].low == "of" {
				return true
			}
		}
	}
	return false
}

// reportedPromise: "told|promised|assured <someone> (that) I'd|I'll|I
// would|I will|we'd ...": the speaker reporting what they said they would
// do, a commitment.
func reportedPromise(toks []tok) bool {
	for i, t := range toks {
		if t.low != "told" && t.low != "promised" && t.low != "assured" && t.low != "reassured" {
			continue
		}
		if v, ok := wouldAfter(toks, i, 5, speakers); ok {
			return v != "n't" && v != "not" && v != "never"
		}
	}
	return false
}

// wouldAfter finds, within window tokens after i, one of subjects followed
// by "would", "will" or their short forms, and returns the word after them.
func wouldAfter(toks []tok, i, window int, subjects map[string]bool) (string, bool) {
	for k := i + 1; k+2 < len(toks) && k <= i+window; k++ {
		if subjects[toks[k].low] && (toks[k+1].low == "'d" || toks[k+1].low == "'ll" || toks[k+1].low == "would" || toks[k+1].low == "will") {
			return toks[k+2].low, true
		}
	}
	return "", false
}

// saidWouldBy reads what someone said they would do by a time: "Kate said
// she'd send over the photos by Wednesday". Without the deadline "said
// she'd" is as often a guess or a wish ("he said he'd love to come").
func saidWouldBy(si sentenceInfo) bool {
	if !hasDeadline(si) {
		return false
	}
	toks := si.toks
	for i, t := range toks {
		if t.low != "said" && t.low != "says" {
			continue
		}
		if v, ok := wouldAfter(toks, i, 3, subjectWords); ok {
			return v != "n't" && v != "not" && v != "never" && v != "be" && !stative[v] && !likeVerbs[v]
		}
	}
	return false
}

// gotToBy reads an obligation worded with "got to" and a deadline: "I've
// got to submit my visa application by 15 May", "gotta get the car
// through its MOT by Friday".
func gotToBy(si sentenceInfo) bool {
	if !hasDeadline(si) {
		return false
	}
	toks := si.toks
	for i, t := range toks {
		switch {
		case t.low == "gotta" && i+1 < len(toks) && toks[i+1].low != "be":
			return true
		case t.low == "got" && i > 0 && i+2 < len(toks) && toks[i+1].low == "to" && haveForms[toks[i-1].low] && toks[i+2].low != "be":
			return true
		}
	}
	return false
}

// hasDeadline: the sentence says by when ("by Friday", "before 15 May").
func hasDeadline(si sentenceInfo) bool {
	for _, e := range si.exprs {
		if e.Modifier == temporal.Until || e.Modifier == temporal.Before {
			return true
		}
	}
	return false
}

// subjectWords may say who will do something in reported speech; speakers
// are the ones whose promise is the user's own.
var subjectWords, speakers = set(`i we he she they`), set(`i we`)

// haveForms make "got to" an obligation.
var haveForms = set(`have has 've 's i've we've they've he's she's`)

// likeVerbs after "would" say a wish, not a promise.
var likeVerbs = set(`like love prefer rather hate enjoy`)

func hasWord(toks []tok, w string) bool {
	for _, t := range toks {
		if t.low == w {
			return true
		}
	}
	return false
}

func hasSeq(toks []tok, ws ...string) bool {
	for i := 0; i+len(ws) <= len(toks); i++ {
		ok := true
		for k, w := range ws {
			if toks[i+k].low != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// dates sets ValidFrom and ValidTo from the sentence's time expressions:
// a commitment's deadline (ValidTo) is the earliest End of its "by" or
// "before" expressions ("it isn't due till next year, I'll submit it by
// 12 August" is due 12 August), or with none the End of its first
// expression; otherwise the first expression with a start dates the claim
// (ValidFrom) and an "until"/"before" expression ends it (ValidTo).
func dates(m *schema.Memory, exprs []temporal.Expr, typ schema.MemoryType) {
	if typ == schema.TypeCommitment {
		var first, by *time.Time
		for _, e := range exprs {
			t := e.End
			if t.IsZero() {
				continue
			}
			if first == nil {
				first = &t
			}
			if (e.Modifier == temporal.Until || e.Modifier == temporal.Before) && (by == nil || t.Before(*by)) {
				by = &t
			}
		}
		m.ValidTo = cmp.Or(by, first)
		return
	}
	for _, e := range exprs {
		e := e
		switch e.Modifier {
		case temporal.Within, temporal.Since, temporal.After:
			if m.ValidFrom == nil && !e.Start.IsZero() {
				t := e.Start
				m.ValidFrom = &t
			}
		case temporal.Until, temporal.Before:
			if m.ValidTo == nil && !e.End.IsZero() {
				t := e.End
				m.ValidTo = &t
			}
		}
	}
}

// mentions lists the claim's entities: the named ones, and the speaker
// when the claim is in a named speaker's first person.
func mentions(ents []mentionSpan, subj nounPhrase, sp speaker, firstPerson bool) []schema.Mention {
	var out []schema.Mention
	seen := map[string]bool{}
	if sp.firstName != "" && (subj.key == sp.first || firstPerson) {
		out = append(out, schema.Mention{Name: sp.firstName, Kind: schema.KindPerson})
		seen[strings.ToLower(sp.firstName)] = true
	}
	for _, e := range ents {
		k := strings.ToLower(e.m.Name)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, e.m)
	}
	return out
}

// firstPersonIn: the sentence speaks in the first person (I, me, my, we,
// us, our).
func firstPersonIn(toks []tok) bool {
	for _, t := range toks {
		if t.kind == tWord && (firstPerson[t.low] || firstPlural[t.low]) {
			return true
		}
	}
	return false
}

// isQuestion: the sentence ends with a question mark.
func isQuestion(s string) bool {
	s = strings.TrimRight(s, " \t\"')”’")
	return strings.HasSuffix(s, "?") || strings.HasSuffix(s, "？")
}

// isChitchat: greetings, thanks and reactions with no entity, date or
// content.
func isChitchat(si sentenceInfo) bool {
	content, chat := 0, 0
	inEntity := make([]bool, len(si.toks))
	for _, e := range si.ents {
		for k := e.from; k < e.to; k++ {
			inEntity[k] = true
		}
	}
	for k, t := range si.toks {
		if t.kind == tPunct || si.skip[k] {
			continue
		}
		if chitchat[t.low] && !inEntity[k] {
			chat++ // "take care", not "Highland Home Care"
		}
		if !stopwords[t.low] && !chitchat[t.low] && !inEntity[k] {
			content++
		}
	}
	if content == 0 && chat > 0 && len(si.exprs) == 0 {
		return true // "That's amazing, Caroline!"
	}
	if deferral(si.toks) {
		return true // "Hmm, let me sleep on it."
	}
	for _, e := range si.ents {
		content += e.to - e.from
	}
	if len(si.toks) > 0 {
		switch si.toks[0].low {
		case "hey", "hi", "hello":
			return len(si.exprs) == 0 && !introAfterGreeting(si.toks)
		case "happy", "merry", "thanks", "thank", "congrats", "congratulations", "wow", "haha", "lol", "omg", "bye", "goodbye", "cheers", "welcome":
			return len(si.exprs) == 0
		}
	}
	return content == 0 && len(si.exprs) == 0
}

// deferral: "(hmm,) let me think about it | sleep on it | get back to you
// | check": putting a question off says nothing to remember.
func deferral(toks []tok) bool {
	i := 0
	for i < len(toks) && (toks[i].kind == tPunct || interjections[toks[i].low]) {
		i++
	}
	if i+2 >= len(toks) || toks[i].low != "let" || toks[i+1].low != "me" {
		return false
	}
	switch toks[i+2].low {
	case "think", "sleep", "check", "see", "get", "mull", "look", "ask", "know", "consider":
	default:
		return false
	}
	// only a short sentence: "let me check the logs for errors from May"
	// may still say something
	return len(toks)-i <= 8
}

var interjections = set(`hmm hm um umm uh er erm ok okay well right so alright sure`)

// worthRemembering drops fragments: fewer than two content words with no
// subject/attribute, entity or date.
func worthRemembering(si sentenceInfo, m schema.Memory) bool {
	content := 0
	for k, t := range si.toks {
		if t.kind == tPunct || si.skip[k] {
			continue
		}
		if !stopwords[t.low] && !chitchat[t.low] {
			content++
		}
	}
	if m.Attribute != "" && (m.Value != "" || m.Negated) || m.Correction && m.Value != "" {
		return content >= 1
	}
	if len(si.ents) > 0 || len(si.exprs) > 0 {
		return content >= 1
	}
	return content >= 2 && len(si.toks) >= 3
}

// confidence: 0.55 for an untyped fact, 0.7 with a subject and attribute,
// 0.75 when a cue typed it; corrections +0.05; hedges ("I think", "maybe",
// "might") x0.6.
func confidence(m schema.Memory, typed, hedged bool) float64 {
	c := 0.55
	if m.Attribute != "" && m.Value != "" {
		c = 0.7
	}
	if typed {
		c += 0.05
	}
	if m.Correction {
		c += 0.05
	}
	if hedged {
		c *= 0.6
	}
	return schema.RoundConfidence(min(max(c, 0.05), 0.95))
}
