package mcp

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Bounds of ingestion_status.
const (
	DefaultJobs = 10
	MaxJobs     = 100
)

type limitIn struct {
	Limit int `json:"limit,omitempty" jsonschema:"how many at most, newest first (default 10, at most 100)"`
}

// jobOut is one piece of material and what became of it.
type jobOut struct {
	graph.JobSummary
	// What says in words what became of it.
	What string `json:"what"`
}

type ingestionOut struct {
	Jobs []jobOut `json:"jobs"`
	Note string   `json:"note"`
}

func ingestionStatus(ctx context.Context, svc Services, c Caller, in limitIn) (ingestionOut, error) {
	limit, err := checkLimit(in.Limit, DefaultJobs, MaxJobs)
	if err != nil {
		return ingestionOut{}, err
	}
	if svc.Graph == nil {
		return ingestionOut{}, notServing("the memory graph")
	}
	js, err := svc.Graph.RecentJobs(ctx, c.Owner, limit, time.Time{})
	if err != nil {
		return ingestionOut{}, err
	}
	out := ingestionOut{Jobs: []jobOut{}}
	inFlight, failed := 0, 0
	for _, j := range js {
		out.Jobs = append(out.Jobs, jobOut{JobSummary: j, What: jobWhat(j)})
		switch j.State {
		case schema.JobQueued, schema.JobExtracting:
			inFlight++
		case schema.JobFailed:
			failed++
		}
	}
	if len(js) == 0 {
		out.Note = "No material has been handed in yet."
	} else {
		out.Note = fmt.Sprintf("%d most recent, newest first: %d still in flight, %d failed.", len(js), inFlight, failed)
	}
	return out, nil
}

// jobWhat says what became of one piece of material.
func jobWhat(j graph.JobSummary) string {
	switch j.State {
	case schema.JobQueued:
		return "Waiting in the queue to be read."
	case schema.JobExtracting:
		return fmt.Sprintf("Being read now (attempt %d).", j.Attempts)
	case schema.JobFailed:
		reason := j.Error
		if reason == "" {
			reason = "no reason was recorded"
		}
		return "Failed: " + reason
	case schema.JobCompleted:
	default:
		return fmt.Sprintf("In state %q.", j.State)
	}
	var parts []string
	if n := len(j.MemoryIDs); n > 0 {
		parts = append(parts, fmt.Sprintf("extracted into %s (%s)", plural(n, "new memory", "new memories"), strings.Join(j.MemoryIDs, ", ")))
	}
	if n := len(j.ReinforcedIDs); n > 0 {
		parts = append(parts, fmt.Sprintf("restated %s already remembered (%s)", plural(n, "memory", "memories"), strings.Join(j.ReinforcedIDs, ", ")))
	}
	if n := len(j.SupersededIDs); n > 0 {
		parts = append(parts, fmt.Sprintf("replaced %s (%s)", plural(n, "older memory", "older memories"), strings.Join(j.SupersededIDs, ", ")))
	}
	if n := len(j.ConflictIDs); n > 0 {
		parts = append(parts, fmt.Sprintf("opened %s (%s)", plural(n, "conflict", "conflicts"), strings.Join(j.ConflictIDs, ", ")))
	}
	if len(parts) == 0 {
		return "Read; nothing in it was worth keeping as a memory."
	}
	return "Read and " + strings.Join(parts, "; ") + "."
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

type turnSearchIn struct {
	Query string `json:"query" jsonschema:"what to look for in what was said"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many lines at most, best first (default 10, at most 100)"`
}

// turnOut is one line of a conversation.
type turnOut struct {
	Text           string    `json:"text"`
	Author         string    `json:"author"`
	SaidAt         time.Time `json:"said_at"`
	ConversationID string    `json:"conversation_id"`
	Seq            int       `json:"seq"`
	TurnID         string    `json:"turn_id"`
	SourceID       string    `json:"source_id,omitempty"`
	Score          float64   `json:"score"`
	// Link reads the conversation from this line on, with the person's
	// own credential.
	Link string `json:"link"`
}

type turnSearchOut struct {
	Matches []turnOut `json:"matches"`
}

func searchConversations(ctx context.Context, svc Services, c Caller, in turnSearchIn) (turnSearchOut, error) {
	if svc.Pipeline == nil {
		return turnSearchOut{}, notServing("search_conversations")
	}
	hits, err := svc.Pipeline.SearchTurns(ctx, c.Owner, in.Query, in.Limit)
	if err != nil {
		return turnSearchOut{}, err
	}
	out := turnSearchOut{Matches: []turnOut{}}
	for _, h := range hits {
		t := h.Turn
		out.Matches = append(out.Matches, turnOut{
			Text: t.Text, Author: t.Author, SaidAt: t.SaidAt, ConversationID: t.ConversationID, Seq: t.Seq,
			TurnID: t.ID, SourceID: t.SourceID, Score: h.Score,
			Link: fmt.Sprintf("/api/v1/conversations/%s/turns?cursor=%d", t.ConversationID, max(t.Seq-1, 0)),
		})
	}
	return out, nil
}

type modelUsage struct {
	Model        string  `json:"model"`
	Calls        int     `json:"calls"`
	FailedCalls  int     `json:"failed_calls"`
	InputTokens  int     `json:"input_tokens"`
	OutputTokens int     `json:"output_tokens"`
	CostUSD      float64 `json:"cost_usd"`
	// UnpricedCalls were to a model with no configured price: their cost
	// is unknown and not in CostUSD.
	UnpricedCalls int `json:"unpriced_calls"`
}

type usageOut struct {
	Models []modelUsage `json:"models"`
	Total  modelUsage   `json:"total"`
	Note   string       `json:"note"`
}

// embeddingNote is said with every report: embeddings are not metered.
const embeddingNote = "Embedding calls for semantic search, when a provider is configured, are not metered here yet."

// usageReport reports every language-model call recorded for the caller
// (graph.UsageStore), per model and in total, failed calls included, and
// says plainly when there were none.
func usageReport(ctx context.Context, svc Services, c Caller, _ noArgs) (usageOut, error) {
	if svc.Graph == nil {
		return usageOut{}, notServing("the memory graph")
	}
	rep, err := svc.Graph.UsageReport(ctx, c.Owner, time.Time{})
	if err != nil {
		return usageOut{}, err
	}
	out := usageOut{Models: []modelUsage{}, Total: usageOf(rep.Total)}
	out.Total.Model = "all"
	for _, m := range rep.Models {
		out.Models = append(out.Models, usageOf(m))
	}
	t := rep.Total
	if t.Calls == 0 {
		out.Note = "No model usage is recorded for you: no language model has been called on your behalf (memories extracted by rules call none), so the models called are none and the spend is zero. " + embeddingNote
		return out, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s to %s since the first recorded call, %d failed (failed calls are listed because a provider may bill them); %d input and %d output tokens; cost $%.4f.",
		plural(t.Calls, "call", "calls"), plural(len(rep.Models), "model", "models"), t.FailedCalls, t.InputTokens, t.OutputTokens, t.CostUSD)
	if t.UnpricedCalls > 0 {
		fmt.Fprintf(&b, " %s had no configured price (EXTRACTION_PRICE_INPUT_PER_MTOK, EXTRACTION_PRICE_OUTPUT_PER_MTOK): their cost is unknown and not included.",
			plural(t.UnpricedCalls, "call", "calls"))
	}
	b.WriteString(" " + embeddingNote)
	out.Note = b.String()
	return out, nil
}

func usageOf(m schema.ModelUsage) modelUsage {
	return modelUsage{
		Model: m.Model, Calls: m.Calls, FailedCalls: m.FailedCalls, InputTokens: m.InputTokens,
		OutputTokens: m.OutputTokens, CostUSD: m.CostUSD, UnpricedCalls: m.UnpricedCalls,
	}
}
