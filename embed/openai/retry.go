package openai

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// retryAfter reads how long the provider asks to wait: OpenAI's
// retry-after-ms (milliseconds) first, then Retry-After in seconds or as
// an HTTP date. ok is false when neither is present and valid.
func retryAfter(h http.Header, now time.Time) (d time.Duration, ok bool) {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 && ms < float64(24*time.Hour/time.Millisecond) {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil {
		if s < 0 || s > int64(24*time.Hour/time.Second) {
			return 0, false
		}
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// backoff is the wait before retry number n (1 for the first retry):
// base·2^(n-1), capped at MaxRetryWait, with "equal jitter" (between half
// and all of it) so that clients rate-limited together do not retry
// together.
func backoff(base time.Duration, n int) time.Duration {
	d := base
	for i := 1; i < n && d < MaxRetryWait; i++ {
		d *= 2
	}
	d = min(d, MaxRetryWait)
	half := d / 2
	return half + rand.N(half+1)
}
