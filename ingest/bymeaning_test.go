package ingest_test

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/embed/onnx"
	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/rules"
	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/stack"
)

// openLocalModel opens the local embedding model the service runs, from
// where `persistmemory stack up` installs it. Missing files end the test
// through testenv.Unavailable (skip locally, fail under CI=true).
func openLocalModel(t *testing.T) *onnx.E5 {
	t.Helper()
	dir, lib := stack.LocalModel(os.LookupEnv)
	mf := stack.ModelFilesIn(dir, lib)
	if missing := mf.Missing(); len(missing) > 0 {
		testenv.Unavailable(t, "the local embedding model: %s is missing (`persistmemory stack up` installs it)", missing[0])
	}
	e, err := onnx.OpenE5(onnx.Config{ModelPath: mf.ModelPath, TokenizerPath: mf.TokenizerPath, LibraryPath: mf.LibraryPath})
	if err != nil {
		t.Fatalf("open the local model: %v", err)
	}
	t.Cleanup(func() { _ = e.Close() })
	return e
}

// newModelHarness runs jobs for a new owner through a pipeline of the
// rules extractor, the embedder e (the local model) and the vector store
// vs, logging nowhere.
func newModelHarness(t *testing.T, store graph.Store, e embed.Embedder, vs retrieval.VectorStore) *judgeHarness {
	t.Helper()
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: rules.Extractor{}, Embedder: e, Vectors: vs,
		Logger: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return &judgeHarness{t: t, store: store, p: p, owner: schema.Owner(schema.NewID("usr_")), logs: &bytes.Buffer{}}
}

// countingEmbedder records every text embedded as a passage.
type countingEmbedder struct {
	embed.QueryEmbedder
	mu    sync.Mutex
	texts []string
}

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.mu.Lock()
	c.texts = append(c.texts, texts...)
	c.mu.Unlock()
	return c.QueryEmbedder.Embed(ctx, texts)
}

// TestSaidAgainInOtherWords: with the real model and the real Neo4j, a
// claim the rules leave unrelated to a stored one but that means the same
// and carries the same values reinforces it (one memory, two pieces of
// evidence); claims the model puts as close but whose words differ in a
// number or a verb stay two memories. The new claim is embedded once (the
// vector it is compared with is the one stored) and the stored one not
// again: its similarity is read from the real Weaviate.
func TestSaidAgainInOtherWords(t *testing.T) {
	store := neo4jtest.Open(t)
	model := openLocalModel(t)
	vs := openWeaviate(t, model)
	tests := []struct {
		name, stored, incoming string
		want                   []string // claim | state | evidence
	}{
		{"the same allergy in other words", "I'm allergic to peanuts.", "Peanuts give me an allergic reaction.",
			[]string{"I'm allergic to peanuts. | active | 2"}},
		{"the same appointment in other words", "My cholesterol test is booked for 9 May at 11am.", "I've got the cholesterol check on May 9th, 11 in the morning.",
			[]string{"My cholesterol test is booked for 9 May at 11am. | active | 2"}},
		{"another cluster", "Ravi will send the capacity report for cluster 1 by Friday.", "Ravi will send the capacity report for cluster 41 by Friday.",
			[]string{"Ravi will send the capacity report for cluster 1 by Friday. | active | 1", "Ravi will send the capacity report for cluster 41 by Friday. | active | 1"}},
		{"lives, not works", "Hamid lives in Valletta.", "Hamid works in Valletta.",
			[]string{"Hamid lives in Valletta. | active | 1", "Hamid works in Valletta. | active | 1"}},
		// The SDKs' tests name people and projects with random letters and
		// digits; their claims are alike word for word but for the names.
		{"names with digits", "Zq81c2 Halvorsen decided that the Ledgerzq4f2a project will use Postgres.", "Zq17d9 Halvorsen decided that the Ledgerzq0b3e project will use Postgres.",
			[]string{"Zq17d9 Halvorsen decided that the Ledgerzq0b3e project will use Postgres. | active | 1", "Zq81c2 Halvorsen decided that the Ledgerzq4f2a project will use Postgres. | active | 1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			requireUnrelated(t, tc.stored, tc.incoming)
			emb := &countingEmbedder{QueryEmbedder: model}
			h := newModelHarness(t, store, emb, vs)
			h.run(tc.stored, 0)
			h.run(tc.incoming, 24*30)
			got := readOutcome(t, store, h.owner)
			slices.Sort(got.Memories)
			if !slices.Equal(got.Memories, tc.want) || len(got.Supersedes)+len(got.Conflicts) > 0 {
				t.Errorf("memories %q, supersessions %q, conflicts %q; want memories %q and nothing retired or disputed", got.Memories, got.Supersedes, got.Conflicts, tc.want)
			}
			if want := []string{tc.stored, tc.incoming}; len(tc.want) == 2 && !slices.Equal(emb.texts, want) {
				t.Errorf("embedded %q, want each claim once: %q", emb.texts, want)
			} else if len(tc.want) == 1 && !slices.Equal(emb.texts, want[:2]) {
				t.Errorf("embedded %q, want each claim once, the stored one's vector read from Weaviate: %q", emb.texts, want)
			}
		})
	}
}

// sameVector embeds every text as one vector, under the model name it is
// given.
type sameVector struct{ model string }

func (s sameVector) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = unit(0, 1, 0)
	}
	return out, nil
}
func (s sameVector) Model() string { return s.model }
func (s sameVector) Dims() int     { return testDims }

// TestMeaningNeedsItsModel: the similarity threshold was chosen for
// conflicts.MeaningModel; with another model claims are not compared by
// meaning, however close its vectors put them.
func TestMeaningNeedsItsModel(t *testing.T) {
	store := neo4jtest.Open(t)
	const stored, incoming = "I'm allergic to peanuts.", "Peanuts give me an allergic reaction."
	requireUnrelated(t, stored, incoming)
	for _, tc := range []struct {
		model string
		want  int // memories
	}{{conflicts.MeaningModel, 1}, {"text-embedding-3-small", 2}} {
		t.Run(tc.model, func(t *testing.T) {
			p, err := ingest.New(ingest.Config{Graph: store, Extractor: rules.Extractor{}, Embedder: sameVector{tc.model}, Vectors: newMemVectors()})
			if err != nil {
				t.Fatal(err)
			}
			h := &judgeHarness{t: t, store: store, p: p, owner: schema.Owner(schema.NewID("usr_")), logs: &bytes.Buffer{}}
			h.run(stored, 0)
			h.run(incoming, 24*30)
			if got := readOutcome(t, store, h.owner).Memories; len(got) != tc.want {
				t.Errorf("memories %q, want %d", got, tc.want)
			}
		})
	}
}

// TestRulesReadTheNearestInMeaning: with the real model, Weaviate and
// Neo4j, the rules read the stored memories nearest in meaning to a new
// claim, not only those of its subject or its words: "First day at
// Northbridge Digital today!" shares no word with "I work as a QA tester
// at Kudipay" and retires it; "landlord raised us to 84k" retires "our
// rent is 78,000 AED a year". A claim near in meaning the rules leave
// unrelated stays as it is.
func TestRulesReadTheNearestInMeaning(t *testing.T) {
	store := neo4jtest.Open(t)
	model := openLocalModel(t)
	vs := openWeaviate(t, model)
	tests := []struct {
		name, stored, incoming string
		want                   []string // new claim -> old claim
	}{
		{"a new place of work", "I work as a QA tester at Kudipay, fintech in Lekki.", "First day at Northbridge Digital today!",
			[]string{"First day at Northbridge Digital today! -> I work as a QA tester at Kudipay, fintech in Lekki."}},
		{"the landlord raised the rent", "our rent is 78,000 AED a year for a 2BR, 4 cheques.", "landlord raised us to 84k 😤 from 78",
			[]string{"landlord raised us to 84k 😤 from 78 -> our rent is 78,000 AED a year for a 2BR, 4 cheques."}},
		{"another's work", "I work as a QA tester at Kudipay, fintech in Lekki.", "Tolu's first day at Northbridge Digital today!", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newModelHarness(t, store, model, vs)
			h.run(tc.stored, 0)
			h.run(tc.incoming, 24*30)
			got := readOutcome(t, store, h.owner)
			if !slices.Equal(got.Supersedes, tc.want) || len(got.Conflicts) > 0 {
				t.Errorf("supersessions %q, conflicts %q; want supersessions %q", got.Supersedes, got.Conflicts, tc.want)
			}
		})
	}
}
