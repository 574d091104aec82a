package openaicompat

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// ErrBaseURL is wrapped by every error of Endpoint.
var ErrBaseURL = errors.New("bad base URL")

// Endpoint returns base with path appended, once base is an http(s) URL
// with a host and without credentials, query or fragment. setting names
// the base URL for the person reading the error and keySetting where the
// key belongs instead. Its errors never quote the URL, which could hold a
// secret in the very parts it rejects.
func Endpoint(base, path, setting, keySetting string) (string, error) {
	u, err := url.Parse(base)
	switch {
	case err != nil:
		return "", fmt.Errorf("%w: %s is not a URL", ErrBaseURL, setting)
	case u.Scheme != "http" && u.Scheme != "https":
		return "", fmt.Errorf("%w: %s has scheme %q, want http or https", ErrBaseURL, setting, u.Scheme)
	case u.Host == "":
		return "", fmt.Errorf("%w: %s has no host", ErrBaseURL, setting)
	case u.User != nil || u.RawQuery != "" || u.Fragment != "":
		return "", fmt.Errorf("%w: %s must not contain credentials, a query or a fragment (put the key in %s)", ErrBaseURL, setting, keySetting)
	}
	return strings.TrimRight(u.String(), "/") + path, nil
}

// RetryAfter reads how long the provider asks to wait: OpenAI's
// retry-after-ms (milliseconds) first, then Retry-After in seconds or as
// an HTTP date. ok is false when neither is present and valid.
func RetryAfter(h http.Header, now time.Time) (d time.Duration, ok bool) {
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

// Backoff is the wait before retry number n (1 for the first retry):
// base·2^(n-1), capped at limit, with "equal jitter" (between half and all
// of it) so that clients rate-limited together do not retry together.
func Backoff(base, limit time.Duration, n int) time.Duration {
	d := base
	for i := 1; i < n && d < limit; i++ {
		d *= 2
	}
	d = min(d, limit)
	half := d / 2
	return half + rand.N(half+1)
}
