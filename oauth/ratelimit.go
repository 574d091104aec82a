package oauth

import (
	"crypto/sha256"
	"fmt"
	"math"
	"net"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate limits on the endpoints anyone can reach without a credential. Each
// is a token bucket: Burst requests at once, then one more every Every.
// They bound what one network address (and, for sign-in mail, one email
// address) can make the server do: store clients, send mail, try codes and
// refresh tokens, look up clients. A request over its limit is answered 429
// with Retry-After and changes nothing.
const (
	// RegisterBurst registrations per client IP, then one per RegisterEvery.
	// An MCP client registers once per installation.
	RegisterBurst = 20
	RegisterEvery = 3 * time.Minute

	// SignInIPBurst sign-in emails per client IP, then one per SignInIPEvery.
	SignInIPBurst = 10
	SignInIPEvery = time.Minute
	// SignInEmailBurst sign-in emails per address, whoever asks, then one per
	// SignInEmailEvery: nobody can flood someone's inbox with links.
	SignInEmailBurst = 5
	SignInEmailEvery = 5 * time.Minute

	// TokenBurst token and revocation requests per client IP, then one per
	// TokenEvery. Refreshing every AccessTokenTTL is far below it.
	TokenBurst = 60
	TokenEvery = 500 * time.Millisecond

	// AuthorizeBurst authorization requests (and consent posts) per client
	// IP, then one per AuthorizeEvery.
	AuthorizeBurst = 30
	AuthorizeEvery = time.Second
)

// Limiter internals: idle buckets are forgotten after limiterIdle (every
// bucket above is full again by then); a limiter holding maxBuckets starts
// afresh rather than grow without bound.
const (
	limiterIdle = time.Hour
	maxBuckets  = 100_000
)

// limiter is a set of token buckets, one per key. Keys are hashed, so no
// address is kept in memory in clear. Safe for concurrent use.
type limiter struct {
	every time.Duration
	burst int

	mu      sync.Mutex
	buckets map[[32]byte]*limiterBucket
	swept   time.Time
}

type limiterBucket struct {
	lim  *rate.Limiter
	used time.Time
}

func newLimiter(every time.Duration, burst int) *limiter {
	return &limiter{every: every, burst: burst, buckets: map[[32]byte]*limiterBucket{}}
}

// allow takes one token from key's bucket at now. When none is left it
// takes nothing and says how long until one is.
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration) {
	k := sha256.Sum256([]byte(key))
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > limiterIdle || len(l.buckets) >= maxBuckets {
		for kk, b := range l.buckets {
			if now.Sub(b.used) > limiterIdle {
				delete(l.buckets, kk)
			}
		}
		if len(l.buckets) >= maxBuckets {
			clear(l.buckets)
		}
		l.swept = now
	}
	b, ok := l.buckets[k]
	if !ok {
		b = &limiterBucket{lim: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.buckets[k] = b
	}
	if now.After(b.used) {
		b.used = now
	}
	r := b.lim.ReserveN(now, 1)
	if !r.OK() {
		return false, l.every
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// limiters are the server's buckets, by what they limit.
type limiters struct {
	register, signInIP, signInEmail, token, authorize *limiter
}

func newLimiters() limiters {
	return limiters{
		register:    newLimiter(RegisterEvery, RegisterBurst),
		signInIP:    newLimiter(SignInIPEvery, SignInIPBurst),
		signInEmail: newLimiter(SignInEmailEvery, SignInEmailBurst),
		token:       newLimiter(TokenEvery, TokenBurst),
		authorize:   newLimiter(AuthorizeEvery, AuthorizeBurst),
	}
}

// RemoteIP is the default Config.ClientIP: the address the connection
// comes from, with IPv6 addresses reduced to their /64 (one host usually
// holds a whole /64).
func RemoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// retryAfter is a wait in whole seconds, at least one, for Retry-After.
func retryAfter(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}

// limitJSON wraps an endpoint that speaks JSON: over l's limit for the
// client's IP it answers 429, Retry-After and an RFC 6749 style error body.
func (s *Server) limitJSON(l *limiter, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ok, wait := l.allow(s.cfg.ClientIP(r), s.now()); !ok {
			secs := retryAfter(wait)
			w.Header().Set("Retry-After", fmt.Sprint(secs))
			writeOAuthError(w, http.StatusTooManyRequests, "temporarily_unavailable",
				fmt.Sprintf("too many requests from this address; retry after %d seconds", secs))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// limitPage wraps a browser page: over l's limit for the client's IP it
// answers 429, Retry-After and an error page.
func (s *Server) limitPage(l *limiter, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ok, wait := l.allow(s.cfg.ClientIP(r), s.now()); !ok {
			s.tooManyPage(w, wait, "Too many requests have come from your network. Wait %s and try again.")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// tooManyPage answers 429 with Retry-After and an error page; format has
// one %s for the wait, in words.
func (s *Server) tooManyPage(w http.ResponseWriter, wait time.Duration, format string) {
	secs := retryAfter(wait)
	w.Header().Set("Retry-After", fmt.Sprint(secs))
	s.errorPage(w, http.StatusTooManyRequests, fmt.Sprintf(format, waitWords(secs)))
}

// waitWords says a wait of secs seconds in words.
func waitWords(secs int) string {
	switch {
	case secs == 1:
		return "a second"
	case secs < 60:
		return fmt.Sprintf("%d seconds", secs)
	case secs <= 60:
		return "a minute"
	default:
		return fmt.Sprintf("%d minutes", (secs+59)/60)
	}
}
