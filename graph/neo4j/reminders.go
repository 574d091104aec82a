package neo4j

import (
	"context"
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Cancelled reminders: (:ReminderCancellation {owner, id, cancelled_at}).
// MERGE on (owner, id) with ON CREATE keeps the first cancellation's time.

// CancelReminder records that a reminder will not be sent.
func (s *Store) CancelReminder(ctx context.Context, owner schema.Owner, id string) (time.Time, error) {
	const op = "cancel reminder"
	if err := owner.Validate(); err != nil {
		return time.Time{}, fmt.Errorf("%s: %w", op, err)
	}
	if err := checkID("reminder", id); err != nil {
		return time.Time{}, fmt.Errorf("%s: %w", op, err)
	}
	at, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (time.Time, error) {
		recs, err := collect(ctx, tx, `
MERGE (r:ReminderCancellation {owner: $owner, id: $id})
ON CREATE SET r.cancelled_at = $now
RETURN r.cancelled_at AS at`, map[string]any{"owner": string(owner), "id": id, "now": now()})
		if err != nil || len(recs) == 0 {
			return time.Time{}, err
		}
		return timeOf(recs[0].AsMap(), "at"), nil
	})
	if err != nil {
		return time.Time{}, translate(op, err)
	}
	return at, nil
}

// CancelledReminders returns which of ids this owner cancelled.
func (s *Store) CancelledReminders(ctx context.Context, owner schema.Owner, ids []string) (map[string]time.Time, error) {
	const op = "read cancelled reminders"
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if len(ids) > graph.MaxPage {
		return nil, fmt.Errorf("%s: %w: %d ids; at most %d", op, schema.ErrInvalid, len(ids), graph.MaxPage)
	}
	out := map[string]time.Time{}
	if len(ids) == 0 {
		return out, nil
	}
	_, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, `
MATCH (r:ReminderCancellation {owner: $owner}) WHERE r.id IN $ids
RETURN r.id AS id, r.cancelled_at AS at`, map[string]any{"owner": string(owner), "ids": ids})
		if err != nil {
			return struct{}{}, err
		}
		for _, rec := range recs {
			m := rec.AsMap()
			out[str(m, "id")] = timeOf(m, "at")
		}
		return struct{}{}, nil
	})
	if err != nil {
		return nil, translate(op, err)
	}
	return out, nil
}
