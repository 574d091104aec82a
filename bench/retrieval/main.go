package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/bench/internal/machine"
	"github.com/persistmemory/persistmemory/bench/internal/proc"
	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/embed/onnx"
	"github.com/persistmemory/persistmemory/graph"
	graphneo4j "github.com/persistmemory/persistmemory/graph/neo4j"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/retrieval/weaviate"
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/stack"
)

type options struct {
	sizes       []int
	queries     int
	warmup      int
	budget      int
	base        string
	bin         string
	serve       bool
	serveLog    string
	reuse       bool
	ownersFile  string
	perJob      int
	jobsPerCall int
	seed        uint64
}

func main() {
	var o options
	sizes := flag.String("n", "10000,100000", "memories per owner, comma-separated: one owner and one table per size")
	flag.IntVar(&o.queries, "queries", 200, "measured queries per size (sequential)")
	flag.IntVar(&o.warmup, "warmup", 10, "queries run before measuring, not recorded")
	flag.IntVar(&o.budget, "budget", 1500, "tokenBudget of /search/context")
	flag.StringVar(&o.base, "base-url", "http://127.0.0.1:8787", "the running service (with -serve: where to start one)")
	flag.StringVar(&o.bin, "bin", "bin/persistmemory", "the persistmemory binary: runs `apikey create` for each owner (and `serve` with -serve)")
	flag.BoolVar(&o.serve, "serve", false, "start `<bin> serve -no-worker` on -base-url's host:port (KAFKA_TOPIC=bench.retrieval unless set) and stop it at the end")
	flag.StringVar(&o.serveLog, "serve-log", "", "with -serve: the service's log file (default: a file in the temp directory)")
	flag.BoolVar(&o.reuse, "reuse", false, "reuse the owner -owners lists for a size instead of seeding a new one")
	flag.StringVar(&o.ownersFile, "owners", "bench/results/retrieval-owners.json", "where seeded owners are recorded (size -> owner id)")
	flag.IntVar(&o.perJob, "per-job", 100, "memories per job (one document each)")
	flag.IntVar(&o.jobsPerCall, "jobs-per-call", 10, "jobs per StartJobs/CompleteJobs transaction (at most graph.MaxJobBatch)")
	seed := flag.Uint64("seed", 1, "corpus and query seed")
	flag.Parse()
	o.seed = *seed
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "bench/retrieval: -n: %q is not a positive number\n", s)
			os.Exit(2)
		}
		o.sizes = append(o.sizes, n)
	}
	if o.queries <= 0 || o.perJob <= 0 || o.jobsPerCall <= 0 || o.jobsPerCall > graph.MaxJobBatch {
		fmt.Fprintf(os.Stderr, "bench/retrieval: -queries, -per-job must be positive and -jobs-per-call within 1..%d\n", graph.MaxJobBatch)
		os.Exit(2)
	}
	if err := run(context.Background(), o); err != nil {
		fmt.Fprintln(os.Stderr, "bench/retrieval:", err)
		os.Exit(1)
	}
}

// env reads a variable the service reads, with the service's default.
func env(k, def string) string {
	if v, ok := os.LookupEnv(k); ok {
		return strings.TrimSpace(v)
	}
	return def
}

// deps are the backends the service opens, opened the same way
// (cmd/persistmemory/backends.go) from the same environment.
type deps struct {
	graph   *graphneo4j.Store
	vectors *weaviate.Store
	embed   *onnx.E5
}

func open(ctx context.Context) (*deps, error) {
	home, _ := os.UserHomeDir()
	cache := env("PERSISTMEMORY_CACHE", filepath.Join(home, ".cache", "persistmemory"))
	modelDir := env("PERSISTMEMORY_MODEL_DIR", filepath.Join(cache, "models", stack.ModelName))
	lib := env("ONNXRUNTIME_LIB", filepath.Join(cache, "onnxruntime-1.30.0", "libonnxruntime.so"))
	g, err := graphneo4j.Open(ctx, graphneo4j.Config{
		URI:      env("NEO4J_URI", "bolt://127.0.0.1:7687"),
		User:     env("NEO4J_USER", "neo4j"),
		Password: env("NEO4J_PASSWORD", "persistmemory-dev"),
	})
	if err != nil {
		return nil, fmt.Errorf("neo4j: %w (is the stack up? persistmemory stack up)", err)
	}
	e, err := onnx.OpenE5(onnx.Config{
		ModelPath:     filepath.Join(modelDir, "model.onnx"),
		TokenizerPath: filepath.Join(modelDir, "tokenizer.json"),
		LibraryPath:   lib,
	})
	if err != nil {
		_ = g.Close(ctx)
		return nil, fmt.Errorf("load the local embedding model: %w", err)
	}
	v, err := weaviate.Open(ctx, weaviate.Config{URL: env("WEAVIATE_URL", "http://127.0.0.1:8080"), GRPC: env("WEAVIATE_GRPC", "127.0.0.1:50051")})
	if err == nil {
		err = v.Ensure(ctx, e.Model(), e.Dims())
	}
	if err != nil {
		_ = e.Close()
		_ = g.Close(ctx)
		return nil, fmt.Errorf("weaviate: %w", err)
	}
	return &deps{graph: g, vectors: v, embed: e}, nil
}

func (d *deps) close() {
	_ = d.embed.Close()
	_ = d.graph.Close(context.Background())
}

// ownerRecord is one seeded owner in the owners file.
type ownerRecord struct {
	Owner    string    `json:"owner"`
	N        int       `json:"n"`
	Seed     uint64    `json:"seed"`
	SeededAt time.Time `json:"seededAt"`
	Seconds  float64   `json:"seedSeconds"`
}

func readOwners(path string) (map[string]ownerRecord, error) {
	m := map[string]ownerRecord{}
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

func writeOwners(path string, m map[string]ownerRecord) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// result is what one size measured.
type result struct {
	n       int
	owner   string
	seeded  *seedStats // nil: reused
	reused  ownerRecord
	rows    []row
	ftHits  float64 // mean full-text hits per query (at most CandidatePool)
	ftZero  int     // queries with no full-text hit
	results float64 // mean /search results
	ctxToks float64 // mean /search/context tokens
	degr    int     // answers marked degraded
	para    int     // paraphrase queries measured
	paraHit int     // ... whose memory /search ranked in its results
	paraCtx int     // ... whose memory's claim is in the /search/context text
	retries int     // 429s retried
	loadBef string
	loadAft string
}

// row is one call's latencies, in milliseconds.
type row struct {
	name string
	ms   []float64
}

func run(ctx context.Context, o options) error {
	fmt.Printf("PersistMemory retrieval latency benchmark, %s\n", time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("machine: %s, %d cores, %s/%s, %s; load average %s\n", machine.CPUModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), loadAvg())
	d, err := open(ctx)
	if err != nil {
		return err
	}
	defer d.close()
	if o.serve {
		stop, err := startServe(o.bin, o.base, o.serveLog)
		if err != nil {
			return err
		}
		defer stop()
	}
	owners, err := readOwners(o.ownersFile)
	if err != nil {
		return err
	}
	var results []result
	for _, n := range o.sizes {
		res := result{n: n}
		key := strconv.Itoa(n)
		if rec, ok := owners[key]; ok && o.reuse && rec.Seed == o.seed {
			res.owner, res.reused = rec.Owner, rec
			fmt.Fprintf(os.Stderr, "N=%d: reusing owner %s seeded %s\n", n, rec.Owner, rec.SeededAt.Format(time.RFC3339))
		} else {
			res.owner = fmt.Sprintf("usr_benchret_%d_%s", n, randHex(4))
			fmt.Fprintf(os.Stderr, "N=%d: seeding owner %s\n", n, res.owner)
			st, err := seed(ctx, d, schema.Owner(res.owner), n, o)
			if err != nil {
				return fmt.Errorf("seed N=%d: %w", n, err)
			}
			res.seeded = &st
			owners[key] = ownerRecord{Owner: res.owner, N: n, Seed: o.seed, SeededAt: time.Now().UTC(), Seconds: st.wall.Seconds()}
			if err := writeOwners(o.ownersFile, owners); err != nil {
				return fmt.Errorf("record the owner: %w", err)
			}
			fmt.Printf("N=%d seeded: %s\n", n, st)
		}
		if err := measure(ctx, d, o, &res); err != nil {
			return fmt.Errorf("measure N=%d: %w", n, err)
		}
		printResult(o, res)
		results = append(results, res)
	}
	printSummary(results)
	return nil
}

// seedStats is how seeding went.
type seedStats struct {
	n                          int
	jobs                       int
	entities                   int
	wall, embed, upsert, write time.Duration
}

func (s seedStats) String() string {
	return fmt.Sprintf("%d memories (%d jobs, %d entities) in %.1f s = %.0f memories/s; embedding %.1f s (%.0f/s, in parallel with the writes), Weaviate upsert %.1f s, Neo4j documents+jobs+CompleteJobs %.1f s",
		s.n, s.jobs, s.entities, s.wall.Seconds(), float64(s.n)/s.wall.Seconds(), s.embed.Seconds(), float64(s.n)/s.embed.Seconds(), s.upsert.Seconds(), s.write.Seconds())
}

// chunk is one transaction's worth of memories with their vectors.
type chunk struct {
	start int
	items []item
	vecs  [][]float32
	err   error
}

// seed writes n synthetic memories for owner straight into the graph (one
// document and job per perJob memories, jobsPerCall jobs per CompleteJobs)
// and their vectors into Weaviate, embedding one chunk while the previous
// one is written.
func seed(ctx context.Context, d *deps, owner schema.Owner, n int, o options) (seedStats, error) {
	st := seedStats{n: n}
	start := time.Now()
	size := o.perJob * o.jobsPerCall
	ch := make(chan chunk, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		defer close(ch)
		for lo := 0; lo < n; lo += size {
			hi := min(lo+size, n)
			c := chunk{start: lo, items: make([]item, 0, hi-lo)}
			texts := make([]string, 0, hi-lo)
			for i := lo; i < hi; i++ {
				it := makeItem(o.seed, i)
				c.items = append(c.items, it)
				texts = append(texts, it.claim)
			}
			t := time.Now()
			c.vecs, c.err = d.embed.Embed(ctx, texts)
			st.embed += time.Since(t)
			select {
			case ch <- c:
			case <-ctx.Done():
				return
			}
			if c.err != nil {
				return
			}
		}
	}()
	ents := map[string]bool{}
	last := time.Now()
	done := 0
	for c := range ch {
		if c.err != nil {
			return st, fmt.Errorf("embed: %w", c.err)
		}
		now := time.Now().UTC()
		var jobIDs []string
		var comps []graph.JobCompletion
		var recs []retrieval.VectorRecord
		for j := 0; j*o.perJob < len(c.items); j++ {
			part := c.items[j*o.perJob : min((j+1)*o.perJob, len(c.items))]
			w, doc, job := jobFor(owner, part, now, ents)
			if err := d.graph.CreateDocumentJob(ctx, owner, doc, job); err != nil {
				return st, fmt.Errorf("create document and job: %w", err)
			}
			jobIDs = append(jobIDs, job.ID)
			comps = append(comps, graph.JobCompletion{JobID: job.ID, Write: w})
			for k, m := range w.Memories {
				recs = append(recs, retrieval.VectorRecord{ID: m.ID, Vector: c.vecs[j*o.perJob+k], Text: m.Claim})
			}
		}
		t := time.Now()
		if err := d.vectors.Upsert(ctx, owner, recs); err != nil {
			return st, fmt.Errorf("vectors: %w", err)
		}
		st.upsert += time.Since(t)
		t = time.Now()
		if _, err := d.graph.StartJobs(ctx, owner, jobIDs); err != nil {
			return st, fmt.Errorf("start jobs: %w", err)
		}
		if err := d.graph.CompleteJobs(ctx, owner, comps); err != nil {
			return st, fmt.Errorf("complete jobs: %w", err)
		}
		// Nothing is queued: mark the jobs published so the service's
		// outbox relay leaves them alone.
		refs := make([]schema.JobRef, len(jobIDs))
		for i, id := range jobIDs {
			refs[i] = schema.JobRef{Owner: owner, JobID: id}
		}
		if err := d.graph.SystemMarkPublished(ctx, refs); err != nil {
			return st, fmt.Errorf("mark published: %w", err)
		}
		st.write += time.Since(t)
		st.jobs += len(jobIDs)
		done += len(c.items)
		if time.Since(last) > 15*time.Second || done == n {
			last = time.Now()
			el := time.Since(start).Seconds()
			fmt.Fprintf(os.Stderr, "  %d/%d memories, %.0f s, %.0f/s\n", done, n, el, float64(done)/el)
		}
	}
	if done != n {
		return st, fmt.Errorf("seeded %d of %d memories: %w", done, n, ctx.Err())
	}
	st.wall = time.Since(start)
	st.entities = len(ents)
	return st, nil
}

// jobFor makes one document (the claims, one a line), its job, and the
// write that completes the job with one memory per item and the entities
// they name. seen records the entities written so far.
func jobFor(owner schema.Owner, items []item, now time.Time, seen map[string]bool) (graph.JobWrite, schema.Document, schema.Job) {
	lines := make([]string, len(items))
	said := items[0].saidAt
	for i, it := range items {
		lines[i] = it.claim
		if it.saidAt.After(said) {
			said = it.saidAt
		}
	}
	text := strings.Join(lines, "\n")
	sum := sha256.Sum256([]byte(text))
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: text, Source: "bench-retrieval", ContentHash: hex.EncodeToString(sum[:]), CreatedAt: now, SaidAt: said}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, MemoryIDs: []string{}, CreatedAt: now, UpdatedAt: now}
	w := graph.JobWrite{}
	inJob := map[string]bool{}
	for k, it := range items {
		saidAt := it.saidAt
		m := schema.Memory{
			ID:   schema.DerivedID(schema.PrefixMemory, string(owner), job.ID, strconv.Itoa(k)),
			Type: it.typ, Claim: it.claim, Subject: it.subject, Attribute: it.attribute, Value: it.value,
			Confidence: 0.9, State: schema.StateActive, ValidFrom: it.validFrom, RecordedAt: now,
			DocumentID: doc.ID, Excerpt: it.claim, Entities: it.mentions, SaidAt: &saidAt,
		}
		for _, men := range it.mentions {
			id := schema.DerivedID(schema.PrefixEntity, string(owner), graph.NormalizeKey(men.Name))
			m.EntityIDs = append(m.EntityIDs, id)
			if !inJob[id] {
				inJob[id] = true
				seen[id] = true
				w.Entities = append(w.Entities, schema.Entity{ID: id, Name: men.Name, Kind: men.Kind, Aliases: []string{}, CreatedAt: now})
			}
		}
		w.Memories = append(w.Memories, m)
	}
	return w, doc, job
}

// measure runs the queries one at a time through the service and the
// baselines, in the same order for every query.
func measure(ctx context.Context, d *deps, o options, res *result) error {
	key, err := apiKey(o.bin, res.owner)
	if err != nil {
		return err
	}
	owner := schema.Owner(res.owner)
	qs := makeQueries(o.seed, o.warmup+o.queries, slices.Min(o.sizes))
	client := &http.Client{Timeout: 60 * time.Second}
	names := []string{
		"ours: POST /api/v1/search",
		fmt.Sprintf("ours: POST /api/v1/search/context (%d)", o.budget),
		fmt.Sprintf("baseline: Neo4j full-text alone (limit %d)", retrieval.CandidatePool),
		fmt.Sprintf("baseline: Weaviate nearVector alone (limit %d)", retrieval.CandidatePool),
		"baseline: query embedding alone",
	}
	res.rows = make([]row, len(names))
	for i, nm := range names {
		res.rows[i].name = nm
	}
	res.loadBef = loadAvg()
	var ftHits, results, toks float64
	for i, q := range qs {
		rec := i >= o.warmup
		add := func(k int, d time.Duration) {
			if rec {
				res.rows[k].ms = append(res.rows[k].ms, float64(d)/float64(time.Millisecond))
			}
		}
		var sr struct {
			Results []struct {
				Memory struct {
					Claim string `json:"claim"`
				} `json:"memory"`
			} `json:"results"`
			Diagnostics struct {
				Degraded bool `json:"degraded"`
			} `json:"diagnostics"`
		}
		dur, retries, err := post(client, o.base+"/api/v1/search", key, map[string]any{"query": q.text, "now": nowAt}, &sr)
		if err != nil {
			return err
		}
		add(0, dur)
		var cr struct {
			Context     string `json:"context"`
			Tokens      int    `json:"tokens"`
			Diagnostics struct {
				Degraded bool `json:"degraded"`
			} `json:"diagnostics"`
		}
		dur2, retries2, err := post(client, o.base+"/api/v1/search/context", key, map[string]any{"query": q.text, "now": nowAt, "tokenBudget": o.budget}, &cr)
		if err != nil {
			return err
		}
		add(1, dur2)
		t := time.Now()
		hits, err := d.graph.SearchMemories(ctx, owner, q.text, retrieval.CandidatePool)
		if err != nil {
			return fmt.Errorf("full-text: %w", err)
		}
		add(2, time.Since(t))
		t = time.Now()
		vecs, err := embed.Queries(ctx, d.embed, []string{q.text})
		if err != nil {
			return fmt.Errorf("embed: %w", err)
		}
		emb := time.Since(t)
		t = time.Now()
		if _, err := d.vectors.Search(ctx, owner, vecs[0], retrieval.CandidatePool); err != nil {
			return fmt.Errorf("nearVector: %w", err)
		}
		add(3, time.Since(t))
		add(4, emb)
		if rec {
			ftHits += float64(len(hits))
			if len(hits) == 0 {
				res.ftZero++
			}
			results += float64(len(sr.Results))
			toks += float64(cr.Tokens)
			if sr.Diagnostics.Degraded {
				res.degr++
			}
			if cr.Diagnostics.Degraded {
				res.degr++
			}
			res.retries += retries + retries2
			if q.kind == "paraphrase" {
				res.para++
				if slices.ContainsFunc(sr.Results, func(r struct {
					Memory struct {
						Claim string `json:"claim"`
					} `json:"memory"`
				}) bool {
					return r.Memory.Claim == q.target
				}) {
					res.paraHit++
				}
				if strings.Contains(cr.Context, q.target) {
					res.paraCtx++
				}
			}
		}
	}
	res.loadAft = loadAvg()
	res.ftHits, res.results, res.ctxToks = ftHits/float64(o.queries), results/float64(o.queries), toks/float64(o.queries)
	return nil
}

// post sends one JSON request and decodes a 200 answer into out. A 429 is
// waited out and retried; only the answered attempt is timed.
func post(client *http.Client, url, key string, body any, out any) (time.Duration, int, error) {
	b, _ := json.Marshal(body)
	for retries := 0; ; retries++ {
		req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+key)
		t := time.Now()
		resp, err := client.Do(req)
		if err != nil {
			return 0, retries, err
		}
		data, err := io.ReadAll(resp.Body)
		dur := time.Since(t)
		resp.Body.Close()
		if err != nil {
			return 0, retries, err
		}
		switch {
		case resp.StatusCode == http.StatusTooManyRequests && retries < 20:
			wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			time.Sleep(time.Duration(max(wait, 1)) * time.Second)
			continue
		case resp.StatusCode != http.StatusOK:
			return 0, retries, fmt.Errorf("POST %s: %s: %s", url, resp.Status, strings.TrimSpace(string(data)))
		}
		return dur, retries, json.Unmarshal(data, out)
	}
}

// percentile is the nearest-rank percentile of sorted xs.
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

type stats struct{ p50, p95, p99, mean float64 }

func summarize(ms []float64) stats {
	s := slices.Clone(ms)
	slices.Sort(s)
	var sum float64
	for _, x := range s {
		sum += x
	}
	return stats{percentile(s, 50), percentile(s, 95), percentile(s, 99), sum / float64(max(len(s), 1))}
}

func printResult(o options, r result) {
	fmt.Printf("\nN=%d memories, owner %s", r.n, r.owner)
	if r.seeded == nil {
		fmt.Printf(" (reused: seeded %s in %.0f s)", r.reused.SeededAt.Format(time.RFC3339), r.reused.Seconds)
	}
	fmt.Println()
	fmt.Printf("%d queries one at a time after %d warm-up (40%% entity, 30%% \"when\"/temporal, 30%% paraphrase), each with now=%s; load average before %s, after %s\n",
		o.queries, o.warmup, nowAt.Format(time.RFC3339), r.loadBef, r.loadAft)
	fmt.Printf("%-48s %8s %8s %8s %8s\n", "latency (ms)", "p50", "p95", "p99", "mean")
	for _, row := range r.rows {
		s := summarize(row.ms)
		fmt.Printf("%-48s %8.1f %8.1f %8.1f %8.1f\n", row.name, s.p50, s.p95, s.p99, s.mean)
	}
	fmt.Printf("full-text hits per query %.1f on average (at most %d; %d of %d queries with none); /search results %.1f; /search/context tokens %.0f; degraded answers %d; 429s retried %d\n",
		r.ftHits, retrieval.CandidatePool, r.ftZero, o.queries, r.results, r.ctxToks, r.degr, r.retries)
	fmt.Printf("sanity: of %d paraphrase queries, the paraphrased memory is in /search's results for %d and its claim in the /search/context text for %d\n",
		r.para, r.paraHit, r.paraCtx)
}

func printSummary(rs []result) {
	if len(rs) == 0 {
		return
	}
	fmt.Println("\n| N | call | p50 ms | p95 ms | p99 ms | mean ms |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, r := range rs {
		for _, row := range r.rows {
			s := summarize(row.ms)
			fmt.Printf("| %d | %s | %.1f | %.1f | %.1f | %.1f |\n", r.n, row.name, s.p50, s.p95, s.p99, s.mean)
		}
	}
}

// apiKey creates a key for owner with the binary, as bench/ingest does.
func apiKey(bin, owner string) (string, error) {
	cmd := exec.Command(bin, "apikey", "create", "--user", owner, "--name", "bench")
	cmd.Env = append(cleanEnv(), "KAFKA_BROKERS=", "EMBEDDING_PROVIDER=none")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s apikey create: %w", bin, err)
	}
	return strings.TrimSpace(string(out)), nil
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

// startServe starts `bin serve -no-worker` on base's host:port and waits
// until it is ready; stop ends it with SIGTERM.
func startServe(bin, base, logPath string) (stop func(), err error) {
	u, err := neturl.Parse(base)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("-base-url %q has no host:port", base)
	}
	if logPath == "" {
		logPath = filepath.Join(os.TempDir(), fmt.Sprintf("bench-retrieval-serve-%d.log", os.Getpid()))
	}
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "-no-worker")
	cmd.Env = append(os.Environ(), "PERSISTMEMORY_ADDR="+u.Host)
	if _, ok := os.LookupEnv("KAFKA_TOPIC"); !ok {
		cmd.Env = append(cmd.Env, "KAFKA_TOPIC=bench.retrieval")
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	child, err := proc.Start(cmd)
	if err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s serve: %w", bin, err)
	}
	exited := child.Exited()
	stop = func() {
		child.Stop(20 * time.Second)
		logf.Close()
	}
	fmt.Fprintf(os.Stderr, "serve started (pid %d) on %s, log %s\n", child.Pid(), u.Host, logPath)
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			logf.Close()
			return nil, fmt.Errorf("%s serve exited; see %s", bin, logPath)
		case <-time.After(500 * time.Millisecond):
		}
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return stop, nil
			}
		}
	}
	stop()
	return nil, fmt.Errorf("%s serve not ready after 2 minutes; see %s", bin, logPath)
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
