package neo4j

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Spaces: (:Space {id, owner, name, personal, created_at}); memories are
// filed with Memory-IN->Space and keep the id in space_id too, for
// filtering search hits without a traversal.

// personalSpaceName is the name the personal space starts with.
const personalSpaceName = "Personal"

const ensurePersonalSpaceCypher = `
MERGE (s:Space {id: $id, owner: $owner})
ON CREATE SET s.name = $name, s.personal = true, s.created_at = $now
RETURN s {.*} AS s`

func ensurePersonalSpace(ctx context.Context, tx neo4j.ManagedTransaction, owner schema.Owner, t time.Time) (schema.Space, error) {
	recs, err := collect(ctx, tx, ensurePersonalSpaceCypher, map[string]any{
		"id": graph.PersonalSpaceID(owner), "owner": string(owner), "name": personalSpaceName, "now": t,
	})
	if err != nil {
		return schema.Space{}, err
	}
	if len(recs) == 0 {
		return schema.Space{}, fmt.Errorf("personal space: no row returned")
	}
	return spaceColumn(recs[0], "s")
}

func spaceColumn(r *neo4j.Record, col string) (schema.Space, error) {
	v, _ := r.Get(col)
	m, err := asMap(v, col)
	if err != nil {
		return schema.Space{}, err
	}
	return spaceFrom(m), nil
}

func spaceFrom(m map[string]any) schema.Space {
	return schema.Space{
		ID:        str(m, "id"),
		Name:      str(m, "name"),
		Personal:  boolean(m, "personal"),
		CreatedAt: timeOf(m, "created_at"),
	}
}

// EnsurePersonalSpace returns the owner's personal space, creating it the
// first time. The id is derived from the owner, so racing callers MERGE
// the same node.
func (s *Store) EnsurePersonalSpace(ctx context.Context, owner schema.Owner) (schema.Space, error) {
	const op = "ensure personal space"
	if err := owner.Validate(); err != nil {
		return schema.Space{}, fmt.Errorf("%s: %w", op, err)
	}
	sp, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (schema.Space, error) {
		return ensurePersonalSpace(ctx, tx, owner, now())
	})
	if err != nil {
		return schema.Space{}, translate(op, err)
	}
	return sp, nil
}

// spaceName trims name and checks it.
func spaceName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", fmt.Errorf("%w: space name is empty", schema.ErrInvalid)
	case !utf8.ValidString(name):
		return "", fmt.Errorf("%w: space name is not valid UTF-8", schema.ErrInvalid)
	case len(name) > graph.MaxSpaceNameBytes:
		return "", fmt.Errorf("%w: space name is longer than %d bytes", schema.ErrInvalid, graph.MaxSpaceNameBytes)
	}
	return name, nil
}

// CreateSpace creates a space. An id in use is schema.ErrConflict (the
// identity constraint on Space.id, whoever holds it).
func (s *Store) CreateSpace(ctx context.Context, owner schema.Owner, sp schema.Space) (schema.Space, error) {
	op := "create space " + sp.ID
	if err := validOwnerID(owner, "space", sp.ID); err != nil {
		return schema.Space{}, fmt.Errorf("%s: %w", op, err)
	}
	if sp.Personal || sp.ID == graph.PersonalSpaceID(owner) {
		return schema.Space{}, fmt.Errorf("%s: %w: the personal space is made by EnsurePersonalSpace", op, schema.ErrInvalid)
	}
	name, err := spaceName(sp.Name)
	if err != nil {
		return schema.Space{}, fmt.Errorf("%s: %w", op, err)
	}
	created := sp.CreatedAt
	if created.IsZero() {
		created = now()
	}
	out, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (schema.Space, error) {
		recs, err := collect(ctx, tx, `
CREATE (s:Space {id: $id, owner: $owner, name: $name, personal: false, created_at: $created_at})
RETURN s {.*} AS s`, map[string]any{"id": sp.ID, "owner": string(owner), "name": name, "created_at": utc(created)})
		if err != nil {
			return schema.Space{}, err
		}
		return spaceColumn(recs[0], "s")
	})
	if err != nil {
		return schema.Space{}, translate(op, err)
	}
	return out, nil
}

// RenameSpace renames a space and returns it.
func (s *Store) RenameSpace(ctx context.Context, owner schema.Owner, id, name string) (schema.Space, error) {
	op := "rename space " + id
	if err := validOwnerID(owner, "space", id); err != nil {
		return schema.Space{}, fmt.Errorf("%s: %w", op, err)
	}
	name, err := spaceName(name)
	if err != nil {
		return schema.Space{}, fmt.Errorf("%s: %w", op, err)
	}
	out, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (schema.Space, error) {
		recs, err := collect(ctx, tx, `
MATCH (s:Space {id: $id, owner: $owner})
SET s.name = $name
RETURN s {.*} AS s`, map[string]any{"id": id, "owner": string(owner), "name": name})
		if err != nil {
			return schema.Space{}, err
		}
		if len(recs) == 0 {
			return schema.Space{}, schema.ErrNotFound
		}
		return spaceColumn(recs[0], "s")
	})
	if err != nil {
		return schema.Space{}, translate(op, err)
	}
	return out, nil
}

// DeleteSpace deletes an empty space that is not the personal one. The
// space is locked before its memories are counted, so a memory filed
// concurrently either lands before the count (and the delete is refused)
// or fails to find the space.
func (s *Store) DeleteSpace(ctx context.Context, owner schema.Owner, id string) error {
	op := "delete space " + id
	if err := validOwnerID(owner, "space", id); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, `
MATCH (s:Space {id: $id, owner: $owner})
SET s._lock = true
RETURN s.personal AS personal, size([(m:Memory {owner: $owner})-[:IN]->(s) | 1]) AS memories`,
			map[string]any{"id": id, "owner": string(owner)})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 {
			return struct{}{}, schema.ErrNotFound
		}
		m := recs[0].AsMap()
		if boolean(m, "personal") {
			return struct{}{}, fmt.Errorf("%w: the personal space cannot be deleted", schema.ErrConflict)
		}
		if n := integer(m, "memories"); n > 0 {
			return struct{}{}, fmt.Errorf("%w: the space holds %d memories; move or retract them first", schema.ErrConflict, n)
		}
		// Its membership records go with it (graph.SharingStore).
		_, err = collect(ctx, tx, `MATCH (s:Space {id: $id, owner: $owner}) OPTIONAL MATCH (s)-[:HAS_MEMBER]->(m:SpaceMember {owner: $owner}) DETACH DELETE s, m`,
			map[string]any{"id": id, "owner": string(owner)})
		return struct{}{}, err
	})
	return translate(op, err)
}

// Spaces lists the owner's spaces: personal first, then by name, ties by
// id.
func (s *Store) Spaces(ctx context.Context, owner schema.Owner) ([]schema.Space, error) {
	const op = "list spaces"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.Space, error) {
		return queryColumn(ctx, tx, `
MATCH (s:Space {owner: $owner})
RETURN s {.*} AS s
ORDER BY s.personal DESC, s.name ASC, s.id ASC
LIMIT $limit`, map[string]any{"owner": string(owner), "limit": graph.MaxSpaces}, "s", spaceColumn)
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

// Space reads one space.
func (s *Store) Space(ctx context.Context, owner schema.Owner, id string) (schema.Space, error) {
	op := "read space " + id
	if err := validOwnerID(owner, "space", id); err != nil {
		return schema.Space{}, fmt.Errorf("%s: %w", op, err)
	}
	sp, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (schema.Space, error) {
		recs, err := collect(ctx, tx, `MATCH (s:Space {id: $id, owner: $owner}) RETURN s {.*} AS s`,
			map[string]any{"id": id, "owner": string(owner)})
		if err != nil {
			return schema.Space{}, err
		}
		if len(recs) == 0 {
			return schema.Space{}, schema.ErrNotFound
		}
		return spaceColumn(recs[0], "s")
	})
	if err != nil {
		return schema.Space{}, translate(op, err)
	}
	return sp, nil
}
