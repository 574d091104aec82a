package stack

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// fakeService runs argv (argv[0] replaced by the marker) and never answers
// its probe.
func fakeService(t *testing.T, c Config, argv ...string) (*service, int, <-chan error) {
	t.Helper()
	path, err := exec.LookPath(argv[0])
	if err != nil {
		t.Skipf("no %s", argv[0])
	}
	s := &service{
		name:         ServiceKafka,
		readyTimeout: 300 * time.Millisecond,
		stopGrace:    time.Second,
		probe:        func(context.Context, Config, int) error { return errors.New("not yet") },
	}
	cmd := &exec.Cmd{Path: path, Args: append([]string{c.markerArg(s.name)}, argv[1:]...)}
	done, err := startDetached(cmd, s.name, c.logPath(s.name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	return s, cmd.Process.Pid, done
}

func TestWaitReadyTimeoutStopsProcess(t *testing.T) {
	c := testConfig(t)
	s, pid, done := fakeService(t, c, "sleep", "30")
	err := waitReady(t.Context(), c, s, pid, done)
	if !errors.Is(err, ErrNotReady) {
		t.Fatalf("waitReady = %v, want ErrNotReady", err)
	}
	want := "kafka did not become ready within 300ms; see " + c.logPath(ServiceKafka)
	if err.Error() != want {
		t.Fatalf("error %q, want %q", err, want)
	}
	if alive(pid) {
		t.Fatal("process left running after the timeout")
	}
}

func TestWaitReadyReportsEarlyExit(t *testing.T) {
	c := testConfig(t)
	s, pid, done := fakeService(t, c, "false")
	s.readyTimeout = 10 * time.Second
	err := waitReady(t.Context(), c, s, pid, done)
	if !errors.Is(err, ErrNotReady) || !strings.Contains(err.Error(), "kafka exited before becoming ready (exit status 1); see ") {
		t.Fatalf("waitReady = %v", err)
	}
}
