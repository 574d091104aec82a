package api

import (
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

func (s *Server) routesMaterial(authed *gin.RouterGroup) {
	authed.GET("/documents", s.require(ScopeRead), s.listDocuments)
	authed.GET("/documents/:id", s.require(ScopeRead), s.document)
	authed.GET("/sources", s.require(ScopeRead), s.sources)
	authed.GET("/integrations", s.require(ScopeRead), s.integrations)
	authed.POST("/integrations/:id/sync", s.require(ScopeCapture), s.syncIntegration)
}

// listDocuments lists what was ingested, newest first, before extraction:
// ?source= narrows to one source label.
func (s *Server) listDocuments(c *gin.Context) {
	n, ok := pageSize(c)
	if !ok {
		return
	}
	var cur graph.DocumentCursor
	if v := c.Query("cursor"); v != "" {
		raw, err := base64.RawURLEncoding.DecodeString(v)
		at, id, ok := strings.Cut(string(raw), "~")
		t, terr := time.Parse(time.RFC3339Nano, at)
		if err != nil || !ok || terr != nil || !strings.HasPrefix(id, schema.PrefixDocument) {
			abort(c, http.StatusBadRequest, CodeInvalid, "cursor is not one this API returned", false)
			return
		}
		cur = graph.DocumentCursor{CreatedAt: t, ID: id}
	}
	docs, err := s.cfg.Graph.ListDocuments(c.Request.Context(), owner(c), c.Query("source"), n, cur)
	if err != nil {
		fail(c, err)
		return
	}
	out := list[graph.DocumentSummary]{Items: docs}
	if len(docs) == n {
		last := docs[len(docs)-1]
		out.NextCursor = base64.RawURLEncoding.EncodeToString([]byte(last.CreatedAt.UTC().Format(time.RFC3339Nano) + "~" + last.ID))
	}
	c.JSON(http.StatusOK, out)
}

// document reads one document with its text (secrets already redacted).
func (s *Server) document(c *gin.Context) {
	d, err := s.cfg.Graph.Document(c.Request.Context(), owner(c), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, d)
}

// sourceView is a source with its access scope: today every source is
// private to its owner (Spaces are not shared yet).
type sourceView struct {
	graph.Source
	Access string `json:"access"`
}

func (s *Server) sources(c *gin.Context) {
	srcs, err := s.cfg.Graph.Sources(c.Request.Context(), owner(c))
	if err != nil {
		fail(c, err)
		return
	}
	items := make([]sourceView, 0, len(srcs))
	for _, src := range srcs {
		items = append(items, sourceView{Source: src, Access: "owner"})
	}
	writePage(c, items)
}

// Integration is a connector that can feed material in.
type Integration struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Configured bool   `json:"configured"`
	Connected  bool   `json:"connected"`
	Note       string `json:"note"`
}

// integrationsKnown are the connectors PersistMemory has a place for; none
// is configured in this deployment yet, and each says so.
var integrationsKnown = []Integration{
	{ID: "google", Name: "Google (Drive, Gmail, Contacts)", Note: "this deployment is not configured for Google"},
	{ID: "apify", Name: "Web actors (Apify)", Note: "this deployment is not configured for web actors"},
	{ID: "computer", Name: "The person's computer", Note: "no computer is connected to this account"},
	{ID: "chatgpt-export", Name: "ChatGPT export", Note: "imports are not available in this deployment yet"},
}

func (s *Server) integrations(c *gin.Context) {
	writePage(c, integrationsKnown)
}

func (s *Server) syncIntegration(c *gin.Context) {
	for _, in := range integrationsKnown {
		if in.ID == c.Param("id") {
			abort(c, http.StatusConflict, CodeConflict, in.Name+" cannot sync: "+in.Note+"; nothing was started", false)
			return
		}
	}
	abort(c, http.StatusNotFound, CodeNotFound, "no integration "+c.Param("id"), false)
}
