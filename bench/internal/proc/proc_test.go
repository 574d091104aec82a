package proc

import (
	"bufio"
	"os/exec"
	"testing"
	"time"
)

func TestStopEndsAProcessThatHandlesNoSignal(t *testing.T) {
	// The process ignores SIGTERM (an ignored signal stays ignored across
	// exec), so Stop must fall back to kill.
	cmd := exec.Command("sh", "-c", "trap '' TERM; echo ready; exec sleep 30")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c, err := Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "ready\n" {
		t.Fatalf("child said %q", line)
	}
	start := time.Now()
	c.Stop(200 * time.Millisecond)
	select {
	case <-c.Exited():
	default:
		t.Fatal("Stop returned before the process exited")
	}
	if took := time.Since(start); took < 200*time.Millisecond || took > 10*time.Second {
		t.Fatalf("Stop took %s: want the grace period, then kill", took)
	}
}

func TestExitedReportsAnEndedProcess(t *testing.T) {
	c, err := Start(exec.Command("sh", "-c", "exit 3"))
	if err != nil {
		t.Fatal(err)
	}
	<-c.Exited()
	if c.Err() == nil {
		t.Fatal("Err() = nil for a process that exited with status 3")
	}
	c.Stop(time.Second) // stopping an ended process returns at once
}

func TestStartRefusesAMissingProgram(t *testing.T) {
	if _, err := Start(exec.Command("/nonexistent/program")); err == nil {
		t.Fatal("Start of a missing program: no error")
	}
}
