package retrieval

import (
	"context"
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// Context budget limits, in tokens of the Searcher's Counter (cl100k_base
// by default).
const (
	// DefaultBudget is the budget of a call that names none, unless the
	// Searcher's Budget (CONTEXT_TOKEN_BUDGET) says otherwise.
	DefaultBudget = 4000
	// MinBudget is the smallest budget a call may name: below it a
	// request is refused (schema.ErrInvalid, a 400) rather than answered
	// with a context too small to hold anything useful. A budget at or
	// above it but too small for the header and the smallest candidate is
	// answered, with an empty context, Truncated and every candidate
	// counted in Omitted.
	MinBudget = 50
	// MaxBudget is the largest budget a call may name.
	MaxBudget = 32000
)

// ContextQuery asks for a context: the memories that best answer Query,
// rendered and packed into Budget tokens. Query.Limit, when set, caps the
// number of memories packed (0: as many as fit); Query.Cursor continues
// an earlier context's NextCursor, which is bound to the same owner,
// Text and IncludeHistory (the budget may change between pages).
type ContextQuery struct {
	Query
	// Budget is the most tokens Context may hold; 0 means the Searcher's
	// default. Otherwise within [MinBudget, MaxBudget].
	Budget int `json:"budget,omitempty"`
}

// Validate names what is wrong with q.
func (q ContextQuery) Validate() error {
	if err := q.Query.Validate(); err != nil {
		return err
	}
	if q.Budget != 0 && (q.Budget < MinBudget || q.Budget > MaxBudget) {
		return fmt.Errorf("%w: budget is %d tokens; it must be between %d and %d tokens (or 0 for the default)", schema.ErrInvalid, q.Budget, MinBudget, MaxBudget)
	}
	return nil
}

// ContextItem is a memory a context drew on.
type ContextItem struct {
	Item
	// Rank is the memory's 1-based place in the whole ranking (the
	// snapshot, across pages), and the handle its line starts with in
	// Context ("[7] …"): a model cites [7], the caller finds the ids here.
	Rank int `json:"rank"`
	// Tokens is what the memory's line costs.
	Tokens int `json:"tokens"`
}

// Omitted counts the candidates a context left out: did not fit, or past
// Query.Limit. Tokens is what their lines would have cost.
type Omitted struct {
	Count  int `json:"count"`
	Tokens int `json:"tokens"`
}

// ContextResult is an assembled context.
type ContextResult struct {
	// Context is ContextHeader followed by one line per memory, in rank
	// order, or "" when nothing was packed.
	Context string `json:"context"`
	// Items are the memories in Context, in the same order.
	Items []ContextItem `json:"items"`
	// Tokens is the exact token count of Context; never above Budget.
	Tokens int `json:"tokens"`
	// Budget is the budget applied.
	Budget int `json:"budget"`
	// Tokenizer names the encoding Tokens was counted with.
	Tokenizer string `json:"tokenizer"`
	// Truncated is true when some candidate of this page was left out.
	Truncated bool    `json:"truncated"`
	Omitted   Omitted `json:"omitted"`
	// NextCursor packs the candidates this page left out into another
	// context (pass it with the same query), while the snapshot lives.
	// Empty when none is left, or when this page packed nothing (a larger
	// budget, not another page, is what helps then).
	NextCursor  string      `json:"nextCursor,omitempty"`
	Diagnostics Diagnostics `json:"diagnostics"`
}

// Context ranks the owner's memories for q as Search does and packs whole
// memories, best first, into q.Budget tokens:
//
//   - every candidate of the ranking (not only the first Limit) is
//     rendered as one line (see ContextHeader) and counted with the
//     Counter;
//   - in rank order, a memory is taken if the context with it still fits
//     the budget; a memory is never cut; one that does not fit is skipped
//     and smaller ones after it are still tried; the header is charged
//     with the first memory taken;
//   - so the result is deterministic for a given ranking and budget, and
//     Tokens (the exact count of Context) never exceeds the budget.
//
// Disputed memories carry a note that an open conflict contradicts them;
// superseded memories appear only with IncludeHistory. A query that matches
// nothing returns an empty context, not an error. Each page with a cursor
// packs, from the same snapshot, the candidates earlier pages left out.
//
// Errors: bad input wraps schema.ErrInvalid or schema.ErrTooLarge (a
// refused cursor is a *CursorError); the graph being down wraps
// schema.ErrUnavailable; vector failure only degrades (Diagnostics).
func (s *Searcher) Context(ctx context.Context, owner schema.Owner, q ContextQuery) (ContextResult, error) {
	if err := owner.Validate(); err != nil {
		return ContextResult{}, err
	}
	if err := q.Validate(); err != nil {
		return ContextResult{}, err
	}
	budget := q.Budget
	if budget == 0 {
		b, err := s.defaultBudget()
		if err != nil {
			return ContextResult{}, err
		}
		budget = b
	}
	counter, err := s.counter()
	if err != nil {
		return ContextResult{}, err
	}
	codec := s.cursors()

	var (
		snap   *snapshot
		offset int
		sent   bitmap // relative to offset
	)
	if q.Cursor != "" {
		cur, sn, err := codec.open(q.Cursor, owner, cursorContext, q.Text, q.IncludeHistory)
		if err != nil {
			return ContextResult{}, err
		}
		snap, offset, sent = sn, cur.offset, cur.sent
	} else {
		items, diag, err := s.rank(ctx, owner, q.Text, q.IncludeHistory, q.Now)
		if err != nil {
			return ContextResult{}, err
		}
		docs, reason, err := s.documents(ctx, owner, items)
		if err != nil {
			return ContextResult{}, fmt.Errorf("read provenance: %w", err)
		}
		if reason != "" {
			diag.degrade(reason)
		}
		snap = &snapshot{items: items, diag: diag, header: counter.Count(ContextHeader)}
		snap.lines = make([]string, len(items))
		snap.costs = make([]int, len(items))
		for i, it := range items {
			snap.lines[i] = renderItem(i+1, it, docs, q.IncludeHistory)
			snap.costs[i] = counter.Count(snap.lines[i])
		}
	}

	// The candidates of this page: the snapshot from offset on, less what
	// earlier pages sent.
	var cand []int
	for i := offset; i < len(snap.items); i++ {
		if !sent.has(i - offset) {
			cand = append(cand, i)
		}
	}
	costs := make([]int, len(cand))
	for j, i := range cand {
		costs[j] = snap.costs[i]
	}
	take, _ := pack(costs, snap.header, budget, q.Limit)

	res := ContextResult{
		Items:       []ContextItem{},
		Budget:      budget,
		Tokenizer:   counter.Name(),
		Diagnostics: snap.diag.clone(),
	}
	var b strings.Builder
	for j, i := range cand {
		if !take[j] {
			res.Omitted.Count++
			res.Omitted.Tokens += snap.costs[i]
			continue
		}
		if b.Len() == 0 {
			b.WriteString(ContextHeader)
		}
		b.WriteString(snap.lines[i])
		res.Items = append(res.Items, ContextItem{Item: snap.items[i], Rank: i + 1, Tokens: snap.costs[i]})
	}
	res.Context = b.String()
	res.Tokens = counter.Count(res.Context)
	res.Truncated = res.Omitted.Count > 0
	if res.Tokens > budget {
		// The lines are built so counts add up exactly (see renderLine);
		// reaching this is a bug, and sending an over-budget context
		// would break the promise callers rely on.
		return ContextResult{}, fmt.Errorf("context of %d tokens exceeds its budget of %d: the per-line counts did not add up", res.Tokens, budget)
	}

	if len(res.Items) > 0 && res.Omitted.Count > 0 {
		// Mark what this page sent, then move the offset to the first
		// candidate still unsent.
		done := make(map[int]bool, len(cand))
		for i := offset; i < len(snap.items); i++ {
			if sent.has(i - offset) {
				done[i] = true
			}
		}
		for j, i := range cand {
			if take[j] {
				done[i] = true
			}
		}
		next := offset
		for done[next] {
			next++
		}
		var nsent bitmap
		for i := range done {
			if i > next {
				nsent.set(i - next)
			}
		}
		cur, err := codec.next(snap, owner, cursorContext, q.Text, q.IncludeHistory, next, nsent)
		if err != nil {
			return ContextResult{}, err
		}
		res.NextCursor = cur
	}
	return res, nil
}

// defaultBudget is the budget of a call that names none. A Searcher.Budget
// outside the limits is a wiring mistake, reported as an internal error.
func (s *Searcher) defaultBudget() (int, error) {
	switch {
	case s.Budget == 0:
		return DefaultBudget, nil
	case s.Budget < MinBudget || s.Budget > MaxBudget:
		return 0, fmt.Errorf("the searcher's default budget of %d tokens is outside [%d, %d]", s.Budget, MinBudget, MaxBudget)
	}
	return s.Budget, nil
}

// clone copies d so pages of one snapshot never share a Reasons slice.
func (d Diagnostics) clone() Diagnostics {
	d.Reasons = append([]string(nil), d.Reasons...)
	return d
}
