package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseAblations(t *testing.T) {
	for in, want := range map[string][]string{
		"":                              nil,
		" , ":                           nil,
		"graph":                         {"graph"},
		"graph,temporal,vector,lexical": {"graph", "temporal", "vector", "lexical"},
		" lexical , prior,,graph ":      {"lexical", "prior", "graph"},
	} {
		got, err := ParseAblations(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseAblations(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, wantErr := range map[string]string{
		"graph,semantic": `"semantic"`,
		"Graph":          `"Graph"`,
		"graph+temporal": `"graph+temporal"`,
		"vector,vector":  `"vector" twice`,
	} {
		_, err := ParseAblations(in)
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("ParseAblations(%q): err %v, want one naming %s", in, err, wantErr)
			continue
		}
		if !strings.Contains(wantErr, "twice") && !strings.Contains(err.Error(), "graph, temporal, prior, vector, lexical") {
			t.Errorf("ParseAblations(%q): %v does not list the allowed signals", in, err)
		}
	}
}

func TestMethodAndLatencyOrder(t *testing.T) {
	// Without ablations: exactly the methods and latency series of before.
	if got := MethodOrder(nil); !reflect.DeepEqual(got, []string{MOurs, MBM25, MVector, MRecent, MOracle}) {
		t.Errorf("MethodOrder(nil) = %v", got)
	}
	if got := LatencyOrder(nil); !reflect.DeepEqual(got, []string{LSearch, LContext1, LContext2, LTurnSearch, LVector}) {
		t.Errorf("LatencyOrder(nil) = %v", got)
	}
	s, c := serviceLatencies(MOurs)
	if s != LSearch || c != [2]string{LContext1, LContext2} {
		t.Errorf("serviceLatencies(ours) = %q, %q", s, c)
	}
	// Ablations: after ours, in flag order, before the baselines.
	if got := MethodOrder([]string{"temporal", "graph"}); !reflect.DeepEqual(got,
		[]string{"ours", "ours-no-temporal", "ours-no-graph", MBM25, MVector, MRecent, MOracle}) {
		t.Errorf("MethodOrder(temporal, graph) = %v", got)
	}
	want := []string{LSearch, LContext1, LContext2,
		"ours-no-vector /search", "ours-no-vector /search/context @1500", "ours-no-vector /search/context @4000",
		LTurnSearch, LVector}
	if got := LatencyOrder([]string{"vector"}); !reflect.DeepEqual(got, want) {
		t.Errorf("LatencyOrder(vector) = %v", got)
	}
}

func TestAblationEnv(t *testing.T) {
	env := []string{"HOME=/root", "PERSISTMEMORY_ADDR=127.0.0.1:8795", "NEO4J_URI=bolt://x", "PERSISTMEMORY_RETRIEVAL_OFF="}
	got := ablationEnv(env, "127.0.0.1:40001", "graph")
	want := []string{"HOME=/root", "NEO4J_URI=bolt://x", "PERSISTMEMORY_ADDR=127.0.0.1:40001", "PERSISTMEMORY_RETRIEVAL_OFF=graph"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ablationEnv = %v, want %v", got, want)
	}
	// A signal the environment already leaves out stays out.
	got = ablationEnv([]string{"PERSISTMEMORY_RETRIEVAL_OFF=prior"}, "127.0.0.1:1", "lexical")
	if !reflect.DeepEqual(got, []string{"PERSISTMEMORY_ADDR=127.0.0.1:1", "PERSISTMEMORY_RETRIEVAL_OFF=prior,lexical"}) {
		t.Errorf("ablationEnv with prior off = %v", got)
	}
}

// An ablation's answers are scored exactly as ours: the same answers give
// the same metrics, whatever the method is called.
func TestServiceMetricsAblationAsOurs(t *testing.T) {
	c := loadSynthetic(t)
	textOf := func(id string) string { return c.Turns[c.TurnIndex(id)].Text }
	var a answers
	a.search = []SearchResult{{Memory: WireMemory{ID: "mem_1"}}, {Turn: &WireTurn{SourceID: "D3:1"}}}
	if err := json.Unmarshal([]byte(`{"context": "[1] Ben: \"Nice. I bought a kayak.\"", "tokens": 9,
		"memories": [{"memory": {"id": "mem_1"}, "rank": 1}]}`), &a.ctx[0]); err != nil {
		t.Fatal(err)
	}
	prov := map[string][]string{"mem_1": {"D1:2"}}
	m := serviceMetrics([]string{"D1:2", "D3:1"}, a, prov, textOf)
	if m["R@5"] != 1 || m["rec@1500"] != 0.5 || m["tok@1500"] != 9 || m["rec@4000"] != 0 {
		t.Errorf("metrics %v", m)
	}

	agg := NewAgg()
	agg.Add(MOurs, 1, m)
	agg.Add(AblationMethod("graph"), 1, serviceMetrics([]string{"D1:2", "D3:1"}, a, prov, textOf))
	var buf bytes.Buffer
	table(&buf, agg, MethodOrder([]string{"graph"}), GroupHeadline, scoreCols)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("table:\n%s", buf.String())
	}
	ours, abl := strings.Fields(lines[1]), strings.Fields(lines[2])
	if ours[0] != "ours" || abl[0] != "ours-no-graph" || !reflect.DeepEqual(ours[1:], abl[1:]) || len(lines[1]) != len(lines[2]) {
		t.Errorf("table:\n%s", buf.String())
	}
}

func TestTableWidthWithoutAblations(t *testing.T) {
	agg := NewAgg()
	agg.Add(MOurs, 1, map[string]float64{"R@5": 1})
	var buf bytes.Buffer
	table(&buf, agg, MethodOrder(nil), GroupHeadline, []string{"R@5"})
	if want := fmt.Sprintf("%-14s %9s\n%-14s %9.3f\n", "method", "R@5", "ours", 1.0); buf.String() != want {
		t.Errorf("table = %q, want %q", buf.String(), want)
	}
}

// A service that exits before it is ready is reported at once, not after
// the readiness timeout.
func TestStartServiceExitsEarly(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	logPath := filepath.Join(t.TempDir(), "serve.log")
	stop, ready, err := startService(sh, []string{"-c", "echo boom; exit 3"}, nil, "http://127.0.0.1:1", logPath, "the test service", t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	t0 := time.Now()
	err = ready(ctx)
	if err == nil || !strings.Contains(err.Error(), "exited before it was ready") || time.Since(t0) > 10*time.Second {
		t.Errorf("ready: %v after %s", err, time.Since(t0))
	}
	if b, _ := os.ReadFile(logPath); !strings.Contains(string(b), "boom") {
		t.Errorf("log %q", b)
	}
}
