package graphtest

import (
	"testing"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// testSharing checks graph.SharingStore: invitations give nothing until
// accepted, the resolver reads the live record, only the owner manages
// members, and the owner can be neither removed nor demoted.
func testSharing(t *testing.T, s graph.Store) {
	ctx := t.Context()
	a, b, c := newOwner(), newOwner(), newOwner()
	personal, err := s.EnsurePersonalSpace(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	work := space(t, s, a, "Work")
	bobs := space(t, s, b, "Bob's")

	access := func(who schema.Owner, id string) (graph.SpaceAccess, error) {
		t.Helper()
		return s.SpaceAccess(ctx, who, id)
	}
	wantNoAccess := func(what string, who schema.Owner, id string) {
		t.Helper()
		_, err := access(who, id)
		wantErr(t, what, err, schema.ErrNotFound)
	}

	// Refusals.
	_, err = s.ShareSpace(ctx, a, personal.ID, b, "", graph.RoleViewer)
	wantErr(t, "sharing the personal space", err, schema.ErrConflict)
	_, err = s.ShareSpace(ctx, a, work.ID, a, "", graph.RoleViewer)
	wantErr(t, "sharing with the owner", err, schema.ErrInvalid)
	_, err = s.ShareSpace(ctx, a, work.ID, b, "", graph.RoleOwner)
	wantErr(t, "sharing as owner", err, schema.ErrInvalid)
	_, err = s.ShareSpace(ctx, a, work.ID, b, "", "admin")
	wantErr(t, "sharing with an unknown role", err, schema.ErrInvalid)
	_, err = s.ShareSpace(ctx, a, bobs.ID, c, "", graph.RoleViewer)
	wantErr(t, "sharing another owner's space", err, schema.ErrNotFound)
	_, err = s.ShareSpace(ctx, a, schema.NewID(schema.PrefixSpace), c, "", graph.RoleViewer)
	wantErr(t, "sharing a missing space", err, schema.ErrNotFound)

	// The owner's own access.
	own, err := access(a, work.ID)
	if err != nil || own.Owner != a || own.Role != graph.RoleOwner || own.Space != work || own.Shared(a) {
		t.Errorf("SpaceAccess(owner) = %+v, %v; want the owner's role", own, err)
	}

	// A pending invitation gives nothing.
	inv, err := s.ShareSpace(ctx, a, work.ID, b, " Bob@Example.COM ", graph.RoleViewer)
	if err != nil {
		t.Fatalf("ShareSpace: %v", err)
	}
	if inv.UserID != b || inv.Role != graph.RoleViewer || inv.State != graph.MembershipPending || inv.Email != "bob@example.com" || inv.InvitedBy != a || inv.InvitedAt == nil || inv.AcceptedAt != nil {
		t.Errorf("ShareSpace = %+v", inv)
	}
	_, err = s.ShareSpace(ctx, a, work.ID, b, "", graph.RoleEditor)
	wantErr(t, "inviting twice", err, schema.ErrConflict)
	wantNoAccess("SpaceAccess with a pending invitation", b, work.ID)
	shared, err := s.SharedSpaces(ctx, b)
	if err != nil || len(shared) != 1 || shared[0].State != graph.MembershipPending || shared[0].Owner != a || shared[0].Space.ID != work.ID || shared[0].Role != graph.RoleViewer {
		t.Errorf("SharedSpaces(invitee) = %+v, %v; want the pending invitation", shared, err)
	}

	// Only the invitee can accept.
	_, err = s.AcceptSpaceInvitation(ctx, c, work.ID)
	wantErr(t, "accepting somebody else's invitation", err, schema.ErrNotFound)
	acc, err := s.AcceptSpaceInvitation(ctx, b, work.ID)
	if err != nil || acc.Owner != a || acc.Role != graph.RoleViewer || acc.Space.ID != work.ID || !acc.Shared(b) {
		t.Fatalf("AcceptSpaceInvitation = %+v, %v", acc, err)
	}
	again, err := s.AcceptSpaceInvitation(ctx, b, work.ID)
	if err != nil || again != acc {
		t.Errorf("accepting twice = %+v, %v; want %+v", again, err, acc)
	}
	got, err := access(b, work.ID)
	if err != nil || got != acc {
		t.Errorf("SpaceAccess(viewer) = %+v, %v; want %+v", got, err, acc)
	}
	_, err = s.AcceptSpaceInvitation(ctx, a, work.ID)
	wantErr(t, "the owner accepting", err, schema.ErrNotFound)

	// A stranger cannot tell a shared space from a missing one.
	wantNoAccess("SpaceAccess(stranger)", c, work.ID)
	wantNoAccess("SpaceAccess(missing id)", c, schema.NewID(schema.PrefixSpace))
	wantNoAccess("SpaceAccess(the member, on the owner's other space)", b, personal.ID)
	_, err = s.Space(ctx, b, work.ID)
	wantErr(t, "Space(member) stays owner-scoped", err, schema.ErrNotFound)

	// Collaborators: the owner first.
	cs, err := s.Collaborators(ctx, a, work.ID)
	if err != nil || len(cs) != 2 || cs[0].UserID != a || cs[0].Role != graph.RoleOwner || cs[1].UserID != b || cs[1].State != graph.MembershipActive || cs[1].AcceptedAt == nil {
		t.Errorf("Collaborators = %+v, %v", cs, err)
	}
	_, err = s.Collaborators(ctx, b, work.ID)
	wantErr(t, "Collaborators by a member (owner-scoped)", err, schema.ErrNotFound)
	_, err = s.Collaborators(ctx, a, bobs.ID)
	wantErr(t, "Collaborators of another owner's space", err, schema.ErrNotFound)
	solo, err := s.Collaborators(ctx, b, bobs.ID)
	if err != nil || len(solo) != 1 || solo[0].UserID != b {
		t.Errorf("Collaborators of an unshared space = %+v, %v; want the owner alone", solo, err)
	}

	// A role change applies to the next resolution.
	up, err := s.ChangeSpaceRole(ctx, a, work.ID, b, graph.RoleEditor)
	if err != nil || up.Role != graph.RoleEditor || up.State != graph.MembershipActive {
		t.Errorf("ChangeSpaceRole = %+v, %v", up, err)
	}
	if got, err := access(b, work.ID); err != nil || got.Role != graph.RoleEditor {
		t.Errorf("SpaceAccess after promotion = %+v, %v; want editor", got, err)
	}
	_, err = s.ChangeSpaceRole(ctx, a, work.ID, a, graph.RoleViewer)
	wantErr(t, "demoting the owner", err, schema.ErrConflict)
	err = s.UnshareSpace(ctx, a, work.ID, a)
	wantErr(t, "removing the owner", err, schema.ErrConflict)
	_, err = s.ChangeSpaceRole(ctx, a, work.ID, b, graph.RoleOwner)
	wantErr(t, "making a member owner", err, schema.ErrInvalid)
	_, err = s.ChangeSpaceRole(ctx, a, work.ID, c, graph.RoleViewer)
	wantErr(t, "changing a stranger's role", err, schema.ErrNotFound)
	_, err = s.ChangeSpaceRole(ctx, b, work.ID, c, graph.RoleEditor)
	wantErr(t, "an editor changing roles", err, schema.ErrNotFound)
	err = s.UnshareSpace(ctx, b, work.ID, c)
	wantErr(t, "an editor unsharing", err, schema.ErrNotFound)
	_, err = s.ShareSpace(ctx, b, work.ID, c, "", graph.RoleViewer)
	wantErr(t, "an editor sharing", err, schema.ErrNotFound)

	// Revocation applies to the next resolution.
	if err := s.UnshareSpace(ctx, a, work.ID, b); err != nil {
		t.Fatalf("UnshareSpace: %v", err)
	}
	wantNoAccess("SpaceAccess after unshare", b, work.ID)
	if shared, err := s.SharedSpaces(ctx, b); err != nil || len(shared) != 0 {
		t.Errorf("SharedSpaces after unshare = %+v, %v", shared, err)
	}
	err = s.UnshareSpace(ctx, a, work.ID, b)
	wantErr(t, "unsharing twice", err, schema.ErrNotFound)

	// Withdrawing an invitation before it is accepted.
	if _, err := s.ShareSpace(ctx, a, work.ID, c, "", graph.RoleEditor); err != nil {
		t.Fatal(err)
	}
	if err := s.UnshareSpace(ctx, a, work.ID, c); err != nil {
		t.Fatalf("withdrawing an invitation: %v", err)
	}
	_, err = s.AcceptSpaceInvitation(ctx, c, work.ID)
	wantErr(t, "accepting a withdrawn invitation", err, schema.ErrNotFound)

	// Leaving, and declining.
	if _, err := s.ShareSpace(ctx, a, work.ID, b, "", graph.RoleViewer); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcceptSpaceInvitation(ctx, b, work.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.LeaveSpace(ctx, b, work.ID); err != nil {
		t.Fatalf("LeaveSpace: %v", err)
	}
	wantNoAccess("SpaceAccess after leaving", b, work.ID)
	wantErr(t, "leaving twice", s.LeaveSpace(ctx, b, work.ID), schema.ErrNotFound)
	wantErr(t, "the owner leaving their own space", s.LeaveSpace(ctx, a, work.ID), schema.ErrNotFound)

	// Deleting a space ends its memberships.
	gone := space(t, s, a, "Temporary")
	if _, err := s.ShareSpace(ctx, a, gone.ID, b, "", graph.RoleViewer); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcceptSpaceInvitation(ctx, b, gone.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSpace(ctx, a, gone.ID); err != nil {
		t.Fatalf("DeleteSpace of a shared space: %v", err)
	}
	wantNoAccess("SpaceAccess to a deleted space", b, gone.ID)
	if shared, err := s.SharedSpaces(ctx, b); err != nil || len(shared) != 0 {
		t.Errorf("SharedSpaces after the space was deleted = %+v, %v", shared, err)
	}
}

// testSharingIsolation checks that a membership opens nothing but the
// resolver: the member's owner-scoped reads stay their own, and the
// owner-scoped read restricted to the shared space sees that space alone.
// It also checks that a contributor is recorded on the document.
func testSharingIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	a, b, c := newOwner(), newOwner(), newOwner()
	if _, err := s.EnsurePersonalSpace(ctx, a); err != nil {
		t.Fatal(err)
	}
	work := space(t, s, a, "Work")
	private := space(t, s, a, "Private")
	inWork, inPrivate := memory("the shared launch is in October"), memory("the private launch is in October")
	inWork.SpaceID, inPrivate.SpaceID = work.ID, private.ID
	completeWith(t, s, a, graph.JobWrite{Memories: []schema.Memory{inWork, inPrivate}})
	theirs := memory("their launch is in October")
	complete(t, s, c, theirs)

	if _, err := s.ShareSpace(ctx, a, work.ID, b, "", graph.RoleEditor); err != nil {
		t.Fatal(err)
	}
	acc, err := s.AcceptSpaceInvitation(ctx, b, work.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The member's own graph has none of it.
	if ms, err := s.Memories(ctx, b, []string{inWork.ID, inPrivate.ID, theirs.ID}); err != nil || len(ms) != 0 {
		t.Errorf("Memories(member) = %v, %v; want none", memoryIDs(ms), err)
	}
	if hits, err := s.SearchMemories(ctx, b, "launch October", 10); err != nil || len(hits) != 0 {
		t.Errorf("SearchMemories(member) = %v, %v; want none", ids(hits), err)
	}
	// The resolved, space-restricted read sees the shared space alone.
	hits, err := s.SearchMemoriesIn(ctx, acc.Owner, []string{acc.Space.ID}, "launch October", 10)
	if err != nil || len(hits) != 1 || hits[0].ID != inWork.ID {
		t.Errorf("SearchMemoriesIn(resolved) = %v, %v; want only %s", ids(hits), err, inWork.ID)
	}
	list, err := s.ListMemories(ctx, acc.Owner, graph.MemoryFilter{SpaceID: acc.Space.ID}, 10, graph.MemoryCursor{})
	if err != nil || len(list) != 1 || list[0].ID != inWork.ID {
		t.Errorf("ListMemories(resolved) = %v, %v; want only %s", memoryIDs(list), err, inWork.ID)
	}
	// An unrelated owner's data never crosses.
	if hits, err := s.SearchMemoriesIn(ctx, acc.Owner, []string{acc.Space.ID}, "their", 10); err != nil || len(hits) != 0 {
		t.Errorf("SearchMemoriesIn(resolved, another owner's words) = %v, %v; want none", ids(hits), err)
	}
	if _, err := s.SpaceAccess(ctx, c, work.ID); err == nil {
		t.Error("an unrelated owner resolved the shared space")
	}

	// A contribution records who sent it.
	doc := schema.Document{ID: schema.NewID(schema.PrefixDocument), Text: "from the editor", SpaceID: work.ID, ContentHash: "x", ContributedBy: b}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID}
	if err := s.CreateDocumentJob(ctx, acc.Owner, doc, job); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkPublished(ctx, acc.Owner, job.ID); err != nil {
		t.Fatal(err)
	}
	stored, err := s.Document(ctx, a, doc.ID)
	if err != nil || stored.ContributedBy != b {
		t.Errorf("Document.ContributedBy = %q, %v; want %q", stored.ContributedBy, err, b)
	}
	if _, err := s.Document(ctx, b, doc.ID); err == nil {
		t.Error("the contributor read the owner's document through their own graph")
	}
}
