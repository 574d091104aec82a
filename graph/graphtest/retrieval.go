package graphtest

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// testRetrievalLookups checks graph.RetrievalStore: evidence turns,
// memories near entities, bounds and owner isolation.
func testRetrievalLookups(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner, other := newOwner(), newOwner()
	const conv = "R1"
	said := ts.Add(-time.Hour)
	var in []schema.Turn
	for i, text := range []string{"Hi Ana.", "I moved to Berlin in May.", "Nice! How is Acme?", "Busy, we ship the ledger soon.", "Good luck."} {
		in = append(in, schema.Turn{Author: "user", Text: text, SaidAt: said.Add(time.Duration(i) * time.Minute)})
	}
	turns, _, job := appendTurns(t, s, owner, conv, in...)
	ana, berlin, acme, ledger := entity(schema.KindPerson, "Ana"), entity(schema.KindPlace, "Berlin"),
		entity(schema.KindOrganisation, "Acme"), entity(schema.KindSystem, "Ledger")
	mem := func(claim string, recorded time.Duration, state schema.MemoryState, about ...string) schema.Memory {
		m := memory(claim)
		m.RecordedAt, m.State, m.EntityIDs = ts.Add(recorded), state, about
		return m
	}
	mMoved := mem("Ana moved to Berlin in May.", 1*time.Hour, schema.StateActive, ana.ID, berlin.ID)
	mShip := mem("Acme ships the ledger soon.", 2*time.Hour, schema.StateActive, acme.ID, ledger.ID)
	mOld := mem("Ana lived in Lisbon.", 3*time.Hour, schema.StateSuperseded, ana.ID)
	mNone := mem("Ana likes tea.", 4*time.Hour, schema.StateActive, ana.ID)
	if _, _, err := s.StartJob(ctx, owner, job.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteJob(ctx, owner, job.ID, graph.JobWrite{
		Entities:    []schema.Entity{ana, berlin, acme, ledger},
		Memories:    []schema.Memory{mMoved, mShip, mOld, mNone},
		Relations:   []graph.Relation{{FromID: ana.ID, ToID: acme.ID, Type: "works_at"}},
		MemoryTurns: map[string][]string{mMoved.ID: {turns[1].ID}, mShip.ID: {turns[3].ID, turns[2].ID}},
	}); err != nil {
		t.Fatalf("CompleteJob: %v", err)
	}

	// Evidence turns, in seq order; memories without turns and unknown
	// ids are absent.
	ev, err := s.EvidenceTurns(ctx, owner, []string{mShip.ID, mMoved.ID, mNone.ID, "mem_nope", mShip.ID, ""})
	if err != nil {
		t.Fatalf("EvidenceTurns: %v", err)
	}
	want := map[string][]schema.Turn{mMoved.ID: {turns[1]}, mShip.ID: {turns[2], turns[3]}}
	if diff := cmp.Diff(want, ev); diff != "" {
		t.Errorf("EvidenceTurns (-want +got):\n%s", diff)
	}
	if ev, err := s.EvidenceTurns(ctx, other, []string{mShip.ID}); err != nil || len(ev) != 0 {
		t.Errorf("EvidenceTurns of another owner = %v, %v; want nothing", ev, err)
	}
	if ev, err := s.EvidenceTurns(ctx, owner, nil); err != nil || len(ev) != 0 {
		t.Errorf("EvidenceTurns of no ids = %v, %v", ev, err)
	}

	// Memories near entities: about Ana first (current ones only, newest
	// first), then one hop away (Berlin by a shared memory, Acme by a
	// relation), then two (the ledger through Acme).
	near, err := s.MemoriesNearEntities(ctx, owner, []string{ana.ID}, 2, 10)
	if err != nil {
		t.Fatalf("MemoriesNearEntities: %v", err)
	}
	wantNear := []graph.NearMemory{{ID: mNone.ID, Hops: 0}, {ID: mMoved.ID, Hops: 0}, {ID: mShip.ID, Hops: 1}}
	if diff := cmp.Diff(wantNear, near); diff != "" {
		t.Errorf("MemoriesNearEntities from Ana (-want +got):\n%s", diff)
	}
	near, err = s.MemoriesNearEntities(ctx, owner, []string{ledger.ID}, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	wantNear = []graph.NearMemory{{ID: mShip.ID, Hops: 0}, {ID: mNone.ID, Hops: 2}, {ID: mMoved.ID, Hops: 2}}
	if diff := cmp.Diff(wantNear, near); diff != "" {
		t.Errorf("MemoriesNearEntities from the ledger (-want +got):\n%s", diff)
	}
	if near, err := s.MemoriesNearEntities(ctx, owner, []string{ledger.ID}, 0, 10); err != nil || len(near) != 1 {
		t.Errorf("MemoriesNearEntities with 0 hops = %v, %v; want the ledger's one memory", near, err)
	}
	if near, err := s.MemoriesNearEntities(ctx, owner, []string{ana.ID}, 2, 1); err != nil || len(near) != 1 || near[0].ID != mNone.ID {
		t.Errorf("MemoriesNearEntities with limit 1 = %v, %v", near, err)
	}
	if near, err := s.MemoriesNearEntities(ctx, other, []string{ana.ID}, 2, 10); err != nil || len(near) != 0 {
		t.Errorf("MemoriesNearEntities of another owner = %v, %v; want nothing", near, err)
	}
	// A hub (about more than MaxNearDegree memories) is neither a start
	// nor a step.
	busy := newOwner()
	hub, spot := entity(schema.KindPerson, "Hub"), entity(schema.KindPlace, "Spot")
	var many []schema.Memory
	for i := range graph.MaxNearDegree + 1 {
		many = append(many, mem(fmt.Sprintf("Hub said thing %d.", i), time.Duration(i)*time.Minute, schema.StateActive, hub.ID))
	}
	both := mem("Hub went to Spot.", 0, schema.StateActive, hub.ID, spot.ID)
	completeWith(t, s, busy, graph.JobWrite{Entities: []schema.Entity{hub, spot}, Memories: append(many, both)})
	if near, err := s.MemoriesNearEntities(ctx, busy, []string{hub.ID}, 2, 10); err != nil || len(near) != 0 {
		t.Errorf("MemoriesNearEntities from a hub = %v, %v; want nothing", near, err)
	}
	near, err = s.MemoriesNearEntities(ctx, busy, []string{spot.ID}, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]graph.NearMemory{{ID: both.ID, Hops: 0}}, near); diff != "" {
		t.Errorf("MemoriesNearEntities next to a hub (-want +got):\n%s", diff)
	}

	_, err = s.MemoriesNearEntities(ctx, owner, []string{ana.ID}, graph.MaxNearHops+1, 10)
	wantErr(t, "MemoriesNearEntities with too many hops", err, schema.ErrInvalid)
	_, err = s.MemoriesNearEntities(ctx, owner, []string{ana.ID}, 1, 0)
	wantErr(t, "MemoriesNearEntities with limit 0", err, schema.ErrInvalid)
}
