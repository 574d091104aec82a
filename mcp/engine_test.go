package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

const (
	alice = schema.Owner("usr_alice")
	bob   = schema.Owner("usr_bob")
)

var t0 = time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)

// world is a fake graph holding material of two owners: alice's memories,
// spaces, conflicts, jobs and turns, and one memory, space and conflict of
// bob's, which alice must never reach.
func world(t *testing.T) *fakeGraph {
	g := newFakeGraph(t)
	work := schema.Space{ID: "spc_work", Name: "Work", CreatedAt: t0}
	g.spaces[alice] = []schema.Space{{ID: graph.PersonalSpaceID(alice), Name: "Personal", Personal: true, CreatedAt: t0}, work}
	g.spaces[bob] = []schema.Space{{ID: "spc_bob", Name: "Bob's", CreatedAt: t0}}
	g.mems[alice] = []schema.Memory{
		{ID: "mem_old", Type: "fact", Claim: "The API runs version 0.9.6", Value: "0.9.6", State: schema.StateSuperseded, Confidence: 0.8, RecordedAt: t0, SpaceID: "spc_work"},
		{ID: "mem_new", Type: "fact", Claim: "The API runs version 0.9.7", Value: "0.9.7", State: schema.StateActive, Confidence: 0.9, RecordedAt: t0.Add(time.Hour), SpaceID: "spc_work", SupersedesID: "mem_old", Excerpt: "we moved to 0.9.7"},
		{ID: "mem_home", Type: "preference", Claim: "Prefers the API docs printed", State: schema.StateActive, Confidence: 0.7, RecordedAt: t0, SpaceID: graph.PersonalSpaceID(alice)},
		{ID: "mem_tea", Type: "preference", Claim: "Drinks green tea", State: schema.StateDisputed, Confidence: 0.6, RecordedAt: t0},
		{ID: "mem_coffee", Type: "preference", Claim: "Drinks only coffee", State: schema.StateDisputed, Confidence: 0.6, RecordedAt: t0.Add(time.Hour)},
	}
	g.mems[bob] = []schema.Memory{{ID: "mem_bob", Claim: "Bob's API secret plan", State: schema.StateActive, RecordedAt: t0, SpaceID: "spc_bob"}}
	tea, _ := g.memory(alice, "mem_tea")
	coffee, _ := g.memory(alice, "mem_coffee")
	g.conflicts[alice] = []graph.ConflictDetail{{
		Conflict: schema.Conflict{ID: "cfl_drink", State: schema.ConflictOpen, MemoryIDs: [2]string{"mem_tea", "mem_coffee"}, Reason: "green tea versus only coffee", CreatedAt: t0},
		Memories: [2]schema.Memory{tea, coffee},
	}, {
		Conflict: schema.Conflict{ID: "cfl_done", State: schema.ConflictDismissed, MemoryIDs: [2]string{"mem_tea", "mem_home"}, CreatedAt: t0},
		Memories: [2]schema.Memory{tea, coffee},
	}}
	bobs, _ := g.memory(bob, "mem_bob")
	g.conflicts[bob] = []graph.ConflictDetail{{Conflict: schema.Conflict{ID: "cfl_bob", State: schema.ConflictOpen, MemoryIDs: [2]string{"mem_bob", "mem_bob2"}}, Memories: [2]schema.Memory{bobs, bobs}}}
	g.jobs[alice] = []graph.JobSummary{
		{JobID: "job_4", State: schema.JobQueued, Preview: "meeting notes", CreatedAt: t0.Add(4 * time.Hour), MemoryIDs: []string{}},
		{JobID: "job_3", State: schema.JobFailed, Error: "space spc_gone does not exist", Attempts: 3, CreatedAt: t0.Add(3 * time.Hour)},
		{JobID: "job_2", State: schema.JobCompleted, CreatedAt: t0.Add(2 * time.Hour), MemoryIDs: []string{}},
		{JobID: "job_1", State: schema.JobCompleted, CreatedAt: t0.Add(time.Hour), MemoryIDs: []string{"mem_new"}, SupersededIDs: []string{"mem_old"}},
	}
	g.turns[alice] = []schema.Turn{{ID: "trn_1", ConversationID: "conv-1", Seq: 3, Author: "alice", Text: "we should deploy on Friday", SaidAt: t0, SourceID: "D1:3"}}
	g.turns[bob] = []schema.Turn{{ID: "trn_b", ConversationID: "conv-b", Seq: 1, Author: "bob", Text: "deploy the secret thing", SaidAt: t0}}
	return g
}

func aliceSession(t *testing.T, g *fakeGraph, withQueue bool) *gomcp.ClientSession {
	return connectTo(t, services(t, g, withQueue), Caller{Owner: alice, Scopes: AllScopes})
}

// badIDs are ids every id-taking tool must refuse, naming what is wrong.
var badIDs = []struct {
	name string
	id   string
	want string
}{
	{"empty", "", "is empty"},
	{"blank", "   ", "is empty"},
	{"oversized", strings.Repeat("m", 200), "at most 128 bytes"},
	{"control", "mem_\x01", "control character"},
}

func TestMemoryDetail(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	var out memoryDetailOut
	ok(t, cs, "memory_detail", map[string]any{"id": "mem_new"}, &out)
	if out.Memory.ID != "mem_new" || len(out.Evidence) != 1 || out.Evidence[0].Excerpt != "we moved to 0.9.7" {
		t.Errorf("detail = %+v", out.MemoryDetail)
	}
	for _, w := range []string{`"The API runs version 0.9.7"`, "active", "0.90", "not confirmed", "1 excerpt"} {
		if !strings.Contains(out.Summary, w) {
			t.Errorf("summary %q lacks %q", out.Summary, w)
		}
	}
	fails(t, cs, "memory_detail", map[string]any{"id": "mem_nope"}, `No memory "mem_nope" was found`, "search_memory")
	// Another owner's memory is answered exactly like a missing one.
	fails(t, cs, "memory_detail", map[string]any{"id": "mem_bob"}, `No memory "mem_bob" was found`)
	for _, b := range badIDs {
		t.Run(b.name, func(t *testing.T) { fails(t, cs, "memory_detail", map[string]any{"id": b.id}, "The id", b.want) })
	}
	fails(t, cs, "memory_detail", map[string]any{}, "id")                               // missing
	fails(t, cs, "memory_detail", map[string]any{"id": "mem_new", "extra": 1}, "extra") // unknown field
}

func TestMemoryTimeline(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	var out timelineOut
	ok(t, cs, "memory_timeline", map[string]any{"id": "mem_new"}, &out)
	if len(out.Versions) != 2 || out.Versions[0].Memory.ID != "mem_old" || out.Versions[1].Memory.ID != "mem_new" {
		t.Fatalf("versions = %+v", out.Versions)
	}
	if !strings.Contains(out.Summary, "2 versions") || !strings.Contains(out.Summary, "0.9.7") {
		t.Errorf("summary = %q", out.Summary)
	}
	fails(t, cs, "memory_timeline", map[string]any{"id": "mem_bob"}, `No memory "mem_bob" was found`)
	for _, b := range badIDs {
		fails(t, cs, "memory_timeline", map[string]any{"id": b.id}, b.want)
	}
}

func TestCorrectMemory(t *testing.T) {
	g := world(t)
	cs := aliceSession(t, g, true)
	var out correctOut
	ok(t, cs, "correct_memory", map[string]any{"id": "mem_new", "correction": "change it to 0.9.8"}, &out)
	if out.JobID == "" || out.Status != string(schema.JobQueued) {
		t.Errorf("out = %+v", out)
	}
	for _, w := range []string{"supersedes rather than erases", "not searchable the instant", "ingestion_status"} {
		if !strings.Contains(out.Message, w) {
			t.Errorf("message %q lacks %q", out.Message, w)
		}
	}
	doc := g.lastCreated(alice)
	if doc.Text != "Correction: change it to 0.9.8" || doc.Source != "correction of mem_new" || doc.SpaceID != "spc_work" {
		t.Errorf("handed to the pipeline: %+v", doc)
	}
	fails(t, cs, "correct_memory", map[string]any{"id": "mem_bob", "correction": "x"}, `No memory "mem_bob" was found`)
	fails(t, cs, "correct_memory", map[string]any{"id": "mem_new", "correction": "  "}, "Correction is empty")
	fails(t, cs, "correct_memory", map[string]any{"id": "", "correction": "x"}, "The id is empty")
	fails(t, cs, "correct_memory", map[string]any{"id": "mem_new", "correction": strings.Repeat("x", 300*1024)}, "limit")
	if n := len(g.created[bob]); n != 0 {
		t.Errorf("bob got %d documents", n)
	}

	// Without a queue the correction is refused, not stored.
	cs = aliceSession(t, world(t), false)
	fails(t, cs, "correct_memory", map[string]any{"id": "mem_new", "correction": "change it to 0.9.8"}, "No queue is configured", "it was not stored")
}

func TestRememberRefusesWithoutAQueue(t *testing.T) {
	g := world(t)
	cs := aliceSession(t, g, false)
	r := call(t, cs, "remember", map[string]any{"text": "the launch moved to May"})
	want := "No queue is configured (KAFKA_BROKERS is empty), so nothing would process this material; it was not stored."
	if !r.isErr || r.text != want {
		t.Errorf("remember without a queue = %+v; want the error %q", r, want)
	}
	if len(g.created[alice]) != 0 {
		t.Error("material was stored although nothing will process it")
	}
}

// TestUseSpaceSteersRememberAndSearch: one choice steers both where
// captures are filed and where questions are answered from.
func TestUseSpaceSteersRememberAndSearch(t *testing.T) {
	for _, tool := range []string{"use_space", "work_in_space"} {
		t.Run(tool, func(t *testing.T) {
			g := world(t)
			cs := aliceSession(t, g, true)

			searchIDs := func() (ids []string, scope scopeOut) {
				var out searchOut
				ok(t, cs, "search_memory", map[string]any{"query": "API"}, &out)
				for _, m := range out.Memories {
					ids = append(ids, m.Memory.ID)
				}
				slices.Sort(ids)
				return ids, out.Scope
			}

			// At first: every Space, and captures go to the personal one.
			ids, scope := searchIDs()
			if strings.Join(ids, ",") != "mem_home,mem_new" || !scope.AcrossAll {
				t.Fatalf("across every Space: %v %+v", ids, scope)
			}
			var rem rememberOut
			ok(t, cs, "remember", map[string]any{"text": "first note"}, &rem)
			if d := g.lastCreated(alice); d.SpaceID != "" || rem.SpaceID != "" || !strings.Contains(rem.Message, "personal Space") {
				t.Errorf("filed in %q (%+v)", d.SpaceID, rem)
			}

			var used useSpaceOut
			ok(t, cs, tool, map[string]any{"space_id": "spc_work"}, &used)
			if used.WorkingIn.SpaceID != "spc_work" || used.WorkingIn.Name != "Work" || !strings.Contains(used.Message, "No memory was changed") {
				t.Errorf("%s = %+v", tool, used)
			}

			ids, scope = searchIDs()
			if strings.Join(ids, ",") != "mem_new" || scope.SpaceID != "spc_work" || !strings.Contains(scope.Note, "Other Spaces were not searched") {
				t.Errorf("in Work: %v %+v", ids, scope)
			}
			if len(g.searchedIn) == 0 || strings.Join(g.searchedIn[len(g.searchedIn)-1], ",") != "spc_work" {
				t.Errorf("full-text search was not confined to Work: %v", g.searchedIn)
			}
			ok(t, cs, "remember", map[string]any{"text": "second note"}, &rem)
			if d := g.lastCreated(alice); d.SpaceID != "spc_work" || rem.SpaceID != "spc_work" {
				t.Errorf("filed in %q, want spc_work", d.SpaceID)
			}
			// An explicit space still wins for one capture.
			ok(t, cs, "remember", map[string]any{"text": "third note", "space": graph.PersonalSpaceID(alice)}, &rem)
			if d := g.lastCreated(alice); d.SpaceID != graph.PersonalSpaceID(alice) {
				t.Errorf("explicit space ignored: %q", d.SpaceID)
			}

			var cur scopeOut
			ok(t, cs, "current_space", nil, &cur)
			if cur.SpaceID != "spc_work" || cur.AcrossAll {
				t.Errorf("current_space = %+v", cur)
			}
			var list listSpacesOut
			ok(t, cs, "list_spaces", nil, &list)
			if len(list.Spaces) != 2 || !list.Spaces[1].Current || list.Spaces[0].Current || list.WorkingIn.Name != "Work" {
				t.Errorf("list_spaces = %+v", list)
			}

			// Back to everything.
			ok(t, cs, tool, map[string]any{"space_id": "all"}, &used)
			ids, scope = searchIDs()
			if strings.Join(ids, ",") != "mem_home,mem_new" || !scope.AcrossAll {
				t.Errorf("back across every Space: %v %+v", ids, scope)
			}
			ok(t, cs, "current_space", nil, &cur)
			if !cur.AcrossAll || !strings.Contains(cur.Note, "every Space") {
				t.Errorf("current_space = %+v", cur)
			}

			fails(t, cs, tool, map[string]any{"space_id": "spc_nope"}, `No Space "spc_nope" was found`, "list_spaces")
			fails(t, cs, tool, map[string]any{"space_id": "spc_bob"}, `No Space "spc_bob" was found`)
			for _, b := range badIDs[:3] {
				fails(t, cs, tool, map[string]any{"space_id": b.id}, b.want)
			}
		})
	}
}

func TestCursorStaysInItsSpace(t *testing.T) {
	g := world(t)
	for i := range 6 {
		g.mems[alice] = append(g.mems[alice], schema.Memory{ID: fmt.Sprintf("mem_w%d", i), Type: "fact", State: schema.StateActive, RecordedAt: t0, SpaceID: "spc_work",
			Claim: fmt.Sprintf("The API gateway number %d sits behind the load balancer in the second region", i)})
		g.mems[alice] = append(g.mems[alice], schema.Memory{ID: fmt.Sprintf("mem_p%d", i), Type: "fact", State: schema.StateActive, RecordedAt: t0, SpaceID: graph.PersonalSpaceID(alice),
			Claim: fmt.Sprintf("The API of my home router number %d", i)})
	}
	cs := aliceSession(t, g, false)
	ok(t, cs, "use_space", map[string]any{"space_id": "spc_work"}, nil)

	// Page through a search confined to Work: every page stays in Work.
	seen := map[string]bool{}
	args := map[string]any{"query": "API", "token_budget": 70}
	pages := 0
	for page := 0; ; page++ {
		pages++
		var out searchOut
		ok(t, cs, "search_memory", args, &out)
		for _, m := range out.Memories {
			if m.Memory.SpaceID != "spc_work" || seen[m.Memory.ID] {
				t.Errorf("page %d: %s (in %s) again or from another Space", page, m.Memory.ID, m.Memory.SpaceID)
			}
			seen[m.Memory.ID] = true
		}
		if out.NextCursor == "" {
			break
		}
		if !strings.HasPrefix(out.NextCursor, "spc_work.") || page > 10 {
			t.Fatalf("page %d: cursor %q", page, out.NextCursor)
		}
		args["cursor"] = out.NextCursor
	}
	if len(seen) != 7 || pages < 3 {
		t.Errorf("paged through %d memories of Work in %d pages, want 7 in several", len(seen), pages)
	}
	// A cursor from another Space, or from a search across everything, is
	// refused rather than continued here.
	fails(t, cs, "search_memory", map[string]any{"query": "API", "cursor": "spc_other.abc"}, "another Space")
	fails(t, cs, "search_memory", map[string]any{"query": "API", "cursor": "abc"}, "another Space")
}

func TestDeletedSpaceIsNamed(t *testing.T) {
	g := world(t)
	cs := aliceSession(t, g, true)
	ok(t, cs, "use_space", map[string]any{"space_id": "spc_work"}, nil)
	g.mu.Lock()
	g.spaces[alice] = g.spaces[alice][:1]
	g.mu.Unlock()
	fails(t, cs, "search_memory", map[string]any{"query": "API"}, `Space "spc_work", which no longer exists`)
	fails(t, cs, "current_space", nil, "no longer exists")
	fails(t, cs, "remember", map[string]any{"text": "note"}, `Space "spc_work" does not exist`)
	var list listSpacesOut
	ok(t, cs, "list_spaces", nil, &list)
	if !strings.Contains(list.WorkingIn.Note, "no longer exists") {
		t.Errorf("list_spaces = %+v", list)
	}
}

// TestSpaceChoiceIsPerOwner: two owners served from one State never see
// each other's choice.
func TestSpaceChoiceIsPerOwner(t *testing.T) {
	g := world(t)
	svc := services(t, g, true)
	a := connectTo(t, svc, Caller{Owner: alice, Scopes: AllScopes})
	b := connectTo(t, svc, Caller{Owner: bob, Scopes: AllScopes})
	ok(t, a, "use_space", map[string]any{"space_id": "spc_work"}, nil)
	var cur scopeOut
	ok(t, b, "current_space", nil, &cur)
	if !cur.AcrossAll {
		t.Errorf("bob works in %+v after alice chose a Space", cur)
	}
	// Bob cannot choose alice's Space either.
	fails(t, b, "use_space", map[string]any{"space_id": "spc_work"}, "No Space")
}

func TestListSpaces(t *testing.T) {
	g := newFakeGraph(t)
	cs := aliceSession(t, g, false)
	var out listSpacesOut
	ok(t, cs, "list_spaces", nil, &out)
	if len(out.Spaces) != 1 || !out.Spaces[0].Personal || out.Spaces[0].ID != graph.PersonalSpaceID(alice) || !out.WorkingIn.AcrossAll {
		t.Errorf("a new person's spaces = %+v", out)
	}
}

func TestReviewConflicts(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	var out reviewOut
	ok(t, cs, "review_conflicts", nil, &out)
	if len(out.Conflicts) != 1 {
		t.Fatalf("open conflicts = %+v", out.Conflicts)
	}
	c := out.Conflicts[0]
	if c.ID != "cfl_drink" || c.Sides[0].Claim != "Drinks green tea" || c.Sides[1].Claim != "Drinks only coffee" || c.Reason == "" {
		t.Errorf("conflict = %+v", c)
	}
	if !strings.Contains(out.Note, "changes nothing") {
		t.Errorf("note = %q", out.Note)
	}
	ok(t, cs, "review_conflicts", map[string]any{"state": "all"}, &out)
	if len(out.Conflicts) != 2 {
		t.Errorf("all conflicts = %d", len(out.Conflicts))
	}
	ok(t, cs, "review_conflicts", map[string]any{"state": "resolved"}, &out)
	if len(out.Conflicts) != 0 || out.Note == "" {
		t.Errorf("resolved = %+v", out)
	}
	fails(t, cs, "review_conflicts", map[string]any{"state": "settled"}, "state")
	fails(t, cs, "review_conflicts", map[string]any{"limit": 51}, "The limit 51 is out of range", "between 1 and 50")
	fails(t, cs, "review_conflicts", map[string]any{"limit": -1}, "limit")

	// Bob sees only his.
	b := connectTo(t, services(t, world(t), false), Caller{Owner: bob, Scopes: AllScopes})
	ok(t, b, "review_conflicts", nil, &out)
	if len(out.Conflicts) != 1 || out.Conflicts[0].ID != "cfl_bob" {
		t.Errorf("bob's conflicts = %+v", out.Conflicts)
	}
}

// TestResolveConflictRecordsNothing: it checks the conflict and answers
// with the instruction; the fake fails the test if ResolveConflict is
// called.
func TestResolveConflictRecordsNothing(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	var out resolveOut
	ok(t, cs, "resolve_conflict", map[string]any{"id": "cfl_drink"}, &out)
	for _, w := range []string{"Nothing was recorded", "POST /api/v1/conflicts/cfl_drink/resolve", `{ action: "keep" | "dismiss", keepId?, reason? }`, "dashboard", "does not delete it"} {
		if !strings.Contains(out.Instruction, w) {
			t.Errorf("instruction %q lacks %q", out.Instruction, w)
		}
	}
	if out.Recorded || out.Conflict.Sides[0].ID != "mem_tea" || out.Conflict.Sides[1].ID != "mem_coffee" {
		t.Errorf("out = %+v", out)
	}
	ok(t, cs, "resolve_conflict", map[string]any{"id": "cfl_drink", "action": "keep", "keep_id": "mem_coffee"}, &out)
	if !strings.Contains(out.Instruction, `{"action":"keep","keepId":"mem_coffee"}`) {
		t.Errorf("instruction = %q", out.Instruction)
	}
	ok(t, cs, "resolve_conflict", map[string]any{"id": "cfl_drink", "action": "keep"}, &out)
	if !strings.Contains(out.Instruction, "mem_tea or mem_coffee") {
		t.Errorf("instruction = %q", out.Instruction)
	}
	ok(t, cs, "resolve_conflict", map[string]any{"id": "cfl_done"}, &out)
	if !strings.Contains(out.Instruction, "already dismissed") {
		t.Errorf("instruction = %q", out.Instruction)
	}
	fails(t, cs, "resolve_conflict", map[string]any{"id": "cfl_drink", "keep_id": "mem_home"}, `The keep_id "mem_home" is not one of the two sides`)
	fails(t, cs, "resolve_conflict", map[string]any{"id": "cfl_drink", "action": "dismiss", "keep_id": "mem_tea"}, "dismiss takes no keep_id")
	fails(t, cs, "resolve_conflict", map[string]any{"id": "cfl_drink", "action": "merge"}, "action")
	fails(t, cs, "resolve_conflict", map[string]any{"id": "cfl_nope"}, `No conflict "cfl_nope" was found`)
	fails(t, cs, "resolve_conflict", map[string]any{"id": "cfl_bob"}, `No conflict "cfl_bob" was found`)
	for _, b := range badIDs {
		fails(t, cs, "resolve_conflict", map[string]any{"id": b.id}, b.want)
	}
}

func TestConfirmMemoryRecordsNothing(t *testing.T) {
	g := world(t)
	cs := aliceSession(t, g, false)
	var out confirmOut
	ok(t, cs, "confirm_memory", map[string]any{"id": "mem_new"}, &out)
	for _, w := range []string{"Nothing was confirmed", "POST /api/v1/memories/mem_new/confirm", "signed in"} {
		if !strings.Contains(out.Instruction, w) {
			t.Errorf("instruction %q lacks %q", out.Instruction, w)
		}
	}
	if out.Recorded || out.Memory.ID != "mem_new" || out.Memory.Confirmed {
		t.Errorf("out = %+v", out)
	}
	fails(t, cs, "confirm_memory", map[string]any{"id": "mem_bob"}, `No memory "mem_bob" was found`)
	fails(t, cs, "confirm_memory", map[string]any{"id": "mem_nope"}, `No memory "mem_nope" was found`)
	for _, b := range badIDs {
		fails(t, cs, "confirm_memory", map[string]any{"id": b.id}, b.want)
	}
}

// TestDecisionToolsAreNotMarkedMutating: the seed wants no host
// confirmation dialog in front of a tool that then refuses.
func TestDecisionToolsAreNotMarkedMutating(t *testing.T) {
	res, err := aliceSession(t, world(t), false).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ann := map[string]*gomcp.ToolAnnotations{}
	for _, tl := range res.Tools {
		ann[tl.Name] = tl.Annotations
	}
	for _, name := range []string{"resolve_conflict", "confirm_memory", "review_conflicts", "memory_detail", "memory_timeline", "list_spaces", "current_space", "ingestion_status", "search_conversations", "usage_report"} {
		if a := ann[name]; a == nil || !a.ReadOnlyHint {
			t.Errorf("%s is not marked read-only: %+v", name, a)
		}
	}
	for _, name := range []string{"remember", "correct_memory", "work_in_space", "use_space"} {
		if a := ann[name]; a == nil || a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint {
			t.Errorf("%s: want a non-destructive write, got %+v", name, a)
		}
	}
}

func TestIngestionStatus(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	var out ingestionOut
	ok(t, cs, "ingestion_status", nil, &out)
	if len(out.Jobs) != 4 {
		t.Fatalf("jobs = %+v", out.Jobs)
	}
	want := []string{
		"Waiting in the queue",
		"Failed: space spc_gone does not exist",
		"Read; nothing in it was worth keeping",
		"Read and extracted into 1 new memory (mem_new); replaced 1 older memory (mem_old).",
	}
	for i, w := range want {
		if !strings.Contains(out.Jobs[i].What, w) {
			t.Errorf("job %s: %q, want %q", out.Jobs[i].JobID, out.Jobs[i].What, w)
		}
	}
	if !strings.Contains(out.Note, "1 still in flight, 1 failed") {
		t.Errorf("note = %q", out.Note)
	}
	ok(t, cs, "ingestion_status", map[string]any{"limit": 1}, &out)
	if len(out.Jobs) != 1 || out.Jobs[0].JobID != "job_4" {
		t.Errorf("limit 1: %+v", out.Jobs)
	}
	fails(t, cs, "ingestion_status", map[string]any{"limit": 101}, "between 1 and 100")
	fails(t, cs, "ingestion_status", map[string]any{"limit": "ten"}, "limit")

	b := connectTo(t, services(t, world(t), false), Caller{Owner: bob, Scopes: AllScopes})
	ok(t, b, "ingestion_status", nil, &out)
	if len(out.Jobs) != 0 || !strings.Contains(out.Note, "No material") {
		t.Errorf("bob's jobs = %+v", out)
	}
}

func TestSearchConversations(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	var out turnSearchOut
	ok(t, cs, "search_conversations", map[string]any{"query": "deploy"}, &out)
	if len(out.Matches) != 1 {
		t.Fatalf("matches = %+v", out.Matches)
	}
	m := out.Matches[0]
	if m.Text != "we should deploy on Friday" || m.Author != "alice" || !m.SaidAt.Equal(t0) || m.ConversationID != "conv-1" || m.SourceID != "D1:3" || m.Seq != 3 ||
		m.Link != "/api/v1/conversations/conv-1/turns?cursor=2" {
		t.Errorf("match = %+v", m)
	}
	fails(t, cs, "search_conversations", map[string]any{"query": " "}, "Query is empty")
	fails(t, cs, "search_conversations", map[string]any{"query": strings.Repeat("q", 5000)}, "longer than 4096 bytes")
	fails(t, cs, "search_conversations", map[string]any{"query": "deploy", "limit": 1000}, "between 1 and 100")
	ok(t, cs, "search_conversations", map[string]any{"query": "secret"}, &out)
	if len(out.Matches) != 0 {
		t.Errorf("alice found bob's line: %+v", out.Matches)
	}
}

func TestUsageReportInventsNothing(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	var out usageOut
	ok(t, cs, "usage_report", nil, &out)
	if len(out.Models) != 0 || out.Total.Calls != 0 || out.Total.FailedCalls != 0 || out.Total.CostUSD != 0 || out.Total.InputTokens != 0 || out.Total.Model != "all" {
		t.Errorf("usage = %+v", out)
	}
	if !strings.Contains(out.Note, "models called are none") {
		t.Errorf("note = %q", out.Note)
	}
}

func TestUsageReportReadsRecordedCalls(t *testing.T) {
	g := world(t)
	g.usage[alice] = schema.UsageReport{
		Models: []schema.ModelUsage{
			{Model: "gpt-4o-mini", Calls: 3, FailedCalls: 1, InputTokens: 3000, OutputTokens: 600, CostUSD: 0.00081},
			{Model: "llama3", Calls: 2, FailedCalls: 2, InputTokens: 10, UnpricedCalls: 2},
		},
		Total: schema.ModelUsage{Model: "all", Calls: 5, FailedCalls: 3, InputTokens: 3010, OutputTokens: 600, CostUSD: 0.00081, UnpricedCalls: 2},
	}
	g.usage[bob] = schema.UsageReport{
		Models: []schema.ModelUsage{{Model: "bobs-model", Calls: 9}},
		Total:  schema.ModelUsage{Model: "all", Calls: 9},
	}
	cs := aliceSession(t, g, false)
	var out usageOut
	ok(t, cs, "usage_report", nil, &out)
	want := usageOut{
		Models: []modelUsage{
			{Model: "gpt-4o-mini", Calls: 3, FailedCalls: 1, InputTokens: 3000, OutputTokens: 600, CostUSD: 0.00081},
			{Model: "llama3", Calls: 2, FailedCalls: 2, InputTokens: 10, UnpricedCalls: 2},
		},
		Total: modelUsage{Model: "all", Calls: 5, FailedCalls: 3, InputTokens: 3010, OutputTokens: 600, CostUSD: 0.00081, UnpricedCalls: 2},
	}
	if diff := cmp.Diff(want, out, cmpopts.IgnoreFields(usageOut{}, "Note")); diff != "" {
		t.Errorf("usage (-want +got):\n%s", diff)
	}
	for _, w := range []string{"5 calls to 2 models", "3 failed", "3010 input and 600 output tokens", "cost $0.0008", "2 calls had no configured price", "cost is unknown"} {
		if !strings.Contains(out.Note, w) {
			t.Errorf("note %q does not say %q", out.Note, w)
		}
	}
	if strings.Contains(out.Note, "none") {
		t.Errorf("note %q says nothing was called", out.Note)
	}
}

func TestPendingToolsAnswerForThemselves(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	for _, tl := range pendingTools() {
		if tl.name == "list_space_collaborators" || tl.name == "list_reminders" || tl.name == "cancel_reminder" {
			continue
		}
		var out notConfigured
		text := ok(t, cs, tl.name, argsFor(t, cs, tl.name), &out)
		if out.Configured || !strings.Contains(out.Message, "not available in this deployment yet") || !strings.Contains(strings.ToLower(out.Message), "nothing was") {
			t.Errorf("%s answered %s", tl.name, text)
		}
	}
	fails(t, cs, "share_space", map[string]any{"space_id": "spc_work", "email": "a@example.com", "role": "owner"}, "role")
}

func TestListSpaceCollaborators(t *testing.T) {
	cs := aliceSession(t, world(t), false)
	var out collaboratorsOut
	ok(t, cs, "list_space_collaborators", map[string]any{"space_id": "spc_work"}, &out)
	if len(out.Collaborators) != 1 || out.Collaborators[0].Role != "owner" || !out.Collaborators[0].You || out.Name != "Work" || out.YourRole != "owner" || !strings.Contains(out.Note, "Only the person can see") {
		t.Errorf("collaborators = %+v", out)
	}
	fails(t, cs, "list_space_collaborators", map[string]any{"space_id": "spc_bob"}, `No Space "spc_bob" was found`)
	fails(t, cs, "list_space_collaborators", map[string]any{"space_id": ""}, "The space_id is empty")
}

func TestToolCount(t *testing.T) {
	if n := len(tools()); n != 47 {
		t.Errorf("%d tools registered; the seed's list (45) plus list_tasks and create_task is 47", n)
	}
}
