package mcp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

// Sharing Spaces: list_space_collaborators, share_space, unshare_space,
// change_space_role, and how every other tool honours a Space shared with
// the caller.
//
// The one crossing. Every tool runs as the caller (c.Owner) on the
// caller's own graph, except through access below: it asks the graph's
// resolver (graph.SharingStore.SpaceAccess) what the caller may do with
// one Space id, reading the live membership record on every call (so an
// unshare or a role change applies to the very next call), and gets back
// the space's owner, the Space and the caller's role, or not-found — the
// same not-found as a missing id. A tool working in a shared Space then
// makes ordinary owner-scoped calls on that owner's graph restricted to
// that one Space (graph.SpaceView, SearchMemoriesIn, a memory's SpaceID
// checked before anything about it is returned); writes need a role that
// can write and are filed in the owner's graph with the contributor
// recorded on the Document. No other code path takes an owner that is not
// c.Owner.

// PeopleDirectory finds who signs in with an email address, so a Space can
// be shared by address (oauth/neo4j implements it). An address nobody
// signs in with is schema.ErrNotFound.
type PeopleDirectory interface {
	OwnerForEmail(ctx context.Context, email string) (schema.Owner, error)
}

// access is the resolver: what c may do with Space id. Not-found for a
// Space the caller neither owns nor is an active member of.
func (svc Services) access(ctx context.Context, c Caller, id string) (graph.SpaceAccess, error) {
	if svc.Graph == nil {
		return graph.SpaceAccess{}, notServing("the memory graph")
	}
	acc, err := svc.Graph.SpaceAccess(ctx, c.Owner, id)
	if err != nil {
		return graph.SpaceAccess{}, err
	}
	if acc.Shared(c.Owner) {
		svc.log().Debug("shared space resolved", "caller", c.Owner, "space", id, "owner", acc.Owner, "role", acc.Role)
	}
	return acc, nil
}

// sharedSpace returns the access of the shared Space the caller's
// connection works in, or nil when it works in one of the caller's own
// Spaces or across every Space. A chosen Space the caller lost access to
// is an error naming it, like a deleted one.
func (svc Services) sharedSpace(ctx context.Context, c Caller) (*graph.SpaceAccess, error) {
	id := svc.State.space(c)
	if id == "" {
		return nil, nil
	}
	acc, err := svc.access(ctx, c, id)
	if errors.Is(err, schema.ErrNotFound) {
		return nil, goneSpace(id)
	}
	if err != nil {
		return nil, err
	}
	if !acc.Shared(c.Owner) {
		return nil, nil
	}
	return &acc, nil
}

func goneSpace(id string) error {
	return fmt.Errorf("%w: this connection works in Space %q, which no longer exists; choose another with use_space (list_spaces gives the ids), or pass \"all\"", schema.ErrNotFound, id)
}

// canWrite refuses a write into a shared Space for a role that may not
// write, naming the role.
func canWrite(acc graph.SpaceAccess) error {
	if acc.Role.CanWrite() {
		return nil
	}
	return fmt.Errorf("%w: the person is a %s of the Space %q (shared by %s): a %s can read it but not add to it or change it; nothing was stored. Ask its owner to make them an editor", schema.ErrForbidden, acc.Role, acc.Space.Name, acc.Owner, acc.Role)
}

// ownerOnly refuses managing the members of a Space the caller does not
// own, naming their role.
func ownerOnly(acc graph.SpaceAccess, what string) error {
	if acc.Role == graph.RoleOwner {
		return nil
	}
	return fmt.Errorf("%w: only the owner of the Space %q (%s) can %s; the person is %s of it. Nothing was changed", schema.ErrForbidden, acc.Space.Name, acc.Owner, what, acc.Role.WithArticle())
}

// inShared reads memory id in the shared Space acc, as its owner, and
// answers not-found for a memory filed in any other Space.
func (svc Services) inShared(ctx context.Context, acc graph.SpaceAccess, id string) (schema.Memory, error) {
	ms, err := graph.SpaceView{Store: svc.Graph, In: []string{acc.Space.ID}}.Memories(ctx, acc.Owner, []string{id})
	if err != nil {
		return schema.Memory{}, err
	}
	if len(ms) == 0 {
		return schema.Memory{}, notFound("memory", id, hintMemory)
	}
	return ms[0], nil
}

// rememberShared files material in a shared Space: in its owner's graph,
// with the caller recorded as the contributor.
func (svc Services) rememberShared(ctx context.Context, c Caller, acc graph.SpaceAccess, in ingest.RememberInput) (schema.Job, error) {
	if err := canWrite(acc); err != nil {
		return schema.Job{}, err
	}
	in.SpaceID, in.ContributedBy = acc.Space.ID, c.Owner
	return svc.Pipeline.Remember(ctx, acc.Owner, in)
}

type (
	shareIn struct {
		SpaceID string `json:"space_id" jsonschema:"the Space, as list_spaces returned it"`
		Email   string `json:"email,omitempty" jsonschema:"the address the person signs in with (give this or user_id)"`
		UserID  string `json:"user_id,omitempty" jsonschema:"the person's user id, for somebody without an address here (give this or email)"`
		Role    string `json:"role" jsonschema:"what they may do: editor or viewer"`
	}
	memberIn struct {
		SpaceID string `json:"space_id" jsonschema:"the Space, as list_spaces returned it"`
		Member  string `json:"member" jsonschema:"the collaborator's address or user id, as list_space_collaborators returned it"`
	}
	roleIn struct {
		SpaceID string `json:"space_id" jsonschema:"the Space, as list_spaces returned it"`
		Member  string `json:"member" jsonschema:"the collaborator's address or user id, as list_space_collaborators returned it"`
		Role    string `json:"role" jsonschema:"what they may do from now on: editor or viewer"`
	}
	collabIn struct {
		SpaceID string `json:"space_id" jsonschema:"the Space, as list_spaces returned it"`
	}
)

var roles = map[string][]any{"role": {"editor", "viewer"}}

// sharingTools are the four sharing tools, in the seed's order.
func sharingTools() []tool {
	write := func(destructive bool) *gomcp.ToolAnnotations {
		return &gomcp.ToolAnnotations{DestructiveHint: ptr(destructive)}
	}
	return []tool{
		newTool("list_space_collaborators", ScopeRead, &gomcp.Tool{
			Title:       "List Space collaborators",
			Description: "Lists everybody who can see one of the person's Spaces, and what each of them may do with it (owner, editor, viewer), with the invitations not accepted yet.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, listCollaborators),
		newTool("share_space", ScopeWrite, &gomcp.Tool{
			Title:       "Share a Space",
			Description: "Offers another person access to one of this person's Spaces, as editor (may read and add) or viewer (may read). It is an invitation: nothing is visible to them until they accept it (they call use_space with the Space's id). The personal Space cannot be shared. A write: the host shows the person before it runs.",
			Annotations: write(false),
			InputSchema: enumSchema[shareIn](roles),
		}, shareSpace),
		newTool("unshare_space", ScopeWrite, &gomcp.Tool{
			Title:       "Unshare a Space",
			Description: "Ends another person's access to one of this person's Spaces, or withdraws an invitation they never accepted; from their next call on they cannot see it. The owner cannot be removed. A write: the host shows the person before it runs.",
			Annotations: write(true),
		}, unshareSpace),
		newTool("change_space_role", ScopeWrite, &gomcp.Tool{
			Title:       "Change a Space role",
			Description: "Changes what somebody who already has access to a Space may do with it: editor or viewer, from their next call on. The owner's role cannot be changed. A write: the host shows the person before it runs.",
			Annotations: write(true),
			InputSchema: enumSchema[roleIn](roles),
		}, changeRole),
	}
}

type collaborator struct {
	// Who is the address they were invited by, else their user id.
	Who    string `json:"who"`
	UserID string `json:"user_id"`
	Email  string `json:"email,omitempty"`
	Role   string `json:"role"`
	// State is active, or pending for an invitation not accepted yet.
	State string `json:"state"`
	// You marks the person this connection serves.
	You bool `json:"you,omitempty"`
}

type collaboratorsOut struct {
	SpaceID       string         `json:"space_id"`
	Name          string         `json:"name"`
	OwnerID       string         `json:"owner_id"`
	YourRole      string         `json:"your_role"`
	Collaborators []collaborator `json:"collaborators"`
	Note          string         `json:"note"`
}

func listCollaborators(ctx context.Context, svc Services, c Caller, in collabIn) (collaboratorsOut, error) {
	if err := checkID("space_id", in.SpaceID); err != nil {
		return collaboratorsOut{}, err
	}
	acc, err := svc.access(ctx, c, in.SpaceID)
	if err != nil {
		return collaboratorsOut{}, lookup(err, "Space", in.SpaceID, "list_spaces gives the ids of the person's Spaces")
	}
	cs, err := svc.Graph.Collaborators(ctx, acc.Owner, acc.Space.ID)
	if err != nil {
		return collaboratorsOut{}, lookup(err, "Space", in.SpaceID, "list_spaces gives the ids of the person's Spaces")
	}
	out := collaboratorsOut{SpaceID: acc.Space.ID, Name: acc.Space.Name, OwnerID: string(acc.Owner), YourRole: string(acc.Role), Collaborators: []collaborator{}}
	pending := 0
	for _, k := range cs {
		who := k.Email
		if who == "" {
			who = string(k.UserID)
		}
		if k.State == graph.MembershipPending {
			pending++
		}
		out.Collaborators = append(out.Collaborators, collaborator{Who: who, UserID: string(k.UserID), Email: k.Email, Role: string(k.Role), State: string(k.State), You: k.UserID == c.Owner})
	}
	switch {
	case len(cs) <= 1 && acc.Space.Personal:
		out.Note = fmt.Sprintf("Only the person can see %q: the personal Space is never shared.", acc.Space.Name)
	case len(cs) <= 1:
		out.Note = fmt.Sprintf("Only the person can see %q; share_space offers somebody else access.", acc.Space.Name)
	default:
		out.Note = fmt.Sprintf("%d people can see %q", len(cs)-pending, acc.Space.Name)
		if pending > 0 {
			out.Note += fmt.Sprintf("; %d more are invited and see nothing until they accept", pending)
		}
		out.Note += "."
	}
	return out, nil
}

func parseRole(r string) (graph.Role, error) {
	role := graph.Role(strings.ToLower(strings.TrimSpace(r)))
	if !role.MemberRole() {
		return "", fmt.Errorf("%w: role %q is not one a collaborator can have; pass editor (may read and add) or viewer (may read); a Space has one owner", schema.ErrInvalid, r)
	}
	return role, nil
}

// ownSpace resolves a Space for managing its members: the caller must own
// it.
func (svc Services) ownSpace(ctx context.Context, c Caller, id, what string) (graph.SpaceAccess, error) {
	if err := checkID("space_id", id); err != nil {
		return graph.SpaceAccess{}, err
	}
	acc, err := svc.access(ctx, c, id)
	if err != nil {
		return graph.SpaceAccess{}, lookup(err, "Space", id, "list_spaces gives the ids of the person's Spaces")
	}
	return acc, ownerOnly(acc, what)
}

type shareOut struct {
	SpaceID      string       `json:"space_id"`
	Name         string       `json:"name"`
	Collaborator collaborator `json:"collaborator"`
	Message      string       `json:"message"`
}

func shareSpace(ctx context.Context, svc Services, c Caller, in shareIn) (shareOut, error) {
	role, err := parseRole(in.Role)
	if err != nil {
		return shareOut{}, err
	}
	email, userID := strings.TrimSpace(in.Email), strings.TrimSpace(in.UserID)
	if (email == "") == (userID == "") {
		return shareOut{}, fmt.Errorf("%w: name the person by exactly one of email (the address they sign in with) or user_id", schema.ErrInvalid)
	}
	acc, err := svc.ownSpace(ctx, c, in.SpaceID, "share it")
	if err != nil {
		return shareOut{}, err
	}
	member := schema.Owner(userID)
	if email != "" {
		if member, err = svc.ownerForEmail(ctx, email); err != nil {
			return shareOut{}, err
		}
	}
	k, err := svc.Graph.ShareSpace(ctx, c.Owner, acc.Space.ID, member, email, role)
	if err != nil {
		return shareOut{}, err
	}
	who := email
	if who == "" {
		who = userID
	}
	return shareOut{SpaceID: acc.Space.ID, Name: acc.Space.Name,
		Collaborator: collaborator{Who: who, UserID: string(k.UserID), Email: k.Email, Role: string(k.Role), State: string(k.State)},
		Message:      fmt.Sprintf("Invited %s to %q as %s. Nothing is visible to them until they accept: they call use_space with %s (or POST /api/v1/spaces/%s/invitations/accept). unshare_space withdraws the invitation.", who, acc.Space.Name, role, acc.Space.ID, acc.Space.ID)}, nil
}

// ownerForEmail looks an address up in the directory.
func (svc Services) ownerForEmail(ctx context.Context, email string) (schema.Owner, error) {
	if len(email) > graph.MaxEmailBytes || !strings.Contains(email, "@") {
		return "", fmt.Errorf("%w: email %q is not an address", schema.ErrInvalid, email)
	}
	if svc.People == nil {
		return "", fmt.Errorf("%w: this server cannot look people up by address; pass their user_id instead", schema.ErrUnavailable)
	}
	o, err := svc.People.OwnerForEmail(ctx, email)
	if errors.Is(err, schema.ErrNotFound) {
		return "", fmt.Errorf("%w: nobody signs in to PersistMemory with %s yet; ask them to sign in once, or pass their user_id", schema.ErrNotFound, email)
	}
	return o, err
}

// memberOf resolves a member named by address or user id among the
// Space's collaborators; a user id not among them is passed on as given
// (the store answers not-found).
func (svc Services) memberOf(ctx context.Context, acc graph.SpaceAccess, member string) (schema.Owner, error) {
	member = strings.TrimSpace(member)
	if member == "" {
		return "", fmt.Errorf("%w: member is empty; pass an address or user id as list_space_collaborators returned it", schema.ErrInvalid)
	}
	cs, err := svc.Graph.Collaborators(ctx, acc.Owner, acc.Space.ID)
	if err != nil {
		return "", err
	}
	for _, k := range cs {
		if string(k.UserID) == member {
			return k.UserID, nil
		}
	}
	for _, k := range cs {
		if k.Email != "" && strings.EqualFold(k.Email, member) {
			return k.UserID, nil
		}
	}
	return schema.Owner(member), nil
}

type memberOut struct {
	SpaceID string `json:"space_id"`
	Member  string `json:"member"`
	Role    string `json:"role,omitempty"`
	Message string `json:"message"`
}

func unshareSpace(ctx context.Context, svc Services, c Caller, in memberIn) (memberOut, error) {
	if err := checkID("space_id", in.SpaceID); err != nil {
		return memberOut{}, err
	}
	acc, err := svc.access(ctx, c, in.SpaceID)
	if err != nil {
		return memberOut{}, lookup(err, "Space", in.SpaceID, "list_spaces gives the ids of the person's Spaces")
	}
	// A member may end their own access.
	if acc.Shared(c.Owner) && strings.TrimSpace(in.Member) == string(c.Owner) {
		if err := svc.Graph.LeaveSpace(ctx, c.Owner, acc.Space.ID); err != nil {
			return memberOut{}, err
		}
		svc.State.forget(c, acc.Space.ID)
		return memberOut{SpaceID: acc.Space.ID, Member: string(c.Owner), Message: fmt.Sprintf("The person left %q: they no longer see it.", acc.Space.Name)}, nil
	}
	if err := ownerOnly(acc, "remove people from it"); err != nil {
		return memberOut{}, err
	}
	member, err := svc.memberOf(ctx, acc, in.Member)
	if err != nil {
		return memberOut{}, err
	}
	if member == c.Owner {
		return memberOut{}, fmt.Errorf("%w: the person owns %q and cannot be removed from it. Nothing was changed", schema.ErrConflict, acc.Space.Name)
	}
	if err := svc.Graph.UnshareSpace(ctx, c.Owner, acc.Space.ID, member); err != nil {
		return memberOut{}, lookup(err, "collaborator or invitation", in.Member, "list_space_collaborators gives who has access")
	}
	return memberOut{SpaceID: acc.Space.ID, Member: string(member), Message: fmt.Sprintf("%s no longer has access to %q (a pending invitation is withdrawn), from their next call on. Their past contributions stay in the Space.", in.Member, acc.Space.Name)}, nil
}

func changeRole(ctx context.Context, svc Services, c Caller, in roleIn) (memberOut, error) {
	role, err := parseRole(in.Role)
	if err != nil {
		return memberOut{}, err
	}
	acc, err := svc.ownSpace(ctx, c, in.SpaceID, "change roles in it")
	if err != nil {
		return memberOut{}, err
	}
	member, err := svc.memberOf(ctx, acc, in.Member)
	if err != nil {
		return memberOut{}, err
	}
	if member == c.Owner {
		return memberOut{}, fmt.Errorf("%w: the person owns %q; the owner's role cannot be changed. Nothing was changed", schema.ErrConflict, acc.Space.Name)
	}
	k, err := svc.Graph.ChangeSpaceRole(ctx, c.Owner, acc.Space.ID, member, role)
	if err != nil {
		return memberOut{}, lookup(err, "collaborator or invitation", in.Member, "list_space_collaborators gives who has access")
	}
	return memberOut{SpaceID: acc.Space.ID, Member: string(member), Role: string(k.Role),
		Message: fmt.Sprintf("%s is now %s of %q, from their next call on.", in.Member, article(k.Role), acc.Space.Name)}, nil
}

func article(r graph.Role) string {
	if r == graph.RoleEditor {
		return "an editor"
	}
	return "a " + string(r)
}

// forget drops the caller's connection's choice of Space if it is id.
func (st *State) forget(c Caller, id string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	k := connKey{c.Owner, c.conn}
	if ch, ok := st.choices[k]; ok && ch.spaceID == id {
		delete(st.choices, k)
	}
}

// sharedDetail reads a memory of the shared Space acc as its owner, and
// keeps out of the answer everything filed in another Space: successors
// and conflicts that involve memories elsewhere in the owner's graph.
func (svc Services) sharedDetail(ctx context.Context, acc graph.SpaceAccess, id string) (graph.MemoryDetail, error) {
	if _, err := svc.inShared(ctx, acc, id); err != nil {
		return graph.MemoryDetail{}, err
	}
	d, err := svc.Graph.MemoryDetail(ctx, acc.Owner, id)
	if err != nil {
		return graph.MemoryDetail{}, lookup(err, "memory", id, hintMemory)
	}
	ids := slices.Clone(d.SupersededBy)
	for _, cf := range d.Conflicts {
		ids = append(ids, cf.MemoryIDs[0], cf.MemoryIDs[1])
	}
	visible, err := svc.visibleIn(ctx, acc, ids)
	if err != nil {
		return graph.MemoryDetail{}, err
	}
	d.SupersededBy = keepIDs(d.SupersededBy, visible)
	d.Conflicts = slices.DeleteFunc(d.Conflicts, func(cf schema.Conflict) bool {
		return !visible[cf.MemoryIDs[0]] || !visible[cf.MemoryIDs[1]]
	})
	if d.Memory.SupersedesID != "" {
		if v, err := svc.visibleIn(ctx, acc, []string{d.Memory.SupersedesID}); err != nil {
			return graph.MemoryDetail{}, err
		} else if !v[d.Memory.SupersedesID] {
			d.Memory.SupersedesID = ""
		}
	}
	return d, nil
}

// sharedTimeline is the memory's timeline in the shared Space acc: the
// versions filed in another Space are left out, and so are their ids.
func (svc Services) sharedTimeline(ctx context.Context, acc graph.SpaceAccess, id string) ([]graph.TimelineEntry, error) {
	if _, err := svc.inShared(ctx, acc, id); err != nil {
		return nil, err
	}
	vs, err := svc.Graph.Timeline(ctx, acc.Owner, id)
	if err != nil {
		return nil, err
	}
	visible := map[string]bool{}
	for _, v := range vs {
		if v.Memory.SpaceID == acc.Space.ID {
			visible[v.Memory.ID] = true
		}
	}
	out := vs[:0:0]
	for _, v := range vs {
		if !visible[v.Memory.ID] {
			continue
		}
		v.Supersedes, v.SupersededBy = keepIDs(v.Supersedes, visible), keepIDs(v.SupersededBy, visible)
		if v.Memory.SupersedesID != "" && !visible[v.Memory.SupersedesID] {
			v.Memory.SupersedesID = ""
		}
		out = append(out, v)
	}
	return out, nil
}

// visibleIn reports which of ids are memories filed in the shared Space.
func (svc Services) visibleIn(ctx context.Context, acc graph.SpaceAccess, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	ms, err := graph.SpaceView{Store: svc.Graph, In: []string{acc.Space.ID}}.Memories(ctx, acc.Owner, ids)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		out[m.ID] = true
	}
	return out, nil
}

func keepIDs(ids []string, keep map[string]bool) []string {
	var out []string
	for _, id := range ids {
		if keep[id] {
			out = append(out, id)
		}
	}
	return out
}

// correctShared files a correction of a memory of the shared Space acc,
// framed as Pipeline.Correct frames one, credited to the caller.
func (svc Services) correctShared(ctx context.Context, c Caller, acc graph.SpaceAccess, id, correction string) (schema.Job, error) {
	if err := canWrite(acc); err != nil {
		return schema.Job{}, err
	}
	if _, err := ingest.CorrectionInput(schema.Memory{ID: id}, correction); err != nil {
		return schema.Job{}, err
	}
	m, err := svc.inShared(ctx, acc, id)
	if err != nil {
		return schema.Job{}, err
	}
	in, err := ingest.CorrectionInput(m, correction)
	if err != nil {
		return schema.Job{}, err
	}
	return svc.rememberShared(ctx, c, acc, in)
}
