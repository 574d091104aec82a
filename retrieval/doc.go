// Package retrieval finds what an assistant should be told: candidate
// generation (full-text, vector, and as they land graph and temporal
// signals), fusion into one ranking, and packing into a token budget.
//
// Searcher.Search returns ranked memories with their score breakdowns;
// Searcher.Context renders whole memories, with dates and provenance, into
// a context that fits a token budget counted exactly (retrieval/tokens,
// cl100k_base). Both page through a short-lived snapshot of the ranking
// with signed, owner-bound cursors (CursorCodec).
//
// It owns the vector-store contract (VectorStore); the Weaviate
// implementation lives in retrieval/weaviate and retrieval/vectortest holds
// the conformance suite.
package retrieval
