package tokens

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchLines returns n context lines shaped like the ones retrieval
// renders (see retrieval/render.go): a handle, dates, a type, a quoted
// claim and its provenance, about 65 tokens each, mostly English with
// some names, numbers, code and other scripts.
func benchLines(n int) []string {
	rng := rand.New(rand.NewPCG(7, 11))
	words := strings.Fields(`we chose postgres over mysql for the billing service because of its
		jsonb support and row-level security after outage on team agreed to migrate
		cache layer redis cluster latency p99 dropped from 240ms budget quarterly
		roadmap owner Alice Bob Priya Zoë José Müller deploy rollback incident
		customer contract renewal pricing tier enterprise onboarding api gateway
		kubernetes namespace staging production feature flag dashboard metrics
		isn't don't we'll they've it's she'd I'm`)
	types := []string{"decision", "fact", "preference", "event", "task", "turn"}
	sources := []string{"slack #eng-infra", "notion: Q3 planning", "gmail", "jira PLAT-1423", "github persistmemory/api#88", "会议记录", "zoom call"}
	sentence := func(k int) string {
		var b strings.Builder
		for i := range k {
			w := words[rng.IntN(len(words))]
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			} else {
				b.WriteByte(' ')
			}
			b.WriteString(w)
			if rng.IntN(9) == 0 {
				b.WriteByte(',')
			}
		}
		return b.String()
	}
	lines := make([]string, n)
	for i := range lines {
		day := fmt.Sprintf("2023-%02d-%02d", 1+rng.IntN(12), 1+rng.IntN(28))
		var b strings.Builder
		fmt.Fprintf(&b, "[%d] %s · %s · ", i+1, day, types[rng.IntN(len(types))])
		switch rng.IntN(4) {
		case 0:
			b.WriteString("SUPERSEDED by [3] · ")
		case 1:
			b.WriteString("confirmed · ")
		}
		if rng.IntN(3) == 0 {
			fmt.Fprintf(&b, "Author %d: ", rng.IntN(40))
		}
		fmt.Fprintf(&b, "%q (%s, said %s", sentence(12+rng.IntN(14))+".", sources[rng.IntN(len(sources))], day)
		switch rng.IntN(5) {
		case 0:
			fmt.Fprintf(&b, `, excerpt: "… %s: %d.%d%% of requests, see config.yaml → max_conns=%d …"`, sentence(6), rng.IntN(100), rng.IntN(100), rng.IntN(5000))
		case 1:
			fmt.Fprintf(&b, ", replaced \"%s\"", sentence(8))
		case 2:
			b.WriteString(", conv-30 D1:3")
		}
		b.WriteString(")\n")
		lines[i] = b.String()
	}
	return lines
}

// BenchmarkCount counts 300 rendered context lines one by one, as the
// /search/context endpoint does for its candidates: "warm" with the
// shared Counter, whose piece cache holds the lines' pieces after the
// first pass, "cold" with a new, empty cache for each pass.
func BenchmarkCount(b *testing.B) {
	c, err := CL100K()
	if err != nil {
		b.Fatal(err)
	}
	lines := benchLines(300)
	total, size := 0, 0
	for _, l := range lines {
		total += c.Count(l)
		size += len(l)
	}
	b.Run("warm", func(b *testing.B) {
		b.SetBytes(int64(size))
		for b.Loop() {
			for _, l := range lines {
				c.Count(l)
			}
		}
		b.ReportMetric(float64(total)/float64(len(lines)), "tokens/line")
	})
	b.Run("cold", func(b *testing.B) {
		ranks := c.(*bpeCounter).ranks
		b.SetBytes(int64(size))
		for b.Loop() {
			c := &bpeCounter{name: CL100KName, ranks: ranks, cache: newPieceCache()}
			for _, l := range lines {
				c.Count(l)
			}
		}
		b.ReportMetric(float64(total)/float64(len(lines)), "tokens/line")
	})
}
