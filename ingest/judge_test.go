package ingest_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/schema"
)

// scriptedJudge answers every Relate with answer and records what it was
// asked.
type scriptedJudge struct {
	answer func(incoming schema.Memory, existing []schema.Memory) ([]conflicts.Decision, error)

	mu    sync.Mutex
	asked []judgeCall
}

type judgeCall struct {
	owner    schema.Owner
	incoming string
	existing []string
}

func (j *scriptedJudge) Relate(ctx context.Context, incoming schema.Memory, existing []schema.Memory) ([]conflicts.Decision, error) {
	owner, _ := ingest.OwnerOf(ctx)
	call := judgeCall{owner: owner, incoming: incoming.Claim}
	for _, m := range existing {
		call.existing = append(call.existing, m.Claim)
	}
	j.mu.Lock()
	j.asked = append(j.asked, call)
	j.mu.Unlock()
	return j.answer(incoming, existing)
}

func (j *scriptedJudge) calls() []judgeCall {
	j.mu.Lock()
	defer j.mu.Unlock()
	return slices.Clone(j.asked)
}

// every answers rel for every pair.
func every(rel conflicts.Relation) func(schema.Memory, []schema.Memory) ([]conflicts.Decision, error) {
	return func(_ schema.Memory, existing []schema.Memory) ([]conflicts.Decision, error) {
		ds := make([]conflicts.Decision, len(existing))
		for i := range ds {
			ds[i] = conflicts.Decision{Relation: rel, Reason: "the fake judge says " + string(rel)}
		}
		return ds, nil
	}
}

// judgeHarness runs one document at a time through a pipeline with a
// judge, against the real Neo4j, for a fresh owner.
type judgeHarness struct {
	t     *testing.T
	store graph.Store
	p     *ingest.Pipeline
	owner schema.Owner
	logs  *bytes.Buffer
}

func newJudgeHarness(t *testing.T, store graph.Store, j ingest.Judge) *judgeHarness {
	t.Helper()
	logs := &bytes.Buffer{}
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: rules.Extractor{}, Judge: j,
		Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	if err != nil {
		t.Fatal(err)
	}
	return &judgeHarness{t: t, store: store, p: p, owner: schema.Owner(schema.NewID("usr_")), logs: logs}
}

// judgeStart is when the first statement of a test was said.
var judgeStart = time.Date(2026, 4, 6, 9, 0, 0, 0, time.UTC)

// run processes text, said hours after judgeStart, and requires the job
// to complete.
func (h *judgeHarness) run(text string, hours int) schema.Job {
	h.t.Helper()
	ctx := h.t.Context()
	said := judgeStart.Add(time.Duration(hours) * time.Hour)
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: text, CreatedAt: said, SaidAt: said}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: time.Now().UTC()}
	if err := h.store.CreateDocumentJob(ctx, h.owner, doc, job); err != nil {
		h.t.Fatal(err)
	}
	if err := h.store.MarkPublished(ctx, h.owner, job.ID); err != nil {
		h.t.Fatal(err)
	}
	if err := h.p.Process(ctx, schema.JobRef{Owner: h.owner, JobID: job.ID}); err != nil {
		h.t.Fatalf("Process(%q): %v", text, err)
	}
	got, err := h.store.Job(ctx, h.owner, job.ID)
	if err != nil || got.State != schema.JobCompleted {
		h.t.Fatalf("job of %q = %+v, %v; want completed", text, got, err)
	}
	return got
}

// requireUnrelated stops the test when the rules no longer leave the pair
// unrelated: the judge is asked only about such pairs.
func requireUnrelated(t *testing.T, existing, incoming string) {
	t.Helper()
	e, _ := rules.Extractor{}.Extract(t.Context(), schema.Document{Text: existing})
	i, _ := rules.Extractor{}.Extract(t.Context(), schema.Document{Text: incoming})
	if len(e) != 1 || len(i) != 1 {
		t.Fatalf("the rules extract %d and %d memories from %q and %q; the test needs one each", len(e), len(i), existing, incoming)
	}
	if d := conflicts.Compare(e[0], i[0]); d.Relation != conflicts.Unrelated {
		t.Fatalf("the rules now find %q / %q %s (%s); pick a pair they leave unrelated", existing, incoming, d.Relation, d.Reason)
	}
}

// TestJudgeDecisionsArePlanned: what the judge says about a pair the rules
// leave unrelated is written as the rules' decisions are, its reasons
// marked; when it fails or answers wrongly the rules' decisions stand and
// the job completes.
func TestJudgeDecisionsArePlanned(t *testing.T) {
	store := neo4jtest.Open(t)
	const old, incoming = "Ana works at Acme.", "Ana joined Globex."
	requireUnrelated(t, old, incoming)
	rulesOnly := outcome{Memories: []string{incoming + " | active | 1", old + " | active | 1"}, Entities: []string{"Acme ()", "Ana ()", "Globex ()"}}
	fail := func(schema.Memory, []schema.Memory) ([]conflicts.Decision, error) {
		return nil, errors.New("llm: judge: HTTP 500 Internal Server Error (gave up after 3 attempts)")
	}
	tests := []struct {
		name   string
		answer func(schema.Memory, []schema.Memory) ([]conflicts.Decision, error)
		want   outcome
		reason string // of the supersession or conflict planned
		warned bool
	}{
		{"supersedes", every(conflicts.Supersedes), outcome{
			Memories:   []string{incoming + " | active | 1", old + " | superseded | 1"},
			Supersedes: []string{incoming + " -> " + old},
			Entities:   rulesOnly.Entities,
		}, "model: the fake judge says supersedes", false},
		{"superseded by", every(conflicts.SupersededBy), outcome{
			Memories:   []string{incoming + " | superseded | 1", old + " | active | 1"},
			Supersedes: []string{old + " -> " + incoming},
			Entities:   rulesOnly.Entities,
		}, "model: the fake judge says superseded_by", false},
		{"contradicts", every(conflicts.Contradicts), outcome{
			Memories:  []string{incoming + " | disputed | 1", old + " | disputed | 1"},
			Conflicts: []string{incoming + " vs " + old},
			Entities:  rulesOnly.Entities,
		}, "model: the fake judge says contradicts", false},
		{"duplicate", every(conflicts.Duplicate), outcome{
			Memories: []string{old + " | active | 2"},
			Entities: rulesOnly.Entities,
		}, "", false},
		{"unrelated", every(conflicts.Unrelated), rulesOnly, "", false},
		{"error", fail, rulesOnly, "", true},
		{"too few decisions", func(schema.Memory, []schema.Memory) ([]conflicts.Decision, error) { return nil, nil }, rulesOnly, "", true},
		{"too many decisions", func(_ schema.Memory, ex []schema.Memory) ([]conflicts.Decision, error) {
			ds, _ := every(conflicts.Supersedes)(schema.Memory{}, append(slices.Clone(ex), ex...))
			return ds, nil
		}, rulesOnly, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := &scriptedJudge{answer: tt.answer}
			h := newJudgeHarness(t, store, j)
			h.run(old, 0)
			h.run(incoming, 72)
			if diff := cmp.Diff(tt.want, readOutcome(t, store, h.owner)); diff != "" {
				t.Errorf("outcome (-want +got):\n%s", diff)
			}
			want := []judgeCall{{owner: h.owner, incoming: incoming, existing: []string{old}}}
			if diff := cmp.Diff(want, j.calls(), cmp.AllowUnexported(judgeCall{})); diff != "" {
				t.Errorf("judge calls (-want +got):\n%s", diff)
			}
			if tt.reason != "" {
				if got := plannedReasons(t, store, h.owner); !slices.Contains(got, tt.reason) {
					t.Errorf("reasons = %q, want %q", got, tt.reason)
				}
			}
			logs := h.logs.String()
			if warned := strings.Contains(logs, "keeping the rules' decisions"); warned != tt.warned {
				t.Errorf("warned %v, want %v; logs:\n%s", warned, tt.warned, logs)
			}
			if strings.Contains(logs, "Globex") || strings.Contains(logs, "Acme") {
				t.Errorf("the logs hold a claim's text:\n%s", logs)
			}
		})
	}
}

// plannedReasons are the reasons of owner's supersessions and conflicts.
func plannedReasons(t *testing.T, s graph.Store, owner schema.Owner) []string {
	t.Helper()
	ctx := t.Context()
	var out []string
	cs, err := s.Conflicts(ctx, owner, "", graph.MaxPage, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		out = append(out, c.Reason)
	}
	ms, err := s.ListMemories(ctx, owner, graph.MemoryFilter{}, graph.MaxPage, graph.MemoryCursor{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		tl, err := s.Timeline(ctx, owner, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range tl {
			if e.Reason != "" && !slices.Contains(out, e.Reason) {
				out = append(out, e.Reason)
			}
		}
	}
	return out
}

// TestJudgeAskedOnlyAboutPlausibleUnsettledPairs: the judge never hears of
// a pair the rules decided, of a claim the rules found a duplicate of, of
// a twin within one document, or of memories sharing neither an entity nor
// the subject with the new claim.
func TestJudgeAskedOnlyAboutPlausibleUnsettledPairs(t *testing.T) {
	store := neo4jtest.Open(t)
	requireUnrelated(t, "Ana likes tea.", "Ana likes coffee.")
	requireUnrelated(t, "Ana likes tea.", "Bo likes tea.")
	tests := []struct {
		name  string
		texts []string // each a document, said a day after the one before
		want  []judgeCall
	}{
		{"a correction the rules settle", []string{"The ledger runs on Postgres.", "Actually, the ledger runs on MySQL now."}, nil},
		{"a repeat", []string{"Ana likes tea.", "Ana likes tea."}, nil},
		{"another subject, no shared entity", []string{"Ana likes tea.", "Bo likes tea."}, nil},
		{"the same subject", []string{"Ana likes tea.", "Ana likes coffee."}, []judgeCall{{incoming: "Ana likes coffee.", existing: []string{"Ana likes tea."}}}},
		{"a twin in the same document", []string{"Ana likes tea.", "Ana likes coffee. Ana likes coffee."}, []judgeCall{{incoming: "Ana likes coffee.", existing: []string{"Ana likes tea."}}}},
		{"the rules' supersession is not sent", []string{"Ana likes tea.", "Ana lives in Lisbon.", "Actually, Ana lives in Porto now."}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := &scriptedJudge{answer: every(conflicts.Unrelated)}
			h := newJudgeHarness(t, store, j)
			for i, text := range tt.texts {
				h.run(text, 26*i)
			}
			got := j.calls()
			for i := range got {
				got[i].owner = ""
			}
			if tt.name == "the rules' supersession is not sent" {
				// Whether "Ana likes tea." is found for the last claim is
				// the full-text index's business; the settled pair must
				// not be sent.
				for _, c := range got {
					if slices.Contains(c.existing, "Ana lives in Lisbon.") && c.incoming == "Actually, Ana lives in Porto now." {
						t.Errorf("the judge was asked about a pair the rules settled: %+v", c)
					}
				}
				if o := readOutcome(t, store, h.owner); len(o.Supersedes) != 1 {
					t.Errorf("supersessions = %q, want the rules' one", o.Supersedes)
				}
				return
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(judgeCall{})); diff != "" {
				t.Errorf("judge calls (-want +got):\n%s", diff)
			}
		})
	}
}

// TestJudgeAskedAboutAtMostJudgeMaxPairs: a claim with more plausible
// unsettled memories than JudgeMaxPairs is put to the judge with the first
// JudgeMaxPairs, once.
func TestJudgeAskedAboutAtMostJudgeMaxPairs(t *testing.T) {
	store := neo4jtest.Open(t)
	j := &scriptedJudge{answer: every(conflicts.Unrelated)}
	h := newJudgeHarness(t, store, j)
	drinks := []string{"tea", "coffee", "cocoa", "lemonade", "kefir", "kvass", "mate", "cider", "sake", "lassi", "horchata"}
	for i, d := range drinks {
		h.run("Ana likes "+d+".", i)
	}
	calls := j.calls()
	last := calls[len(calls)-1]
	if last.incoming != "Ana likes horchata." || len(last.existing) != ingest.JudgeMaxPairs {
		t.Errorf("last call = %+v, want the last claim with %d memories", last, ingest.JudgeMaxPairs)
	}
	for _, c := range calls {
		if len(c.existing) > ingest.JudgeMaxPairs {
			t.Errorf("call with %d memories: %+v", len(c.existing), c)
		}
	}
}

// TestJudgeThatSaysNothingChangesNothing: over the batch statements, a
// judge that answers Unrelated for everything leaves the graph exactly as
// the rules alone do (the judge-less path is TestProcessBatchMatchesOneByOne).
func TestJudgeThatSaysNothingChangesNothing(t *testing.T) {
	store := neo4jtest.Open(t)
	var outs []outcome
	for _, j := range []ingest.Judge{nil, &scriptedJudge{answer: every(conflicts.Unrelated)}} {
		h := newJudgeHarness(t, store, j)
		for _, s := range batchStatements {
			h.run(s.text, s.hours)
		}
		outs = append(outs, readOutcome(t, store, h.owner))
	}
	if diff := cmp.Diff(outs[0], outs[1]); diff != "" {
		t.Errorf("without a judge (-) and with one that relates nothing (+):\n%s", diff)
	}
}
