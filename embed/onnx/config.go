package onnx

import (
	"fmt"
	"runtime"

	"github.com/persistmemory/persistmemory/schema"
)

// Limits and defaults of Config.
const (
	// DefaultBatchSize is how many texts go through the model in one run
	// when Config.BatchSize is 0: one, so that vectors are reproducible
	// (see Config.BatchSize).
	DefaultBatchSize = 1
	// MaxBatchSize bounds Config.BatchSize: a batch allocates
	// BatchSize x MaxTokens x 384 float32 for the model's output.
	MaxBatchSize = 1024
	// MaxThreads bounds Config.Threads.
	MaxThreads = 256
	// DefaultMaxTokens is the sequence length, [CLS] and [SEP] included,
	// sentence-transformers uses for small sentence encoders (e5-small-v2
	// accepts up to 512); longer texts are truncated.
	DefaultMaxTokens = 256
	// MaxPositions is the model's number of position embeddings.
	MaxPositions = 512
)

// Config says where the model files are and how to batch. cmd fills it from
// flags and the environment.
type Config struct {
	// ModelPath is the model's model.onnx.
	ModelPath string
	// TokenizerPath is the model's HuggingFace tokenizer.json.
	TokenizerPath string
	// LibraryPath is the onnxruntime shared library (libonnxruntime.so).
	// It is loaded once per process; see the package documentation.
	LibraryPath string
	// BatchSize is the number of texts per model run, padded to the longest;
	// 0 means DefaultBatchSize (1).
	//
	// The int8 model quantises activations dynamically, with one scale per
	// tensor computed over the whole batch, so with BatchSize > 1 a text's
	// vector depends on the texts it shares a batch with: measured cosine
	// 0.97-0.99 against the same text embedded alone (the Python
	// onnxruntime does the same). Each batch runs on one thread, so a call
	// needs at least Threads batches to use every core. On two cores,
	// 64 sentences embed at about 900/s with BatchSize 1, 1000-1300/s with
	// 8 and 490/s with 64. Keep 1 unless a store is embedded in one go and
	// never compared with vectors embedded separately.
	BatchSize int
	// Threads is how many model runs (batches) execute at once, each on
	// one thread, shared by all concurrent Embed calls; 0 means
	// runtime.GOMAXPROCS(0).
	Threads int
	// MaxTokens is the per-text token limit including [CLS] and [SEP]
	// (2..MaxPositions); 0 means DefaultMaxTokens. Longer texts are
	// truncated, so only their beginning is embedded.
	MaxTokens int
}

// Validate reports the first missing or out-of-range setting, wrapping
// schema.ErrInvalid. It does not touch the file system; Open does.
func (c Config) Validate() error {
	switch {
	case c.ModelPath == "":
		return fmt.Errorf("onnx: ModelPath (model.onnx) is not set: %w", schema.ErrInvalid)
	case c.TokenizerPath == "":
		return fmt.Errorf("onnx: TokenizerPath (tokenizer.json) is not set: %w", schema.ErrInvalid)
	case c.LibraryPath == "":
		return fmt.Errorf("onnx: LibraryPath (libonnxruntime.so) is not set: %w", schema.ErrInvalid)
	case c.BatchSize < 0 || c.BatchSize > MaxBatchSize:
		return fmt.Errorf("onnx: BatchSize %d is outside 0..%d: %w", c.BatchSize, MaxBatchSize, schema.ErrInvalid)
	case c.Threads < 0 || c.Threads > MaxThreads:
		return fmt.Errorf("onnx: Threads %d is outside 0..%d: %w", c.Threads, MaxThreads, schema.ErrInvalid)
	case c.MaxTokens != 0 && (c.MaxTokens < 2 || c.MaxTokens > MaxPositions):
		return fmt.Errorf("onnx: MaxTokens %d is outside 2..%d (0 means %d): %w",
			c.MaxTokens, MaxPositions, DefaultMaxTokens, schema.ErrInvalid)
	}
	return nil
}

func (c Config) batchSize() int {
	if c.BatchSize == 0 {
		return DefaultBatchSize
	}
	return c.BatchSize
}

func (c Config) threads() int {
	if c.Threads == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return c.Threads
}

func (c Config) maxTokens() int {
	if c.MaxTokens == 0 {
		return DefaultMaxTokens
	}
	return c.MaxTokens
}
