package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

type people map[string]schema.Owner

func (p people) OwnerForEmail(_ context.Context, email string) (schema.Owner, error) {
	if o, ok := p[strings.ToLower(email)]; ok {
		return o, nil
	}
	return "", fmt.Errorf("account for %s: %w", email, schema.ErrNotFound)
}

// file writes mems, filed in spaces, as one completed job of owner.
func file(t *testing.T, s graph.Store, owner schema.Owner, mems ...schema.Memory) {
	t.Helper()
	ctx := t.Context()
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "material", ContentHash: "x"}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID}
	if err := s.CreateDocumentJob(ctx, owner, doc, job); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkPublished(ctx, owner, job.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.StartJob(ctx, owner, job.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{Memories: mems}); err != nil {
		t.Fatal(err)
	}
}

func fact(claim, spaceID string) schema.Memory {
	return schema.Memory{ID: schema.NewID(schema.PrefixMemory), Type: schema.TypeFact, Claim: claim, Confidence: 0.9,
		State: schema.StateActive, RecordedAt: time.Now().UTC(), SpaceID: spaceID}
}

// sameAsMissing checks that a tool answers for a shared Space exactly as
// for an id that does not exist.
func sameAsMissing(t *testing.T, cs *gomcp.ClientSession, name string, args map[string]any, key, id string) {
	t.Helper()
	got := call(t, cs, name, args)
	missing := schema.NewID(schema.PrefixSpace)
	args[key] = missing
	want := call(t, cs, name, args)
	args[key] = id
	if !got.isErr || !want.isErr || strings.ReplaceAll(got.text, id, "ID") != strings.ReplaceAll(want.text, missing, "ID") {
		t.Errorf("%s on a Space the caller cannot see = %q; on a missing one %q; want the same error", name, got.text, want.text)
	}
}

func TestSharingOverMCP(t *testing.T) {
	store := neo4jtest.Open(t)
	ctx := t.Context()
	a, b, c := schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_")), schema.Owner(schema.NewID("usr_"))
	personal, err := store.EnsurePersonalSpace(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	newSpace := func(owner schema.Owner, name string) schema.Space {
		sp, err := store.CreateSpace(ctx, owner, schema.Space{ID: schema.NewID(schema.PrefixSpace), Name: name})
		if err != nil {
			t.Fatal(err)
		}
		return sp
	}
	work, private, theirs := newSpace(a, "Work"), newSpace(a, "Private"), newSpace(c, "Theirs")
	inWork := fact("The zeppelin launch is on Friday", work.ID)
	inPrivate := fact("The zeppelin budget is a secret", private.ID)
	inPersonal := fact("The zeppelin makes me nervous", personal.ID)
	file(t, store, a, inWork, inPrivate, inPersonal)
	inTheirs := fact("Their zeppelin is blue", theirs.ID)
	file(t, store, c, inTheirs)

	p, err := ingest.New(ingest.Config{Graph: store, Extractor: noExtractor{}, Queue: &fakeQueue{}})
	if err != nil {
		t.Fatal(err)
	}
	svc := Services{Graph: store, Pipeline: p, Searcher: &retrieval.Searcher{Graph: store}, State: NewState(),
		People: people{"bob@example.com": b}}
	csA := connectTo(t, svc, Caller{Owner: a, Scopes: AllScopes})
	csB := connectTo(t, svc, Caller{Owner: b, Scopes: AllScopes})
	csC := connectTo(t, svc, Caller{Owner: c, Scopes: AllScopes})

	// The personal Space is never shared; roles are editor or viewer.
	fails(t, csA, "share_space", map[string]any{"space_id": personal.ID, "email": "bob@example.com", "role": "viewer"}, "personal Space cannot be shared")
	fails(t, csA, "share_space", map[string]any{"space_id": work.ID, "email": "nobody@example.com", "role": "viewer"}, "Nobody signs in")
	fails(t, csA, "share_space", map[string]any{"space_id": work.ID, "role": "viewer"}, "exactly one of email")

	// An invitation gives nothing until it is accepted.
	var shared shareOut
	ok(t, csA, "share_space", map[string]any{"space_id": work.ID, "email": "Bob@Example.com", "role": "viewer"}, &shared)
	if shared.Collaborator.State != "pending" || shared.Collaborator.UserID != string(b) {
		t.Errorf("share_space = %+v", shared)
	}
	var spaces listSpacesOut
	ok(t, csB, "list_spaces", nil, &spaces)
	if len(spaces.Invitations) != 1 || spaces.Invitations[0].SpaceID != work.ID || spaces.Invitations[0].OwnerID != string(a) {
		t.Errorf("list_spaces(invitee) invitations = %+v", spaces.Invitations)
	}
	for _, sp := range spaces.Spaces {
		if sp.ID == work.ID {
			t.Errorf("list_spaces lists the Space before the invitation was accepted")
		}
	}
	sameAsMissing(t, csB, "list_space_collaborators", map[string]any{"space_id": work.ID}, "space_id", work.ID)
	sameAsMissing(t, csB, "remember", map[string]any{"text": "hello", "space": work.ID}, "space", work.ID)

	// Accepting: use_space on the invited Space.
	var used useSpaceOut
	ok(t, csB, "use_space", map[string]any{"space_id": work.ID}, &used)
	if !strings.Contains(used.Message, "Accepted the invitation") || used.WorkingIn.Role != "viewer" || used.WorkingIn.OwnerID != string(a) {
		t.Errorf("use_space(invited) = %+v", used)
	}

	// A viewer reads the shared Space, and only it.
	var found searchOut
	text := ok(t, csB, "search_memory", map[string]any{"query": "zeppelin"}, &found)
	if !strings.Contains(text, inWork.ID) || !strings.Contains(found.Context, "Friday") {
		t.Errorf("search_memory(viewer) did not find the shared memory: %s", text)
	}
	for _, m := range []schema.Memory{inPrivate, inPersonal, inTheirs} {
		if strings.Contains(text, m.ID) || strings.Contains(text, m.Claim) {
			t.Errorf("search_memory in the shared Space returned %q from another Space: %s", m.Claim, text)
		}
	}
	var d memoryDetailOut
	ok(t, csB, "memory_detail", map[string]any{"id": inWork.ID}, &d)
	if d.Memory.ID != inWork.ID {
		t.Errorf("memory_detail(viewer) = %+v", d.Memory)
	}
	fails(t, csB, "memory_detail", map[string]any{"id": inPrivate.ID}, fmt.Sprintf("No memory %q was found", inPrivate.ID))
	fails(t, csB, "memory_timeline", map[string]any{"id": inPersonal.ID}, fmt.Sprintf("No memory %q was found", inPersonal.ID))
	ok(t, csB, "memory_timeline", map[string]any{"id": inWork.ID}, nil)

	// ... but cannot write.
	fails(t, csB, "remember", map[string]any{"text": "The launch moved to Monday"}, "viewer", "can read it but not add")
	fails(t, csB, "correct_memory", map[string]any{"id": inWork.ID, "correction": "Monday"}, "viewer")
	fails(t, csB, "share_space", map[string]any{"space_id": work.ID, "user_id": string(c), "role": "viewer"}, "Only the owner", "viewer")

	// Collaborators, seen by the owner and by the member.
	var collab collaboratorsOut
	ok(t, csA, "list_space_collaborators", map[string]any{"space_id": work.ID}, &collab)
	if len(collab.Collaborators) != 2 || collab.Collaborators[0].Role != "owner" || collab.Collaborators[1].Who != "bob@example.com" || collab.Collaborators[1].State != "active" {
		t.Errorf("list_space_collaborators(owner) = %+v", collab)
	}
	ok(t, csB, "list_space_collaborators", map[string]any{"space_id": work.ID}, &collab)
	if collab.YourRole != "viewer" || !collab.Collaborators[1].You {
		t.Errorf("list_space_collaborators(member) = %+v", collab)
	}

	// The owner can be neither demoted nor removed.
	fails(t, csA, "change_space_role", map[string]any{"space_id": work.ID, "member": string(a), "role": "viewer"}, "owner's role cannot be changed")
	fails(t, csA, "unshare_space", map[string]any{"space_id": work.ID, "member": string(a)}, "cannot be removed")
	fails(t, csB, "unshare_space", map[string]any{"space_id": work.ID, "member": string(a)}, "Only the owner")

	// Promotion applies to the next call: an editor writes, credited.
	ok(t, csA, "change_space_role", map[string]any{"space_id": work.ID, "member": "bob@example.com", "role": "editor"}, nil)
	var rem rememberOut
	ok(t, csB, "remember", map[string]any{"text": "The zeppelin launch moved to Monday"}, &rem)
	job, err := store.Job(ctx, a, rem.JobID)
	if err != nil {
		t.Fatalf("the contribution's job is not in the owner's graph: %v", err)
	}
	doc, err := store.Document(ctx, a, job.DocumentID)
	if err != nil || doc.ContributedBy != b || doc.SpaceID != work.ID {
		t.Errorf("contributed document = %+v, %v; want space %s, contributed by %s", doc, err, work.ID, b)
	}
	if _, err := store.Job(ctx, b, rem.JobID); !errors.Is(err, schema.ErrNotFound) {
		t.Errorf("the contribution's job is in the contributor's graph: %v", err)
	}
	ok(t, csB, "correct_memory", map[string]any{"id": inWork.ID, "correction": "it is on Monday"}, nil)
	fails(t, csB, "correct_memory", map[string]any{"id": inPrivate.ID, "correction": "public"}, "No memory")

	// A non-member sees the shared Space as missing.
	sameAsMissing(t, csC, "list_space_collaborators", map[string]any{"space_id": work.ID}, "space_id", work.ID)
	sameAsMissing(t, csC, "use_space", map[string]any{"space_id": work.ID}, "space_id", work.ID)
	sameAsMissing(t, csC, "share_space", map[string]any{"space_id": work.ID, "user_id": string(b), "role": "viewer"}, "space_id", work.ID)

	// Downgrade applies to the next call.
	ok(t, csA, "change_space_role", map[string]any{"space_id": work.ID, "member": string(b), "role": "viewer"}, nil)
	fails(t, csB, "remember", map[string]any{"text": "One more thing"}, "viewer")

	// Revocation applies to the next call.
	ok(t, csA, "unshare_space", map[string]any{"space_id": work.ID, "member": "bob@example.com"}, nil)
	fails(t, csB, "search_memory", map[string]any{"query": "zeppelin"}, "no longer exists")
	fails(t, csB, "current_space", nil, "no longer exists")
	fails(t, csB, "memory_detail", map[string]any{"id": inWork.ID}, "no longer exists")
	ok(t, csB, "use_space", map[string]any{"space_id": "all"}, nil)
	found = searchOut{}
	text = ok(t, csB, "search_memory", map[string]any{"query": "zeppelin"}, &found)
	if strings.Contains(text, "zeppelin") || strings.Contains(text, "Zeppelin") {
		t.Errorf("search_memory after the unshare found the owner's memories: %s", text)
	}
	ok(t, csB, "list_spaces", nil, &spaces)
	for _, sp := range spaces.Spaces {
		if sp.ID == work.ID {
			t.Errorf("list_spaces after the unshare lists the Space")
		}
	}
	fails(t, csB, "use_space", map[string]any{"space_id": work.ID}, "No Space")

	// The owner's own view is untouched, and the unrelated owner's data
	// never crossed.
	ok(t, csA, "use_space", map[string]any{"space_id": "all"}, nil)
	text = ok(t, csA, "search_memory", map[string]any{"query": "zeppelin"}, nil)
	if !strings.Contains(text, inPrivate.ID) || strings.Contains(text, inTheirs.ID) {
		t.Errorf("search_memory(owner) = %s", text)
	}
	text = ok(t, csC, "search_memory", map[string]any{"query": "zeppelin"}, nil)
	if strings.Contains(text, inWork.ID) || !strings.Contains(text, inTheirs.ID) {
		t.Errorf("search_memory(unrelated owner) = %s", text)
	}
}
