package ingest

import (
	"context"

	"github.com/persistmemory/persistmemory/schema"
)

// Queue carries job references from the API to workers. Implementations are
// safe for concurrent use.
type Queue interface {
	// Publish hands ref to the queue; when it returns nil the broker has
	// acknowledged the message.
	Publish(ctx context.Context, ref schema.JobRef) error
	// Consume delivers messages to handle until ctx ends, at least once: a
	// message is committed only after handle returns nil. When handle fails,
	// it is retried with backoff up to the configured number of attempts and
	// then written to the dead-letter topic with the last error, and
	// consumption moves on (the partition is never blocked).
	// dead is called once for each message sent to the dead-letter topic.
	Consume(ctx context.Context, handle func(context.Context, schema.JobRef) error, dead func(context.Context, schema.JobRef, error)) error
	// Ping reports whether the broker answers.
	Ping(ctx context.Context) error
	Close() error
}

// BatchConsumer is a Queue that can hand a worker every message already
// waiting at once. ConsumeBatches is Consume, except that it passes up to
// max references to handleBatch and commits them together when it returns
// nil; when it fails (or a message cannot be decoded) each message of the
// batch goes through handle on its own, with Consume's retries and
// dead-lettering.
type BatchConsumer interface {
	ConsumeBatches(ctx context.Context, max int, handleBatch func(context.Context, []schema.JobRef) error, handle func(context.Context, schema.JobRef) error, dead func(context.Context, schema.JobRef, error)) error
}
