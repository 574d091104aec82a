package neo4j

import (
	"context"
	"fmt"
	"sort"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/dbtype"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Traversal runs over the owner's entities and memories: Memory-ABOUT->
// Entity and Entity-RELATED->Entity, in either direction. One hop between
// two entities is a RELATED edge or a memory about both (two edges), so a
// depth of d entity hops allows paths of up to 2d relationships. Every node
// on a path must be the owner's.

const neighboursCypher = `
MATCH (s:Entity {id: $id, owner: $owner})
WITH coalesce(s.merged_into, s.id) AS sid
MATCH (s:Entity {id: sid, owner: $owner})
MATCH p = (s)-[:ABOUT|RELATED*1..%d]-(x)
WHERE all(n IN nodes(p) WHERE n.owner = $owner AND (NOT n:Entity OR n.merged_into IS NULL))
WITH p, length(p) AS len ORDER BY len ASC LIMIT $limit
RETURN p`

const pathsCypher = `
MATCH (a:Entity {id: $from, owner: $owner}), (b:Entity {id: $to, owner: $owner})
MATCH p = allShortestPaths((a)-[:ABOUT|RELATED*..%d]-(b))
WHERE all(n IN nodes(p) WHERE n.owner = $owner)
RETURN p LIMIT $limit`

// Neighbours implements graph.Store.
func (s *Store) Neighbours(ctx context.Context, owner schema.Owner, entityID string, depth, limit int) (graph.Subgraph, error) {
	op := "neighbours of " + entityID
	if err := owner.Validate(); err != nil {
		return graph.Subgraph{}, fmt.Errorf("%s: %w", op, err)
	}
	if depth < 1 || depth > graph.MaxTraversalDepth || limit < 1 {
		return graph.Subgraph{}, fmt.Errorf("%s: %w: depth must be 1..%d and limit positive", op, schema.ErrInvalid, graph.MaxTraversalDepth)
	}
	limit = min(limit, graph.MaxTraversalPaths)
	sg, found, err := s.traverse(ctx, fmt.Sprintf(neighboursCypher, 2*depth), map[string]any{"id": entityID, "owner": string(owner), "limit": limit}, entityID)
	if err != nil {
		return graph.Subgraph{}, translate(op, err)
	}
	if !found {
		if _, err := s.Entity(ctx, owner, entityID); err != nil {
			return graph.Subgraph{}, err
		}
	}
	return sg, nil
}

// Paths implements graph.Store.
func (s *Store) Paths(ctx context.Context, owner schema.Owner, fromID, toID string, maxDepth, limit int) (graph.Subgraph, error) {
	op := "paths from " + fromID + " to " + toID
	if err := owner.Validate(); err != nil {
		return graph.Subgraph{}, fmt.Errorf("%s: %w", op, err)
	}
	if maxDepth < 1 || maxDepth > graph.MaxPathDepth || limit < 1 {
		return graph.Subgraph{}, fmt.Errorf("%s: %w: maxDepth must be 1..%d and limit positive", op, schema.ErrInvalid, graph.MaxPathDepth)
	}
	var live []schema.Entity
	for _, id := range []string{fromID, toID} {
		d, err := s.Entity(ctx, owner, id)
		if err != nil {
			return graph.Subgraph{}, err
		}
		live = append(live, d.Entity)
	}
	if live[0].ID == live[1].ID {
		// The same entity (or two merged into one): the path of no hops.
		return graph.Subgraph{Nodes: []graph.Node{{ID: live[0].ID, Kind: "entity", Label: live[0].Name}}, Edges: []graph.Edge{}, Paths: [][]string{{live[0].ID}}}, nil
	}
	limit = min(limit, graph.MaxTraversalPaths)
	sg, _, err := s.traverse(ctx, fmt.Sprintf(pathsCypher, 2*maxDepth), map[string]any{"from": fromID, "to": toID, "owner": string(owner), "limit": limit}, "")
	if err != nil {
		return graph.Subgraph{}, translate(op, err)
	}
	return sg, nil
}

// traverse runs a query returning paths in column p and folds them into a
// subgraph with deterministic order (nodes by id, edges by from, to, type).
func (s *Store) traverse(ctx context.Context, cypher string, params map[string]any, _ string) (graph.Subgraph, bool, error) {
	type out struct {
		sg    graph.Subgraph
		found bool
	}
	res, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (out, error) {
		recs, err := collect(ctx, tx, cypher, params)
		if err != nil {
			return out{}, err
		}
		nodes := map[string]graph.Node{}
		edges := map[string]graph.Edge{}
		byElement := map[string]string{}
		var sg graph.Subgraph
		for _, r := range recs {
			v, _ := r.Get("p")
			p, ok := v.(dbtype.Path)
			if !ok {
				continue
			}
			var ids []string
			for _, n := range p.Nodes {
				id, _ := n.Props["id"].(string)
				byElement[n.ElementId] = id
				kind := "memory"
				label, _ := n.Props["claim"].(string)
				for _, l := range n.Labels {
					if l == "Entity" {
						kind = "entity"
						label, _ = n.Props["name"].(string)
					}
				}
				nodes[id] = graph.Node{ID: id, Kind: kind, Label: label}
				ids = append(ids, id)
			}
			for _, rel := range p.Relationships {
				from, to := byElement[rel.StartElementId], byElement[rel.EndElementId]
				typ := rel.Type
				if t, ok := rel.Props["type"].(string); ok && rel.Type == "RELATED" {
					typ = "RELATED:" + t
				}
				edges[from+"|"+to+"|"+typ] = graph.Edge{From: from, To: to, Type: typ}
			}
			sg.Paths = append(sg.Paths, ids)
		}
		for _, n := range nodes {
			sg.Nodes = append(sg.Nodes, n)
		}
		for _, e := range edges {
			sg.Edges = append(sg.Edges, e)
		}
		sort.Slice(sg.Nodes, func(i, j int) bool { return sg.Nodes[i].ID < sg.Nodes[j].ID })
		sort.Slice(sg.Edges, func(i, j int) bool {
			a, b := sg.Edges[i], sg.Edges[j]
			if a.From != b.From {
				return a.From < b.From
			}
			if a.To != b.To {
				return a.To < b.To
			}
			return a.Type < b.Type
		})
		if sg.Nodes == nil {
			sg.Nodes, sg.Edges, sg.Paths = []graph.Node{}, []graph.Edge{}, [][]string{}
		}
		return out{sg: sg, found: len(recs) > 0}, nil
	})
	return res.sg, res.found, err
}
