// Package embed turns text into vectors. Embedder is the provider contract;
// embed/onnx runs e5-small-v2 in-process through onnxruntime (the
// "local" provider), embed/openai speaks any OpenAI-compatible
// /v1/embeddings endpoint. Provider "none" is a nil Embedder: callers degrade
// to lexical and graph signals.
//
// This package names the providers (Provider, ParseProvider) and checks a
// provider against the model and dimensions a vector collection was stored
// with (CheckCompatible). It imports no adapter: the adapters import it, and
// cmd picks one. embed/wordpiece is the BERT tokenizer embed/onnx uses.
package embed
