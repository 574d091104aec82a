package api

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// MaxSearchSpaces bounds spaceIds on a search.
const MaxSearchSpaces = 20

// The scopes a search may name.
const (
	// ScopeOfSearchPersonal searches the caller's own Spaces only.
	ScopeOfSearchPersonal = "personal"
	// ScopeOfSearchShared searches Spaces shared with the caller only;
	// they must be named in spaceIds.
	ScopeOfSearchShared = "shared"
	// ScopeOfSearchCombined (the default) searches the caller's own
	// Spaces, and the Spaces named in spaceIds whether the caller's or
	// shared with them.
	ScopeOfSearchCombined = "combined"
)

// searchScope is what a search's scope and spaceIds select: whose graph it
// runs on and, when confined, which of that graph's Spaces.
type searchScope struct {
	owner  schema.Owner
	spaces []string // nil: every Space of owner
}

// resolveSearchScope checks scope and spaceIds against the caller's live
// access. A Space the caller cannot see is not found, as a missing one.
// One search runs on one person's graph: Spaces of different owners are
// refused with the reason.
func (s *Server) resolveSearchScope(c *gin.Context, scope string, spaceIDs []string) (searchScope, error) {
	me := owner(c)
	switch scope {
	case "", ScopeOfSearchCombined, ScopeOfSearchPersonal, ScopeOfSearchShared:
	default:
		return searchScope{}, fmt.Errorf("%w: scope %q is not one of personal, shared, combined", schema.ErrInvalid, scope)
	}
	if len(spaceIDs) > MaxSearchSpaces {
		return searchScope{}, fmt.Errorf("%w: spaceIds names %d Spaces; at most %d (MaxSearchSpaces)", schema.ErrInvalid, len(spaceIDs), MaxSearchSpaces)
	}
	if len(spaceIDs) == 0 {
		if scope == ScopeOfSearchShared {
			return searchScope{}, fmt.Errorf("%w: scope shared needs spaceIds naming the Spaces shared with you (GET /api/v1/spaces lists them)", schema.ErrInvalid)
		}
		return searchScope{owner: me}, nil
	}
	out := searchScope{}
	for _, id := range spaceIDs {
		if strings.TrimSpace(id) == "" {
			return searchScope{}, fmt.Errorf("%w: spaceIds holds an empty id", schema.ErrInvalid)
		}
		acc, err := s.cfg.Graph.SpaceAccess(c.Request.Context(), me, id)
		if errors.Is(err, schema.ErrNotFound) {
			return searchScope{}, fmt.Errorf("%w: space %s", schema.ErrNotFound, id)
		}
		if err != nil {
			return searchScope{}, err
		}
		shared := acc.Shared(me)
		switch {
		case scope == ScopeOfSearchPersonal && shared:
			return searchScope{}, fmt.Errorf("%w: the Space %q (%s) is shared with you by %s; scope personal covers your own Spaces (use combined or shared)", schema.ErrInvalid, acc.Space.Name, id, acc.Owner)
		case scope == ScopeOfSearchShared && !shared:
			return searchScope{}, fmt.Errorf("%w: the Space %q (%s) is yours; scope shared covers Spaces shared with you (use combined or personal)", schema.ErrInvalid, acc.Space.Name, id)
		}
		if out.owner != "" && out.owner != acc.Owner {
			return searchScope{}, fmt.Errorf("%w: spaceIds names Spaces of different people (%s and %s); one search runs over one person's Spaces: search them one person at a time", schema.ErrInvalid, out.owner, acc.Owner)
		}
		out.owner = acc.Owner
		if !slices.Contains(out.spaces, acc.Space.ID) {
			out.spaces = append(out.spaces, acc.Space.ID)
		}
	}
	slices.Sort(out.spaces)
	return out, nil
}

// searchTarget resolves a search request's scope, Spaces and cursor into
// whose graph it runs on, the Searcher and the cursor to hand it; on
// failure it answers the request itself (ok false).
func (s *Server) searchTarget(c *gin.Context, scope string, spaceIDs []string, cursor string) (sc searchScope, searcher *retrieval.Searcher, raw string, ok bool) {
	sc, err := s.resolveSearchScope(c, scope, spaceIDs)
	if err == nil {
		searcher, raw, err = s.searcher(sc, cursor)
	}
	if err != nil {
		fail(c, err)
		return searchScope{}, nil, "", false
	}
	return sc, searcher, raw, true
}

// searcher returns the Searcher for sc and the cursor to hand it. A
// confined search's cursors carry a tag of its Spaces, so a cursor is
// only ever continued over the Spaces it was made for.
func (s *Server) searcher(sc searchScope, cursor string) (*retrieval.Searcher, string, error) {
	tag := spacesTag(sc.spaces)
	got, raw, tagged := strings.Cut(cursor, ".")
	if !tagged {
		got, raw = "", cursor
	}
	if cursor != "" && got != tag {
		return nil, "", fmt.Errorf("%w: cursor belongs to a search over other Spaces; search again without it", schema.ErrInvalid)
	}
	if sc.spaces == nil {
		return s.cfg.Searcher, raw, nil
	}
	return s.cfg.Searcher.Over(graph.SpaceView{Store: s.cfg.Searcher.Graph, In: sc.spaces}), raw, nil
}

// spacesTag names a set of Spaces in a cursor ("" for every Space).
// Cursors are base64url, so "." separates the tag.
func spacesTag(spaces []string) string {
	if spaces == nil {
		return ""
	}
	sum := sha256.Sum256([]byte(strings.Join(spaces, ",")))
	return hex.EncodeToString(sum[:6])
}

// tagged marks a cursor with its search's Spaces.
func (sc searchScope) tagged(cursor string) string {
	if cursor == "" || sc.spaces == nil {
		return cursor
	}
	return spacesTag(sc.spaces) + "." + cursor
}
