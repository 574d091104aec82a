package neo4j

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Sharing Spaces (graph.SharingStore):
//
//	(s:Space {id, owner})-[:HAS_MEMBER]->(m:SpaceMember {owner, space_id,
//	  member, email, role, state, invited_by, invited_at, accepted_at})
//
// m.owner is the space's owner, like every node's owner, so the owner's
// side matches on owner as everything else does. The member's side
// (SpaceAccess, SharedSpaces, AcceptSpaceInvitation, LeaveSpace) matches on
// m.member = the caller and reaches the Space only through the HAS_MEMBER
// edge of a record whose owner is the space's owner: it is the one place
// outside System* that reads another owner's nodes, and it reads only the
// Space node itself, never a memory.

func collaboratorFrom(m map[string]any) graph.Collaborator {
	c := graph.Collaborator{
		UserID:    schema.Owner(str(m, "member")),
		Email:     str(m, "email"),
		Role:      graph.Role(str(m, "role")),
		State:     graph.MembershipState(str(m, "state")),
		InvitedBy: schema.Owner(str(m, "invited_by")),
	}
	if t := timeOf(m, "invited_at"); !t.IsZero() {
		c.InvitedAt = &t
	}
	if t := timeOf(m, "accepted_at"); !t.IsZero() {
		c.AcceptedAt = &t
	}
	return c
}

func collaboratorColumn(r *neo4j.Record, col string) (graph.Collaborator, error) {
	v, _ := r.Get(col)
	m, err := asMap(v, col)
	if err != nil {
		return graph.Collaborator{}, err
	}
	return collaboratorFrom(m), nil
}

// checkMember validates a member id and refuses the owner themselves.
func checkMember(owner, member schema.Owner) error {
	if err := member.Validate(); err != nil {
		return fmt.Errorf("member: %w", err)
	}
	if member == owner {
		return fmt.Errorf("%w: %s owns the Space already; the owner's role can be neither given, changed nor removed", schema.ErrInvalid, member)
	}
	return nil
}

func checkMemberRole(role graph.Role) error {
	if !role.MemberRole() {
		return fmt.Errorf("%w: role %q is not one a collaborator can have; use editor or viewer (a Space has one owner)", schema.ErrInvalid, role)
	}
	return nil
}

// ShareSpace invites member to the owner's Space. The space is locked
// while its members are counted and checked, so two racing invitations
// of the same member make one record (the constraint on (space_id,
// member) backs that up).
func (s *Store) ShareSpace(ctx context.Context, owner schema.Owner, spaceID string, member schema.Owner, email string, role graph.Role) (graph.Collaborator, error) {
	op := "share space " + spaceID
	email = strings.ToLower(strings.TrimSpace(email))
	err := validOwnerID(owner, "space", spaceID)
	if err == nil {
		err = errors.Join(checkMember(owner, member), checkMemberRole(role))
	}
	if err == nil && len(email) > graph.MaxEmailBytes {
		err = fmt.Errorf("%w: email is longer than %d bytes", schema.ErrInvalid, graph.MaxEmailBytes)
	}
	if err != nil {
		return graph.Collaborator{}, fmt.Errorf("%s: %w", op, err)
	}
	out, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (graph.Collaborator, error) {
		p := map[string]any{"id": spaceID, "owner": string(owner), "member": string(member)}
		recs, err := collect(ctx, tx, `
MATCH (s:Space {id: $id, owner: $owner})
SET s._lock = true
RETURN s.personal AS personal,
  size([(s)-[:HAS_MEMBER]->(m:SpaceMember {owner: $owner}) | 1]) AS members,
  [(s)-[:HAS_MEMBER]->(m:SpaceMember {owner: $owner, member: $member}) | m {.*}] AS existing`, p)
		if err != nil {
			return graph.Collaborator{}, err
		}
		if len(recs) == 0 {
			return graph.Collaborator{}, schema.ErrNotFound
		}
		row := recs[0].AsMap()
		if boolean(row, "personal") {
			return graph.Collaborator{}, fmt.Errorf("%w: the personal Space cannot be shared; create another Space for what is to be shared", schema.ErrConflict)
		}
		if ex, _ := row["existing"].([]any); len(ex) > 0 {
			m, _ := ex[0].(map[string]any)
			c := collaboratorFrom(m)
			if c.State == graph.MembershipPending {
				return graph.Collaborator{}, fmt.Errorf("%w: %s is already invited as %s; change the role instead, or withdraw the invitation", schema.ErrConflict, member, c.Role)
			}
			return graph.Collaborator{}, fmt.Errorf("%w: %s already has access as %s; change the role instead", schema.ErrConflict, member, c.Role)
		}
		if integer(row, "members") >= graph.MaxSpaceMembers {
			return graph.Collaborator{}, fmt.Errorf("%w: the Space already has %d collaborators and invitations, the most it can have", schema.ErrConflict, graph.MaxSpaceMembers)
		}
		p["email"] = nullable(email)
		p["role"] = string(role)
		p["now"] = now()
		return memberRow(ctx, tx, `
MATCH (s:Space {id: $id, owner: $owner})
CREATE (m:SpaceMember {owner: $owner, space_id: $id, member: $member, email: $email, role: $role,
  state: 'pending', invited_by: $owner, invited_at: $now})
CREATE (s)-[:HAS_MEMBER]->(m)
REMOVE s._lock
RETURN m {.*} AS m`, p, "m", collaboratorColumn)
	})
	if err != nil {
		return graph.Collaborator{}, translate(op, err)
	}
	return out, nil
}

// memberRow runs cypher and reads col of its one row; no row is
// schema.ErrNotFound.
func memberRow[T any](ctx context.Context, tx neo4j.ManagedTransaction, cypher string, params map[string]any, col string, read func(*neo4j.Record, string) (T, error)) (T, error) {
	rows, err := queryColumn(ctx, tx, cypher, params, col, read)
	if err != nil {
		var zero T
		return zero, err
	}
	if len(rows) == 0 {
		var zero T
		return zero, schema.ErrNotFound
	}
	return rows[0], nil
}

// UnshareSpace deletes member's record in the owner's Space.
func (s *Store) UnshareSpace(ctx context.Context, owner schema.Owner, spaceID string, member schema.Owner) error {
	op := "unshare space " + spaceID
	if err := validOwnerID(owner, "space", spaceID); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if member == owner {
		return fmt.Errorf("%s: %w: the owner of a Space cannot be removed from it", op, schema.ErrConflict)
	}
	if err := member.Validate(); err != nil {
		return fmt.Errorf("%s: member: %w", op, err)
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, `
MATCH (:Space {id: $id, owner: $owner})-[:HAS_MEMBER]->(m:SpaceMember {owner: $owner, member: $member})
DETACH DELETE m
RETURN count(*) AS n`, map[string]any{"id": spaceID, "owner": string(owner), "member": string(member)})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 || integer(recs[0].AsMap(), "n") == 0 {
			return struct{}{}, schema.ErrNotFound
		}
		return struct{}{}, nil
	})
	return translate(op, err)
}

// ChangeSpaceRole sets a member's role.
func (s *Store) ChangeSpaceRole(ctx context.Context, owner schema.Owner, spaceID string, member schema.Owner, role graph.Role) (graph.Collaborator, error) {
	op := "change role in space " + spaceID
	if err := validOwnerID(owner, "space", spaceID); err != nil {
		return graph.Collaborator{}, fmt.Errorf("%s: %w", op, err)
	}
	if member == owner {
		return graph.Collaborator{}, fmt.Errorf("%s: %w: the owner's role cannot be changed", op, schema.ErrConflict)
	}
	if err := errors.Join(checkMember(owner, member), checkMemberRole(role)); err != nil {
		return graph.Collaborator{}, fmt.Errorf("%s: %w", op, err)
	}
	out, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (graph.Collaborator, error) {
		return memberRow(ctx, tx, `
MATCH (:Space {id: $id, owner: $owner})-[:HAS_MEMBER]->(m:SpaceMember {owner: $owner, member: $member})
SET m.role = $role
RETURN m {.*} AS m`, map[string]any{"id": spaceID, "owner": string(owner), "member": string(member), "role": string(role)}, "m", collaboratorColumn)
	})
	if err != nil {
		return graph.Collaborator{}, translate(op, err)
	}
	return out, nil
}

// Collaborators lists the owner, then active members, then invitations.
func (s *Store) Collaborators(ctx context.Context, owner schema.Owner, spaceID string) ([]graph.Collaborator, error) {
	op := "list collaborators of space " + spaceID
	if err := validOwnerID(owner, "space", spaceID); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.Collaborator, error) {
		recs, err := collect(ctx, tx, `
MATCH (s:Space {id: $id, owner: $owner})
OPTIONAL MATCH (s)-[:HAS_MEMBER]->(m:SpaceMember {owner: $owner})
WITH m ORDER BY CASE m.state WHEN 'active' THEN 0 ELSE 1 END, m.member
RETURN collect(m {.*})[..$limit] AS members`, map[string]any{"id": spaceID, "owner": string(owner), "limit": graph.MaxSpaceMembers})
		if err != nil {
			return nil, err
		}
		if len(recs) == 0 {
			return nil, schema.ErrNotFound
		}
		// An aggregation answers one row even with no space: tell them apart.
		v, _ := recs[0].Get("members")
		list, _ := v.([]any)
		return collaboratorsOf(list), nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	if out == nil {
		// The aggregation answered for a Space that does not exist.
		if _, err := s.Space(ctx, owner, spaceID); err != nil {
			return nil, translate(op, err)
		}
	}
	return append([]graph.Collaborator{{UserID: owner, Role: graph.RoleOwner, State: graph.MembershipActive}}, out...), nil
}

func collaboratorsOf(list []any) []graph.Collaborator {
	var out []graph.Collaborator
	for _, v := range list {
		if m, ok := v.(map[string]any); ok {
			out = append(out, collaboratorFrom(m))
		}
	}
	return out
}

// spaceAccessCypher is the resolver: the caller's own Space, or a Space of
// another owner reached through an active membership record naming the
// caller, whose owner is the space's owner.
const spaceAccessCypher = `
MATCH (s:Space {id: $id, owner: $caller})
RETURN s {.*} AS s, s.owner AS owner, 'owner' AS role
UNION
MATCH (m:SpaceMember {member: $caller, space_id: $id, state: 'active'})<-[:HAS_MEMBER]-(s:Space {id: $id})
WHERE s.owner = m.owner AND s.owner <> $caller AND NOT coalesce(s.personal, false)
RETURN s {.*} AS s, s.owner AS owner, m.role AS role`

func accessFrom(r *neo4j.Record) (graph.SpaceAccess, error) {
	sp, err := spaceColumn(r, "s")
	if err != nil {
		return graph.SpaceAccess{}, err
	}
	m := r.AsMap()
	return graph.SpaceAccess{Owner: schema.Owner(str(m, "owner")), Space: sp, Role: graph.Role(str(m, "role"))}, nil
}

// SpaceAccess resolves what caller may do with spaceID, from the live
// records: nothing is cached.
func (s *Store) SpaceAccess(ctx context.Context, caller schema.Owner, spaceID string) (graph.SpaceAccess, error) {
	op := "resolve access to space " + spaceID
	if err := validOwnerID(caller, "space", spaceID); err != nil {
		return graph.SpaceAccess{}, fmt.Errorf("%s: %w", op, err)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (graph.SpaceAccess, error) {
		recs, err := collect(ctx, tx, spaceAccessCypher, map[string]any{"id": spaceID, "caller": string(caller)})
		if err != nil {
			return graph.SpaceAccess{}, err
		}
		if len(recs) == 0 {
			return graph.SpaceAccess{}, schema.ErrNotFound
		}
		return accessFrom(recs[0])
	})
	if err != nil {
		return graph.SpaceAccess{}, translate(op, err)
	}
	return out, nil
}

// SharedSpaces lists the member's memberships in other owners' Spaces.
func (s *Store) SharedSpaces(ctx context.Context, member schema.Owner) ([]graph.SharedSpace, error) {
	const op = "list spaces shared with the caller"
	if err := member.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.SharedSpace, error) {
		recs, err := collect(ctx, tx, `
MATCH (m:SpaceMember {member: $member})<-[:HAS_MEMBER]-(s:Space)
WHERE s.id = m.space_id AND s.owner = m.owner AND s.owner <> $member
RETURN s {.*} AS s, s.owner AS owner, m.role AS role, m.state AS state, m.invited_by AS invited_by, m.invited_at AS invited_at
ORDER BY CASE m.state WHEN 'active' THEN 0 ELSE 1 END, s.name, s.id
LIMIT $limit`, map[string]any{"member": string(member), "limit": graph.MaxSpaces})
		if err != nil {
			return nil, err
		}
		out := make([]graph.SharedSpace, 0, len(recs))
		for _, r := range recs {
			acc, err := accessFrom(r)
			if err != nil {
				return nil, err
			}
			m := r.AsMap()
			out = append(out, graph.SharedSpace{SpaceAccess: acc, State: graph.MembershipState(str(m, "state")),
				InvitedBy: schema.Owner(str(m, "invited_by")), InvitedAt: timeOf(m, "invited_at")})
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

// AcceptSpaceInvitation activates the member's invitation.
func (s *Store) AcceptSpaceInvitation(ctx context.Context, member schema.Owner, spaceID string) (graph.SpaceAccess, error) {
	op := "accept invitation to space " + spaceID
	if err := validOwnerID(member, "space", spaceID); err != nil {
		return graph.SpaceAccess{}, fmt.Errorf("%s: %w", op, err)
	}
	out, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (graph.SpaceAccess, error) {
		recs, err := collect(ctx, tx, `
MATCH (m:SpaceMember {member: $member, space_id: $id})<-[:HAS_MEMBER]-(s:Space {id: $id})
WHERE s.owner = m.owner AND s.owner <> $member
SET m.accepted_at = CASE m.state WHEN 'active' THEN m.accepted_at ELSE $now END, m.state = 'active'
RETURN s {.*} AS s, s.owner AS owner, m.role AS role`, map[string]any{"id": spaceID, "member": string(member), "now": time.Now().UTC()})
		if err != nil {
			return graph.SpaceAccess{}, err
		}
		if len(recs) == 0 {
			return graph.SpaceAccess{}, schema.ErrNotFound
		}
		return accessFrom(recs[0])
	})
	if err != nil {
		return graph.SpaceAccess{}, translate(op, err)
	}
	return out, nil
}

// LeaveSpace deletes the member's own record.
func (s *Store) LeaveSpace(ctx context.Context, member schema.Owner, spaceID string) error {
	op := "leave space " + spaceID
	if err := validOwnerID(member, "space", spaceID); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, `
MATCH (m:SpaceMember {member: $member, space_id: $id})
WHERE m.owner <> $member
DETACH DELETE m
RETURN count(*) AS n`, map[string]any{"id": spaceID, "member": string(member)})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 || integer(recs[0].AsMap(), "n") == 0 {
			return struct{}{}, schema.ErrNotFound
		}
		return struct{}{}, nil
	})
	return translate(op, err)
}
