package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Columns of the score tables.
var scoreCols = []string{"R@5", "R@10", "R@20", "all@10", "rec@1500", "rec@4000", "prov@1500", "prov@4000", "tok@1500", "tok@4000"}

// Columns of the evidence-match table (ours).
var matchCols = []string{"prov@1500", "text@1500", "sent@1500", "cover@1500", "rec@1500", "recS@1500", "prov@4000", "text@4000", "sent@4000", "cover@4000", "rec@4000", "recS@4000"}

// Print writes the human report.
func Print(w io.Writer, res *Results, agg *Agg, lat map[string][]time.Duration) {
	fmt.Fprintf(w, "LoCoMo retrieval benchmark — %s — %d × %s — service %s — tokens: %s\n", res.Date, res.Machine.NProc, res.Machine.CPU, res.BaseURL, res.Tokenizer)
	for _, c := range res.Conversations {
		ingest := fmt.Sprintf("ingest %.1fs = %.1f turns/s (%d appends, %d memories, %d failed jobs)", c.IngestSeconds, c.TurnsPerSecond, c.Appends, c.Memories, c.FailedJobs)
		if c.Reused {
			ingest = "ingested by an earlier run (-owners)"
		}
		fmt.Fprintf(w, "  %s: %d sessions, %d turns, %d questions (%d skipped); %s; queries %.1fs; provenance %.1fs (%d memories, %d without turn evidence, %.2f turns per memory)",
			c.ID, c.Sessions, c.Turns, c.Questions, c.Skipped, ingest,
			c.QuerySeconds, c.ProvenanceSeconds, c.MemoriesRead, c.MemoriesNoTurn, c.TurnsPerMemory)
		if c.EmbedTurnsSeconds > 0 {
			fmt.Fprintf(w, "; baseline turn embedding %.1fs", c.EmbedTurnsSeconds)
		}
		fmt.Fprintln(w)
		if c.Degraded > 0 {
			fmt.Fprintf(w, "    %d degraded answers: %s\n", c.Degraded, strings.Join(c.DegradedReasons, "; "))
		}
		if c.TokenMismatches > 0 {
			fmt.Fprintf(w, "    %d contexts whose reported tokens differ from our cl100k_base count\n", c.TokenMismatches)
		}
		for _, s := range res.Ablations {
			m := AblationMethod(s)
			a := c.Ablations[m]
			if a == nil {
				continue
			}
			fmt.Fprintf(w, "    %s: queries %.1fs (of the %.1fs); provenance %.1fs (%d more memories)", m, a.QuerySeconds, c.QuerySeconds, a.ProvenanceSeconds, a.MemoriesRead)
			if a.Degraded > 0 {
				fmt.Fprintf(w, "; %d degraded answers: %s", a.Degraded, strings.Join(a.DegradedReasons, "; "))
			}
			if a.TokenMismatches > 0 {
				fmt.Fprintf(w, "; %d token-count mismatches", a.TokenMismatches)
			}
			fmt.Fprintln(w)
		}
	}
	methods := MethodOrder(res.Ablations)

	fmt.Fprintf(w, "\n== Headline: categories 1–4 (n=%d)\n", agg.N(MOurs, GroupHeadline))
	table(w, agg, methods, GroupHeadline, scoreCols)
	for _, g := range Groups {
		if g == GroupHeadline || agg.N(MOurs, g) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n== %s (n=%d)\n", g, agg.N(MOurs, g))
		table(w, agg, methods, g, scoreCols)
	}

	fmt.Fprintf(w, "\n== ours: evidence in the context, by match (prov = an item links back to the turn; text = the turn's text is in the context verbatim; sent = every sentence of it is; cover = the fraction of its sentences that are; rec = prov AND text; recS = prov AND sent)\n")
	fmt.Fprintf(w, "%-12s %5s", "group", "n")
	for _, c := range matchCols {
		fmt.Fprintf(w, " %10s", c)
	}
	fmt.Fprintln(w)
	for _, g := range Groups {
		n := agg.N(MOurs, g)
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "%-12s %5d", g, n)
		for _, c := range matchCols {
			v, _ := agg.Mean(MOurs, g, c)
			fmt.Fprintf(w, " %10.3f", v)
		}
		fmt.Fprintln(w)
	}

	fmt.Fprintf(w, "\n== latency (client-side, sequential, ms)\n")
	for _, k := range LatencyOrder(res.Ablations) {
		ds := lat[k]
		if len(ds) == 0 {
			continue
		}
		fmt.Fprintf(w, "%-44s n=%-5d p50 %8.1f  p95 %8.1f\n", k, len(ds), ms(Percentile(ds, 50)), ms(Percentile(ds, 95)))
	}
	fmt.Fprintf(w, "\nnotes:\n")
	for _, n := range res.Notes {
		fmt.Fprintf(w, "  - %s\n", n)
	}
}

// table prints one group's row per method (those with questions in it);
// the method column is 14 wide, wider for longer names (ablations).
func table(w io.Writer, agg *Agg, methods []string, group string, cols []string) {
	width := 14
	for _, m := range methods {
		width = max(width, len(m)+2)
	}
	fmt.Fprintf(w, "%-*s", width, "method")
	for _, c := range cols {
		fmt.Fprintf(w, " %9s", c)
	}
	fmt.Fprintln(w)
	for _, m := range methods {
		if agg.N(m, group) == 0 {
			continue
		}
		fmt.Fprintf(w, "%-*s", width, m)
		for _, c := range cols {
			v, ok := agg.Mean(m, group, c)
			switch {
			case !ok:
				fmt.Fprintf(w, " %9s", "-")
			case strings.HasPrefix(c, "tok@"):
				fmt.Fprintf(w, " %9.0f", v)
			default:
				fmt.Fprintf(w, " %9.3f", v)
			}
		}
		fmt.Fprintln(w)
	}
}

func writeJSON(path string, res *Results) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
