package stack

import (
	"os"
	"testing"
	"time"
)

// TestUpDownReal checks the running local stack through Status (and a
// second Up, which must leave it alone and return at once). The ports are
// fixed constants, so the test cannot start a stack of its own beside the
// developer's: start it first (stackcli up), then run with
// PERSISTMEMORY_STACK_TEST=1. Skipped otherwise.
func TestUpDownReal(t *testing.T) {
	if os.Getenv("PERSISTMEMORY_STACK_TEST") != "1" {
		t.Skip("set PERSISTMEMORY_STACK_TEST=1 with the local stack up to run")
	}
	cfg, err := DefaultConfig()
	if err != nil {
		t.Fatal(err)
	}
	st, err := Status(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != len(AllServices()) {
		t.Fatalf("Status returned %d services, want %d", len(st), len(AllServices()))
	}
	for _, s := range st {
		if !s.Running || !s.Ready || s.PID == 0 {
			t.Errorf("%s: %+v, want running and ready", s.Name, s)
		}
		if !isOurs(s.PID, cfg.markerArg(s.Name)) {
			t.Errorf("%s: pid %d lacks the marker", s.Name, s.PID)
		}
	}
	if t.Failed() {
		return
	}
	begin := time.Now()
	if err := Up(t.Context(), cfg); err != nil {
		t.Fatalf("second Up: %v", err)
	}
	if d := time.Since(begin); d > 5*time.Second {
		t.Errorf("second Up took %v, want a no-op", d)
	}
	again, err := Status(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range again {
		if s.PID != st[i].PID {
			t.Errorf("%s: pid changed from %d to %d across a second Up", s.Name, st[i].PID, s.PID)
		}
	}
}
