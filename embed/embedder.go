package embed

import "context"

// Embedder turns texts into L2-normalised vectors of Dims() dimensions, one
// per text, in order. Implementations are safe for concurrent use and return
// errors wrapping schema.ErrUnavailable when the backend cannot answer and
// schema.ErrInvalid for input they refuse.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Model names the model, e.g. "all-MiniLM-L6-v2"; stored with the
	// vector collection so a different model is refused.
	Model() string
	Dims() int
}
