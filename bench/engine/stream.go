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
// each message's claims against the claims of every earlier message still
// held by the rules (conflicts.Compare; the worker finds them by subject
// and attribute and by their words, among its memories active or
// disputed), and, with vectors, a claim the rules relate to nothing
// against its streamNeighbours nearest earlier claims at least
// meaningSimilarity close, nearest first, by the readings by meaning, the
// first that decides relating the two messages (one decision a claim, as
// the worker makes). A claim a later one superseded (or one said to be
// older than a claim it met) is retired and read no more, as the worker
// reads only what still holds. Every pair of messages is scored: those
// Relations do not name must stay unrelated, under the pair names of the
// report with ids "<stream>:<existing>-<incoming>".
func evalStream(r *Report, s StreamCase, vecs *Vectors) {
	want, err := s.want()
	if err != nil {
		panic(err) // load checked it
	}
	mems := make([][]schema.Memory, len(s.Messages))
	for k, m := range s.Messages {
		mems[k] = extract(m.Text, m.SaidAt)
	}
	id := func(i, j int) string { return fmt.Sprintf("%s:%02d-%02d", s.ID, i, j) }
	wanted := func(i, j int) conflicts.Relation {
		if w, ok := want[[2]int{i, j}]; ok {
			return conflicts.Relation(w)
		}
		return conflicts.Unrelated
	}
	rules := readStream(mems, nil)
	for j := 1; j < len(mems); j++ {
		for i := 0; i < j; i++ {
			got, w := throughChain(rules, i, j, wanted(i, j) == conflicts.Supersedes), wanted(i, j)
			score(r, "pairs/", got.rel, w)
			if got.rel != w {
				r.miss("%s: %s, want %s (%s)", id(i, j), got.rel, w, got.reason)
			}
		}
	}
	if vecs == nil {
		return
	}
	both := readStream(mems, vecs.Claims)
	for j := 1; j < len(mems); j++ {
		for i := 0; i < j; i++ {
			got, w := throughChain(both, i, j, wanted(i, j) == conflicts.Supersedes), wanted(i, j)
			score(r, withMeaning, got.rel, w)
			r.reading(got.rel, got.reason, got.rel == w)
			if got.rel != w {
				r.miss("%s +meaning: %s, want %s (%s)", id(i, j), got.rel, w, got.reason)
			}
		}
	}
}

// throughChain is the relation read between messages i and j, but, for a
// pair labelled a supersession (labelled), one the reading left unrelated
// because i was retired before j came, a supersession when a chain of
// supersessions read leads from i to j: "€1,800" retired by "€2,100",
// retired by "€2,400", is the history the label asks of "€1,800" and
// "€2,400".
func throughChain(got map[[2]int]decided, i, j int, labelled bool) decided {
	d := got[[2]int{i, j}]
	if !labelled || d.rel != conflicts.Unrelated {
		return d
	}
	// reach[k]: a chain of supersessions leads from i to message k
	reach := map[int]bool{i: true}
	for k := i + 1; k <= j; k++ {
		for h := i; h < k; h++ {
			if reach[h] && got[[2]int{h, k}].rel == conflicts.Supersedes {
				reach[k] = true
				if k == j {
					return decided{conflicts.Supersedes, fmt.Sprintf("through message %d, which superseded the earlier one", h)}
				}
				break
			}
		}
	}
	return d
}

// decided is a relation read between two messages, and why.
type decided struct {
	rel    conflicts.Relation
	reason string
}

// readStream reads the messages' claims (mems[k] are message k's) in
// order, as evalStream says, by the rules alone, or, with claims' vectors,
// by the readings by meaning too where the rules relate two messages to
// nothing. It returns the relation read between every two messages.
func readStream(mems [][]schema.Memory, claims map[string][]float32) map[[2]int]decided {
	out := map[[2]int]decided{}
	// retired[{k, ei}]: message k's claim ei is held no more
	retired := map[[2]int]bool{}
	for j := 1; j < len(mems); j++ {
		// related[{i, ei, ci}] is the rules' relation of message i's
		// claim ei to this message's claim ci
		related := map[[3]int]conflicts.Relation{}
		for i := 0; i < j; i++ {
			got, first := decided{conflicts.Unrelated, "no memories extracted"}, true
			for ei, e := range mems[i] {
				if retired[[2]int{i, ei}] {
					if first {
						got.reason = "the earlier message's claims were retired before"
					}
					continue
				}
				for ci, c := range mems[j] {
					d := conflicts.Compare(e, c)
					related[[3]int{i, ei, ci}] = d.Relation
					if first || strength[d.Relation] > strength[got.rel] {
						got, first = decided{d.Relation, d.Reason}, false
					}
				}
			}
			out[[2]int{i, j}] = got
		}
		type retire struct{ k, i int }
		var gone []retire
		meaning := map[[2]int]decided{}
		if claims != nil {
			for ci, c := range mems[j] {
				rel := func(k, ei int) conflicts.Relation {
					if r, ok := related[[3]int{k, ei, ci}]; ok {
						return r
					}
					return conflicts.Relation("")
				}
				isRetired := func(k, ei int) bool { return retired[[2]int{k, ei}] }
				k, ei, d, ok := streamMeaning(claims, mems[:j], c, rel, isRetired)
				if !ok {
					continue
				}
				if key := [2]int{k, j}; strength[d.Relation] > strength[meaning[key].rel] {
					meaning[key] = decided{d.Relation, d.Reason}
				}
				switch d.Relation {
				case conflicts.Supersedes:
					gone = append(gone, retire{k, ei})
				case conflicts.SupersededBy:
					gone = append(gone, retire{j, ci})
				}
			}
		}
		for key, d := range meaning {
			if out[key].rel == conflicts.Unrelated {
				out[key] = d
			}
		}
		for key, rel := range related {
			switch rel {
			case conflicts.Supersedes:
				gone = append(gone, retire{key[0], key[1]})
			case conflicts.SupersededBy:
				gone = append(gone, retire{j, key[2]})
			}
		}
		for _, g := range gone {
			retired[[2]int{g.k, g.i}] = true
		}
	}
	return out
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
		if x.sim >= meaningSimilarity && related(x.k, x.i) == conflicts.Unrelated && conflicts.MayBeSame(x.m, c) {
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
var meaningSimilarity = min(conflicts.DuplicateMeaningSimilarity, conflicts.ChangeMeaningSimilarityShared, conflicts.ContradictionMeaningSimilarity, conflicts.PastMeaningSimilarity)

// streamPairs is how many pairs of messages the streams hold.
func streamPairs(ss []StreamCase) int {
	n := 0
	for _, s := range ss {
		n += len(s.Messages) * (len(s.Messages) - 1) / 2
	}
	return n
}
