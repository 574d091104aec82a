package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// With EXTRACTION_* set, pairs the rules leave unrelated are scored again
// with the model judge, through the same wire format the service uses;
// without them the bench says why it scores the rules alone.
func TestPairsScoredWithTheModel(t *testing.T) {
	t.Setenv("EXTRACTION_BASE_URL", "")
	t.Setenv("EXTRACTION_MODEL", "")
	if j, why, err := openJudge(); j != nil || err != nil || !strings.Contains(why, "EXTRACTION_BASE_URL") {
		t.Fatalf("unconfigured: judge %v, %q, %v; want none and a sentence naming EXTRACTION_BASE_URL", j, why, err)
	}

	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			Model    string `json:"model"`
			Messages []struct{ Role, Content string }
		}
		if r.URL.Path != "/v1/chat/completions" || json.Unmarshal(body, &req) != nil || len(req.Messages) != 2 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		calls++
		content := `{"relations":[{"index":1,"reason":"the dose changed","relation":"supersedes"}]}`
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-test", "object": "chat.completion", "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": 120, "completion_tokens": 20, "total_tokens": 140},
		})
	}))
	defer srv.Close()
	t.Setenv("EXTRACTION_BASE_URL", srv.URL+"/v1")
	t.Setenv("EXTRACTION_MODEL", "test-model")
	j, _, err := openJudge()
	if err != nil || j == nil {
		t.Fatalf("configured: %v, %v", j, err)
	}
	c := Corpus{Pairs: []PairCase{
		// the rules leave these apart (a role word the rules do not know);
		// the claims share their subject, so the model is asked
		{ID: "m1", Existing: Said{Text: "Dad takes the blue tablets.", SaidAt: "2024-01-01T09:00:00Z"}, Incoming: Said{Text: "Dad takes the white tablets.", SaidAt: "2024-06-01T09:00:00Z"}, Expect: "supersedes"},
		// the rules decide this one: the model is not asked
		{ID: "m2", Existing: Said{Text: "Our rent is £1,200 a month.", SaidAt: "2024-01-01T09:00:00Z"}, Incoming: Said{Text: "Our rent is now £1,350 a month.", SaidAt: "2024-06-01T09:00:00Z"}, Expect: "supersedes"},
	}}
	r := Evaluate(c, nil, j)
	if got := r.Counts["pairs/supersedes"]; got == nil || got.TP != 1 || got.FN != 1 {
		t.Errorf("rules: %+v, want 1 found and 1 missed", got)
	}
	if got := r.Counts[withModel+"supersedes"]; got == nil || got.TP != 2 {
		t.Errorf("with the model: %+v, want both found", got)
	}
	if calls != 1 {
		t.Errorf("%d calls, want 1: only the pair the rules leave unrelated is put to the model", calls)
	}
}
