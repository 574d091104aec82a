package kafka

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"time"

	kafkago "github.com/segmentio/kafka-go"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

var (
	_ ingest.Queue         = (*Queue)(nil)
	_ ingest.BatchConsumer = (*Queue)(nil)
)

const (
	// clientID names PersistMemory's connections in broker logs.
	clientID = "persistmemory"
	// ioTimeout bounds one dial, one request or one write to a broker.
	ioTimeout = 5 * time.Second
	// publishTimeout bounds a whole Publish (and each dead-letter write)
	// when ctx has no earlier deadline.
	publishTimeout = 5 * time.Second
	// topicWait bounds how long Open waits for created topics to get
	// partition leaders.
	topicWait = 15 * time.Second
)

// Queue is the Kafka job queue. It is safe for concurrent use; several
// Consume calls may run at once, each a member of the consumer group.
// Errors wrap schema.ErrUnavailable when the brokers cannot be reached and
// schema.ErrInvalid for bad input.
type Queue struct {
	cfg       Config
	log       *slog.Logger
	transport *kafkago.Transport
	jobs      *kafkago.Writer
	dead      *kafkago.Writer

	// closeCtx ends every running Consume when Close is called.
	closeCtx context.Context
	stop     context.CancelFunc

	mu        sync.Mutex
	closed    bool
	consumers sync.WaitGroup
}

// Open validates cfg, creates the job and dead-letter topics if they are
// missing, and returns a Queue ready to publish and consume. Unreachable
// brokers give an error wrapping schema.ErrUnavailable.
func Open(ctx context.Context, cfg Config) (*Queue, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	q := newQueue(cfg)
	if err := q.ensureTopics(ctx); err != nil {
		_ = q.Close()
		return nil, err
	}
	return q, nil
}

// newQueue builds the Queue without contacting a broker.
func newQueue(cfg Config) *Queue {
	cfg = cfg.withDefaults()
	q := &Queue{cfg: cfg, log: cfg.Logger}
	q.closeCtx, q.stop = context.WithCancel(context.Background())
	q.transport = &kafkago.Transport{
		DialTimeout: ioTimeout,
		ClientID:    clientID,
	}
	q.jobs = q.writer(cfg.Topic)
	q.dead = q.writer(cfg.DeadLetterTopic)
	return q
}

func (q *Queue) writer(topic string) *kafkago.Writer {
	return &kafkago.Writer{
		Addr:  kafkago.TCP(q.cfg.Brokers...),
		Topic: topic,
		// Murmur2 is the Java client's key partitioner: a key lands on the
		// same partition whichever client wrote it.
		Balancer:        &kafkago.Murmur2Balancer{},
		RequiredAcks:    kafkago.RequireAll,
		MaxAttempts:     3,
		WriteBackoffMin: 100 * time.Millisecond,
		WriteBackoffMax: time.Second,
		// Publish is synchronous: wait at most this long for other
		// messages to share the batch.
		BatchTimeout: 5 * time.Millisecond,
		ReadTimeout:  ioTimeout,
		WriteTimeout: ioTimeout,
		Transport:    q.transport,
		Logger:       q.kafkaLogger(slog.LevelDebug),
		ErrorLogger:  q.kafkaLogger(slog.LevelWarn),
	}
}

func (q *Queue) kafkaLogger(level slog.Level) kafkago.Logger {
	return kafkago.LoggerFunc(func(format string, args ...any) {
		q.log.Log(context.Background(), level, "kafka-go: "+fmt.Sprintf(format, args...))
	})
}

func (q *Queue) dialer() *kafkago.Dialer {
	return &kafkago.Dialer{Timeout: ioTimeout, ClientID: clientID}
}

// dialAny connects to the first broker that answers.
func (q *Queue) dialAny(ctx context.Context) (*kafkago.Conn, error) {
	var errs []error
	for _, b := range q.cfg.Brokers {
		conn, err := q.dialer().DialContext(ctx, "tcp", b)
		if err == nil {
			setDeadline(ctx, conn)
			return conn, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, fmt.Errorf("kafka brokers %v: %w: %w", q.cfg.Brokers, schema.ErrUnavailable, errors.Join(errs...))
}

// setDeadline bounds the requests made on conn by ctx's deadline or
// ioTimeout, whichever comes first.
func setDeadline(ctx context.Context, conn *kafkago.Conn) {
	deadline := time.Now().Add(ioTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	_ = conn.SetDeadline(deadline)
}

// ensureTopics creates the topics through the controller when they are
// missing and waits until every partition has a leader.
func (q *Queue) ensureTopics(ctx context.Context) error {
	conn, err := q.dialAny(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	brokers, err := conn.Brokers()
	if err != nil {
		return fmt.Errorf("kafka read brokers: %w: %w", schema.ErrUnavailable, err)
	}
	controller, err := conn.Controller()
	if err != nil {
		return fmt.Errorf("kafka find controller: %w: %w", schema.ErrUnavailable, err)
	}
	cconn, err := q.dialer().DialContext(ctx, "tcp", net.JoinHostPort(controller.Host, strconv.Itoa(controller.Port)))
	if err != nil {
		return fmt.Errorf("kafka controller %s:%d: %w: %w", controller.Host, controller.Port, schema.ErrUnavailable, err)
	}
	defer cconn.Close()
	setDeadline(ctx, cconn)
	replication := min(3, len(brokers))
	var topics []kafkago.TopicConfig
	for _, t := range []string{q.cfg.Topic, q.cfg.DeadLetterTopic} {
		topics = append(topics, kafkago.TopicConfig{Topic: t, NumPartitions: q.cfg.Partitions, ReplicationFactor: replication})
	}
	// An existing topic is not an error (kafka-go skips TopicAlreadyExists).
	if err := cconn.CreateTopics(topics...); err != nil {
		return fmt.Errorf("kafka create topics %s, %s: %w", q.cfg.Topic, q.cfg.DeadLetterTopic, translate(err))
	}
	return q.waitTopics(ctx, conn)
}

// waitTopics polls metadata until both topics have leaders for every
// partition, so the first Publish does not race topic creation.
func (q *Queue) waitTopics(ctx context.Context, conn *kafkago.Conn) error {
	ctx, cancel := context.WithTimeout(ctx, topicWait)
	defer cancel()
	for {
		setDeadline(ctx, conn)
		parts, err := conn.ReadPartitions(q.cfg.Topic, q.cfg.DeadLetterTopic)
		if err == nil {
			count := map[string]int{}
			ready := true
			for _, p := range parts {
				count[p.Topic]++
				if p.Leader.Host == "" || p.Leader.ID < 0 {
					ready = false
				}
			}
			if ready && count[q.cfg.Topic] > 0 && count[q.cfg.DeadLetterTopic] > 0 {
				if n := count[q.cfg.Topic]; n != q.cfg.Partitions {
					q.log.WarnContext(ctx, "kafka topic exists with another partition count; left as it is",
						"topic", q.cfg.Topic, "partitions", n, "configured", q.cfg.Partitions)
				}
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("kafka topics %s, %s have no partition leaders yet: %w: %w", q.cfg.Topic, q.cfg.DeadLetterTopic, schema.ErrUnavailable, errors.Join(ctx.Err(), err))
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// translate marks broker-side failures as unavailability.
func translate(err error) error {
	var kerr kafkago.Error
	if errors.As(err, &kerr) && !kerr.Temporary() {
		return err
	}
	return fmt.Errorf("%w: %w", schema.ErrUnavailable, err)
}

// Publish writes ref to the job topic keyed by its owner and returns once
// all in-sync replicas have it. It gives up after 5 s (or ctx's deadline)
// with an error wrapping schema.ErrUnavailable. An error does not prove the
// message was not written (a write may land after the deadline): callers
// keep the job marked unpublished and publish it again, which consumers
// tolerate because delivery is at least once anyway.
func (q *Queue) Publish(ctx context.Context, ref schema.JobRef) error {
	if err := validRef(ref); err != nil {
		return fmt.Errorf("kafka publish: %w", err)
	}
	value, err := json.Marshal(ref)
	if err != nil {
		return fmt.Errorf("kafka publish job %s: %w", ref.JobID, err)
	}
	ctx, cancel := context.WithTimeout(ctx, publishTimeout)
	defer cancel()
	err = q.jobs.WriteMessages(ctx, kafkago.Message{Key: []byte(ref.Owner), Value: value})
	if err != nil {
		return fmt.Errorf("kafka publish job %s to %s: %w: %w", ref.JobID, q.cfg.Topic, schema.ErrUnavailable, firstWriteError(err))
	}
	return nil
}

// firstWriteError unpacks kafka-go's per-message WriteErrors.
func firstWriteError(err error) error {
	var werrs kafkago.WriteErrors
	if errors.As(err, &werrs) {
		for _, e := range werrs {
			if e != nil {
				return e
			}
		}
	}
	return err
}

func validRef(ref schema.JobRef) error {
	if err := ref.Owner.Validate(); err != nil {
		return err
	}
	if ref.JobID == "" {
		return fmt.Errorf("%w: job id is empty", schema.ErrInvalid)
	}
	return nil
}

// Ping connects to a broker and reads the cluster metadata.
func (q *Queue) Ping(ctx context.Context) error {
	conn, err := q.dialAny(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.Brokers(); err != nil {
		return fmt.Errorf("kafka read metadata: %w: %w", schema.ErrUnavailable, err)
	}
	return nil
}

// Close ends every running Consume (as if its ctx had ended), waits for
// them to leave the consumer group, then closes the writers. Publish and
// Consume fail after Close.
func (q *Queue) Close() error {
	q.mu.Lock()
	already := q.closed
	q.closed = true
	q.mu.Unlock()
	if already {
		return nil
	}
	q.stop()
	q.consumers.Wait()
	err := errors.Join(q.jobs.Close(), q.dead.Close())
	q.transport.CloseIdleConnections()
	return err
}

// enter registers a consumer; false once the queue is closed.
func (q *Queue) enter() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return false
	}
	q.consumers.Add(1)
	return true
}
