package llm

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/internal/openaicompat"
	"github.com/persistmemory/persistmemory/schema"
)

// Defaults and bounds of Config and of one call.
const (
	// DefaultTimeout bounds one attempt, request and response body.
	DefaultTimeout = 60 * time.Second
	// DefaultMaxAttempts is the attempts per call, the first included.
	DefaultMaxAttempts = 3
	// MaxMaxAttempts bounds Config.MaxAttempts.
	MaxMaxAttempts = 10
	// DefaultRetryBackoff is the wait before the first retry, doubled for
	// each further one (with jitter) unless the provider says Retry-After.
	DefaultRetryBackoff = 1 * time.Second
	// MaxRetryWait is the longest wait before a retry. A provider asking
	// for longer ends the call at once (and the document falls back).
	MaxRetryWait = 30 * time.Second
	// DefaultMaxResponseBytes bounds the response body read.
	DefaultMaxResponseBytes = 1 << 20
	// MaxMaxResponseBytes bounds Config.MaxResponseBytes.
	MaxMaxResponseBytes = 16 << 20
	// MaxDocumentBytes is the longest document sent to the model; longer
	// ones go to the fallback extractor without a call.
	MaxDocumentBytes = 128 << 10
	// maxErrorBody bounds what is read of a non-2xx answer.
	maxErrorBody = 64 << 10
)

// Price is what a model costs, in US dollars per million tokens.
type Price struct {
	InputPerMTok  float64
	OutputPerMTok float64
}

// cost is the price of a call's tokens.
func (p Price) cost(in, out int) float64 {
	return float64(in)/1e6*p.InputPerMTok + float64(out)/1e6*p.OutputPerMTok
}

// UsageRecorder stores a model call against an owner; graph.Store is one.
type UsageRecorder interface {
	RecordUsage(ctx context.Context, owner schema.Owner, rec schema.UsageRecord) error
}

// Config configures an Extractor. cmd fills it from EXTRACTION_BASE_URL,
// EXTRACTION_API_KEY, EXTRACTION_MODEL and the EXTRACTION_PRICE_* variables.
type Config struct {
	// BaseURL is the API root /chat/completions is appended to, e.g.
	// "https://api.openai.com/v1" or "http://localhost:11434/v1".
	// Required; it must not carry credentials, a query or a fragment.
	BaseURL string
	// APIKey is sent as "Authorization: Bearer <key>"; empty sends no
	// Authorization header (local servers need none).
	APIKey string
	// Model is sent with every request and recorded with its usage.
	// Required.
	Model string
	// Prices maps a model to its price. A model without one is recorded
	// with Priced false and cost 0: unknown, not free.
	Prices map[string]Price
	// Usage records every call; nil records nothing.
	Usage UsageRecorder
	// Fallback extracts a document whose call failed; nil means
	// rules.Extractor.
	Fallback ingest.Extractor
	// HTTPClient sends the requests; nil means a new http.Client.
	HTTPClient *http.Client
	// Timeout bounds each attempt; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxAttempts bounds the attempts per call; 0 means DefaultMaxAttempts.
	MaxAttempts int
	// RetryBackoff is the wait before the first retry; 0 means
	// DefaultRetryBackoff.
	RetryBackoff time.Duration
	// MaxResponseBytes bounds the response body; 0 means
	// DefaultMaxResponseBytes.
	MaxResponseBytes int
	// Logger receives warnings (retries, fallbacks); nil discards them.
	Logger *slog.Logger
	// Now is the clock of usage records; nil means time.Now.
	Now func() time.Time
}

// Validate reports the first missing or malformed setting, wrapping
// schema.ErrInvalid. Its messages never contain the API key, nor the parts
// of the URL that could.
func (c Config) Validate() error {
	if _, err := c.endpoint(); err != nil {
		return err
	}
	switch {
	case strings.ContainsAny(c.APIKey, "\r\n"):
		return fmt.Errorf("llm: the API key (EXTRACTION_API_KEY) contains a line break: %w", schema.ErrInvalid)
	case strings.TrimSpace(c.Model) == "":
		return fmt.Errorf("llm: the model (EXTRACTION_MODEL) is not set: %w", schema.ErrInvalid)
	case len(c.Model) > schema.MaxUsageModelBytes:
		return fmt.Errorf("llm: the model name is longer than %d bytes: %w", schema.MaxUsageModelBytes, schema.ErrInvalid)
	case c.Timeout < 0:
		return fmt.Errorf("llm: Timeout %v is negative: %w", c.Timeout, schema.ErrInvalid)
	case c.MaxAttempts < 0 || c.MaxAttempts > MaxMaxAttempts:
		return fmt.Errorf("llm: MaxAttempts %d is outside 0..%d: %w", c.MaxAttempts, MaxMaxAttempts, schema.ErrInvalid)
	case c.RetryBackoff < 0 || c.RetryBackoff > MaxRetryWait:
		return fmt.Errorf("llm: RetryBackoff %v is outside 0..%v: %w", c.RetryBackoff, MaxRetryWait, schema.ErrInvalid)
	case c.MaxResponseBytes < 0 || c.MaxResponseBytes > MaxMaxResponseBytes:
		return fmt.Errorf("llm: MaxResponseBytes %d is outside 0..%d: %w", c.MaxResponseBytes, MaxMaxResponseBytes, schema.ErrInvalid)
	}
	for model, p := range c.Prices {
		for _, v := range []float64{p.InputPerMTok, p.OutputPerMTok} {
			if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("llm: the price of %s is not a non-negative number of dollars per million tokens: %w", model, schema.ErrInvalid)
			}
		}
	}
	return nil
}

// endpoint returns {BaseURL}/chat/completions. Its errors do not quote the
// URL, which could hold a secret in the very parts it rejects.
func (c Config) endpoint() (string, error) {
	if strings.TrimSpace(c.BaseURL) == "" {
		return "", fmt.Errorf("llm: the base URL (EXTRACTION_BASE_URL) is not set: %w", schema.ErrInvalid)
	}
	ep, err := openaicompat.Endpoint(c.BaseURL, "/chat/completions", "the base URL (EXTRACTION_BASE_URL)", "EXTRACTION_API_KEY")
	if err != nil {
		return "", fmt.Errorf("llm: %v: %w", err, schema.ErrInvalid)
	}
	return ep, nil
}

func orDefault[T int | time.Duration](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}
