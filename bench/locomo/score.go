package main

import (
	"math"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/persistmemory/persistmemory/bench/internal/locomodata"
)

// Budgets are the context budgets scored, in tokens (cl100k_base).
var Budgets = []int{1500, 4000}

// Ks are the cut-offs of R@k over ranked items.
var Ks = []int{5, 10, 20}

// AllHitK is the cut-off of all-hit@k.
const AllHitK = 10

// Recall is the fraction of gold ids in got (0 for no gold).
func Recall(gold []string, got map[string]bool) float64 {
	if len(gold) == 0 {
		return 0
	}
	n := 0
	for _, g := range gold {
		if got[g] {
			n++
		}
	}
	return float64(n) / float64(len(gold))
}

// union is the set of ids the first k items link back to (all of them
// when k < 0 or k > len(items)).
func union(items [][]string, k int) map[string]bool {
	if k < 0 || k > len(items) {
		k = len(items)
	}
	got := map[string]bool{}
	for _, ids := range items[:k] {
		for _, id := range ids {
			got[id] = true
		}
	}
	return got
}

// RecallAt is R@k over ranked items by provenance: the fraction of gold
// turns some item among the first k links back to. An item may link back
// to several turns (a memory resting on several turns) or none.
func RecallAt(gold []string, ranked [][]string, k int) float64 {
	return Recall(gold, union(ranked, k))
}

// AllHitAt is 1 when every gold turn is linked from the first k items,
// else 0.
func AllHitAt(gold []string, ranked [][]string, k int) float64 {
	if RecallAt(gold, ranked, k) == 1 {
		return 1
	}
	return 0
}

// Pack packs items, best first, into budget tokens the way the service
// packs a context (retrieval.Context): an item is taken when the total with
// it still fits; one that does not fit is skipped and smaller ones after it
// are still tried; items are never cut. It returns the indices taken, in
// order, and the tokens used.
func Pack(costs []int, budget int) (take []int, used int) {
	for i, c := range costs {
		if used+c <= budget {
			take = append(take, i)
			used += c
		}
	}
	return take, used
}

// NormText folds case and collapses every run of white space to one space,
// so text can be compared with a context whose lines were cleaned
// (retrieval's render joins fields with single spaces).
func NormText(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// Sentences splits a turn's text after runs of '.', '!' or '?' followed by
// white space, and returns the normalised, non-empty sentences.
func Sentences(text string) []string {
	rs := []rune(text)
	var out []string
	start := 0
	for i := 0; i < len(rs); i++ {
		if !strings.ContainsRune(".!?", rs[i]) {
			continue
		}
		j := i
		for j+1 < len(rs) && strings.ContainsRune(".!?", rs[j+1]) {
			j++
		}
		if j+1 < len(rs) && unicode.IsSpace(rs[j+1]) {
			if s := NormText(string(rs[start : j+1])); s != "" {
				out = append(out, s)
			}
			start = j + 1
		}
		i = j
	}
	if s := NormText(string(rs[start:])); s != "" {
		out = append(out, s)
	}
	return out
}

// Carried says how much of a turn's text a context (already NormText-ed)
// carries: verbatim when the whole text is in it, sentences when each of
// the text's sentences is (a memory per sentence carries the turn's text
// across several lines), and cover, the fraction of its sentences that
// are. Empty text is carried.
func Carried(text, normContext string) (verbatim, sentences bool, cover float64) {
	nt := NormText(text)
	if nt == "" || strings.Contains(normContext, nt) {
		return true, true, 1
	}
	ss := Sentences(text)
	in := 0
	for _, s := range ss {
		if strings.Contains(normContext, s) {
			in++
		}
	}
	return false, in == len(ss), float64(in) / float64(len(ss))
}

// ContextScore is how much of a question's evidence one context holds.
type ContextScore struct {
	// Prov: an item of the context links back to the gold turn.
	Prov float64
	// Text: the gold turn's text is in the context (verbatim, up to case
	// and white space).
	Text float64
	// Sent: every sentence of the gold turn's text is in the context (a
	// memory per sentence carries a turn across several lines).
	Sent float64
	// Both (the headline): Prov and Text for the same gold turn.
	Both float64
	// BothSent: Prov and Sent for the same gold turn.
	BothSent float64
	// Cover: the mean fraction of a gold turn's sentences in the context.
	Cover float64
}

// ScoreContext scores a context: items are the provenance of the items it
// holds, context its text, textOf the text of a gold turn.
func ScoreContext(gold []string, items [][]string, context string, textOf func(id string) string) ContextScore {
	if len(gold) == 0 {
		return ContextScore{}
	}
	prov := union(items, -1)
	nc := NormText(context)
	var s ContextScore
	for _, g := range gold {
		verb, sent, cover := Carried(textOf(g), nc)
		s.Cover += cover
		if prov[g] {
			s.Prov++
		}
		if verb {
			s.Text++
		}
		if sent {
			s.Sent++
		}
		if prov[g] && verb {
			s.Both++
		}
		if prov[g] && sent {
			s.BothSent++
		}
	}
	n := float64(len(gold))
	return ContextScore{Prov: s.Prov / n, Text: s.Text / n, Sent: s.Sent / n, Both: s.Both / n, BothSent: s.BothSent / n, Cover: s.Cover / n}
}

// Percentile is the nearest-rank p-th percentile (0 < p <= 100) of ds, or 0
// for none.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	r := int(math.Ceil(p / 100 * float64(len(s))))
	r = max(1, min(r, len(s)))
	return s[r-1]
}

// Group names of the aggregate rows.
const (
	GroupHeadline = "ALL(1-4)"
	GroupAll      = "ALL(1-5)"
)

// Groups lists the aggregate rows in print order.
var Groups = []string{"multi-hop", "temporal", "open-domain", "single-hop", GroupHeadline, "adversarial", GroupAll}

// GroupsOf returns the rows a question of category cat counts in.
func GroupsOf(cat int) []string {
	g := []string{locomodata.CategoryName(cat)}
	if cat >= locomodata.CatMultiHop && cat <= locomodata.CatSingleHop {
		g = append(g, GroupHeadline)
	}
	return append(g, GroupAll)
}

// Agg accumulates per-question metrics by method and group.
type Agg struct {
	vals map[string]map[string]map[string][]float64 // method -> group -> metric -> values
}

// NewAgg makes an empty Agg.
func NewAgg() *Agg { return &Agg{vals: map[string]map[string]map[string][]float64{}} }

// Add records one question's metrics for a method.
func (a *Agg) Add(method string, cat int, metrics map[string]float64) {
	if a.vals[method] == nil {
		a.vals[method] = map[string]map[string][]float64{}
	}
	for _, g := range GroupsOf(cat) {
		if a.vals[method][g] == nil {
			a.vals[method][g] = map[string][]float64{}
		}
		for k, v := range metrics {
			a.vals[method][g][k] = append(a.vals[method][g][k], v)
		}
	}
}

// N is the number of questions a method has in a group.
func (a *Agg) N(method, group string) int {
	n := 0
	for _, vs := range a.vals[method][group] {
		n = max(n, len(vs))
	}
	return n
}

// Mean is a metric's mean for a method and group; ok is false when there is
// no value.
func (a *Agg) Mean(method, group, metric string) (float64, bool) {
	vs := a.vals[method][group][metric]
	if len(vs) == 0 {
		return 0, false
	}
	s := 0.0
	for _, v := range vs {
		s += v
	}
	return s / float64(len(vs)), true
}

// Summary is every mean, method -> group -> metric (with "n").
func (a *Agg) Summary() map[string]map[string]map[string]float64 {
	out := map[string]map[string]map[string]float64{}
	for m, gs := range a.vals {
		out[m] = map[string]map[string]float64{}
		for g, ms := range gs {
			out[m][g] = map[string]float64{"n": float64(a.N(m, g))}
			for k := range ms {
				v, _ := a.Mean(m, g, k)
				out[m][g][k] = math.Round(v*10000) / 10000
			}
		}
	}
	return out
}
