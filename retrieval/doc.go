// Package retrieval finds what an assistant should be told: candidate
// generation (full-text, vector, and as they land graph and temporal
// signals), fusion into one ranking, and packing into a token budget.
//
// It owns the vector-store contract (VectorStore); the Weaviate
// implementation lives in retrieval/weaviate and retrieval/vectortest holds
// the conformance suite.
package retrieval
