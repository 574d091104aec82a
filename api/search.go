package api

import (
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// memoryView is a memory on the wire: the record plus a short title.
type memoryView struct {
	schema.Memory
	Title string `json:"title"`
}

// TitleRunes bounds a memory's title.
const TitleRunes = 80

func viewMemory(m schema.Memory) memoryView {
	t := m.Claim
	if utf8.RuneCountInString(t) > TitleRunes {
		r := []rune(t)
		t = string(r[:TitleRunes-1]) + "…"
	}
	return memoryView{Memory: m, Title: t}
}

// resultView is one ranked item: a memory, a raw turn (Turn set, Memory
// the zero memory with an empty id), or a memory merged with the turn it
// rests on (both set); see retrieval.Item.
type resultView struct {
	Memory    memoryView          `json:"memory"`
	Turn      *schema.Turn        `json:"turn,omitempty"`
	Score     float64             `json:"score"`
	Breakdown retrieval.Breakdown `json:"breakdown"`
	Rank      int                 `json:"rank,omitempty"`
	Tokens    int                 `json:"tokens,omitempty"`
}

type searchRequest struct {
	Query          string `json:"query"`
	Limit          int    `json:"limit,omitempty"`
	Cursor         string `json:"cursor,omitempty"`
	IncludeHistory bool   `json:"includeHistory,omitempty"`
	// Now is when the query is asked (RFC 3339); absent: the time of the
	// call.
	Now time.Time `json:"now,omitzero"`
	// Scope is personal, shared or combined (the default); SpaceIDs
	// confines the search to those Spaces (see resolveSearchScope).
	Scope    string   `json:"scope,omitempty"`
	SpaceIDs []string `json:"spaceIds,omitempty"`
}

type searchResponse struct {
	Results     []resultView          `json:"results"`
	NextCursor  string                `json:"nextCursor,omitempty"`
	Diagnostics retrieval.Diagnostics `json:"diagnostics"`
}

func (s *Server) search(c *gin.Context) {
	var req searchRequest
	if !decode(c, &req) {
		return
	}
	sc, searcher, cursor, ok := s.searchTarget(c, req.Scope, req.SpaceIDs, req.Cursor)
	if !ok {
		return
	}
	res, err := searcher.Search(c.Request.Context(), sc.owner, retrieval.Query{Text: req.Query, Limit: req.Limit, Cursor: cursor, IncludeHistory: req.IncludeHistory, Now: req.Now})
	if err != nil {
		fail(c, err)
		return
	}
	out := searchResponse{Results: make([]resultView, 0, len(res.Items)), NextCursor: sc.tagged(res.NextCursor), Diagnostics: res.Diagnostics}
	for _, it := range res.Items {
		out.Results = append(out.Results, resultView{Memory: viewMemory(it.Memory), Turn: it.Turn, Score: it.Score, Breakdown: it.Breakdown})
	}
	c.JSON(http.StatusOK, out)
}

type contextRequest struct {
	Query          string `json:"query"`
	TokenBudget    int    `json:"tokenBudget,omitempty"`
	Limit          int    `json:"limit,omitempty"`
	Cursor         string `json:"cursor,omitempty"`
	IncludeHistory bool   `json:"includeHistory,omitempty"`
	// Now is when the query is asked (RFC 3339); absent: the time of the
	// call.
	Now time.Time `json:"now,omitzero"`
	// Scope is personal, shared or combined (the default); SpaceIDs
	// confines the search to those Spaces (see resolveSearchScope).
	Scope    string   `json:"scope,omitempty"`
	SpaceIDs []string `json:"spaceIds,omitempty"`
}

type contextResponse struct {
	Context     string                `json:"context"`
	Memories    []resultView          `json:"memories"`
	Truncated   bool                  `json:"truncated"`
	Omitted     retrieval.Omitted     `json:"omitted"`
	Tokens      int                   `json:"tokens"`
	Budget      int                   `json:"budget"`
	Tokenizer   string                `json:"tokenizer"`
	NextCursor  string                `json:"nextCursor,omitempty"`
	Diagnostics retrieval.Diagnostics `json:"diagnostics"`
}

func (s *Server) searchContext(c *gin.Context) {
	var req contextRequest
	if !decode(c, &req) {
		return
	}
	sc, searcher, cursor, ok := s.searchTarget(c, req.Scope, req.SpaceIDs, req.Cursor)
	if !ok {
		return
	}
	q := retrieval.ContextQuery{Query: retrieval.Query{Text: req.Query, Limit: req.Limit, Cursor: cursor, IncludeHistory: req.IncludeHistory, Now: req.Now}, Budget: req.TokenBudget}
	res, err := searcher.Context(c.Request.Context(), sc.owner, q)
	if err != nil {
		fail(c, err)
		return
	}
	out := contextResponse{Context: res.Context, Memories: make([]resultView, 0, len(res.Items)), Truncated: res.Truncated, Omitted: res.Omitted,
		Tokens: res.Tokens, Budget: res.Budget, Tokenizer: res.Tokenizer, NextCursor: sc.tagged(res.NextCursor), Diagnostics: res.Diagnostics}
	for _, it := range res.Items {
		out.Memories = append(out.Memories, resultView{Memory: viewMemory(it.Memory), Turn: it.Turn, Score: it.Score, Breakdown: it.Breakdown, Rank: it.Rank, Tokens: it.Tokens})
	}
	c.JSON(http.StatusOK, out)
}
