package kafka

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	kafkago "github.com/segmentio/kafka-go"

	"github.com/persistmemory/persistmemory/schema"
)

func TestBackoff(t *testing.T) {
	c := Config{Backoff: 500 * time.Millisecond}
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 16 * time.Second, 30 * time.Second, 30 * time.Second}
	for i, w := range want {
		if got := c.backoff(i + 1); got != w {
			t.Errorf("backoff(%d) = %v, want %v", i+1, got, w)
		}
	}
}

// Publish to a broker that is down fails fast with ErrUnavailable instead
// of hanging in kafka-go's retries.
func TestPublishUnavailable(t *testing.T) {
	q := newQueue(Config{Brokers: []string{"127.0.0.1:1"}})
	defer q.Close()
	start := time.Now()
	err := q.Publish(context.Background(), schema.JobRef{Owner: "alice", JobID: "job_1"})
	if !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("err = %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 6*time.Second {
		t.Errorf("Publish to a closed port took %v", d)
	}
	// ctx bounds it further.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start = time.Now()
	if err := q.Publish(ctx, schema.JobRef{Owner: "alice", JobID: "job_1"}); !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("with a short ctx: err = %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Publish with a 100ms ctx took %v", d)
	}
}

// A broker that accepts connections and never answers: Publish gives up
// after publishTimeout, or sooner with a shorter ctx, not kafka-go's
// default of ten attempts.
func TestPublishHungBroker(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		var held []net.Conn
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	q := newQueue(Config{Brokers: []string{ln.Addr().String()}})
	defer q.Close()
	ref := schema.JobRef{Owner: "alice", JobID: "job_1"}

	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := q.Publish(ctx, ref); !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("with a 300ms ctx: err = %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Publish with a 300ms ctx took %v", d)
	}

	start = time.Now()
	if err := q.Publish(context.Background(), ref); !errors.Is(err, schema.ErrUnavailable) {
		t.Errorf("without a deadline: err = %v, want ErrUnavailable", err)
	}
	if d := time.Since(start); d > publishTimeout+2*time.Second {
		t.Errorf("Publish without a deadline took %v, want about %v", d, publishTimeout)
	}
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		name    string
		key     string
		value   string
		want    schema.JobRef
		invalid bool
	}{
		{"valid", "alice", `{"owner":"alice","jobId":"job_1"}`, schema.JobRef{Owner: "alice", JobID: "job_1"}, false},
		{"not JSON, owner from key", "alice", `{`, schema.JobRef{Owner: "alice"}, true},
		{"not JSON, bad key", "not an owner", `x`, schema.JobRef{}, true},
		{"no job id", "alice", `{"owner":"alice"}`, schema.JobRef{Owner: "alice"}, true},
		{"bad owner", "", `{"owner":"a b","jobId":"job_1"}`, schema.JobRef{Owner: "a b", JobID: "job_1"}, true},
	} {
		got, err := decode(kafkago.Message{Key: []byte(tc.key), Value: []byte(tc.value)})
		if got != tc.want || (err != nil) != tc.invalid || (err != nil && !errors.Is(err, schema.ErrInvalid)) {
			t.Errorf("%s: decode = %+v, %v; want %+v, invalid=%v", tc.name, got, err, tc.want, tc.invalid)
		}
	}
}
