package proc

import (
	"os/exec"
	"syscall"
	"time"
)

// Child is a started process whose exit is being waited for.
type Child struct {
	cmd    *exec.Cmd
	exited chan struct{}
	err    error
}

// Start starts cmd and waits for its exit in the background.
func Start(cmd *exec.Cmd) (*Child, error) {
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &Child{cmd: cmd, exited: make(chan struct{})}
	go func() { c.err = cmd.Wait(); close(c.exited) }()
	return c, nil
}

// Pid is the process id.
func (c *Child) Pid() int { return c.cmd.Process.Pid }

// Exited is closed when the process has exited; Err then says how.
func (c *Child) Exited() <-chan struct{} { return c.exited }

// Err is what waiting for the process returned; read it after Exited.
func (c *Child) Err() error { return c.err }

// Stop sends SIGTERM and waits up to grace for the process to exit, then
// kills it; it returns once the process has exited.
func (c *Child) Stop(grace time.Duration) {
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.exited:
	case <-time.After(grace):
		_ = c.cmd.Process.Kill()
		<-c.exited
	}
}
