package api

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

// Page sizes of list routes.
const (
	DefaultPageSize = 50
	MaxPageSize     = 200
)

// list is the shape of every list: a missing nextCursor means stop.
type list[T any] struct {
	Items      []T    `json:"items"`
	NextCursor string `json:"nextCursor,omitempty"`
}

// pageSize reads ?limit=, answering the request itself when it is bad.
func pageSize(c *gin.Context) (int, bool) {
	v := c.Query("limit")
	if v == "" {
		return DefaultPageSize, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > MaxPageSize {
		abort(c, http.StatusBadRequest, CodeInvalid, fmt.Sprintf("limit must be a whole number between 1 and %d", MaxPageSize), false)
		return 0, false
	}
	return n, true
}

func (s *Server) routesEngine(authed *gin.RouterGroup) {
	authed.GET("/memories", s.require(ScopeRead), s.listMemories)
	authed.GET("/memories/:id", s.require(ScopeRead), s.memoryDetail)
	authed.GET("/memories/:id/timeline", s.require(ScopeRead), s.memoryTimeline)
	authed.POST("/memories/:id/confirm", s.require(ScopeWrite), s.confirmMemory)
	authed.POST("/memories/:id/correct", s.require(ScopeCapture), s.correctMemory)
	authed.GET("/jobs", s.require(ScopeRead), s.recentJobs)
	authed.GET("/conflicts", s.require(ScopeRead), s.conflicts)
	authed.GET("/conflicts/:id", s.require(ScopeRead), s.conflict)
	authed.POST("/conflicts/:id/resolve", s.require(ScopeWrite), s.resolveConflict)
	s.routesMaterial(authed)
	authed.GET("/entities", s.require(ScopeRead), s.listEntities)
	authed.GET("/graph/neighbours", s.require(ScopeRead), s.graphNeighbours)
	authed.GET("/graph/paths", s.require(ScopeRead), s.graphPaths)
	authed.GET("/entities/:id", s.require(ScopeRead), s.entity)
	authed.GET("/spaces", s.require(ScopeRead), s.listSpaces)
	authed.POST("/spaces", s.require(ScopeWrite), s.createSpace)
	authed.GET("/spaces/:id", s.require(ScopeRead), s.getSpace)
	authed.PATCH("/spaces/:id", s.require(ScopeWrite), s.spaceOwnerOnly, s.renameSpace)
	authed.DELETE("/spaces/:id", s.require(ScopeWrite), s.spaceOwnerOnly, s.deleteSpace)
	s.routesSharing(authed)
	authed.POST("/conversations/:id/messages", s.require(ScopeCapture), s.appendMessages)
	authed.GET("/conversations", s.require(ScopeRead), s.conversations)
	authed.GET("/conversations/:id/turns", s.require(ScopeRead), s.turns)
	authed.POST("/search/conversations", s.require(ScopeRead), s.searchConversations)
}

func (s *Server) memoryDetail(c *gin.Context) {
	d, err := s.cfg.Graph.MemoryDetail(c.Request.Context(), owner(c), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, d)
}

func (s *Server) memoryTimeline(c *gin.Context) {
	t, err := s.cfg.Graph.Timeline(c.Request.Context(), owner(c), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list[graph.TimelineEntry]{Items: t})
}

// confirmRequest may name the Space the memory is filed in, to confirm a
// memory of a Space shared with the caller as editor.
type confirmRequest struct {
	SpaceID string `json:"spaceId,omitempty"`
}

func (s *Server) confirmMemory(c *gin.Context) {
	var body confirmRequest
	if c.Request.ContentLength > 0 && !decode(c, &body) {
		return
	}
	who := owner(c)
	if body.SpaceID != "" {
		var ok bool
		if who, _, ok = s.memoryIn(c, body.SpaceID, c.Param("id"), true); !ok {
			return
		}
	}
	m, err := s.cfg.Graph.ConfirmMemory(c.Request.Context(), who, c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, viewMemory(m))
}

type correctRequest struct {
	Correction string `json:"correction"`
	// SpaceID names the Space the memory is filed in, to correct a memory
	// of a Space shared with the caller as editor.
	SpaceID string `json:"spaceId,omitempty"`
}

// correctMemory hands a correction, in the person's words, to the same
// pipeline as everything else, framed as a correction of the memory's claim
// so extraction supersedes rather than conflicts.
func (s *Server) correctMemory(c *gin.Context) {
	var req correctRequest
	if !decode(c, &req) {
		return
	}
	var (
		job schema.Job
		err error
	)
	if req.SpaceID != "" {
		who, m, ok := s.memoryIn(c, req.SpaceID, c.Param("id"), true)
		if !ok {
			return
		}
		in, cerr := ingest.CorrectionInput(m, req.Correction)
		if cerr != nil {
			fail(c, cerr)
			return
		}
		in.SpaceID = req.SpaceID
		if who != owner(c) {
			in.ContributedBy = owner(c)
		}
		job, err = s.cfg.Pipeline.Remember(c.Request.Context(), who, in)
	} else {
		job, err = s.cfg.Pipeline.Correct(c.Request.Context(), owner(c), c.Param("id"), req.Correction)
	}
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, jobResponse{JobID: job.ID, Status: string(job.State), Job: job})
}

func (s *Server) recentJobs(c *gin.Context) {
	n, ok := pageSize(c)
	if !ok {
		return
	}
	before := time.Now().Add(time.Minute)
	if cur := c.Query("cursor"); cur != "" {
		t, err := time.Parse(time.RFC3339Nano, cur)
		if err != nil {
			abort(c, http.StatusBadRequest, CodeInvalid, "cursor is not one this API returned", false)
			return
		}
		before = t
	}
	jobs, err := s.cfg.Graph.RecentJobs(c.Request.Context(), owner(c), n, before)
	if err != nil {
		fail(c, err)
		return
	}
	out := list[graph.JobSummary]{Items: jobs}
	if len(jobs) == n {
		out.NextCursor = jobs[len(jobs)-1].CreatedAt.UTC().Format(time.RFC3339Nano)
	}
	c.JSON(http.StatusOK, out)
}

func (s *Server) conflicts(c *gin.Context) {
	n, ok := pageSize(c)
	if !ok {
		return
	}
	state := schema.ConflictState(c.DefaultQuery("state", string(schema.ConflictOpen)))
	switch state {
	case schema.ConflictOpen, schema.ConflictResolved, schema.ConflictDismissed:
	default:
		abort(c, http.StatusBadRequest, CodeInvalid, "state must be open, resolved or dismissed", false)
		return
	}
	cs, err := s.cfg.Graph.Conflicts(c.Request.Context(), owner(c), state, n, c.Query("cursor"))
	if err != nil {
		fail(c, err)
		return
	}
	out := list[schema.Conflict]{Items: cs}
	if len(cs) == n {
		out.NextCursor = cs[len(cs)-1].ID
	}
	c.JSON(http.StatusOK, out)
}

func (s *Server) conflict(c *gin.Context) {
	d, err := s.cfg.Graph.Conflict(c.Request.Context(), owner(c), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, d)
}

type resolveRequest struct {
	Action string `json:"action"`
	KeepID string `json:"keepId,omitempty"`
	Reason string `json:"reason,omitempty"`
}

func (s *Server) resolveConflict(c *gin.Context) {
	var req resolveRequest
	if !decode(c, &req) {
		return
	}
	act := graph.ResolveAction(req.Action)
	switch {
	case act == graph.ResolveKeep && req.KeepID == "":
		abort(c, http.StatusBadRequest, CodeInvalid, `action "keep" needs keepId: the memory to keep`, false)
		return
	case act == graph.ResolveDismiss && req.KeepID != "":
		abort(c, http.StatusBadRequest, CodeInvalid, `action "dismiss" takes no keepId`, false)
		return
	case act != graph.ResolveKeep && act != graph.ResolveDismiss:
		abort(c, http.StatusBadRequest, CodeInvalid, `action must be "keep" or "dismiss"`, false)
		return
	}
	if len(req.Reason) > 1000 {
		abort(c, http.StatusBadRequest, CodeInvalid, "reason is longer than 1000 bytes", false)
		return
	}
	cf, err := s.cfg.Graph.ResolveConflict(c.Request.Context(), owner(c), c.Param("id"), act, req.KeepID, req.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, cf)
}

func (s *Server) entity(c *gin.Context) {
	d, err := s.cfg.Graph.Entity(c.Request.Context(), owner(c), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, d)
}

type spaceRequest struct {
	Name string `json:"name"`
}

func (s *Server) createSpace(c *gin.Context) {
	var req spaceRequest
	if !decode(c, &req) {
		return
	}
	sp, err := s.cfg.Graph.CreateSpace(c.Request.Context(), owner(c), schema.Space{ID: schema.NewID(schema.PrefixSpace), Name: req.Name, CreatedAt: time.Now().UTC()})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, sp)
}

func (s *Server) renameSpace(c *gin.Context) {
	var req spaceRequest
	if !decode(c, &req) {
		return
	}
	sp, err := s.cfg.Graph.RenameSpace(c.Request.Context(), owner(c), c.Param("id"), req.Name)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, sp)
}

func (s *Server) deleteSpace(c *gin.Context) {
	if err := s.cfg.Graph.DeleteSpace(c.Request.Context(), owner(c), c.Param("id")); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

type appendRequest struct {
	Messages []ingest.Message `json:"messages"`
	SpaceID  string           `json:"spaceId,omitempty"`
}

type appendResponse struct {
	JobID      string        `json:"jobId"`
	Extracting bool          `json:"extracting"`
	Note       string        `json:"note,omitempty"`
	Job        schema.Job    `json:"job"`
	Turns      []schema.Turn `json:"turns"`
}

func (s *Server) appendMessages(c *gin.Context) {
	var req appendRequest
	if !decode(c, &req) {
		return
	}
	res, err := s.cfg.Pipeline.Append(c.Request.Context(), owner(c), c.Param("id"), req.SpaceID, req.Messages)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, appendResponse{JobID: res.Job.ID, Extracting: res.Extracting, Note: res.Note, Job: res.Job, Turns: res.Turns})
}

func (s *Server) conversations(c *gin.Context) {
	n, ok := pageSize(c)
	if !ok {
		return
	}
	cs, err := s.cfg.Graph.Conversations(c.Request.Context(), owner(c), n, c.Query("cursor"))
	if err != nil {
		fail(c, err)
		return
	}
	out := list[graph.ConversationSummary]{Items: cs}
	if len(cs) == n {
		out.NextCursor = cs[len(cs)-1].ID
	}
	c.JSON(http.StatusOK, out)
}

func (s *Server) turns(c *gin.Context) {
	n, ok := pageSize(c)
	if !ok {
		return
	}
	after := 0
	if cur := c.Query("cursor"); cur != "" {
		v, err := strconv.Atoi(cur)
		if err != nil || v < 0 {
			abort(c, http.StatusBadRequest, CodeInvalid, "cursor is not one this API returned", false)
			return
		}
		after = v
	}
	ts, err := s.cfg.Graph.Turns(c.Request.Context(), owner(c), c.Param("id"), after, n)
	if err != nil {
		fail(c, err)
		return
	}
	out := list[schema.Turn]{Items: ts}
	if len(ts) == n {
		out.NextCursor = strconv.Itoa(ts[len(ts)-1].Seq)
	}
	c.JSON(http.StatusOK, out)
}

type turnSearchRequest struct {
	Query string `json:"query"`
	Limit int    `json:"limit,omitempty"`
}

func (s *Server) searchConversations(c *gin.Context) {
	var req turnSearchRequest
	if !decode(c, &req) {
		return
	}
	hits, err := s.cfg.Pipeline.SearchTurns(c.Request.Context(), owner(c), req.Query, req.Limit)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"results": hits})
}

// listMemories browses the owner's memories newest first with filters:
// ?type=&state=&spaceId=&from=&to= (RFC 3339; from inclusive, to exclusive).
// The cursor is opaque: the last memory's time and id.
func (s *Server) listMemories(c *gin.Context) {
	n, ok := pageSize(c)
	if !ok {
		return
	}
	var f graph.MemoryFilter
	if v := c.Query("type"); v != "" {
		if !slices.Contains(schema.MemoryTypes, schema.MemoryType(v)) {
			abort(c, http.StatusBadRequest, CodeInvalid, "type must be one of decision, commitment, preference, fact, event", false)
			return
		}
		f.Type = schema.MemoryType(v)
	}
	if v := c.Query("state"); v != "" {
		switch schema.MemoryState(v) {
		case schema.StateActive, schema.StateSuperseded, schema.StateDisputed, schema.StateRetracted:
			f.State = schema.MemoryState(v)
		default:
			abort(c, http.StatusBadRequest, CodeInvalid, "state must be one of active, superseded, disputed, retracted", false)
			return
		}
	}
	f.SpaceID = c.Query("spaceId")
	for _, p := range []struct {
		name string
		dst  *time.Time
	}{{"from", &f.From}, {"to", &f.To}} {
		if v := c.Query(p.name); v != "" {
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				abort(c, http.StatusBadRequest, CodeInvalid, p.name+" must be an RFC 3339 time, e.g. 2023-05-08T00:00:00Z", false)
				return
			}
			*p.dst = t
		}
	}
	var cur graph.MemoryCursor
	if v := c.Query("cursor"); v != "" {
		at, id, ok := strings.Cut(v, "~")
		t, err := time.Parse(time.RFC3339Nano, at)
		if !ok || err != nil || !strings.HasPrefix(id, schema.PrefixMemory) {
			abort(c, http.StatusBadRequest, CodeInvalid, "cursor is not one this API returned", false)
			return
		}
		cur = graph.MemoryCursor{RecordedAt: t, ID: id}
	}
	// A Space shared with the caller is read as its owner, filtered to it.
	who, ok := s.readAs(c, f.SpaceID)
	if !ok {
		return
	}
	mems, err := s.cfg.Graph.ListMemories(c.Request.Context(), who, f, n, cur)
	if err != nil {
		fail(c, err)
		return
	}
	out := list[memoryView]{Items: make([]memoryView, 0, len(mems))}
	for _, m := range mems {
		out.Items = append(out.Items, viewMemory(m))
	}
	if len(mems) == n {
		last := mems[len(mems)-1]
		out.NextCursor = last.RecordedAt.UTC().Format(time.RFC3339Nano) + "~" + last.ID
	}
	c.JSON(http.StatusOK, out)
}

// listEntities lists the owner's entities by name: ?q= (a fragment of a
// name or alias), ?kind=, with an opaque cursor.
func (s *Server) listEntities(c *gin.Context) {
	n, ok := pageSize(c)
	if !ok {
		return
	}
	q := c.Query("q")
	if len(q) > 200 {
		abort(c, http.StatusBadRequest, CodeInvalid, "q is longer than 200 bytes", false)
		return
	}
	kind := schema.EntityKind(c.Query("kind"))
	switch kind {
	case "", schema.KindPerson, schema.KindProject, schema.KindSystem, schema.KindOrganisation, schema.KindPlace, schema.KindOther:
	default:
		abort(c, http.StatusBadRequest, CodeInvalid, "kind must be one of person, project, system, organisation, place, other", false)
		return
	}
	var cur graph.EntityCursor
	if v := c.Query("cursor"); v != "" {
		raw, err := base64.RawURLEncoding.DecodeString(v)
		name, id, ok := strings.Cut(string(raw), "\x00")
		if err != nil || !ok || !strings.HasPrefix(id, schema.PrefixEntity) {
			abort(c, http.StatusBadRequest, CodeInvalid, "cursor is not one this API returned", false)
			return
		}
		cur = graph.EntityCursor{Name: name, ID: id}
	}
	ents, err := s.cfg.Graph.ListEntities(c.Request.Context(), owner(c), q, kind, n, cur)
	if err != nil {
		fail(c, err)
		return
	}
	out := list[schema.Entity]{Items: ents}
	if len(ents) == n {
		last := ents[len(ents)-1]
		out.NextCursor = base64.RawURLEncoding.EncodeToString([]byte(last.Name + "\x00" + last.ID))
	}
	c.JSON(http.StatusOK, out)
}

// intQuery reads an optional bounded integer query parameter, answering the
// request itself when it is bad.
func intQuery(c *gin.Context, name string, def, lo, hi int) (int, bool) {
	v := c.Query(name)
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		abort(c, http.StatusBadRequest, CodeInvalid, fmt.Sprintf("%s must be a whole number between %d and %d", name, lo, hi), false)
		return 0, false
	}
	return n, true
}

func (s *Server) graphNeighbours(c *gin.Context) {
	id := c.Query("entityId")
	if id == "" {
		abort(c, http.StatusBadRequest, CodeInvalid, "entityId is required", false)
		return
	}
	depth, ok := intQuery(c, "depth", 1, 1, graph.MaxTraversalDepth)
	if !ok {
		return
	}
	limit, ok := intQuery(c, "limit", DefaultPageSize, 1, graph.MaxTraversalPaths)
	if !ok {
		return
	}
	sg, err := s.cfg.Graph.Neighbours(c.Request.Context(), owner(c), id, depth, limit)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, sg)
}

func (s *Server) graphPaths(c *gin.Context) {
	from, to := c.Query("from"), c.Query("to")
	if from == "" || to == "" {
		abort(c, http.StatusBadRequest, CodeInvalid, "from and to (entity ids) are required", false)
		return
	}
	depth, ok := intQuery(c, "maxDepth", 2, 1, graph.MaxPathDepth)
	if !ok {
		return
	}
	limit, ok := intQuery(c, "limit", 10, 1, graph.MaxTraversalPaths)
	if !ok {
		return
	}
	sg, err := s.cfg.Graph.Paths(c.Request.Context(), owner(c), from, to, depth, limit)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, sg)
}
