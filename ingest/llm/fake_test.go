package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

// fake is an OpenAI-compatible POST /v1/chat/completions server. Every
// request is checked against the real wire format; respond answers request
// number n (0-based). reply writes a 200 chat completion.
type fake struct {
	t       *testing.T
	key     string
	respond func(n int, w http.ResponseWriter, r *http.Request, req chatRequest)
	// schema is the schema every request must carry; nil means
	// schema.json (the extractor's).
	schema []byte

	mu       sync.Mutex
	requests []chatRequest
}

func newFake(t *testing.T, key string, respond func(n int, w http.ResponseWriter, r *http.Request, req chatRequest)) (*fake, *httptest.Server) {
	f := &fake{t: t, key: key, respond: respond}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fake) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		f.t.Errorf("request %s %s, want POST /v1/chat/completions", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	if got := r.Header.Get("Content-Type"); got != "application/json" {
		f.t.Errorf("Content-Type %q", got)
	}
	if want := "Bearer " + f.key; f.key != "" && r.Header.Get("Authorization") != want {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}`)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		f.t.Errorf("request body is not JSON: %v", err)
	}
	for _, k := range []string{"model", "messages", "response_format", "temperature"} {
		if _, ok := raw[k]; !ok {
			f.t.Errorf("request lacks %q", k)
		}
	}
	var req chatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		f.t.Errorf("request: %v", err)
	}
	rf := req.ResponseFormat
	if rf.Type != "json_schema" || rf.JSONSchema.Name == "" || !rf.JSONSchema.Strict || req.Temperature != 0 {
		f.t.Errorf("response_format %+v, temperature %v; want a strict json_schema and 0", rf, req.Temperature)
	}
	want := f.schema
	if want == nil {
		want = schemaJSON
	}
	var compact bytes.Buffer
	_ = json.Compact(&compact, want)
	if !bytes.Equal(rf.JSONSchema.Schema, compact.Bytes()) {
		f.t.Errorf("the schema sent is not the expected one")
	}
	if len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Messages[1].Role != "user" {
		f.t.Errorf("messages %+v, want system then user", req.Messages)
	}
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, req)
	f.mu.Unlock()
	f.respond(n, w, r, req)
}

// completion is a 200 chat completion carrying content, as OpenAI sends it.
func completion(model, content string, in, out int) map[string]any {
	return map[string]any{
		"id":      "chatcmpl-test",
		"object":  "chat.completion",
		"created": 1741000000,
		"model":   model + "-2025-01-01",
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": content, "refusal": nil},
			"logprobs":      nil,
			"finish_reason": "stop",
		}},
		"usage": map[string]any{"prompt_tokens": in, "completion_tokens": out, "total_tokens": in + out},
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// reply answers with content as a 200 completion.
func reply(content string, in, out int) func(int, http.ResponseWriter, *http.Request, chatRequest) {
	return func(_ int, w http.ResponseWriter, _ *http.Request, req chatRequest) {
		writeJSON(w, http.StatusOK, completion(req.Model, content, in, out))
	}
}

// recorder is a UsageRecorder that keeps what it is given.
type recorder struct {
	mu   sync.Mutex
	recs []ownedRecord
}

type ownedRecord struct {
	owner schema.Owner
	rec   schema.UsageRecord
}

func (r *recorder) RecordUsage(_ context.Context, owner schema.Owner, rec schema.UsageRecord) error {
	if err := rec.Validate(); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.recs = append(r.recs, ownedRecord{owner, rec})
	return nil
}

func (r *recorder) all() []ownedRecord {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]ownedRecord(nil), r.recs...)
}
