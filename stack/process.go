package stack

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// markerArg returns the command-line argument that identifies the process of
// service svc started for the stack directory of c. It appears verbatim in
// /proc/<pid>/cmdline of that process and of no other: Down signals a pid only
// when one of its arguments equals this string.
func (c Config) markerArg(svc string) string {
	token := "persistmemory-stack/" + svc + "/" + stackID(c.StackDir)
	if svc == ServiceWeaviate {
		// weaviate-server rejects unknown flags: the marker is its argv[0].
		return "weaviate-server@" + token
	}
	return "-Dpersistmemory.stack=" + token
}

// stackID is a short stable name for a stack directory.
func stackID(dir string) string {
	h := fnv.New32a()
	h.Write([]byte(filepath.Clean(dir)))
	return fmt.Sprintf("%08x", h.Sum32())
}

// procArgs returns the arguments of process pid, or nil if it does not exist
// or has exited (a zombie has an empty cmdline).
func procArgs(pid int) []string {
	if pid <= 0 {
		return nil
	}
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	if err != nil || len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00")
}

// alive reports whether pid exists and is not a zombie.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	// The state follows the parenthesised command name, which may hold spaces.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return false
	}
	st := b[i+2]
	return st != 'Z' && st != 'X' && st != 'x'
}

// isOurs reports whether pid is alive and carries marker in its arguments.
func isOurs(pid int, marker string) bool {
	return alive(pid) && slices.Contains(procArgs(pid), marker)
}

// readPID returns the pid in path; 0 and no error if the file is absent.
func readPID(path string) (int, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0, fmt.Errorf("pid file %s: malformed content %q", path, bytes.TrimSpace(b))
	}
	return pid, nil
}

func writePID(path string, pid int) error {
	return writeFileAtomic(path, []byte(strconv.Itoa(pid)+"\n"), 0o644)
}

// ownedPID finds the running process of svc: the pid in its pid file when that
// process carries the marker, else any process carrying the marker (its pid
// file was lost). It returns 0 when none runs. stale is the pid named by a pid
// file whose process is gone or is not ours; the caller removes that file.
func (c Config) ownedPID(svc string) (pid, stale int) {
	marker := c.markerArg(svc)
	p, err := readPID(c.pidPath(svc))
	if err == nil && p > 0 && isOurs(p, marker) {
		return p, 0
	}
	if p > 0 {
		stale = p
	}
	if err != nil {
		stale = -1 // malformed file
	}
	return scanForMarker(marker), stale
}

// scanForMarker returns the lowest pid whose arguments contain marker, or 0.
func scanForMarker(marker string) int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	self := os.Getpid()
	best := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		if isOurs(pid, marker) && (best == 0 || pid < best) {
			best = pid
		}
	}
	return best
}

// startDetached starts cmd (service name) in its own session with stdin from /dev/null and
// stdout and stderr appended to logPath, so that it outlives the caller. The
// returned channel yields the exit error if the process ends while the
// caller still runs (it also reaps the child, so no zombie stays behind).
func startDetached(cmd *exec.Cmd, name, logPath string) (<-chan error, error) {
	if err := os.MkdirAll(filepath.Dir(logPath), 0o755); err != nil {
		return nil, err
	}
	rotateLog(logPath)
	logf, err := os.OpenFile(logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer logf.Close() // the child holds its own descriptor
	fmt.Fprintf(logf, "---- persistmemory stack: starting %s at %s ----\n", name, time.Now().Format(time.RFC3339))
	cmd.Stdin = nil // /dev/null
	cmd.Stdout = logf
	cmd.Stderr = logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	return done, nil
}

// maxLogSize is the size past which a log is moved to <log>.1 before a start.
const maxLogSize = 64 << 20

func rotateLog(path string) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > maxLogSize {
		_ = os.Rename(path, path+".1")
	}
}

// stopProcess sends SIGTERM to pid, waits up to grace for it to exit, then
// sends SIGKILL and waits a little more. It re-checks the marker before each
// signal, so a pid recycled meanwhile is left alone.
func stopProcess(ctx context.Context, pid int, marker string, grace time.Duration) error {
	if !isOurs(pid, marker) {
		return nil
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
		return fmt.Errorf("SIGTERM pid %d: %w", pid, err)
	}
	if waitExit(ctx, pid, grace) {
		return nil
	}
	if !isOurs(pid, marker) {
		return nil
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
		return fmt.Errorf("SIGKILL pid %d: %w", pid, err)
	}
	if waitExit(ctx, pid, 10*time.Second) {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return fmt.Errorf("pid %d still alive after SIGKILL", pid)
}

// waitExit polls until pid is gone, d passes or ctx ends; it reports whether
// the process is gone.
func waitExit(ctx context.Context, pid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if !alive(pid) {
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}
