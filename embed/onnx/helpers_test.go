package onnx

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/persistmemory/persistmemory/internal/testenv"
)

// testConfig finds the real model files: $PERSISTMEMORY_MODEL_DIR (with
// model.onnx and tokenizer.json) and $ONNXRUNTIME_LIB, defaulting to the
// cache the fetcher fills. Missing files end the test through
// testenv.Unavailable (skip locally, fail under CI=true).
func testConfig(t testing.TB) Config {
	t.Helper()
	home, _ := os.UserHomeDir()
	dir := os.Getenv("PERSISTMEMORY_MODEL_DIR")
	if dir == "" {
		dir = filepath.Join(home, ".cache", "persistmemory", "models", "e5-small-v2-q")
	}
	lib := os.Getenv("ONNXRUNTIME_LIB")
	if lib == "" {
		lib = filepath.Join(home, ".cache", "persistmemory", "onnxruntime-1.30.0", "libonnxruntime.so")
	}
	cfg := Config{
		ModelPath:     filepath.Join(dir, "model.onnx"),
		TokenizerPath: filepath.Join(dir, "tokenizer.json"),
		LibraryPath:   lib,
	}
	for _, p := range []string{cfg.ModelPath, cfg.TokenizerPath, cfg.LibraryPath} {
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			testenv.Unavailable(t, "%s missing (set PERSISTMEMORY_MODEL_DIR and ONNXRUNTIME_LIB)", p)
		}
	}
	return cfg
}

func openTest(t testing.TB, cfg Config) *Embedder {
	t.Helper()
	e, err := Open(cfg)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil {
			t.Error(err)
		}
	})
	return e
}

func embedAll(t testing.TB, e *Embedder, texts ...string) [][]float32 {
	t.Helper()
	v, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatalf("Embed: %v", err)
	}
	if len(v) != len(texts) {
		t.Fatalf("Embed returned %d vectors for %d texts", len(v), len(texts))
	}
	return v
}

// cosine of two vectors (which Embed already normalised; computed in full
// anyway so the test does not assume it).
func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
}

func norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}
