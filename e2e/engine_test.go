package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

func (s *service) remember(t *testing.T, text string) schema.Job {
	t.Helper()
	var j jobResp
	if code := s.call(t, "POST", "/api/v1/memories", map[string]string{"text": text}, &j); code != http.StatusAccepted {
		t.Fatalf("remember %q: %d", text, code)
	}
	return s.waitJob(t, j.JobID, 60*time.Second)
}

// TestSecretsAreRedactedBeforeStorage: the job says what kind was removed;
// the value is stored nowhere and never echoed.
func TestSecretsAreRedactedBeforeStorage(t *testing.T) {
	s := startService(t, nil)
	const key = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"
	job := s.remember(t, "The staging deploy uses the OpenAI key "+key+" for the summariser.")
	if job.State != schema.JobCompleted || len(job.Redacted) == 0 {
		t.Fatalf("job = %+v, want completed with a redaction recorded", job)
	}
	var r searchResp
	s.call(t, "POST", "/api/v1/search", map[string]any{"query": "staging deploy summariser key"}, &r)
	for _, it := range r.Items {
		if strings.Contains(it.Memory.Claim, key) || strings.Contains(it.Memory.Excerpt, key) {
			t.Fatalf("the secret was stored: %+v", it.Memory)
		}
	}
	if n := countWithText(t, s.user, key); n != 0 {
		t.Fatalf("%d nodes hold the secret", n)
	}
}

// TestSupersessionConflictAndDedup: a correction supersedes and keeps
// history; the same claim again reinforces instead of making a twin; an
// unsettled contradiction opens a conflict that the person resolves.
func TestSupersessionConflictAndDedup(t *testing.T) {
	s := startService(t, nil)
	first := s.remember(t, "The ledger version is 0.9.6.")
	if len(first.MemoryIDs) != 1 {
		t.Fatalf("first = %+v", first)
	}
	old := first.MemoryIDs[0]
	second := s.remember(t, "Actually, the ledger version is 0.9.7.")
	if len(second.MemoryIDs) != 1 {
		t.Fatalf("second = %+v", second)
	}
	var tl struct {
		Items []struct {
			Memory schema.Memory `json:"memory"`
		} `json:"items"`
	}
	if code := s.call(t, "GET", "/api/v1/memories/"+second.MemoryIDs[0]+"/timeline", nil, &tl); code != 200 || len(tl.Items) != 2 {
		t.Fatalf("timeline %d %+v", code, tl)
	}
	if tl.Items[0].Memory.ID != old || tl.Items[0].Memory.State != schema.StateSuperseded || tl.Items[0].Memory.ValidTo == nil {
		t.Fatalf("the old version is not superseded with a valid_to: %+v", tl.Items[0].Memory)
	}
	// Current truth by default.
	var r searchResp
	s.call(t, "POST", "/api/v1/search", map[string]any{"query": "ledger version"}, &r)
	for _, it := range r.Items {
		if it.Memory.ID == old {
			t.Fatal("a superseded memory was returned without includeHistory")
		}
	}
	// The same claim again reinforces.
	before := countMemories(t, s.user)
	again := s.remember(t, "Actually, the ledger version is 0.9.7.")
	if len(again.MemoryIDs) != 0 || countMemories(t, s.user) != before {
		t.Fatalf("a duplicate made a twin: %+v", again)
	}
	var d struct {
		EvidenceCount int `json:"evidenceCount"`
	}
	s.call(t, "GET", "/api/v1/memories/"+second.MemoryIDs[0], nil, &d)
	if d.EvidenceCount != 2 {
		t.Fatalf("evidence count = %d, want 2", d.EvidenceCount)
	}
	// A contradiction with nothing to settle it.
	s.remember(t, "Maria lives in Lisbon.")
	s.remember(t, "Maria lives in Porto.")
	var cs struct {
		Items []schema.Conflict `json:"items"`
	}
	if code := s.call(t, "GET", "/api/v1/conflicts", nil, &cs); code != 200 || len(cs.Items) != 1 {
		t.Fatalf("conflicts %d %+v", code, cs)
	}
	cf := cs.Items[0]
	var e errResp
	if code := s.call(t, "POST", "/api/v1/conflicts/"+cf.ID+"/resolve", map[string]any{"action": "maybe"}, &e); code != 400 {
		t.Fatalf("bad action: %d", code)
	}
	var resolved schema.Conflict
	if code := s.call(t, "POST", "/api/v1/conflicts/"+cf.ID+"/resolve", map[string]any{"action": "keep", "keepId": cf.MemoryIDs[1], "reason": "she moved"}, &resolved); code != 200 || resolved.State != schema.ConflictResolved {
		t.Fatalf("resolve: %d %+v", code, resolved)
	}
	if code := s.call(t, "POST", "/api/v1/conflicts/"+cf.ID+"/resolve", map[string]any{"action": "dismiss"}, &e); code != 409 {
		t.Fatalf("resolving twice: %d", code)
	}
}

// TestConversationAppend: both turns of an exchange are stored, searchable
// as said, and extracted together.
func TestConversationAppend(t *testing.T) {
	s := startService(t, nil)
	conv := fmt.Sprintf("conv-%d", time.Now().UnixNano())
	said := time.Date(2023, 5, 8, 13, 56, 0, 0, time.UTC)
	var a struct {
		JobID      string        `json:"jobId"`
		Extracting bool          `json:"extracting"`
		Turns      []schema.Turn `json:"turns"`
	}
	code := s.call(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"messages": []map[string]any{
		{"role": "user", "author": "Caroline", "content": "I went to the LGBTQ support group yesterday and it was powerful.", "timestamp": said, "sourceId": "D1:3"},
		{"role": "user", "author": "Melanie", "content": "That's great! I'm painting a sunrise this week.", "timestamp": said.Add(time.Second), "sourceId": "D1:4"},
	}}, &a)
	if code != http.StatusAccepted || !a.Extracting || len(a.Turns) != 2 {
		t.Fatalf("append: %d %+v", code, a)
	}
	job := s.waitJob(t, a.JobID, 60*time.Second)
	if job.State != schema.JobCompleted || len(job.MemoryIDs) == 0 {
		t.Fatalf("job %+v", job)
	}
	var hits struct {
		Results []struct {
			Turn schema.Turn `json:"turn"`
		} `json:"results"`
	}
	if code := s.call(t, "POST", "/api/v1/search/conversations", map[string]any{"query": "support group"}, &hits); code != 200 || len(hits.Results) == 0 {
		t.Fatalf("turn search: %d %+v", code, hits)
	}
	h := hits.Results[0].Turn
	if h.ConversationID != conv || h.SourceID != "D1:3" || !h.SaidAt.Equal(said) || h.Author != "Caroline" {
		t.Fatalf("hit = %+v", h)
	}
	// The event keeps its date: "yesterday" against the turn's timestamp.
	var d struct {
		Memory schema.Memory `json:"memory"`
	}
	found := false
	for _, id := range job.MemoryIDs {
		s.call(t, "GET", "/api/v1/memories/"+id, nil, &d)
		if strings.Contains(d.Memory.Claim, "support group") && d.Memory.ValidFrom != nil && d.Memory.ValidFrom.Format("2006-01-02") == "2023-05-07" {
			found = true
		}
	}
	if !found {
		t.Fatalf("no memory of the support group dated 2023-05-07 among %v", job.MemoryIDs)
	}
	var e errResp
	if code := s.call(t, "POST", "/api/v1/conversations/bad id!/messages", map[string]any{"messages": []map[string]any{{"role": "user", "content": "hi there all"}}}, &e); code != 400 && code != 404 {
		t.Fatalf("bad conversation id: %d", code)
	}
	if code := s.call(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"messages": []map[string]any{{"role": "robot", "content": "hi there all"}}}, &e); code != 400 || !strings.Contains(e.Error.Message, "role") {
		t.Fatalf("bad role: %d %+v", code, e)
	}
}

// TestListMemoriesPages: browse newest first; a missing nextCursor means stop.
func TestListMemoriesPages(t *testing.T) {
	s := startService(t, nil)
	for _, text := range []string{"We decided to adopt trunk-based development.", "Kai prefers morning standups.", "The staging cluster has 12 nodes."} {
		s.remember(t, text)
	}
	var ids []string
	cursor := ""
	for page := 0; page < 5; page++ {
		var l struct {
			Items []struct {
				ID    string `json:"id"`
				Title string `json:"title"`
			} `json:"items"`
			NextCursor string `json:"nextCursor"`
		}
		path := "/api/v1/memories?limit=2"
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		if code := s.call(t, "GET", path, nil, &l); code != 200 {
			t.Fatalf("list: %d", code)
		}
		for _, it := range l.Items {
			ids = append(ids, it.ID)
		}
		if l.NextCursor == "" {
			break
		}
		cursor = l.NextCursor
	}
	if len(ids) != 3 {
		t.Fatalf("listed %v, want 3 memories", ids)
	}
	var e errResp
	if code := s.call(t, "GET", "/api/v1/memories?type=rumour", nil, &e); code != 400 || !strings.Contains(e.Error.Message, "type") {
		t.Fatalf("bad type: %d %+v", code, e)
	}
	if code := s.call(t, "GET", "/api/v1/memories?cursor=garbage", nil, &e); code != 400 || !strings.Contains(e.Error.Message, "cursor") {
		t.Fatalf("bad cursor: %d %+v", code, e)
	}
	var d struct {
		Items []schema.Memory `json:"items"`
	}
	if code := s.call(t, "GET", "/api/v1/memories?type=decision", nil, &d); code != 200 || len(d.Items) != 1 || d.Items[0].Type != schema.TypeDecision {
		t.Fatalf("decisions: %d %+v", code, d)
	}
	// What was ingested, before extraction, and where it came from.
	var docs struct {
		Items []struct {
			ID       string `json:"id"`
			JobState string `json:"jobState"`
			Bytes    int    `json:"bytes"`
		} `json:"items"`
	}
	if code := s.call(t, "GET", "/api/v1/documents", nil, &docs); code != 200 || len(docs.Items) != 3 || docs.Items[0].JobState != "completed" || docs.Items[0].Bytes == 0 {
		t.Fatalf("documents: %d %+v", code, docs)
	}
	var doc schema.Document
	if code := s.call(t, "GET", "/api/v1/documents/"+docs.Items[0].ID, nil, &doc); code != 200 || doc.Text == "" {
		t.Fatalf("document: %d %+v", code, doc)
	}
	var srcs struct {
		Items []struct {
			Documents int    `json:"documents"`
			Access    string `json:"access"`
		} `json:"items"`
	}
	if code := s.call(t, "GET", "/api/v1/sources", nil, &srcs); code != 200 || len(srcs.Items) != 1 || srcs.Items[0].Documents != 3 || srcs.Items[0].Access != "owner" {
		t.Fatalf("sources: %d %+v", code, srcs)
	}
	if code := s.call(t, "POST", "/api/v1/integrations/google/sync", map[string]any{}, &e); code != 409 || !strings.Contains(e.Error.Message, "not configured") {
		t.Fatalf("sync of an unconfigured integration: %d %+v", code, e)
	}
}

// TestEntitiesAreResolvedAndListed: the same person named twice is one
// entity; the listing finds it by a fragment of its name.
func TestEntitiesAreResolvedAndListed(t *testing.T) {
	s := startService(t, nil)
	s.remember(t, "Maria Gonzalez moved to Lisbon in 2021.")
	s.remember(t, "Maria Gonzalez prefers tea over coffee.")
	var l struct {
		Items []schema.Entity `json:"items"`
	}
	if code := s.call(t, "GET", "/api/v1/entities?q=gonz", nil, &l); code != 200 {
		t.Fatalf("list entities: %d", code)
	}
	if len(l.Items) != 1 || l.Items[0].Kind != schema.KindPerson {
		t.Fatalf("entities matching gonz = %+v, want one person", l.Items)
	}
	var d struct {
		Memories []schema.Memory `json:"memories"`
	}
	if code := s.call(t, "GET", "/api/v1/entities/"+l.Items[0].ID, nil, &d); code != 200 || len(d.Memories) != 2 {
		t.Fatalf("entity detail: %d, %d memories (want 2)", code, len(d.Memories))
	}
	var e errResp
	if code := s.call(t, "GET", "/api/v1/entities?kind=dragon", nil, &e); code != 400 {
		t.Fatalf("bad kind: %d", code)
	}
	var sg struct {
		Nodes []struct{ ID, Kind string } `json:"nodes"`
	}
	if code := s.call(t, "GET", "/api/v1/graph/neighbours?depth=1&entityId="+l.Items[0].ID, nil, &sg); code != 200 || len(sg.Nodes) < 3 {
		t.Fatalf("neighbours: %d %+v", code, sg)
	}
	if code := s.call(t, "GET", "/api/v1/graph/neighbours?depth=9&entityId="+l.Items[0].ID, nil, &e); code != 400 || !strings.Contains(e.Error.Message, "depth") {
		t.Fatalf("too deep: %d %+v", code, e)
	}
	if code := s.call(t, "GET", "/api/v1/graph/neighbours?entityId=ent_missing0000000000", nil, &e); code != 404 {
		t.Fatalf("unknown entity: %d", code)
	}
}
