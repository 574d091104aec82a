// Package openai is the embedding provider for any OpenAI-compatible
// embeddings endpoint: POST {BaseURL}/embeddings with
// {"model", "input": [...], "encoding_format": "float"}, answered by
// {"data": [{"index", "embedding"}], "model", "usage"} (OpenAI, Azure
// OpenAI's v1 surface, Ollama, vLLM, LiteLLM, TEI and others speak it).
//
// It owns the wire format, batching, retries and error mapping: vectors
// are put back in input order by their index and L2-normalised; 429, 408
// and 5xx answers and network failures are retried a bounded number of
// times with exponential backoff that honours Retry-After (and OpenAI's
// retry-after-ms); other 4xx answers map to schema.ErrInvalid (the input
// was refused) or schema.ErrUnavailable (credentials, URL or model are
// wrong), carrying the status and the provider's error message.
//
// The API key is sent only in the Authorization header. It is never part
// of an error or a log record: provider messages that quote it are
// redacted, and Config.Validate does not echo settings that could hold it.
package openai
