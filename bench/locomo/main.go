package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

func main() {
	var o Options
	flag.StringVar(&o.Data, "data", "../shared/bench/locomo/locomo-dev.json", "the LoCoMo file (read at run time; never copied)")
	flag.StringVar(&o.BaseURL, "base-url", "http://127.0.0.1:8787", "the running service")
	flag.StringVar(&o.APIKey, "api-key", "", "use this key instead of creating a fresh owner per conversation (one conversation only; the owner must hold no conversation yet)")
	flag.StringVar(&o.Bin, "bin", "persistmemory", "the persistmemory binary: runs `apikey create` for each conversation's fresh owner (and `serve` with -serve); it must see the service's stack (same environment)")
	flag.BoolVar(&o.Serve, "serve", false, "start `<bin> serve` on -base-url's host:port for the run and stop it at the end")
	flag.StringVar(&o.ServeLog, "serve-log", "", "with -serve: where the service's log goes (default: a file in the temp directory)")
	convs := flag.String("conversations", "", "comma-separated sample ids (default: every conversation in the file)")
	flag.IntVar(&o.MaxQuestions, "max-questions", 0, "score only the first N questions of each conversation (0: all)")
	flag.StringVar(&o.Out, "out", "bench/results/locomo-"+time.Now().UTC().Format("2006-01-02")+".json", "where to write the JSON results (\"\" or \"-\": do not write)")
	flag.IntVar(&o.Batch, "batch", 0, "turns per append (0: one append per session; at most 200)")
	flag.IntVar(&o.SearchLimit, "search-limit", 20, "ranked memories asked of /search (R@k needs at least the largest k, 20)")
	flag.IntVar(&o.TurnLimit, "turn-limit", 100, "turns asked of /search/conversations for the BM25 baseline (the API allows at most 100)")
	flag.BoolVar(&o.NoVector, "no-vector", false, "skip the vector-only baseline (it loads the service's model in-process)")
	flag.IntVar(&o.EmbedThreads, "embed-threads", 0, "onnxruntime threads for the vector baseline (0: GOMAXPROCS)")
	flag.DurationVar(&o.IngestTimeout, "ingest-timeout", 30*time.Minute, "give up waiting for one conversation's jobs after this long")
	flag.StringVar(&o.Owners, "owners", "", "a JSON file mapping conversation ids to {owner, key}: a conversation listed there is not ingested again but queried as that owner (its ingestion must have completed); one not listed gets a fresh owner, is ingested and is added to the file. Holds API keys: keep it out of the repository")
	flag.BoolVar(&o.NoNow, "no-now", false, "do not send the conversation's last session time as the query's now (the protocol sends it)")
	ablations := flag.String("ablations", "", "comma-separated signals ("+strings.Join(AblationSignals, ", ")+"): for each, start one more `<bin> serve -no-worker` with PERSISTMEMORY_RETRIEVAL_OFF=<signal> on a free port, ask it every question as ours, and score it as ours-no-<signal> (each adds about the time of ours' queries)")
	flag.BoolVar(&o.Details, "details", false, "also write question texts and retrieved ids per question into the results (do not commit such a file: the data's licence forbids redistribution)")
	flag.Parse()
	if *convs != "" {
		for _, c := range strings.Split(*convs, ",") {
			if c = strings.TrimSpace(c); c != "" {
				o.Conversations = append(o.Conversations, c)
			}
		}
	}
	a, err := ParseAblations(*ablations)
	if err != nil {
		fmt.Fprintln(os.Stderr, "locomo:", err)
		os.Exit(2)
	}
	o.Ablations = a
	if o.Out == "-" {
		o.Out = ""
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code, err := Run(ctx, o, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "locomo:", err)
		if code == 0 {
			code = 2
		}
	}
	os.Exit(code)
}
