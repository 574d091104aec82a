// Command engine measures the memory engine's pure logic against the
// labelled corpus in corpus/: the rules extractor (typing, entities,
// attribute/value, negation, correction, dates), conflicts.Compare
// (duplicates, supersession, contradictions, non-conflicts) and
// resolve.Match (duplicate-entity and wrong-merge rates). It prints
// precision and recall per behaviour for the tuning corpus and, apart, for
// each hold-out file (Holdouts; each written before the rule changes it
// measures), with each section's own target check, and exits 1 only when
// the tuning corpus misses a target of the memory-engine issue.
//
//	go run ./bench/engine            # every report
//	go run ./bench/engine -v         # with every mismatch
//	go run ./bench/engine -dir DIR   # another corpus directory
//	go run ./bench/engine -readings  # changes each reading decided, right and wrong, per set
//
// With EXTRACTION_BASE_URL and EXTRACTION_MODEL set (as for the service),
// the pairs are scored a second time with the model judge the worker asks
// about pairs the rules leave unrelated ("pairs +model").
package main
