package onnx

import "github.com/persistmemory/persistmemory/embed"

// E5 runs an E5 model (the project's local model is intfloat/e5-small-v2):
// Embed embeds passages and EmbedQueries queries, each behind the prefix
// the model was trained with ("passage: ", "query: "). Measured on LoCoMo's
// turns (7 conversations, questions of categories 1–4), vector search alone
// finds 56.5% of the gold turns in its first 10, where all-MiniLM-L6-v2
// found 40.2%.
type E5 struct {
	embed.QueryEmbedder
	raw *Embedder
}

// OpenE5 opens the model in cfg as an E5 model.
func OpenE5(cfg Config) (*E5, error) {
	e, err := Open(cfg)
	if err != nil {
		return nil, err
	}
	return &E5{QueryEmbedder: embed.Prefixed(e, embed.E5Query, embed.E5Passage), raw: e}, nil
}

// Close releases the model (see Embedder.Close).
func (e *E5) Close() error { return e.raw.Close() }
