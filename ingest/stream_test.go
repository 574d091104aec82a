package ingest_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/graph/neo4j/neo4jtest"
)

// TestOnePersonsMessagesInOrder: one person's everyday messages, said
// over four months, run through the worker one by one on the real Neo4j,
// Weaviate and model, as the service reads them. Each relation decided is
// one a person would make; the claims about other things of their life
// stay as they were. (Run through the service, this conversation retired
// "my new manager is Tom Reilly" by "I moved to Manchester", retired the
// later of two places a sister lives, dated a launch moved "to 2 April" a
// year back, and folded "I can't stand coriander" into "I'm vegetarian".)
func TestOnePersonsMessagesInOrder(t *testing.T) {
	store := neo4jtest.Open(t)
	model := openLocalModel(t)
	vs := openWeaviate(t, model)
	h := newModelHarness(t, store, model, vs)
	day := 24
	for _, m := range []struct {
		hours int
		text  string
	}{
		{0, "I'm Dana, I work as a product designer at Finch Labs in Leeds."},
		{0, "My manager is Priya Shah. We use Figma and Linear for everything."},
		{4 * day, "My rent is £1,150 a month and I pay it on the 1st."},
		{6 * day, "I'm vegetarian, and I can't stand coriander."},
		{14 * day, "The mobile app launch is on 14 March."},
		{28 * day, "My sister Maya lives in Glasgow."},
		{29 * day, "Maya lives in Edinburgh, she moved there in 2022."},
		{40 * day, "The mobile app launch slipped to 2 April."},
		{54 * day, "Rent went up to £1,240 a month from March."},
		{58 * day, "Priya left Finch Labs; my new manager is Tom Reilly."},
		{59 * day, "Tom wants weekly design reviews on Thursdays at 2pm."},
		{115 * day, "I moved to Manchester, new flat near Ancoats."},
		{116 * day, "Design reviews moved to Wednesdays at 11."},
	} {
		h.run(m.text, m.hours)
	}
	got := readOutcome(t, store, h.owner)
	wantSupersedes := []string{
		"Design reviews moved to Wednesdays at 11. -> Tom wants weekly design reviews on Thursdays at 2pm.",
		"Rent went up to £1,240 a month from March. -> My rent is £1,150 a month and I pay it on the 1st.",
		"The mobile app launch slipped to 2 April. -> The mobile app launch is on 14 March.",
		"my new manager is Tom Reilly. -> My manager is Priya Shah.",
	}
	slices.Sort(got.Supersedes)
	if !slices.Equal(got.Supersedes, wantSupersedes) {
		t.Errorf("supersessions:\n  %s\nwant:\n  %s", strings.Join(got.Supersedes, "\n  "), strings.Join(wantSupersedes, "\n  "))
	}
	wantConflicts := []string{"Maya lives in Edinburgh, she moved there in 2022. vs My sister Maya lives in Glasgow."}
	if !slices.Equal(got.Conflicts, wantConflicts) {
		t.Errorf("conflicts %q, want %q", got.Conflicts, wantConflicts)
	}
	// the fact and the preference read in one sentence are two memories
	n := 0
	for _, m := range got.Memories {
		if strings.HasPrefix(m, "I'm vegetarian, and I can't stand coriander. |") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d memories of the vegetarian and coriander sentence, want 2 (a fact and a preference): %q", n, got.Memories)
	}
}
