package graphtest

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// appendTurns appends turns with a fresh document and job.
func appendTurns(t *testing.T, s graph.Store, owner schema.Owner, conv string, turns ...schema.Turn) ([]schema.Turn, schema.Document, schema.Job) {
	t.Helper()
	var texts []string
	for _, tn := range turns {
		texts = append(texts, tn.Author+": "+tn.Text)
	}
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: strings.Join(texts, "\n"), ContentHash: "h", Source: "chat", CreatedAt: ts}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), CreatedAt: ts}
	got, err := s.AppendTurns(t.Context(), owner, conv, turns, doc, job)
	if err != nil {
		t.Fatalf("AppendTurns: %v", err)
	}
	return got, doc, job
}

func testConversations(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	const conv = "D1"
	said := ts.Add(-time.Hour)
	turns, doc, job := appendTurns(t, s, owner, conv,
		schema.Turn{Author: "user", Text: "Where is the offsite this year?", SaidAt: said, SourceID: "D1:1"},
		schema.Turn{Author: "assistant", Text: "The offsite is in Lisbon in May.", SaidAt: said.Add(time.Minute), SourceID: "D1:2"})
	want := []schema.Turn{
		{ID: graph.TurnID(owner, conv, 1), ConversationID: conv, Seq: 1, Author: "user", Text: "Where is the offsite this year?", SaidAt: said, SourceID: "D1:1"},
		{ID: graph.TurnID(owner, conv, 2), ConversationID: conv, Seq: 2, Author: "assistant", Text: "The offsite is in Lisbon in May.", SaidAt: said.Add(time.Minute), SourceID: "D1:2"},
	}
	if diff := cmp.Diff(want, turns); diff != "" {
		t.Errorf("AppendTurns (-want +got):\n%s", diff)
	}
	gotDoc, err := s.Document(ctx, owner, doc.ID)
	if err != nil {
		t.Fatalf("Document: %v", err)
	}
	if gotDoc.ConversationID != conv || !gotDoc.SaidAt.Equal(said.Add(time.Minute)) || gotDoc.Text != doc.Text {
		t.Errorf("appended document = %+v, want the conversation and the last turn's time", gotDoc)
	}
	if j, err := s.Job(ctx, owner, job.ID); err != nil || j.State != schema.JobQueued || j.DocumentID != doc.ID {
		t.Errorf("appended job = %+v, %v", j, err)
	}

	// A caller-chosen id and seq; a stale seq is refused whole.
	custom := schema.NewID(graph.PrefixTurn)
	more, _, _ := appendTurns(t, s, owner, conv, schema.Turn{ID: custom, Seq: 3, Author: "user", Text: "Book flights to Lisbon."})
	if more[0].Seq != 3 || more[0].ID != custom || more[0].SaidAt.IsZero() {
		t.Errorf("third turn = %+v", more[0])
	}
	_, err = s.AppendTurns(ctx, owner, conv, []schema.Turn{{Seq: 3, Text: "again"}},
		schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "again"}, schema.Job{ID: schema.NewID(schema.PrefixJob)})
	wantErr(t, "AppendTurns with a taken seq", err, schema.ErrConflict)
	_, err = s.AppendTurns(ctx, owner, conv, []schema.Turn{{ID: custom, Text: "again"}},
		schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "again"}, schema.Job{ID: schema.NewID(schema.PrefixJob)})
	wantErr(t, "AppendTurns with a taken turn id", err, schema.ErrConflict)

	all, err := s.Turns(ctx, owner, conv, 0, 10)
	if err != nil {
		t.Fatalf("Turns: %v", err)
	}
	if len(all) != 3 || all[2].ID != custom {
		t.Fatalf("Turns = %+v, want 3 (the refused appends wrote nothing)", all)
	}
	if diff := cmp.Diff(want, all[:2]); diff != "" {
		t.Errorf("Turns (-want +got):\n%s", diff)
	}
	page, err := s.Turns(ctx, owner, conv, 1, 1)
	if err != nil || len(page) != 1 || page[0].Seq != 2 {
		t.Errorf("Turns after 1, limit 1 = %+v, %v", page, err)
	}
	_, err = s.Turns(ctx, owner, "nope", 0, 10)
	wantErr(t, "Turns of an unknown conversation", err, schema.ErrNotFound)

	hits, err := s.SearchTurns(ctx, owner, "offsite Lisbon", 10)
	if err != nil {
		t.Fatalf("SearchTurns: %v", err)
	}
	if len(hits) < 2 || hits[0].Turn.ID != want[1].ID || hits[0].Turn.ConversationID != conv || hits[0].Turn.SourceID != "D1:2" ||
		!hits[0].Turn.SaidAt.Equal(want[1].SaidAt) || hits[0].Score <= 0 {
		t.Errorf("SearchTurns = %+v, want the assistant's turn first with its conversation, source id and time", hits)
	}
	if hits, err := s.SearchTurns(ctx, owner, "*", 10); err != nil || len(hits) != 0 {
		t.Errorf("SearchTurns without words = %v, %v", hits, err)
	}

	// Memories extracted from the exchange rest on both turns.
	m := memory("The offsite is in Lisbon in May.")
	m.Excerpt = "offsite is in Lisbon in May"
	if _, _, err := s.StartJob(ctx, owner, job.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: []schema.Memory{m},
		MemoryTurns: map[string][]string{m.ID: {turns[0].ID, turns[1].ID}}}); err != nil {
		t.Fatalf("CompleteJob with turn evidence: %v", err)
	}
	d := detail(t, s, owner, m.ID)
	var turnIDs []string
	for _, e := range d.Evidence {
		if e.TurnID != "" {
			turnIDs = append(turnIDs, e.TurnID)
			if e.ConversationID != conv || e.Excerpt != m.Excerpt || e.SaidAt.IsZero() || e.Source == "" {
				t.Errorf("turn evidence = %+v", e)
			}
		}
	}
	if diff := cmp.Diff([]string{turns[0].ID, turns[1].ID}, turnIDs); diff != "" {
		t.Errorf("turn evidence, oldest first (-want +got):\n%s", diff)
	}
	if d.Memory.DocumentID != doc.ID {
		t.Errorf("memory's document = %s, want %s", d.Memory.DocumentID, doc.ID)
	}

	// Listing, newest first, page by page.
	other := newOwner()
	for _, id := range []string{"c1", "c2", "c3"} {
		appendTurns(t, s, other, id, schema.Turn{Author: "user", Text: "hello " + id})
	}
	list, err := s.Conversations(ctx, other, 2, "")
	if err != nil || len(list) != 2 || list[0].ID != "c3" || list[1].ID != "c2" || list[0].Turns != 1 || list[0].LastSaidAt.IsZero() {
		t.Errorf("Conversations = %+v, %v", list, err)
	}
	rest, err := s.Conversations(ctx, other, 2, list[1].ID)
	if err != nil || len(rest) != 1 || rest[0].ID != "c1" {
		t.Errorf("Conversations, second page = %+v, %v", rest, err)
	}
	_, err = s.Conversations(ctx, other, 2, "missing")
	wantErr(t, "Conversations after an unknown cursor", err, schema.ErrInvalid)
	mine, err := s.Conversations(ctx, owner, 10, "")
	if err != nil || len(mine) != 1 || mine[0].ID != conv || mine[0].Turns != 3 {
		t.Errorf("Conversations of the first owner = %+v, %v", mine, err)
	}

	// Turns by id and by the document that carried them, owner-scoped.
	otherTurns, otherDoc, _ := appendTurns(t, s, other, conv, schema.Turn{Author: "user", Text: "the same conversation id, another owner"})
	byID, err := s.TurnsByID(ctx, owner, []string{want[1].ID, otherTurns[0].ID, "trn_missing", want[0].ID})
	if err != nil {
		t.Fatalf("TurnsByID: %v", err)
	}
	if diff := cmp.Diff([]schema.Turn{want[1], want[0]}, byID); diff != "" {
		t.Errorf("TurnsByID, in the order given, without another owner's or a missing id (-want +got):\n%s", diff)
	}
	if got, err := s.TurnsByID(ctx, other, []string{want[0].ID}); err != nil || len(got) != 0 {
		t.Errorf("TurnsByID of another owner's turn = %+v, %v; want nothing", got, err)
	}
	_, err = s.TurnsByID(ctx, owner, []string{""})
	wantErr(t, "TurnsByID with an empty id", err, schema.ErrInvalid)
	_, err = s.TurnsByID(ctx, owner, make([]string, graph.MaxPage+1))
	wantErr(t, "TurnsByID over MaxPage", err, schema.ErrInvalid)

	// The turn before each turn, in its own conversation and owner.
	before, err := s.TurnsBefore(ctx, owner, []string{more[0].ID, want[0].ID, want[1].ID, otherTurns[0].ID, "trn_missing"})
	if err != nil {
		t.Fatalf("TurnsBefore: %v", err)
	}
	if diff := cmp.Diff(map[string]schema.Turn{more[0].ID: want[1], want[1].ID: want[0]}, before); diff != "" {
		t.Errorf("TurnsBefore, without a first turn, another owner's or a missing id (-want +got):\n%s", diff)
	}
	if got, err := s.TurnsBefore(ctx, other, []string{want[1].ID}); err != nil || len(got) != 0 {
		t.Errorf("TurnsBefore of another owner's turn = %+v, %v; want nothing", got, err)
	}
	_, err = s.TurnsBefore(ctx, owner, []string{""})
	wantErr(t, "TurnsBefore with an empty id", err, schema.ErrInvalid)
	_, err = s.TurnsBefore(ctx, owner, make([]string, graph.MaxPage+1))
	wantErr(t, "TurnsBefore over MaxPage", err, schema.ErrInvalid)
	// Both owners are listed for an operator's rebuild, in order.
	owners, err := s.SystemOwners(ctx)
	if err != nil {
		t.Fatalf("SystemOwners: %v", err)
	}
	if !slices.Contains(owners, owner) || !slices.Contains(owners, other) || !slices.IsSorted(owners) {
		t.Errorf("SystemOwners (%d owners) lacks %s or %s, or is not sorted", len(owners), owner, other)
	}
	carried, err := s.DocumentTurns(ctx, owner, []string{doc.ID, otherDoc.ID})
	if err != nil {
		t.Fatalf("DocumentTurns: %v", err)
	}
	if diff := cmp.Diff(map[string][]schema.Turn{doc.ID: want}, carried); diff != "" {
		t.Errorf("DocumentTurns, the turns each document carried, in order, not another owner's (-want +got):\n%s", diff)
	}
}

func testAppendTurnsInvalid(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	doc := func() schema.Document { return schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x"} }
	job := func() schema.Job { return schema.Job{ID: schema.NewID(schema.PrefixJob)} }
	one := []schema.Turn{{Author: "user", Text: "hi"}}
	_, err := s.AppendTurns(ctx, owner, "", one, doc(), job())
	wantErr(t, "AppendTurns without a conversation", err, schema.ErrInvalid)
	_, err = s.AppendTurns(ctx, owner, "a\x00b", one, doc(), job())
	wantErr(t, "AppendTurns with a control character in the id", err, schema.ErrInvalid)
	_, err = s.AppendTurns(ctx, owner, "c", nil, doc(), job())
	wantErr(t, "AppendTurns without turns", err, schema.ErrInvalid)
	_, err = s.AppendTurns(ctx, owner, "c", []schema.Turn{{Text: "\xff"}}, doc(), job())
	wantErr(t, "AppendTurns with invalid UTF-8", err, schema.ErrInvalid)
	d := doc()
	d.ConversationID = "other"
	_, err = s.AppendTurns(ctx, owner, "c", one, d, job())
	wantErr(t, "AppendTurns with a document of another conversation", err, schema.ErrInvalid)
	_, err = s.AppendTurns(ctx, owner, "c", make([]schema.Turn, graph.MaxTurnsPerAppend+1), doc(), job())
	wantErr(t, "AppendTurns with too many turns", err, schema.ErrTooLarge)
	_, err = s.Conversations(ctx, owner, 0, "")
	wantErr(t, "Conversations with limit 0", err, schema.ErrInvalid)
	if got, err := s.Conversations(ctx, owner, 10, ""); err != nil || len(got) != 0 {
		t.Errorf("refused appends created conversations: %+v, %v", got, err)
	}
}

// testAppendRace appends to one conversation from several goroutines:
// every turn gets its own number.
func testAppendRace(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			_, err := s.AppendTurns(ctx, owner, "race", []schema.Turn{{Author: "user", Text: "one"}, {Author: "user", Text: "two"}},
				schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "x"}, schema.Job{ID: schema.NewID(schema.PrefixJob)})
			if err != nil {
				t.Errorf("append %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	turns, err := s.Turns(ctx, owner, "race", 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var seqs []int
	for _, tn := range turns {
		seqs = append(seqs, tn.Seq)
	}
	want := make([]int, 16)
	for i := range want {
		want[i] = i + 1
	}
	if !slices.Equal(seqs, want) {
		t.Errorf("seqs after racing appends = %v, want 1..16", seqs)
	}
}

func testConversationIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	turns, _, _ := appendTurns(t, s, alice, "shared-name", schema.Turn{Author: "user", Text: "The safe code is in the blue folder."})
	_, err := s.Turns(ctx, bob, "shared-name", 0, 10)
	wantErr(t, "Turns of another owner's conversation", err, schema.ErrNotFound)
	if hits, err := s.SearchTurns(ctx, bob, "safe code blue folder", 10); err != nil || len(hits) != 0 {
		t.Errorf("bob's SearchTurns = %+v, %v; want none", hits, err)
	}
	// Bob may use the same conversation id: it is his own.
	bobs, _, _ := appendTurns(t, s, bob, "shared-name", schema.Turn{Author: "user", Text: "Bob's first message."})
	if bobs[0].Seq != 1 || bobs[0].ID == turns[0].ID {
		t.Errorf("bob's turn = %+v, want seq 1 with its own id", bobs[0])
	}
	_, job := create(t, s, bob, "material")
	m := memory("Bob cites Alice's turn.")
	err = s.CompleteJob(ctx, bob, job.ID, graph.JobWrite{Memories: []schema.Memory{m}, MemoryTurns: map[string][]string{m.ID: {turns[0].ID}}})
	wantErr(t, "evidence from another owner's turn", err, schema.ErrNotFound)
	if got, err := s.Turns(ctx, alice, "shared-name", 0, 10); err != nil || len(got) != 1 || got[0].Text != turns[0].Text {
		t.Errorf("alice's turns after bob's = %+v, %v", got, err)
	}
	if list, _ := s.Conversations(ctx, bob, 10, ""); len(list) != 1 || list[0].Turns != 1 {
		t.Errorf("bob's conversations = %+v", list)
	}
}

func testRecentJobs(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	queuedDoc, queued := createAt(t, s, owner, "Queued material about lunch.", ts.Add(3*time.Minute))
	_, failed := createAt(t, s, owner, "Material that fails.", ts.Add(2*time.Minute))
	doneDoc, done := createAt(t, s, owner, strings.Repeat("long material ", 40), ts.Add(1*time.Minute))
	if err := s.FailJob(ctx, owner, failed.ID, "extractor crashed"); err != nil {
		t.Fatal(err)
	}
	m := memory("Something worth keeping.")
	if err := s.CompleteJob(ctx, owner, done.ID, graph.JobWrite{Memories: []schema.Memory{m}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.RecentJobs(ctx, owner, 10, time.Time{})
	if err != nil {
		t.Fatalf("RecentJobs: %v", err)
	}
	if len(got) != 3 || got[0].JobID != queued.ID || got[1].JobID != failed.ID || got[2].JobID != done.ID {
		t.Fatalf("RecentJobs = %+v, want queued, failed, completed (newest first)", got)
	}
	if q := got[0]; q.State != schema.JobQueued || q.DocumentID != queuedDoc.ID || q.Source != "test" || q.Preview != queuedDoc.Text ||
		!q.CreatedAt.Equal(ts.Add(3*time.Minute)) || len(q.MemoryIDs) != 0 {
		t.Errorf("queued summary = %+v", q)
	}
	if f := got[1]; f.State != schema.JobFailed || f.Error != "extractor crashed" {
		t.Errorf("failed summary = %+v", f)
	}
	if c := got[2]; c.State != schema.JobCompleted || !slices.Equal(c.MemoryIDs, []string{m.ID}) || c.SpaceID != doneDoc.SpaceID ||
		len([]rune(c.Preview)) != graph.MaxPreviewRunes || !strings.HasPrefix(doneDoc.Text, c.Preview) || !c.UpdatedAt.After(c.CreatedAt) {
		t.Errorf("completed summary = %+v", c)
	}
	older, err := s.RecentJobs(ctx, owner, 10, got[1].CreatedAt)
	if err != nil || len(older) != 1 || older[0].JobID != done.ID {
		t.Errorf("RecentJobs before the second = %+v, %v", older, err)
	}
	page, err := s.RecentJobs(ctx, owner, 1, time.Time{})
	if err != nil || len(page) != 1 || page[0].JobID != queued.ID {
		t.Errorf("RecentJobs with limit 1 = %+v, %v", page, err)
	}
	if theirs, err := s.RecentJobs(ctx, newOwner(), 10, time.Time{}); err != nil || len(theirs) != 0 {
		t.Errorf("another owner's RecentJobs = %+v, %v", theirs, err)
	}
	_, err = s.RecentJobs(ctx, owner, 0, time.Time{})
	wantErr(t, "RecentJobs with limit 0", err, schema.ErrInvalid)
}
