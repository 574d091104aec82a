package oauth

import (
	"net/http"
	"testing"
	"time"
)

func TestLimiterBuckets(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(time.Minute, 3)
	for i := range 3 {
		if ok, _ := l.allow("a", now); !ok {
			t.Fatalf("request %d within the burst refused", i+1)
		}
	}
	ok, wait := l.allow("a", now)
	if ok || wait <= 0 || wait > time.Minute {
		t.Fatalf("over the burst: ok=%v wait=%s, want refused with a wait of at most a minute", ok, wait)
	}
	// A refusal takes nothing: waiting exactly the wait is enough.
	if ok, _ := l.allow("a", now.Add(wait)); !ok {
		t.Fatal("refused after waiting the announced time")
	}
	if ok, _ := l.allow("a", now.Add(wait)); ok {
		t.Fatal("one refill allowed two requests")
	}
	// Other keys have their own buckets.
	if ok, _ := l.allow("b", now); !ok {
		t.Fatal("another key was limited by the first")
	}
	// Idle buckets are forgotten, and a forgotten bucket is a full one.
	later := now.Add(2 * limiterIdle)
	l.allow("c", later)
	l.mu.Lock()
	n := len(l.buckets)
	l.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d buckets after the idle sweep, want 1", n)
	}
}

func TestLimiterBounded(t *testing.T) {
	now := time.Now()
	l := newLimiter(time.Minute, 1)
	for i := range maxBuckets + 10 {
		l.allow(string(rune(i)), now)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) > maxBuckets {
		t.Fatalf("%d buckets, more than %d", len(l.buckets), maxBuckets)
	}
}

func TestRemoteIP(t *testing.T) {
	for addr, want := range map[string]string{
		"203.0.113.7:5555":                  "203.0.113.7",
		"[::ffff:203.0.113.7]:1":            "203.0.113.7",
		"[2001:db8:1:2:3:4:5:6]:443":        "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff:ffff:ffff:1]:9": "2001:db8:1:2::/64",
		"[::1]:80":                          "::/64",
		"not-an-address":                    "not-an-address",
	} {
		if got := RemoteIP(&http.Request{RemoteAddr: addr}); got != want {
			t.Errorf("RemoteIP(%q) = %q, want %q", addr, got, want)
		}
	}
}

func TestRetryAfterAndWords(t *testing.T) {
	for d, want := range map[time.Duration]int{0: 1, time.Millisecond: 1, 1500 * time.Millisecond: 2, 3 * time.Minute: 180} {
		if got := retryAfter(d); got != want {
			t.Errorf("retryAfter(%s) = %d, want %d", d, got, want)
		}
	}
	for secs, want := range map[int]string{1: "a second", 30: "30 seconds", 60: "a minute", 61: "2 minutes", 300: "5 minutes"} {
		if got := waitWords(secs); got != want {
			t.Errorf("waitWords(%d) = %q, want %q", secs, got, want)
		}
	}
}

// The limits are what the documentation and the tests assume: the burst
// comes first, then the steady rate.
func TestLimitsAreSane(t *testing.T) {
	for name, l := range map[string]struct {
		burst int
		every time.Duration
	}{
		"register": {RegisterBurst, RegisterEvery}, "sign-in ip": {SignInIPBurst, SignInIPEvery},
		"sign-in email": {SignInEmailBurst, SignInEmailEvery}, "token": {TokenBurst, TokenEvery}, "authorize": {AuthorizeBurst, AuthorizeEvery},
	} {
		if l.burst < 1 || l.every <= 0 || l.every > limiterIdle {
			t.Errorf("%s: burst %d every %s", name, l.burst, l.every)
		}
	}
	if SignInEmailBurst > SignInIPBurst {
		t.Error("one address may receive more links than one network may ask for")
	}
}
