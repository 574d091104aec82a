package neo4j

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// recentJobsCypher pages by creation time (the job_owner_created_at
// index). Jobs created in the same nanosecond as the page's last one and
// beyond the limit are skipped by the next page, which asks for jobs
// created strictly before it.
const recentJobsCypher = `
MATCH (j:Job {owner: $owner})
WHERE j.created_at < $before
WITH j
ORDER BY j.created_at DESC, j.id DESC
LIMIT $limit
OPTIONAL MATCH (j)-[:PROCESSES]->(d:Document {owner: $owner})
RETURN j {.*} AS j, d.source AS source, d.space_id AS space_id, d.conversation_id AS conversation_id,
  left(d.text, $preview) AS preview
ORDER BY j.created_at DESC, j.id DESC`

// RecentJobs lists what became of the owner's recent material.
func (s *Store) RecentJobs(ctx context.Context, owner schema.Owner, limit int, before time.Time) ([]graph.JobSummary, error) {
	const op = "list recent jobs"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	limit, err := boundLimit(limit, graph.MaxPage)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if before.IsZero() {
		before = now().Add(time.Second) // a little slack for clocks that disagree
	}
	out, err := read(ctx, s, func(tx neo4j.ManagedTransaction) ([]graph.JobSummary, error) {
		recs, err := collect(ctx, tx, recentJobsCypher, map[string]any{
			"owner": string(owner), "before": utc(before), "limit": limit, "preview": graph.MaxPreviewRunes * 2,
		})
		if err != nil {
			return nil, err
		}
		out := make([]graph.JobSummary, 0, len(recs))
		for _, r := range recs {
			job, err := jobFrom(r, "j")
			if err != nil {
				return nil, err
			}
			v, _ := r.Get("j")
			jm, _ := v.(map[string]any)
			row := r.AsMap()
			out = append(out, graph.JobSummary{
				JobID: job.ID, DocumentID: job.DocumentID, State: job.State, Error: job.Error, Attempts: job.Attempts,
				MemoryIDs:      job.MemoryIDs,
				ReinforcedIDs:  stringList(jm, "reinforced_ids"),
				SupersededIDs:  stringList(jm, "superseded_ids"),
				ConflictIDs:    stringList(jm, "conflict_ids"),
				Source:         str(row, "source"),
				SpaceID:        str(row, "space_id"),
				ConversationID: str(row, "conversation_id"),
				Preview:        preview(str(row, "preview")),
				CreatedAt:      job.CreatedAt,
				UpdatedAt:      job.UpdatedAt,
			})
		}
		return out, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}

// preview cuts s to graph.MaxPreviewRunes runes, dropping a replacement
// character left where the server cut a surrogate pair.
func preview(s string) string {
	if utf8.RuneCountInString(s) > graph.MaxPreviewRunes {
		s = string([]rune(s)[:graph.MaxPreviewRunes])
	}
	return strings.TrimRight(s, "\uFFFD")
}
