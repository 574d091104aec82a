package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/schema"
)

const testKey = "sk-test-SECRET-4f9a1c0e7b2d"

func newTest(t *testing.T, cfg Config) (*Embedder, *fake, *bytes.Buffer) {
	t.Helper()
	f, srv := newFake(t, testKey)
	var logs bytes.Buffer
	if cfg.BaseURL == "" {
		cfg.BaseURL = srv.URL + "/v1"
	}
	if cfg.APIKey == "" {
		cfg.APIKey = testKey
	}
	if cfg.Model == "" {
		cfg.Model = "text-embedding-3-small"
	}
	if cfg.RetryBackoff == 0 {
		cfg.RetryBackoff = time.Millisecond
	}
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if strings.Contains(logs.String(), testKey) {
			t.Errorf("the API key appears in the logs:\n%s", logs.String())
		}
	})
	return e, f, &logs
}

func normalized(v []float32) []float32 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / math.Sqrt(s))
	}
	return out
}

func noKey(t *testing.T, err error) {
	t.Helper()
	if err != nil && strings.Contains(err.Error(), testKey) {
		t.Errorf("error contains the API key: %v", err)
	}
}

func TestEmbedOrderAndNormalisation(t *testing.T) {
	e, f, _ := newTest(t, Config{BatchSize: 2})
	texts := []string{"alpha", "bravo charlie", "delta", "echo foxtrot golf", "hotel"}
	got, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]float32, len(texts))
	for i, s := range texts {
		want[i] = normalized(vector(s, 4))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("vectors (-want +got):\n%s", diff)
	}
	if f.count() != 3 {
		t.Errorf("%d requests for 5 texts in batches of 2, want 3", f.count())
	}
	if diff := cmp.Diff([]string{"alpha", "bravo charlie"}, f.requests[0].Input); diff != "" {
		t.Errorf("first batch (-want +got):\n%s", diff)
	}
	if e.Dims() != 4 || e.Model() != "text-embedding-3-small" {
		t.Errorf("Dims() = %d, Model() = %q", e.Dims(), e.Model())
	}
	if got, err := e.Embed(context.Background(), nil); err != nil || len(got) != 0 {
		t.Errorf("Embed(nil) = %v, %v", got, err)
	}
}

func TestUnauthorized(t *testing.T) {
	e, f, _ := newTest(t, Config{})
	e.key = testKey + "-wrong" // the fake echoes the key it got, as some providers do
	_, err := e.Embed(context.Background(), []string{"x"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 401 || !errors.Is(err, schema.ErrUnavailable) {
		t.Fatalf("err = %v, want *APIError 401 wrapping ErrUnavailable", err)
	}
	msg := err.Error()
	for _, want := range []string{"401", "Incorrect API key provided", "invalid_request_error"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, testKey) || strings.Contains(msg, e.key) {
		t.Errorf("error contains the key: %q", msg)
	}
	if f.count() != 1 {
		t.Errorf("%d requests, want 1 (401 is not retried)", f.count())
	}
}

func TestRateLimitThenSuccess(t *testing.T) {
	e, f, logs := newTest(t, Config{})
	f.respond = func(n int, w http.ResponseWriter, req embeddingRequest) bool {
		switch n {
		case 0:
			w.Header().Set("Retry-After-Ms", "120")
			writeError(w, http.StatusTooManyRequests, "Rate limit reached for requests", "requests", "rate_limit_exceeded")
			return true
		case 1:
			w.Header().Set("Retry-After", "0")
			writeError(w, http.StatusTooManyRequests, "Rate limit reached for requests", "requests", "rate_limit_exceeded")
			return true
		}
		return false
	}
	start := time.Now()
	got, err := e.Embed(context.Background(), []string{"hello"})
	if err != nil {
		t.Fatal(err)
	}
	if elapsed := time.Since(start); elapsed < 120*time.Millisecond {
		t.Errorf("returned after %v; Retry-After-Ms asked for 120ms", elapsed)
	}
	if f.count() != 3 || len(got) != 1 {
		t.Errorf("%d requests, %d vectors; want 3, 1", f.count(), len(got))
	}
	if !strings.Contains(logs.String(), "retrying") {
		t.Errorf("no retry logged:\n%s", logs)
	}
}

func TestServerErrorExhaustsRetries(t *testing.T) {
	e, f, _ := newTest(t, Config{MaxAttempts: 3})
	f.respond = func(n int, w http.ResponseWriter, req embeddingRequest) bool {
		writeError(w, http.StatusInternalServerError, "The server had an error while processing your request.", "server_error", "")
		return true
	}
	_, err := e.Embed(context.Background(), []string{"x"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 500 || !errors.Is(err, schema.ErrUnavailable) {
		t.Fatalf("err = %v, want *APIError 500 wrapping ErrUnavailable", err)
	}
	if !strings.Contains(err.Error(), "3 attempts") || !strings.Contains(err.Error(), "server had an error") {
		t.Errorf("error %q should name the attempts and the provider's message", err)
	}
	if f.count() != 3 {
		t.Errorf("%d requests, want MaxAttempts = 3", f.count())
	}
	noKey(t, err)
}

func TestRetryAfterTooLong(t *testing.T) {
	e, f, _ := newTest(t, Config{})
	f.respond = func(n int, w http.ResponseWriter, req embeddingRequest) bool {
		w.Header().Set("Retry-After", "3600")
		writeError(w, http.StatusServiceUnavailable, "overloaded", "", "")
		return true
	}
	start := time.Now()
	_, err := e.Embed(context.Background(), []string{"x"})
	if !errors.Is(err, schema.ErrUnavailable) || !strings.Contains(err.Error(), "1h0m0s") {
		t.Fatalf("err = %v, want ErrUnavailable naming the 1h wait", err)
	}
	if time.Since(start) > time.Second || f.count() != 1 {
		t.Errorf("took %v and %d requests; want an immediate failure", time.Since(start), f.count())
	}
}

func TestClientErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		body   string
		want   error
		substr string
	}{
		{"context too long", 400, `{"error": {"message": "This model's maximum context length is 8192 tokens", "type": "invalid_request_error", "param": null, "code": null}}`, schema.ErrInvalid, "maximum context length"},
		{"unknown model", 404, `{"error": {"message": "The model 'nope' does not exist", "type": "invalid_request_error", "code": "model_not_found"}}`, schema.ErrUnavailable, "does not exist"},
		{"forbidden", 403, `{"error": {"message": "Project does not have access"}}`, schema.ErrUnavailable, "does not have access"},
		{"ollama style", 400, `{"error": "input length exceeds context"}`, schema.ErrInvalid, "input length exceeds"},
		{"fastapi style", 422, `{"detail": [{"msg": "field required"}]}`, schema.ErrInvalid, "field required"},
		{"not json", 413, `<html>request too large</html>`, schema.ErrInvalid, "request too large"},
		{"key echoed", 400, `{"error": {"message": "bad header Bearer ` + testKey + `"}}`, schema.ErrInvalid, "[REDACTED]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, f, _ := newTest(t, Config{})
			f.respond = func(n int, w http.ResponseWriter, req embeddingRequest) bool {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(tc.status)
				fmt.Fprint(w, tc.body)
				return true
			}
			_, err := e.Embed(context.Background(), []string{"x"})
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.substr) || !strings.Contains(err.Error(), fmt.Sprint(tc.status)) {
				t.Fatalf("err = %v, want %v with %d and %q", err, tc.want, tc.status, tc.substr)
			}
			if f.count() != 1 {
				t.Errorf("%d requests, want 1 (no retry)", f.count())
			}
			noKey(t, err)
		})
	}
}

func TestMalformedResponses(t *testing.T) {
	two := []string{"a", "b"}
	for _, tc := range []struct {
		name string
		dims int // Config.Dims
		body func(f *fake) any
		want error
	}{
		{"not json", 0, func(*fake) any { return json.RawMessage(`{"data": [`) }, schema.ErrUnavailable},
		{"wrong count", 0, func(f *fake) any { a := f.answer("m", two, false); a.Data = a.Data[:1]; return a }, schema.ErrUnavailable},
		{"extra embedding", 0, func(f *fake) any { return f.answer("m", []string{"a", "b", "c"}, false) }, schema.ErrUnavailable},
		{"index out of range", 0, func(f *fake) any { a := f.answer("m", two, false); a.Data[1].Index = 2; return a }, schema.ErrUnavailable},
		{"index repeated", 0, func(f *fake) any { a := f.answer("m", two, false); a.Data[1].Index = 0; return a }, schema.ErrUnavailable},
		{"ragged", 0, func(f *fake) any {
			a := f.answer("m", two, false)
			a.Data[1].Embedding = a.Data[1].Embedding[:3]
			return a
		}, schema.ErrUnavailable},
		{"empty embedding", 0, func(f *fake) any { a := f.answer("m", two, false); a.Data[0].Embedding = nil; return a }, schema.ErrUnavailable},
		{"zero vector", 0, func(f *fake) any { a := f.answer("m", two, false); a.Data[0].Embedding = make([]float32, 4); return a }, schema.ErrUnavailable},
		{"base64 instead of floats", 0, func(*fake) any {
			return json.RawMessage(`{"data": [{"index": 0, "embedding": "AAAA"}, {"index": 1, "embedding": "AAAA"}]}`)
		}, schema.ErrUnavailable},
		{"dimension mismatch", 8, func(f *fake) any { return f.answer("m", two, false) }, schema.ErrConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, f, _ := newTest(t, Config{Dims: tc.dims})
			f.respond = func(n int, w http.ResponseWriter, req embeddingRequest) bool {
				writeJSON(w, http.StatusOK, tc.body(f))
				return true
			}
			got, err := e.Embed(context.Background(), two)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Embed = %v, %v; want an error wrapping %v", got, err, tc.want)
			}
			if f.count() != 1 {
				t.Errorf("%d requests, want 1 (a malformed answer is not retried)", f.count())
			}
			t.Log(err)
		})
	}
}

// TestLearnedDims: with Dims 0 the first answer fixes the length; a later
// answer of another length is a conflict.
func TestLearnedDims(t *testing.T) {
	e, f, _ := newTest(t, Config{})
	if e.Dims() != 0 {
		t.Fatalf("Dims() before any call = %d", e.Dims())
	}
	if _, err := e.Embed(context.Background(), []string{"a"}); err != nil {
		t.Fatal(err)
	}
	if e.Dims() != 4 {
		t.Fatalf("Dims() = %d, want 4 learned", e.Dims())
	}
	f.dims = 5
	if _, err := e.Embed(context.Background(), []string{"a"}); !errors.Is(err, schema.ErrConflict) {
		t.Fatalf("err = %v, want ErrConflict", err)
	}
}

func TestEmptyTextRefused(t *testing.T) {
	e, f, _ := newTest(t, Config{})
	_, err := e.Embed(context.Background(), []string{"a", ""})
	if !errors.Is(err, schema.ErrInvalid) || !strings.Contains(err.Error(), "text 1") {
		t.Fatalf("err = %v, want ErrInvalid naming text 1", err)
	}
	if f.count() != 0 {
		t.Errorf("%d requests for refused input", f.count())
	}
}

func TestTimeoutAndCancel(t *testing.T) {
	e, f, _ := newTest(t, Config{Timeout: 50 * time.Millisecond, MaxAttempts: 2})
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f.respond = func(n int, w http.ResponseWriter, req embeddingRequest) bool {
		select {
		case <-release:
		case <-time.After(2 * time.Second):
		}
		return false
	}
	start := time.Now()
	_, err := e.Embed(context.Background(), []string{"x"})
	if !errors.Is(err, schema.ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want ErrUnavailable wrapping the attempt's deadline", err)
	}
	if d := time.Since(start); d > time.Second || f.count() != 2 {
		t.Errorf("took %v and %d requests; want 2 attempts of 50ms", d, f.count())
	}

	// Cancelling the caller's context stops a backoff wait at once.
	e2, f2, _ := newTest(t, Config{RetryBackoff: 10 * time.Second})
	f2.respond = func(n int, w http.ResponseWriter, req embeddingRequest) bool {
		writeError(w, http.StatusBadGateway, "bad gateway", "", "")
		return true
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start = time.Now()
	_, err = e2.Embed(ctx, []string{"x"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("cancel took %v", d)
	}
}

func TestConnectionRefused(t *testing.T) {
	e, err := New(Config{BaseURL: "http://127.0.0.1:1/v1", APIKey: testKey, Model: "m", MaxAttempts: 2, RetryBackoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Embed(context.Background(), []string{"x"})
	if !errors.Is(err, schema.ErrUnavailable) || !strings.Contains(err.Error(), "2 attempts") {
		t.Fatalf("err = %v, want ErrUnavailable after 2 attempts", err)
	}
	noKey(t, err)
}
