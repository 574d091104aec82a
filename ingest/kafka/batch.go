package kafka

import (
	"context"
	"fmt"
	"time"

	kafkago "github.com/segmentio/kafka-go"

	"github.com/persistmemory/persistmemory/schema"
)

// batchLinger is how long a consumer waits for one more message once it has
// one: long enough to collect what the reader has already fetched, short
// enough that a lone message is handled at once.
const batchLinger = 2 * time.Millisecond

// ConsumeBatches is Consume with batches: it hands handleBatch every
// message already waiting (up to max) and commits them together when it
// returns nil. When the batch fails, or a message in it cannot be decoded,
// every message of the batch is delivered on its own as Consume delivers
// it (handle with retries, then the dead-letter topic), so a failing job
// never holds back the others for longer than one batch attempt. handle
// must be idempotent, since jobs of a failed batch run again.
func (q *Queue) ConsumeBatches(ctx context.Context, max int, handleBatch func(context.Context, []schema.JobRef) error, handle func(context.Context, schema.JobRef) error, dead func(context.Context, schema.JobRef, error)) error {
	if handleBatch == nil || handle == nil {
		return fmt.Errorf("kafka consume: %w: a handler is nil", schema.ErrInvalid)
	}
	if max < 1 {
		return fmt.Errorf("kafka consume: %w: batch size %d is not positive", schema.ErrInvalid, max)
	}
	return q.consume(ctx, func(ctx context.Context, r *kafkago.Reader, m kafkago.Message) bool {
		batch := append(make([]kafkago.Message, 0, max), m)
		for len(batch) < max {
			lctx, lcancel := context.WithTimeout(ctx, batchLinger)
			next, err := r.FetchMessage(lctx)
			lcancel()
			if err != nil {
				break // nothing more waiting (or stopping: handled below)
			}
			batch = append(batch, next)
		}
		return q.deliverBatch(ctx, r, batch, handleBatch, handle, dead)
	})
}

// deliverBatch runs one batch to completion; see ConsumeBatches. It returns
// false when ctx ended first; what was not committed is then delivered
// again to the next consumer.
func (q *Queue) deliverBatch(ctx context.Context, r *kafkago.Reader, batch []kafkago.Message, handleBatch func(context.Context, []schema.JobRef) error, handle func(context.Context, schema.JobRef) error, dead func(context.Context, schema.JobRef, error)) bool {
	refs := make([]schema.JobRef, 0, len(batch))
	whole := true
	for _, m := range batch {
		ref, err := decode(m)
		if err != nil {
			whole = false
			break
		}
		refs = append(refs, ref)
	}
	if whole {
		err := callBatch(ctx, handleBatch, refs)
		if err == nil {
			return q.commit(ctx, r, batch...)
		}
		if ctx.Err() != nil {
			return false
		}
		q.log.WarnContext(ctx, "job batch failed; delivering its messages one by one", "messages", len(batch), "err", err)
	}
	for _, m := range batch {
		if !q.deliver(ctx, r, m, handle, dead) {
			return false
		}
	}
	return true
}

// callBatch runs handleBatch, turning a panic into an error.
func callBatch(ctx context.Context, handleBatch func(context.Context, []schema.JobRef) error, refs []schema.JobRef) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("job batch handler panicked: %v", p)
		}
	}()
	return handleBatch(ctx, refs)
}
