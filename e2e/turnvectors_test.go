package e2e

import (
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// TestTurnVectorsFindWhatNoWordMatches: a conversation turn is embedded
// when it is ingested, so a question that shares no word with it finds it
// through the turn vectors alone; `reindex` rebuilds those vectors from
// the graph.
func TestTurnVectorsFindWhatNoWordMatches(t *testing.T) {
	s := startService(t, nil)
	conv := fmt.Sprintf("conv-%d", time.Now().UnixNano())
	said := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)
	var a struct {
		JobID string `json:"jobId"`
	}
	code := s.call(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"messages": []map[string]any{
		{"role": "user", "author": "Nate", "content": "Have you ever tried making sourdough at home?", "timestamp": said, "sourceId": "D1:1"},
		{"role": "user", "author": "Joanna", "content": "The ledger service runs on Postgres.", "timestamp": said.Add(time.Second), "sourceId": "D1:2"},
	}}, &a)
	if code != http.StatusAccepted {
		t.Fatalf("append: %d", code)
	}
	if job := s.waitJob(t, a.JobID, 60*time.Second); job.State != schema.JobCompleted {
		t.Fatalf("job %+v", job)
	}
	type result struct {
		Memory    schema.Memory `json:"memory"`
		Turn      *schema.Turn  `json:"turn"`
		Breakdown struct {
			Lexical, Vector float64
		} `json:"breakdown"`
	}
	find := func() (result, bool) {
		var out struct {
			Results []result `json:"results"`
		}
		if code := s.call(t, "POST", "/api/v1/search", map[string]any{"query": "baking bread loaves", "limit": 20}, &out); code != 200 {
			t.Fatalf("search: %d", code)
		}
		for _, r := range out.Results {
			if r.Turn != nil && r.Turn.SourceID == "D1:1" {
				return r, true
			}
		}
		return result{}, false
	}
	r, ok := find()
	if !ok {
		t.Fatal("the sourdough turn was not found by a question sharing no word with it")
	}
	if r.Breakdown.Lexical != 0 || r.Breakdown.Vector <= 0 {
		t.Errorf("breakdown %+v: want no lexical score and a vector score", r.Breakdown)
	}
	if r.Memory.ID != "" {
		t.Logf("the turn carries memory %s (%q)", r.Memory.ID, r.Memory.Claim)
	}

	// reindex rebuilds the owner's vectors from the graph, turns included.
	cmd := exec.Command(binary(t), "reindex", "--owner", string(s.user))
	cmd.Env = baseEnv("KAFKA_BROKERS=")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "turns=2") {
		t.Fatalf("reindex: %v\n%s", err, out)
	}
	if _, ok := find(); !ok {
		t.Fatal("after reindex the turn is no longer found")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "--owner"},
		{[]string{"--owner", string(s.user), "--recreate"}, "needs --all"},
		{[]string{"--owner", string(s.user), "--all"}, "not both"},
	} {
		cmd = exec.Command(binary(t), append([]string{"reindex"}, tc.args...)...)
		cmd.Env = baseEnv("KAFKA_BROKERS=")
		if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), tc.want) {
			t.Errorf("reindex %v: %v\n%s; want a refusal saying %q", tc.args, err, out, tc.want)
		}
	}
}
