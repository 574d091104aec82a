package safe

import (
	"errors"
	"fmt"
)

// ErrPanicked marks an error that was a panic.
var ErrPanicked = errors.New("panicked")

// Recover, deferred in a goroutine, turns its panic into an error in
// *err (wrapping ErrPanicked) and leaves *err alone otherwise.
func Recover(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("%w: %v", ErrPanicked, p)
	}
}
