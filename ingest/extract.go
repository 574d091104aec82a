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
// The model-free implementation is rules.Extractor (package ingest/rules).
type Extractor interface {
	Extract(ctx context.Context, doc schema.Document) ([]schema.Memory, error)
}
