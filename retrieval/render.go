package retrieval

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// ContextHeader opens every non-empty context. It says how to read the
// lines that follow. Each line starts with its handle, [n], n being the
// item's rank in the whole ranking (ContextItem.Rank): the ContextItem of
// that rank holds the memory's, document's and turn's ids and where the
// turn was said (conversation and message id), so a line spends its
// tokens on what was said, when and by whom rather than on references.
// The lines are
//
//	[n] when[ · type][ · STATE note][ · confirmed] · "claim" (provenance)
//
// where when is the valid time (2023-05-08, "2023-05-08 to 2023-06-01",
// "until 2023-06-01") or, without one, "recorded 2023-05-09"; dates are
// UTC days. The type is left out for a fact, the type most memories have
// (ContextHeader says so); decision, commitment, preference and event are
// named. Provenance lists, when known: the document's source and
// conversation, when it was said and recorded (each date shown once), the
// memory it replaced (with history), and an excerpt of the document when
// the excerpt says more than the claim.
//
// A raw conversation turn, found on its own or as the turn a memory rests
// on, renders as who said what:
//
//	[n] said · Author: "text"
//	[n] when[ · type][ · STATE note][ · confirmed] · Author: "text" (claim: "claim")
//
// where said is the day it was said; a memory merged with the turn it
// rests on shows the turn's words in place of the claim, with the claim
// given only when the turn's text does not already contain it (an
// "Author: " before the claim aside), when the valid time or else the day
// the turn was said, and neither the recording day nor an excerpt (the
// turn's text holds it). The turn's text is whole, never shortened.
// Measured on LoCoMo, the conversation and message reference ("(conv-30
// D1:3)", 9 cl100k tokens) and " · fact" took a fifth of a typical
// line's tokens; without them a 1,500-token context holds about a quarter
// more lines.
const ContextHeader = "Memories, most relevant first, numbered by rank; cite as [n]. Dates are UTC; a line without a type is a fact.\n"

// Rendering limits.
const (
	// MaxExcerptRunes bounds the excerpt quoted in a line; longer excerpts
	// end in "…". The claim itself is never shortened.
	MaxExcerptRunes = 280
	// MaxSourceRunes bounds a document's source label in a line.
	MaxSourceRunes = 80
)

// docInfo is what a line says about a memory's document.
type docInfo struct {
	source       string
	conversation string
}

// renderItem renders one item as one line (see renderLine) whose handle
// is ref, the item's rank.
func renderItem(ref int, it Item, docs map[string]docInfo, history bool) string {
	switch {
	case it.Turn == nil:
		return renderLine(ref, it.Memory, docs[it.Memory.DocumentID], history)
	case it.Memory.ID == "":
		return renderTurn(ref, *it.Turn)
	}
	return renderMemory(ref, it.Memory, docs[it.Memory.DocumentID], history, it.Turn)
}

// handle is how a line starts: "[ref] ".
func handle(ref int) string { return "[" + strconv.Itoa(ref) + "] " }

// said is what a line quotes of a turn: `Author: "text"`.
func said(t schema.Turn) string {
	q := `"` + clean(t.Text) + `"`
	if a := clean(t.Author); a != "" {
		return a + ": " + q
	}
	return q
}

// renderTurn renders a turn found on its own as one line ending in "\n"
// and starting with "[".
func renderTurn(ref int, t schema.Turn) string {
	when := "undated"
	if !t.SaidAt.IsZero() {
		when = t.SaidAt.UTC().Format(time.DateOnly)
	}
	return handle(ref) + when + " · " + said(t) + "\n"
}

// renderLine renders one memory as one line ending in "\n" and starting
// with "[": so the token count of a context is exactly the sum of the
// counts of its lines (cl100k_base's split pattern never joins a newline
// with a following "[" into one piece).
func renderLine(ref int, m schema.Memory, d docInfo, history bool) string {
	return renderMemory(ref, m, d, history, nil)
}

// renderMemory is renderLine for a memory with, when turn is set, the turn
// it rests on: the turn's words stand in for the claim, as ContextHeader
// describes.
func renderMemory(ref int, m schema.Memory, d docInfo, history bool, turn *schema.Turn) string {
	day := func(t time.Time) string { return t.UTC().Format(time.DateOnly) }
	shown := map[string]bool{}
	var when string
	switch {
	case m.ValidFrom != nil && m.ValidTo != nil:
		when = day(*m.ValidFrom) + " to " + day(*m.ValidTo)
		shown[day(*m.ValidFrom)], shown[day(*m.ValidTo)] = true, true
	case m.ValidFrom != nil:
		when = day(*m.ValidFrom)
		shown[when] = true
	case m.ValidTo != nil:
		when = "until " + day(*m.ValidTo)
		shown[day(*m.ValidTo)] = true
	case turn != nil && !turn.SaidAt.IsZero():
		when = day(turn.SaidAt)
		shown[when] = true
	case !m.RecordedAt.IsZero():
		when = "recorded " + day(m.RecordedAt)
		shown[day(m.RecordedAt)] = true
	default:
		when = "undated"
	}
	parts := []string{when}
	if m.Type != "" && m.Type != schema.TypeFact {
		parts = append(parts, clean(string(m.Type)))
	}
	switch m.State {
	case schema.StateDisputed:
		parts = append(parts, "DISPUTED: an open conflict contradicts this")
	case schema.StateSuperseded:
		parts = append(parts, "SUPERSEDED: no longer current")
	}
	if m.Confirmed {
		parts = append(parts, "confirmed")
	}
	claim := clean(m.Claim)
	var prov []string
	if turn != nil {
		parts = append(parts, said(*turn))
		if claim != "" && !strings.Contains(fold(turn.Text), strings.ToLower(strings.TrimRight(withoutSpeaker(claim, turn.Author), ".!?… "))) {
			prov = append(prov, `claim: "`+claim+`"`)
		}
		if m.SaidAt == nil && !turn.SaidAt.IsZero() {
			t := turn.SaidAt
			m.SaidAt = &t
		}
	} else {
		parts = append(parts, `"`+claim+`"`)
	}

	if d.source != "" && clean(d.source) != "conversation "+clean(d.conversation) {
		prov = append(prov, "source: "+shorten(clean(d.source), MaxSourceRunes))
	}
	if d.conversation != "" && turn == nil {
		prov = append(prov, "conversation "+clean(d.conversation))
	}
	if m.SaidAt != nil && !shown[day(*m.SaidAt)] {
		prov = append(prov, "said "+day(*m.SaidAt))
		shown[day(*m.SaidAt)] = true
	}
	if !m.RecordedAt.IsZero() && !shown[day(m.RecordedAt)] && turn == nil {
		prov = append(prov, "recorded "+day(m.RecordedAt))
	}
	if history && m.SupersedesID != "" {
		prov = append(prov, "replaces "+clean(m.SupersedesID))
	}
	if ex := clean(m.Excerpt); turn == nil && ex != "" && !strings.Contains(strings.ToLower(claim), strings.ToLower(ex)) {
		prov = append(prov, `excerpt: "`+shorten(ex, MaxExcerptRunes)+`"`)
	}

	var b strings.Builder
	b.WriteString(handle(ref))
	b.WriteString(strings.Join(parts, " · "))
	if len(prov) > 0 {
		b.WriteString(" (" + strings.Join(prov, ", ") + ")")
	}
	b.WriteString("\n")
	return b.String()
}

// withoutSpeaker is claim without a leading "Author: " (how extraction
// words a claim taken from a turn), for containment tests.
func withoutSpeaker(claim, author string) string {
	if a := clean(author); a != "" {
		if rest, ok := strings.CutPrefix(claim, a+": "); ok {
			return rest
		}
	}
	return claim
}

// clean makes s one line of valid UTF-8: invalid bytes become U+FFFD and
// every run of white space (newlines included) one space.
func clean(s string) string {
	return strings.Join(strings.Fields(strings.ToValidUTF8(s, "\uFFFD")), " ")
}

// shorten cuts s to at most n runes, ending in "…" when cut.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// documents reads the source and conversation of the documents the items
// rest on, in one query per graph.MaxJobBatch documents. A document that is
// gone is left out; any other failure leaves the rest out too and is
// reported as a reason (the context is still useful with document ids
// alone). Only a cancelled ctx is an error.
func (s *Searcher) documents(ctx context.Context, owner schema.Owner, items []Item) (map[string]docInfo, string, error) {
	var ids []string
	seen := map[string]bool{}
	for _, it := range items {
		if id := it.Memory.DocumentID; id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	out := make(map[string]docInfo, len(ids))
	for len(ids) > 0 {
		n := min(len(ids), graph.MaxJobBatch)
		docs, err := s.Graph.Documents(ctx, owner, ids[:n])
		if err != nil {
			if cerr := ctx.Err(); cerr != nil {
				return nil, "", cerr
			}
			s.log().Warn("reading documents for provenance failed; citing document ids only", "err", err)
			return out, "provenance incomplete: some documents could not be read, so their sources are missing", nil
		}
		for _, d := range docs {
			out[d.ID] = docInfo{source: d.Source, conversation: d.ConversationID}
		}
		ids = ids[n:]
	}
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	return out, "", nil
}
