package retrieval

import (
	"context"

	"github.com/persistmemory/persistmemory/schema"
)

// VectorStore holds embeddings of memories. It is a derived index: every
// vector can be rebuilt from the graph. Implementations are safe for
// concurrent use; every method is scoped by owner.
type VectorStore interface {
	// Ping reports whether the backend answers.
	Ping(ctx context.Context) error
	// Ensure creates the collection if it is missing, recording model and
	// dims. If it exists with another model or dimension it returns an error
	// wrapping schema.ErrConflict whose message names both models: vectors
	// of two models share no geometry.
	Ensure(ctx context.Context, model string, dims int) error
	// Upsert writes vectors; writing the same id twice replaces it.
	Upsert(ctx context.Context, owner schema.Owner, recs []VectorRecord) error
	// Search returns the owner's nearest vectors to v, at most limit, best
	// first (ties by id).
	Search(ctx context.Context, owner schema.Owner, v []float32, limit int) ([]VectorHit, error)
	// Delete removes the owner's vectors with these ids; missing ids are
	// ignored.
	Delete(ctx context.Context, owner schema.Owner, ids []string) error
}

// VectorRecord is one memory's embedding.
type VectorRecord struct {
	ID     string
	Vector []float32
	// Text is stored beside the vector for diagnostics only.
	Text string
}

// VectorHit is one nearest neighbour. Score is cosine similarity in [-1, 1].
type VectorHit struct {
	ID    string
	Score float64
}
