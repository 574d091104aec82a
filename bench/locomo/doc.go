// Command locomo runs the LoCoMo retrieval benchmark (no LLM) against a
// running PersistMemory service, following ../shared/bench/locomo/README.md:
// each conversation goes into a fresh owner through conversations append
// (the real pipeline: queue, extraction, graph and vectors); each question
// is asked raw through /search/context (budgets 1500 and 4000 tokens) and
// /search; the answers are scored deterministically against the gold
// evidence turns, per category, next to baselines over the same ingested
// data (BM25 over raw turns through the service's turn full-text index,
// vector-only over raw turns with the service's own model in-process, most
// recent turns, and an oracle that must score 1.0).
//
//	go build -o /tmp/pm ./cmd/persistmemory
//	/tmp/pm serve &                       # or pass -serve
//	go run ./bench/locomo -bin /tmp/pm -conversations conv-26
//
// The LoCoMo file is CC BY-NC 4.0: it is read at run time from
// ../shared/bench/locomo and never copied into the project; the results
// file holds scores and ids, not question text (unless -details).
// See docs/bench-locomo.md.
package main
