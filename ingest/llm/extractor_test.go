package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

const (
	testKey   = "sk-test-Zq8vSECRETkey0123456789"
	testModel = "gpt-test"
	owner     = schema.Owner("usr_llm_test")
)

// said is a Wednesday.
var said = time.Date(2025, 3, 5, 10, 0, 0, 0, time.UTC)

var testDoc = schema.Document{
	ID:        "doc_llm",
	Text:      "We decided to move the ledger to Postgres.\nI'll send the quarterly report to Anna by Friday.\nWe visited Lisbon\nlast summer.",
	SaidAt:    said,
	CreatedAt: said.Add(time.Hour),
}

// goodAnswer is what a model would answer for testDoc. The third excerpt
// is rewrapped (one line where the document has two).
const goodAnswer = `{"memories": [
 {"type": "decision", "claim": "We decided to move the ledger to Postgres.", "excerpt": "We decided to move the ledger to Postgres.",
  "confidence": 0.8, "subject": "The Ledger", "attribute": "Runs on", "value": "Postgres", "when": null, "negated": false, "correction": false,
  "entities": [{"name": "Postgres", "kind": "system"}]},
 {"type": "commitment", "claim": "The user will send the quarterly report to Anna by Friday.", "excerpt": "I'll send the quarterly report to Anna by Friday.",
  "confidence": 0.75, "subject": "I", "attribute": "will send", "value": "the quarterly report", "when": "by Friday", "negated": false, "correction": false,
  "entities": [{"name": "Anna", "kind": "person"}, {"name": "anna", "kind": "person"}]},
 {"type": "event", "claim": "We visited Lisbon last summer.", "excerpt": "We visited Lisbon last summer.",
  "confidence": 0.7, "subject": null, "attribute": null, "value": null, "when": "last summer", "negated": false, "correction": false,
  "entities": [{"name": "Lisbon", "kind": "place"}]}
]}`

func ptr(t time.Time) *time.Time { return &t }

var wantGood = []schema.Memory{
	{Type: schema.TypeDecision, Claim: "We decided to move the ledger to Postgres.", Excerpt: "We decided to move the ledger to Postgres.",
		Confidence: 0.8, Subject: "ledger", Attribute: "runs on", Value: "Postgres",
		Entities: []schema.Mention{{Name: "Postgres", Kind: schema.KindSystem}}, SaidAt: ptr(said)},
	{Type: schema.TypeCommitment, Claim: "The user will send the quarterly report to Anna by Friday.", Excerpt: "I'll send the quarterly report to Anna by Friday.",
		Confidence: 0.75, Subject: "user", Attribute: "will send", Value: "the quarterly report",
		// "by Friday": the deadline is the end of Friday 7 March.
		ValidTo:  ptr(time.Date(2025, 3, 8, 0, 0, 0, 0, time.UTC)),
		Entities: []schema.Mention{{Name: "Anna", Kind: schema.KindPerson}}, SaidAt: ptr(said)},
	{Type: schema.TypeEvent, Claim: "We visited Lisbon last summer.", Excerpt: "We visited Lisbon\nlast summer.",
		Confidence: 0.7, ValidFrom: ptr(time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)),
		Entities: []schema.Mention{{Name: "Lisbon", Kind: schema.KindPlace}}, SaidAt: ptr(said)},
}

// logBuffer collects every log record, debug included.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type harness struct {
	x    *Extractor
	fake *fake
	rec  *recorder
	logs *logBuffer
}

// newHarness starts a fake answering with respond and an Extractor
// pointed at it, with fast retries and a price for testModel.
func newHarness(t *testing.T, respond func(int, http.ResponseWriter, *http.Request, chatRequest), tweak ...func(*Config)) harness {
	t.Helper()
	f, srv := newFake(t, testKey, respond)
	h := harness{fake: f, rec: &recorder{}, logs: &logBuffer{}}
	cfg := Config{
		BaseURL:      srv.URL + "/v1",
		APIKey:       testKey,
		Model:        testModel,
		Prices:       map[string]Price{testModel: {InputPerMTok: 2, OutputPerMTok: 8}},
		Usage:        h.rec,
		RetryBackoff: time.Millisecond,
		Timeout:      5 * time.Second,
		Logger:       slog.New(slog.NewTextHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Now:          func() time.Time { return said.Add(2 * time.Hour) },
	}
	for _, f := range tweak {
		f(&cfg)
	}
	x, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	h.x = x
	t.Cleanup(func() {
		if strings.Contains(h.logs.String(), testKey) {
			t.Errorf("the API key appears in the logs:\n%s", h.logs.String())
		}
		for _, r := range h.rec.all() {
			if strings.Contains(r.rec.FailureReason, testKey) {
				t.Errorf("the API key appears in a failure reason: %q", r.rec.FailureReason)
			}
		}
	})
	return h
}

func (h harness) run(t *testing.T, doc schema.Document) ([]schema.Memory, outcome) {
	t.Helper()
	mems, out, err := h.x.extract(ingest.WithOwner(t.Context(), owner), doc)
	if err != nil {
		t.Fatalf("extract: %v", err)
	}
	return mems, out
}

// rulesOf is what the fallback extracts from doc.
func rulesOf(t *testing.T, doc schema.Document) []schema.Memory {
	t.Helper()
	mems, err := rules.Extractor{}.Extract(t.Context(), doc)
	if err != nil || len(mems) == 0 {
		t.Fatalf("rules found %d memories, err %v; the fallback tests need some", len(mems), err)
	}
	return mems
}

func TestSuccess(t *testing.T) {
	h := newHarness(t, reply(goodAnswer, 1200, 300))
	mems, out := h.run(t, testDoc)
	if diff := cmp.Diff(wantGood, mems); diff != "" {
		t.Errorf("memories (-want +got):\n%s", diff)
	}
	if out.fellBack || out.dropped != 0 {
		t.Errorf("outcome = %+v, want the model's answer used", out)
	}
	want := []ownedRecord{{owner, schema.UsageRecord{
		Model: testModel, Purpose: schema.UsagePurposeExtraction, InputTokens: 1200, OutputTokens: 300,
		CostUSD: 1200.0/1e6*2 + 300.0/1e6*8, Priced: true, Attempts: 1, At: said.Add(2 * time.Hour),
	}}}
	if diff := cmp.Diff(want, h.rec.all(), cmp.AllowUnexported(ownedRecord{})); diff != "" {
		t.Errorf("usage (-want +got):\n%s", diff)
	}
	req := h.fake.requests[0]
	if req.Model != testModel || req.Messages[1].Content != testDoc.Text || !strings.Contains(req.Messages[0].Content, "Wednesday 5 March 2025, 10:00 UTC") {
		t.Errorf("request = %+v", req)
	}
}

func TestPublicExtract(t *testing.T) {
	h := newHarness(t, reply(goodAnswer, 1, 1))
	var x ingest.Extractor = h.x
	mems, err := x.Extract(ingest.WithOwner(t.Context(), owner), testDoc)
	if err != nil || len(mems) != 3 {
		t.Errorf("Extract = %d memories, %v", len(mems), err)
	}
}

func TestFallbacks(t *testing.T) {
	bad := func(content string) func(int, http.ResponseWriter, *http.Request, chatRequest) {
		return reply(content, 100, 20)
	}
	valid := func(edit func(m map[string]any)) string {
		var a map[string]any
		_ = json.Unmarshal([]byte(goodAnswer), &a)
		edit(a["memories"].([]any)[0].(map[string]any))
		b, _ := json.Marshal(a)
		return string(b)
	}
	tests := []struct {
		name    string
		respond func(int, http.ResponseWriter, *http.Request, chatRequest)
		reason  string
		tokens  bool
	}{
		{"invalid JSON", bad("Sure! Here are the memories: decision — move to Postgres."), "not JSON", true},
		{"truncated JSON", bad(`{"memories": [{"type": "fact"`), "not JSON", true},
		{"unknown type", bad(valid(func(m map[string]any) { m["type"] = "opinion" })), "does not match the schema", true},
		{"confidence above 1", bad(valid(func(m map[string]any) { m["confidence"] = 1.5 })), "does not match the schema", true},
		{"missing field", bad(valid(func(m map[string]any) { delete(m, "excerpt") })), "does not match the schema", true},
		{"extra field", bad(valid(func(m map[string]any) { m["mood"] = "happy" })), "does not match the schema", true},
		{"blank claim", bad(valid(func(m map[string]any) { m["claim"] = "  " })), "does not match the schema", true},
		{"wrong top level", bad(`[]`), "does not match the schema", true},
		{"every excerpt made up", bad(`{"memories": [{"type": "fact", "claim": "The moon is cheese.", "excerpt": "the moon is made of cheese",
			"confidence": 0.9, "subject": null, "attribute": null, "value": null, "when": null, "negated": false, "correction": false, "entities": []}]}`),
			"no excerpt the model quoted is in the document", true},
		{"refusal", func(_ int, w http.ResponseWriter, _ *http.Request, req chatRequest) {
			c := completion(req.Model, "", 50, 5)
			msg := c["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
			msg["content"], msg["refusal"] = nil, "I'm sorry, I can't help with that."
			writeJSON(w, http.StatusOK, c)
		}, "the model refused: I'm sorry", true},
		{"cut at the token limit", func(_ int, w http.ResponseWriter, _ *http.Request, req chatRequest) {
			c := completion(req.Model, `{"memories": [`, 50, 4096)
			c["choices"].([]any)[0].(map[string]any)["finish_reason"] = "length"
			writeJSON(w, http.StatusOK, c)
		}, "cut at the model's token limit", true},
		{"no choices", func(_ int, w http.ResponseWriter, _ *http.Request, req chatRequest) {
			writeJSON(w, http.StatusOK, map[string]any{"id": "x", "object": "chat.completion", "model": req.Model, "choices": []any{}})
		}, "no choices", false},
		{"not a completion", func(_ int, w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, "<html>gateway</html>")
		}, "not a chat completion", false},
		{"bad request", func(_ int, w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{"message": "Invalid schema for response_format", "type": "invalid_request_error"}})
		}, "HTTP 400 Bad Request: Invalid schema for response_format", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, tt.respond)
			mems, out := h.run(t, testDoc)
			if diff := cmp.Diff(rulesOf(t, testDoc), mems); diff != "" {
				t.Errorf("memories are not the rules' (-rules +got):\n%s", diff)
			}
			if !out.fellBack {
				t.Errorf("outcome = %+v, want a fallback", out)
			}
			recs := h.rec.all()
			if len(recs) != 1 {
				t.Fatalf("usage records = %+v, want 1", recs)
			}
			r := recs[0].rec
			if !r.Failed || !strings.Contains(r.FailureReason, tt.reason) || r.Attempts != 1 || recs[0].owner != owner {
				t.Errorf("usage = %+v, want failed because %q after 1 attempt", r, tt.reason)
			}
			if tt.tokens && (r.InputTokens == 0 || r.OutputTokens == 0 || r.CostUSD == 0) {
				t.Errorf("usage = %+v, want the tokens of the failed answer recorded and priced", r)
			}
			if h.fake.count() != 1 {
				t.Errorf("requests = %d; an unusable answer is not retried", h.fake.count())
			}
			if !strings.Contains(h.logs.String(), "using the rules") {
				t.Errorf("no fallback warning in the logs:\n%s", h.logs.String())
			}
		})
	}
}

func TestRetryAfter429ThenSuccess(t *testing.T) {
	var first time.Time
	var gap time.Duration
	h := newHarness(t, func(n int, w http.ResponseWriter, r *http.Request, req chatRequest) {
		switch n {
		case 0:
			first = time.Now()
			w.Header().Set("Retry-After-Ms", "150")
			writeJSON(w, http.StatusTooManyRequests, map[string]any{"error": map[string]any{"message": "Rate limit reached", "type": "requests"}})
		default:
			gap = time.Since(first)
			reply(goodAnswer, 800, 100)(n, w, r, req)
		}
	})
	mems, out := h.run(t, testDoc)
	if out.fellBack || len(mems) != 3 {
		t.Fatalf("outcome %+v with %d memories; want the model's answer after a retry", out, len(mems))
	}
	if gap < 150*time.Millisecond {
		t.Errorf("retried after %v; the provider asked for 150ms", gap)
	}
	r := h.rec.all()
	if len(r) != 1 || r[0].rec.Attempts != 2 || r[0].rec.Failed || r[0].rec.InputTokens != 800 {
		t.Errorf("usage = %+v, want one successful call of 2 attempts", r)
	}
	if !strings.Contains(h.logs.String(), "retrying") {
		t.Errorf("no retry warning in the logs")
	}
}

func TestRetryAfterTooLongGivesUp(t *testing.T) {
	h := newHarness(t, func(_ int, w http.ResponseWriter, _ *http.Request, _ chatRequest) {
		w.Header().Set("Retry-After", "3600")
		writeJSON(w, http.StatusTooManyRequests, map[string]any{"error": "slow down"})
	})
	start := time.Now()
	_, out := h.run(t, testDoc)
	if !out.fellBack || h.fake.count() != 1 || time.Since(start) > 5*time.Second {
		t.Errorf("outcome %+v after %d requests in %v; want an immediate fallback", out, h.fake.count(), time.Since(start))
	}
	if r := out.usage; !strings.Contains(r.FailureReason, "longer than") {
		t.Errorf("reason = %q", r.FailureReason)
	}
}

func TestServerErrorsExhausted(t *testing.T) {
	h := newHarness(t, func(_ int, w http.ResponseWriter, _ *http.Request, _ chatRequest) {
		writeJSON(w, http.StatusInternalServerError, map[string]any{"error": map[string]any{"message": "The server had an error while processing your request.", "type": "server_error"}})
	})
	mems, out := h.run(t, testDoc)
	if diff := cmp.Diff(rulesOf(t, testDoc), mems); diff != "" || !out.fellBack {
		t.Errorf("fell back %v; memories are not the rules' (-rules +got):\n%s", out.fellBack, diff)
	}
	if h.fake.count() != DefaultMaxAttempts {
		t.Errorf("requests = %d, want %d", h.fake.count(), DefaultMaxAttempts)
	}
	recs := h.rec.all()
	want := []ownedRecord{{owner, schema.UsageRecord{
		Model: testModel, Purpose: schema.UsagePurposeExtraction, Priced: true, Attempts: DefaultMaxAttempts, Failed: true,
		FailureReason: "HTTP 500 Internal Server Error: The server had an error while processing your request. (gave up after 3 attempts)",
		At:            said.Add(2 * time.Hour),
	}}}
	if diff := cmp.Diff(want, recs, cmp.AllowUnexported(ownedRecord{})); diff != "" {
		t.Errorf("usage (-want +got):\n%s", diff)
	}
}

func TestTimeout(t *testing.T) {
	h := newHarness(t, func(_ int, w http.ResponseWriter, r *http.Request, req chatRequest) {
		select {
		case <-r.Context().Done():
		case <-time.After(3 * time.Second):
		}
		reply(goodAnswer, 1, 1)(0, w, r, req)
	}, func(c *Config) { c.Timeout = 100 * time.Millisecond; c.MaxAttempts = 2 })
	start := time.Now()
	_, out := h.run(t, testDoc)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v; each attempt is bounded by 100ms", took)
	}
	if !out.fellBack || out.usage.Attempts != 2 || !strings.Contains(out.usage.FailureReason, "no answer within 100ms") {
		t.Errorf("outcome = %+v, want a fallback after 2 timed-out attempts", out)
	}
}

func TestHallucinatedExcerptDropped(t *testing.T) {
	answer := strings.Replace(goodAnswer, `"excerpt": "We visited Lisbon last summer."`, `"excerpt": "We loved our trip to Lisbon last summer."`, 1)
	h := newHarness(t, reply(answer, 10, 10))
	mems, out := h.run(t, testDoc)
	if diff := cmp.Diff(wantGood[:2], mems); diff != "" {
		t.Errorf("memories (-want +got):\n%s", diff)
	}
	if out.fellBack || out.dropped != 1 || out.usage.Failed {
		t.Errorf("outcome = %+v, want one memory dropped and the rest kept", out)
	}
	if !strings.Contains(h.logs.String(), "dropped=1") {
		t.Errorf("the drop is not logged:\n%s", h.logs.String())
	}
}

func TestOversizeResponse(t *testing.T) {
	padded := strings.Replace(goodAnswer, `"We decided to move the ledger to Postgres."`, `"We decided to move the ledger to Postgres.`+strings.Repeat(" ", 4096)+`"`, 1)
	h := newHarness(t, reply(padded, 10, 10), func(c *Config) { c.MaxResponseBytes = 2048 })
	_, out := h.run(t, testDoc)
	if !out.fellBack || !strings.Contains(out.usage.FailureReason, "larger than 2048 bytes") || h.fake.count() != 1 {
		t.Errorf("outcome = %+v after %d requests, want a fallback for the size", out, h.fake.count())
	}
}

func TestKeyNeverLeaks(t *testing.T) {
	leaky := func(status int) func(int, http.ResponseWriter, *http.Request, chatRequest) {
		return func(_ int, w http.ResponseWriter, r *http.Request, req chatRequest) {
			msg := "Incorrect API key provided: " + testKey + ". You can find your API key at https://example.com."
			if status == http.StatusOK {
				c := completion(req.Model, "", 1, 1)
				m := c["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
				m["content"], m["refusal"] = nil, "I won't repeat "+testKey
				writeJSON(w, status, c)
				return
			}
			writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error"}})
		}
	}
	for _, status := range []int{http.StatusUnauthorized, http.StatusServiceUnavailable, http.StatusOK} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			h := newHarness(t, leaky(status)) // the harness checks logs and reasons
			_, out := h.run(t, testDoc)
			if !out.fellBack || !strings.Contains(out.usage.FailureReason, "[REDACTED]") {
				t.Errorf("outcome = %+v, want a fallback naming the redacted key", out)
			}
		})
	}
	// A wrong key: the provider's 401 names no key of ours.
	h := newHarness(t, reply(goodAnswer, 1, 1), func(c *Config) { c.APIKey = "sk-wrong-ANOTHERsecret" })
	_, out := h.run(t, testDoc)
	if !out.fellBack || !strings.Contains(out.usage.FailureReason, "HTTP 401") || strings.Contains(out.usage.FailureReason, "ANOTHERsecret") {
		t.Errorf("outcome = %+v", out)
	}
	for _, base := range []string{"http://user:" + testKey + "@host/v1", "http://host/v1?key=" + testKey, "ftp://" + testKey} {
		_, err := New(Config{BaseURL: base, APIKey: testKey, Model: "m"})
		if !errors.Is(err, schema.ErrInvalid) || strings.Contains(err.Error(), testKey) {
			t.Errorf("New(%q) = %v, want ErrInvalid without the key", base, err)
		}
	}
}

func TestNoOwnerRecordsNothing(t *testing.T) {
	h := newHarness(t, reply(goodAnswer, 1, 1))
	mems, err := h.x.Extract(t.Context(), testDoc)
	if err != nil || len(mems) != 3 || len(h.rec.all()) != 0 {
		t.Errorf("Extract without an owner = %d memories, %v, %d records; want 3, nil, 0", len(mems), err, len(h.rec.all()))
	}
}

func TestUnpricedModel(t *testing.T) {
	h := newHarness(t, reply(goodAnswer, 1000, 100), func(c *Config) { c.Prices = nil })
	_, out := h.run(t, testDoc)
	if out.usage.Priced || out.usage.CostUSD != 0 || out.usage.InputTokens != 1000 {
		t.Errorf("usage = %+v, want tokens recorded, unpriced, cost 0", out.usage)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(ingest.WithOwner(t.Context(), owner))
	h := newHarness(t, func(_ int, w http.ResponseWriter, r *http.Request, req chatRequest) {
		cancel()
		<-r.Context().Done()
	})
	_, out, err := h.x.extract(ctx, testDoc)
	if !errors.Is(err, context.Canceled) || out.fellBack {
		t.Errorf("extract with a cancelled context = %v, %+v; want context.Canceled and no fallback", err, out)
	}
	if r := h.rec.all(); len(r) != 1 || !r[0].rec.Failed || !strings.Contains(r[0].rec.FailureReason, "cancelled") {
		t.Errorf("usage = %+v, want the cancelled call recorded", r)
	}
}

func TestLongDocumentSkipsTheModel(t *testing.T) {
	h := newHarness(t, reply(goodAnswer, 1, 1))
	doc := testDoc
	doc.Text = strings.Repeat("We ship on Fridays. ", MaxDocumentBytes/20+1)
	_, out := h.run(t, doc)
	if !out.fellBack || out.called || h.fake.count() != 0 || len(h.rec.all()) != 0 {
		t.Errorf("outcome = %+v after %d requests; want the rules without a call", out, h.fake.count())
	}
}

func TestCodeFenceAndUnauthenticatedServer(t *testing.T) {
	h := newHarness(t, reply("```json\n"+goodAnswer+"\n```", 1, 1), func(c *Config) { c.APIKey = "" })
	h.fake.key = ""
	mems, out := h.run(t, testDoc)
	if out.fellBack || len(mems) != 3 {
		t.Errorf("outcome = %+v with %d memories; want the fenced answer used", out, len(mems))
	}
	if got := h.fake.requests[0]; got.Model != testModel {
		t.Errorf("request = %+v", got)
	}
}

func TestConfigValidate(t *testing.T) {
	ok := Config{BaseURL: "https://api.example.com/v1", Model: "m"}
	if err := ok.Validate(); err != nil {
		t.Fatalf("Validate(%+v) = %v", ok, err)
	}
	for name, edit := range map[string]func(*Config){
		"no base URL":       func(c *Config) { c.BaseURL = "" },
		"no host":           func(c *Config) { c.BaseURL = "http:///v1" },
		"no model":          func(c *Config) { c.Model = " " },
		"long model":        func(c *Config) { c.Model = strings.Repeat("m", 201) },
		"key with newline":  func(c *Config) { c.APIKey = "a\nb" },
		"negative timeout":  func(c *Config) { c.Timeout = -time.Second },
		"too many attempts": func(c *Config) { c.MaxAttempts = MaxMaxAttempts + 1 },
		"long backoff":      func(c *Config) { c.RetryBackoff = time.Hour },
		"huge response":     func(c *Config) { c.MaxResponseBytes = MaxMaxResponseBytes + 1 },
		"negative price":    func(c *Config) { c.Prices = map[string]Price{"m": {InputPerMTok: -1}} },
	} {
		c := ok
		edit(&c)
		if err := c.Validate(); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("%s: Validate = %v, want ErrInvalid", name, err)
		}
	}
}

func TestLocate(t *testing.T) {
	text := "First line.\nWe visited   Lisbon\n\tlast summer.\nLast (line) [x]."
	for excerpt, want := range map[string]string{
		"First line.":                      "First line.",
		"  We visited Lisbon last summer.": "We visited   Lisbon\n\tlast summer.",
		"Last (line) [x].":                 "Last (line) [x].",
		"Last (line) [x]":                  "Last (line) [x]",
		"We visited Porto":                 "",
		"":                                 "",
		"last.*":                           "",
	} {
		got, ok := locate(text, excerpt)
		if got != want || ok != (want != "") {
			t.Errorf("locate(%q) = %q, %v; want %q", excerpt, got, ok, want)
		}
	}
}
