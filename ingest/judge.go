package ingest

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/conflicts"
	"github.com/persistmemory/persistmemory/schema"
)

// JudgeMaxPairs is the most stored memories one new claim is put to the
// Judge with: the first plausible ones (see plan) in the order the
// worker compares them.
const JudgeMaxPairs = 8

// JudgeReasonPrefix starts the reason of every supersession and conflict
// the worker planned on a Judge's word, so a person (and a test) can tell
// the model's decisions from the rules'.
const JudgeReasonPrefix = "model: "

// Judge relates a new claim to stored memories the rules
// (conflicts.Compare) left Unrelated although they look related: they
// share a resolved entity or a subject. It returns one decision per
// existing memory, in the same order, each as conflicts.Compare would
// (incoming is the new claim). An error, or an answer of another length,
// leaves the rules' decisions standing: the job does not fail for it.
// Implementations must be safe for concurrent use; the pipeline passes the
// owner in ctx (OwnerOf) so a paid call can be recorded against them.
//
// llm.Judge (package ingest/llm) asks an OpenAI-compatible model. A nil
// Config.Judge asks nobody.
type Judge interface {
	Relate(ctx context.Context, incoming schema.Memory, existing []schema.Memory) ([]conflicts.Decision, error)
}

// plausible reports whether the rules' Unrelated between ex and c is worth
// a second opinion: the two share a resolved entity, or name the same
// subject.
func plausible(ex, c schema.Memory) bool {
	for _, id := range c.EntityIDs {
		if id != "" && slices.Contains(ex.EntityIDs, id) {
			return true
		}
	}
	s := strings.TrimSpace(c.Subject)
	return s != "" && strings.EqualFold(s, strings.TrimSpace(ex.Subject))
}

// judge asks Config.Judge how c stands to each of cands and returns its
// decisions, their reasons starting with JudgeReasonPrefix. When the judge
// fails or answers with another number of decisions it logs a warning and
// returns none: the rules' decisions stand. It returns an error only when
// ctx has ended.
func (p *Pipeline) judge(ctx context.Context, owner schema.Owner, job schema.Job, c schema.Memory, cands []schema.Memory) ([]conflicts.Decision, error) {
	ds, err := p.cfg.Judge.Relate(WithOwner(ctx, owner), c, cands)
	if err == nil && len(ds) != len(cands) {
		err = fmt.Errorf("%d decisions for %d pairs", len(ds), len(cands))
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("judge memory %s: %w", c.ID, ctx.Err())
		}
		// Ids only: the claims' text stays out of the logs.
		p.log.WarnContext(ctx, "the model could not relate a claim to stored memories; keeping the rules' decisions",
			"job", job.ID, "memory", c.ID, "pairs", len(cands), "err", err)
		return nil, nil
	}
	out := make([]conflicts.Decision, len(ds))
	for i, d := range ds {
		out[i] = conflicts.Decision{Relation: d.Relation, Reason: JudgeReasonPrefix + d.Reason}
	}
	return out, nil
}
