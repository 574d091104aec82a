package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// allSpaces is the space_id that means every Space.
const allSpaces = "all"

// scopeOut says which Spaces a connection works in.
type scopeOut struct {
	// SpaceID and Name are the Space the connection works in; empty when
	// it works across every Space.
	SpaceID   string `json:"space_id,omitempty"`
	Name      string `json:"name,omitempty"`
	AcrossAll bool   `json:"across_all"`
	// Role and OwnerID are set for a Space shared with the person: what
	// they may do with it, and whose it is.
	Role    string `json:"role,omitempty"`
	OwnerID string `json:"owner_id,omitempty"`
	Note    string `json:"note"`
}

func acrossAll() scopeOut {
	return scopeOut{AcrossAll: true, Note: "Working across every Space: questions are answered from all of them, and captures are filed in the personal Space."}
}

// scope reads the Space the caller's connection works in. A chosen Space
// that no longer exists, or that is no longer shared with the person, is
// an error naming it, rather than an answer from nowhere.
func (svc Services) scope(ctx context.Context, c Caller) (scopeOut, error) {
	out, _, err := svc.working(ctx, c)
	return out, err
}

// working is scope with the access the resolver gave: whose graph the
// Space is in and the caller's role (zero when working across every
// Space). The resolver is asked on every call, so a revoked share or a
// changed role applies at once.
func (svc Services) working(ctx context.Context, c Caller) (scopeOut, graph.SpaceAccess, error) {
	id := svc.State.space(c)
	if id == "" {
		return acrossAll(), graph.SpaceAccess{Owner: c.Owner}, nil
	}
	acc, err := svc.access(ctx, c, id)
	if errors.Is(err, schema.ErrNotFound) {
		return scopeOut{}, graph.SpaceAccess{}, goneSpace(id)
	}
	if err != nil {
		return scopeOut{}, graph.SpaceAccess{}, err
	}
	return inAccess(c, acc), acc, nil
}

func inSpace(sp schema.Space) scopeOut {
	return scopeOut{SpaceID: sp.ID, Name: sp.Name, Note: fmt.Sprintf("Working in the Space %q only: questions are answered from it alone and captures are filed in it. Other Spaces were not searched.", sp.Name)}
}

// inAccess is inSpace for a resolved Space, saying whose it is when it is
// shared with the person.
func inAccess(c Caller, acc graph.SpaceAccess) scopeOut {
	if !acc.Shared(c.Owner) {
		return inSpace(acc.Space)
	}
	out := scopeOut{SpaceID: acc.Space.ID, Name: acc.Space.Name, Role: string(acc.Role), OwnerID: string(acc.Owner)}
	if acc.Role.CanWrite() {
		out.Note = fmt.Sprintf("Working in the Space %q, which %s shares with the person as editor: questions are answered from it alone and captures are filed in it, credited to the person. Other Spaces were not searched.", acc.Space.Name, acc.Owner)
	} else {
		out.Note = fmt.Sprintf("Working in the Space %q, which %s shares with the person as viewer: questions are answered from it alone; a viewer cannot add to it. Other Spaces were not searched.", acc.Space.Name, acc.Owner)
	}
	return out
}

// searcherIn returns the searcher for a connection working in spaceID (""
// for every Space) and the cursor to hand it.
//
// retrieval.Query has no Space filter, so a search confined to one Space
// runs a Searcher over a graph that sees only that Space (graph.SpaceView): the
// full-text candidates come from SearchMemoriesIn and memories filed
// elsewhere read as missing, which drops vector candidates from other
// Spaces too. Its cursors are tagged with the Space, so a cursor from one
// Space is never continued in another.
func (svc Services) searcherIn(spaceID, cursor string) (*retrieval.Searcher, string, error) {
	tag, raw, tagged := strings.Cut(cursor, ".")
	if !tagged {
		tag, raw = "", cursor
	}
	if cursor != "" && tag != spaceID {
		return nil, "", fmt.Errorf("%w: cursor belongs to a search in another Space (or across every Space); search again without it", schema.ErrInvalid)
	}
	if spaceID == "" {
		return svc.Searcher, raw, nil
	}
	return svc.Searcher.Over(graph.SpaceView{Store: svc.Searcher.Graph, In: []string{spaceID}}), raw, nil
}

// tagCursor marks a cursor with the Space its search was confined to.
// Cursors are base64url and space ids hex, so "." separates them.
func tagCursor(spaceID, cursor string) string {
	if spaceID == "" || cursor == "" {
		return cursor
	}
	return spaceID + "." + cursor
}

type spaceOut struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Personal  bool      `json:"personal"`
	CreatedAt time.Time `json:"created_at"`
	// Current is true for the Space this connection works in.
	Current bool `json:"current"`
	// Role is what the person may do with it: owner for their own Spaces,
	// editor or viewer for one shared with them by OwnerID.
	Role    string `json:"role"`
	OwnerID string `json:"owner_id,omitempty"`
}

// invitationOut is a Space somebody offered to share with the person,
// not accepted yet: it gives no access until use_space accepts it.
type invitationOut struct {
	SpaceID   string    `json:"space_id"`
	Name      string    `json:"name"`
	OwnerID   string    `json:"owner_id"`
	Role      string    `json:"role"`
	InvitedAt time.Time `json:"invited_at"`
}

type listSpacesOut struct {
	Spaces []spaceOut `json:"spaces"`
	// Invitations are Spaces offered to the person and not accepted yet;
	// use_space with one's id accepts it.
	Invitations []invitationOut `json:"invitations,omitempty"`
	WorkingIn   scopeOut        `json:"working_in"`
}

func listSpaces(ctx context.Context, svc Services, c Caller, _ noArgs) (listSpacesOut, error) {
	if svc.Graph == nil {
		return listSpacesOut{}, notServing("the memory graph")
	}
	if _, err := svc.Graph.EnsurePersonalSpace(ctx, c.Owner); err != nil {
		return listSpacesOut{}, err
	}
	sps, err := svc.Graph.Spaces(ctx, c.Owner)
	if err != nil {
		return listSpacesOut{}, err
	}
	shared, err := svc.Graph.SharedSpaces(ctx, c.Owner)
	if err != nil {
		return listSpacesOut{}, err
	}
	cur := svc.State.space(c)
	out := listSpacesOut{Spaces: []spaceOut{}, WorkingIn: acrossAll()}
	found := cur == ""
	for _, sp := range sps {
		out.Spaces = append(out.Spaces, spaceOut{ID: sp.ID, Name: sp.Name, Personal: sp.Personal, CreatedAt: sp.CreatedAt, Current: sp.ID == cur, Role: string(graph.RoleOwner)})
		if sp.ID == cur {
			out.WorkingIn, found = inSpace(sp), true
		}
	}
	for _, sh := range shared {
		sp := sh.Space
		if sh.State != graph.MembershipActive {
			out.Invitations = append(out.Invitations, invitationOut{SpaceID: sp.ID, Name: sp.Name, OwnerID: string(sh.Owner), Role: string(sh.Role), InvitedAt: sh.InvitedAt})
			continue
		}
		out.Spaces = append(out.Spaces, spaceOut{ID: sp.ID, Name: sp.Name, CreatedAt: sp.CreatedAt, Current: sp.ID == cur, Role: string(sh.Role), OwnerID: string(sh.Owner)})
		if sp.ID == cur {
			out.WorkingIn, found = inAccess(c, sh.SpaceAccess), true
		}
	}
	if !found {
		out.WorkingIn = scopeOut{SpaceID: cur, Note: fmt.Sprintf("This connection works in Space %q, which no longer exists: choose another with use_space, or pass \"all\".", cur)}
	}
	return out, nil
}

type spaceIn struct {
	SpaceID string `json:"space_id" jsonschema:"the Space's id, as list_spaces returned it, or \"all\" for every Space"`
}

type useSpaceOut struct {
	WorkingIn scopeOut `json:"working_in"`
	Message   string   `json:"message"`
}

// useSpace serves use_space and work_in_space: one choice steering both
// filing and answering, for this connection only.
func useSpace(ctx context.Context, svc Services, c Caller, in spaceIn) (useSpaceOut, error) {
	id := strings.TrimSpace(in.SpaceID)
	if strings.EqualFold(id, allSpaces) {
		svc.State.setSpace(c, "")
		return useSpaceOut{WorkingIn: acrossAll(), Message: "This connection now works across every Space. No memory was changed."}, nil
	}
	if err := checkID("space_id", id); err != nil {
		return useSpaceOut{}, err
	}
	acc, err := svc.access(ctx, c, id)
	accepted := false
	if errors.Is(err, schema.ErrNotFound) {
		// A Space offered to the person and not accepted yet: choosing it
		// accepts the invitation (the person's own decision to work in it).
		acc, err = svc.Graph.AcceptSpaceInvitation(ctx, c.Owner, id)
		accepted = err == nil
	}
	if errors.Is(err, schema.ErrNotFound) {
		return useSpaceOut{}, fmt.Errorf("%w: no Space %q was found; list_spaces gives the ids of the person's Spaces", schema.ErrNotFound, id)
	}
	if err != nil {
		return useSpaceOut{}, err
	}
	svc.State.setSpace(c, acc.Space.ID)
	out := useSpaceOut{WorkingIn: inAccess(c, acc), Message: fmt.Sprintf("From now on this connection files captures in %q and answers questions from it alone. No memory was changed.", acc.Space.Name)}
	if acc.Shared(c.Owner) {
		out.Message = fmt.Sprintf("From now on this connection answers questions from %q alone, a Space %s shares with the person as %s", acc.Space.Name, acc.Owner, acc.Role)
		if acc.Role.CanWrite() {
			out.Message += ", and files captures in it, credited to the person."
		} else {
			out.Message += "; a viewer cannot add to it, so remember refuses while working here."
		}
		if accepted {
			out.Message = "Accepted the invitation. " + out.Message
		}
	}
	return out, nil
}

func currentSpace(ctx context.Context, svc Services, c Caller, _ noArgs) (scopeOut, error) {
	return svc.scope(ctx, c)
}
