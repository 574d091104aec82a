package openai

import (
	"net/http"
	"time"

	"github.com/persistmemory/persistmemory/internal/openaicompat"
)

// retryAfter reads how long the provider asks to wait (see
// openaicompat.RetryAfter).
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	return openaicompat.RetryAfter(h, now)
}

// backoff is the wait before retry number n, capped at MaxRetryWait (see
// openaicompat.Backoff).
func backoff(base time.Duration, n int) time.Duration {
	return openaicompat.Backoff(base, MaxRetryWait, n)
}
