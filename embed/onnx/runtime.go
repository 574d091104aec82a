package onnx

import (
	"fmt"
	"path/filepath"
	"sync"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/persistmemory/persistmemory/schema"
)

// environment is the process-wide onnxruntime environment. onnxruntime_go holds
// it in package state, so there can be only one; see the package
// documentation for why this is a mutex and not a sync.Once.
var environment struct {
	mu      sync.Mutex
	ready   bool
	library string // absolute path it was loaded from; "" if someone else loaded it
}

// initRuntime loads the onnxruntime library from lib and creates the
// environment, once per process.
func initRuntime(lib string) error {
	abs, err := filepath.Abs(lib)
	if err != nil {
		return fmt.Errorf("onnx: library path %s: %w: %w", lib, schema.ErrInvalid, err)
	}
	environment.mu.Lock()
	defer environment.mu.Unlock()
	if environment.ready {
		if environment.library != "" && environment.library != abs {
			return fmt.Errorf("onnx: onnxruntime is already loaded from %s in this process; cannot also load %s: %w",
				environment.library, abs, schema.ErrConflict)
		}
		return nil
	}
	if ort.IsInitialized() {
		environment.ready = true // initialised by another package; use it as is
		return nil
	}
	ort.SetSharedLibraryPath(abs)
	if err := ort.InitializeEnvironment(ort.WithLogLevelError()); err != nil {
		return fmt.Errorf("onnx: load onnxruntime from %s: %w: %w", abs, schema.ErrUnavailable, err)
	}
	environment.ready, environment.library = true, abs
	return nil
}
