package graph

import (
	"context"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Store is the graph contract. Implementations are safe for concurrent use.
// Methods return errors wrapping schema.ErrNotFound, schema.ErrInvalid,
// schema.ErrConflict or schema.ErrUnavailable.
type Store interface {
	// Ping reports whether the backend answers.
	Ping(ctx context.Context) error
	// Migrate applies the numbered migrations not yet recorded in the graph,
	// in order, and returns the names of those it applied.
	Migrate(ctx context.Context) ([]string, error)

	// CreateDocumentJob writes doc and job in one transaction: after it
	// returns nil the material is durable. job.Published is false until
	// MarkPublished.
	CreateDocumentJob(ctx context.Context, owner schema.Owner, doc schema.Document, job schema.Job) error
	// MarkPublished records that the job's message reached the queue.
	MarkPublished(ctx context.Context, owner schema.Owner, jobID string) error
	// SystemUnpublished lists jobs accepted but not yet handed to the queue,
	// oldest first, created before olderThan, at most limit.
	SystemUnpublished(ctx context.Context, olderThan time.Time, limit int) ([]schema.JobRef, error)

	// Job reads one job. A job of another owner is schema.ErrNotFound.
	Job(ctx context.Context, owner schema.Owner, id string) (schema.Job, error)
	// Document reads one document.
	Document(ctx context.Context, owner schema.Owner, id string) (schema.Document, error)
	// StartJob moves a queued (or failed-and-retrying) job to extracting and
	// increments its attempts. A completed job is returned unchanged with
	// done=true, so redelivered messages are skipped.
	StartJob(ctx context.Context, owner schema.Owner, id string) (job schema.Job, done bool, err error)
	// FailJob marks a job failed with a reason a person can read.
	FailJob(ctx context.Context, owner schema.Owner, id string, reason string) error
	// CompleteJob writes the memories extracted from the job's document,
	// each linked to it (Memory-EVIDENCED_BY->Document), and marks the job
	// completed, in one transaction. Memories are merged by id, so writing
	// the same memories twice leaves one of each.
	CompleteJob(ctx context.Context, owner schema.Owner, jobID string, mems []schema.Memory) error

	// Memories reads memories by id, in the order given, skipping ids that
	// do not exist for this owner.
	Memories(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Memory, error)
	// SearchMemories runs a full-text query over the owner's active memory
	// claims and returns at most limit hits, best first (ties by id).
	SearchMemories(ctx context.Context, owner schema.Owner, query string, limit int) ([]Hit, error)
}

// Hit is one full-text match.
type Hit struct {
	ID    string  `json:"id"`
	Score float64 `json:"score"`
}
