package main

import (
	"context"
	"embed"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/persistmemory/persistmemory/bench/internal/locomodata"
	"github.com/persistmemory/persistmemory/ingest/resolve"
)

//go:embed corpus/*.json
var corpusFiles embed.FS

func main() {
	verbose := flag.Bool("v", false, "print every mismatch, except those of the sets not to be read (their titles say so)")
	readings := flag.Bool("readings", false, "print, for each set, how many changes each reading decided, right and wrong (no text of the set)")
	readUnread := flag.Bool("read-unread", false, "with -v, print the mismatches of the sets not to be read too: it spends them")
	dir := flag.String("dir", "", "read the corpus from this directory instead of the embedded one")
	talk := flag.String("talk", "", "also read the conversations of this LoCoMo file (e.g. ../shared/bench/locomo/locomo-dev.json) and count the changes the reading by meaning decides in talk (needs the local model)")
	flag.Parse()
	var fsys fs.FS
	if *dir != "" {
		fsys = os.DirFS(*dir)
	} else {
		sub, err := fs.Sub(corpusFiles, "corpus")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fsys = sub
	}
	tuning, err := load(fsys, "")
	if err != nil {
		fmt.Fprintln(os.Stderr, "load corpus:", err)
		os.Exit(2)
	}
	holds := make([]Corpus, len(Holdouts))
	for i, h := range Holdouts {
		if holds[i], err = load(fsys, h.File); err != nil {
			fmt.Fprintln(os.Stderr, "load hold-out:", err)
			os.Exit(2)
		}
	}
	var vecs *Vectors
	model, notMeasured, err := openModel()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if model == nil {
		fmt.Println(notMeasured)
		fmt.Println()
	} else {
		defer model.Close()
		if vecs, err = Embed(context.Background(), model, append([]Corpus{tuning}, holds...)...); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("Entity resolution is scored twice: lexical (resolve.Match) and, under %q, with the embedding step after it (resolve.MatchEmbedding, %s, threshold %.2f, margin %.2f).\n\n",
			strings.TrimSpace(withEmbedding), model.Model(), resolve.EmbeddingThreshold, resolve.EmbeddingMargin)
	}
	judge, notJudged, err := openJudge()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if judge == nil {
		fmt.Println(notJudged)
		fmt.Println()
	}
	r := Evaluate(tuning, vecs, judge)
	r.Print(os.Stdout, fmt.Sprintf("tuning corpus: %d extraction cases, %d pairs, %d resolution cases", len(tuning.Extraction), len(tuning.Pairs), len(tuning.Resolution)), *verbose)
	for i, h := range Holdouts {
		hold := holds[i]
		if n := len(hold.Extraction) + len(hold.Pairs) + len(hold.Resolution) + len(hold.Streams); n > 0 {
			fmt.Println()
			title := fmt.Sprintf("%s: %d extraction cases, %d pairs, %d resolution cases", h.Title, len(hold.Extraction), len(hold.Pairs), len(hold.Resolution))
			if len(hold.Streams) > 0 {
				title += fmt.Sprintf(", %d streams (%d pairs of messages)", len(hold.Streams), streamPairs(hold.Streams))
			}
			hr := Evaluate(hold, vecs, judge)
			hr.Print(os.Stdout, title, *verbose && (*readUnread || !h.Unread()))
			if *readings {
				hr.PrintReadings(os.Stdout)
			}
		}
	}
	if *talk != "" {
		if model == nil {
			fmt.Fprintln(os.Stderr, "-talk needs the local model:", notMeasured)
			os.Exit(2)
		}
		convs, err := locomodata.Load(*talk)
		if err != nil {
			fmt.Fprintln(os.Stderr, "read the conversations:", err)
			os.Exit(2)
		}
		tr, err := Talk(context.Background(), model, convs)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Println()
		tr.Print(os.Stdout, *verbose)
	}
	if len(r.Failed()) > 0 {
		if model != nil {
			_ = model.Close() // os.Exit skips the deferred Close
		}
		os.Exit(1)
	}
}
