// Package embed turns text into vectors. Embedder is the provider contract;
// embed/onnx runs all-MiniLM-L6-v2 in-process through onnxruntime (the
// "local" provider), embed/openai speaks any OpenAI-compatible
// /v1/embeddings endpoint. Provider "none" is a nil Embedder: callers degrade
// to lexical and graph signals.
package embed
