package graphtest

import (
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

func testReminders(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	if got, err := s.CancelledReminders(ctx, alice, []string{"rem_a", "rem_b"}); err != nil || len(got) != 0 {
		t.Fatalf("CancelledReminders before any = %v, %v", got, err)
	}
	before := time.Now().Add(-time.Second)
	at, err := s.CancelReminder(ctx, alice, "rem_a")
	if err != nil || at.Before(before) {
		t.Fatalf("CancelReminder = %v, %v", at, err)
	}
	again, err := s.CancelReminder(ctx, alice, "rem_a")
	if err != nil || !again.Equal(at) {
		t.Errorf("CancelReminder twice = %v, %v; want the first time %v", again, err, at)
	}
	got, err := s.CancelledReminders(ctx, alice, []string{"rem_a", "rem_b"})
	if err != nil || len(got) != 1 || !got["rem_a"].Equal(at) {
		t.Errorf("CancelledReminders = %v, %v", got, err)
	}
	// Another owner's cancellation is not this owner's.
	if got, err := s.CancelledReminders(ctx, bob, []string{"rem_a"}); err != nil || len(got) != 0 {
		t.Errorf("bob sees alice's cancellation: %v, %v", got, err)
	}
	_, err = s.CancelReminder(ctx, alice, "")
	wantErr(t, "CancelReminder without an id", err, schema.ErrInvalid)
	_, err = s.CancelledReminders(ctx, alice, make([]string, graph.MaxPage+1))
	wantErr(t, "CancelledReminders of too many ids", err, schema.ErrInvalid)
}
