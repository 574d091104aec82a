package main

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/bench/internal/locomodata"
)

// A tiny synthetic conversation in LoCoMo's shape (not LoCoMo data: its
// licence forbids redistribution). Session 2 has a date but no turns, as
// LoCoMo's files do for sessions that were never written.
const synthetic = `[{
  "sample_id": "conv-x",
  "conversation": {
    "speaker_a": "Ana", "speaker_b": "Ben",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
      {"speaker": "Ana", "dia_id": "D1:1", "text": "Hi Ben! I adopted a cat yesterday."},
      {"speaker": "Ben", "dia_id": "D1:2", "text": "Nice. I bought a kayak.", "blip_caption": "a red kayak on a lake"},
      {"speaker": "Ana", "dia_id": "D1:3", "text": "We should paddle together."}
    ],
    "session_2_date_time": "9:00 am on 1 June, 2023",
    "session_3_date_time": "10:37 am on 27 June, 2023",
    "session_3": [
      {"speaker": "Ben", "dia_id": "D3:1", "text": "The kayak trip was great!"},
      {"speaker": "Ana", "dia_id": "D3:2", "text": "My cat hated the water."}
    ]
  },
  "qa": [
    {"question": "When did Ana adopt a cat?", "answer": "7 May 2023", "evidence": ["D1:1"], "category": 2},
    {"question": "What did Ben buy and use?", "answer": "a kayak", "evidence": ["D1:2; D3:01", "D1:2"], "category": 1},
    {"question": "What is Ana's dog called?", "adversarial_answer": "Rex", "evidence": ["D3:2"], "category": 5},
    {"question": "Unanswerable", "answer": "x", "evidence": ["none", "D9:9"], "category": 4},
    {"question": "Where does Ana live?", "answer": "x", "evidence": ["D:3:2"], "category": 3}
  ]
}]`

func loadSynthetic(t *testing.T) *locomodata.Conversation {
	t.Helper()
	cs, err := locomodata.Parse([]byte(synthetic))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("got %d conversations", len(cs))
	}
	return cs[0]
}

func TestNormIDs(t *testing.T) {
	cases := map[string][]string{
		"D1:3":         {"D1:3"},
		"D:1:3":        {"D1:3"},
		"D8:6; D9:17":  {"D8:6", "D9:17"},
		"D30:05":       {"D30:5"},
		"D 1:3":        nil,
		"":             nil,
		"see D2:10,D4": {"D2:10"},
	}
	for in, want := range cases {
		if got := locomodata.NormIDs([]string{in}); !reflect.DeepEqual(got, want) {
			t.Errorf("NormIDs(%q) = %v, want %v", in, got, want)
		}
	}
	if got := locomodata.NormIDs([]string{"D1:1", "D2:2; D3:3"}); !reflect.DeepEqual(got, []string{"D1:1", "D2:2", "D3:3"}) {
		t.Errorf("several entries: %v", got)
	}
	if locomodata.NormID("D:07:09") != "D7:9" || locomodata.NormID("x") != "" {
		t.Errorf("NormID: %q %q", locomodata.NormID("D:07:09"), locomodata.NormID("x"))
	}
}

func TestParse(t *testing.T) {
	c := loadSynthetic(t)
	if len(c.Sessions) != 2 || c.Sessions[0].Num != 1 || c.Sessions[1].Num != 3 {
		t.Fatalf("sessions: %+v", c.Sessions)
	}
	if len(c.Turns) != 5 {
		t.Fatalf("turns: %d", len(c.Turns))
	}
	kayak := c.Turns[c.TurnIndex("D1:2")]
	if kayak.Content != "Nice. I bought a kayak. [shares a photo: a red kayak on a lake]" || kayak.Text != "Nice. I bought a kayak." {
		t.Errorf("caption: %+v", kayak)
	}
	if want := time.Date(2023, 5, 8, 13, 56, 1, 0, time.UTC); !kayak.SaidAt.Equal(want) {
		t.Errorf("said at %v, want %v (session start + i seconds)", kayak.SaidAt, want)
	}
	if kayak.Render() != "[1:56 pm on 8 May, 2023] Ben: Nice. I bought a kayak. [shares a photo: a red kayak on a lake]\n" {
		t.Errorf("render: %q", kayak.Render())
	}
	if want := time.Date(2023, 6, 27, 10, 37, 0, 0, time.UTC); !c.Now().Equal(want) {
		t.Errorf("now %v, want %v", c.Now(), want)
	}
	if c.Skipped != 1 || len(c.Questions) != 4 {
		t.Fatalf("skipped %d, questions %d", c.Skipped, len(c.Questions))
	}
	if q := c.Questions[1]; !reflect.DeepEqual(q.Gold, []string{"D1:2", "D3:1"}) || q.Category != locomodata.CatMultiHop || q.Index != 1 {
		t.Errorf("gold normalised and deduplicated: %+v", q)
	}
	if q := c.Questions[3]; q.Index != 4 || !reflect.DeepEqual(q.Gold, []string{"D3:2"}) {
		t.Errorf("D:3:2: %+v", q)
	}
	if c.TurnIndex("D9:9") != -1 {
		t.Error("unknown turn found")
	}
}

func TestParseSessionTime(t *testing.T) {
	got, err := locomodata.ParseSessionTime("10:37  am on 27 June, 2023")
	if err != nil || !got.Equal(time.Date(2023, 6, 27, 10, 37, 0, 0, time.UTC)) {
		t.Errorf("%v %v", got, err)
	}
	if _, err := locomodata.ParseSessionTime("yesterday"); err == nil {
		t.Error("no error for a bad date")
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestRecallAt(t *testing.T) {
	gold := []string{"D1:1", "D1:2", "D3:1"}
	ranked := [][]string{
		{"D2:2"},         // a miss
		nil,              // a memory with no turn evidence
		{"D1:2", "D3:1"}, // one memory resting on two turns
		{"D1:1"},
	}
	for k, want := range map[int]float64{1: 0, 2: 0, 3: 2.0 / 3, 4: 1, 20: 1} {
		if got := RecallAt(gold, ranked, k); !near(got, want) {
			t.Errorf("R@%d = %v, want %v", k, got, want)
		}
	}
	if AllHitAt(gold, ranked, 3) != 0 || AllHitAt(gold, ranked, 4) != 1 {
		t.Error("all-hit")
	}
	if RecallAt(nil, ranked, 5) != 0 {
		t.Error("no gold must score 0, not NaN")
	}
	if RecallAt(gold, nil, 5) != 0 {
		t.Error("nothing ranked")
	}
}

func TestPack(t *testing.T) {
	take, used := Pack([]int{40, 70, 30, 50, 10}, 100)
	if !reflect.DeepEqual(take, []int{0, 2, 4}) || used != 80 {
		t.Errorf("take %v used %d: a too-big item is skipped and smaller later ones still taken", take, used)
	}
	take, used = Pack([]int{200}, 100)
	if len(take) != 0 || used != 0 {
		t.Errorf("over budget: %v %d", take, used)
	}
}

func TestSentencesAndCarried(t *testing.T) {
	got := Sentences("Hey Mel!  How's it going? I went... to a  group. ok")
	want := []string{"hey mel!", "how's it going?", "i went...", "to a group.", "ok"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Sentences = %q, want %q", got, want)
	}
	if got := Sentences("v1.2 is out!"); !reflect.DeepEqual(got, []string{"v1.2 is out!"}) {
		t.Errorf("no split inside a word: %q", got)
	}
	ctx := NormText("[m1] \"Ana: Hi Ben!\"\n[m2] \"Ana: I adopted a cat yesterday.\"\n")
	if v, s, c := Carried("Hi Ben! I adopted a cat yesterday.", ctx); v || !s || c != 1 {
		t.Errorf("split across lines: verbatim %v sentences %v cover %v", v, s, c)
	}
	if v, s, c := Carried("I adopted   a CAT yesterday.", ctx); !v || !s || c != 1 {
		t.Errorf("case and space: verbatim %v sentences %v cover %v", v, s, c)
	}
	if v, s, c := Carried("Hi Ben! I adopted a dog. Bye.", ctx); v || s || !near(c, 1.0/3) {
		t.Errorf("missing sentences: verbatim %v sentences %v cover %v", v, s, c)
	}
}

func TestScoreContext(t *testing.T) {
	text := map[string]string{"D1:1": "I adopted a cat.", "D1:2": "I bought a kayak. It is red.", "D3:1": "Great trip!", "D3:2": "Wet cat."}
	textOf := func(id string) string { return text[id] }
	context := "header\n" +
		"[m1] \"Ana: I adopted a cat.\"\n" + // D1:1: linked and carried
		"[m2] \"Ben: I bought a kayak.\"\n" + // D1:2: linked, one sentence of two
		"[m3] \"Ben: It is red.\"\n" +
		"[m4] \"Wet cat.\"\n" // D3:2 text, but m4 links elsewhere
	items := [][]string{{"D1:1"}, {"D1:2"}, {"D1:2"}, {"D9:9"}, {"D3:1"}} // m5 links D3:1 but its text is absent
	s := ScoreContext([]string{"D1:1", "D1:2", "D3:1", "D3:2"}, items, context, textOf)
	want := ContextScore{Prov: 3.0 / 4, Text: 2.0 / 4, Sent: 3.0 / 4, Both: 1.0 / 4, BothSent: 2.0 / 4, Cover: 3.0 / 4}
	if !near(s.Prov, want.Prov) || !near(s.Text, want.Text) || !near(s.Sent, want.Sent) || !near(s.Both, want.Both) || !near(s.BothSent, want.BothSent) || !near(s.Cover, want.Cover) {
		t.Errorf("got %+v, want %+v", s, want)
	}
	if s := ScoreContext(nil, items, context, textOf); s != (ContextScore{}) {
		t.Errorf("no gold: %+v", s)
	}
}

func lenCost(c *locomodata.Conversation) []int {
	costs := make([]int, len(c.Turns))
	for i, t := range c.Turns {
		costs[i] = (len(t.Render()) + 3) / 4
	}
	return costs
}

func textOfConv(c *locomodata.Conversation) func(string) string {
	return func(id string) string { return c.Turns[c.TurnIndex(id)].Text }
}

// The oracle ranks the gold turns and nothing else: it must score 1.0 on
// every budget and on R@k whenever k covers the gold.
func TestOracleScoresOne(t *testing.T) {
	c := loadSynthetic(t)
	agg := NewAgg()
	costs := lenCost(c)
	for _, q := range c.Questions {
		var r []int
		for _, g := range q.Gold {
			r = append(r, c.TurnIndex(g))
		}
		m := TurnMethodMetrics(c, q.Gold, r, costs, textOfConv(c))
		for _, k := range []string{"R@5", "R@10", "R@20", "all@10", "rec@1500", "rec@4000", "recS@1500", "prov@4000", "text@4000"} {
			if m[k] != 1 {
				t.Errorf("question %d: oracle %s = %v", q.Index, k, m[k])
			}
		}
		agg.Add(MOracle, q.Category, m)
	}
	if !oracleOK(agg) {
		t.Error("oracleOK is false for a perfect oracle")
	}
	// And a method that finds nothing is not an oracle.
	bad := NewAgg()
	bad.Add(MOracle, locomodata.CatTemporal, map[string]float64{"rec@1500": 1, "rec@4000": 0.5, "R@20": 1})
	if oracleOK(bad) {
		t.Error("oracleOK accepts recall 0.5")
	}
}

func TestTurnMethodMetricsBudget(t *testing.T) {
	c := loadSynthetic(t)
	costs := lenCost(c)
	q := c.Questions[1] // gold D1:2, D3:1
	recent := []int{4, 3, 2, 1, 0}
	m := TurnMethodMetrics(c, q.Gold, recent, costs, textOfConv(c))
	if !near(m["R@5"], 1) || !near(m["R@20"], 1) || m["rec@1500"] != 1 {
		t.Errorf("recency over 5 turns: %v", m)
	}
	if m["tok@1500"] != float64(costs[0]+costs[1]+costs[2]+costs[3]+costs[4]) {
		t.Errorf("tok@1500 = %v: the tokens reported are the tokens packed", m["tok@1500"])
	}
	// A budget that holds only the two most recent turns (D3:2, D3:1)
	// finds D3:1 of the gold only.
	two := costs[4] + costs[3]
	saved := Budgets
	Budgets = []int{two}
	defer func() { Budgets = saved }()
	m = TurnMethodMetrics(c, q.Gold, recent, costs, textOfConv(c))
	b := fmt.Sprint(two)
	if m["rec@"+b] != 0.5 || m["prov@"+b] != 0.5 || m["text@"+b] != 0.5 || m["tok@"+b] != float64(two) {
		t.Errorf("budget %d: %v", two, m)
	}
}

func TestAggGroups(t *testing.T) {
	a := NewAgg()
	a.Add("m", locomodata.CatMultiHop, map[string]float64{"R@5": 1})
	a.Add("m", locomodata.CatSingleHop, map[string]float64{"R@5": 0})
	a.Add("m", locomodata.CatAdversarial, map[string]float64{"R@5": 1})
	if v, _ := a.Mean("m", GroupHeadline, "R@5"); !near(v, 0.5) || a.N("m", GroupHeadline) != 2 {
		t.Errorf("headline excludes category 5: %v n=%d", v, a.N("m", GroupHeadline))
	}
	if v, _ := a.Mean("m", GroupAll, "R@5"); !near(v, 2.0/3) {
		t.Errorf("all: %v", v)
	}
	if v, _ := a.Mean("m", "adversarial", "R@5"); v != 1 || a.N("m", "adversarial") != 1 {
		t.Errorf("adversarial apart: %v", v)
	}
	if _, ok := a.Mean("m", "temporal", "R@5"); ok {
		t.Error("empty group has a mean")
	}
	if s := a.Summary(); s["m"][GroupHeadline]["n"] != 2 {
		t.Errorf("summary: %v", s)
	}
}

func TestPercentile(t *testing.T) {
	var ds []time.Duration
	for i := 1; i <= 100; i++ {
		ds = append(ds, time.Duration(101-i)*time.Millisecond)
	}
	if Percentile(ds, 50) != 50*time.Millisecond || Percentile(ds, 95) != 95*time.Millisecond || Percentile(ds, 100) != 100*time.Millisecond {
		t.Errorf("p50 %v p95 %v", Percentile(ds, 50), Percentile(ds, 95))
	}
	if Percentile(nil, 50) != 0 || Percentile(ds[:1], 95) != 100*time.Millisecond {
		t.Error("edge cases")
	}
}

func TestMemoryDetailTurnSources(t *testing.T) {
	const body = `{"memory":{"id":"mem_1"},"evidence":[
	  {"documentId":"doc_1","source":"conversation conv-x","excerpt":"x"},
	  {"turnId":"trn_1","conversationId":"conv-x","seq":2,"source":"D1:2"},
	  {"turnId":"trn_2","conversationId":"conv-x","seq":3,"source":""}]}`
	var d MemoryDetail
	if err := json.Unmarshal([]byte(body), &d); err != nil {
		t.Fatal(err)
	}
	if got := d.TurnSources(); !reflect.DeepEqual(got, []string{"D1:2"}) {
		t.Errorf("TurnSources = %v: only turn evidence with a source id counts", got)
	}
}

func TestRankByCosine(t *testing.T) {
	vecs := [][]float32{{0, 1}, {1, 0}, {0.7, 0.7}, {1, 0}}
	if got := RankByCosine([]float32{1, 0}, vecs); !reflect.DeepEqual(got, []int{1, 3, 2, 0}) {
		t.Errorf("rank %v: best first, ties by index", got)
	}
}

func TestSanitizeOwner(t *testing.T) {
	if got := sanitize("conv 26/x"); got != "conv-26-x" || strings.ContainsAny(got, " /") {
		t.Errorf("sanitize: %q", got)
	}
}
