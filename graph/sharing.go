package graph

import (
	"context"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Sharing Spaces.
//
// A Space stays in its owner's graph: sharing never copies or moves a node.
// A membership record, (:Space)-[:HAS_MEMBER]->(:SpaceMember {owner,
// space_id, member, role, state}), carrying the space owner's owner like
// every node, says that another person (member) may work in that one
// Space, as an editor or a viewer, once they accepted the invitation
// (state active; pending until then).
//
// Two kinds of method:
//
//   - The owner's side (ShareSpace, UnshareSpace, ChangeSpaceRole,
//     Collaborators) is scoped by owner like every other method: a space of
//     another owner is schema.ErrNotFound.
//   - The member's side (SpaceAccess, SharedSpaces, AcceptSpaceInvitation,
//     LeaveSpace) is, with the System* methods, the only place that reads
//     another owner's nodes, and it reads them only through a membership
//     record naming the caller as member. SpaceAccess is THE resolver: it
//     is the only method that hands out another owner's id, and everything
//     a member then reads or writes is an ordinary owner-scoped call on that
//     owner's graph restricted to that one Space. It reads the live record
//     on every call, so an unshare or a role change applies to the very
//     next call. SharedSpaces and AcceptSpaceInvitation touch only the
//     caller's own membership records and the shared Spaces' names.
//
// A person's personal Space is never shared; the owner's role can be
// neither changed nor removed.
type SharingStore interface {
	// ShareSpace invites member to the owner's Space spaceID with role
	// (RoleEditor or RoleViewer, else schema.ErrInvalid). The invitation is
	// pending, and gives no access, until the member accepts it. email,
	// when the owner named the member by address, is kept for display
	// (lower case; at most MaxEmailBytes). Errors: schema.ErrNotFound for a
	// space the owner does not have; schema.ErrConflict for the personal
	// space, for a member who is already invited or has access (change
	// their role instead), and past MaxSpaceMembers; schema.ErrInvalid for
	// sharing with the owner themselves or a malformed member.
	ShareSpace(ctx context.Context, owner schema.Owner, spaceID string, member schema.Owner, email string, role Role) (Collaborator, error)
	// UnshareSpace ends member's access to the owner's Space, or withdraws
	// their pending invitation. The owner cannot be removed
	// (schema.ErrConflict); a member with neither is schema.ErrNotFound.
	UnshareSpace(ctx context.Context, owner schema.Owner, spaceID string, member schema.Owner) error
	// ChangeSpaceRole sets the role (RoleEditor or RoleViewer) of a member
	// of the owner's Space, or of a pending invitation, and returns the
	// record. The owner's own role cannot be changed (schema.ErrConflict);
	// an unknown member is schema.ErrNotFound.
	ChangeSpaceRole(ctx context.Context, owner schema.Owner, spaceID string, member schema.Owner, role Role) (Collaborator, error)
	// Collaborators lists everybody who can see the owner's Space: the
	// owner first, then members with access, then pending invitations,
	// each group by member id; at most MaxSpaceMembers+1.
	Collaborators(ctx context.Context, owner schema.Owner, spaceID string) ([]Collaborator, error)

	// SpaceAccess resolves what caller may do with Space spaceID: the
	// caller's own Space (Role RoleOwner, Owner the caller), or a Space of
	// another owner of which caller is an ACTIVE member (their role, Owner
	// the space's owner). Anything else — a missing id, another owner's
	// Space the caller is not a member of, a pending invitation — is
	// schema.ErrNotFound, indistinguishable from one another.
	SpaceAccess(ctx context.Context, caller schema.Owner, spaceID string) (SpaceAccess, error)
	// SharedSpaces lists the Spaces of other owners that member has access
	// to or is invited to: active ones first, then pending, each by name,
	// ties by id; at most MaxSpaces.
	SharedSpaces(ctx context.Context, member schema.Owner) ([]SharedSpace, error)
	// AcceptSpaceInvitation makes member's pending invitation to spaceID
	// active and returns the access it gives. Accepting twice returns the
	// same access. No invitation is schema.ErrNotFound.
	AcceptSpaceInvitation(ctx context.Context, member schema.Owner, spaceID string) (SpaceAccess, error)
	// LeaveSpace ends member's own access to a Space of another owner, or
	// declines their invitation. Neither is schema.ErrNotFound.
	LeaveSpace(ctx context.Context, member schema.Owner, spaceID string) error
}

// Bounds of sharing.
const (
	// MaxSpaceMembers bounds the members and invitations of one Space.
	MaxSpaceMembers = 100
	// MaxEmailBytes bounds an invitee's address.
	MaxEmailBytes = 254
)

// Role is what somebody may do with a Space.
type Role string

const (
	// RoleOwner may do everything, sharing included. Only the person whose
	// graph holds the Space has it.
	RoleOwner Role = "owner"
	// RoleEditor may read the Space and add to it (remember, correct,
	// confirm), filed in the owner's graph with the contributor recorded.
	RoleEditor Role = "editor"
	// RoleViewer may read the Space only.
	RoleViewer Role = "viewer"
)

// CanWrite reports whether the role may add to a Space.
func (r Role) CanWrite() bool { return r == RoleOwner || r == RoleEditor }

// WithArticle is the role with its indefinite article, for sentences:
// "an editor", "a viewer".
func (r Role) WithArticle() string {
	if r == RoleOwner || r == RoleEditor {
		return "an " + string(r)
	}
	return "a " + string(r)
}

// MemberRole reports whether r is a role a member can be given.
func (r Role) MemberRole() bool { return r == RoleEditor || r == RoleViewer }

// MembershipState is where a membership stands.
type MembershipState string

const (
	// MembershipPending is an invitation not yet accepted: no access.
	MembershipPending MembershipState = "pending"
	// MembershipActive gives the member their role.
	MembershipActive MembershipState = "active"
)

// Collaborator is one person who can see a Space, or is invited to.
type Collaborator struct {
	UserID schema.Owner `json:"userId"`
	// Email is the address the owner invited them by, when they did.
	Email string          `json:"email,omitempty"`
	Role  Role            `json:"role"`
	State MembershipState `json:"state"`
	// InvitedBy and InvitedAt are unset for the owner.
	InvitedBy  schema.Owner `json:"invitedBy,omitempty"`
	InvitedAt  *time.Time   `json:"invitedAt,omitempty"`
	AcceptedAt *time.Time   `json:"acceptedAt,omitempty"`
}

// SpaceAccess is what SpaceAccess resolved: whose graph the Space is in,
// the Space, and the caller's role in it.
type SpaceAccess struct {
	Owner schema.Owner `json:"ownerId"`
	Space schema.Space `json:"space"`
	Role  Role         `json:"role"`
}

// Shared reports whether the Space belongs to somebody other than caller.
func (a SpaceAccess) Shared(caller schema.Owner) bool { return a.Owner != caller }

// SharedSpace is a Space of another owner that a member has access to or
// is invited to.
type SharedSpace struct {
	SpaceAccess
	State     MembershipState `json:"state"`
	InvitedBy schema.Owner    `json:"invitedBy"`
	InvitedAt time.Time       `json:"invitedAt"`
}
