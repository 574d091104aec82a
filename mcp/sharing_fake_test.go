package mcp

import (
	"context"
	"fmt"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// The fake graph shares nothing: the resolver answers for the caller's own
// Spaces only, as the real one does for a person nobody shared with.
// Sharing itself is tested against Neo4j (sharing_test.go).

func (g *fakeGraph) SpaceAccess(ctx context.Context, caller schema.Owner, id string) (graph.SpaceAccess, error) {
	sp, err := g.Space(ctx, caller, id)
	if err != nil {
		return graph.SpaceAccess{}, err
	}
	return graph.SpaceAccess{Owner: caller, Space: sp, Role: graph.RoleOwner}, nil
}

func (g *fakeGraph) SharedSpaces(context.Context, schema.Owner) ([]graph.SharedSpace, error) {
	return nil, nil
}

func (g *fakeGraph) AcceptSpaceInvitation(_ context.Context, _ schema.Owner, id string) (graph.SpaceAccess, error) {
	return graph.SpaceAccess{}, fmt.Errorf("invitation to %s: %w", id, schema.ErrNotFound)
}

func (g *fakeGraph) Collaborators(ctx context.Context, owner schema.Owner, id string) ([]graph.Collaborator, error) {
	if _, err := g.Space(ctx, owner, id); err != nil {
		return nil, err
	}
	return []graph.Collaborator{{UserID: owner, Role: graph.RoleOwner, State: graph.MembershipActive}}, nil
}
