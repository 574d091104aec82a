package ingest_test

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/retrieval/vectortest"
	"github.com/persistmemory/persistmemory/retrieval/weaviate"
	"github.com/persistmemory/persistmemory/schema"
)

// mentionExtractor reads a document "Name/kind; Name/kind" as one memory
// mentioning those entities.
type mentionExtractor struct{}

func (mentionExtractor) Extract(_ context.Context, doc schema.Document) ([]schema.Memory, error) {
	var ms []schema.Mention
	for _, part := range strings.Split(doc.Text, ";") {
		name, kind, _ := strings.Cut(strings.TrimSpace(part), "/")
		ms = append(ms, schema.Mention{Name: name, Kind: schema.EntityKind(kind)})
	}
	return []schema.Memory{{Type: schema.TypeFact, Claim: "Something about " + doc.Text + ".", Excerpt: doc.Text, Confidence: 0.8, Entities: ms}}, nil
}

// tableEmbedder embeds names by a table (unit vectors at chosen cosines),
// anything else on an axis of its own; it records what it embedded as
// queries and as passages.
type tableEmbedder struct {
	table map[string][]float32
	mu    sync.Mutex
	axes  map[string]int
	// queries and passages are the texts embedded each way.
	queries, passages []string
}

const testDims = 64

func newTableEmbedder() *tableEmbedder {
	// Axis 0 and 1 make the projects "Revamp"/"Overhaul" 0.97 alike, "Sarah"/"Sara" 0.99
	// (axes 2, 3), "Pilot" far from both.
	return &tableEmbedder{axes: map[string]int{}, table: map[string][]float32{
		"Revamp":   unit(0, 1, 0),
		"Overhaul": unit(0, 1, 0.25),
		"Sarah":    unit(2, 3, 0),
		"Sara":     unit(2, 3, 0.14),
	}}
}

// unit is the unit vector cos·e_a + sin·e_b with tan = t.
func unit(a, b int, t float32) []float32 {
	v := make([]float32, testDims)
	n := float32(sqrt(float64(1 + t*t)))
	v[a], v[b] = 1/n, t/n
	return v
}

func (e *tableEmbedder) vec(s string) []float32 {
	if v, ok := e.table[s]; ok {
		return v
	}
	i, ok := e.axes[s]
	if !ok {
		i = 8 + len(e.axes)%(testDims-8)
		e.axes[s] = i
	}
	v := make([]float32, testDims)
	v[i] = 1
	return v
}

func (e *tableEmbedder) embed(texts []string, q bool) [][]float32 {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([][]float32, len(texts))
	for i, s := range texts {
		out[i] = e.vec(s)
	}
	if q {
		e.queries = append(e.queries, texts...)
	} else {
		e.passages = append(e.passages, texts...)
	}
	return out
}

func (e *tableEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	return e.embed(texts, false), nil
}
func (e *tableEmbedder) EmbedQueries(_ context.Context, texts []string) ([][]float32, error) {
	return e.embed(texts, true), nil
}
func (e *tableEmbedder) Model() string { return "table-test" }
func (e *tableEmbedder) Dims() int     { return testDims }

// memVectors is an in-memory vector store, one space per owner, that
// records the owners searched.
type memVectors struct {
	mu       sync.Mutex
	byOwner  map[schema.Owner]map[string][]float32
	searched []schema.Owner
}

func newMemVectors() *memVectors {
	return &memVectors{byOwner: map[schema.Owner]map[string][]float32{}}
}

func (m *memVectors) Ping(context.Context) error                { return nil }
func (m *memVectors) Ensure(context.Context, string, int) error { return nil }
func (m *memVectors) Upsert(_ context.Context, owner schema.Owner, recs []retrieval.VectorRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byOwner[owner] == nil {
		m.byOwner[owner] = map[string][]float32{}
	}
	for _, r := range recs {
		m.byOwner[owner][r.ID] = r.Vector
	}
	return nil
}
func (m *memVectors) Search(_ context.Context, owner schema.Owner, v []float32, limit int) ([]retrieval.VectorHit, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.searched = append(m.searched, owner)
	var hits []retrieval.VectorHit
	for id, w := range m.byOwner[owner] {
		var dot float64
		for i := range v {
			dot += float64(v[i]) * float64(w[i])
		}
		hits = append(hits, retrieval.VectorHit{ID: id, Score: dot / (norm(v) * norm(w))})
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		return hits[i].ID < hits[j].ID
	})
	return hits[:min(limit, len(hits))], nil
}
func (m *memVectors) Delete(context.Context, schema.Owner, []string) error { return nil }

func norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return 1
	}
	return sqrt(s)
}

func sqrt(x float64) float64 {
	z := x
	for range 30 {
		z = (z + x/z) / 2
	}
	return z
}

// entityHarness runs jobs through a pipeline with entity vectors.
type entityHarness struct {
	t     *testing.T
	store graph.Store
	p     *ingest.Pipeline
}

func newEntityHarness(t *testing.T, store graph.Store, emb *tableEmbedder, entities retrieval.VectorStore) *entityHarness {
	t.Helper()
	cfg := ingest.Config{Graph: store, Extractor: mentionExtractor{}}
	if emb != nil {
		cfg.Embedder, cfg.Vectors, cfg.EntityVectors = emb, newMemVectors(), entities
	}
	p, err := ingest.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &entityHarness{t: t, store: store, p: p}
}

// refs creates one job per text for owner.
func (h *entityHarness) refs(owner schema.Owner, texts ...string) []schema.JobRef {
	h.t.Helper()
	ctx := h.t.Context()
	var refs []schema.JobRef
	for _, text := range texts {
		now := time.Now().UTC()
		doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: text, CreatedAt: now, SaidAt: now}
		job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: now}
		if err := h.store.CreateDocumentJob(ctx, owner, doc, job); err != nil {
			h.t.Fatal(err)
		}
		if err := h.store.MarkPublished(ctx, owner, job.ID); err != nil {
			h.t.Fatal(err)
		}
		refs = append(refs, schema.JobRef{Owner: owner, JobID: job.ID})
	}
	return refs
}

// run processes texts as one batch of owner's jobs.
func (h *entityHarness) run(owner schema.Owner, texts ...string) {
	h.t.Helper()
	if err := h.p.ProcessBatch(h.t.Context(), h.refs(owner, texts...)); err != nil {
		h.t.Fatalf("ProcessBatch: %v", err)
	}
}

// entities lists owner's entities as "name (aliases)".
func (h *entityHarness) entities(owner schema.Owner) []string {
	h.t.Helper()
	es, err := h.store.ListEntities(h.t.Context(), owner, "", "", graph.MaxPage, graph.EntityCursor{})
	if err != nil {
		h.t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		al := slices.Clone(e.Aliases)
		slices.Sort(al)
		out = append(out, e.Name+" ("+strings.Join(al, ", ")+")")
	}
	return out
}

func TestEntitiesResolvedByMeaning(t *testing.T) {
	store := neo4jtest.Open(t)
	owner, other := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))

	t.Run("a stored entity, in a later batch", func(t *testing.T) {
		emb, vecs := newTableEmbedder(), newMemVectors()
		h := newEntityHarness(t, store, emb, vecs)
		// The other owner has Revamp too: never found for owner.
		h.run(other, "Revamp/project")
		h.run(owner, "Revamp/project; Pilot/project")
		h.run(owner, "Overhaul/project")
		if got, want := h.entities(owner), []string{"Pilot ()", "Revamp (Overhaul)"}; !slices.Equal(got, want) {
			t.Errorf("entities = %q, want %q (Overhaul an alias of Revamp)", got, want)
		}
		if got, want := h.entities(other), []string{"Revamp ()"}; !slices.Equal(got, want) {
			t.Errorf("the other owner's entities = %q, want %q", got, want)
		}
		for _, o := range vecs.searched {
			if o != owner && o != other {
				t.Errorf("searched entity vectors of %s", o)
			}
		}
		// Only the entities each batch created have vectors, under their
		// owner; names are embedded as queries, claims as passages.
		if n := len(vecs.byOwner[owner]); n != 2 {
			t.Errorf("owner has %d entity vectors, want 2 (Revamp, Pilot)", n)
		}
		if !slices.Contains(emb.queries, "Overhaul") || slices.Contains(emb.passages, "Overhaul") {
			t.Errorf("Overhaul embedded as queries %v, passages %v; want a query", emb.queries, emb.passages)
		}
	})

	t.Run("isolation", func(t *testing.T) {
		emb, vecs := newTableEmbedder(), newMemVectors()
		h := newEntityHarness(t, store, emb, vecs)
		lone, neighbour := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
		h.run(neighbour, "Revamp/project")
		h.run(lone, "Overhaul/project")
		if got, want := h.entities(lone), []string{"Overhaul ()"}; !slices.Equal(got, want) {
			t.Errorf("entities = %q, want %q: another owner's Revamp is not a candidate", got, want)
		}
		for _, o := range vecs.searched {
			if o != lone && o != neighbour {
				t.Errorf("searched the entity vectors of %s", o)
			}
		}
		if !slices.Contains(vecs.searched, lone) {
			t.Errorf("searched %v; want lone's vectors searched for Overhaul", vecs.searched)
		}
	})

	t.Run("within one batch", func(t *testing.T) {
		emb, vecs := newTableEmbedder(), newMemVectors()
		h := newEntityHarness(t, store, emb, vecs)
		o := schema.Owner(schema.NewID("usr_"))
		h.run(o, "Revamp/project", "Overhaul/project")
		if got, want := h.entities(o), []string{"Revamp (Overhaul)"}; !slices.Equal(got, want) {
			t.Errorf("entities = %q, want %q", got, want)
		}
	})

	t.Run("people never", func(t *testing.T) {
		emb, vecs := newTableEmbedder(), newMemVectors()
		h := newEntityHarness(t, store, emb, vecs)
		o := schema.Owner(schema.NewID("usr_"))
		h.run(o, "Sarah/person")
		h.run(o, "Sara/person")
		h.run(o, "Sara")
		if got, want := h.entities(o), []string{"Sara ()", "Sarah ()"}; !slices.Equal(got, want) {
			t.Errorf("entities = %q, want %q: people are not merged by meaning", got, want)
		}
	})

	t.Run("proper names and identifiers are neither embedded nor stored", func(t *testing.T) {
		emb, vecs := newTableEmbedder(), newMemVectors()
		h := newEntityHarness(t, store, emb, vecs)
		o := schema.Owner(schema.NewID("usr_"))
		h.run(o, "Revamp/place; Sarah/person; Overhaul/organisation")
		h.run(o, "Sara/person; Bombay/place; cluster 7/system")
		if n := len(vecs.byOwner[o]); n != 0 {
			t.Errorf("owner has %d entity vectors, want none: people, places, organisations and names with digits are matched by name", n)
		}
		if len(emb.queries) != 0 {
			t.Errorf("embedded %q, want nothing", emb.queries)
		}
		if len(vecs.searched) != 0 {
			t.Errorf("searched entity vectors %v, want none", vecs.searched)
		}
	})

	t.Run("without entity vectors, lexical only", func(t *testing.T) {
		h := newEntityHarness(t, store, nil, nil)
		o := schema.Owner(schema.NewID("usr_"))
		h.run(o, "Revamp/project")
		h.run(o, "Overhaul/project")
		if got, want := h.entities(o), []string{"Overhaul ()", "Revamp ()"}; !slices.Equal(got, want) {
			t.Errorf("entities = %q, want %q", got, want)
		}
	})

	t.Run("a vector without its entity is ignored", func(t *testing.T) {
		emb, vecs := newTableEmbedder(), newMemVectors()
		h := newEntityHarness(t, store, emb, vecs)
		o := schema.Owner(schema.NewID("usr_"))
		// A batch that failed after writing vectors leaves a vector whose
		// entity the graph never got.
		_ = vecs.Upsert(t.Context(), o, []retrieval.VectorRecord{{ID: "ent_never_written", Vector: emb.vec("Revamp"), Text: "Revamp"}})
		h.run(o, "Overhaul/project")
		if got, want := h.entities(o), []string{"Overhaul ()"}; !slices.Equal(got, want) {
			t.Errorf("entities = %q, want %q", got, want)
		}
	})

	t.Run("reindex writes the vectors of every entity matched by meaning", func(t *testing.T) {
		emb := newTableEmbedder()
		o := schema.Owner(schema.NewID("usr_"))
		newEntityHarness(t, store, nil, nil).run(o, "Revamp/project; Pilot/project")
		vecs := newMemVectors()
		st, err := newEntityHarness(t, store, emb, vecs).p.Reindex(t.Context(), o)
		if err != nil {
			t.Fatal(err)
		}
		if st.Entities != 2 || len(vecs.byOwner[o]) != 2 {
			t.Errorf("reindex wrote %d entity vectors (stats %+v), want 2", len(vecs.byOwner[o]), st)
		}
		if !slices.Contains(emb.queries, "Revamp") {
			t.Errorf("reindex embedded names as queries %v; want Revamp among them", emb.queries)
		}
	})
}

// openWeaviate opens a collection of the real Weaviate of its own for e's
// vectors, dropped when the test ends.
func openWeaviate(t *testing.T, e embed.Embedder) *weaviate.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	vs, err := weaviate.Open(ctx, weaviate.Config{URL: testenv.Get("WEAVIATE_URL"), GRPC: testenv.Get("WEAVIATE_GRPC"), Collection: vectortest.UniqueCollection()})
	if errors.Is(err, schema.ErrUnavailable) {
		testenv.Unavailable(t, "weaviate at %s: %v", testenv.Get("WEAVIATE_URL"), err)
	}
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = vs.Drop(context.Background()) })
	if err := vs.Ensure(t.Context(), e.Model(), e.Dims()); err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestEntityVectorsInWeaviate runs resolution by meaning against the real
// Weaviate (a collection of its own, dropped afterwards) and Neo4j.
func TestEntityVectorsInWeaviate(t *testing.T) {
	store := neo4jtest.Open(t)
	emb := newTableEmbedder()
	vs := openWeaviate(t, emb)
	h := newEntityHarness(t, store, emb, vs)
	owner, other := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
	h.run(other, "Revamp/project")
	h.run(owner, "Pilot/project")
	h.run(owner, "Overhaul/project")
	if got, want := h.entities(owner), []string{"Overhaul ()", "Pilot ()"}; !slices.Equal(got, want) {
		t.Errorf("entities = %q, want %q: another owner's Revamp is never found", got, want)
	}
	h.run(owner, "Revamp/project")
	if got, want := h.entities(owner), []string{"Overhaul (Revamp)", "Pilot ()"}; !slices.Equal(got, want) {
		t.Errorf("entities = %q, want %q: Revamp resolved to the stored Overhaul by meaning", got, want)
	}
	hits, err := vs.Search(t.Context(), owner, emb.vec("Overhaul"), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 2 {
		t.Errorf("owner's entity vectors: %+v, want Overhaul's and Pilot's", hits)
	}
	// A redelivered batch writes the same vectors again.
	h.run(owner, "Pilot/project")
	if again, err := vs.Search(t.Context(), owner, emb.vec("Overhaul"), 10); err != nil || len(again) != 2 {
		t.Errorf("after a repeat: %+v, %v; want the same two vectors", again, err)
	}
}

// failingVectors is memVectors whose Upsert fails while fail is set.
type failingVectors struct {
	*memVectors
	fail bool
}

func (f *failingVectors) Upsert(ctx context.Context, owner schema.Owner, recs []retrieval.VectorRecord) error {
	if f.fail {
		return errors.New("vector store down")
	}
	return f.memVectors.Upsert(ctx, owner, recs)
}

// TestNoJobCompletedWithoutItsVectors checks that the completing
// transaction, written while the vectors are, commits only once they are
// stored: a batch whose vectors fail completes nothing, and its retry
// writes the memories and their vectors.
func TestNoJobCompletedWithoutItsVectors(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	vs := &failingVectors{memVectors: newMemVectors(), fail: true}
	p, err := ingest.New(ingest.Config{Graph: store, Extractor: mentionExtractor{}, Embedder: newTableEmbedder(), Vectors: vs})
	if err != nil {
		t.Fatal(err)
	}
	h := &entityHarness{t: t, store: store, p: p}
	owner := schema.Owner(schema.NewID("usr_"))
	refs := h.refs(owner, "Lisbon/place", "Porto/place")
	if err := p.ProcessBatch(ctx, refs); err == nil {
		t.Fatal("ProcessBatch with the vector store down succeeded")
	}
	for _, r := range refs {
		j, err := store.Job(ctx, owner, r.JobID)
		if err != nil || j.State == schema.JobCompleted || len(j.MemoryIDs) != 0 {
			t.Errorf("job %s after its vectors failed: %+v, %v; want it not completed", r.JobID, j, err)
		}
	}
	if hits, err := store.SearchMemories(ctx, owner, "Lisbon Porto", 10); err != nil || len(hits) != 0 {
		t.Errorf("memories after the vectors failed: %+v, %v; want none", hits, err)
	}
	vs.fail = false
	if err := p.ProcessBatch(ctx, refs); err != nil {
		t.Fatalf("ProcessBatch again: %v", err)
	}
	for _, r := range refs {
		j, err := store.Job(ctx, owner, r.JobID)
		if err != nil || j.State != schema.JobCompleted || len(j.MemoryIDs) != 1 {
			t.Fatalf("job %s: %+v, %v; want completed with one memory", r.JobID, j, err)
		}
		if vs.byOwner[owner][j.MemoryIDs[0]] == nil {
			t.Errorf("memory %s of job %s completed without its vector", j.MemoryIDs[0], r.JobID)
		}
	}
}
