package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/persistmemory/persistmemory/bench/internal/locomodata"
	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/embed/onnx"
	pmingest "github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/stack"
)

// ModelFiles says where the service's local model lives; the defaults are
// the ones `persistmemory serve` uses (PERSISTMEMORY_CACHE,
// PERSISTMEMORY_MODEL_DIR, ONNXRUNTIME_LIB).
func ModelFiles() (modelDir, lib string) {
	home, _ := os.UserHomeDir()
	cache := envOr("PERSISTMEMORY_CACHE", filepath.Join(home, ".cache", "persistmemory"))
	return envOr("PERSISTMEMORY_MODEL_DIR", filepath.Join(cache, "models", stack.ModelName)),
		envOr("ONNXRUNTIME_LIB", filepath.Join(cache, "onnxruntime-1.30.0", "libonnxruntime.so"))
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// OpenEmbedder opens the service's own embedding model in-process, with
// the service's settings (BatchSize 1, so a vector does not depend on its
// batch).
func OpenEmbedder(modelDir, lib string, threads int) (*onnx.E5, error) {
	return onnx.OpenE5(onnx.Config{
		ModelPath:     filepath.Join(modelDir, "model.onnx"),
		TokenizerPath: filepath.Join(modelDir, "tokenizer.json"),
		LibraryPath:   lib,
		Threads:       threads,
	})
}

// VectorIndex is vector-only retrieval over raw turns: cosine similarity,
// exhaustively.
type VectorIndex struct {
	vecs [][]float32
}

// TurnEmbedText is what a turn is embedded as: exactly what the service
// embeds for the turn it stores (ingest.TurnEmbeddingText: "author: text").
func TurnEmbedText(t locomodata.Turn) string {
	return pmingest.TurnEmbeddingText(schema.Turn{Author: t.Speaker, Text: t.Content})
}

// BuildVectorIndex embeds every turn.
func BuildVectorIndex(ctx context.Context, e embed.Embedder, turns []locomodata.Turn) (*VectorIndex, error) {
	texts := make([]string, len(turns))
	for i, t := range turns {
		texts[i] = TurnEmbedText(t)
	}
	vecs, err := e.Embed(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("embed turns: %w", err)
	}
	if len(vecs) != len(turns) {
		return nil, fmt.Errorf("embed turns: %d vectors for %d turns", len(vecs), len(turns))
	}
	return &VectorIndex{vecs: vecs}, nil
}

// Rank orders every turn by cosine similarity to q, best first, ties by
// dialog order.
func (x *VectorIndex) Rank(q []float32) []int {
	return RankByCosine(q, x.vecs)
}

// RankByCosine orders vecs by cosine similarity to q, best first, ties by
// index.
func RankByCosine(q []float32, vecs [][]float32) []int {
	sc := make([]float64, len(vecs))
	for i, v := range vecs {
		sc[i] = cosine(q, v)
	}
	idx := make([]int, len(vecs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return sc[idx[a]] > sc[idx[b]] })
	return idx
}

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range min(len(a), len(b)) {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / (math.Sqrt(na) * math.Sqrt(nb))
}
