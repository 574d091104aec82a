package retrieval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/internal/safe"
	"github.com/persistmemory/persistmemory/retrieval/tokens"
	"github.com/persistmemory/persistmemory/schema"
)

// Query limits. The fusion constants and formula are in fusion.go.
const (
	// DefaultLimit and MaxLimit bound the number of results of a query.
	DefaultLimit = 10
	MaxLimit     = 100
	// MaxQueryBytes bounds a query's text.
	MaxQueryBytes = 4096
)

// Searcher answers queries over one owner's memories. Graph is required;
// Vectors and Embedder are optional (nil: lexical only, reported as
// degraded). The zero values of the other fields are usable defaults, so a
// Searcher can be written as a literal. Safe for concurrent use; do not
// copy a Searcher after first use.
type Searcher struct {
	Graph   graph.Store
	Vectors VectorStore
	// TurnVectors, optional, holds the embeddings of conversation turns
	// (ingest writes them beside the memories'); nil leaves raw turns to
	// the full-text signal alone.
	TurnVectors VectorStore
	// TurnContextVectors, optional, holds the embeddings of conversation
	// turns each read after the turn before it in its conversation (ingest
	// writes them beside TurnVectors): a reply ("It enabled needed
	// repairs") is found by what it answers. nil leaves that list out.
	TurnContextVectors VectorStore
	Embedder           embed.Embedder
	Logger             *slog.Logger

	// Counter counts the tokens of a context; nil means cl100k_base
	// (tokens.CL100K), loaded on first use.
	Counter tokens.Counter
	// Budget is the context budget in tokens when a call names none (cmd's
	// CONTEXT_TOKEN_BUDGET); 0 means DefaultBudget. Must lie within
	// [MinBudget, MaxBudget].
	Budget int
	// Cursors signs cursors and holds ranking snapshots. nil means one made
	// on first use with a random key and the default TTL and capacity:
	// cursors then die with the process and are not understood by other
	// replicas. Every transport of one process must share one Searcher (or
	// one CursorCodec) for cursors to carry across them.
	Cursors *CursorCodec
	// Off names signals (of Signals) left out of the fusion, to measure
	// what each contributes (PERSISTMEMORY_RETRIEVAL_OFF); empty in
	// production.
	Off []string

	once struct {
		counter, cursors sync.Once
	}
	lazyCounter    tokens.Counter
	lazyCounterErr error
	lazyCursors    *CursorCodec
}

// Query is a search request.
type Query struct {
	Text  string `json:"query"`
	Limit int    `json:"limit,omitempty"`
	// IncludeHistory also returns superseded memories; by default only
	// current truth (active and disputed memories) is returned.
	IncludeHistory bool `json:"includeHistory,omitempty"`
	// Cursor continues an earlier answer: the NextCursor it returned. A
	// cursor is bound to its owner and to the query (Text and
	// IncludeHistory) it was issued for; Limit may change between pages.
	Cursor string `json:"cursor,omitempty"`
	// Now is the moment the query is asked at (RFC 3339 on the wire);
	// zero means the time of the call. Relative time expressions ("last
	// summer", "in May") and the recency prior resolve against it. It is
	// not part of what a cursor is bound to.
	Now time.Time `json:"now,omitzero"`
}

// The years a Query.Now may lie in.
const (
	MinNowYear = 1900
	MaxNowYear = 9999
)

// Validate names what is wrong with q.
func (q Query) Validate() error {
	if !utf8.ValidString(q.Text) {
		return fmt.Errorf("%w: query is not valid UTF-8", schema.ErrInvalid)
	}
	if strings.TrimSpace(q.Text) == "" {
		return fmt.Errorf("%w: query is empty", schema.ErrInvalid)
	}
	if len(q.Text) > MaxQueryBytes {
		return fmt.Errorf("%w: query is %d bytes; the limit is %d bytes (MaxQueryBytes)", schema.ErrTooLarge, len(q.Text), MaxQueryBytes)
	}
	if q.Limit < 0 || q.Limit > MaxLimit {
		return fmt.Errorf("%w: limit must be between 1 and %d", schema.ErrInvalid, MaxLimit)
	}
	if len(q.Cursor) > maxCursorChars {
		return cursorErr(CursorMalformed)
	}
	if !q.Now.IsZero() {
		if y := q.Now.UTC().Year(); y < MinNowYear || y > MaxNowYear {
			return fmt.Errorf("%w: now is %s; it must be a time between the years %d and %d (RFC 3339), or absent for the time of the call", schema.ErrInvalid, q.Now.Format(time.RFC3339), MinNowYear, MaxNowYear)
		}
	}
	return nil
}

// Breakdown says how much each signal contributed to a score; Score is
// their sum (see fusion.go for the formula).
type Breakdown struct {
	// Lexical is full-text search: over memory claims and over raw turns.
	Lexical float64 `json:"lexical"`
	// Vector is nearVector over memory embeddings and over the
	// embeddings of raw conversation turns.
	Vector float64 `json:"vector"`
	// Graph is the memories around the entities the query names.
	Graph float64 `json:"graph"`
	// Temporal is the match of the item's dates with the query's time.
	Temporal float64 `json:"temporal"`
	// Prior is recency, confidence and confirmation.
	Prior float64 `json:"prior"`
}

// Item is one ranked candidate: a memory, a raw conversation turn, or a
// memory merged with the turn it was extracted from (its primary evidence
// turn; when several memories rest on one turn, the best of them).
//
//   - a memory: Memory is set, Turn is nil;
//   - a turn alone: Turn is set and Memory is the zero Memory (empty ID);
//   - merged: both are set; the context renders the turn's text with the
//     memory's type, dates and state.
type Item struct {
	Memory    schema.Memory `json:"memory"`
	Turn      *schema.Turn  `json:"turn,omitempty"`
	Score     float64       `json:"score"`
	Breakdown Breakdown     `json:"breakdown"`
}

// ID is the item's id: its memory's, or for a turn alone the turn's.
func (it Item) ID() string {
	if it.Memory.ID == "" && it.Turn != nil {
		return it.Turn.ID
	}
	return it.Memory.ID
}

// Diagnostics report how the answer was produced.
type Diagnostics struct {
	Degraded bool     `json:"degraded"`
	Reasons  []string `json:"reasons,omitempty"`
}

func (d *Diagnostics) degrade(reason string) {
	d.Degraded = true
	d.Reasons = append(d.Reasons, reason)
}

// Result is a ranked answer.
type Result struct {
	Items       []Item      `json:"items"`
	Diagnostics Diagnostics `json:"diagnostics"`
	// NextCursor fetches the next page of the same ranking (same order,
	// same scores) while its snapshot lives (SnapshotTTL); empty when this
	// is the last page.
	NextCursor string `json:"nextCursor,omitempty"`
}

// Search ranks the owner's current memories for q (active and disputed;
// superseded too with q.IncludeHistory) and returns the first q.Limit, or
// the page q.Cursor points to. Lexical failure is an error wrapping the
// graph's (schema.ErrUnavailable when Neo4j is down: the graph is the
// source of truth); vector failure degrades. Bad input wraps
// schema.ErrInvalid or schema.ErrTooLarge; a bad cursor is a *CursorError
// (schema.ErrInvalid).
func (s *Searcher) Search(ctx context.Context, owner schema.Owner, q Query) (Result, error) {
	if err := owner.Validate(); err != nil {
		return Result{}, err
	}
	if err := q.Validate(); err != nil {
		return Result{}, err
	}
	limit := q.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	codec := s.cursors()
	var (
		snap   *snapshot
		offset int
	)
	if q.Cursor != "" {
		cur, sn, err := codec.open(q.Cursor, owner, cursorSearch, q.Text, q.IncludeHistory)
		if err != nil {
			return Result{}, err
		}
		snap, offset = sn, cur.offset
	} else {
		items, diag, err := s.rank(ctx, owner, q.Text, q.IncludeHistory, q.Now)
		if err != nil {
			return Result{}, err
		}
		snap = &snapshot{items: items, diag: diag}
	}
	end := min(offset+limit, len(snap.items))
	res := Result{Items: append([]Item{}, snap.items[offset:end]...), Diagnostics: snap.diag.clone()}
	if end < len(snap.items) {
		next, err := codec.next(snap, owner, cursorSearch, q.Text, q.IncludeHistory, end, nil)
		if err != nil {
			return Result{}, err
		}
		res.NextCursor = next
	}
	return res, nil
}

// sortItems orders items best first: by score descending, ties by id
// ascending.
func sortItems(items []Item) {
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].Score != items[j].Score {
			return items[i].Score > items[j].Score
		}
		return items[i].ID() < items[j].ID()
	})
}

// fold is s with white space folded to single spaces and lower-cased, for
// containment tests.
func fold(s string) string {
	return strings.ToLower(clean(s))
}

// wanted reports whether a memory in state st belongs in an answer: current
// truth (active, and disputed, which the answer flags) always; superseded
// only with history; retracted never.
func wanted(st schema.MemoryState, history bool) bool {
	switch st {
	case schema.StateActive, schema.StateDisputed:
		return true
	case schema.StateSuperseded:
		return history
	}
	return false
}

// vectorHits are the vector signal's lists, best first: memory ids
// (Vectors), turn ids (TurnVectors) and turn ids again, by the turns read
// in context (TurnContextVectors).
type vectorHits struct {
	memories, turns, turnsInContext []string
}

// vectorCandidates embeds the query once and searches the memory, turn
// and turn-in-context vectors with it, side by side; reason says why there
// are none.
func (s *Searcher) vectorCandidates(ctx context.Context, owner schema.Owner, text string) (vectorHits, string) {
	var out vectorHits
	if s.Embedder == nil || s.Vectors == nil {
		return out, "vector search is off: no embedding provider is configured (EMBEDDING_PROVIDER=none)"
	}
	vecs, err := embed.Queries(ctx, s.Embedder, []string{text})
	if err != nil || len(vecs) != 1 {
		s.log().Warn("embedding the query failed; answering without vectors", "err", err)
		return out, "vector search skipped: the embedding provider failed"
	}
	var turnErr, contextErr error
	var wg sync.WaitGroup
	search := func(vs VectorStore, into *[]string, errp *error) {
		if vs == nil {
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer safe.Recover(errp)
			var hits []VectorHit
			if hits, *errp = vs.Search(ctx, owner, vecs[0], CandidatePool); *errp == nil {
				*into = hitIDs(hits)
			}
		}()
	}
	search(s.TurnVectors, &out.turns, &turnErr)
	search(s.TurnContextVectors, &out.turnsInContext, &contextErr)
	hits, err := s.Vectors.Search(ctx, owner, vecs[0], CandidatePool)
	wg.Wait()
	err = errors.Join(err, turnErr, contextErr)
	if err != nil {
		s.log().Warn("vector search failed; answering without vectors", "err", err)
		if errors.Is(err, schema.ErrUnavailable) {
			return vectorHits{}, "vector search skipped: the vector store (Weaviate) is unavailable"
		}
		return vectorHits{}, "vector search skipped: the vector store (Weaviate) failed"
	}
	out.memories = hitIDs(hits)
	return out, ""
}

func hitIDs(hits []VectorHit) []string {
	ids := make([]string, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return ids
}

// counter returns s.Counter or, when nil, cl100k_base.
func (s *Searcher) counter() (tokens.Counter, error) {
	if s.Counter != nil {
		return s.Counter, nil
	}
	s.once.counter.Do(func() {
		s.lazyCounter, s.lazyCounterErr = tokens.CL100K()
	})
	if s.lazyCounterErr != nil {
		return nil, fmt.Errorf("load the tokenizer: %w", s.lazyCounterErr)
	}
	return s.lazyCounter, nil
}

// cursors returns s.Cursors or, when nil, a codec with a random key made
// once for this Searcher.
func (s *Searcher) cursors() *CursorCodec {
	if s.Cursors != nil {
		return s.Cursors
	}
	s.once.cursors.Do(func() {
		c, err := NewCursorCodec(CursorConfig{})
		if err != nil {
			panic(fmt.Sprintf("default cursor codec: %v", err)) // the zero config is valid
		}
		s.lazyCursors = c
	})
	return s.lazyCursors
}

func (s *Searcher) log() *slog.Logger {
	if s.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Logger
}
