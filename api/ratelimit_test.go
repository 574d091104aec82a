package api

import (
	"testing"
	"time"
)

func TestLimitersBurstThenRefill(t *testing.T) {
	l := newLimiters()
	now := time.Unix(1_700_000_000, 0)
	for i := range RateLimitBurst {
		if ok, _ := l.take("pm_live_a", now); !ok {
			t.Fatalf("request %d of the burst refused", i)
		}
	}
	ok, wait := l.take("pm_live_a", now)
	if ok || wait <= 0 || wait > time.Second {
		t.Fatalf("over the burst: ok=%v wait=%v", ok, wait)
	}
	if ok, _ := l.take("pm_live_b", now); !ok {
		t.Fatal("another credential was limited by the first")
	}
	if ok, _ := l.take("pm_live_a", now.Add(time.Second)); !ok {
		t.Fatal("the bucket did not refill after a second")
	}
}
