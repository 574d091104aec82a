package api

import (
	"crypto/sha256"
	"fmt"
	"math"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/time/rate"
)

// Per-credential rate limit: a token bucket per credential.
const (
	// RateLimitPerSecond is the sustained request rate one credential may use.
	RateLimitPerSecond = 50
	// RateLimitBurst is how many requests one credential may send at once.
	RateLimitBurst = 100
	// rateLimiterIdle is how long an unused bucket is kept.
	rateLimiterIdle = 10 * time.Minute
)

// limiters holds one token bucket per credential (keyed by its hash, so no
// credential is kept in memory in clear). Safe for concurrent use.
type limiters struct {
	mu      sync.Mutex
	buckets map[[32]byte]*bucket
	swept   time.Time
}

type bucket struct {
	lim  *rate.Limiter
	used time.Time
}

func newLimiters() *limiters { return &limiters{buckets: map[[32]byte]*bucket{}} }

// take reports whether the credential may make a request now, and if not,
// how long to wait.
func (l *limiters) take(credential string, now time.Time) (bool, time.Duration) {
	key := sha256.Sum256([]byte(credential))
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > rateLimiterIdle {
		for k, b := range l.buckets {
			if now.Sub(b.used) > rateLimiterIdle {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(RateLimitPerSecond, RateLimitBurst)}
		l.buckets[key] = b
	}
	b.used = now
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// rateLimit answers 429 with Retry-After (whole seconds, at least 1) when
// the request's credential has used its budget.
func (s *Server) rateLimit(c *gin.Context) {
	cred := c.GetString(ctxCredential)
	ok, wait := s.buckets.take(cred, time.Now())
	if ok {
		c.Next()
		return
	}
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	c.Header("Retry-After", fmt.Sprint(secs))
	abort(c, http.StatusTooManyRequests, CodeRateLimited, fmt.Sprintf("rate limit of %d requests per second (burst %d) per credential exceeded; retry after %d s", RateLimitPerSecond, RateLimitBurst, secs), true)
}
