package openai

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// fake is an OpenAI-compatible /v1/embeddings server. By default it
// answers each input with a deterministic 4-dimensional vector derived
// from the text, in reversed order (so clients must sort by index). Each
// request is checked against the real wire format; respond overrides the
// answer for request number n (0-based).
type fake struct {
	t       *testing.T
	key     string
	dims    int
	respond func(n int, w http.ResponseWriter, req embeddingRequest) bool

	mu       sync.Mutex
	requests []embeddingRequest
}

func newFake(t *testing.T, key string) (*fake, *httptest.Server) {
	f := &fake{t: t, key: key, dims: 4}
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
	if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
		f.t.Errorf("request %s %s, want POST /v1/embeddings", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	if got := r.Header.Get("Content-Type"); got != "application/json" {
		f.t.Errorf("Content-Type %q", got)
	}
	body, _ := io.ReadAll(r.Body)
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		f.t.Errorf("request body is not JSON: %v", err)
	}
	for _, k := range []string{"model", "input", "encoding_format"} {
		if _, ok := raw[k]; !ok {
			f.t.Errorf("request lacks %q: %s", k, body)
		}
	}
	var req embeddingRequest
	if err := json.Unmarshal(body, &req); err != nil || req.EncodingFormat != "float" {
		f.t.Errorf("request %s: %v", body, err)
	}
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, req)
	f.mu.Unlock()

	if r.Header.Get("Authorization") != "Bearer "+f.key {
		writeError(w, http.StatusUnauthorized, "Incorrect API key provided: "+bearer(r)+". You can find your API key at https://platform.openai.com/account/api-keys.", "invalid_request_error", "invalid_api_key")
		return
	}
	if f.respond != nil && f.respond(n, w, req) {
		return
	}
	writeJSON(w, http.StatusOK, f.answer(req.Model, req.Input, true))
}

func bearer(r *http.Request) string {
	a := r.Header.Get("Authorization")
	if len(a) > 7 {
		return a[7:]
	}
	return a
}

type datum struct {
	Object    string    `json:"object"`
	Index     int       `json:"index"`
	Embedding []float32 `json:"embedding"`
}

type answer struct {
	Object string  `json:"object"`
	Data   []datum `json:"data"`
	Model  string  `json:"model"`
	Usage  struct {
		PromptTokens int `json:"prompt_tokens"`
		TotalTokens  int `json:"total_tokens"`
	} `json:"usage"`
}

// vector is the fake's embedding of s: not normalised, so the client's
// normalisation is visible.
func vector(s string, dims int) []float32 {
	v := make([]float32, dims)
	for i := range v {
		v[i] = 1
	}
	for i, c := range []byte(s) {
		v[i%dims] += float32(c%7) + 1
	}
	return v
}

func (f *fake) answer(model string, input []string, reversed bool) answer {
	a := answer{Object: "list", Model: model}
	for i, s := range input {
		a.Data = append(a.Data, datum{Object: "embedding", Index: i, Embedding: vector(s, f.dims)})
		a.Usage.PromptTokens += len(s) / 4
	}
	if reversed {
		for i, j := 0, len(a.Data)-1; i < j; i, j = i+1, j-1 {
			a.Data[i], a.Data[j] = a.Data[j], a.Data[i]
		}
	}
	a.Usage.TotalTokens = a.Usage.PromptTokens
	return a
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, message, typ, code string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{
		"message": message, "type": typ, "param": nil, "code": code,
	}})
}
