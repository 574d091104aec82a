package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/llm"
	"github.com/persistmemory/persistmemory/schema"
)

// withModel names the pair scores that include the model judge
// (ingest.Judge): the rules' decision, or the model's for a pair the rules
// leave unrelated although the claims share an entity or their subject,
// as the worker decides.
const withModel = "pairs +model/"

// openJudge builds the model judge from the EXTRACTION_* settings the
// service reads, or returns nil and a sentence saying why pairs are scored
// by the rules alone.
func openJudge() (ingest.Judge, string, error) {
	base, model := os.Getenv("EXTRACTION_BASE_URL"), os.Getenv("EXTRACTION_MODEL")
	if base == "" || model == "" {
		return nil, "Pairs are scored by the rules alone: set EXTRACTION_BASE_URL and EXTRACTION_MODEL (and EXTRACTION_API_KEY if the endpoint needs one) to score them again with the model judge, under \"pairs +model\".", nil
	}
	j, err := llm.NewJudge(llm.Config{BaseURL: base, APIKey: os.Getenv("EXTRACTION_API_KEY"), Model: model})
	if err != nil {
		return nil, "", fmt.Errorf("model judge: %w", err)
	}
	return j, "", nil
}

// judgePair is the worker's second opinion on a pair the rules left
// unrelated: the strongest relation the judge gives between a claim of the
// existing text and a claim of the incoming one that share an entity or
// their subject (the worker's plausibility test, by name here since the
// corpus has no entity ids). A failed call leaves the pair unrelated, as
// in the worker.
func judgePair(ctx context.Context, j ingest.Judge, ex, in []schema.Memory) (conflicts.Relation, string) {
	got, reason := conflicts.Unrelated, "the model was not asked: no claims share an entity or a subject"
	for _, e := range ex {
		for _, i := range in {
			if !plausiblePair(e, i) {
				continue
			}
			ds, err := j.Relate(ctx, i, []schema.Memory{e})
			if err != nil || len(ds) != 1 {
				reason = fmt.Sprintf("the model could not relate them: %v", err)
				continue
			}
			if strength[ds[0].Relation] > strength[got] {
				got, reason = ds[0].Relation, ingest.JudgeReasonPrefix+ds[0].Reason
			}
		}
	}
	return got, reason
}

// plausiblePair: the claims share an entity name or a subject.
func plausiblePair(a, b schema.Memory) bool {
	for _, x := range a.Entities {
		for _, y := range b.Entities {
			if x.Name != "" && strings.EqualFold(x.Name, y.Name) {
				return true
			}
		}
	}
	s := strings.TrimSpace(a.Subject)
	return s != "" && strings.EqualFold(s, strings.TrimSpace(b.Subject))
}
