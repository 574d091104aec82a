package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	neturl "net/url"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/persistmemory/persistmemory/bench/internal/machine"
	"github.com/persistmemory/persistmemory/bench/internal/proc"
)

func main() {
	bin := flag.String("bin", "bin/persistmemory", "the persistmemory binary, used to create one API key per synthetic owner")
	base := flag.String("base-url", "http://127.0.0.1:8787", "the running service")
	n := flag.Int("n", 1000, "messages to ingest")
	owners := flag.Int("owners", 8, "synthetic owners (each has its own key, rate limit and partition key)")
	conc := flag.Int("concurrency", 16, "concurrent HTTP senders")
	timeout := flag.Duration("timeout", 30*time.Minute, "give up after this long")
	drain := flag.String("drain", "", "measure the worker alone at this `host:port`: with the service started with --no-worker, accept every message, then start 'persistmemory worker --metrics-addr host:port' and time it draining the queued backlog")
	flag.Parse()
	if err := run(*bin, *base, *n, *owners, *conc, *timeout, *drain); err != nil {
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

func run(bin, base string, n, nOwners, conc int, timeout time.Duration, drain string) error {
	if err := reachable(base); err != nil {
		return err
	}
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
	before, _ := scrape(client, base)
	after := before
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
	sent := n - int(failed.Load())

	var drained *drainResult
	if drain != "" {
		if m, err := scrape(client, base); err == nil && m.done() > before.done() {
			return fmt.Errorf("-drain: the service at %s completed jobs while they were sent: start it with --no-worker", base)
		}
		d, err := drainBacklog(client, bin, drain, sent, timeout)
		if err != nil {
			return err
		}
		drained = &d
		before, after = d.before, d.after
	}

	// The service's own counters say when the worker has finished; each
	// job is then checked once through the API.
	var total time.Duration
	if drained != nil {
		total = time.Since(start)
	} else if before.ok {
		for {
			m, err := scrape(client, base)
			if err == nil && m.done()-before.done() >= float64(sent) {
				total = time.Since(start)
				after = m
				break
			}
			if time.Since(start) > timeout {
				return fmt.Errorf("jobs still pending after %s", timeout)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	states, last, err := terminalStates(client, base, team, start, timeout)
	if err != nil {
		return err
	}
	if !before.ok {
		total = last
	}
	fmt.Printf("PersistMemory ingestion benchmark, %s\n", time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("machine: %s, %d cores, %s/%s\n", machine.CPUModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	fmt.Printf("messages: %d across %d owners, %d concurrent senders; refused by the API: %d\n", n, nOwners, conc, failed.Load())
	fmt.Printf("%-44s %10s %12s\n", "", "seconds", "messages/s")
	fmt.Printf("%-44s %10.1f %12.1f\n", "baseline: API accepted (202, durable, queued)", accepted.Seconds(), float64(sent)/accepted.Seconds())
	if drained != nil {
		fmt.Printf("%-44s %10.1f %12.1f\n", "end to end: accepted, then drained", total.Seconds(), float64(sent)/total.Seconds())
		fmt.Printf("%-44s %10.1f %12.1f\n", "worker alone: Kafka → Neo4j + Weaviate", drained.fromStart.Seconds(), float64(sent)/drained.fromStart.Seconds())
		fmt.Printf("%-44s %10.1f %12.1f\n", "  after its first completed batch", drained.fromFirst.Seconds(), float64(sent-drained.firstJobs)/drained.fromFirst.Seconds())
		fmt.Println("(worker alone: the backlog of every message, queued while no worker ran, drained by one 'persistmemory worker'")
		fmt.Println(" process from its start — loading the model and joining the consumer group included — to its last job)")
		fmt.Printf("worker process CPU: %.1f s, %.2f ms per message\n", drained.after.cpu, 1000*drained.after.cpu/float64(max(sent, 1)))
	} else {
		fmt.Printf("%-44s %10.1f %12.1f\n", "end to end: every job completed or failed", total.Seconds(), float64(sent)/total.Seconds())
	}
	fmt.Printf("job states: %v\n", states)
	retired, err := countStates(client, base, team, "superseded", "disputed")
	if err != nil {
		return err
	}
	// Every message states its own fact (a numbered service, cluster,
	// release, project or milestone): none should retire or dispute
	// another. Any here is a wrong supersession or a false conflict.
	fmt.Printf("memories superseded: %d, disputed: %d (want 0: every message is a fact of its own)\n", retired["superseded"], retired["disputed"])
	if before.ok {
		printStages(before, after)
	} else {
		fmt.Println("stages: the service publishes no worker metrics at /metrics (is its worker in another process?)")
	}
	return nil
}

// metricsSnapshot is what the service's /metrics says of its worker.
type metricsSnapshot struct {
	ok      bool
	seconds map[string]float64 // stage -> seconds spent
	jobs    map[string]float64 // stage -> jobs
	batches float64
	cpu     float64 // the process's CPU seconds (process_cpu_seconds_total)
}

func (m metricsSnapshot) done() float64 { return m.jobs["complete"] + m.jobs["failed"] }

// scrape reads the worker's counters from the Prometheus text format.
// reachable fails in a sentence when no service answers at base: the
// benchmark measures a running service and does not start one.
func reachable(base string) error {
	client := &http.Client{Timeout: healthTimeout}
	resp, err := client.Get(base + "/healthz")
	if err != nil {
		return fmt.Errorf("no service answers at %s (%v): start one first, e.g. 'persistmemory serve --with-stack', and pass its address with -base-url", base, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("the service at %s is not healthy: GET /healthz answered %s", base, resp.Status)
	}
	return nil
}

// healthTimeout bounds the start-up check of the service.
const healthTimeout = 5 * time.Second

func scrape(client *http.Client, base string) (metricsSnapshot, error) {
	m := metricsSnapshot{seconds: map[string]float64{}, jobs: map[string]float64{}}
	resp, err := client.Get(base + "/metrics")
	if err != nil {
		return m, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return m, fmt.Errorf("GET /metrics: %s", resp.Status)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return m, err
	}
	for _, line := range strings.Split(string(body), "\n") {
		name, rest, ok := strings.Cut(line, "{stage=\"")
		if !ok {
			if v, ok := strings.CutPrefix(line, "persistmemory_ingest_batch_jobs_count "); ok {
				m.batches, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
			}
			if v, ok := strings.CutPrefix(line, "process_cpu_seconds_total "); ok {
				m.cpu, _ = strconv.ParseFloat(strings.TrimSpace(v), 64)
			}
			continue
		}
		stage, val, ok := strings.Cut(rest, "\"} ")
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			continue
		}
		switch name {
		case "persistmemory_ingest_stage_seconds_total":
			m.seconds[stage] = f
			m.ok = true
		case "persistmemory_ingest_stage_jobs_total":
			m.jobs[stage] = f
		}
	}
	return m, nil
}

// printStages prints where the worker spent its time during the run.
func printStages(before, after metricsSnapshot) {
	stages := []string{"start", "extract", "lookup", "plan", "embed", "vectors", "complete"}
	var sum float64
	for _, s := range stages {
		sum += after.seconds[s] - before.seconds[s]
	}
	batches := after.batches - before.batches
	jobs := after.jobs["complete"] - before.jobs["complete"]
	fmt.Printf("worker stages (seconds summed over %.0f batches, %.1f jobs per batch on average):\n", batches, jobs/max(batches, 1))
	top, topSecs := "", -1.0
	for _, s := range stages {
		d := after.seconds[s] - before.seconds[s]
		if d > topSecs {
			top, topSecs = s, d
		}
		fmt.Printf("  %-10s %8.2f s %5.1f%%  %6.2f ms per job\n", s, d, 100*d/max(sum, 1e-9), 1000*d/max(jobs, 1))
	}
	fmt.Printf("dominant stage: %s\n", top)
}

// terminalStates pages through each owner's jobs until every job the
// benchmark sent is completed or failed, and returns how many ended in each
// state and when the last was seen.
func terminalStates(client *http.Client, base string, team []*owner, start time.Time, timeout time.Duration) (map[string]int, time.Duration, error) {
	states := map[string]int{}
	var last time.Duration
	for _, o := range team {
		want := map[string]bool{}
		for _, j := range o.jobs {
			want[j] = true
		}
		for len(want) > 0 {
			if time.Since(start) > timeout {
				return nil, 0, fmt.Errorf("%d jobs of %s still pending after %s", len(want), o.id, timeout)
			}
			cursor := ""
			for {
				url := base + "/api/v1/jobs?limit=200"
				if cursor != "" {
					url += "&cursor=" + neturl.QueryEscape(cursor)
				}
				req, _ := http.NewRequest("GET", url, nil)
				req.Header.Set("Authorization", "Bearer "+o.key)
				resp, err := client.Do(req)
				if err != nil {
					break
				}
				var page struct {
					Items []struct {
						JobID string `json:"jobId"`
						State string `json:"state"`
					} `json:"items"`
					NextCursor string `json:"nextCursor"`
				}
				_ = json.NewDecoder(resp.Body).Decode(&page)
				resp.Body.Close()
				for _, it := range page.Items {
					if want[it.JobID] && (it.State == "completed" || it.State == "failed") {
						delete(want, it.JobID)
						states[it.State]++
						last = time.Since(start)
					}
				}
				if page.NextCursor == "" || len(want) == 0 {
					break
				}
				cursor = page.NextCursor
			}
			if len(want) > 0 {
				time.Sleep(time.Second)
			}
		}
	}
	return states, last, nil
}

// countStates counts the team's memories in each of states through the
// API, paging GET /api/v1/memories?state=.
func countStates(client *http.Client, base string, team []*owner, states ...string) (map[string]int, error) {
	out := map[string]int{}
	for _, o := range team {
		for _, st := range states {
			cursor := ""
			for {
				url := base + "/api/v1/memories?limit=200&state=" + st
				if cursor != "" {
					url += "&cursor=" + neturl.QueryEscape(cursor)
				}
				req, _ := http.NewRequest("GET", url, nil)
				req.Header.Set("Authorization", "Bearer "+o.key)
				resp, err := client.Do(req)
				if err != nil {
					return nil, fmt.Errorf("list %s memories: %w", st, err)
				}
				var page struct {
					Items      []json.RawMessage `json:"items"`
					NextCursor string            `json:"nextCursor"`
				}
				err = json.NewDecoder(resp.Body).Decode(&page)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK {
					return nil, fmt.Errorf("list %s memories: status %d: %v", st, resp.StatusCode, err)
				}
				out[st] += len(page.Items)
				if page.NextCursor == "" {
					break
				}
				cursor = page.NextCursor
			}
		}
	}
	return out, nil
}

// drainResult is how a worker started on a queued backlog drained it.
type drainResult struct {
	fromStart, fromFirst time.Duration // to the last job, from the process's start and from its first completed job
	firstJobs            int           // jobs done at the first scrape that saw any
	before, after        metricsSnapshot
}

// drainBacklog starts 'bin worker --metrics-addr addr' with this process's
// environment (so the same KAFKA_TOPIC), waits until its counters say sent
// jobs are completed or failed, and stops it.
func drainBacklog(client *http.Client, bin, addr string, sent int, timeout time.Duration) (drainResult, error) {
	var r drainResult
	logFile, err := os.CreateTemp("", "bench-ingest-worker-*.log")
	if err != nil {
		return r, err
	}
	defer logFile.Close()
	cmd := exec.Command(bin, "worker", "--metrics-addr", addr)
	cmd.Env = os.Environ()
	cmd.Stderr = logFile
	start := time.Now()
	child, err := proc.Start(cmd)
	if err != nil {
		return r, fmt.Errorf("start the worker: %w", err)
	}
	defer child.Stop(15 * time.Second)
	base := "http://" + addr
	var first time.Time
	for {
		select {
		case <-child.Exited():
			return r, fmt.Errorf("the worker exited (%v); its log: %s", child.Err(), logFile.Name())
		default:
		}
		m, err := scrape(client, base)
		if err == nil && m.ok {
			if r.before.seconds == nil {
				r.before = metricsSnapshot{ok: true, seconds: map[string]float64{}, jobs: map[string]float64{}}
			}
			if first.IsZero() && m.done() > 0 {
				first, r.firstJobs = time.Now(), int(m.done())
			}
			if m.done() >= float64(sent) {
				r.after = m
				r.fromStart, r.fromFirst = time.Since(start), time.Since(first)
				return r, nil
			}
		}
		if time.Since(start) > timeout {
			return r, fmt.Errorf("the worker had not drained %d jobs after %s; its log: %s", sent, timeout, logFile.Name())
		}
		time.Sleep(50 * time.Millisecond)
	}
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
