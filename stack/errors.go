package stack

import (
	"errors"
	"fmt"
)

// Sentinel errors; errors returned by this package wrap them where they apply.
var (
	// ErrPortInUse: a port of the stack is taken by a process the stack did
	// not start.
	ErrPortInUse = errors.New("stack: port in use")
	// ErrNotReady: a service did not become ready in time, or exited first.
	ErrNotReady = errors.New("stack: service not ready")
	// ErrUnknownService: a service name that is not neo4j, kafka or weaviate.
	ErrUnknownService = errors.New("stack: unknown service")
)

// sentinelError carries a full sentence and unwraps to a sentinel, so the
// message need not end in the sentinel's text.
type sentinelError struct {
	msg      string
	sentinel error
}

func (e *sentinelError) Error() string { return e.msg }
func (e *sentinelError) Unwrap() error { return e.sentinel }

func errorf(sentinel error, format string, args ...any) error {
	return &sentinelError{msg: fmt.Sprintf(format, args...), sentinel: sentinel}
}
