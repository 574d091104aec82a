package rules

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/temporal"
)

// Extractor is the extractor that needs no model. It satisfies
// ingest.Extractor. The zero value is ready to use and safe for concurrent
// use; Extract is deterministic.
type Extractor struct{}

var _ interface {
	Extract(context.Context, schema.Document) ([]schema.Memory, error)
} = Extractor{}

// Limits on what one memory carries.
const (
	// MaxClaimRunes bounds a claim; longer sentences are cut at a word
	// boundary and marked with "…".
	MaxClaimRunes = 600
	// MaxExcerptRunes bounds an excerpt.
	MaxExcerptRunes = 2000
	// maxAnswerWords: an answer this short joins the question before it.
	maxAnswerWords = 6
)

// Extract splits doc.Text into turns and sentences and returns one
// candidate memory per sentence worth remembering, in order. Each carries
// Type, Claim, Excerpt, Confidence, Entities, and where the wording gives
// them Subject/Attribute/Value, Negated, Correction, ValidFrom and ValidTo
// (see the package documentation), and SaidAt. It returns ctx.Err() if ctx
// ends, and no other error.
func (Extractor) Extract(ctx context.Context, doc schema.Document) ([]schema.Memory, error) {
	ref := doc.SaidAt
	if ref.IsZero() {
		ref = doc.CreatedAt
	}
	ref = ref.UTC()
	text := strings.ToValidUTF8(strings.ReplaceAll(doc.Text, "\r\n", "\n"), "\uFFFD")
	turns := splitTurns(text, ref)
	st := &docState{lower: lowerWords(text)}
	var out []schema.Memory
	for ti, t := range turns {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sp := speakerOf(turns, ti)
		sents := sentences(t.text)
		corrNext := false
		var moved *schema.Memory // a thing postponed, its new date not yet said
		movedFor := 0
		movedOut, movedStart := 0, 0 // where in out it is, and where its sentence starts
		for si := 0; si < len(sents); si++ {
			if si%64 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			s := t.text[sents[si].start:sents[si].end]
			corrected := corrNext // the sentence before only admitted a mistake
			corrNext = false
			if isQuestion(s) {
				if _, ok := reminder(s); ok && !sp.assistant {
					for _, m := range analyseAll(s, t.ref, sp, st) {
						out = append(out, finish(m, t, turn{}))
					}
					continue
				}
				if k := statementBeforeQuestion(s); k > 0 && !sp.assistant && !(si == 0 && t.skipFirst) {
					// "Launch slipped to the 19th — how do I tell the
					// bank?": the statement is said, only the rest asked
					for _, m := range analyseAll(strings.TrimSpace(s[:k]), t.ref, sp, st) {
						out = append(out, finish(m, t, turn{}))
					}
				}
				noteQuestion(s, t.ref, st)
				// a question answered briefly by the next speaker is one claim
				if si == len(sents)-1 && ti+1 < len(turns) && turns[ti+1].author != t.author {
					nt := turns[ti+1]
					ns := sentences(nt.text)
					if len(ns) > 0 {
						ans := nt.text[ns[0].start:ns[0].end]
						if m, ok := joinAnswer(s, ans, t, nt, speakerOf(turns, ti), speakerOf(turns, ti+1), st); ok {
							out = append(out, finish(m, t, nt))
							turns[ti+1].skipFirst = true
						}
					}
				}
				continue
			}
			if si == 0 && t.skipFirst {
				continue
			}
			if sp.assistant {
				continue
			}
			if si == 0 && ti > 0 && turns[ti-1].author != t.author && lastIsQuestion(turns[ti-1].text) {
				sp.answering = true
			} else {
				sp.answering = false
			}
			if mistakeOnly(s) {
				// "Sorry, I wrote it wrong. Club fee is 1,500 yen": the
				// next sentence is the correction, this one says nothing
				corrNext = true
				continue
			}
			ms := []schema.Memory(nil)
			if si+1 < len(sents) {
				next := t.text[sents[si+1].start:sents[si+1].end]
				if joined, ok := headlineValue(s, next); ok {
					if ms = analyseAs(s+" "+next, joined, t.ref, sp, st); len(ms) > 0 {
						s = s + " " + next
						si++
					}
				}
			}
			if items := listItems(s); ms == nil && items != nil {
				// one memory for each thing of a list, its excerpt the
				// sentence as said; a change said of one item is said of
				// each ("rent £1,200, internet £35 now")
				for _, it := range items {
					for _, m := range analyseAll(it, t.ref, sp, st) {
						m.Excerpt = s
						ms = append(ms, m)
					}
				}
				if slices.ContainsFunc(ms, func(m schema.Memory) bool { return m.Correction }) {
					for k := range ms {
						ms[k].Correction = true
					}
				}
			}
			if ms == nil {
				ms = analyseAll(s, t.ref, sp, st)
			}
			postponed := -1
			for k, m := range ms {
				m.Correction = m.Correction || corrected
				if t.author != "" && sp.firstName != "" {
					m.Claim = t.author + ": " + s
				}
				if moved != nil && newDate(m) {
					// "field trip postponed!! river is still too high. now
					// it's 6 to 22 of May": the new date of the thing moved
					// (the excerpt stays the words said, the date's sentence)
					m.Subject, m.Claim, m.Correction = moved.Subject, moved.Claim+" … "+m.Claim, true
					if m.Excerpt == s && movedOut < len(out) && out[movedOut].Claim == moved.Claim {
						// one memory of the thing and its new date, its
						// excerpt the words as said from the one to the other
						out = slices.Delete(out, movedOut, movedOut+1)
						m.Excerpt = t.text[movedStart:sents[si].end]
					}
					if m.ValidFrom != nil && m.ValidFrom.Before(t.ref) && !yearIn.MatchString(m.Claim) {
						// a thing put off is put off to a later day: "April
						// 18 now", said on 2 April, is this year's
						later := m.ValidFrom.AddDate(1, 0, 0)
						m.ValidFrom = &later
					}
					moved = nil
				}
				if si > 0 && onlySince(s) {
					// "when I met Emeka he was at GTBank. he only moved to
					// Access in 2019": the start of now, told with the
					// state before it in the sentence before
					if prev := t.text[sents[si-1].start:sents[si-1].end]; saysWasBefore(prev) {
						m.Claim = prev + " " + m.Claim
						if m.Excerpt == s {
							m.Excerpt = t.text[sents[si-1].start:sents[si].end] // the words as said
						}
					}
				}
				if movedUndated(m) {
					postponed, movedOut, movedStart = k, len(out), sents[si].start
				}
				out = append(out, finish(m, t, turn{}))
			}
			switch {
			case postponed >= 0:
				moved, movedFor = &ms[postponed], postponedReach
			case movedFor > 0:
				movedFor--
				if movedFor == 0 {
					moved = nil
				}
			}
		}
	}
	return out, nil
}

// onlySince: the sentence tells when the present began, after the fact:
// "he only moved to Access in 2019", "we only moved to Yaba in 2021",
// "Gordon only took over in 2020".
func onlySince(s string) bool {
	low := " " + strings.ToLower(s) + " "
	return strings.Contains(low, " only ") && (strings.Contains(low, " moved to ") || strings.Contains(low, " switched to ") || strings.Contains(low, " started at ") || strings.Contains(low, " took over ")) && yearIn.MatchString(s)
}

// saysWasBefore: the sentence tells a state of the past: "when I met Emeka
// he was at GTBank on Broad Street".
func saysWasBefore(s string) bool {
	low := " " + strings.ToLower(s) + " "
	return (strings.Contains(low, " was ") || strings.Contains(low, " were ")) && !strings.ContainsAny(s, "?")
}

// yearIn finds a year.
var yearIn = regexp.MustCompile(`\b(19|20)\d\d\b`)

// postponedReach is how many sentences after "the quali got postponed"
// its new date may come: "new date is 10 September".
const postponedReach = 2

// movedUndated: the claim says a thing was postponed or moved and gives no
// date: "field trip postponed!!", "quali got postponed".
func movedUndated(m schema.Memory) bool {
	if m.Negated || m.ValidFrom != nil || m.Subject == "" || m.Subject == "user" || strings.ContainsFunc(m.Claim, unicode.IsDigit) {
		return false
	}
	for _, w := range strings.Fields(m.Attribute + " " + m.Value) {
		if postponeWords[w] {
			return true
		}
	}
	return false
}

// newDate: the claim gives a date and names no thing of its own: "new
// date is 10 September", "now it's 6 to 22 of May".
func newDate(m schema.Memory) bool {
	if m.Negated || m.ValidFrom == nil && !strings.ContainsFunc(m.Value, unicode.IsDigit) {
		return false
	}
	switch m.Subject {
	case "new date", "date", "now it", "it", "the new date":
		return true
	case "":
		// "April 18 now, the surgeon got sick": the date first, "now"
		// after it
		return dateThenNow.MatchString(m.Claim)
	}
	return false
}

// dateThenNow: a claim opens with a date and "now": "April 18 now", "the
// 20th now", "6 May now".
var dateThenNow = regexp.MustCompile(`(?i)^(?:the\s+)?(?:[a-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?(?:\s+[a-z]{3,9})?)\s+now\b`)

// postponeWords move a thing to another time.
var postponeWords = set(`postponed delayed rescheduled moved pushed`)

// lastIsQuestion: the text's last sentence is a question.
func lastIsQuestion(text string) bool {
	ss := sentences(text)
	return len(ss) > 0 && isQuestion(text[ss[len(ss)-1].start:ss[len(ss)-1].end])
}

// noteQuestion remembers the last person a question named, for "she" in
// the answer.
func noteQuestion(q string, ref time.Time, st *docState) {
	si := prepare(q, ref, st.lower)
	for _, e := range si.ents {
		if e.m.Kind == schema.KindPerson && !strings.Contains(e.m.Name, "@") {
			st.lastPerson, st.lastPersonName = normKey(e.m.Name), e.m.Name
		}
	}
}

// finish fills the fields every memory carries: clipped claim and excerpt,
// the excerpt's turn lines, SaidAt.
func finish(m schema.Memory, t, answer turn) schema.Memory {
	m.Claim = clip(m.Claim, MaxClaimRunes)
	m.Excerpt = clip(m.Excerpt, MaxExcerptRunes)
	said := t.ref
	if !answer.ref.IsZero() {
		said = answer.ref
	}
	if !said.IsZero() {
		m.SaidAt = &said
	}
	return m
}

// turn is one speaker's part of a document.
type turn struct {
	author    string // "" for plain material
	text      string
	ref       time.Time
	skipFirst bool // the first sentence was used as an answer
}

// turnLine is "Author: text", optionally after "[timestamp]". An author is
// one to four words starting with a letter.
var turnLine = regexp.MustCompile(`^\s*(?:\[([^\]\n]{1,60})\]\s*)?([A-Za-z][A-Za-z0-9_.'’ -]{0,40}?)\s*:\s+(\S.*)$`)

// notAuthors start lines that look like turns but are labels.
var notAuthors = set(`correction note update edit ps fyi todo decision important reminder
warning summary action re subject tip step example question answer result status reason
context problem solution goal idea warning caveat tl tldr p.s deadline agenda notes`)

// splitTurns reads "Author: text" lines as turns when at least two lines
// have that shape; otherwise the whole text is one turn.
func splitTurns(text string, ref time.Time) []turn {
	lines := strings.Split(text, "\n")
	authored, strong := 0, false
	for _, l := range lines {
		if a, stamp, _, ok := parseTurnLine(l); ok && a != "" {
			authored++
			// a timestamped line, or a role ("User:"), is a turn even alone
			if stamp != "" || roleNames[strings.ToLower(a)] && len(a) > 1 {
				strong = true
			}
		}
		if authored >= 2 {
			break
		}
	}
	if authored < 2 && !(authored == 1 && strong) {
		return []turn{{text: text, ref: ref}}
	}
	var turns []turn
	for _, l := range lines {
		if a, stamp, body, ok := parseTurnLine(l); ok {
			r := ref
			if stamp != "" {
				for _, e := range temporal.Find(stamp, ref) {
					if e.Granularity == temporal.Day && e.Modifier == temporal.Within {
						r = e.Start
						break
					}
				}
			}
			turns = append(turns, turn{author: a, text: body, ref: r})
			continue
		}
		if len(turns) == 0 {
			turns = append(turns, turn{text: l, ref: ref})
			continue
		}
		turns[len(turns)-1].text += "\n" + l
	}
	return turns
}

func parseTurnLine(l string) (author, stamp, body string, ok bool) {
	if len(l) > 4096 {
		l = l[:4096]
	}
	m := turnLine.FindStringSubmatch(l)
	if m == nil {
		return "", "", "", false
	}
	a := strings.TrimSpace(m[2])
	words := strings.Fields(a)
	if len(words) == 0 || len(words) > 4 || notAuthors[strings.ToLower(words[0])] {
		return "", "", "", false
	}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if !(r >= 'A' && r <= 'Z') && !roleNames[strings.ToLower(w)] {
			return "", "", "", false
		}
	}
	return a, m[1], m[3], true
}

// roleNames are authors that stand for the person or the assistant.
var (
	roleNames      = set(`user me human i you assistant ai bot system claude chatgpt gpt model q a`)
	userRoles      = set(`user me human i q a`)
	assistantRoles = set(`assistant ai bot system claude chatgpt gpt model`)
)

// speakerOf returns the pronoun mapping for turn i: a named speaker's "I"
// is that speaker; the user's "I" is "user"; "you" is the other party of a
// two-party conversation.
func speakerOf(turns []turn, i int) speaker {
	a := turns[i].author
	la := strings.ToLower(a)
	sp := speaker{first: "user"}
	switch {
	case a == "" || userRoles[la]:
	case assistantRoles[la]:
		sp.assistant = true
		sp.first = "assistant"
		sp.second = "user"
		return sp
	default:
		sp.first, sp.firstName = normKey(a), a
	}
	// "you": the nearest other author
	for d := 1; d < len(turns); d++ {
		for _, k := range []int{i - d, i + d} {
			if k < 0 || k >= len(turns) || turns[k].author == "" || turns[k].author == a {
				continue
			}
			o := strings.ToLower(turns[k].author)
			switch {
			case assistantRoles[o]:
				sp.second = "assistant"
			case userRoles[o]:
				sp.second = "user"
			default:
				sp.second = normKey(turns[k].author)
			}
			return sp
		}
		if d > 4 {
			break
		}
	}
	return sp
}

// clip cuts s to n runes at a word boundary, adding "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)/2 {
		cut = cut[:i]
	}
	return cut + "…"
}

// lowerWords are the words text writes in lower case, at most
// maxLowerWords of them.
func lowerWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, t := range tokenize(text) {
		if t.kind == tWord && !t.cap && t.s == t.low && len(out) < maxLowerWords {
			out[t.low] = true
		}
	}
	return out
}

// maxLowerWords bounds lowerWords on a long document.
const maxLowerWords = 20000
