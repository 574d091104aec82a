// Package openaicompat holds what the clients of OpenAI-compatible HTTP
// APIs share (embed/openai for embeddings, ingest/llm for chat
// completions): checking a configured base URL, reading how long the
// provider asks to wait, and the backoff between attempts.
package openaicompat
