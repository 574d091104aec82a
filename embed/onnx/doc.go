// Package onnx is the "local" embedding provider: it runs
// intfloat/e5-small-v2 (the int8-quantised ONNX export) in-process through
// onnxruntime (github.com/yalue/onnxruntime_go), with the embed/wordpiece
// tokenizer, mean pooling over the attention mask and L2 normalisation,
// exactly as sentence-transformers does for this model. Vectors have 384
// dimensions. E5 adds the prefixes the model was trained with: "query: "
// before a search query, "passage: " before anything stored.
//
// It owns running the model, not obtaining it: model.onnx, tokenizer.json
// and libonnxruntime.so are fetched elsewhere and passed in as paths.
//
// # Process-global runtime
//
// onnxruntime_go keeps the onnxruntime environment (the loaded shared
// library and its OrtEnv) in package-level state: one per process. This
// package therefore initialises it at most once, on the first successful
// Open, behind a mutex, and never destroys it (sessions are released by
// Close; the environment lives until the process exits). Every later Open
// must name the same LibraryPath; a different one fails with an error
// wrapping schema.ErrConflict, because a second copy of the library cannot
// be loaded. A failed initialisation (say, a wrong LibraryPath) is not
// remembered, so a later Open with the right path still works; this is why
// the guard is a mutex and a flag rather than a sync.Once, which would keep
// the first failure for the life of the process. If another package already
// initialised onnxruntime_go, Open uses that environment as it is.
package onnx
