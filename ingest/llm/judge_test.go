package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// newJudge starts a fake answering with respond and a Judge pointed at it,
// configured as newHarness configures the Extractor.
func newJudge(t *testing.T, respond func(int, http.ResponseWriter, *http.Request, chatRequest), tweak ...func(*Config)) (*Judge, harness) {
	t.Helper()
	var cfg Config
	h := newHarness(t, respond, append(tweak, func(c *Config) { cfg = *c })...)
	h.fake.schema = judgeSchemaJSON
	j, err := NewJudge(cfg)
	if err != nil {
		t.Fatalf("NewJudge: %v", err)
	}
	return j, h
}

// relations is a judge answer: pairs of index and relation.
func relations(pairs ...any) string {
	var rs []map[string]any
	for i := 0; i < len(pairs); i += 2 {
		rs = append(rs, map[string]any{"index": pairs[i], "reason": fmt.Sprintf("because of pair %v", pairs[i]), "relation": pairs[i+1]})
	}
	b, _ := json.Marshal(map[string]any{"relations": rs})
	return string(b)
}

func at(days int) *time.Time {
	t := said.AddDate(0, 0, days)
	return &t
}

// claim is a memory said days after said.
func claim(id, text string, days int) schema.Memory {
	return schema.Memory{ID: id, Claim: text, SaidAt: at(days), RecordedAt: said.AddDate(0, 1, 0)}
}

var (
	judgeIncoming = claim("mem_in", "Ana joined Globex.", 30)
	judgeExisting = []schema.Memory{
		claim("mem_1", "Ana works at Acme.", 0),
		claim("mem_2", "Ana likes tea.", 1),
		claim("mem_3", "Ana is employed by Globex.", 2),
		claim("mem_4", "Ana never joined Globex.", 3),
	}
)

func TestJudgeRelates(t *testing.T) {
	j, h := newJudge(t, reply(relations(1, "supersedes", 2, "unrelated", 3, "duplicate", 4, "contradicts"), 420, 80))
	ds, err := j.Relate(ingest.WithOwner(t.Context(), owner), judgeIncoming, judgeExisting)
	if err != nil {
		t.Fatalf("Relate: %v", err)
	}
	want := []conflicts.Decision{
		{Relation: conflicts.Supersedes, Reason: "because of pair 1"},
		{Relation: conflicts.Unrelated, Reason: "because of pair 2"},
		{Relation: conflicts.Duplicate, Reason: "because of pair 3"},
		{Relation: conflicts.Contradicts, Reason: "because of pair 4"},
	}
	if diff := cmp.Diff(want, ds); diff != "" {
		t.Errorf("decisions (-want +got):\n%s", diff)
	}
	req := h.fake.requests[0]
	wantUser := "Incoming claim (said on Friday 4 April 2025, 10:00 UTC):\nAna joined Globex.\n\nExisting claims:\n" +
		"1. (said on Wednesday 5 March 2025, 10:00 UTC) Ana works at Acme.\n" +
		"2. (said on Thursday 6 March 2025, 10:00 UTC) Ana likes tea.\n" +
		"3. (said on Friday 7 March 2025, 10:00 UTC) Ana is employed by Globex.\n" +
		"4. (said on Saturday 8 March 2025, 10:00 UTC) Ana never joined Globex.\n"
	if req.Model != testModel || req.Messages[0].Content != judgeSystemPrompt || req.Messages[1].Content != wantUser ||
		req.ResponseFormat.JSONSchema.Name != judgeSchemaName {
		t.Errorf("request = %+v\nwant the user message:\n%s", req, wantUser)
	}
	for _, words := range []string{"duplicate:", "supersedes:", "superseded_by:", "contradicts:", "unrelated:", "likes tea / likes coffee", "When unsure, answer unrelated."} {
		if !strings.Contains(judgeSystemPrompt, words) {
			t.Errorf("the system prompt does not say %q", words)
		}
	}
	wantUsage := []ownedRecord{{owner, schema.UsageRecord{
		Model: testModel, Purpose: schema.UsagePurposeJudge, InputTokens: 420, OutputTokens: 80,
		CostUSD: 420.0/1e6*2 + 80.0/1e6*8, Priced: true, Attempts: 1, At: said.Add(2 * time.Hour),
	}}}
	if diff := cmp.Diff(wantUsage, h.rec.all(), cmp.AllowUnexported(ownedRecord{})); diff != "" {
		t.Errorf("usage (-want +got):\n%s", diff)
	}
}

// TestJudgeSafetyChecks: the model may not retire a confirmed memory, nor
// let a claim replace one said clearly after it; those become disputes.
func TestJudgeSafetyChecks(t *testing.T) {
	recorded := func(m schema.Memory) schema.Memory { m.SaidAt = nil; return m }
	confirmed := func(m schema.Memory) schema.Memory { m.Confirmed = true; return m }
	tests := []struct {
		name               string
		relation           string
		incoming, existing schema.Memory
		want               conflicts.Relation
	}{
		{"later incoming supersedes", "supersedes", claim("in", "x", 30), claim("ex", "y", 0), conflicts.Supersedes},
		{"same day supersedes", "supersedes", claim("in", "x", 0), claim("ex", "y", 0), conflicts.Supersedes},
		{"months earlier incoming supersedes", "supersedes", claim("in", "x", -90), claim("ex", "y", 0), conflicts.Contradicts},
		{"days earlier incoming supersedes", "supersedes", claim("in", "x", -4), claim("ex", "y", 0), conflicts.Contradicts},
		{"a day earlier incoming supersedes", "supersedes", claim("in", "x", -1), claim("ex", "y", 0), conflicts.Supersedes},
		{"earlier by RecordedAt", "supersedes", claim("in", "x", 0), recorded(claim("ex", "y", 0)), conflicts.Contradicts},
		{"confirmed existing", "supersedes", claim("in", "x", 30), confirmed(claim("ex", "y", 0)), conflicts.Contradicts},
		{"later existing supersedes", "superseded_by", claim("in", "x", 0), claim("ex", "y", 30), conflicts.SupersededBy},
		{"months earlier existing supersedes", "superseded_by", claim("in", "x", 90), claim("ex", "y", 0), conflicts.Contradicts},
		{"confirmed existing supersedes", "superseded_by", claim("in", "x", 0), confirmed(claim("ex", "y", 30)), conflicts.SupersededBy},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j, _ := newJudge(t, reply(relations(1, tt.relation), 10, 10))
			ds, err := j.Relate(ingest.WithOwner(t.Context(), owner), tt.incoming, []schema.Memory{tt.existing})
			if err != nil || len(ds) != 1 || ds[0].Relation != tt.want || !strings.Contains(ds[0].Reason, "because of pair 1") {
				t.Errorf("Relate = %+v, %v; want %s with the model's reason", ds, err, tt.want)
			}
		})
	}
}

// TestJudgeHostileAnswers: entries that answer what was not asked, or
// twice, leave their pair unrelated; a reason is cut and made one line.
func TestJudgeHostileAnswers(t *testing.T) {
	content := `{"relations": [
		{"index": 0, "reason": "zero", "relation": "supersedes"},
		{"index": -1, "reason": "negative", "relation": "supersedes"},
		{"index": 99, "reason": "beyond", "relation": "supersedes"},
		{"index": 2, "reason": "once", "relation": "supersedes"},
		{"index": 2, "reason": "twice", "relation": "contradicts"},
		{"index": 3, "reason": "` + strings.Repeat("very long\\n\\u0000 ", 2000) + `", "relation": "contradicts"}
	]}`
	j, h := newJudge(t, reply(content, 10, 10))
	ds, err := j.Relate(ingest.WithOwner(t.Context(), owner), judgeIncoming, judgeExisting)
	if err != nil || len(ds) != 4 {
		t.Fatalf("Relate = %+v, %v", ds, err)
	}
	for i, want := range []conflicts.Relation{conflicts.Unrelated, conflicts.Unrelated, conflicts.Contradicts, conflicts.Unrelated} {
		if ds[i].Relation != want {
			t.Errorf("pair %d: %s, want %s", i+1, ds[i].Relation, want)
		}
	}
	if r := ds[2].Reason; len(r) > MaxJudgeReasonBytes || strings.ContainsAny(r, "\n\x00") || !strings.HasPrefix(r, "very long very long") {
		t.Errorf("reason = %q (%d bytes), want one line of at most %d bytes", r, len(r), MaxJudgeReasonBytes)
	}
	if !strings.Contains(h.logs.String(), "ignored=5") {
		t.Errorf("the ignored entries are not logged:\n%s", h.logs.String())
	}
	if r := h.rec.all(); len(r) != 1 || r[0].rec.Failed {
		t.Errorf("usage = %+v, want one successful call", r)
	}
}

// TestJudgeFailures: an answer that cannot be used, or no answer, is an
// error (and no decisions), recorded as a failed call, never quoting the
// key.
func TestJudgeFailures(t *testing.T) {
	entry := `{"index": 1, "reason": "r", "relation": "supersedes"}`
	tests := []struct {
		name     string
		respond  func(int, http.ResponseWriter, *http.Request, chatRequest)
		reason   string
		attempts int
		tweak    func(*Config)
	}{
		{"invalid JSON", reply("Pair 1 supersedes.", 10, 5), "not JSON", 1, nil},
		{"unknown relation", reply(relations(1, "replaces"), 10, 5), "does not match the schema", 1, nil},
		{"extra field", reply(`{"relations": [{"index": 1, "reason": "r", "relation": "supersedes", "confidence": 0.9}]}`, 10, 5), "does not match the schema", 1, nil},
		{"missing reason", reply(`{"relations": [{"index": 1, "relation": "supersedes"}]}`, 10, 5), "does not match the schema", 1, nil},
		{"index as text", reply(`{"relations": [{"index": "1", "reason": "r", "relation": "supersedes"}]}`, 10, 5), "does not match the schema", 1, nil},
		{"too many entries", reply(`{"relations": [`+strings.Repeat(entry+",", ingest.JudgeMaxPairs)+entry+`]}`, 10, 5), "does not match the schema", 1, nil},
		{"HTTP 500 after retries", func(_ int, w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			writeJSON(w, http.StatusInternalServerError, map[string]any{"error": map[string]any{"message": "server error", "type": "server_error"}})
		}, "HTTP 500 Internal Server Error: server error (gave up after 3 attempts)", DefaultMaxAttempts, nil},
		{"timeout", func(_ int, w http.ResponseWriter, r *http.Request, req chatRequest) {
			select {
			case <-r.Context().Done():
			case <-time.After(3 * time.Second):
			}
		}, "no answer within 100ms", 2, func(c *Config) { c.Timeout, c.MaxAttempts = 100*time.Millisecond, 2 }},
		{"key quoted by the provider", func(_ int, w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			writeJSON(w, http.StatusUnauthorized, map[string]any{"error": map[string]any{"message": "Incorrect API key provided: " + testKey}})
		}, "[REDACTED]", 1, nil},
		{"key in a refusal", func(_ int, w http.ResponseWriter, _ *http.Request, req chatRequest) {
			c := completion(req.Model, "", 1, 1)
			m := c["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
			m["content"], m["refusal"] = nil, "I won't repeat "+testKey
			writeJSON(w, http.StatusOK, c)
		}, "[REDACTED]", 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tweaks []func(*Config)
			if tt.tweak != nil {
				tweaks = append(tweaks, tt.tweak)
			}
			j, h := newJudge(t, tt.respond, tweaks...) // the harness checks logs and reasons for the key
			ds, err := j.Relate(ingest.WithOwner(t.Context(), owner), judgeIncoming, judgeExisting[:1])
			if err == nil || ds != nil || !strings.Contains(err.Error(), tt.reason) || strings.Contains(err.Error(), testKey) {
				t.Errorf("Relate = %+v, %v; want an error saying %q, without the key", ds, err, tt.reason)
			}
			recs := h.rec.all()
			if len(recs) != 1 || !recs[0].rec.Failed || recs[0].rec.Attempts != tt.attempts || recs[0].rec.Purpose != schema.UsagePurposeJudge ||
				!strings.Contains(recs[0].rec.FailureReason, tt.reason) {
				t.Errorf("usage = %+v, want one failed judge call of %d attempts", recs, tt.attempts)
			}
		})
	}
}

func TestJudgeBounds(t *testing.T) {
	j, h := newJudge(t, reply(relations(1, "unrelated"), 1, 1))
	ctx := ingest.WithOwner(t.Context(), owner)
	if ds, err := j.Relate(ctx, judgeIncoming, nil); ds != nil || err != nil {
		t.Errorf("Relate with no memories = %+v, %v; want nothing", ds, err)
	}
	many := make([]schema.Memory, ingest.JudgeMaxPairs+1)
	if _, err := j.Relate(ctx, judgeIncoming, many); !errors.Is(err, schema.ErrInvalid) {
		t.Errorf("Relate with %d memories = %v, want ErrInvalid", len(many), err)
	}
	if h.fake.count() != 0 || len(h.rec.all()) != 0 {
		t.Errorf("%d requests, %d records; want none", h.fake.count(), len(h.rec.all()))
	}

	// The longest prompt: every claim cut, all of it under the bound.
	long := strings.Repeat("Ana wörks at Acme\nand ", 500)
	in := claim("in", long, 0)
	ex := make([]schema.Memory, ingest.JudgeMaxPairs)
	for i := range ex {
		ex[i] = claim(fmt.Sprint("ex", i), long, 0)
	}
	if _, err := j.Relate(ctx, in, ex); err != nil {
		t.Fatalf("Relate with long claims: %v", err)
	}
	req := h.fake.requests[0]
	if n := len(req.Messages[0].Content) + len(req.Messages[1].Content); n > MaxJudgePromptBytes {
		t.Errorf("prompt of %d bytes, over %d", n, MaxJudgePromptBytes)
	}
	lines := strings.Split(strings.TrimSuffix(req.Messages[1].Content, "\n"), "\n")
	if len(lines) != 4+ingest.JudgeMaxPairs || len(lines[1]) > MaxJudgeClaimBytes || !strings.HasSuffix(lines[1], "…") {
		t.Errorf("user message has %d lines (incoming claim %d bytes); want each claim on one line of at most %d bytes", len(lines), len(lines[1]), MaxJudgeClaimBytes)
	}

	var s struct {
		Properties struct {
			Relations struct {
				MaxItems int `json:"maxItems"`
			} `json:"relations"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(judgeSchemaJSON, &s); err != nil || s.Properties.Relations.MaxItems != ingest.JudgeMaxPairs {
		t.Errorf("judge_schema.json maxItems = %d, %v; want ingest.JudgeMaxPairs (%d)", s.Properties.Relations.MaxItems, err, ingest.JudgeMaxPairs)
	}
}

// TestJudgeInThePipeline runs the worker with the rules extracting and the
// model judging, against the fake and the real Neo4j: the model's
// supersession is written with its reason; a supersession the model gives
// against the order the claims were said in becomes a conflict; a failing
// model leaves the rules' decisions and the job completes; the calls are
// in the owner's usage report.
func TestJudgeInThePipeline(t *testing.T) {
	store := neo4jtest.Open(t)
	const old, incoming = "Ana works at Acme.", "Ana joined Globex."
	ok := reply(relations(1, "supersedes"), 300, 40)
	down := func(_ int, w http.ResponseWriter, _ *http.Request, _ chatRequest) {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"error": "upstream down"})
	}
	tests := []struct {
		name       string
		respond    func(int, http.ResponseWriter, *http.Request, chatRequest)
		incomingAt time.Duration // after old was said
		state      schema.MemoryState
		conflicts  int
		reason     string
		failed     bool
	}{
		{"supersession", ok, 72 * time.Hour, schema.StateSuperseded, 0, "model: because of pair 1", false},
		{"said months before", ok, -90 * 24 * time.Hour, schema.StateDisputed, 1, "model: said to replace a claim said at least " + conflicts.LaterMargin.String() + " after it: because of pair 1", false},
		{"model down", down, 72 * time.Hour, schema.StateActive, 0, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			j, h := newJudge(t, tt.respond, func(c *Config) { c.Usage, c.MaxAttempts = store, 2 })
			p, err := ingest.New(ingest.Config{Graph: store, Extractor: rules.Extractor{}, Judge: j, Logger: h.x.log})
			if err != nil {
				t.Fatal(err)
			}
			owner := schema.Owner(schema.NewID("usr_"))
			process := func(text string, at time.Time) schema.Job {
				t.Helper()
				job := processText(t, store, p, owner, text, at)
				if len(job.MemoryIDs) != 1 {
					t.Fatalf("job of %q = %+v; want one memory", text, job)
				}
				return job
			}
			first := process(old, said)
			process(incoming, said.Add(tt.incomingAt))

			d, err := store.MemoryDetail(ctx, owner, first.MemoryIDs[0])
			if err != nil {
				t.Fatal(err)
			}
			if d.Memory.State != tt.state || len(d.Conflicts) != tt.conflicts {
				t.Errorf("%q: state %s, %d conflicts; want %s, %d\nlogs:\n%s", old, d.Memory.State, len(d.Conflicts), tt.state, tt.conflicts, h.logs)
			}
			var reasons []string
			for _, c := range d.Conflicts {
				reasons = append(reasons, c.Reason)
			}
			if tl, err := store.Timeline(ctx, owner, first.MemoryIDs[0]); err == nil {
				for _, e := range tl {
					if e.Reason != "" {
						reasons = append(reasons, e.Reason)
					}
				}
			}
			if tt.reason != "" && (len(reasons) != 1 || reasons[0] != tt.reason) {
				t.Errorf("reasons = %q, want %q", reasons, tt.reason)
			}
			if tt.failed != strings.Contains(h.logs.String(), "keeping the rules' decisions") {
				t.Errorf("a failed model warned: %v, want %v\nlogs:\n%s", !tt.failed, tt.failed, h.logs)
			}
			rep, err := store.UsageReport(ctx, owner, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Total.Calls != 1 || (rep.Total.FailedCalls == 1) != tt.failed || len(rep.Models) != 1 || rep.Models[0].Model != testModel {
				t.Errorf("usage report = %+v, want one judge call of %s (failed: %v)", rep, testModel, tt.failed)
			}
		})
	}
}
