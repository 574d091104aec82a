package ingest_test

import (
	"slices"
	"testing"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
)

// TestChangeSaidInOtherWords: with the real model, Neo4j and Weaviate, a
// claim worded as a change that shares no subject and attribute with the
// stored claim it changes supersedes it (conflicts.ChangeByMeaning; the
// stored claim is found among the vectors nearest to the new one, read
// from the store, and compared); a stored claim the person confirmed is
// not retired but disputed; a change of someone else's value, or of a
// value held beside it, retires nothing. Two claims said together that
// give one thing two values, one of them saying its value is the only
// one, open a conflict and retire nothing
// (conflicts.ContradictionByMeaning; the stored claim found by the new
// one's words or among the vectors nearest to it); said weeks apart, or of
// two things of a kind, they open nothing. A new claim of what held before
// is kept as the stored one's earlier value (conflicts.PastByMeaning).
// Only the claims of the message nearest to the new one are read so: a
// change is not read of one behind a nearer claim of another message.
func TestChangeSaidInOtherWords(t *testing.T) {
	store := neo4jtest.Open(t)
	model := openLocalModel(t)
	vs := openWeaviate(t, model)
	tests := []struct {
		name, stored, incoming string
		// between is said a day after stored, in a message of its own
		between               string
		hours                 int // between them; 0 is 30 days
		confirm               bool
		supersedes, conflicts []string
	}{
		{name: "a habit moved to another time of day", stored: "I take my vitamin D in the evening with dinner.", incoming: "I've started taking the vitamin D in the mornings instead, read it can mess with your sleep.",
			supersedes: []string{"I've started taking the vitamin D in the mornings instead, read it can mess with your sleep. -> I take my vitamin D in the evening with dinner."}},
		{name: "a pet's food cut", stored: "Our dog Pepper eats 200g of kibble a day.", incoming: "The vet cut Pepper's food to 150g a day.",
			supersedes: []string{"The vet cut Pepper's food to 150g a day. -> Our dog Pepper eats 200g of kibble a day."}},
		{name: "the person confirmed the stored value", stored: "Our dog Pepper eats 200g of kibble a day.", incoming: "The vet cut Pepper's food to 150g a day.", confirm: true,
			conflicts: []string{"Our dog Pepper eats 200g of kibble a day. vs The vet cut Pepper's food to 150g a day."}},
		{name: "someone else's pocket money", stored: "Ella gets £5 a week pocket money.", incoming: "Max has started getting £3 a week pocket money now he's seven."},
		{name: "a second allergy", stored: "I'm allergic to penicillin.", incoming: "Turns out I'm also allergic to amoxicillin now, the GP said."},
		{name: "the only one stored, the other said after", stored: "My single current account is with Monzo.", incoming: "The current account I have is with Barclays.", hours: 2,
			conflicts: []string{"My single current account is with Monzo. vs The current account I have is with Barclays."}},
		{name: "the only one said after", stored: "Tom's swimming lesson is on Wednesdays.", incoming: "Tom has swimming once a week, on Saturday mornings.", hours: 5,
			conflicts: []string{"Tom has swimming once a week, on Saturday mornings. vs Tom's swimming lesson is on Wednesdays."}},
		{name: "the only one, said weeks apart", stored: "Tom's swimming lesson is on Wednesdays.", incoming: "Tom has swimming once a week, on Saturday mornings.", hours: 24 * 20},
		{name: "two things of a kind", stored: "Primary backups go to an S3 bucket in Ireland.", incoming: "Secondary backups only go to the tape library in Leeds.", hours: 2},
		// what held before, told after what holds now, is kept as the
		// earlier value; a sum paid once is not
		{name: "what held before", stored: "I bank with Monzo.", incoming: "I was previously with Barclays for about ten years.",
			supersedes: []string{"I bank with Monzo. -> I was previously with Barclays for about ten years."}},
		{name: "a sum paid once", stored: "Our flat is worth about £310k.", incoming: "We paid £240,000 for the flat back in 2016."},
		// a change is read only of the nearest message: a claim nearer to
		// the new one than the stored one is what it is about
		{name: "a nearer message between", stored: "Oscar goes to nursery two days a week, Tuesdays and Thursdays.",
			between: "Oscar's got a new key worker in the baby room at nursery.", incoming: "Oscar moved up to the toddler room at nursery this week, he loves it."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			requireUnrelated(t, tc.stored, tc.incoming)
			h := newModelHarness(t, store, model, vs)
			h.run(tc.stored, 0)
			if tc.confirm {
				ms, err := store.ListMemories(t.Context(), h.owner, graph.MemoryFilter{}, graph.MaxPage, graph.MemoryCursor{})
				if err != nil || len(ms) != 1 {
					t.Fatalf("stored %d memories (%v), want 1", len(ms), err)
				}
				if _, err := store.ConfirmMemory(t.Context(), h.owner, ms[0].ID); err != nil {
					t.Fatal(err)
				}
			}
			if tc.between != "" {
				h.run(tc.between, 24)
			}
			if tc.hours == 0 {
				tc.hours = 24 * 30
			}
			h.run(tc.incoming, tc.hours)
			got := readOutcome(t, store, h.owner)
			if !slices.Equal(got.Supersedes, tc.supersedes) || !slices.Equal(got.Conflicts, tc.conflicts) {
				t.Errorf("supersessions %q, conflicts %q; want %q and %q", got.Supersedes, got.Conflicts, tc.supersedes, tc.conflicts)
			}
		})
	}
}
