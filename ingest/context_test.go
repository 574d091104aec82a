package ingest_test

import (
	"slices"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/schema"
)

func TestTurnInContextText(t *testing.T) {
	a := schema.Turn{Author: "Melanie", Text: "Look what the grant paid for!"}
	b := schema.Turn{Author: "Caroline", Text: "It enabled needed repairs."}
	if got, want := ingest.TurnInContextText(&a, b), "Melanie: Look what the grant paid for!\nCaroline: It enabled needed repairs."; got != want {
		t.Errorf("in context = %q, want %q", got, want)
	}
	if got, want := ingest.TurnInContextText(nil, b), ingest.TurnEmbeddingText(b); got != want {
		t.Errorf("a first turn = %q, want the turn alone %q", got, want)
	}
	if got := ingest.TurnInContextText(&schema.Turn{Text: "hi"}, schema.Turn{Text: ""}); got != "hi\n" {
		t.Errorf("without authors, an empty turn = %q", got)
	}
}

// TestTurnContextVectors: the worker and reindex write, for every turn, the
// vector of the turn read after the turn before it in its conversation —
// across documents, from the graph when the turn before is not in the
// batch — and only the owner's own turns.
func TestTurnContextVectors(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	o := schema.Owner(schema.NewID("usr_"))
	other := schema.Owner(schema.NewID("usr_"))
	said := time.Date(2023, 5, 8, 13, 0, 0, 0, time.UTC)
	appendDoc := func(owner schema.Owner, turns ...schema.Turn) schema.JobRef {
		t.Helper()
		doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x", CreatedAt: said, SaidAt: said}
		job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: said}
		if _, err := store.AppendTurns(ctx, owner, "conv-ctx", turns, doc, job); err != nil {
			t.Fatal(err)
		}
		return schema.JobRef{Owner: owner, JobID: job.ID}
	}
	appendDoc(other, schema.Turn{Author: "Eve", Text: "Another owner's first turn.", SaidAt: said})
	first := appendDoc(o,
		schema.Turn{Author: "Nate", Text: "Look at the new school roof!", SaidAt: said},
		schema.Turn{Author: "Joanna", Text: "The grant paid for it.", SaidAt: said.Add(time.Second)})
	second := appendDoc(o, schema.Turn{Author: "Nate", Text: "It enabled needed repairs.", SaidAt: said.Add(2 * time.Second)})
	wantTexts := []string{
		"Nate: Look at the new school roof!",
		"Nate: Look at the new school roof!\nJoanna: The grant paid for it.",
		"Joanna: The grant paid for it.\nNate: It enabled needed repairs.",
	}

	newPipeline := func() (*ingest.Pipeline, *tableEmbedder, *memVectors) {
		emb, inContext := newTableEmbedder(), newMemVectors()
		p, err := ingest.New(ingest.Config{Graph: store, Extractor: mentionExtractor{}, Embedder: emb, Vectors: newMemVectors(), TurnVectors: newMemVectors(), TurnContextVectors: inContext})
		if err != nil {
			t.Fatal(err)
		}
		return p, emb, inContext
	}

	// The worker, both documents in one batch: the second document's turn
	// is read after the first's last.
	p, emb, worker := newPipeline()
	if err := p.ProcessBatch(ctx, []schema.JobRef{first, second}); err != nil {
		t.Fatal(err)
	}
	if len(worker.byOwner[o]) != 3 {
		t.Errorf("worker wrote %d in-context vectors, want 3", len(worker.byOwner[o]))
	}
	for _, want := range wantTexts {
		if !slices.Contains(emb.passages, want) {
			t.Errorf("worker did not embed %q (embedded %q)", want, emb.passages)
		}
	}
	// Two more documents, each in a batch of its own: the turn before
	// each is read from the graph.
	third := appendDoc(o, schema.Turn{Author: "Nate", Text: "Look at the gym floor!", SaidAt: said.Add(3 * time.Second)})
	fourth := appendDoc(o, schema.Turn{Author: "Joanna", Text: "The same grant.", SaidAt: said.Add(4 * time.Second)})
	p, emb, _ = newPipeline()
	for _, ref := range []schema.JobRef{third, fourth} {
		if err := p.ProcessBatch(ctx, []schema.JobRef{ref}); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"Nate: It enabled needed repairs.\nNate: Look at the gym floor!", "Nate: Look at the gym floor!\nJoanna: The same grant."} {
		if !slices.Contains(emb.passages, want) {
			t.Errorf("jobs processed one by one: did not embed %q (embedded %q)", want, emb.passages)
		}
	}

	// reindex rebuilds both lists from the graph.
	emb, plain, inContext := newTableEmbedder(), newMemVectors(), newMemVectors()
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: mentionExtractor{}, Embedder: emb, Vectors: newMemVectors(), TurnVectors: plain, TurnContextVectors: inContext})
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.Reindex(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if st.Turns != 5 || len(plain.byOwner[o]) != 5 || len(inContext.byOwner[o]) != 5 {
		t.Errorf("reindex: stats %+v, %d plain and %d in-context vectors; want 5 turns of each", st, len(plain.byOwner[o]), len(inContext.byOwner[o]))
	}
	if len(inContext.byOwner[other]) != 0 {
		t.Error("reindex of one owner wrote another's vectors")
	}
	for _, want := range wantTexts {
		if !slices.Contains(emb.passages, want) {
			t.Errorf("reindex did not embed %q (embedded %q)", want, emb.passages)
		}
	}

	if _, err := ingest.New(ingest.Config{Graph: store, Extractor: mentionExtractor{}, Embedder: emb, Vectors: newMemVectors(), TurnContextVectors: inContext}); err == nil {
		t.Error("TurnContextVectors without TurnVectors was accepted")
	}
}
