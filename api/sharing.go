package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

// Sharing Spaces over HTTP: collaborators, invitations, and the routes
// that honour a Space shared with the caller (GET /spaces, GET
// /spaces/{id}, GET /memories?spaceId=, POST /memories {spaceId}, POST
// /memories/{id}/confirm|correct {spaceId}).
//
// The one crossing is spaceAccess: it asks the graph's resolver
// (graph.SharingStore.SpaceAccess) what the caller may do with one Space,
// from the live membership record, on every request. Every other call is
// made as owner(c), or — for a Space the resolver said is shared with the
// caller — as the space's owner restricted to that one Space. A Space the
// caller cannot see answers 404 exactly as a missing id does.

// PeopleDirectory finds who signs in with an email address, so a Space can
// be shared by address (oauth/neo4j implements it). An address nobody
// signs in with is schema.ErrNotFound.
type PeopleDirectory interface {
	OwnerForEmail(ctx context.Context, email string) (schema.Owner, error)
}

func (s *Server) routesSharing(authed *gin.RouterGroup) {
	authed.GET("/spaces/:id/collaborators", s.require(ScopeRead), s.listCollaborators)
	authed.POST("/spaces/:id/collaborators", s.require(ScopeWrite), s.shareSpace)
	authed.PATCH("/spaces/:id/collaborators/:member", s.require(ScopeWrite), s.changeRole)
	authed.DELETE("/spaces/:id/collaborators/:member", s.require(ScopeWrite), s.unshareSpace)
	authed.POST("/spaces/:id/invitations/accept", s.require(ScopeRead), s.acceptInvitation)
	authed.GET("/invitations", s.require(ScopeRead), s.invitations)
}

// spaceView is a Space with what the caller may do with it and whose it
// is (ownerId is the caller for their own Spaces).
type spaceView struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Personal  bool         `json:"personal"`
	CreatedAt time.Time    `json:"createdAt"`
	Role      graph.Role   `json:"role"`
	OwnerID   schema.Owner `json:"ownerId"`
}

func viewSpace(owner schema.Owner, role graph.Role, sp schema.Space) spaceView {
	return spaceView{ID: sp.ID, Name: sp.Name, Personal: sp.Personal, CreatedAt: sp.CreatedAt, Role: role, OwnerID: owner}
}

// invitationView is a Space offered to the caller and not accepted yet.
type invitationView struct {
	SpaceID   string       `json:"spaceId"`
	SpaceName string       `json:"spaceName"`
	OwnerID   schema.Owner `json:"ownerId"`
	Role      graph.Role   `json:"role"`
	InvitedBy schema.Owner `json:"invitedBy"`
	InvitedAt time.Time    `json:"invitedAt"`
}

type shareRequest struct {
	Email  string `json:"email,omitempty"`
	UserID string `json:"userId,omitempty"`
	Role   string `json:"role"`
}

type roleRequest struct {
	Role string `json:"role"`
}

// spaceAccess is the resolver, answering 404 itself for a Space the
// caller cannot see.
func (s *Server) spaceAccess(c *gin.Context, id string) (graph.SpaceAccess, bool) {
	acc, err := s.cfg.Graph.SpaceAccess(c.Request.Context(), owner(c), id)
	if err != nil {
		fail(c, err)
		return graph.SpaceAccess{}, false
	}
	return acc, true
}

// ownerOnlyErr refuses managing a Space the caller does not own, naming
// their role.
func ownerOnlyErr(acc graph.SpaceAccess, what string) error {
	return fmt.Errorf("%w: only the owner of the Space %q (%s) can %s; you are %s of it", schema.ErrForbidden, acc.Space.Name, acc.Owner, what, acc.Role.WithArticle())
}

func writeErr(acc graph.SpaceAccess) error {
	return fmt.Errorf("%w: you are a %s of the Space %q (shared by %s): a %s can read it but not add to it or change it; nothing was stored", schema.ErrForbidden, acc.Role, acc.Space.Name, acc.Owner, acc.Role)
}

// listSpaces lists the caller's own Spaces and those shared with them
// (active memberships; invitations are at GET /invitations).
func (s *Server) listSpaces(c *gin.Context) {
	ctx := c.Request.Context()
	me := owner(c)
	if _, err := s.cfg.Graph.EnsurePersonalSpace(ctx, me); err != nil {
		fail(c, err)
		return
	}
	own, err := s.cfg.Graph.Spaces(ctx, me)
	if err != nil {
		fail(c, err)
		return
	}
	shared, err := s.cfg.Graph.SharedSpaces(ctx, me)
	if err != nil {
		fail(c, err)
		return
	}
	items := make([]spaceView, 0, len(own)+len(shared))
	for _, sp := range own {
		items = append(items, viewSpace(me, graph.RoleOwner, sp))
	}
	for _, sh := range shared {
		if sh.State == graph.MembershipActive {
			items = append(items, viewSpace(sh.Owner, sh.Role, sh.Space))
		}
	}
	writePage(c, items)
}

// getSpace reads one Space the caller owns or that is shared with them.
func (s *Server) getSpace(c *gin.Context) {
	acc, ok := s.spaceAccess(c, c.Param("id"))
	if !ok {
		return
	}
	c.JSON(http.StatusOK, viewSpace(acc.Owner, acc.Role, acc.Space))
}

// spaceOwnerOnly stands in front of renaming and deleting: a member is
// told their role (403) rather than that the Space is missing; anything
// else goes on to the owner-scoped handler.
func (s *Server) spaceOwnerOnly(c *gin.Context) {
	acc, err := s.cfg.Graph.SpaceAccess(c.Request.Context(), owner(c), c.Param("id"))
	if err == nil && acc.Shared(owner(c)) {
		fail(c, ownerOnlyErr(acc, "rename or delete it"))
		return
	}
	c.Next()
}

func (s *Server) invitations(c *gin.Context) {
	shared, err := s.cfg.Graph.SharedSpaces(c.Request.Context(), owner(c))
	if err != nil {
		fail(c, err)
		return
	}
	items := []invitationView{}
	for _, sh := range shared {
		if sh.State == graph.MembershipPending {
			items = append(items, invitationView{SpaceID: sh.Space.ID, SpaceName: sh.Space.Name, OwnerID: sh.Owner, Role: sh.Role, InvitedBy: sh.InvitedBy, InvitedAt: sh.InvitedAt})
		}
	}
	writePage(c, items)
}

func (s *Server) acceptInvitation(c *gin.Context) {
	if c.Request.ContentLength > 0 {
		var body struct{}
		if !decode(c, &body) {
			return
		}
	}
	acc, err := s.cfg.Graph.AcceptSpaceInvitation(c.Request.Context(), owner(c), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, viewSpace(acc.Owner, acc.Role, acc.Space))
}

func (s *Server) listCollaborators(c *gin.Context) {
	acc, ok := s.spaceAccess(c, c.Param("id"))
	if !ok {
		return
	}
	cs, err := s.cfg.Graph.Collaborators(c.Request.Context(), acc.Owner, acc.Space.ID)
	if err != nil {
		fail(c, err)
		return
	}
	writePage(c, cs)
}

func parseRole(c *gin.Context, r string) (graph.Role, bool) {
	role := graph.Role(r)
	if !role.MemberRole() {
		abort(c, http.StatusBadRequest, CodeInvalid, `role must be "editor" or "viewer" (a Space has one owner)`, false)
		return "", false
	}
	return role, true
}

// ownedSpace resolves the Space for managing its members: 404 when the
// caller cannot see it, 403 naming their role when they are a member.
func (s *Server) ownedSpace(c *gin.Context, what string) (graph.SpaceAccess, bool) {
	acc, ok := s.spaceAccess(c, c.Param("id"))
	if !ok {
		return acc, false
	}
	if acc.Role != graph.RoleOwner {
		fail(c, ownerOnlyErr(acc, what))
		return acc, false
	}
	return acc, true
}

func (s *Server) shareSpace(c *gin.Context) {
	var req shareRequest
	if !decode(c, &req) {
		return
	}
	role, ok := parseRole(c, req.Role)
	if !ok {
		return
	}
	email, userID := strings.TrimSpace(req.Email), strings.TrimSpace(req.UserID)
	if (email == "") == (userID == "") {
		abort(c, http.StatusBadRequest, CodeInvalid, "name the person by exactly one of email (the address they sign in with) or userId", false)
		return
	}
	acc, ok := s.ownedSpace(c, "share it")
	if !ok {
		return
	}
	member := schema.Owner(userID)
	if email != "" {
		if !strings.Contains(email, "@") || len(email) > graph.MaxEmailBytes {
			abort(c, http.StatusBadRequest, CodeInvalid, "email is not an address", false)
			return
		}
		if s.cfg.People == nil {
			fail(c, fmt.Errorf("%w: this server cannot look people up by address; pass their userId", schema.ErrUnavailable))
			return
		}
		o, err := s.cfg.People.OwnerForEmail(c.Request.Context(), email)
		if errors.Is(err, schema.ErrNotFound) {
			fail(c, fmt.Errorf("%w: nobody signs in with %s yet; ask them to sign in once, or pass their userId", schema.ErrNotFound, email))
			return
		}
		if err != nil {
			fail(c, err)
			return
		}
		member = o
	}
	k, err := s.cfg.Graph.ShareSpace(c.Request.Context(), owner(c), acc.Space.ID, member, email, role)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, k)
}

// memberParam reads :member, a user id or the address they were invited
// by, as the Space's collaborators list them.
func (s *Server) memberParam(c *gin.Context, acc graph.SpaceAccess) (schema.Owner, bool) {
	m := c.Param("member")
	cs, err := s.cfg.Graph.Collaborators(c.Request.Context(), acc.Owner, acc.Space.ID)
	if err != nil {
		fail(c, err)
		return "", false
	}
	for _, k := range cs {
		if string(k.UserID) == m {
			return k.UserID, true
		}
	}
	for _, k := range cs {
		if k.Email != "" && strings.EqualFold(k.Email, m) {
			return k.UserID, true
		}
	}
	return schema.Owner(m), true
}

func (s *Server) changeRole(c *gin.Context) {
	var req roleRequest
	if !decode(c, &req) {
		return
	}
	role, ok := parseRole(c, req.Role)
	if !ok {
		return
	}
	acc, ok := s.ownedSpace(c, "change roles in it")
	if !ok {
		return
	}
	member, ok := s.memberParam(c, acc)
	if !ok {
		return
	}
	k, err := s.cfg.Graph.ChangeSpaceRole(c.Request.Context(), owner(c), acc.Space.ID, member, role)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, k)
}

// unshareSpace ends a member's access or withdraws an invitation (the
// owner), or — when :member is the caller — leaves the Space or declines
// the invitation.
func (s *Server) unshareSpace(c *gin.Context) {
	ctx := c.Request.Context()
	if schema.Owner(c.Param("member")) == owner(c) {
		err := s.cfg.Graph.LeaveSpace(ctx, owner(c), c.Param("id"))
		if errors.Is(err, schema.ErrNotFound) {
			// The owner naming themselves: refused by UnshareSpace below.
			if acc, aerr := s.cfg.Graph.SpaceAccess(ctx, owner(c), c.Param("id")); aerr == nil && !acc.Shared(owner(c)) {
				err = s.cfg.Graph.UnshareSpace(ctx, owner(c), acc.Space.ID, owner(c))
			}
		}
		if err != nil {
			fail(c, err)
			return
		}
		c.Status(http.StatusNoContent)
		return
	}
	acc, ok := s.ownedSpace(c, "remove people from it")
	if !ok {
		return
	}
	member, ok := s.memberParam(c, acc)
	if !ok {
		return
	}
	if err := s.cfg.Graph.UnshareSpace(ctx, owner(c), acc.Space.ID, member); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// readAs is whose graph a read filtered to spaceID runs on: the caller's,
// or the owner of a Space shared with the caller (the read stays
// restricted to that one Space). A Space the caller cannot see reads as
// their own graph, where it filters everything out, as before sharing.
func (s *Server) readAs(c *gin.Context, spaceID string) (schema.Owner, bool) {
	if spaceID == "" {
		return owner(c), true
	}
	acc, err := s.cfg.Graph.SpaceAccess(c.Request.Context(), owner(c), spaceID)
	switch {
	case errors.Is(err, schema.ErrNotFound), errors.Is(err, schema.ErrInvalid):
		return owner(c), true
	case err != nil:
		fail(c, err)
		return "", false
	}
	return acc.Owner, true
}

// rememberInto hands in to the pipeline: into a Space shared with the
// caller it needs a role that can write and is filed in the owner's graph,
// credited to the caller; anything else is the caller's own.
func (s *Server) rememberInto(c *gin.Context, in ingest.RememberInput) (schema.Job, error) {
	ctx := c.Request.Context()
	if in.SpaceID != "" {
		acc, err := s.cfg.Graph.SpaceAccess(ctx, owner(c), in.SpaceID)
		if err == nil && acc.Shared(owner(c)) {
			if !acc.Role.CanWrite() {
				return schema.Job{}, writeErr(acc)
			}
			in.ContributedBy = owner(c)
			return s.cfg.Pipeline.Remember(ctx, acc.Owner, in)
		}
	}
	return s.cfg.Pipeline.Remember(ctx, owner(c), in)
}

// memoryIn resolves a memory named together with the Space it is filed
// in: the graph to act on and the memory. A memory filed elsewhere, or a
// Space the caller cannot see, is 404. write asks for a role that can
// write.
func (s *Server) memoryIn(c *gin.Context, spaceID, id string, write bool) (schema.Owner, schema.Memory, bool) {
	acc, ok := s.spaceAccess(c, spaceID)
	if !ok {
		return "", schema.Memory{}, false
	}
	if write && !acc.Role.CanWrite() {
		fail(c, writeErr(acc))
		return "", schema.Memory{}, false
	}
	ms, err := s.cfg.Graph.Memories(c.Request.Context(), acc.Owner, []string{id})
	if err != nil {
		fail(c, err)
		return "", schema.Memory{}, false
	}
	if len(ms) == 0 || memorySpace(acc.Owner, ms[0]) != acc.Space.ID {
		fail(c, fmt.Errorf("memory %s: %w", id, schema.ErrNotFound))
		return "", schema.Memory{}, false
	}
	return acc.Owner, ms[0], true
}

// memorySpace is the Space a memory is filed in; one written before
// Spaces is in the personal one.
func memorySpace(owner schema.Owner, m schema.Memory) string {
	if m.SpaceID == "" {
		return graph.PersonalSpaceID(owner)
	}
	return m.SpaceID
}
