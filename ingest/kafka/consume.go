package kafka

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	kafkago "github.com/segmentio/kafka-go"

	"github.com/persistmemory/persistmemory/schema"
)

// Headers of a dead-lettered message, added after the original headers.
const (
	// HeaderError is the last error, as text (at most 4 KiB).
	HeaderError = "error"
	// HeaderAttempts is how many times the handler ran: "0" for a message
	// that could not be decoded.
	HeaderAttempts = "attempts"
	// HeaderTopic, HeaderPartition and HeaderOffset locate the original
	// message.
	HeaderTopic     = "original-topic"
	HeaderPartition = "original-partition"
	HeaderOffset    = "original-offset"
)

const (
	// maxErrHeader bounds the error header.
	maxErrHeader = 4096
	// commitAttempts is how often a failed commit is retried before the
	// consumer moves on (the message may then be delivered again).
	commitAttempts = 5
	// fetchBackoff is the wait after a failed fetch.
	fetchBackoff = time.Second
)

// readerConfig is the consumer-group reader's configuration. Timeouts are
// short so that a member joining or leaving rebalances in a second or two.
func (q *Queue) readerConfig() kafkago.ReaderConfig {
	return kafkago.ReaderConfig{
		Brokers:  q.cfg.Brokers,
		GroupID:  q.cfg.Group,
		Topic:    q.cfg.Topic,
		Dialer:   q.dialer(),
		MinBytes: 1,
		MaxBytes: 1 << 20,
		// Longest a fetch waits on the broker for new data; also bounds
		// how long leaving the group waits for in-flight fetches.
		MaxWait:           500 * time.Millisecond,
		HeartbeatInterval: time.Second,
		// group.min.session.timeout.ms defaults to 6 s on the broker.
		SessionTimeout:         10 * time.Second,
		RebalanceTimeout:       10 * time.Second,
		JoinGroupBackoff:       500 * time.Millisecond,
		CommitInterval:         0, // synchronous commits
		StartOffset:            kafkago.FirstOffset,
		ReadBackoffMin:         50 * time.Millisecond,
		ReadBackoffMax:         500 * time.Millisecond,
		ReadLagInterval:        -1,
		WatchPartitionChanges:  true,
		PartitionWatchInterval: 10 * time.Second,
		Logger:                 q.kafkaLogger(slog.LevelDebug - 4), // kafka-go is chatty
		ErrorLogger:            q.kafkaLogger(slog.LevelWarn),
	}
}

// Consume joins the consumer group and delivers messages to handle until
// ctx ends or the queue is closed; then it leaves the group and returns nil.
// See the package documentation for retries, dead-lettering and malformed
// messages. handle and dead get the consumer's ctx; dead may be nil.
func (q *Queue) Consume(ctx context.Context, handle func(context.Context, schema.JobRef) error, dead func(context.Context, schema.JobRef, error)) error {
	if handle == nil {
		return fmt.Errorf("kafka consume: %w: handle is nil", schema.ErrInvalid)
	}
	return q.consume(ctx, func(ctx context.Context, r *kafkago.Reader, m kafkago.Message) bool {
		return q.deliver(ctx, r, m, handle, dead)
	})
}

// consume joins the consumer group and hands each fetched message to next
// until ctx ends, the queue is closed or next returns false; then it leaves
// the group and returns nil.
func (q *Queue) consume(ctx context.Context, next func(context.Context, *kafkago.Reader, kafkago.Message) bool) error {
	if !q.enter() {
		return fmt.Errorf("kafka consume: %w: the queue is closed", schema.ErrUnavailable)
	}
	defer q.consumers.Done()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(q.closeCtx, cancel)()

	r := kafkago.NewReader(q.readerConfig())
	defer func() {
		if err := r.Close(); err != nil {
			q.log.Warn("kafka reader close", "group", q.cfg.Group, "err", err)
		}
	}()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			q.log.WarnContext(ctx, "kafka fetch failed; retrying", "topic", q.cfg.Topic, "group", q.cfg.Group, "err", err)
			if !sleep(ctx, fetchBackoff) {
				return nil
			}
			continue
		}
		if !next(ctx, r, m) {
			return nil
		}
	}
}

// deliver runs one message to completion: handled and committed, or
// dead-lettered and committed. It returns false when ctx ended first; the
// message is then left uncommitted for redelivery.
func (q *Queue) deliver(ctx context.Context, r *kafkago.Reader, m kafkago.Message, handle func(context.Context, schema.JobRef) error, dead func(context.Context, schema.JobRef, error)) bool {
	log := q.log.With("topic", m.Topic, "partition", m.Partition, "offset", m.Offset)
	ref, err := decode(m)
	attempts := 0
	if err == nil {
		for attempts = 1; ; attempts++ {
			herr := call(ctx, handle, ref)
			if herr == nil {
				return q.commit(ctx, r, m)
			}
			if ctx.Err() != nil {
				return false // stopping: leave it to the next consumer
			}
			log.WarnContext(ctx, "job handler failed", "owner", ref.Owner, "job", ref.JobID, "attempt", attempts, "err", herr)
			if attempts >= q.cfg.MaxAttempts {
				err = fmt.Errorf("job %s failed %d attempts: %w", ref.JobID, attempts, herr)
				break
			}
			if !sleep(ctx, q.cfg.backoff(attempts)) {
				return false
			}
		}
	} else {
		log.WarnContext(ctx, "malformed job message; dead-lettering", "err", err)
	}
	if !q.deadLetter(ctx, m, err, attempts) {
		return false
	}
	log.WarnContext(ctx, "job dead-lettered", "owner", ref.Owner, "job", ref.JobID, "attempts", attempts, "dead_letter_topic", q.cfg.DeadLetterTopic)
	if dead != nil {
		dead(ctx, ref, err)
	}
	return q.commit(ctx, r, m)
}

// decode reads a job reference. On failure it returns what it could (see
// the package documentation) and an error wrapping schema.ErrInvalid.
func decode(m kafkago.Message) (schema.JobRef, error) {
	var ref schema.JobRef
	if err := json.Unmarshal(m.Value, &ref); err != nil {
		ref = schema.JobRef{}
		if owner := schema.Owner(m.Key); owner.Validate() == nil {
			ref.Owner = owner
		}
		return ref, fmt.Errorf("%w: message at %s/%d@%d is not a JSON job reference: %v", schema.ErrInvalid, m.Topic, m.Partition, m.Offset, err)
	}
	if err := validRef(ref); err != nil {
		return ref, fmt.Errorf("message at %s/%d@%d is not a valid job reference: %w", m.Topic, m.Partition, m.Offset, err)
	}
	return ref, nil
}

// call runs handle, turning a panic into an error.
func call(ctx context.Context, handle func(context.Context, schema.JobRef) error, ref schema.JobRef) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("job handler panicked: %v", p)
		}
	}()
	return handle(ctx, ref)
}

// deadLetter copies m to the dead-letter topic, retrying until it succeeds
// or ctx ends (false).
func (q *Queue) deadLetter(ctx context.Context, m kafkago.Message, cause error, attempts int) bool {
	text := cause.Error()
	if len(text) > maxErrHeader {
		text = text[:maxErrHeader]
	}
	headers := append(append([]kafkago.Header(nil), m.Headers...),
		kafkago.Header{Key: HeaderError, Value: []byte(text)},
		kafkago.Header{Key: HeaderAttempts, Value: []byte(strconv.Itoa(attempts))},
		kafkago.Header{Key: HeaderTopic, Value: []byte(m.Topic)},
		kafkago.Header{Key: HeaderPartition, Value: []byte(strconv.Itoa(m.Partition))},
		kafkago.Header{Key: HeaderOffset, Value: []byte(strconv.FormatInt(m.Offset, 10))},
	)
	msg := kafkago.Message{Key: m.Key, Value: m.Value, Headers: headers}
	for try := 1; ; try++ {
		wctx, cancel := context.WithTimeout(ctx, publishTimeout)
		err := q.dead.WriteMessages(wctx, msg)
		cancel()
		if err == nil {
			return true
		}
		if ctx.Err() != nil {
			return false
		}
		q.log.ErrorContext(ctx, "kafka dead-letter write failed; retrying", "dead_letter_topic", q.cfg.DeadLetterTopic, "try", try, "err", firstWriteError(err))
		if !sleep(ctx, q.cfg.backoff(try)) {
			return false
		}
	}
}

// commit commits the offsets of ms (m is the last). The work is done, so a commit already under
// way is not cut short by ctx ending (it gets ioTimeout). A commit that keeps
// failing is logged and skipped: the message may then be delivered again,
// which at-least-once allows. It returns false when ctx ended.
func (q *Queue) commit(ctx context.Context, r *kafkago.Reader, ms ...kafkago.Message) bool {
	m := ms[len(ms)-1]
	for try := 1; ; try++ {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ioTimeout)
		err := r.CommitMessages(cctx, ms...)
		cancel()
		if err == nil {
			return ctx.Err() == nil
		}
		if ctx.Err() != nil {
			return false
		}
		q.log.WarnContext(ctx, "kafka commit failed", "topic", m.Topic, "partition", m.Partition, "offset", m.Offset, "try", try, "err", err)
		if try >= commitAttempts {
			return true
		}
		if !sleep(ctx, q.cfg.backoff(try)) {
			return false
		}
	}
}

// sleep waits d or until ctx ends; false if ctx ended.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
