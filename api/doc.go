// Package api is PersistMemory's HTTP API (/api/v1, gin). Handlers are thin:
// they authenticate, decode and validate, then call the same services the MCP
// tools use (ingest.Pipeline, retrieval.Searcher, graph.Store), and map
// errors to one body shape {error: {code, message, retryable}} in one place
// (errors.go).
package api
