package tokens

import "container/heap"

// mergeCount runs byte-pair merging over p and returns the number of
// parts left. It is tiktoken's _byte_pair_merge — repeatedly merge the
// adjacent pair whose joined bytes have the lowest rank, the leftmost one
// on ties, until no adjacent pair joins into a known token — with the
// parts kept in a linked list and the candidate pairs in a heap.
//
// Heap entries are not removed when a merge changes a pair; a popped entry
// is used only if its part is still alive and its pair still has the rank
// recorded. That check is exact: a part's start never moves, and ranks
// identify byte strings, so an equal rank means the same pair.
func mergeCount(p string, ranks map[string]int) int {
	n := len(p)
	next := make([]int, n) // start of the following part; n ends the list
	prev := make([]int, n) // start of the preceding part; -1 begins it
	alive := make([]bool, n)
	for i := range n {
		next[i], prev[i], alive[i] = i+1, i-1, true
	}
	// pairRank is the rank of part i joined with its successor.
	pairRank := func(i int) (int, bool) {
		j := next[i]
		if j >= n {
			return 0, false
		}
		r, ok := ranks[p[i:next[j]]]
		return r, ok
	}
	h := make(pairHeap, 0, n)
	for i := range n - 1 {
		if r, ok := pairRank(i); ok {
			h = append(h, pair{rank: r, start: i})
		}
	}
	heap.Init(&h)
	parts := n
	for h.Len() > 0 {
		top := heap.Pop(&h).(pair)
		i := top.start
		if !alive[i] {
			continue
		}
		if r, ok := pairRank(i); !ok || r != top.rank {
			continue
		}
		j := next[i]
		alive[j] = false
		next[i] = next[j]
		if next[j] < n {
			prev[next[j]] = i
		}
		parts--
		if r, ok := pairRank(i); ok {
			heap.Push(&h, pair{rank: r, start: i})
		}
		if q := prev[i]; q >= 0 {
			if r, ok := pairRank(q); ok {
				heap.Push(&h, pair{rank: r, start: q})
			}
		}
	}
	return parts
}

type pair struct{ rank, start int }

// pairHeap orders pairs by rank, then by position: tiktoken's choice.
type pairHeap []pair

func (h pairHeap) Len() int { return len(h) }
func (h pairHeap) Less(a, b int) bool {
	if h[a].rank != h[b].rank {
		return h[a].rank < h[b].rank
	}
	return h[a].start < h[b].start
}
func (h pairHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *pairHeap) Push(x any)   { *h = append(*h, x.(pair)) }
func (h *pairHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
