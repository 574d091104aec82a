package main

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/ingest/resolve"
	"github.com/persistmemory/persistmemory/schema"
)

// streamNeighbours is how many earlier claims, nearest first, a claim of a
// stream is read against by meaning: the worker reads a new claim against
// its MeaningNeighbours (10) nearest stored memories.
const streamNeighbours = 10

// evalStream scores one stream as the worker reads a person's messages:
// each message's claims against every earlier message's by the rules
// (conflicts.Compare; the worker finds them by subject and attribute and
// by their words), and, with vectors, a claim the rules relate to nothing
// against its streamNeighbours nearest earlier claims at least
// meaningSimilarity close, nearest first, by the readings by meaning, the
// first that decides relating the two messages (one decision a claim, as
// the worker makes). Every pair of messages is scored: those Relations do
// not name must stay unrelated, under the pair names of the report with
// ids "<stream>:<existing>-<incoming>".
func evalStream(r *Report, s StreamCase, vecs *Vectors) {
	want, err := s.want()
	if err != nil {
		panic(err) // load checked it
	}
	mems := make([][]schema.Memory, len(s.Messages))
	for k, m := range s.Messages {
		mems[k] = extract(m.Text, m.SaidAt)
	}
	type decided struct {
		rel    conflicts.Relation
		reason string
	}
	n := len(s.Messages)
	rules := map[[2]int]decided{}
	// related[{i, ei, j, ci}] is the rules' relation of message i's claim
	// ei to message j's claim ci, read once for the readings by meaning
	related := map[[4]int]conflicts.Relation{}
	for j := 1; j < n; j++ {
		for i := 0; i < j; i++ {
			got := decided{conflicts.Unrelated, "no memories extracted"}
			for ei, e := range mems[i] {
				for ci, c := range mems[j] {
					d := conflicts.Compare(e, c)
					related[[4]int{i, ei, j, ci}] = d.Relation
					if strength[d.Relation] > strength[got.rel] || got.reason == "no memories extracted" {
						got = decided{d.Relation, d.Reason}
					}
				}
			}
			rules[[2]int{i, j}] = got
		}
	}
	id := func(i, j int) string { return fmt.Sprintf("%s:%02d-%02d", s.ID, i, j) }
	wanted := func(i, j int) conflicts.Relation {
		if w, ok := want[[2]int{i, j}]; ok {
			return conflicts.Relation(w)
		}
		return conflicts.Unrelated
	}
	for j := 1; j < n; j++ {
		for i := 0; i < j; i++ {
			got, w := rules[[2]int{i, j}], wanted(i, j)
			score(r, "pairs/", got.rel, w)
			if got.rel != w {
				r.miss("%s: %s, want %s (%s)", id(i, j), got.rel, w, got.reason)
			}
		}
	}
	if vecs == nil {
		return
	}
	meaning := map[[2]int]decided{}
	// retired[{k, ei}]: message k's claim ei was superseded by a later
	// claim read before, by the rules or by meaning
	retired := map[[2]int]bool{}
	for j := 1; j < n; j++ {
		for ci, c := range mems[j] {
			rel := func(k, ei int) conflicts.Relation { return related[[4]int{k, ei, j, ci}] }
			gone := func(k, ei int) bool { return retired[[2]int{k, ei}] }
			if k, ei, d, ok := streamMeaning(vecs.Claims, mems[:j], c, rel, gone); ok {
				key := [2]int{k, j}
				if strength[d.Relation] > strength[meaning[key].rel] {
					meaning[key] = decided{d.Relation, d.Reason}
				}
				if d.Relation == conflicts.Supersedes {
					retired[[2]int{k, ei}] = true
				}
			}
		}
		for i := 0; i < j; i++ {
			for ei := range mems[i] {
				for ci := range mems[j] {
					if related[[4]int{i, ei, j, ci}] == conflicts.Supersedes {
						retired[[2]int{i, ei}] = true
					}
				}
			}
		}
	}
	for j := 1; j < n; j++ {
		for i := 0; i < j; i++ {
			got, w := rules[[2]int{i, j}], wanted(i, j)
			if got.rel == conflicts.Unrelated {
				if m, ok := meaning[[2]int{i, j}]; ok {
					got = m
				}
			}
			score(r, withMeaning, got.rel, w)
			if got.rel != w {
				r.miss("%s +meaning: %s, want %s (%s)", id(i, j), got.rel, w, got.reason)
			}
		}
	}
}

// streamMeaning reads claim c by meaning against the claims of earlier
// messages (earlier[k] are message k's) as the worker does: unless the
// rules read c as a duplicate, against the streamNeighbours claims nearest
// to it, nearest first (ties: the earlier message), those at least
// meaningSimilarity close that the rules leave unrelated to c: as a
// duplicate (conflicts.ByMeaning, when nothing in the words sets them
// apart), then, when c or the other claim is worded as a change or says
// its value is the only one (or c, what held before), as a change, a
// contradiction, what held before. A claim is read for a value (a change,
// a contradiction, what held before) only when no claim of another
// earlier message still held (retired says which were superseded) is
// nearer to c, as the worker reads. related is the rules' relation of
// message k's claim i to c. It returns the message and the claim of the
// first that decides.
func streamMeaning(claims map[string][]float32, earlier [][]schema.Memory, c schema.Memory, related func(k, i int) conflicts.Relation, retired func(k, i int) bool) (int, int, conflicts.Decision, bool) {
	type cand struct {
		k, i int
		m    schema.Memory
		sim  float64
	}
	var cands []cand
	for k, ms := range earlier {
		for i, m := range ms {
			if related(k, i) == conflicts.Duplicate {
				return 0, 0, conflicts.Decision{}, false
			}
			cands = append(cands, cand{k, i, m, resolve.Cosine(claims[m.Claim], claims[c.Claim])})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		if a.sim != b.sim {
			return cmp.Compare(b.sim, a.sim)
		}
		return cmp.Compare(a.k, b.k)
	})
	cands = cands[:min(len(cands), streamNeighbours)]
	for _, x := range cands {
		if x.sim >= meaningSimilarity && related(x.k, x.i) == conflicts.Unrelated && conflicts.Apart(x.m, c) == "" {
			if d, ok := conflicts.ByMeaning(x.m, c, x.sim); ok {
				return x.k, x.i, d, true
			}
		}
	}
	marked := conflicts.WordedAsChange(c) || conflicts.SaysOnly(c) || conflicts.WordedAsPast(c)
	nearest := -1 // the nearest message with a claim still held
	for _, x := range cands {
		if !retired(x.k, x.i) {
			nearest = x.k
			break
		}
	}
	for _, x := range cands {
		if x.sim < meaningSimilarity || related(x.k, x.i) != conflicts.Unrelated || retired(x.k, x.i) {
			continue
		}
		if x.k != nearest {
			continue
		}
		if !marked && !conflicts.WordedAsChange(x.m) && !conflicts.SaysOnly(x.m) {
			continue
		}
		if d, ok := conflicts.ChangeByMeaning(x.m, c, x.sim); ok {
			return x.k, x.i, d, true
		}
		if d, ok := conflicts.ContradictionByMeaning(x.m, c, x.sim); ok {
			return x.k, x.i, d, true
		}
		if d, ok := conflicts.PastByMeaning(x.m, c, x.sim); ok {
			return x.k, x.i, d, true
		}
	}
	return 0, 0, conflicts.Decision{}, false
}

// meaningSimilarity is the least similarity any reading by meaning decides
// at.
var meaningSimilarity = min(conflicts.DuplicateMeaningSimilarity, conflicts.ChangeMeaningSimilarity, conflicts.ContradictionMeaningSimilarity, conflicts.PastMeaningSimilarity)

// streamPairs is how many pairs of messages the streams hold.
func streamPairs(ss []StreamCase) int {
	n := 0
	for _, s := range ss {
		n += len(s.Messages) * (len(s.Messages) - 1) / 2
	}
	return n
}
