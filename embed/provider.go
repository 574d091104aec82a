package embed

import (
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// Provider names an embedding provider. cmd maps it to a constructor:
// ProviderLocal to embed/onnx, ProviderOpenAI to embed/openai,
// ProviderNone to a nil Embedder. This package imports neither adapter.
type Provider string

// The providers.
const (
	// ProviderLocal runs all-MiniLM-L6-v2 in-process (embed/onnx).
	ProviderLocal Provider = "local"
	// ProviderOpenAI calls an OpenAI-compatible /embeddings endpoint
	// (embed/openai).
	ProviderOpenAI Provider = "openai"
	// ProviderNone turns vector search off: callers get a nil Embedder and
	// degrade to lexical and graph signals.
	ProviderNone Provider = "none"
)

// Providers lists the valid names, in the order help text shows them.
func Providers() []Provider { return []Provider{ProviderLocal, ProviderOpenAI, ProviderNone} }

// ParseProvider reads a provider name, ignoring case and surrounding space.
// Anything else (the empty string included: the default is cmd's choice)
// fails with an error wrapping schema.ErrInvalid that lists the valid
// names.
func ParseProvider(s string) (Provider, error) {
	p := Provider(strings.ToLower(strings.TrimSpace(s)))
	for _, q := range Providers() {
		if p == q {
			return p, nil
		}
	}
	return "", fmt.Errorf("embedding provider %q is not one of local, openai, none: %w", s, schema.ErrInvalid)
}

// CheckCompatible reports whether vectors from e can be compared with
// vectors stored for model and dims (as recorded with a vector
// collection). A mismatch returns an error wrapping schema.ErrConflict
// that names both sides; re-embedding the collection is the way out.
// dims 0 means not recorded and is not compared, and neither is e.Dims()
// when it is 0 (a provider that learns its length from the first answer).
func CheckCompatible(e Embedder, model string, dims int) error {
	if e == nil {
		return fmt.Errorf("check embedding model: no embedder (provider none): %w", schema.ErrUnavailable)
	}
	if e.Model() != model {
		return fmt.Errorf("embedding model %q differs from %q the vectors were stored with: %w", e.Model(), model, schema.ErrConflict)
	}
	if d := e.Dims(); d != 0 && dims != 0 && d != dims {
		return fmt.Errorf("embedding model %q gives %d dimensions, the vectors were stored with %d: %w", model, d, dims, schema.ErrConflict)
	}
	return nil
}
