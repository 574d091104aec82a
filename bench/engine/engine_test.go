package main

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// TestQualityGate evaluates the deterministic engine logic over the
// tuning corpus and fails when a target of the memory-engine issue is
// missed. It is a quality gate, not a timed test.
func TestQualityGate(t *testing.T) {
	sub, err := fs.Sub(corpusFiles, "corpus")
	if err != nil {
		t.Fatal(err)
	}
	c, err := load(sub, false)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Extraction) + len(c.Pairs) + len(c.Resolution); n < 150 {
		t.Fatalf("the corpus has %d cases; the issue asks for at least 150", n)
	}
	r := Evaluate(c)
	for _, f := range r.Failed() {
		t.Error(f)
	}
	if t.Failed() {
		var b strings.Builder
		r.Print(&b, "tuning corpus", true)
		t.Log(b.String())
	}
}

// TestHoldoutLoads checks the hold-out file parses; its scores are
// reported by the command, not gated.
func TestHoldoutLoads(t *testing.T) {
	sub, err := fs.Sub(corpusFiles, "corpus")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := load(sub, true); err != nil {
		t.Fatal(err)
	}
}

func TestLoadRejectsBadCorpus(t *testing.T) {
	tests := map[string]string{
		"duplicate id":     `{"extraction":[{"id":"a","text":"x"},{"id":"a","text":"y"}]}`,
		"unknown relation": `{"pairs":[{"id":"p","existing":{"text":"a"},"incoming":{"text":"b"},"expect":"maybe"}]}`,
		"unknown field":    `{"extraction":[{"id":"a","txt":"x"}]}`,
		"bad time":         `{"extraction":[{"id":"a","text":"x","said_at":"yesterday"}]}`,
		"no id":            `{"resolution":[{"mention":{"name":"x"}}]}`,
	}
	for name, data := range tests {
		if _, err := load(fstest.MapFS{"c.json": {Data: []byte(data)}}, false); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

func TestCountEdges(t *testing.T) {
	var c Count
	if c.Precision() != 1 || c.Recall() != 1 {
		t.Error("empty count should be 1/1")
	}
	c = Count{TP: 3, FP: 1, FN: 3}
	if c.Precision() != 0.75 || c.Recall() != 0.5 {
		t.Errorf("%v %v", c.Precision(), c.Recall())
	}
}
