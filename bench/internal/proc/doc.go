// Package proc runs a benchmark's child process (a service or a worker it
// starts) and stops it: SIGTERM first, then, after a grace period, kill.
package proc
