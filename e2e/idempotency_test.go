package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// TestIdempotencyKeys: same key and body → the first response again (one
// job, one document); same key, different body → 409.
func TestIdempotencyKeys(t *testing.T) {
	s := startService(t, nil)
	post := func(key, body string) (int, jobResp, http.Header) {
		req, _ := http.NewRequest("POST", s.base+"/api/v1/memories", bytes.NewBufferString(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+s.key)
		req.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		var j jobResp
		_ = json.Unmarshal(data, &j)
		return resp.StatusCode, j, resp.Header
	}
	c1, j1, _ := post("standup:2026-08-28", `{"text":"The migration is halfway done."}`)
	c2, j2, h2 := post("standup:2026-08-28", `{"text":"The migration is halfway done."}`)
	if c1 != 202 || c2 != 202 || j1.JobID == "" || j1.JobID != j2.JobID || h2.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("first %d %s, second %d %s %v", c1, j1.JobID, c2, j2.JobID, h2)
	}
	if n := countNodes(t, s.user, "Document"); n != 1 {
		t.Fatalf("%d documents for one idempotent request", n)
	}
	c3, _, _ := post("standup:2026-08-28", `{"text":"Something else entirely."}`)
	if c3 != 409 {
		t.Fatalf("same key, different body: %d", c3)
	}
	c4, _, _ := post("bad key with spaces", `{"text":"The migration is halfway done."}`)
	if c4 != 400 {
		t.Fatalf("malformed key: %d", c4)
	}
}
