package neo4j

import (
	"context"
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Model usage: one (:ModelUsage {id, owner, model, purpose, input_tokens,
// output_tokens, cost_usd, priced, attempts, failed, failure_reason, at})
// per call, indexed on (owner, at) and unique on id (migration 0004).

// recordUsageCypher creates the record once: a retried transaction, or a
// record stored twice, MERGEs the same node and ON CREATE leaves it as it
// was.
const recordUsageCypher = `
MERGE (u:ModelUsage {id: $id, owner: $owner})
ON CREATE SET u += $props`

// RecordUsage stores one model call.
func (s *Store) RecordUsage(ctx context.Context, owner schema.Owner, rec schema.UsageRecord) error {
	const op = "record model usage"
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := rec.Validate(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if rec.ID == "" {
		rec.ID = schema.NewID(schema.PrefixUsage)
	}
	if rec.At.IsZero() {
		rec.At = now()
	}
	params := map[string]any{
		"id":    rec.ID,
		"owner": string(owner),
		"props": map[string]any{
			"model":          rec.Model,
			"purpose":        nullable(rec.Purpose),
			"input_tokens":   rec.InputTokens,
			"output_tokens":  rec.OutputTokens,
			"cost_usd":       rec.CostUSD,
			"priced":         rec.Priced,
			"attempts":       rec.Attempts,
			"failed":         rec.Failed,
			"failure_reason": nullable(rec.FailureReason),
			"at":             utc(rec.At),
		},
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		_, err := collect(ctx, tx, recordUsageCypher, params)
		return struct{}{}, err
	})
	return translate(op, err)
}

// usageReportCypher sums per model over the (owner, at) index.
const usageReportCypher = `
MATCH (u:ModelUsage {owner: $owner})
WHERE $since IS NULL OR u.at >= $since
WITH u.model AS model, count(u) AS calls,
  sum(CASE WHEN u.failed THEN 1 ELSE 0 END) AS failed_calls,
  sum(u.input_tokens) AS input_tokens, sum(u.output_tokens) AS output_tokens,
  sum(u.cost_usd) AS cost_usd,
  sum(CASE WHEN u.priced THEN 0 ELSE 1 END) AS unpriced_calls
RETURN model, calls, failed_calls, input_tokens, output_tokens, cost_usd, unpriced_calls
ORDER BY model
LIMIT $limit`

// UsageReport sums the owner's model calls since since.
func (s *Store) UsageReport(ctx context.Context, owner schema.Owner, since time.Time) (schema.UsageReport, error) {
	const op = "report model usage"
	if err := owner.Validate(); err != nil {
		return schema.UsageReport{}, fmt.Errorf("%s: %w", op, err)
	}
	var from any // nil: every call
	if !since.IsZero() {
		from = utc(since)
	}
	models, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]schema.ModelUsage, error) {
		recs, err := collect(ctx, tx, usageReportCypher, map[string]any{
			"owner": string(owner), "since": from, "limit": graph.MaxUsageModels,
		})
		if err != nil {
			return nil, err
		}
		out := make([]schema.ModelUsage, 0, len(recs))
		for _, r := range recs {
			m := r.AsMap()
			out = append(out, schema.ModelUsage{
				Model:         str(m, "model"),
				Calls:         integer(m, "calls"),
				FailedCalls:   integer(m, "failed_calls"),
				InputTokens:   integer(m, "input_tokens"),
				OutputTokens:  integer(m, "output_tokens"),
				CostUSD:       float(m, "cost_usd"),
				UnpricedCalls: integer(m, "unpriced_calls"),
			})
		}
		return out, nil
	})
	if err != nil {
		return schema.UsageReport{}, translate(op, err)
	}
	rep := schema.UsageReport{Models: models, Total: schema.ModelUsage{Model: "all"}}
	if !since.IsZero() {
		rep.Since = since.UTC()
	}
	for _, m := range models {
		rep.Total.Calls += m.Calls
		rep.Total.FailedCalls += m.FailedCalls
		rep.Total.InputTokens += m.InputTokens
		rep.Total.OutputTokens += m.OutputTokens
		rep.Total.CostUSD += m.CostUSD
		rep.Total.UnpricedCalls += m.UnpricedCalls
	}
	return rep, nil
}
