package mcp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// fakeGraph implements the graph.Store methods the tools call, per owner:
// an id of another owner reads as missing, as the contract says. The
// embedded nil Store makes any other call panic, which is the point.
// ResolveConflict and ConfirmMemory fail the test: no tool may record a
// person's decision.
type fakeGraph struct {
	graph.Store
	t *testing.T

	mu        sync.Mutex
	mems      map[schema.Owner][]schema.Memory
	spaces    map[schema.Owner][]schema.Space
	conflicts map[schema.Owner][]graph.ConflictDetail
	jobs      map[schema.Owner][]graph.JobSummary
	turns     map[schema.Owner][]schema.Turn
	created   map[schema.Owner][]schema.Document
	usage     map[schema.Owner]schema.UsageReport
	uploads   map[string]fakeUpload
	cancelled map[schema.Owner]map[string]time.Time
	// searchedIn records the space ids of every SearchMemoriesIn call.
	searchedIn [][]string
}

func newFakeGraph(t *testing.T) *fakeGraph {
	return &fakeGraph{t: t,
		mems: map[schema.Owner][]schema.Memory{}, spaces: map[schema.Owner][]schema.Space{},
		conflicts: map[schema.Owner][]graph.ConflictDetail{}, jobs: map[schema.Owner][]graph.JobSummary{},
		turns: map[schema.Owner][]schema.Turn{}, created: map[schema.Owner][]schema.Document{},
		uploads: map[string]fakeUpload{}, cancelled: map[schema.Owner]map[string]time.Time{}, usage: map[schema.Owner]schema.UsageReport{},
	}
}

func (g *fakeGraph) memory(owner schema.Owner, id string) (schema.Memory, bool) {
	for _, m := range g.mems[owner] {
		if m.ID == id {
			return m, true
		}
	}
	return schema.Memory{}, false
}

// matches is the fake's full-text match: any word of q in text.
func matches(text, q string) bool {
	for w := range strings.FieldsSeq(strings.ToLower(q)) {
		if strings.Contains(strings.ToLower(text), w) {
			return true
		}
	}
	return false
}

func (g *fakeGraph) SearchMemories(ctx context.Context, owner schema.Owner, q string, limit int) ([]graph.Hit, error) {
	return g.SearchMemoriesIn(ctx, owner, nil, q, limit)
}

func (g *fakeGraph) SearchMemoriesIn(_ context.Context, owner schema.Owner, spaces []string, q string, limit int) ([]graph.Hit, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if spaces != nil {
		g.searchedIn = append(g.searchedIn, spaces)
	}
	var hits []graph.Hit
	for _, m := range g.mems[owner] {
		if (len(spaces) == 0 || slices.Contains(spaces, m.SpaceID)) && matches(m.Claim, q) && len(hits) < limit {
			hits = append(hits, graph.Hit{ID: m.ID, Score: 1})
		}
	}
	return hits, nil
}

func (g *fakeGraph) Memories(_ context.Context, owner schema.Owner, ids []string) ([]schema.Memory, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []schema.Memory
	for _, id := range ids {
		if m, ok := g.memory(owner, id); ok {
			out = append(out, m)
		}
	}
	return out, nil
}

func (g *fakeGraph) Document(_ context.Context, owner schema.Owner, id string) (schema.Document, error) {
	return schema.Document{}, fmt.Errorf("document %s: %w", id, schema.ErrNotFound)
}

func (g *fakeGraph) Documents(context.Context, schema.Owner, []string) ([]schema.Document, error) {
	return nil, nil
}

func (g *fakeGraph) MemoryDetail(_ context.Context, owner schema.Owner, id string) (graph.MemoryDetail, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	m, ok := g.memory(owner, id)
	if !ok {
		return graph.MemoryDetail{}, fmt.Errorf("memory %s: %w", id, schema.ErrNotFound)
	}
	return graph.MemoryDetail{Memory: m, EvidenceCount: 1, Evidence: []graph.Evidence{{DocumentID: m.DocumentID, Excerpt: m.Excerpt, SaidAt: m.RecordedAt}}, Entities: []schema.Entity{}, Conflicts: []schema.Conflict{}}, nil
}

func (g *fakeGraph) Timeline(_ context.Context, owner schema.Owner, id string) ([]graph.TimelineEntry, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	m, ok := g.memory(owner, id)
	if !ok {
		return nil, fmt.Errorf("memory %s: %w", id, schema.ErrNotFound)
	}
	var out []graph.TimelineEntry
	for {
		out = append([]graph.TimelineEntry{{Memory: m}}, out...)
		prev, ok := g.memory(owner, m.SupersedesID)
		if m.SupersedesID == "" || !ok {
			return out, nil
		}
		out[0].Supersedes = []string{prev.ID}
		out[0].Changes = []graph.Change{{Field: "value", Before: prev.Value, After: m.Value}}
		m = prev
	}
}

func (g *fakeGraph) ConfirmMemory(context.Context, schema.Owner, string) (schema.Memory, error) {
	g.t.Error("ConfirmMemory was called: a connected app must not confirm a memory")
	return schema.Memory{}, schema.ErrForbidden
}

func (g *fakeGraph) ResolveConflict(context.Context, schema.Owner, string, graph.ResolveAction, string, string) (schema.Conflict, error) {
	g.t.Error("ResolveConflict was called: a connected app must not settle a conflict")
	return schema.Conflict{}, schema.ErrForbidden
}

func (g *fakeGraph) Conflicts(_ context.Context, owner schema.Owner, state schema.ConflictState, limit int, after string) ([]schema.Conflict, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []schema.Conflict
	for _, d := range g.conflicts[owner] {
		if (state == "" || d.Conflict.State == state) && len(out) < limit {
			out = append(out, d.Conflict)
		}
	}
	return out, nil
}

func (g *fakeGraph) Conflict(_ context.Context, owner schema.Owner, id string) (graph.ConflictDetail, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, d := range g.conflicts[owner] {
		if d.Conflict.ID == id {
			return d, nil
		}
	}
	return graph.ConflictDetail{}, fmt.Errorf("conflict %s: %w", id, schema.ErrNotFound)
}

func (g *fakeGraph) EnsurePersonalSpace(_ context.Context, owner schema.Owner) (schema.Space, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	id := graph.PersonalSpaceID(owner)
	for _, sp := range g.spaces[owner] {
		if sp.ID == id {
			return sp, nil
		}
	}
	sp := schema.Space{ID: id, Name: "Personal", Personal: true}
	g.spaces[owner] = append([]schema.Space{sp}, g.spaces[owner]...)
	return sp, nil
}

func (g *fakeGraph) Spaces(_ context.Context, owner schema.Owner) ([]schema.Space, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.spaces[owner]), nil
}

func (g *fakeGraph) Space(_ context.Context, owner schema.Owner, id string) (schema.Space, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, sp := range g.spaces[owner] {
		if sp.ID == id {
			return sp, nil
		}
	}
	return schema.Space{}, fmt.Errorf("space %s: %w", id, schema.ErrNotFound)
}

func (g *fakeGraph) RecentJobs(_ context.Context, owner schema.Owner, limit int, before time.Time) ([]graph.JobSummary, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	js := g.jobs[owner]
	return slices.Clone(js[:min(limit, len(js))]), nil
}

func (g *fakeGraph) UsageReport(_ context.Context, owner schema.Owner, since time.Time) (schema.UsageReport, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	rep, ok := g.usage[owner]
	if !ok {
		rep = schema.UsageReport{Models: []schema.ModelUsage{}, Total: schema.ModelUsage{Model: "all"}}
	}
	rep.Since = since
	return rep, nil
}

func (g *fakeGraph) SearchTurns(_ context.Context, owner schema.Owner, q string, limit int) ([]graph.TurnHit, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []graph.TurnHit
	for _, t := range g.turns[owner] {
		if matches(t.Text, q) && len(out) < limit {
			out = append(out, graph.TurnHit{Turn: t, Score: 2})
		}
	}
	return out, nil
}

func (g *fakeGraph) CreateDocumentJob(_ context.Context, owner schema.Owner, doc schema.Document, job schema.Job) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.created[owner] = append(g.created[owner], doc)
	return nil
}

func (g *fakeGraph) MarkPublished(context.Context, schema.Owner, string) error { return nil }

func (g *fakeGraph) SystemMarkPublished(context.Context, []schema.JobRef) error { return nil }

func (g *fakeGraph) lastCreated(owner schema.Owner) schema.Document {
	g.mu.Lock()
	defer g.mu.Unlock()
	docs := g.created[owner]
	if len(docs) == 0 {
		g.t.Fatalf("nothing was handed to the pipeline for %s", owner)
	}
	return docs[len(docs)-1]
}

// noExtractor extracts nothing; the tools never run extraction.
type noExtractor struct{}

func (noExtractor) Extract(context.Context, schema.Document) ([]schema.Memory, error) {
	return nil, nil
}

// fakeQueue accepts every job.
type fakeQueue struct {
	mu        sync.Mutex
	published []schema.JobRef
}

func (q *fakeQueue) Publish(_ context.Context, ref schema.JobRef) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.published = append(q.published, ref)
	return nil
}

func (q *fakeQueue) Consume(ctx context.Context, _ func(context.Context, schema.JobRef) error, _ func(context.Context, schema.JobRef, error)) error {
	<-ctx.Done()
	return nil
}
func (q *fakeQueue) Ping(context.Context) error { return nil }
func (q *fakeQueue) Close() error               { return nil }

// services wires the fakes; withQueue false leaves the pipeline without a
// queue, so remember refuses.
func services(t *testing.T, g *fakeGraph, withQueue bool) Services {
	t.Helper()
	cfg := ingest.Config{Graph: g, Extractor: noExtractor{}}
	if withQueue {
		cfg.Queue = &fakeQueue{}
	}
	p, err := ingest.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return Services{Graph: g, Pipeline: p, Searcher: &retrieval.Searcher{Graph: g}, State: NewState()}
}

// connectTo runs a server for svc and caller over the SDK's in-memory
// transports.
func connectTo(t *testing.T, svc Services, caller Caller) *gomcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := gomcp.NewInMemoryTransports()
	ss, err := NewServer(svc, caller).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := gomcp.NewClient(&gomcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// result is a tool's answer: its text, and whether it is a tool error.
type result struct {
	text  string
	isErr bool
}

// call calls a tool; a protocol error fails the test.
func call(t *testing.T, cs *gomcp.ClientSession, name string, args map[string]any) result {
	t.Helper()
	if args == nil {
		args = map[string]any{}
	}
	res, err := cs.CallTool(context.Background(), &gomcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*gomcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return result{text: b.String(), isErr: res.IsError}
}

// ok calls a tool that must succeed and decodes its answer into out.
func ok(t *testing.T, cs *gomcp.ClientSession, name string, args map[string]any, out any) string {
	t.Helper()
	r := call(t, cs, name, args)
	if r.isErr {
		t.Fatalf("%s(%v): tool error %q", name, args, r.text)
	}
	if out != nil {
		if err := json.Unmarshal([]byte(r.text), out); err != nil {
			t.Fatalf("%s: %v in %s", name, err, r.text)
		}
	}
	return r.text
}

// fails calls a tool that must answer with a tool error containing each
// of want.
func fails(t *testing.T, cs *gomcp.ClientSession, name string, args map[string]any, want ...string) {
	t.Helper()
	r := call(t, cs, name, args)
	if !r.isErr {
		t.Fatalf("%s(%v) succeeded: %s", name, args, r.text)
	}
	for _, w := range want {
		if !strings.Contains(r.text, w) {
			t.Errorf("%s(%v) = %q; want it to contain %q", name, args, r.text, w)
		}
	}
}

type fakeUpload struct {
	owner schema.Owner
	graph.Upload
	claimed bool
}

func (g *fakeGraph) CreateUpload(_ context.Context, owner schema.Owner, u graph.Upload) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.uploads[u.ID]; ok {
		return fmt.Errorf("upload %s: %w", u.ID, schema.ErrConflict)
	}
	g.uploads[u.ID] = fakeUpload{owner: owner, Upload: u}
	return nil
}

func (g *fakeGraph) SystemReceiveUpload(_ context.Context, tokenHash string, r graph.UploadReceipt) (graph.Upload, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for id, u := range g.uploads {
		if u.TokenHash != tokenHash {
			continue
		}
		switch {
		case u.ReceivedAt != nil:
			return graph.Upload{}, fmt.Errorf("used: %w", schema.ErrConflict)
		case time.Now().After(u.ExpiresAt):
			return graph.Upload{}, fmt.Errorf("expired: %w", schema.ErrNotFound)
		}
		now := time.Now()
		sum := sha256.Sum256(r.Content)
		u.ReceivedAt, u.DeclaredSize, u.Size, u.SHA256, u.Refused = &now, r.DeclaredSize, int64(len(r.Content)), hex.EncodeToString(sum[:]), r.Refused
		u.Content = slices.Clone(r.Content)
		g.uploads[id] = u
		out := u.Upload
		out.Content = nil
		return out, nil
	}
	return graph.Upload{}, fmt.Errorf("token: %w", schema.ErrNotFound)
}

func (g *fakeGraph) Upload(_ context.Context, owner schema.Owner, id string) (graph.Upload, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	u, ok := g.uploads[id]
	if !ok || u.owner != owner {
		return graph.Upload{}, fmt.Errorf("upload %s: %w", id, schema.ErrNotFound)
	}
	out := u.Upload
	out.Content = slices.Clone(u.Content)
	return out, nil
}

func (g *fakeGraph) ClaimUpload(_ context.Context, owner schema.Owner, id string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	u, ok := g.uploads[id]
	switch {
	case !ok || u.owner != owner:
		return fmt.Errorf("upload %s: %w", id, schema.ErrNotFound)
	case u.ReceivedAt == nil:
		return fmt.Errorf("upload %s: %w", id, schema.ErrInvalid)
	case u.claimed || u.JobID != "":
		return fmt.Errorf("upload %s: %w", id, schema.ErrConflict)
	}
	u.claimed = true
	g.uploads[id] = u
	return nil
}

func (g *fakeGraph) FinishUpload(_ context.Context, owner schema.Owner, id, jobID string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	u, ok := g.uploads[id]
	if !ok || u.owner != owner {
		return fmt.Errorf("upload %s: %w", id, schema.ErrNotFound)
	}
	u.claimed = false
	if jobID != "" {
		now := time.Now()
		u.JobID, u.AttachedAt = jobID, &now
	}
	g.uploads[id] = u
	return nil
}

func (g *fakeGraph) ListMemories(_ context.Context, owner schema.Owner, f graph.MemoryFilter, limit int, after graph.MemoryCursor) ([]schema.Memory, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	ms := slices.Clone(g.mems[owner])
	slices.SortFunc(ms, func(a, b schema.Memory) int {
		if c := b.RecordedAt.Compare(a.RecordedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	var out []schema.Memory
	for _, m := range ms {
		if f.Type != "" && m.Type != f.Type || f.State != "" && m.State != f.State || f.SpaceID != "" && m.SpaceID != f.SpaceID {
			continue
		}
		if after.ID != "" && (m.RecordedAt.After(after.RecordedAt) || m.RecordedAt.Equal(after.RecordedAt) && m.ID >= after.ID) {
			continue
		}
		if len(out) < limit {
			out = append(out, m)
		}
	}
	return out, nil
}

func (g *fakeGraph) CancelReminder(_ context.Context, owner schema.Owner, id string) (time.Time, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.cancelled[owner] == nil {
		g.cancelled[owner] = map[string]time.Time{}
	}
	if at, ok := g.cancelled[owner][id]; ok {
		return at, nil
	}
	at := time.Now().UTC()
	g.cancelled[owner][id] = at
	return at, nil
}

func (g *fakeGraph) CancelledReminders(_ context.Context, owner schema.Owner, ids []string) (map[string]time.Time, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[string]time.Time{}
	for _, id := range ids {
		if at, ok := g.cancelled[owner][id]; ok {
			out[id] = at
		}
	}
	return out, nil
}
