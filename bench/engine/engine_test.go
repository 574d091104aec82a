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
	c, err := load(sub, "")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Extraction) + len(c.Pairs) + len(c.Resolution); n < 150 {
		t.Fatalf("the corpus has %d cases; the issue asks for at least 150", n)
	}
	r := Evaluate(c, nil, nil)
	for _, f := range r.Failed() {
		t.Error(f)
	}
	if t.Failed() {
		var b strings.Builder
		r.Print(&b, "tuning corpus", true)
		t.Log(b.String())
	}
}

// TestHoldoutLoads checks every hold-out file parses and is kept out of
// the tuning corpus; their scores are reported by the command, not gated.
func TestHoldoutLoads(t *testing.T) {
	sub, err := fs.Sub(corpusFiles, "corpus")
	if err != nil {
		t.Fatal(err)
	}
	tuning, err := load(sub, "")
	if err != nil {
		t.Fatal(err)
	}
	tuned := map[string]bool{}
	for _, x := range tuning.Extraction {
		tuned[x.ID] = true
	}
	for _, p := range tuning.Pairs {
		tuned[p.ID] = true
	}
	for _, h := range Holdouts {
		c, err := load(sub, h.File)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Extraction)+len(c.Pairs)+len(c.Resolution)+len(c.Streams) == 0 {
			t.Errorf("%s is empty", h.File)
		}
		for _, p := range c.Pairs {
			if tuned[p.ID] {
				t.Errorf("%s: %s is also in the tuning corpus", h.File, p.ID)
			}
		}
	}
}

func TestLoadRejectsBadCorpus(t *testing.T) {
	tests := map[string]string{
		"duplicate id":            `{"extraction":[{"id":"a","text":"x"},{"id":"a","text":"y"}]}`,
		"unknown relation":        `{"pairs":[{"id":"p","existing":{"text":"a"},"incoming":{"text":"b"},"expect":"maybe"}]}`,
		"unknown field":           `{"extraction":[{"id":"a","txt":"x"}]}`,
		"bad time":                `{"extraction":[{"id":"a","text":"x","said_at":"yesterday"}]}`,
		"no id":                   `{"resolution":[{"mention":{"name":"x"}}]}`,
		"stream backwards":        `{"streams":[{"id":"s","messages":[{"text":"a"},{"text":"b"}],"relations":[{"existing":1,"incoming":0,"expect":"supersedes"}]}]}`,
		"stream out of range":     `{"streams":[{"id":"s","messages":[{"text":"a"},{"text":"b"}],"relations":[{"existing":0,"incoming":2,"expect":"supersedes"}]}]}`,
		"stream relation twice":   `{"streams":[{"id":"s","messages":[{"text":"a"},{"text":"b"}],"relations":[{"existing":0,"incoming":1,"expect":"supersedes"},{"existing":0,"incoming":1,"expect":"duplicate"}]}]}`,
		"stream unknown relation": `{"streams":[{"id":"s","messages":[{"text":"a"},{"text":"b"}],"relations":[{"existing":0,"incoming":1,"expect":"unrelated"}]}]}`,
		"stream bad time":         `{"streams":[{"id":"s","messages":[{"text":"a","said_at":"soon"}]}]}`,
		"stream no id":            `{"streams":[{"messages":[{"text":"a"}]}]}`,
	}
	for name, data := range tests {
		if _, err := load(fstest.MapFS{"c.json": {Data: []byte(data)}}, ""); err == nil {
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

// TestUnreadSetsKeptFromVerbose checks which sets -v keeps its mismatches
// from: those whose titles say not to read them, and no other.
func TestUnreadSetsKeptFromVerbose(t *testing.T) {
	unread := map[string]bool{}
	for _, h := range Holdouts {
		unread[h.File] = h.Unread()
	}
	for file, want := range map[string]bool{"holdout12.json": true, "holdout39.json": true, "holdout43.json": false, "holdout45.json": false, "holdout46.json": false, "holdout47.json": false, "holdout48.json": false, "holdout49.json": false, "holdout50.json": false, "holdout51.json": false, "holdout52.json": false, "holdout53.json": false, "holdout54.json": false, "holdout55.json": false, "holdout56.json": false, "holdout57.json": false, "holdout58.json": false, "holdout59.json": false, "holdout60.json": false, "holdout61.json": false, "holdout62.json": true, "holdout63.json": true, "holdout64.json": true, "holdout65.json": true, "holdout66.json": false, "holdout67.json": true, "holdout68.json": false, "holdout69.json": true, "holdout70.json": false, "holdout71.json": true, "holdout72.json": true, "holdout73.json": false, "holdout74.json": true, "holdout75.json": true, "holdout76.json": false, "holdout77.json": false, "holdout78.json": true, "holdout79.json": true, "holdout80.json": false, "holdout81.json": false, "holdout82.json": false, "holdout83.json": true, "holdout84.json": true, "holdout85.json": true, "holdout86.json": true, "holdout87.json": false, "holdout88.json": false, "holdout89.json": true, "holdout90.json": false, "holdout91.json": false, "holdout92.json": false, "holdout93.json": false, "holdout94.json": true, "holdout95.json": true, "holdout96.json": true, "holdout40.json": false, "holdout21.json": false, "holdout35.json": false} {
		if got, ok := unread[file]; !ok || got != want {
			t.Errorf("%s: Unread = %v (registered %v), want %v", file, got, ok, want)
		}
	}
}

// TestStreamScoresEveryPair: a stream is scored over every pair of its
// messages, those its relations do not name as unrelated, under the pair
// names, with ids naming the stream and both messages.
func TestStreamScoresEveryPair(t *testing.T) {
	s := StreamCase{ID: "s", Messages: []Said{
		{Text: "Our rent is £1,150 a month.", SaidAt: "2025-01-10T10:00:00Z"},
		{Text: "My sister Maya lives in Glasgow.", SaidAt: "2025-02-03T10:00:00Z"},
		{Text: "Our rent is £1,240 a month now.", SaidAt: "2025-03-10T10:00:00Z"},
	}, Relations: []StreamRelation{{Existing: 0, Incoming: 2, Expect: "supersedes"}}}
	r := newReport()
	evalStream(r, s, nil)
	if c := r.c("pairs/supersedes"); c.TP != 1 || c.FP != 0 || c.FN != 0 {
		t.Errorf("supersedes %+v, want the one pair found", *c)
	}
	if c := r.c("pairs/unrelated"); c.TP != 2 {
		t.Errorf("unrelated %+v, want the other two pairs", *c)
	}
	if n := streamPairs([]StreamCase{s}); n != 3 {
		t.Errorf("streamPairs = %d, want 3", n)
	}
}

// TestReadingNamesNoText: the reading a change is counted under keeps
// none of the words a reason quotes, names or numbers.
func TestReadingNamesNoText(t *testing.T) {
	for reason, want := range map[string]string{
		`the same topic (rent flat) with one amount (gbp a month); values "900" and "950" differ and the incoming claim says it changed`:                            "the same topic with one amount [worded as a change]",
		`same subject "mum" and attribute "lives in", which holds one value; values "Galway" and "Cork" differ and the incoming claim is later by at least 72h0m0s`: "same subject … and attribute … [later]",
		`the same role (tech lead) held by ana and by tom, and the incoming claim says it changed hands`:                                                            "the same role [worded as a change]",
		`the incoming claim is worded as a change of what the existing one says (similarity 0.869, at least 0.85)`:                                                  "the incoming claim is worded as a change of what the existing one says",
	} {
		if got := readingOf(reason); got != want {
			t.Errorf("readingOf(%q) = %q, want %q", reason, got, want)
		}
	}
}
