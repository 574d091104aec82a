package onnx

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sync"

	ort "github.com/yalue/onnxruntime_go"

	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/embed/wordpiece"
	"github.com/persistmemory/persistmemory/schema"
)

// Model is what Embedder.Model returns, and Dims its vector length.
const (
	Model = "e5-small-v2"
	Dims  = 384
)

// Names of the model's inputs and output (checked at Open).
const (
	inputIDs      = "input_ids"
	attentionMask = "attention_mask"
	tokenTypeIDs  = "token_type_ids"
	hiddenState   = "last_hidden_state"
)

var _ embed.Embedder = (*Embedder)(nil)

// Embedder runs a 384-dimensional BERT sentence encoder (the project's
// e5-small-v2; see E5 for the prefixes it wants) in-process.
//
// It is safe for concurrent use: all calls share one onnxruntime session,
// whose Run is thread-safe. Each run is single-threaded inside
// onnxruntime; parallelism comes from running up to Config.Threads batches
// at once, a limit shared by all concurrent Embed calls (so they interleave
// batch by batch instead of oversubscribing the CPU). Close waits for
// running calls to finish.
//
// A text's vector does not depend on the other texts of the call as long
// as BatchSize is 1, the default: see Config.BatchSize for why batching
// this model changes results.
//
// Embed returns errors wrapping schema.ErrUnavailable when the runtime
// fails or the Embedder is closed, and the context's error when it is
// cancelled (a running batch is interrupted through onnxruntime's
// terminate flag). It refuses no text: the empty string is embedded as
// [CLS] [SEP] (a valid unit vector, as sentence-transformers does), texts
// longer than MaxTokens are truncated, invalid UTF-8 is tolerated.
type Embedder struct {
	tok       *wordpiece.Tokenizer
	batchSize int
	maxTokens int
	typeIDs   bool          // whether the model takes token_type_ids
	slots     chan struct{} // one per model run allowed at once

	mu      sync.RWMutex // read: a call in progress; write: Close
	session *ort.DynamicAdvancedSession
}

// Open loads the tokenizer and the model. Missing files and an onnxruntime
// library that cannot be loaded return errors wrapping
// schema.ErrUnavailable; a malformed tokenizer.json or a model that is not
// a 384-dimensional BERT encoder returns one wrapping schema.ErrInvalid;
// a LibraryPath different from the one already loaded in this process
// returns one wrapping schema.ErrConflict.
func Open(cfg Config) (*Embedder, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	for _, p := range []struct{ what, path string }{
		{"model", cfg.ModelPath}, {"tokenizer", cfg.TokenizerPath}, {"onnxruntime library", cfg.LibraryPath},
	} {
		if _, err := os.Stat(p.path); err != nil {
			return nil, fmt.Errorf("onnx: %s file: %w: %w", p.what, schema.ErrUnavailable, err)
		}
	}
	tok, err := wordpiece.Load(cfg.TokenizerPath)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil, fmt.Errorf("onnx: %w: %w", schema.ErrUnavailable, err)
	}
	if err != nil {
		return nil, fmt.Errorf("onnx: %w", err)
	}
	if err := initRuntime(cfg.LibraryPath); err != nil {
		return nil, err
	}

	inputs, outputs, err := ort.GetInputOutputInfo(cfg.ModelPath)
	if err != nil {
		return nil, fmt.Errorf("onnx: read model %s: %w: %w", cfg.ModelPath, schema.ErrInvalid, err)
	}
	names, typeIDs, err := checkModel(inputs, outputs)
	if err != nil {
		return nil, fmt.Errorf("onnx: model %s: %w", cfg.ModelPath, err)
	}

	opts, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("onnx: session options: %w: %w", schema.ErrUnavailable, err)
	}
	defer opts.Destroy()
	// One thread per run; Embed runs Threads batches in parallel instead,
	// which on this small model beats intra-op threading (and with batch
	// size 1 it is the only parallelism there is).
	if err := opts.SetIntraOpNumThreads(1); err != nil {
		return nil, fmt.Errorf("onnx: session options: %w: %w", schema.ErrUnavailable, err)
	}
	if err := opts.SetInterOpNumThreads(1); err != nil {
		return nil, fmt.Errorf("onnx: session options: %w: %w", schema.ErrUnavailable, err)
	}
	session, err := ort.NewDynamicAdvancedSession(cfg.ModelPath, names, []string{hiddenState}, opts)
	if err != nil {
		return nil, fmt.Errorf("onnx: create session for %s: %w: %w", cfg.ModelPath, schema.ErrUnavailable, err)
	}
	return &Embedder{
		tok:       tok,
		batchSize: cfg.batchSize(),
		maxTokens: cfg.maxTokens(),
		typeIDs:   typeIDs,
		slots:     make(chan struct{}, cfg.threads()),
		session:   session,
	}, nil
}

// checkModel verifies the model has int64 [batch, seq] inputs input_ids and
// attention_mask (token_type_ids optional) and a float
// [batch, seq, 384] last_hidden_state, and returns the input names in the
// order Embed passes them.
func checkModel(inputs, outputs []ort.InputOutputInfo) (names []string, typeIDs bool, err error) {
	have := map[string]ort.InputOutputInfo{}
	for _, in := range inputs {
		have[in.Name] = in
	}
	for _, name := range []string{inputIDs, attentionMask, tokenTypeIDs} {
		in, ok := have[name]
		if !ok {
			if name == tokenTypeIDs {
				continue
			}
			return nil, false, fmt.Errorf("no input %q (inputs: %v): %w", name, inputs, schema.ErrInvalid)
		}
		if in.OrtValueType != ort.ONNXTypeTensor || in.DataType != ort.TensorElementDataTypeInt64 || len(in.Dimensions) != 2 {
			return nil, false, fmt.Errorf("input %s, want an int64 [batch, sequence] tensor: %w", in.String(), schema.ErrInvalid)
		}
		names = append(names, name)
		typeIDs = typeIDs || name == tokenTypeIDs
	}
	if len(names) != len(inputs) {
		return nil, false, fmt.Errorf("unexpected inputs %v: %w", inputs, schema.ErrInvalid)
	}
	for _, out := range outputs {
		if out.Name != hiddenState {
			continue
		}
		d := out.Dimensions
		if out.DataType != ort.TensorElementDataTypeFloat || len(d) != 3 || (d[2] != Dims && d[2] >= 0) {
			return nil, false, fmt.Errorf("output %s, want float [batch, sequence, %d] (is this %s?): %w", out.String(), Dims, Model, schema.ErrInvalid)
		}
		return names, typeIDs, nil
	}
	return nil, false, fmt.Errorf("no output %q (outputs: %v): %w", hiddenState, outputs, schema.ErrInvalid)
}

// Model returns "e5-small-v2".
func (e *Embedder) Model() string { return Model }

// Dims returns 384.
func (e *Embedder) Dims() int { return Dims }

// Close releases the session. It waits for running Embed calls; later
// calls fail with schema.ErrUnavailable. The process-wide onnxruntime
// environment stays loaded. Close is idempotent.
func (e *Embedder) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.session == nil {
		return nil
	}
	err := e.session.Destroy()
	e.session = nil
	if err != nil {
		return fmt.Errorf("onnx: close session: %w", err)
	}
	return nil
}

// Embed returns one L2-normalised 384-dimensional vector per text, in
// order. Texts are tokenised, sorted by length, longest first (so that
// batches pad little), and cut into batches of BatchSize, which run in parallel, up to
// Threads at a time across all calls. If one batch fails or ctx ends, the
// others are interrupted and Embed returns that error.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return [][]float32{}, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("onnx: embed: %w", err)
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	if e.session == nil {
		return nil, fmt.Errorf("onnx: embed: embedder is closed: %w", schema.ErrUnavailable)
	}

	seqs := make([][]int64, len(texts))
	order := make([]int, len(texts))
	for i, s := range texts {
		seqs[i] = e.tok.Encode(s, e.maxTokens)
		order[i] = i
	}
	// Longest first: similar lengths share a batch, and the long runs start
	// early instead of finishing last.
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(len(seqs[b]), len(seqs[a])) })

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		errMu    sync.Mutex
		firstErr error
	)
	out := make([][]float32, len(texts))
batches:
	for start := 0; start < len(order); start += e.batchSize {
		select {
		case e.slots <- struct{}{}:
		case <-runCtx.Done():
			break batches
		}
		idx := order[start:min(start+e.batchSize, len(order))]
		wg.Go(func() {
			defer func() { <-e.slots }()
			batch := make([][]int64, len(idx))
			for j, i := range idx {
				batch[j] = seqs[i]
			}
			vecs, err := e.run(runCtx, batch)
			if err != nil {
				errMu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				errMu.Unlock()
				cancel()
				return
			}
			for j, i := range idx {
				out[i] = vecs[j]
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("onnx: embed: %w", err)
	}
	if firstErr != nil {
		return nil, firstErr
	}
	return out, nil
}

// run embeds one batch, padding every sequence to the longest. The caller
// holds e.mu for reading.
func (e *Embedder) run(ctx context.Context, seqs [][]int64) ([][]float32, error) {
	b := e.tok.Pad(seqs)
	shape := ort.NewShape(int64(b.Rows), int64(b.Cols))
	var values []ort.Value
	defer func() {
		for _, v := range values {
			v.Destroy()
		}
	}()
	inputs := [][]int64{b.IDs, b.AttentionMask}
	if e.typeIDs {
		inputs = append(inputs, b.TypeIDs)
	}
	for _, data := range inputs {
		t, err := ort.NewTensor(shape, data)
		if err != nil {
			return nil, fmt.Errorf("onnx: input tensor: %w: %w", schema.ErrUnavailable, err)
		}
		values = append(values, t)
	}
	hidden, err := ort.NewEmptyTensor[float32](ort.NewShape(int64(b.Rows), int64(b.Cols), Dims))
	if err != nil {
		return nil, fmt.Errorf("onnx: output tensor: %w: %w", schema.ErrUnavailable, err)
	}
	values = append(values, hidden)

	if err := e.runSession(ctx, values[:len(inputs)], []ort.Value{hidden}); err != nil {
		return nil, err
	}
	return meanPool(hidden.GetData(), b.AttentionMask, b.Rows, b.Cols, Dims)
}

// runSession runs the model, interrupting it through onnxruntime's
// terminate flag if ctx is cancelled meanwhile.
func (e *Embedder) runSession(ctx context.Context, inputs, outputs []ort.Value) error {
	opts, err := ort.NewRunOptions()
	if err != nil {
		return fmt.Errorf("onnx: run options: %w: %w", schema.ErrUnavailable, err)
	}
	terminated := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		opts.Terminate()
		close(terminated)
	})
	err = e.session.RunWithOptions(inputs, outputs, opts)
	if !stop() {
		<-terminated // Terminate started; let it finish before destroying opts
	}
	opts.Destroy()
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("onnx: embed: %w", ctxErr)
	}
	if err != nil {
		return fmt.Errorf("onnx: run %s: %w: %w", Model, schema.ErrUnavailable, err)
	}
	return nil
}
