package stack

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func testConfig(t *testing.T) Config {
	t.Helper()
	return Config{CacheDir: t.TempDir(), StackDir: t.TempDir(), Services: []string{ServiceNeo4j}}
}

// startSleep starts a sleep whose argv[0] is argv0 and reaps it at cleanup.
func startSleep(t *testing.T, argv0 string) *exec.Cmd {
	t.Helper()
	path, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep binary")
	}
	cmd := &exec.Cmd{Path: path, Args: []string{argv0, "30"}}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-done
	})
	return cmd
}

func TestMarkerDiffersByServiceAndStackDir(t *testing.T) {
	a := Config{StackDir: "/x/.stack"}
	b := Config{StackDir: "/y/.stack"}
	seen := map[string]bool{}
	for _, c := range []Config{a, b} {
		for _, s := range AllServices() {
			m := c.markerArg(s)
			if seen[m] {
				t.Fatalf("marker %q used twice", m)
			}
			seen[m] = true
		}
	}
	if a.markerArg(ServiceNeo4j) != (Config{StackDir: "/x/.stack/"}).markerArg(ServiceNeo4j) {
		t.Fatal("marker depends on a trailing slash")
	}
}

func TestDownRefusesForeignPID(t *testing.T) {
	c := testConfig(t)
	foreign := startSleep(t, "sleep") // a live process without our marker
	if err := writePID(c.pidPath(ServiceNeo4j), foreign.Process.Pid); err != nil {
		t.Fatal(err)
	}
	if err := Down(t.Context(), c); err != nil {
		t.Fatalf("Down = %v", err)
	}
	if !alive(foreign.Process.Pid) {
		t.Fatal("Down signalled a process that is not ours")
	}
	if _, err := os.Stat(c.pidPath(ServiceNeo4j)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("stale pid file not removed: %v", err)
	}
	// Our own test binary is not ours either.
	writePID(c.pidPath(ServiceNeo4j), os.Getpid())
	if err := Down(t.Context(), c); err != nil {
		t.Fatalf("Down = %v", err)
	}
}

func TestDownStopsMarkedProcess(t *testing.T) {
	c := testConfig(t)
	ours := startSleep(t, c.markerArg(ServiceNeo4j))
	pid := ours.Process.Pid
	if err := writePID(c.pidPath(ServiceNeo4j), pid); err != nil {
		t.Fatal(err)
	}
	st, err := Status(t.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(st) != 1 || st[0].PID != pid || !st[0].Running {
		t.Fatalf("Status = %+v, want neo4j running as pid %d", st, pid)
	}
	begin := time.Now()
	if err := Down(t.Context(), c); err != nil {
		t.Fatalf("Down = %v", err)
	}
	if alive(pid) {
		t.Fatal("marked process still alive after Down")
	}
	if d := time.Since(begin); d > 5*time.Second {
		t.Fatalf("Down took %v; SIGTERM should end sleep at once", d)
	}
	if _, err := os.Stat(c.pidPath(ServiceNeo4j)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("pid file not removed: %v", err)
	}
}

func TestOwnedPIDFindsMarkedProcessWithoutPIDFile(t *testing.T) {
	c := testConfig(t)
	ours := startSleep(t, c.markerArg(ServiceKafka))
	pid, stale := c.ownedPID(ServiceKafka)
	if pid != ours.Process.Pid || stale != 0 {
		t.Fatalf("ownedPID = %d, %d; want %d, 0", pid, stale, ours.Process.Pid)
	}
	if pid, _ := c.ownedPID(ServiceNeo4j); pid != 0 {
		t.Fatalf("ownedPID(neo4j) = %d, want 0", pid)
	}
}

func TestReadPID(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.pid")
	if pid, err := readPID(p); pid != 0 || err != nil {
		t.Fatalf("absent: %d, %v", pid, err)
	}
	os.WriteFile(p, []byte("12x\n"), 0o644)
	if _, err := readPID(p); err == nil {
		t.Fatal("malformed pid file accepted")
	}
	writePID(p, 4242)
	if pid, err := readPID(p); pid != 4242 || err != nil {
		t.Fatalf("readPID = %d, %v", pid, err)
	}
}

func TestCheckPortsNamesPortAndService(t *testing.T) {
	ln, err := net.Listen("tcp", Host+":0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	n := ln.Addr().(*net.TCPAddr).Port
	s := &service{name: "neo4j", ports: []port{{number: n, what: "neo4j Bolt"}}}
	err = checkPorts(s)
	if !errors.Is(err, ErrPortInUse) {
		t.Fatalf("checkPorts = %v, want ErrPortInUse", err)
	}
	want := "port " + strconv.Itoa(n) + " (neo4j Bolt)"
	if got := err.Error(); !strings.Contains(got, "cannot start neo4j") || !strings.Contains(got, want) {
		t.Fatalf("error %q does not name the service and %q", got, want)
	}
	ln.Close()
	if err := checkPorts(s); err != nil {
		t.Fatalf("checkPorts after close = %v", err)
	}
}

func TestStopProcessKillsAfterGrace(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	marker := Config{StackDir: t.TempDir()}.markerArg(ServiceKafka)
	// A process that ignores SIGTERM; the marker is an argument ($0 of -c).
	armed := filepath.Join(t.TempDir(), "armed")
	cmd := exec.Command(sh, "-c", `trap "" TERM; : > "$1"; while :; do sleep 0.05; done`, marker, armed)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	pid := cmd.Process.Pid
	waitFor := time.Now().Add(2 * time.Second)
	for !fileExists(armed) && time.Now().Before(waitFor) {
		time.Sleep(10 * time.Millisecond)
	}
	begin := time.Now()
	if err := stopProcess(t.Context(), pid, marker, 300*time.Millisecond); err != nil {
		t.Fatalf("stopProcess = %v", err)
	}
	<-done
	if d := time.Since(begin); d < 300*time.Millisecond {
		t.Fatalf("stopped after %v: SIGTERM should have been ignored", d)
	}
	if alive(pid) {
		t.Fatal("process survived SIGKILL")
	}
}
