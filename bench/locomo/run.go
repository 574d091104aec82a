package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/persistmemory/persistmemory/bench/internal/locomodata"
	"github.com/persistmemory/persistmemory/bench/internal/proc"
	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/embed/onnx"
	"github.com/persistmemory/persistmemory/retrieval/tokens"
)

// Options are the command's flags.
type Options struct {
	Data          string
	BaseURL       string
	APIKey        string
	Bin           string
	Serve         bool
	ServeLog      string
	Conversations []string
	MaxQuestions  int
	Out           string
	Batch         int
	SearchLimit   int
	TurnLimit     int
	NoVector      bool
	EmbedThreads  int
	IngestTimeout time.Duration
	Details       bool
	// Owners is the -owners file: conversations already ingested, reused.
	Owners string
	// NoNow leaves now out of the queries.
	NoNow bool
	// Ablations are signals (of AblationSignals) to measure ours without:
	// one more service per signal, each a method row ours-no-<signal>.
	Ablations []string
}

// Method names.
const (
	MOurs   = "ours"
	MBM25   = "bm25-turns"
	MVector = "vector-turns"
	MRecent = "recent-turns"
	MOracle = "oracle"
)

// Baselines in print order (after ours and its ablations, MethodOrder).
var Baselines = []string{MBM25, MVector, MRecent, MOracle}

// Latency series.
const (
	LSearch     = "ours /search"
	LContext1   = "ours /search/context @1500"
	LContext2   = "ours /search/context @4000"
	LTurnSearch = "bm25 /search/conversations"
	LVector     = "vector in-process (embed query + cosine)"
)

// The series of ours are serviceLatencies(MOurs); LatencyOrder is the
// print order.

// ConvReport is what one conversation's run measured.
type ConvReport struct {
	ID    string `json:"id"`
	Owner string `json:"owner"`
	// Reused is true when the conversation was ingested by an earlier run
	// (-owners) and only queried by this one.
	Reused    bool   `json:"reused,omitempty"`
	Now       string `json:"now,omitempty"`
	Sessions  int    `json:"sessions"`
	Turns     int    `json:"turns"`
	Questions int    `json:"questions"`
	Skipped   int    `json:"skippedNoEvidence"`

	Appends        int      `json:"appends"`
	FailedJobs     int      `json:"failedJobs"`
	JobErrors      []string `json:"jobErrors,omitempty"`
	Memories       int      `json:"memoriesCreated"`
	AppendSeconds  float64  `json:"appendSeconds"`
	IngestSeconds  float64  `json:"ingestSeconds"`
	TurnsPerSecond float64  `json:"turnsPerSecond"`

	EmbedTurnsSeconds float64 `json:"embedTurnsSeconds,omitempty"`
	QuerySeconds      float64 `json:"querySeconds"`
	ProvenanceSeconds float64 `json:"provenanceSeconds"`
	MemoriesRead      int     `json:"memoriesRead"`
	// MemoriesNoTurn counts retrieved memories whose evidence names no
	// turn (no provenance back to a dia_id).
	MemoriesNoTurn int `json:"memoriesWithoutTurnEvidence"`
	// TurnsPerMemory is the mean number of turns a retrieved memory's
	// evidence names (more than 1: a reinforced or multi-turn memory,
	// which counts for each of its turns).
	TurnsPerMemory float64 `json:"turnsPerMemory"`
	// Degraded counts service answers with diagnostics.degraded.
	Degraded        int      `json:"degradedAnswers"`
	DegradedReasons []string `json:"degradedReasons,omitempty"`
	// TokenMismatches counts contexts whose reported token count differs
	// from our cl100k_base count of the context text.
	TokenMismatches int `json:"tokenMismatches"`
	// Ablations is what each ablation service (-ablations) answered, by
	// method name.
	Ablations map[string]*AblationReport `json:"ablations,omitempty"`
}

// QRecord is one question's scores (no question text unless -details).
type QRecord struct {
	Conversation string                        `json:"conversation"`
	Index        int                           `json:"qaIndex"`
	Category     int                           `json:"category"`
	Gold         []string                      `json:"gold"`
	Question     string                        `json:"question,omitempty"`
	Scores       map[string]map[string]float64 `json:"scores"`
	LatencyMS    map[string]float64            `json:"latencyMs"`
	Retrieved    map[string][]string           `json:"retrieved,omitempty"`
}

// Results is the JSON written by the run.
type Results struct {
	Date          string                                   `json:"date"`
	Machine       Machine                                  `json:"machine"`
	BaseURL       string                                   `json:"baseUrl"`
	Data          string                                   `json:"data"`
	Tokenizer     string                                   `json:"tokenizer"`
	Ablations     []string                                 `json:"ablations,omitempty"`
	Conversations []ConvReport                             `json:"conversations"`
	Summary       map[string]map[string]map[string]float64 `json:"summary"`
	Latency       map[string]map[string]float64            `json:"latencyMs"`
	OracleOK      bool                                     `json:"oracleOk"`
	Notes         []string                                 `json:"notes"`
	Questions     []QRecord                                `json:"questions"`
}

// Machine describes where the run happened.
type Machine struct {
	NProc int    `json:"nproc"`
	CPU   string `json:"cpu"`
	Go    string `json:"go"`
}

// ThisMachine reads nproc and the CPU model name.
func ThisMachine() Machine {
	m := Machine{NProc: runtime.NumCPU(), Go: runtime.Version()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	return m
}

// Notes that hold for every run with today's API.
var standingNotes = []string{
	`"now" = the start of the conversation's last session, sent as /search and /search/context's "now" (unless -no-now)`,
	"rec@B (headline) counts a gold turn when an item of the context links back to it (memory detail evidence: EVIDENCED_BY->Turn with sourceId = dia_id) AND the turn's text is in the context (verbatim up to case and white space); prov and text are reported apart, and recS@B relaxes text to every sentence of the turn being somewhere in the context",
	"R@k for ours is over /search's ranked memories by provenance: a memory counts for every turn its evidence names",
	"baselines render a turn as \"[session date-time] speaker: text\\n\" and pack it like the service packs (skip what does not fit, keep trying smaller), tokens counted with cl100k_base; ours counts the service's own context (header included)",
	"bm25-turns sees at most -turn-limit (API maximum 100) turns per question; turns the full-text index does not match are not ranked",
	"oracle R@5/R@10 are below 1 only for questions with more than k gold turns (the ceiling of the metric)",
}

// Run runs the benchmark and prints the report; the int is the exit code
// (1 when the oracle check fails).
func Run(ctx context.Context, o Options, stdout, stderr io.Writer) (int, error) {
	start := time.Now()
	logf := func(format string, args ...any) {
		fmt.Fprintf(stderr, "%s "+format+"\n", append([]any{time.Since(start).Round(time.Second)}, args...)...)
	}
	all, err := locomodata.Load(o.Data)
	if err != nil {
		return 2, fmt.Errorf("read %s: %w", o.Data, err)
	}
	convs, err := pick(all, o.Conversations)
	if err != nil {
		return 2, err
	}
	if o.APIKey != "" && len(convs) != 1 {
		return 2, errors.New("-api-key is for one conversation (each conversation needs a fresh owner); pass -conversations with one id, or leave -api-key out and give -bin")
	}
	if o.SearchLimit < Ks[len(Ks)-1] {
		return 2, fmt.Errorf("-search-limit must be at least %d", Ks[len(Ks)-1])
	}
	counter, err := tokens.CL100K()
	if err != nil {
		return 2, fmt.Errorf("tokenizer: %w", err)
	}
	if o.Serve {
		stopServe, err := serve(ctx, o, logf)
		if err != nil {
			return 2, err
		}
		defer stopServe()
	}
	rctx, cancel := context.WithTimeout(ctx, time.Minute)
	err = Ready(rctx, o.BaseURL)
	cancel()
	if err != nil {
		return 2, err
	}
	var abl []Ablation
	if len(o.Ablations) > 0 {
		a, stopAbl, err := startAblations(ctx, o, logf)
		if err != nil {
			return 2, err
		}
		defer stopAbl()
		abl = a
	}
	var emb *onnx.E5
	if !o.NoVector {
		dir, lib := ModelFiles()
		emb, err = OpenEmbedder(dir, lib, o.EmbedThreads)
		if err != nil {
			return 2, fmt.Errorf("vector baseline: open the service's model (%s, %s): %w (or pass -no-vector)", dir, lib, err)
		}
		defer emb.Close()
	}

	res := &Results{Date: time.Now().UTC().Format(time.RFC3339), Machine: ThisMachine(), BaseURL: o.BaseURL, Data: o.Data,
		Tokenizer: counter.Name(), Ablations: o.Ablations, Notes: append([]string(nil), standingNotes...)}
	for _, a := range abl {
		res.Notes = append(res.Notes, fmt.Sprintf("%s: one more service, `%s serve -no-worker` with %s=%s (besides any signal this environment already leaves out), asked the same /search/context and /search calls as ours (same owner and now) right after ours, question by question; provenance read through %s",
			a.Method, o.Bin, retrievalOffEnv, a.Signal, o.BaseURL))
	}
	agg := NewAgg()
	lat := map[string][]time.Duration{}
	for _, c := range convs {
		cr, recs, err := runConversation(ctx, o, c, counter, emb, abl, agg, lat, logf)
		if cr != nil {
			res.Conversations = append(res.Conversations, *cr)
		}
		res.Questions = append(res.Questions, recs...)
		if err != nil {
			return 2, fmt.Errorf("%s: %w", c.ID, err)
		}
	}
	res.Summary = agg.Summary()
	res.Latency = map[string]map[string]float64{}
	for k, ds := range lat {
		res.Latency[k] = map[string]float64{"n": float64(len(ds)), "p50": ms(Percentile(ds, 50)), "p95": ms(Percentile(ds, 95))}
	}
	res.OracleOK = oracleOK(agg)
	if emb == nil {
		res.Notes = append(res.Notes, "vector-turns baseline skipped (-no-vector)")
	}
	Print(stdout, res, agg, lat)
	if o.Out != "" {
		if err := writeJSON(o.Out, res); err != nil {
			return 2, err
		}
		fmt.Fprintf(stdout, "\nresults written to %s\n", o.Out)
	}
	if !res.OracleOK {
		fmt.Fprintln(stdout, "ORACLE CHECK FAILED: the oracle must score 1.0 on recall@1500, recall@4000 and R@20; the scoring is broken")
		return 1, nil
	}
	return 0, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func oracleOK(agg *Agg) bool {
	for _, k := range []string{"rec@1500", "rec@4000", "R@20"} {
		if v, ok := agg.Mean(MOracle, GroupAll, k); !ok || v != 1 {
			return false
		}
	}
	return true
}

func pick(all []*locomodata.Conversation, ids []string) ([]*locomodata.Conversation, error) {
	if len(ids) == 0 {
		return all, nil
	}
	by := map[string]*locomodata.Conversation{}
	var have []string
	for _, c := range all {
		by[c.ID] = c
		have = append(have, c.ID)
	}
	var out []*locomodata.Conversation
	for _, id := range ids {
		c, ok := by[id]
		if !ok {
			return nil, fmt.Errorf("no conversation %q in the file (it has %s)", id, strings.Join(have, ", "))
		}
		out = append(out, c)
	}
	return out, nil
}

// serve starts `<bin> serve` on -base-url's host:port and returns how to
// stop it.
func serve(ctx context.Context, o Options, logf func(string, ...any)) (func(), error) {
	u, err := url.Parse(o.BaseURL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("-base-url %q is not a URL", o.BaseURL)
	}
	host, port, err := net.SplitHostPort(u.Host)
	if err != nil {
		return nil, fmt.Errorf("-serve needs -base-url with a port: %w", err)
	}
	logPath := o.ServeLog
	if logPath == "" {
		logPath = filepath.Join(os.TempDir(), fmt.Sprintf("locomo-serve-%d.log", os.Getpid()))
	}
	stop, ready, err := startService(o.Bin, []string{"serve"}, append(os.Environ(), "PERSISTMEMORY_ADDR="+net.JoinHostPort(host, port)),
		o.BaseURL, logPath, "the service", logf)
	if err != nil {
		return nil, err
	}
	rctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	if err := ready(rctx); err != nil {
		stop()
		return nil, fmt.Errorf("%w (see %s)", err, logPath)
	}
	return stop, nil
}

// startService starts `<bin> <args…>` with env, its output to a new file at
// logPath, and returns how to stop it (SIGTERM, then SIGKILL after 30s)
// and how to wait until base answers /readyz (an error, without waiting
// further, if the process exits first).
func startService(bin string, args, env []string, base, logPath, name string, logf func(string, ...any)) (stop func(), ready func(context.Context) error, err error) {
	addr := base
	if u, err := url.Parse(base); err == nil && u.Host != "" {
		addr = u.Host
	}
	lf, err := os.Create(logPath)
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = lf, lf
	child, err := proc.Start(cmd)
	if err != nil {
		lf.Close()
		return nil, nil, fmt.Errorf("start %s %s: %w", bin, strings.Join(args, " "), err)
	}
	logf("started %s %s on %s (pid %d, log %s)", bin, strings.Join(args, " "), addr, child.Pid(), logPath)
	done := child.Exited()
	stop = func() {
		child.Stop(30 * time.Second)
		lf.Close()
		logf("stopped %s (pid %d)", name, child.Pid())
	}
	ready = func(ctx context.Context) error {
		rctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-done:
				cancel()
			case <-rctx.Done():
			}
		}()
		err := Ready(rctx, base)
		select {
		case <-done:
			if err != nil {
				return fmt.Errorf("%s exited before it was ready: %s", name, cmd.ProcessState)
			}
		default:
		}
		return err
	}
	return stop, ready, nil
}

// newOwner creates a fresh owner's API key with `<bin> apikey create`.
func newOwner(ctx context.Context, bin, conv string) (owner, key string, err error) {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", err
	}
	owner = "usr_locomo_" + sanitize(conv) + "_" + hex.EncodeToString(b[:])
	cmd := exec.CommandContext(ctx, bin, "apikey", "create", "--user", owner, "--name", "locomo-bench "+conv)
	var errb strings.Builder
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("%s apikey create --user %s: %w: %s", bin, owner, err, strings.TrimSpace(errb.String()))
	}
	key = strings.TrimSpace(string(out))
	if key == "" || strings.ContainsAny(key, " \n") {
		return "", "", fmt.Errorf("%s apikey create printed %q, not a key", bin, key)
	}
	return owner, key, nil
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '-'
	}, s)
}

// answers are the service's answers to one question.
type answers struct {
	ctx    [2]ContextAnswer
	search []SearchResult
	turns  []TurnHit
	lat    map[string]time.Duration
}

func runConversation(ctx context.Context, o Options, c *locomodata.Conversation, counter tokens.Counter, emb *onnx.E5, abl []Ablation,
	agg *Agg, lat map[string][]time.Duration, logf func(string, ...any)) (*ConvReport, []QRecord, error) {
	cr := &ConvReport{ID: c.ID, Sessions: len(c.Sessions), Turns: len(c.Turns), Skipped: c.Skipped}
	qs := c.Questions
	if o.MaxQuestions > 0 && len(qs) > o.MaxQuestions {
		qs = qs[:o.MaxQuestions]
	}
	cr.Questions = len(qs)

	// 1. A fresh owner, or one an earlier run ingested (-owners).
	key := o.APIKey
	var known map[string]OwnerRecord
	if o.Owners != "" {
		k, err := readOwners(o.Owners)
		if err != nil {
			return cr, nil, err
		}
		known = k
	}
	if rec, ok := known[c.ID]; ok && key == "" {
		cr.Owner, key, cr.Reused = rec.Owner, rec.Key, true
	} else if key == "" {
		owner, k, err := newOwner(ctx, o.Bin, c.ID)
		if err != nil {
			return cr, nil, err
		}
		cr.Owner, key = owner, k
	} else {
		cr.Owner = "(from -api-key)"
	}
	cl := NewClient(o.BaseURL, key)
	if !o.NoNow {
		cl.Now = c.Now()
		cr.Now = cl.Now.Format(time.RFC3339)
	}
	if cr.Reused {
		logf("%s: reusing owner %s from %s (ingested by an earlier run); %d questions", c.ID, cr.Owner, o.Owners, len(qs))
	} else {
		if n, err := cl.ConversationCount(ctx); err != nil {
			return cr, nil, fmt.Errorf("list conversations: %w", err)
		} else if n > 0 {
			return cr, nil, errors.New("the owner already has conversations: the protocol needs a fresh owner per conversation")
		}
		logf("%s: owner %s; %d sessions, %d turns, %d questions (%d skipped: no resolvable evidence)", c.ID, cr.Owner, len(c.Sessions), len(c.Turns), len(qs), c.Skipped)

		// 2. Ingest every session in order, then wait for every job.
		if err := ingest(ctx, o, cl, c, cr, logf); err != nil {
			return cr, nil, err
		}
		if o.Owners != "" && o.APIKey == "" && cr.FailedJobs == 0 {
			if err := addOwner(o.Owners, c.ID, OwnerRecord{Owner: cr.Owner, Key: key}); err != nil {
				return cr, nil, err
			}
		}
	}

	// 3. Baseline preparation: turn costs, recency order, turn vectors.
	costs := make([]int, len(c.Turns))
	for i, t := range c.Turns {
		costs[i] = counter.Count(t.Render())
	}
	recent := make([]int, len(c.Turns))
	for i := range recent {
		recent[i] = len(c.Turns) - 1 - i
	}
	var vx *VectorIndex
	if emb != nil {
		t0 := time.Now()
		x, err := BuildVectorIndex(ctx, emb, c.Turns)
		if err != nil {
			return cr, nil, err
		}
		vx = x
		cr.EmbedTurnsSeconds = time.Since(t0).Seconds()
		logf("%s: embedded %d turns in-process in %.1fs", c.ID, len(c.Turns), cr.EmbedTurnsSeconds)
	}

	// 4. Ask every question, one at a time (so latencies are not
	// contended): ours, then each ablation service the same calls, then
	// the BM25 and the vector baselines for it.
	t0 := time.Now()
	ans := make([]answers, len(qs))
	vrank := make([][]int, len(qs))
	degraded := map[string]bool{}
	noteDiag := func(d Diagnostics) {
		if d.Degraded {
			cr.Degraded++
			for _, r := range d.Reasons {
				degraded[r] = true
			}
		}
	}
	acl := make([]*Client, len(abl))
	aans := make([][]answers, len(abl))
	arep := make([]*AblationReport, len(abl))
	adeg := make([]map[string]bool, len(abl))
	if len(abl) > 0 {
		cr.Ablations = map[string]*AblationReport{}
	}
	for k, ab := range abl {
		acl[k] = cl.At(ab.URL)
		aans[k] = make([]answers, len(qs))
		arep[k] = &AblationReport{}
		cr.Ablations[ab.Method] = arep[k]
		adeg[k] = map[string]bool{}
	}
	for i, q := range qs {
		a, err := ask(ctx, cl, MOurs, q, o.SearchLimit, counter, noteDiag, func() { cr.TokenMismatches++ })
		if err != nil {
			return cr, nil, err
		}
		for k, ab := range abl {
			r, seen := arep[k], adeg[k]
			a0 := time.Now()
			aa, err := ask(ctx, acl[k], ab.Method, q, o.SearchLimit, counter, func(d Diagnostics) {
				if d.Degraded {
					r.Degraded++
					for _, x := range d.Reasons {
						seen[x] = true
					}
				}
			}, func() { r.TokenMismatches++ })
			if err != nil {
				return cr, nil, fmt.Errorf("%s (%s): %w", ab.Method, ab.URL, err)
			}
			r.QuerySeconds += time.Since(a0).Seconds()
			aans[k][i] = aa
		}
		th, took, err := cl.SearchTurns(ctx, q.Text, o.TurnLimit)
		if err != nil {
			return cr, nil, fmt.Errorf("question %d: search conversations: %w", q.Index, err)
		}
		a.turns, a.lat[LTurnSearch] = th, took
		if vx != nil {
			v0 := time.Now()
			qv, err := embed.Queries(ctx, emb, []string{q.Text})
			if err != nil {
				return cr, nil, fmt.Errorf("question %d: embed: %w", q.Index, err)
			}
			vrank[i] = vx.Rank(qv[0])
			a.lat[LVector] = time.Since(v0)
		}
		ans[i] = a
		if (i+1)%50 == 0 {
			logf("%s: %d/%d questions asked", c.ID, i+1, len(qs))
		}
	}
	cr.QuerySeconds = time.Since(t0).Seconds()
	for r := range degraded {
		cr.DegradedReasons = append(cr.DegradedReasons, r)
	}
	sort.Strings(cr.DegradedReasons)
	for k, r := range arep {
		for x := range adeg[k] {
			r.DegradedReasons = append(r.DegradedReasons, x)
		}
		sort.Strings(r.DegradedReasons)
	}
	logf("%s: %d questions asked in %.1fs", c.ID, len(qs), cr.QuerySeconds)
	for k, ab := range abl {
		logf("%s: %s: %.1fs of it", c.ID, ab.Method, arep[k].QuerySeconds)
	}

	// 5. Provenance: each distinct memory's evidence turns (read through
	// the main service, once: an ablation's memories ours also retrieved
	// are not read again).
	t0 = time.Now()
	prov := map[string][]string{}
	if _, err := provenance(ctx, cl, ans, prov); err != nil {
		return cr, nil, err
	}
	cr.ProvenanceSeconds = time.Since(t0).Seconds()
	cr.MemoriesRead = len(prov)
	links := 0
	for _, ids := range prov {
		if len(ids) == 0 {
			cr.MemoriesNoTurn++
		}
		links += len(ids)
	}
	if len(prov) > 0 {
		cr.TurnsPerMemory = float64(links) / float64(len(prov))
	}
	logf("%s: read the evidence of %d memories in %.1fs (%d name no turn; %.2f turns per memory)", c.ID, len(prov), cr.ProvenanceSeconds, cr.MemoriesNoTurn, cr.TurnsPerMemory)
	for k, ab := range abl {
		t0 = time.Now()
		n, err := provenance(ctx, cl, aans[k], prov)
		if err != nil {
			return cr, nil, fmt.Errorf("%s: %w", ab.Method, err)
		}
		arep[k].MemoriesRead, arep[k].ProvenanceSeconds = n, time.Since(t0).Seconds()
		logf("%s: %s: read the evidence of %d more memories in %.1fs", c.ID, ab.Method, n, arep[k].ProvenanceSeconds)
	}

	// 6. Score.
	textOf := func(id string) string {
		if i := c.TurnIndex(id); i >= 0 {
			if strings.TrimSpace(c.Turns[i].Text) != "" {
				return c.Turns[i].Text
			}
			return c.Turns[i].Content
		}
		return ""
	}
	var recs []QRecord
	for i, q := range qs {
		a := ans[i]
		rec := QRecord{Conversation: c.ID, Index: q.Index, Category: q.Category, Gold: q.Gold,
			Scores: map[string]map[string]float64{}, LatencyMS: map[string]float64{}}
		if o.Details {
			rec.Question = q.Text
			rec.Retrieved = map[string][]string{}
		}
		for k, d := range a.lat {
			lat[k] = append(lat[k], d)
			rec.LatencyMS[k] = ms(d)
		}

		// Ours and its ablations: R@k over /search, recall@B over
		// /search/context.
		score := func(method string, a answers) {
			m := serviceMetrics(q.Gold, a, prov, textOf)
			rec.Scores[method] = m
			agg.Add(method, q.Category, m)
			if o.Details {
				var ids []string
				for _, r := range a.search {
					ids = append(ids, r.Memory.ID+"="+strings.Join(prov[r.Memory.ID], "+"))
				}
				rec.Retrieved[method] = ids
			}
		}
		score(MOurs, a)
		for k, ab := range abl {
			aa := aans[k][i]
			for key, d := range aa.lat {
				lat[key] = append(lat[key], d)
				rec.LatencyMS[key] = ms(d)
			}
			score(ab.Method, aa)
		}

		// Baselines over turns.
		bm := []int{}
		seen := map[int]bool{}
		for _, h := range a.turns {
			if ti := c.TurnIndex(locomodata.NormID(h.Turn.SourceID)); ti >= 0 && !seen[ti] {
				seen[ti] = true
				bm = append(bm, ti)
			}
		}
		var oracle []int
		for _, g := range q.Gold {
			oracle = append(oracle, c.TurnIndex(g))
		}
		sort.Ints(oracle)
		rankings := map[string][]int{MBM25: bm, MRecent: recent, MOracle: oracle}
		if vx != nil {
			rankings[MVector] = vrank[i]
		}
		for _, name := range Baselines {
			r, ok := rankings[name]
			if !ok {
				continue
			}
			m := TurnMethodMetrics(c, q.Gold, r, costs, textOf)
			rec.Scores[name] = m
			agg.Add(name, q.Category, m)
			if o.Details {
				var ids []string
				for _, ti := range r[:min(len(r), Ks[len(Ks)-1])] {
					ids = append(ids, c.Turns[ti].ID)
				}
				rec.Retrieved[name] = ids
			}
		}
		recs = append(recs, rec)
	}
	return cr, recs, nil
}

// ask asks one service (ours or an ablation, as method) q through
// /search/context at each budget and /search, one call after the other;
// note sees every answer's diagnostics and mismatch is called for each
// context whose reported tokens differ from our count.
func ask(ctx context.Context, cl *Client, method string, q locomodata.Question, limit int, counter tokens.Counter,
	note func(Diagnostics), mismatch func()) (answers, error) {
	a := answers{lat: map[string]time.Duration{}}
	lSearch, lContext := serviceLatencies(method)
	for j, b := range Budgets {
		ca, took, err := cl.Context(ctx, q.Text, b)
		if err != nil {
			return a, fmt.Errorf("question %d: context @%d: %w", q.Index, b, err)
		}
		a.ctx[j] = ca
		a.lat[lContext[j]] = took
		note(ca.Diagnostics)
		if counter.Count(ca.Context) != ca.Tokens {
			mismatch()
		}
	}
	sr, diag, took, err := cl.Search(ctx, q.Text, limit)
	if err != nil {
		return a, fmt.Errorf("question %d: search: %w", q.Index, err)
	}
	a.search, a.lat[lSearch] = sr, took
	note(diag)
	return a, nil
}

// serviceMetrics scores a service's answers (ours or an ablation): R@k over
// /search's ranked items and, per budget, the context.
func serviceMetrics(gold []string, a answers, prov map[string][]string, textOf func(string) string) map[string]float64 {
	ranked := make([][]string, len(a.search))
	for j, r := range a.search {
		ranked[j] = itemProvenance(prov, r.Memory.ID, r.Turn)
	}
	m := rankMetrics(gold, ranked)
	for j, b := range Budgets {
		items := make([][]string, len(a.ctx[j].Memories))
		for k, it := range a.ctx[j].Memories {
			items[k] = itemProvenance(prov, it.Memory.ID, it.Turn)
		}
		s := ScoreContext(gold, items, a.ctx[j].Context, textOf)
		putContext(m, b, s, a.ctx[j].Tokens)
	}
	return m
}

func rankMetrics(gold []string, ranked [][]string) map[string]float64 {
	m := map[string]float64{}
	for _, k := range Ks {
		m[fmt.Sprintf("R@%d", k)] = RecallAt(gold, ranked, k)
	}
	m[fmt.Sprintf("all@%d", AllHitK)] = AllHitAt(gold, ranked, AllHitK)
	return m
}

func putContext(m map[string]float64, budget int, s ContextScore, tok int) {
	b := fmt.Sprint(budget)
	m["rec@"+b] = s.Both
	m["recS@"+b] = s.BothSent
	m["prov@"+b] = s.Prov
	m["text@"+b] = s.Text
	m["sent@"+b] = s.Sent
	m["cover@"+b] = s.Cover
	m["tok@"+b] = float64(tok)
}

// TurnMethodMetrics scores a ranking of turns (indices into c.Turns): R@k
// and all-hit over the ranking, and for each budget the context made by
// packing the rendered turns.
func TurnMethodMetrics(c *locomodata.Conversation, gold []string, ranking []int, costs []int, textOf func(string) string) map[string]float64 {
	ranked := make([][]string, len(ranking))
	for j, ti := range ranking {
		ranked[j] = []string{c.Turns[ti].ID}
	}
	m := rankMetrics(gold, ranked)
	rc := make([]int, len(ranking))
	for j, ti := range ranking {
		rc[j] = costs[ti]
	}
	for _, b := range Budgets {
		take, used := Pack(rc, b)
		var sb strings.Builder
		items := make([][]string, 0, len(take))
		for _, j := range take {
			sb.WriteString(c.Turns[ranking[j]].Render())
			items = append(items, ranked[j])
		}
		putContext(m, b, ScoreContext(gold, items, sb.String(), textOf), used)
	}
	return m
}

// provenance reads, once per distinct memory the answers retrieved and out
// does not hold yet, the source ids (normalised dia_ids) of the turns its
// evidence names into out; it returns how many it read.
func provenance(ctx context.Context, cl *Client, ans []answers, out map[string][]string) (int, error) {
	var ids []string
	seen := map[string]bool{}
	add := func(id string) {
		if _, have := out[id]; have {
			return
		}
		if id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, a := range ans {
		for _, r := range a.search {
			add(r.Memory.ID)
		}
		for _, ca := range a.ctx {
			for _, m := range ca.Memories {
				add(m.Memory.ID)
			}
		}
	}
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		first error
		next  = make(chan string)
	)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range next {
				d, err := cl.Memory(ctx, id)
				var ae *APIError
				if errors.As(err, &ae) && ae.Status == 404 {
					err = nil // gone since: no provenance
				}
				var src []string
				for _, s := range d.TurnSources() {
					if n := locomodata.NormID(s); n != "" {
						src = append(src, n)
					}
				}
				mu.Lock()
				if err != nil && first == nil {
					first = fmt.Errorf("memory %s: %w", id, err)
				}
				out[id] = src
				mu.Unlock()
			}
		}()
	}
	for _, id := range ids {
		next <- id
	}
	close(next)
	wg.Wait()
	return len(ids), first
}

// ingest appends every session in order (batches of its turns), then waits
// for every job to finish.
func ingest(ctx context.Context, o Options, cl *Client, c *locomodata.Conversation, cr *ConvReport, logf func(string, ...any)) error {
	batch := o.Batch
	if batch <= 0 || batch > 200 {
		batch = 200
	}
	t0 := time.Now()
	var jobs []string
	for _, s := range c.Sessions {
		for off := 0; off < len(s.Turns); off += batch {
			end := min(off+batch, len(s.Turns))
			msgs := make([]Message, 0, end-off)
			for _, ti := range s.Turns[off:end] {
				t := c.Turns[ti]
				msgs = append(msgs, Message{Role: "user", Content: t.Content, Author: t.Speaker, Timestamp: t.SaidAt, SourceID: t.RawID})
			}
			a, err := cl.Append(ctx, c.ID, msgs)
			if err != nil {
				return fmt.Errorf("append session %d: %w", s.Num, err)
			}
			if a.Note != "" {
				return fmt.Errorf("append session %d: the service will not extract: %s", s.Num, a.Note)
			}
			if len(a.Turns) != len(msgs) {
				return fmt.Errorf("append session %d: %d turns stored of %d sent", s.Num, len(a.Turns), len(msgs))
			}
			jobs = append(jobs, a.JobID)
		}
	}
	cr.Appends = len(jobs)
	cr.AppendSeconds = time.Since(t0).Seconds()
	wctx, cancel := context.WithTimeout(ctx, o.IngestTimeout)
	defer cancel()
	lastLog := time.Now()
	for i, id := range jobs {
		for {
			j, err := cl.Job(wctx, id)
			if err != nil {
				return fmt.Errorf("job %s: %w", id, err)
			}
			if j.Status == "completed" || j.Status == "failed" {
				if j.Status == "failed" {
					cr.FailedJobs++
					if len(cr.JobErrors) < 5 {
						cr.JobErrors = append(cr.JobErrors, id+": "+j.Job.Error)
					}
				}
				cr.Memories += len(j.Job.MemoryIDs)
				break
			}
			if time.Since(lastLog) > 15*time.Second {
				logf("%s: waiting for job %d/%d (%s)", c.ID, i+1, len(jobs), j.Status)
				lastLog = time.Now()
			}
			sleep(wctx, 200*time.Millisecond)
			if wctx.Err() != nil {
				return fmt.Errorf("ingestion did not finish within %s (job %d/%d still %s)", o.IngestTimeout, i+1, len(jobs), j.Status)
			}
		}
	}
	cr.IngestSeconds = time.Since(t0).Seconds()
	cr.TurnsPerSecond = float64(len(c.Turns)) / cr.IngestSeconds
	logf("%s: ingested %d turns in %d appends in %.1fs (%.1f turns/s; appends took %.1fs); %d memories created, %d jobs failed",
		c.ID, len(c.Turns), len(jobs), cr.IngestSeconds, cr.TurnsPerSecond, cr.AppendSeconds, cr.Memories, cr.FailedJobs)
	if cr.FailedJobs == len(jobs) {
		return fmt.Errorf("every job failed: %s", strings.Join(cr.JobErrors, "; "))
	}
	return nil
}

// itemProvenance is the gold-comparable source ids of one ranked item: its
// memory's evidence turns and, when the item is (or carries) a raw turn,
// that turn's own source id.
func itemProvenance(prov map[string][]string, memoryID string, turn *WireTurn) []string {
	var out []string
	if memoryID != "" {
		out = append(out, prov[memoryID]...)
	}
	if turn != nil {
		if n := locomodata.NormID(turn.SourceID); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// OwnerRecord is one conversation's owner in the -owners file.
type OwnerRecord struct {
	Owner string `json:"owner"`
	Key   string `json:"key"`
}

// readOwners reads the -owners file; a missing file is an empty map.
func readOwners(path string) (map[string]OwnerRecord, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]OwnerRecord{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]OwnerRecord{}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return out, nil
}

// addOwner records conv's owner in the -owners file (mode 0600: it holds
// API keys).
func addOwner(path, conv string, rec OwnerRecord) error {
	m, err := readOwners(path)
	if err != nil {
		return err
	}
	m[conv] = rec
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o600)
}
