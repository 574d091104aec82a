package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	bin := flag.String("bin", "bin/persistmemory", "the persistmemory binary, used to create one API key per synthetic owner")
	base := flag.String("base-url", "http://127.0.0.1:8787", "the running service")
	n := flag.Int("n", 1000, "messages to ingest")
	owners := flag.Int("owners", 8, "synthetic owners (each has its own key, rate limit and partition key)")
	conc := flag.Int("concurrency", 16, "concurrent HTTP senders")
	timeout := flag.Duration("timeout", 30*time.Minute, "give up after this long")
	flag.Parse()
	if err := run(*bin, *base, *n, *owners, *conc, *timeout); err != nil {
		fmt.Fprintln(os.Stderr, "bench/ingest:", err)
		os.Exit(1)
	}
}

// corpus makes varied, realistic messages: decisions, commitments,
// preferences, facts and dated events about a rotating cast.
func message(i int) string {
	people := []string{"Anna", "Ravi", "Mei", "Jonas", "Priya", "Tomás", "Aisha", "Lukas"}
	systems := []string{"Postgres", "Kafka", "Redis", "Neo4j", "Weaviate", "S3", "Grafana", "Vault"}
	p, q, sys := people[i%len(people)], people[(i/3+1)%len(people)], systems[(i/7)%len(systems)]
	switch i % 5 {
	case 0:
		return fmt.Sprintf("We decided to move service %d onto %s after the review with %s.", i, sys, p)
	case 1:
		return fmt.Sprintf("%s will send the capacity report for cluster %d by Friday.", p, i)
	case 2:
		return fmt.Sprintf("%s prefers dashboards in %s for project %d.", p, sys, i)
	case 3:
		return fmt.Sprintf("Release %d of the billing service runs on %s and is owned by %s.", i, sys, q)
	default:
		return fmt.Sprintf("%s met %s in Lisbon last Tuesday to plan milestone %d.", p, q, i)
	}
}

type owner struct {
	id, key string
	jobs    []string
	mu      sync.Mutex
}

func run(bin, base string, n, nOwners, conc int, timeout time.Duration) error {
	stamp := time.Now().UnixNano()
	team := make([]*owner, nOwners)
	for i := range team {
		id := fmt.Sprintf("usr_bench%d_%d", stamp, i)
		cmd := exec.Command(bin, "apikey", "create", "--user", id, "--name", "bench")
		cmd.Env = append(cleanEnv(), "KAFKA_BROKERS=", "EMBEDDING_PROVIDER=none")
		out, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("apikey create: %w", err)
		}
		team[i] = &owner{id: id, key: strings.TrimSpace(string(out))}
	}
	client := &http.Client{Timeout: 30 * time.Second}
	start := time.Now()
	var next atomic.Int64
	var failed atomic.Int64
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				o := team[i%len(team)]
				body, _ := json.Marshal(map[string]string{"text": message(i)})
				for attempt := 0; ; attempt++ {
					req, _ := http.NewRequest("POST", base+"/api/v1/memories", bytes.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Authorization", "Bearer "+o.key)
					req.Header.Set("Idempotency-Key", fmt.Sprintf("bench-%d-%d", stamp, i))
					resp, err := client.Do(req)
					if err == nil && resp.StatusCode == 202 {
						var j struct {
							JobID string `json:"jobId"`
						}
						_ = json.NewDecoder(resp.Body).Decode(&j)
						resp.Body.Close()
						o.mu.Lock()
						o.jobs = append(o.jobs, j.JobID)
						o.mu.Unlock()
						break
					}
					if resp != nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					}
					if attempt == 20 || (resp != nil && resp.StatusCode < 500 && resp.StatusCode != 429) {
						failed.Add(1)
						break
					}
					time.Sleep(time.Duration(100*(attempt+1)) * time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	accepted := time.Since(start)
	// Wait for every job to reach a terminal state.
	deadline := start.Add(timeout)
	pending := map[string]*owner{}
	for _, o := range team {
		for _, j := range o.jobs {
			pending[j] = o
		}
	}
	var completedAt []time.Duration
	states := map[string]int{}
	for len(pending) > 0 {
		if time.Now().After(deadline) {
			return fmt.Errorf("%d jobs still pending after %s", len(pending), timeout)
		}
		for _, o := range team {
			// The recent-material listing: one call per owner per pass.
			req, _ := http.NewRequest("GET", base+"/api/v1/jobs?limit=200", nil)
			req.Header.Set("Authorization", "Bearer "+o.key)
			resp, err := client.Do(req)
			if err != nil {
				continue
			}
			var page struct {
				Items []struct {
					JobID string `json:"jobId"`
					State string `json:"state"`
				} `json:"items"`
			}
			_ = json.NewDecoder(resp.Body).Decode(&page)
			resp.Body.Close()
			for _, it := range page.Items {
				if _, ok := pending[it.JobID]; ok && (it.State == "completed" || it.State == "failed") {
					delete(pending, it.JobID)
					states[it.State]++
					completedAt = append(completedAt, time.Since(start))
				}
			}
		}
		// Jobs past the newest 200 of an owner are checked one by one.
		if len(pending) > 0 && len(pending) < 50 {
			for id, o := range pending {
				req, _ := http.NewRequest("GET", base+"/api/v1/jobs/"+id, nil)
				req.Header.Set("Authorization", "Bearer "+o.key)
				resp, err := client.Do(req)
				if err != nil {
					continue
				}
				var j struct {
					Status string `json:"status"`
				}
				_ = json.NewDecoder(resp.Body).Decode(&j)
				resp.Body.Close()
				if j.Status == "completed" || j.Status == "failed" {
					delete(pending, id)
					states[j.Status]++
					completedAt = append(completedAt, time.Since(start))
				}
			}
		}
		time.Sleep(250 * time.Millisecond)
	}
	sort.Slice(completedAt, func(i, j int) bool { return completedAt[i] < completedAt[j] })
	total := completedAt[len(completedAt)-1]
	fmt.Printf("PersistMemory ingestion benchmark, %s\n", time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("machine: %s, %d cores, %s/%s\n", cpuModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	fmt.Printf("messages: %d across %d owners, %d concurrent senders; refused by the API: %d\n", n, nOwners, conc, failed.Load())
	fmt.Printf("%-44s %10s %12s\n", "", "seconds", "messages/s")
	fmt.Printf("%-44s %10.1f %12.1f\n", "baseline: API accepted (202, durable, queued)", accepted.Seconds(), float64(n)/accepted.Seconds())
	fmt.Printf("%-44s %10.1f %12.1f\n", "end to end: every job completed or failed", total.Seconds(), float64(len(completedAt))/total.Seconds())
	fmt.Printf("job states: %v\n", states)
	return nil
}

func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "KAFKA_BROKERS=") && !strings.HasPrefix(kv, "EMBEDDING_PROVIDER=") {
			env = append(env, kv)
		}
	}
	return env
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}
