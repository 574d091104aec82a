package safe_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/persistmemory/persistmemory/internal/safe"
)

func TestRecoverInAGoroutine(t *testing.T) {
	var err error
	var wg sync.WaitGroup
	wg.Go(func() {
		defer safe.Recover(&err)
		var m map[string]int
		m["x"] = 1 // panics: assignment to a nil map
	})
	wg.Wait()
	if !errors.Is(err, safe.ErrPanicked) {
		t.Fatalf("err = %v, want one wrapping ErrPanicked", err)
	}
}

func TestRecoverLeavesAnErrorAlone(t *testing.T) {
	want := errors.New("no such owner")
	err := want
	func() {
		defer safe.Recover(&err)
	}()
	if err != want {
		t.Fatalf("err = %v, want %v", err, want)
	}
}
