// Package retrieval finds what an assistant should be told: candidate
// generation, fusion into one ranking, and packing into a token budget.
//
// Candidates come from five signals: Neo4j full-text over memory claims
// and over raw conversation turns (lexical), Weaviate nearVector with the
// query's embedding (vector), the memories about the entities the query
// names and their one- and two-hop neighbours (graph), and the match of
// the query's time expressions, resolved against Query.Now with package
// temporal, with valid times and the days things were said (temporal).
// Recency, confidence and confirmation are priors. Candidates collapse
// into items, one per evidence turn (the turn with the best of the
// memories extracted from it), so a context quotes what was actually said
// once. The formula and its constants are on the constants in fusion.go
// and in docs/retrieval.md; every result carries its Breakdown
// {lexical, vector, graph, temporal, prior}, whose sum is its score; ties
// break by id. Current truth by default: superseded memories only with
// IncludeHistory.
//
// Searcher.Search returns ranked items with their score breakdowns;
// Searcher.Context renders whole items, with dates and provenance, into a
// context that fits a token budget counted exactly (retrieval/tokens,
// cl100k_base). Both page through a short-lived snapshot of the ranking
// with signed, owner-bound cursors (CursorCodec).
//
// It owns the vector-store contract (VectorStore); the Weaviate
// implementation lives in retrieval/weaviate and retrieval/vectortest holds
// the conformance suite.
package retrieval
