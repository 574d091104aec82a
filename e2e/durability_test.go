package e2e

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// TestWorkerKilledMidBatch: jobs accepted while no worker runs are durable;
// a worker killed with SIGKILL mid-batch and started again completes every
// job, and no job is processed into two sets of memories.
func TestWorkerKilledMidBatch(t *testing.T) {
	s := startService(t, nil, "--no-worker")
	const n = 30
	ids := make([]string, 0, n)
	for i := range n {
		var j jobResp
		text := fmt.Sprintf("Batch item %d: the team agreed that release %d ships with feature flag number %d.", i, 100+i, i*7)
		if code := s.call(t, "POST", "/api/v1/memories", map[string]string{"text": text}, &j); code != http.StatusAccepted {
			t.Fatalf("remember %d: %d", i, code)
		}
		ids = append(ids, j.JobID)
	}
	env := baseEnv()
	w1 := start(t, env, "worker")
	// Wait until some but not all jobs are done, then kill the worker hard.
	deadline := time.Now().Add(90 * time.Second)
	for {
		// One job at a time, so the poll stays inside the rate limit.
		done := 0
		var j jobResp
		if s.call(t, "GET", "/api/v1/jobs/"+ids[0], nil, &j) == 200 && j.Job.State == schema.JobCompleted {
			done++
		}
		if done > 0 {
			t.Logf("killing the worker once the first of %d jobs completed", n)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no job completed; worker stderr:\n%s", w1.logs())
		}
		time.Sleep(50 * time.Millisecond)
	}
	w1.kill()
	w2 := start(t, env, "worker")
	want := 0
	seen := map[string]bool{}
	for _, id := range ids {
		job := s.waitJob(t, id, 120*time.Second)
		if job.State != schema.JobCompleted {
			t.Fatalf("job %s = %+v; worker stderr:\n%s", id, job, w2.logs())
		}
		if len(job.MemoryIDs) != 1 {
			t.Fatalf("job %s has %d memories, want 1", id, len(job.MemoryIDs))
		}
		for _, m := range job.MemoryIDs {
			if seen[m] {
				t.Fatalf("memory %s listed by two jobs", m)
			}
			seen[m] = true
		}
		want += len(job.MemoryIDs)
	}
	if got := countMemories(t, s.user); got != int64(want) {
		t.Fatalf("%d memories in the graph, want %d (one set per job)", got, want)
	}
}
