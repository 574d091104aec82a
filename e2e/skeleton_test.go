package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

type searchResp struct {
	Items []struct {
		Memory struct {
			schema.Memory
			Title string `json:"title"`
		} `json:"memory"`
		Score     float64 `json:"score"`
		Breakdown struct {
			Lexical float64 `json:"lexical"`
			Vector  float64 `json:"vector"`
		} `json:"breakdown"`
	} `json:"results"`
	Diagnostics struct {
		Degraded bool     `json:"degraded"`
		Reasons  []string `json:"reasons"`
	} `json:"diagnostics"`
}

type errResp struct {
	Error struct {
		Code      string `json:"code"`
		Message   string `json:"message"`
		Retryable bool   `json:"retryable"`
	} `json:"error"`
}

// TestWalkingSkeleton: remember -> 202 + job -> durable -> Kafka -> worker ->
// Memory linked to its Document with a vector in Weaviate -> job completed ->
// search finds it by words and by meaning.
func TestWalkingSkeleton(t *testing.T) {
	s := startService(t, nil)
	var j jobResp
	code := s.call(t, "POST", "/api/v1/memories", map[string]string{"text": "We decided to deploy the billing service on Fridays only. Maria prefers green tea over coffee."}, &j)
	if code != http.StatusAccepted || !strings.HasPrefix(j.JobID, schema.PrefixJob) {
		t.Fatalf("remember: %d %+v", code, j)
	}
	job := s.waitJob(t, j.JobID, 60*time.Second)
	if job.State != schema.JobCompleted || len(job.MemoryIDs) != 2 {
		t.Fatalf("job = %+v, want completed with 2 memories", job)
	}

	// By words.
	var r searchResp
	if code := s.call(t, "POST", "/api/v1/search", map[string]any{"query": "billing deploy"}, &r); code != 200 {
		t.Fatalf("search: %d", code)
	}
	if len(r.Items) == 0 || !strings.Contains(r.Items[0].Memory.Claim, "billing") || r.Items[0].Breakdown.Lexical <= 0 {
		t.Fatalf("lexical search: %+v", r)
	}
	if r.Items[0].Memory.Type != schema.TypeDecision || r.Items[0].Memory.DocumentID != job.DocumentID {
		t.Fatalf("memory = %+v, want a decision linked to document %s", r.Items[0].Memory, job.DocumentID)
	}
	if r.Diagnostics.Degraded {
		t.Fatalf("degraded: %v", r.Diagnostics.Reasons)
	}
	if r.Items[0].Memory.Title == "" {
		t.Fatalf("no title: %+v", r.Items[0].Memory)
	}
	// The assembled context, inside a token budget, with dates and provenance.
	var cx struct {
		Context   string `json:"context"`
		Tokens    int    `json:"tokens"`
		Budget    int    `json:"budget"`
		Tokenizer string `json:"tokenizer"`
		Truncated bool   `json:"truncated"`
		Memories  []struct {
			Memory schema.Memory `json:"memory"`
		} `json:"memories"`
	}
	if code := s.call(t, "POST", "/api/v1/search/context", map[string]any{"query": "billing deploy", "tokenBudget": 200}, &cx); code != 200 {
		t.Fatalf("context: %d", code)
	}
	if cx.Budget != 200 || cx.Tokens == 0 || cx.Tokens > 200 || cx.Tokenizer != "cl100k_base" || len(cx.Memories) == 0 ||
		!strings.Contains(cx.Context, "billing") || !strings.HasPrefix(cx.Context, "Memories") || !strings.Contains(cx.Context, "\n[1] ") ||
		cx.Memories[0].Memory.DocumentID != job.DocumentID || !strings.Contains(cx.Context, time.Now().UTC().Format("2006-01-02")) {
		t.Fatalf("context = %+v", cx)
	}
	// By meaning: no word in common with the claim.
	r = searchResp{}
	s.call(t, "POST", "/api/v1/search", map[string]any{"query": "what hot beverage does she like to drink?"}, &r)
	if len(r.Items) == 0 || !strings.Contains(r.Items[0].Memory.Claim, "tea") || r.Items[0].Breakdown.Vector <= 0 {
		t.Fatalf("semantic search top = %+v", r.Items)
	}
}

func TestReadyzNamesEveryDependency(t *testing.T) {
	s := startService(t, nil)
	resp, err := http.Get(s.base + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Status string `json:"status"`
		Checks []struct{ Name, State string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range body.Checks {
		got[c.Name] = c.State
	}
	for _, n := range []string{"neo4j", "kafka", "weaviate", "embedder"} {
		if got[n] != "ready" {
			t.Errorf("readyz %s = %q, want ready (all: %v)", n, got[n], got)
		}
	}
}

// TestBadInputStoresNothing: each malformed request gets a 4xx JSON error
// naming the problem, and nothing reaches the graph.
func TestBadInputStoresNothing(t *testing.T) {
	s := startService(t, nil)
	big := `{"text":"` + strings.Repeat("a", 10<<20) + `"}`
	cases := []struct {
		name, ctype, body string
		status            int
		code, mention     string
	}{
		{"empty text", "application/json", `{"text":""}`, 400, "INVALID_REQUEST", "empty"},
		{"blank text", "application/json", `{"text":"   \n\t"}`, 400, "INVALID_REQUEST", "empty"},
		{"missing text", "application/json", `{}`, 400, "INVALID_REQUEST", "text"},
		{"10 MB body", "application/json", big, 413, "REQUEST_TOO_LARGE", "limit"},
		{"text over the remember limit", "application/json", `{"text":"` + strings.Repeat("word ", schema.MaxRememberBytes/5+10) + `"}`, 413, "REQUEST_TOO_LARGE", "limit"},
		{"malformed JSON", "application/json", `{"text": "unterminated`, 400, "INVALID_REQUEST", "malformed JSON"},
		{"trailing garbage", "application/json", `{"text":"hello there friend"} {}`, 400, "INVALID_REQUEST", "after"},
		{"wrong type", "application/json", `{"text": 42}`, 400, "INVALID_REQUEST", "text"},
		{"unknown field", "application/json", `{"text":"hello there friend","owner":"someone-else"}`, 400, "INVALID_REQUEST", "owner"},
		{"invalid UTF-8", "application/json", "{\"text\":\"caf\xc3\x28 is nice\"}", 400, "INVALID_REQUEST", "UTF-8"},
		{"wrong content type", "text/plain", `{"text":"hello there friend"}`, 415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type"},
		{"no content type", "", `{"text":"hello there friend"}`, 415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type"},
		{"unknown space", "application/json", `{"text":"hello there friend","spaceId":"spc_nope"}`, 404, "NOT_FOUND", "spc_nope"},
		{"control character", "application/json", `{"text":"bell \u0007 in the text"}`, 400, "INVALID_REQUEST", "control character"},
		{"NUL byte", "application/json", `{"text":"a\u0000b and more words"}`, 400, "INVALID_REQUEST", "NUL"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var e errResp
			code := s.raw(t, "POST", "/api/v1/memories", c.ctype, strings.NewReader(c.body), &e)
			if code != c.status || e.Error.Code != c.code || !strings.Contains(e.Error.Message, c.mention) {
				t.Fatalf("got %d %+v, want %d %s mentioning %q", code, e.Error, c.status, c.code, c.mention)
			}
			if strings.Contains(e.Error.Message, "sk-proj-") || strings.Contains(e.Error.Message, "hunter2") {
				t.Fatalf("the error echoes the secret: %q", e.Error.Message)
			}
		})
	}
	if n := countNodes(t, s.user, "Document"); n != 0 {
		t.Fatalf("%d documents stored from bad input", n)
	}
	// Searching is validated the same way.
	var e errResp
	if code := s.call(t, "POST", "/api/v1/search", map[string]any{"query": ""}, &e); code != 400 || !strings.Contains(e.Error.Message, "empty") {
		t.Fatalf("empty query: %d %+v", code, e)
	}
	if code := s.call(t, "POST", "/api/v1/search", map[string]any{"query": "x", "limit": 100000}, &e); code != 400 || !strings.Contains(e.Error.Message, "limit") {
		t.Fatalf("huge limit: %d %+v", code, e)
	}
	// Hostile query text is searched, not parsed.
	for _, q := range []string{`"`, `AND OR NOT`, `*:*`, `\`, `title:(a OR b)~2^3`, strings.Repeat("ü", 1000)} {
		var r searchResp
		if code := s.call(t, "POST", "/api/v1/search", map[string]any{"query": q}, &r); code != 200 {
			t.Fatalf("query %q: %d", q, code)
		}
	}
}

func TestAuthAndIsolation(t *testing.T) {
	s := startService(t, nil)
	// No credential, a wrong one.
	for _, h := range []string{"", "Bearer pm_live_" + strings.Repeat("0", 64), "Basic abc"} {
		req, _ := http.NewRequest("GET", s.base+"/api/v1/jobs/job_x", nil)
		if h != "" {
			req.Header.Set("Authorization", h)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 401 || resp.Header.Get("WWW-Authenticate") == "" || !bytes.Contains(body, []byte("UNAUTHENTICATED")) {
			t.Fatalf("auth %q: %d %s", h, resp.StatusCode, body)
		}
	}
	// Another owner's job looks exactly like a missing one.
	var j jobResp
	s.call(t, "POST", "/api/v1/memories", map[string]string{"text": "Isolation check: the launch code name is Bluebird."}, &j)
	other := *s
	other.user = schema.Owner(schema.NewID("usr_"))
	other.key = createKey(t, other.user)
	var e1, e2 errResp
	c1 := other.call(t, "GET", "/api/v1/jobs/"+j.JobID, nil, &e1)
	c2 := other.call(t, "GET", "/api/v1/jobs/job_doesnotexist000000", nil, &e2)
	if c1 != 404 || c2 != 404 || e1 != e2 {
		t.Fatalf("foreign job %d %+v vs missing job %d %+v", c1, e1, c2, e2)
	}
	s.waitJob(t, j.JobID, 60*time.Second)
	var r searchResp
	other.call(t, "POST", "/api/v1/search", map[string]any{"query": "launch code name Bluebird"}, &r)
	if len(r.Items) != 0 {
		t.Fatalf("another owner found %d memories", len(r.Items))
	}
}

// TestNoQueueRefuses: with no queue configured, remember refuses with a
// sentence and stores nothing.
func TestNoQueueRefuses(t *testing.T) {
	s := startService(t, []string{"KAFKA_BROKERS="})
	var e errResp
	code := s.call(t, "POST", "/api/v1/memories", map[string]string{"text": "This should be refused without a queue."}, &e)
	if code != 503 || !strings.Contains(e.Error.Message, "no queue") || !e.Error.Retryable {
		t.Fatalf("got %d %+v", code, e)
	}
	if n := countNodes(t, s.user, "Document"); n != 0 {
		t.Fatalf("%d documents stored", n)
	}
}

// TestEveryCommandHasHelp: --help of every subcommand exits 0 and prints
// usage to stderr, nothing to stdout.
func TestEveryCommandHasHelp(t *testing.T) {
	for _, sub := range []string{"serve", "worker", "mcp", "stack", "migrate", "apikey"} {
		cmd := exec.Command(binary(t), sub, "--help")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("%s --help: %v\n%s", sub, err, stderr.String())
		}
		if stdout.Len() != 0 || !strings.Contains(stderr.String(), "Usage: persistmemory "+sub) {
			t.Errorf("%s --help: stdout %q stderr %q", sub, stdout.String(), stderr.String())
		}
	}
}

// TestBadConfigurationStopsStartup: each unknown or malformed value stops
// start-up with a sentence naming it.
func TestBadConfigurationStopsStartup(t *testing.T) {
	cases := map[string]string{
		"EMBEDDING_PROVIDER=magic":                 "EMBEDDING_PROVIDER",
		"EMBEDDING_PROVIDER=openai":                "EMBEDDING_API_KEY",
		"CONTEXT_TOKEN_BUDGET=lots":                "CONTEXT_TOKEN_BUDGET",
		"MCP_SCOPES=memory:read memory:everything": "memory:everything",
		"NEO4J_URI=http://x":                       "NEO4J_URI",
		"KAFKA_BROKERS=nohostport":                 "KAFKA_BROKERS",
		"PERSISTMEMORY_ADRR=127.0.0.1:1":           "PERSISTMEMORY_ADRR",
	}
	for kv, want := range cases {
		cmd := exec.Command(binary(t), "serve")
		cmd.Env = baseEnv(kv)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if err == nil || !strings.Contains(stderr.String(), want) {
			t.Errorf("%s: err %v, stderr %q (want it to name %s)", kv, err, stderr.String(), want)
		}
	}
}
