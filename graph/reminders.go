package graph

import (
	"context"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// ReminderStore records which reminders the person cancelled, per owner.
// Reminders themselves are derived (one per active commitment with a
// deadline still ahead); only a cancellation is stored, so it survives
// restarts and is never sent after all.
type ReminderStore interface {
	// CancelReminder records that reminder id will not be sent and returns
	// when it was cancelled: the first cancellation's time, so cancelling
	// twice changes nothing. An empty id is schema.ErrInvalid.
	CancelReminder(ctx context.Context, owner schema.Owner, id string) (time.Time, error)
	// CancelledReminders returns, of ids (at most MaxPage), those this
	// owner cancelled, with when.
	CancelledReminders(ctx context.Context, owner schema.Owner, ids []string) (map[string]time.Time, error)
}
