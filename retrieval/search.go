package retrieval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Fusion constants: weighted reciprocal-rank fusion,
//
//	score(m) = Σ_signal weight_signal / (RRFK + rank_signal(m))
//
// with ranks starting at 1. Ties are broken by memory id ascending.
const (
	RRFK          = 60
	WeightLexical = 1.0
	WeightVector  = 1.0
	// CandidatePool is how many candidates each signal contributes.
	CandidatePool = 50
	// DefaultLimit and MaxLimit bound the number of results of a query.
	DefaultLimit = 10
	MaxLimit     = 100
	// MaxQueryBytes bounds a query's text.
	MaxQueryBytes = 4096
)

// Searcher answers queries over one owner's memories. Graph is required;
// Vectors and Embedder are optional (nil: lexical only, reported as
// degraded). Safe for concurrent use.
type Searcher struct {
	Graph    graph.Store
	Vectors  VectorStore
	Embedder embed.Embedder
	Logger   *slog.Logger
}

// Query is a search request.
type Query struct {
	Text  string `json:"query"`
	Limit int    `json:"limit,omitempty"`
}

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
	return nil
}

// Breakdown says how much each signal contributed to a score.
type Breakdown struct {
	Lexical float64 `json:"lexical"`
	Vector  float64 `json:"vector"`
}

// Item is one ranked memory.
type Item struct {
	Memory    schema.Memory `json:"memory"`
	Score     float64       `json:"score"`
	Breakdown Breakdown     `json:"breakdown"`
}

// Diagnostics report how the answer was produced.
type Diagnostics struct {
	Degraded bool     `json:"degraded"`
	Reasons  []string `json:"reasons,omitempty"`
}

// Result is a ranked answer.
type Result struct {
	Items       []Item      `json:"items"`
	Diagnostics Diagnostics `json:"diagnostics"`
}

// Search ranks the owner's active memories for q. Lexical failure is an
// error (the graph is the source of truth); vector failure degrades.
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
	var res Result
	fused := map[string]*Item{}
	get := func(id string) *Item {
		it, ok := fused[id]
		if !ok {
			it = &Item{Memory: schema.Memory{ID: id}}
			fused[id] = it
		}
		return it
	}
	hits, err := s.Graph.SearchMemories(ctx, owner, q.Text, CandidatePool)
	if err != nil {
		return Result{}, fmt.Errorf("full-text search: %w", err)
	}
	for i, h := range hits {
		get(h.ID).Breakdown.Lexical = WeightLexical / float64(RRFK+i+1)
	}
	if reason := s.vectorCandidates(ctx, owner, q.Text, get); reason != "" {
		res.Diagnostics.Degraded = true
		res.Diagnostics.Reasons = append(res.Diagnostics.Reasons, reason)
	}
	items := make([]Item, 0, len(fused))
	for _, it := range fused {
		it.Score = it.Breakdown.Lexical + it.Breakdown.Vector
		items = append(items, *it)
	}
	sort.Slice(items, func(i, j int) bool {
		if items[i].Score != items[j].Score {
			return items[i].Score > items[j].Score
		}
		return items[i].Memory.ID < items[j].Memory.ID
	})
	ids := make([]string, 0, len(items))
	for _, it := range items {
		ids = append(ids, it.Memory.ID)
	}
	mems, err := s.Graph.Memories(ctx, owner, ids)
	if err != nil {
		return Result{}, fmt.Errorf("read memories: %w", err)
	}
	byID := make(map[string]schema.Memory, len(mems))
	for _, m := range mems {
		byID[m.ID] = m
	}
	res.Items = make([]Item, 0, limit)
	for _, it := range items {
		m, ok := byID[it.Memory.ID]
		if !ok || m.State != schema.StateActive {
			continue // a vector whose memory is gone or retired
		}
		it.Memory = m
		res.Items = append(res.Items, it)
		if len(res.Items) == limit {
			break
		}
	}
	return res, nil
}

// vectorCandidates adds the vector signal, returning a reason when it could
// not.
func (s *Searcher) vectorCandidates(ctx context.Context, owner schema.Owner, text string, get func(string) *Item) string {
	if s.Embedder == nil || s.Vectors == nil {
		return "vector search is off: no embedding provider is configured (EMBEDDING_PROVIDER=none)"
	}
	vecs, err := s.Embedder.Embed(ctx, []string{text})
	if err != nil || len(vecs) != 1 {
		s.log().Warn("embedding the query failed; answering without vectors", "err", err)
		return "vector search skipped: the embedding provider failed"
	}
	hits, err := s.Vectors.Search(ctx, owner, vecs[0], CandidatePool)
	if err != nil {
		s.log().Warn("vector search failed; answering without vectors", "err", err)
		if errors.Is(err, schema.ErrUnavailable) {
			return "vector search skipped: the vector store (Weaviate) is unavailable"
		}
		return "vector search skipped: the vector store (Weaviate) failed"
	}
	for i, h := range hits {
		get(h.ID).Breakdown.Vector = WeightVector / float64(RRFK+i+1)
	}
	return ""
}

func (s *Searcher) log() *slog.Logger {
	if s.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Logger
}
