package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/bench/internal/locomodata"
)

// sameVectors embeds every text as one vector: every pair is as close as
// can be, so what Talk decides rests on the words.
type sameVectors struct{}

func (sameVectors) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{0, 1, 0}
	}
	return out, nil
}
func (sameVectors) Model() string { return "test" }
func (sameVectors) Dims() int     { return 3 }

const talkFile = `[{"sample_id": "conv-t", "conversation": {"speaker_a": "Ana", "speaker_b": "Ben",
  "session_1_date_time": "1:56 pm on 8 May, 2023",
  "session_1": [
    {"speaker": "Ana", "dia_id": "D1:1", "text": "Our cleaner Rosa comes every other Thursday."},
    {"speaker": "Ben", "dia_id": "D1:2", "text": "Makes me feel connected."},
    {"speaker": "Ana", "dia_id": "D1:3", "text": "Rosa has switched us to Monday mornings."}],
  "session_2_date_time": "10:00 am on 20 June, 2023",
  "session_2": [
    {"speaker": "Ben", "dia_id": "D2:1", "text": "Now my relationships feel more genuine."},
    {"speaker": "Ana", "dia_id": "D2:2", "text": "Rosa has switched us to Monday mornings."}]},
  "qa": []}]`

// TestTalk: a change said in a later session is decided, with its
// conversation; talk in passing, the same speaker's claim of the same
// session, and another speaker's are not.
func TestTalk(t *testing.T) {
	convs, err := locomodata.Parse([]byte(talkFile))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Talk(t.Context(), sameVectors{}, convs)
	if err != nil {
		t.Fatal(err)
	}
	if r.Conversations != 1 || r.Claims != 5 {
		t.Errorf("read %d conversations, %d claims; want 1 and 5", r.Conversations, r.Claims)
	}
	want := []string{`conv-t: "Ana: Our cleaner Rosa comes every other Thursday." -> "Ana: Rosa has switched us to Monday mornings." (supersedes, 1.000)`}
	if !slices.Equal(r.Changes, want) {
		t.Errorf("changes %q, want %q", r.Changes, want)
	}
	var b strings.Builder
	r.Print(&b, true)
	if !strings.Contains(b.String(), "changes read by meaning: 1") || !strings.Contains(b.String(), want[0]) {
		t.Errorf("report %q lacks the count or the change", b.String())
	}
}
