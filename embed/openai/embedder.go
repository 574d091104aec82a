package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"sync"
	"time"

	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/schema"
)

// Bounds on what is read from a response.
const (
	maxErrorBody    = 64 << 10
	maxResponseBody = 256 << 20
)

var _ embed.Embedder = (*Embedder)(nil)

// Embedder calls an OpenAI-compatible embeddings endpoint. It is safe for
// concurrent use.
//
// Embed returns errors wrapping schema.ErrInvalid for input it or the
// provider refuses (an empty text; HTTP 400, 413, 414, 422),
// schema.ErrConflict when the provider's vectors do not have the expected
// (configured or first-learned) length, and schema.ErrUnavailable for
// everything else: network failures and retryable statuses after the last
// attempt, other 4xx (a wrong key, URL or model), malformed answers.
// Non-2xx answers are *APIError. A cancelled ctx returns its error.
type Embedder struct {
	endpoint    string
	key         string
	model       string
	client      *http.Client
	timeout     time.Duration
	batchSize   int
	maxAttempts int
	backoff     time.Duration
	log         *slog.Logger

	mu   sync.Mutex
	dims int // 0 until configured or learned
}

// New validates cfg and returns a client. It does no I/O.
func New(cfg Config) (*Embedder, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	endpoint, _ := cfg.endpoint()
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Embedder{
		endpoint:    endpoint,
		key:         cfg.APIKey,
		model:       cfg.Model,
		client:      client,
		timeout:     orDefault(cfg.Timeout, DefaultTimeout),
		batchSize:   orDefault(cfg.BatchSize, DefaultBatchSize),
		maxAttempts: orDefault(cfg.MaxAttempts, DefaultMaxAttempts),
		backoff:     orDefault(cfg.RetryBackoff, DefaultRetryBackoff),
		log:         log,
		dims:        cfg.Dims,
	}, nil
}

// Model returns Config.Model.
func (e *Embedder) Model() string { return e.model }

// Dims returns Config.Dims, or when that was 0 the length learned from the
// first successful response (0 before it).
func (e *Embedder) Dims() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.dims
}

// Embed returns one L2-normalised vector per text, in order, sending
// BatchSize texts per request, one request after another. Texts must not
// be empty (the OpenAI API refuses them).
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	for i, s := range texts {
		if s == "" {
			return nil, fmt.Errorf("openai: embed: text %d is empty: %w", i, schema.ErrInvalid)
		}
	}
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += e.batchSize {
		vecs, err := e.embedBatch(ctx, texts[start:min(start+e.batchSize, len(texts))])
		if err != nil {
			return nil, err
		}
		out = append(out, vecs...)
	}
	return out, nil
}

// embedBatch sends one request, retrying as documented on Config.
func (e *Embedder) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	body, err := json.Marshal(embeddingRequest{Model: e.model, Input: texts, EncodingFormat: "float"})
	if err != nil {
		return nil, fmt.Errorf("openai: encode request: %w", err)
	}
	var lastErr error
	for attempt := 1; ; attempt++ {
		vecs, wait, err := e.attempt(ctx, body, len(texts))
		if err == nil {
			return vecs, nil
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, fmt.Errorf("openai: embed: %w", ctxErr)
		}
		if wait < 0 { // not retryable
			return nil, err
		}
		lastErr = err
		if attempt >= e.maxAttempts {
			return nil, fmt.Errorf("%w (gave up after %d attempts)", lastErr, attempt)
		}
		if wait == 0 {
			wait = backoff(e.backoff, attempt)
		}
		if wait > MaxRetryWait {
			return nil, fmt.Errorf("%w (provider asks to retry after %v, longer than %v)", lastErr, wait, MaxRetryWait)
		}
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < wait {
			return nil, fmt.Errorf("%w (no time left in the context to retry after %v)", lastErr, wait)
		}
		e.log.WarnContext(ctx, "embedding request failed; retrying",
			"endpoint", e.endpoint, "attempt", attempt, "max_attempts", e.maxAttempts,
			"wait", wait, "error", err.Error())
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, fmt.Errorf("openai: embed: %w", ctx.Err())
		case <-t.C:
		}
	}
}

// attempt makes one request. On failure wait is -1 when retrying is
// pointless, 0 when the default backoff applies, or what the provider
// asked for.
func (e *Embedder) attempt(ctx context.Context, body []byte, n int) (vecs [][]float32, wait time.Duration, err error) {
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, -1, fmt.Errorf("openai: build request: %w: %w", schema.ErrUnavailable, err)
	}
	req.Header.Set("Authorization", "Bearer "+e.key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "persistmemory")

	resp, err := e.client.Do(req)
	if err != nil {
		// *url.Error names the method and URL, never the headers.
		return nil, 0, fmt.Errorf("openai: %w: %w", schema.ErrUnavailable, err)
	}
	defer resp.Body.Close()

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		apiErr := apiError(resp.StatusCode, data, e.key)
		if !retryable(resp.StatusCode) {
			return nil, -1, apiErr
		}
		wait, _ := retryAfter(resp.Header, time.Now())
		return nil, wait, apiErr
	}

	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody))
	if err != nil { // connection dropped or attempt timed out mid-body
		return nil, 0, fmt.Errorf("openai: read response: %w: %w", schema.ErrUnavailable, err)
	}
	vecs, err = e.decode(data, n)
	if err != nil {
		return nil, -1, err
	}
	return vecs, 0, nil
}

// decode checks a 200 body and returns the vectors in input order,
// normalised.
func (e *Embedder) decode(data []byte, n int) ([][]float32, error) {
	var r embeddingResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("openai: malformed response: %w: %w", schema.ErrUnavailable, err)
	}
	if len(r.Data) != n {
		return nil, fmt.Errorf("openai: provider returned %d embeddings for %d inputs: %w", len(r.Data), n, schema.ErrUnavailable)
	}
	out := make([][]float32, n)
	for pos, d := range r.Data {
		i := pos // no index at all: keep the order given
		if d.Index != nil {
			i = *d.Index
		} else if r.Data[0].Index != nil {
			return nil, fmt.Errorf("openai: embedding %d has no index: %w", pos, schema.ErrUnavailable)
		}
		switch {
		case i < 0 || i >= n:
			return nil, fmt.Errorf("openai: embedding index %d outside 0..%d: %w", i, n-1, schema.ErrUnavailable)
		case out[i] != nil:
			return nil, fmt.Errorf("openai: embedding index %d repeated: %w", i, schema.ErrUnavailable)
		case len(d.Embedding) == 0:
			return nil, fmt.Errorf("openai: embedding %d is empty: %w", i, schema.ErrUnavailable)
		case len(d.Embedding) != len(r.Data[0].Embedding):
			return nil, fmt.Errorf("openai: embeddings of %d and %d dimensions in one response: %w",
				len(r.Data[0].Embedding), len(d.Embedding), schema.ErrUnavailable)
		}
		v, err := normalize(d.Embedding)
		if err != nil {
			return nil, fmt.Errorf("openai: embedding %d: %w", i, err)
		}
		out[i] = v
	}
	if err := e.checkDims(len(r.Data[0].Embedding)); err != nil {
		return nil, err
	}
	return out, nil
}

// checkDims compares a response's vector length with the configured or
// learned one, learning it on first use.
func (e *Embedder) checkDims(got int) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.dims == 0 {
		e.dims = got
		return nil
	}
	if got != e.dims {
		return fmt.Errorf("openai: model %s returned %d dimensions, expected %d: %w", e.model, got, e.dims, schema.ErrConflict)
	}
	return nil
}

func normalize(v []float32) ([]float32, error) {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	n := math.Sqrt(s)
	if n == 0 || math.IsInf(n, 0) || math.IsNaN(n) {
		return nil, fmt.Errorf("vector of norm %v cannot be normalised: %w", n, schema.ErrUnavailable)
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / n)
	}
	return out, nil
}
