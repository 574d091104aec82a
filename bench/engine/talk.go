package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/bench/internal/locomodata"
	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/ingest/resolve"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// talkNeighbours is how many claims of earlier sessions, the nearest in
// meaning, each claim is read against: the worker's MeaningNeighbours.
const talkNeighbours = 10

// TalkReport counts what the comparison decides in real conversations.
type TalkReport struct {
	Conversations, Claims int
	// Changes are the pairs the change read by meaning
	// (conflicts.ChangeByMeaning) decides, each as "existing -> incoming
	// (relation, similarity)".
	Changes []string
	// Contradictions are the pairs the contradiction read by meaning
	// (conflicts.ContradictionByMeaning) decides, written as Changes.
	Contradictions []string
	// Pasts are the pairs the reading of what held before
	// (conflicts.PastByMeaning) decides, written as Changes.
	Pasts []string
}

// Talk reads every conversation of a LoCoMo file session by session, as
// the worker reads appended turns ("Speaker: text" lines said at the
// session's time, extracted by the rules), and reads each claim against
// the talkNeighbours claims of earlier sessions nearest to it in meaning,
// as the worker reads the owner's stored memories (a session is appended
// at once, and the worker does not compare the claims of one job with
// each other): of the pairs the rules (conflicts.Compare) and the reading of
// duplicates (conflicts.ByMeaning) leave unrelated, those the change or
// the contradiction read by meaning decides. People seldom
// say in talk what changed in their lives; the labelled corpora are
// written statements, and a reading tuned on them can fire on talk. Every
// decision is listed for a person to judge.
func Talk(ctx context.Context, e embed.Embedder, convs []*locomodata.Conversation) (TalkReport, error) {
	var r TalkReport
	for _, c := range convs {
		var ms []schema.Memory
		var session []int
		for si, s := range c.Sessions {
			lines := make([]string, 0, len(s.Turns))
			for _, ti := range s.Turns {
				t := c.Turns[ti]
				lines = append(lines, t.Speaker+": "+t.Content)
			}
			got, err := rules.Extractor{}.Extract(ctx, schema.Document{ID: fmt.Sprintf("%s-%d", c.ID, s.Num), Text: strings.Join(lines, "\n"), SaidAt: s.Start, CreatedAt: s.Start})
			if err != nil {
				return r, err
			}
			for i := range got {
				got[i].RecordedAt = s.Start
				ms = append(ms, got[i])
				session = append(session, si)
			}
		}
		texts := make([]string, len(ms))
		for i, m := range ms {
			texts[i] = m.Claim
		}
		vecs, err := embedAll(ctx, texts, func(ts []string) ([][]float32, error) { return e.Embed(ctx, ts) })
		if err != nil {
			return r, fmt.Errorf("embed %s's claims: %w", c.ID, err)
		}
		r.Conversations++
		r.Claims += len(ms)
		for i, m := range ms {
			type near struct {
				j   int
				sim float64
			}
			var ns []near
			for j := range i {
				if session[j] != session[i] {
					ns = append(ns, near{j, resolve.Cosine(vecs[ms[j].Claim], vecs[m.Claim])})
				}
			}
			slices.SortStableFunc(ns, func(a, b near) int { return cmp.Compare(b.sim, a.sim) })
			ns = ns[:min(len(ns), talkNeighbours)]
			for _, n := range ns {
				ex := ms[n.j]
				if conflicts.Compare(ex, m).Relation != conflicts.Unrelated {
					continue
				}
				if _, ok := conflicts.ByMeaning(ex, m, n.sim); ok {
					break
				}
				if session[n.j] != session[ns[0].j] {
					continue // a value is read only of the nearest session, as the worker reads
				}
				if d, ok := conflicts.ChangeByMeaning(ex, m, n.sim); ok {
					r.Changes = append(r.Changes, fmt.Sprintf("%s: %q -> %q (%s, %.3f)", c.ID, ex.Claim, m.Claim, d.Relation, n.sim))
					break
				}
				if d, ok := conflicts.ContradictionByMeaning(ex, m, n.sim); ok {
					r.Contradictions = append(r.Contradictions, fmt.Sprintf("%s: %q -> %q (%s, %.3f)", c.ID, ex.Claim, m.Claim, d.Relation, n.sim))
					break
				}
				if d, ok := conflicts.PastByMeaning(ex, m, n.sim); ok {
					r.Pasts = append(r.Pasts, fmt.Sprintf("%s: %q -> %q (%s, %.3f)", c.ID, ex.Claim, m.Claim, d.Relation, n.sim))
					break
				}
			}
		}
	}
	return r, nil
}

// Print writes the report; verbose lists every change decided.
func (r TalkReport) Print(w io.Writer, verbose bool) {
	fmt.Fprintf(w, "talk: %d conversations, %d claims, each read against the %d nearest of earlier sessions\n", r.Conversations, r.Claims, talkNeighbours)
	fmt.Fprintf(w, "  changes read by meaning: %d (none is labelled; -v lists them to judge)\n", len(r.Changes))
	if verbose {
		for _, c := range r.Changes {
			fmt.Fprintln(w, "   ", c)
		}
	}
	for _, l := range []struct {
		what string
		list []string
	}{{"contradictions", r.Contradictions}, {"what held before", r.Pasts}} {
		fmt.Fprintf(w, "  %s read by meaning: %d (none is labelled; -v lists them to judge)\n", l.what, len(l.list))
		if verbose {
			for _, c := range l.list {
				fmt.Fprintln(w, "   ", c)
			}
		}
	}
}
