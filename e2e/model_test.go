package e2e

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/embed/onnx"
)

// TestAnotherEmbeddingModelIsRefused: the vector collection records the
// model its vectors were made with; starting with another model (here an
// OpenAI-compatible provider, served by a local fake speaking the real wire
// format) refuses with a sentence naming both, and never echoes the key.
func TestAnotherEmbeddingModelIsRefused(t *testing.T) {
	s := startService(t, nil) // makes sure the collection exists with the local model
	s.stop()
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		type datum struct {
			Object    string    `json:"object"`
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		out := struct {
			Object string  `json:"object"`
			Data   []datum `json:"data"`
			Model  string  `json:"model"`
		}{Object: "list", Model: req.Model}
		for i := range req.Input {
			v := make([]float32, 384)
			v[i%384] = 1
			out.Data = append(out.Data, datum{Object: "embedding", Index: i, Embedding: v})
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(out)
	}))
	defer fake.Close()
	const key = "sk-test-e2e-0123456789abcdefghij"
	cmd := exec.Command(binary(t), "serve")
	cmd.Env = withTopic(t, baseEnv("PERSISTMEMORY_ADDR="+freeAddr(t), "EMBEDDING_PROVIDER=openai", "EMBEDDING_BASE_URL="+fake.URL+"/v1",
		"EMBEDDING_API_KEY="+key, "EMBEDDING_MODEL=text-embedding-3-small"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("serve started with another embedding model")
		}
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("serve did not refuse; stderr:\n%s", stderr.String())
	}
	msg := stderr.String()
	if !strings.Contains(msg, onnx.Model) || !strings.Contains(msg, "text-embedding-3-small") {
		t.Fatalf("the refusal does not name both models:\n%s", msg)
	}
	if strings.Contains(msg, key) {
		t.Fatal("the API key appears in the output")
	}
}
