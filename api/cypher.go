package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/graph"
)

// ScopeQuery lets a credential run read-only analyst Cypher over its
// owner's graph (POST /api/v1/cypher). It is oauth.ScopeQuery: developer
// API keys hold it, and an OAuth client only when the person consented to
// it.
const ScopeQuery = "graph:query"

// cypherRequest is an analyst query: Cypher of the subset in
// docs/analyst-cypher.md and its parameters.
type cypherRequest struct {
	Query  *string        `json:"query"`
	Params map[string]any `json:"params,omitempty"`
}

// cypher runs an analyst query over the caller's own graph. The store
// parses it, scopes every node pattern to the owner, runs it read-only
// with a timeout and a row cap, and audit-logs it; a refusal is a 400 whose
// message names the construct.
func (s *Server) cypher(c *gin.Context) {
	var req cypherRequest
	if !decode(c, &req) {
		return
	}
	if req.Query == nil {
		abort(c, http.StatusBadRequest, CodeInvalid, `field "query" is required`, false)
		return
	}
	res, err := s.cfg.Graph.AnalystQuery(c.Request.Context(), owner(c), graph.AnalystRequest{Query: *req.Query, Params: req.Params})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}
