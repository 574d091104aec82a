package graph

import (
	"context"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// MaxUsageModels bounds the models a UsageReport lists.
const MaxUsageModels = 100

// UsageStore records the language-model calls made on an owner's behalf
// (extraction, when an LLM extractor is configured) and sums them for
// usage_report.
type UsageStore interface {
	// RecordUsage stores one call. An empty rec.ID becomes a new id and a
	// zero rec.At means now. Storing an id this owner already has changes
	// nothing (a retried write stores one record); an id of another owner
	// is schema.ErrConflict. A record rec.Validate refuses is
	// schema.ErrInvalid.
	RecordUsage(ctx context.Context, owner schema.Owner, rec schema.UsageRecord) error
	// UsageReport sums the owner's calls made at or after since (zero:
	// every call), per model ordered by name, at most MaxUsageModels, and
	// in total over every model (Total.Model is "all"). Failed calls are
	// counted in Calls and in FailedCalls. No calls is an empty report
	// (Models empty, not nil), not an error.
	UsageReport(ctx context.Context, owner schema.Owner, since time.Time) (schema.UsageReport, error)
}
