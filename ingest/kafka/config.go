package kafka

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"regexp"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Defaults of Config's optional fields.
const (
	DefaultTopic           = "persistmemory.jobs"
	DefaultDeadLetterTopic = "persistmemory.jobs.dead"
	DefaultGroup           = "persistmemory-worker"
	DefaultPartitions      = 4
	DefaultMaxAttempts     = 5
	DefaultBackoff         = 500 * time.Millisecond
	// MaxBackoff caps the wait between two attempts at one message.
	MaxBackoff = 30 * time.Second
)

// Config configures a Queue. The zero value of an optional field means its
// default.
type Config struct {
	// Brokers are the bootstrap brokers, host:port each. Required.
	Brokers []string
	// Topic carries job references; default DefaultTopic.
	Topic string
	// DeadLetterTopic receives messages that failed MaxAttempts times or
	// could not be decoded; default DefaultDeadLetterTopic.
	DeadLetterTopic string
	// Group is the consumer group of the workers; default DefaultGroup.
	Group string
	// Partitions is the partition count of topics Open creates; default
	// DefaultPartitions. Existing topics are left as they are.
	Partitions int
	// MaxAttempts is how many times a message is handed to the handler
	// before it is dead-lettered; default DefaultMaxAttempts.
	MaxAttempts int
	// Backoff is the wait after the first failed attempt; it doubles after
	// each further failure, capped at MaxBackoff. Default DefaultBackoff.
	Backoff time.Duration
	// Logger receives diagnostics; nil discards them.
	Logger *slog.Logger
}

// Kafka topic names: at most 249 of [a-zA-Z0-9._-].
var topicName = regexp.MustCompile(`^[a-zA-Z0-9._-]{1,249}$`)

// maxPartitions bounds Config.Partitions against typos.
const maxPartitions = 1024

// Validate reports every malformed setting in one error wrapping
// schema.ErrInvalid, each named by its field.
func (c Config) Validate() error {
	var errs []error
	if len(c.Brokers) == 0 {
		errs = append(errs, errors.New("kafka Brokers is empty; give at least one host:port, e.g. 127.0.0.1:9092"))
	}
	for _, b := range c.Brokers {
		if host, port, err := net.SplitHostPort(b); err != nil || host == "" || port == "" {
			errs = append(errs, fmt.Errorf("kafka broker %q is not host:port", b))
		}
	}
	d := c.withDefaults()
	for _, t := range []struct{ field, name string }{{"Topic", d.Topic}, {"DeadLetterTopic", d.DeadLetterTopic}} {
		if !topicName.MatchString(t.name) || t.name == "." || t.name == ".." {
			errs = append(errs, fmt.Errorf("kafka %s %q is not a valid topic name (1-249 of letters, digits, '.', '_', '-')", t.field, t.name))
		}
	}
	if d.Topic == d.DeadLetterTopic {
		errs = append(errs, fmt.Errorf("kafka Topic and DeadLetterTopic are both %q; they must differ", d.Topic))
	}
	if c.Partitions < 0 || c.Partitions > maxPartitions {
		errs = append(errs, fmt.Errorf("kafka Partitions %d is outside 1..%d (0 means %d)", c.Partitions, maxPartitions, DefaultPartitions))
	}
	if c.MaxAttempts < 0 {
		errs = append(errs, fmt.Errorf("kafka MaxAttempts %d is negative (0 means %d)", c.MaxAttempts, DefaultMaxAttempts))
	}
	if c.Backoff < 0 || c.Backoff > MaxBackoff {
		errs = append(errs, fmt.Errorf("kafka Backoff %v is outside 0..%v (0 means %v)", c.Backoff, MaxBackoff, DefaultBackoff))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", schema.ErrInvalid, errors.Join(errs...))
	}
	return nil
}

func (c Config) withDefaults() Config {
	if c.Topic == "" {
		c.Topic = DefaultTopic
	}
	if c.DeadLetterTopic == "" {
		c.DeadLetterTopic = DefaultDeadLetterTopic
	}
	if c.Group == "" {
		c.Group = DefaultGroup
	}
	if c.Partitions == 0 {
		c.Partitions = DefaultPartitions
	}
	if c.MaxAttempts == 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.Backoff == 0 {
		c.Backoff = DefaultBackoff
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// backoff is the wait after the attempt-th failure (1-based).
func (c Config) backoff(attempt int) time.Duration {
	d := c.Backoff
	for i := 1; i < attempt && d < MaxBackoff; i++ {
		d *= 2
	}
	return min(d, MaxBackoff)
}
