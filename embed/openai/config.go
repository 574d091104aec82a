package openai

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/internal/openaicompat"
	"github.com/persistmemory/persistmemory/schema"
)

// Defaults and limits of Config.
const (
	DefaultBaseURL      = "https://api.openai.com/v1"
	DefaultTimeout      = 30 * time.Second
	DefaultBatchSize    = 128
	MaxBatchSize        = 2048 // OpenAI's limit on inputs per request
	DefaultMaxAttempts  = 4
	MaxMaxAttempts      = 10
	DefaultRetryBackoff = 500 * time.Millisecond
	// MaxRetryWait is the longest this client waits before a retry, whether
	// from backoff or from Retry-After. A provider asking for longer gets
	// an ErrUnavailable error at once instead of a blocked caller.
	MaxRetryWait = 60 * time.Second
	// MaxDims bounds Config.Dims.
	MaxDims = 65536
)

// Config configures the client. cmd fills it from flags and the
// environment (the key from EMBEDDING_API_KEY).
type Config struct {
	// BaseURL is the API root the path /embeddings is appended to, e.g.
	// "https://api.openai.com/v1" (the default when empty) or
	// "http://localhost:11434/v1". It must not carry credentials or a query.
	BaseURL string
	// APIKey is sent as "Authorization: Bearer <key>". Required.
	APIKey string
	// Model is sent with every request and returned by Model(), e.g.
	// "text-embedding-3-small". Required.
	Model string
	// Dims is the expected vector length; 0 means learn it from the first
	// response. A response of another length fails with schema.ErrConflict.
	Dims int
	// HTTPClient sends the requests; nil means a new http.Client.
	HTTPClient *http.Client
	// Timeout bounds each attempt (request and response body); 0 means
	// DefaultTimeout.
	Timeout time.Duration
	// BatchSize is the number of texts per request; 0 means
	// DefaultBatchSize, at most MaxBatchSize.
	BatchSize int
	// MaxAttempts bounds the attempts per request, the first included;
	// 0 means DefaultMaxAttempts, at most MaxMaxAttempts.
	MaxAttempts int
	// RetryBackoff is the wait before the first retry, doubled for each
	// further one (with jitter, capped at MaxRetryWait) unless the provider
	// sends Retry-After; 0 means DefaultRetryBackoff.
	RetryBackoff time.Duration
	// Logger receives retry warnings; nil discards them.
	Logger *slog.Logger
}

// Validate reports the first missing or malformed setting, wrapping
// schema.ErrInvalid. Its messages never contain the API key.
func (c Config) Validate() error {
	if strings.TrimSpace(c.APIKey) == "" {
		return fmt.Errorf("openai: API key is not set (EMBEDDING_API_KEY): %w", schema.ErrInvalid)
	}
	if strings.ContainsAny(c.APIKey, "\r\n") {
		return fmt.Errorf("openai: API key (EMBEDDING_API_KEY) contains a line break: %w", schema.ErrInvalid)
	}
	if _, err := c.endpoint(); err != nil {
		return err
	}
	switch {
	case strings.TrimSpace(c.Model) == "":
		return fmt.Errorf("openai: Model is not set: %w", schema.ErrInvalid)
	case c.Dims < 0 || c.Dims > MaxDims:
		return fmt.Errorf("openai: Dims %d is outside 0..%d: %w", c.Dims, MaxDims, schema.ErrInvalid)
	case c.Timeout < 0:
		return fmt.Errorf("openai: Timeout %v is negative: %w", c.Timeout, schema.ErrInvalid)
	case c.BatchSize < 0 || c.BatchSize > MaxBatchSize:
		return fmt.Errorf("openai: BatchSize %d is outside 0..%d: %w", c.BatchSize, MaxBatchSize, schema.ErrInvalid)
	case c.MaxAttempts < 0 || c.MaxAttempts > MaxMaxAttempts:
		return fmt.Errorf("openai: MaxAttempts %d is outside 0..%d: %w", c.MaxAttempts, MaxMaxAttempts, schema.ErrInvalid)
	case c.RetryBackoff < 0 || c.RetryBackoff > MaxRetryWait:
		return fmt.Errorf("openai: RetryBackoff %v is outside 0..%v: %w", c.RetryBackoff, MaxRetryWait, schema.ErrInvalid)
	}
	return nil
}

// endpoint returns {BaseURL}/embeddings. Its errors do not quote the URL,
// which could hold a secret in the very parts it rejects.
func (c Config) endpoint() (string, error) {
	base := c.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	ep, err := openaicompat.Endpoint(base, "/embeddings", "BaseURL", "EMBEDDING_API_KEY")
	if err != nil {
		return "", fmt.Errorf("openai: %v: %w", err, schema.ErrInvalid)
	}
	return ep, nil
}

func orDefault[T int | time.Duration](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}
