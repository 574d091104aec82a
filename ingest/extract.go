package ingest

import (
	"context"

	"github.com/persistmemory/persistmemory/schema"
)

// Extractor turns a document into candidate memories. Candidates carry Type,
// Claim, Excerpt and Confidence (and Subject/Attribute/Value when there is
// one); the pipeline assigns ids, owner, space and times. Implementations
// are safe for concurrent use. An extractor may return no candidates: not
// everything handed to remember is worth remembering.
//
// The model-free implementation is rules.Extractor (package ingest/rules);
// llm.Extractor (package ingest/llm) calls an OpenAI-compatible model and
// falls back to the rules. The pipeline passes the owner in ctx (OwnerOf).
type Extractor interface {
	Extract(ctx context.Context, doc schema.Document) ([]schema.Memory, error)
}

// ownerKey is the context key of the owner whose document is extracted.
type ownerKey struct{}

// WithOwner returns ctx carrying the owner whose document an Extractor is
// about to read. The pipeline sets it, so an extractor that calls a paid
// model can record the usage against that owner.
func WithOwner(ctx context.Context, owner schema.Owner) context.Context {
	return context.WithValue(ctx, ownerKey{}, owner)
}

// OwnerOf returns the owner WithOwner put in ctx; ok is false when there is
// none (an extractor called outside the pipeline, e.g. by a benchmark).
func OwnerOf(ctx context.Context) (owner schema.Owner, ok bool) {
	owner, ok = ctx.Value(ownerKey{}).(schema.Owner)
	return owner, ok && owner != ""
}
