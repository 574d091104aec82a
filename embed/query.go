package embed

import "context"

// QueryEmbedder is an Embedder for an asymmetric model, one that embeds a
// search query differently from the passages it is compared with (E5 reads
// "query: " and "passage: " before a text). Embed embeds passages.
type QueryEmbedder interface {
	Embedder
	// EmbedQueries embeds texts as search queries.
	EmbedQueries(ctx context.Context, texts []string) ([][]float32, error)
}

// Queries embeds texts as search queries: through EmbedQueries when e is a
// QueryEmbedder, else through Embed.
func Queries(ctx context.Context, e Embedder, texts []string) ([][]float32, error) {
	if q, ok := e.(QueryEmbedder); ok {
		return q.EmbedQueries(ctx, texts)
	}
	return e.Embed(ctx, texts)
}

// Prefixed returns a QueryEmbedder that puts passage before every text it
// embeds as a passage and query before every query, as E5 models were
// trained (E5Query, E5Passage). Model and Dims are e's.
func Prefixed(e Embedder, query, passage string) QueryEmbedder {
	return prefixed{e: e, query: query, passage: passage}
}

// The prefixes of the E5 family (intfloat/e5-*): a text to be found is a
// passage, a question a query.
const (
	E5Query   = "query: "
	E5Passage = "passage: "
)

type prefixed struct {
	e              Embedder
	query, passage string
}

func (p prefixed) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	return p.e.Embed(ctx, withPrefix(p.passage, texts))
}

func (p prefixed) EmbedQueries(ctx context.Context, texts []string) ([][]float32, error) {
	return p.e.Embed(ctx, withPrefix(p.query, texts))
}

func (p prefixed) Model() string { return p.e.Model() }
func (p prefixed) Dims() int     { return p.e.Dims() }

func withPrefix(prefix string, texts []string) []string {
	if prefix == "" {
		return texts
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = prefix + t
	}
	return out
}
