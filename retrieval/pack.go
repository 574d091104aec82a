package retrieval

// pack chooses which candidates go into a context of at most budget
// tokens. costs are the candidates' token counts in rank order; header is
// the cost of the context's first line, charged once, with the first item
// taken. The policy, deterministic and documented on Searcher.Context:
//
//   - walk the candidates in rank order;
//   - take a candidate when the total with it (header included) stays
//     within budget; items are whole, never cut;
//   - otherwise skip it and go on: a smaller, lower-ranked item may still
//     fit in what is left;
//   - stop taking once max items are taken (max 0: no cap); the rest are
//     skipped.
//
// It returns which candidates were taken and the tokens they use (0 when
// none is: an empty context has no header).
func pack(costs []int, header, budget, max int) (take []bool, used int) {
	take = make([]bool, len(costs))
	n := 0
	for i, c := range costs {
		if max > 0 && n == max {
			break
		}
		need := c
		if n == 0 {
			need += header
		}
		if used+need <= budget {
			take[i] = true
			used += need
			n++
		}
	}
	return take, used
}
