package kafka_test

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	kafkago "github.com/segmentio/kafka-go"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/kafka"
	"github.com/persistmemory/persistmemory/ingest/queuetest"
	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/schema"
)

func brokers() []string {
	return strings.Split(testenv.Get("KAFKA_BROKERS"), ",")
}

// testConfig is a queue on fresh topics and a fresh group, with the
// suite's attempts and backoff.
func testConfig() kafka.Config {
	topic := queuetest.UniqueName("queuetest.")
	return kafka.Config{
		Brokers:         brokers(),
		Topic:           topic,
		DeadLetterTopic: topic + ".dead",
		Group:           queuetest.UniqueName("queuetest-"),
		Partitions:      2,
		MaxAttempts:     queuetest.MaxAttempts,
		Backoff:         queuetest.Backoff,
		Logger:          testLogger(),
	}
}

// testLogger shows the queue's and kafka-go's logs when KAFKA_TEST_LOG is
// set (a slog level: -8 shows everything).
func testLogger() *slog.Logger {
	v := os.Getenv("KAFKA_TEST_LOG")
	if v == "" {
		return nil
	}
	level, err := strconv.Atoi(v)
	if err != nil {
		level = int(slog.LevelDebug)
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.Level(level)}))
}

func open(t *testing.T, cfg kafka.Config) *kafka.Queue {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	q, err := kafka.Open(ctx, cfg)
	if errors.Is(err, schema.ErrUnavailable) {
		testenv.Unavailable(t, "kafka at %v: %v", cfg.Brokers, err)
	}
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := q.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		deleteTopics(cfg.Brokers, cfg.Topic, cfg.DeadLetterTopic)
	})
	return q
}

// deleteTopics removes a test's topics; failures only leave litter.
func deleteTopics(brokers []string, topics ...string) {
	conn, err := kafkago.Dial("tcp", brokers[0])
	if err != nil {
		return
	}
	defer conn.Close()
	c, err := conn.Controller()
	if err != nil {
		return
	}
	cc, err := kafkago.Dial("tcp", net.JoinHostPort(c.Host, strconv.Itoa(c.Port)))
	if err != nil {
		return
	}
	defer cc.Close()
	_ = cc.DeleteTopics(topics...)
}

// rawQueue adds queuetest.RawPublisher to a Queue for the malformed-message
// test; production code has no business publishing raw bytes.
type rawQueue struct {
	*kafka.Queue
	w *kafkago.Writer
}

func (r rawQueue) PublishRaw(ctx context.Context, key, value []byte) error {
	return r.w.WriteMessages(ctx, kafkago.Message{Key: key, Value: value})
}

func withRaw(t *testing.T, q *kafka.Queue, cfg kafka.Config) rawQueue {
	w := &kafkago.Writer{
		Addr:         kafkago.TCP(cfg.Brokers...),
		Topic:        cfg.Topic,
		Balancer:     &kafkago.Murmur2Balancer{},
		RequiredAcks: kafkago.RequireAll,
		BatchTimeout: time.Millisecond,
		// Its own transport: the default one caches metadata from before
		// the test's topics existed.
		Transport: &kafkago.Transport{},
	}
	t.Cleanup(func() { _ = w.Close() })
	return rawQueue{Queue: q, w: w}
}

func TestConformance(t *testing.T) {
	open(t, testConfig()) // skip or fail once, before the parallel subtests
	queuetest.Run(t, func(t *testing.T) ingest.Queue {
		cfg := testConfig()
		return withRaw(t, open(t, cfg), cfg)
	})
}

func TestDeadLetterHeaders(t *testing.T) {
	cfg := testConfig()
	q := open(t, cfg)
	raw := withRaw(t, q, cfg)
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	poison := schema.JobRef{Owner: "alice", JobID: "job_poison"}
	if err := q.Publish(ctx, poison); err != nil {
		t.Fatal(err)
	}
	if err := raw.PublishRaw(ctx, []byte("bob"), []byte("{")); err != nil {
		t.Fatal(err)
	}
	handlerErr := errors.New("extraction failed: model overloaded")
	deadCalls := make(chan schema.JobRef, 2)
	cctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- q.Consume(cctx,
			func(context.Context, schema.JobRef) error { return handlerErr },
			func(_ context.Context, r schema.JobRef, _ error) { deadCalls <- r })
	}()
	for range 2 {
		select {
		case <-deadCalls:
		case <-ctx.Done():
			t.Fatal("timed out waiting for dead-lettering")
		}
	}
	stop()
	if err := <-done; err != nil {
		t.Errorf("Consume: %v", err)
	}

	r := kafkago.NewReader(kafkago.ReaderConfig{
		Brokers: cfg.Brokers, Topic: cfg.DeadLetterTopic, GroupID: queuetest.UniqueName("dlq-reader-"),
		StartOffset: kafkago.FirstOffset, MaxWait: 500 * time.Millisecond,
		HeartbeatInterval: time.Second, SessionTimeout: 10 * time.Second, RebalanceTimeout: 10 * time.Second,
	})
	defer r.Close()
	got := map[string]kafkago.Message{}
	for len(got) < 2 {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			t.Fatalf("read dead-letter topic: %v", err)
		}
		got[string(m.Key)] = m
	}
	headers := func(m kafkago.Message) map[string]string {
		h := map[string]string{}
		for _, x := range m.Headers {
			h[x.Key] = string(x.Value)
		}
		return h
	}
	a := got["alice"]
	ha := headers(a)
	if !strings.Contains(ha[kafka.HeaderError], handlerErr.Error()) || ha[kafka.HeaderAttempts] != strconv.Itoa(queuetest.MaxAttempts) ||
		ha[kafka.HeaderTopic] != cfg.Topic || ha[kafka.HeaderPartition] == "" || ha[kafka.HeaderOffset] != "0" {
		t.Errorf("dead-letter headers of the failed job = %v", ha)
	}
	if want := `{"owner":"alice","jobId":"job_poison"}`; string(a.Value) != want {
		t.Errorf("dead-letter value = %s, want the original %s", a.Value, want)
	}
	hb := headers(got["bob"])
	if hb[kafka.HeaderAttempts] != "0" || !strings.Contains(hb[kafka.HeaderError], "not a JSON job reference") || string(got["bob"].Value) != "{" {
		t.Errorf("dead-letter of the malformed message: value %q headers %v", got["bob"].Value, hb)
	}
}

func TestCloseEndsConsume(t *testing.T) {
	cfg := testConfig()
	q, err := kafka.Open(t.Context(), cfg)
	if errors.Is(err, schema.ErrUnavailable) {
		testenv.Unavailable(t, "kafka at %v: %v", cfg.Brokers, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer deleteTopics(cfg.Brokers, cfg.Topic, cfg.DeadLetterTopic)
	done := make(chan error, 1)
	go func() {
		done <- q.Consume(context.Background(), func(context.Context, schema.JobRef) error { return nil }, nil)
	}()
	time.Sleep(500 * time.Millisecond)
	start := time.Now()
	if err := q.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Consume after Close returned %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Consume still running after Close returned")
	}
	t.Logf("Close with a running consumer took %v", time.Since(start))
	if err := q.Publish(t.Context(), schema.JobRef{Owner: "alice", JobID: "job_1"}); err == nil {
		t.Error("Publish after Close succeeded")
	}
	if err := q.Consume(t.Context(), func(context.Context, schema.JobRef) error { return nil }, nil); !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("Consume after Close: err = %v, want ErrUnavailable", err)
	}
}

func TestOpenUnavailable(t *testing.T) {
	start := time.Now()
	_, err := kafka.Open(t.Context(), kafka.Config{Brokers: []string{"127.0.0.1:1"}})
	if !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("Open against a closed port: err = %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 6*time.Second {
		t.Errorf("Open against a closed port took %v", d)
	}
}

func TestConfigValidate(t *testing.T) {
	if err := (kafka.Config{Brokers: []string{"127.0.0.1:9092"}}).Validate(); err != nil {
		t.Errorf("minimal config: %v", err)
	}
	ok := []string{"h:1"}
	for _, tc := range []struct {
		name string
		cfg  kafka.Config
		want string
	}{
		{"no brokers", kafka.Config{}, "Brokers is empty"},
		{"broker without port", kafka.Config{Brokers: []string{"localhost"}}, `broker "localhost"`},
		{"bad topic", kafka.Config{Brokers: ok, Topic: "jobs/1"}, `Topic "jobs/1"`},
		{"same topics", kafka.Config{Brokers: ok, Topic: "a", DeadLetterTopic: "a"}, "must differ"},
		{"negative partitions", kafka.Config{Brokers: ok, Partitions: -1}, "Partitions -1"},
		{"negative attempts", kafka.Config{Brokers: ok, MaxAttempts: -2}, "MaxAttempts -2"},
		{"huge backoff", kafka.Config{Brokers: ok, Backoff: time.Hour}, "Backoff 1h0m0s"},
	} {
		err := tc.cfg.Validate()
		if !errors.Is(err, schema.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want ErrInvalid mentioning %q", tc.name, err, tc.want)
		}
	}
}
