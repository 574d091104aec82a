package neo4j

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Full-text search.
//
// Owner isolation inside Lucene: the memory_claims index covers claim and
// owner_key, and every query requires owner_key to be the caller's. Filtering
// on node.owner only after Lucene's top-k would let another owner's matches
// push this owner's out of the pool; putting the raw owner id into Lucene
// would not be exact, because the standard analyzer splits ids at . @ -
// ("a@b.c" and "a-b.c" both become the tokens a, b.c). owner_key is
// "o" + hex(sha256(owner))[:32], one lower-case alphanumeric token the
// analyzer keeps whole, and node.owner = $owner is checked again on every
// hit, so a key collision could cost ranking but never leak.
//
// The owner clause has boost 0, so it adds nothing to the score: a hit
// scores above 0 only through a claim term. If every word of a query
// analyzes away (Lucene then drops the claim clause), the owner clause alone
// would match all the owner's memories; requiring score > 0 makes that case
// return nothing.
//
// User text is never parsed as Lucene syntax: it is split on white space,
// lower-cased (so AND, OR, NOT are words, not operators), stripped of words
// without a letter or digit, bounded, and every special character is
// backslash-escaped.

// Bounds on the user's query: Lucene refuses queries with more than 1024
// clauses, and a word can analyze into one clause per letter (CJK).
const (
	maxQueryWords   = 32
	maxQueryLetters = 256
)

// ownerKey is the token under which owner's nodes are indexed for
// full-text search.
func ownerKey(owner schema.Owner) string {
	sum := sha256.Sum256([]byte(owner))
	return "o" + hex.EncodeToString(sum[:16])
}

// luceneSpecial are the characters the classic query parser treats as
// syntax. & and | are escaped one by one, which also covers && and ||.
const luceneSpecial = `+-&|!(){}[]^"~*?:\/`

// claimTerms turns user text into escaped Lucene terms for the claim
// field, or "" when nothing searchable is left.
func claimTerms(q string) string {
	var (
		words   []string
		seen    = map[string]bool{}
		letters int
	)
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if len(words) == maxQueryWords || letters >= maxQueryLetters {
			break
		}
		var b strings.Builder
		n := 0
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				if letters+n == maxQueryLetters {
					break
				}
				n++
			}
			if strings.ContainsRune(luceneSpecial, r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		if n == 0 || seen[b.String()] {
			continue
		}
		seen[b.String()] = true
		letters += n
		words = append(words, b.String())
	}
	return strings.Join(words, " ")
}

// luceneQuery is the full query over memory claims for owner and the
// user's text, or "" when nothing is searchable.
func luceneQuery(owner schema.Owner, q string) string {
	return luceneFieldQuery(owner, "claim", q)
}

// luceneFieldQuery is the full query over field for owner and the user's
// text, or "" when nothing is searchable.
func luceneFieldQuery(owner schema.Owner, field, q string) string {
	terms := claimTerms(q)
	if terms == "" {
		return ""
	}
	return "+owner_key:" + ownerKey(owner) + "^0 +" + field + ":(" + terms + ")"
}

// Lucene returns its best lucenePool(limit) hits by score (a top-k
// collector: a query of common words no longer walks every match); the
// owner clause already restricts it to this owner's memories, and Cypher
// re-ranks what it returns with ties broken by id. The cut is four times
// the limit, so only hits tied with the last of those could be left out.
// A search confined to Spaces is not cut: the other Spaces' hits could
// fill any pool. Current memories are the active and the disputed ones: a
// conflict retires neither side.
const searchMemoriesCypher = `
CALL db.index.fulltext.queryNodes('memory_claims', $query, {limit: $pool}) YIELD node, score
WHERE score > 0 AND node.owner = $owner AND node.state IN ['active', 'disputed']
RETURN node.id AS id, score
ORDER BY score DESC, id ASC
LIMIT $limit`

const searchMemoriesInCypher = `
CALL db.index.fulltext.queryNodes('memory_claims', $query) YIELD node, score
WHERE score > 0 AND node.owner = $owner AND node.state IN ['active', 'disputed']
  AND node.space_id IN $spaces
RETURN node.id AS id, score
ORDER BY score DESC, id ASC
LIMIT $limit`

// Lucene's cut (see searchMemoriesCypher).
const (
	luceneOverfetch = 4
	maxLucenePool   = 4000
)

// lucenePool is how many hits Lucene returns for a ranking of limit.
func lucenePool(limit int) int { return max(limit, min(limit*luceneOverfetch, maxLucenePool)) }

// SearchMemories ranks the owner's current (active or disputed) memories
// by how well their claims match query (Lucene BM25 over the english
// analyzer), best first, ties by id. Any text is accepted: it is searched
// as plain words, never as Lucene syntax, and text with no words returns
// no hits. Only the first 32 words and 256 letters count.
func (s *Store) SearchMemories(ctx context.Context, owner schema.Owner, query string, limit int) ([]graph.Hit, error) {
	return s.searchMemories(ctx, "search memories", owner, nil, query, limit)
}

// SearchMemoriesIn is SearchMemories over the memories filed in one of
// spaceIDs; none means all.
func (s *Store) SearchMemoriesIn(ctx context.Context, owner schema.Owner, spaceIDs []string, query string, limit int) ([]graph.Hit, error) {
	return s.searchMemories(ctx, "search memories in spaces", owner, spaceIDs, query, limit)
}

func (s *Store) searchMemories(ctx context.Context, op string, owner schema.Owner, spaceIDs []string, query string, limit int) ([]graph.Hit, error) {
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if limit <= 0 {
		return nil, fmt.Errorf("%s: %w: limit %d is not positive", op, schema.ErrInvalid, limit)
	}
	lq := luceneQuery(owner, query)
	if lq == "" {
		return []graph.Hit{}, nil
	}
	cypher, params := searchMemoriesCypher, map[string]any{"query": lq, "owner": string(owner), "limit": limit, "pool": lucenePool(limit)}
	if len(spaceIDs) > 0 {
		cypher, params["spaces"] = searchMemoriesInCypher, spaceIDs
	}
	hits, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.Hit, error) {
		recs, err := collect(ctx, tx, cypher, params)
		if err != nil {
			return nil, err
		}
		hits := make([]graph.Hit, 0, len(recs))
		for _, r := range recs {
			m := r.AsMap()
			hits = append(hits, graph.Hit{ID: str(m, "id"), Score: float(m, "score")})
		}
		return hits, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return hits, nil
}

const similarClaimsCypher = `
CALL db.index.fulltext.queryNodes('memory_claims', $query, {limit: $pool}) YIELD node, score
WHERE score > 0 AND node.owner = $owner AND node.state IN ['active', 'disputed']
WITH node AS m, score
ORDER BY score DESC, m.id ASC
LIMIT $limit
RETURN ` + memoryProjection + ` AS m, score
ORDER BY score DESC, m.id ASC`

// SimilarClaims ranks current memories by how well their claims match
// claim, returning the memories themselves.
func (s *Store) SimilarClaims(ctx context.Context, owner schema.Owner, claim string, limit int) ([]graph.MemoryHit, error) {
	const op = "find similar claims"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxLookup)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	lq := luceneQuery(owner, claim)
	if lq == "" {
		return []graph.MemoryHit{}, nil
	}
	hits, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.MemoryHit, error) {
		recs, err := collect(ctx, tx, similarClaimsCypher, map[string]any{"query": lq, "owner": string(owner), "limit": limit, "pool": lucenePool(limit)})
		if err != nil {
			return nil, err
		}
		hits := make([]graph.MemoryHit, 0, len(recs))
		for _, r := range recs {
			mem, err := memoryColumn(r, "m")
			if err != nil {
				return nil, err
			}
			hits = append(hits, graph.MemoryHit{Memory: mem, Score: float(r.AsMap(), "score")})
		}
		return hits, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return hits, nil
}
