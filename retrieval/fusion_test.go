package retrieval

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

func TestQueryNames(t *testing.T) {
	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"What did Caroline research?", []string{"Caroline"}},
		{"When did Melanie's kids visit New York City?", []string{"Melanie", "New York City", "New", "York", "City"}},
		{"how is the ledger?", nil},
		{"Is Ana at Acme?", []string{"Ana", "Acme"}},
	} {
		if diff := cmp.Diff(tt.want, queryNames(tt.q)); diff != "" {
			t.Errorf("queryNames(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

func TestSearchTemporalSignal(t *testing.T) {
	now := time.Date(2023, 10, 22, 12, 0, 0, 0, time.UTC)
	may := mem("mem_may", "Caroline went to a support group.")
	may.ValidFrom = day("2023-05-07")
	june := mem("mem_june", "Caroline went to a pride parade.")
	june.ValidFrom = day("2023-06-26")
	undated := mem("mem_undated", "Caroline likes parades.")
	g := newFakeGraph(may, june, undated)
	g.lexical = []string{"mem_undated", "mem_june", "mem_may"}
	s := newSearcher(g, &fakeVectors{}, newClock())

	// "in May 2023" matches mem_may's valid time only.
	res, err := s.Search(context.Background(), owner, Query{Text: "what did she do in May 2023", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range res.Items {
		if got, want := it.Breakdown.Temporal, map[bool]float64{true: WeightTemporal * rrfs(1)}[it.Memory.ID == "mem_may"]; got != want {
			t.Errorf("%s temporal = %v, want %v", it.Memory.ID, got, want)
		}
	}
	// "last summer" against now (October 2023): June 2023.
	res, err = s.Search(context.Background(), owner, Query{Text: "what happened last summer", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range res.Items {
		if (it.Breakdown.Temporal > 0) != (it.Memory.ID == "mem_june") {
			t.Errorf("last summer: %s temporal = %v", it.Memory.ID, it.Breakdown.Temporal)
		}
	}
	// "When did …" favours dated memories, in their fused order.
	res, err = s.Search(context.Background(), owner, Query{Text: "When did Caroline go to a parade?", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"mem_june": WeightTemporal * rrfs(1), "mem_may": WeightTemporal * rrfs(2), "mem_undated": 0}
	for _, it := range res.Items {
		if it.Breakdown.Temporal != want[it.Memory.ID] {
			t.Errorf("when: %s temporal = %v, want %v", it.Memory.ID, it.Breakdown.Temporal, want[it.Memory.ID])
		}
	}
	// mem_may: 1/63 + 0.5/62 > mem_undated: 1/61.
	if diff := cmp.Diff([]string{"mem_june", "mem_may", "mem_undated"}, ids(res.Items)); diff != "" {
		t.Errorf("when: order (-want +got):\n%s", diff)
	}
	// No time in the query: no temporal term.
	res, err = s.Search(context.Background(), owner, Query{Text: "parades", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range res.Items {
		if it.Breakdown.Temporal != 0 {
			t.Errorf("timeless query: %s temporal = %v", it.Memory.ID, it.Breakdown.Temporal)
		}
	}
}

func TestSearchGraphSignal(t *testing.T) {
	ana := schema.Entity{ID: "ent_ana", Name: "Ana", Kind: schema.KindPerson}
	anna := schema.Entity{ID: "ent_anna", Name: "Annabel", Aliases: []string{"Anna B"}, Kind: schema.KindPerson}
	g := newFakeGraph(mem("mem_1", "one"), mem("mem_2", "two"), mem("mem_3", "three"), mem("mem_4", "four"))
	g.lexical = []string{"mem_1", "mem_2"}
	g.entities = []schema.Entity{anna, ana} // anna shares no key with the query's names
	g.near = []graph.NearMemory{{ID: "mem_3", Hops: 0}, {ID: "mem_2", Hops: 0}, {ID: "mem_4", Hops: 1}, {ID: "mem_gone", Hops: 1}}
	s := newSearcher(g, &fakeVectors{}, newClock())
	res, err := s.Search(context.Background(), owner, Query{Text: "Where does Ana work?"})
	if err != nil {
		t.Fatal(err)
	}
	// Graph list: hop 0 by lexical+vector (mem_2, then mem_3), then hop 1
	// (mem_4), each weighted by its hops.
	want := map[string]float64{
		"mem_1": 0,
		"mem_2": WeightGraph * HopWeight[0] * rrfs(1),
		"mem_3": WeightGraph * HopWeight[0] * rrfs(2),
		"mem_4": WeightGraph * HopWeight[1] * rrfs(3),
	}
	for _, it := range res.Items {
		if it.Breakdown.Graph != want[it.Memory.ID] {
			t.Errorf("%s graph = %v, want %v", it.Memory.ID, it.Breakdown.Graph, want[it.Memory.ID])
		}
	}
	if diff := cmp.Diff([]string{"mem_2", "mem_1", "mem_3", "mem_4"}, ids(res.Items)); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	// No entity named: no graph term.
	g.entities = []schema.Entity{anna}
	res, err = s.Search(context.Background(), owner, Query{Text: "Where does Ana work?"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"mem_1", "mem_2"}, ids(res.Items)); diff != "" {
		t.Errorf("unresolved name: order (-want +got):\n%s", diff)
	}
}

func TestPrior(t *testing.T) {
	now := time.Date(2024, 6, 1, 15, 0, 0, 0, time.UTC)
	m := mem("mem_1", "x")
	m.Confidence = 1
	m.Confirmed = true
	m.ValidFrom = day("2024-06-01")
	if got := prior(&cand{item: Item{Memory: m}}, now); got != PriorScale {
		t.Errorf("a confirmed, certain memory of today: prior %v, want PriorScale %v", got, PriorScale)
	}
	m.ValidFrom = day("2023-06-02") // 365 days before
	m.Confirmed = false
	want := PriorScale * (PriorRecency*0.5 + PriorConfidence)
	if got := prior(&cand{item: Item{Memory: m}}, now); math.Abs(got-want) > 1e-15 {
		t.Errorf("a year old: prior %v, want %v", got, want)
	}
}
