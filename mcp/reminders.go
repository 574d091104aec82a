package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Reminders are derived, not stored: every active commitment whose
// deadline (its valid_to, which extraction sets from "by Friday", "before
// the end of the year") is still ahead has one, due ReminderLead before the
// deadline, its id the commitment's id prefixed with "rem_". A superseded
// or retracted commitment has none. Only a cancellation is stored
// (graph.ReminderStore), per owner, so a cancelled reminder stays
// cancelled. Sending the emails is not configured in any deployment yet,
// and list_reminders says so rather than promising an email.

const (
	// ReminderLead is how long before a deadline its reminder is due.
	ReminderLead = 24 * time.Hour
	// MaxReminders bounds list_reminders' answer, soonest first.
	MaxReminders = 100
	// maxReminderScan bounds how many active commitments are read to find
	// the ones with a deadline ahead.
	maxReminderScan = 4 * graph.MaxPage
	reminderPrefix  = "rem_"
)

const hintReminder = "list_reminders gives the ids of the reminders scheduled"

const msgNotSent = "Sending reminder emails is not configured in this deployment yet, so none of these will actually be emailed until it is; cancelling one still records that it must never be."

type reminderOut struct {
	ReminderID string    `json:"reminder_id"`
	MemoryID   string    `json:"memory_id"`
	Commitment string    `json:"commitment"`
	Deadline   time.Time `json:"deadline"`
	DueAt      time.Time `json:"due_at"`
	SpaceID    string    `json:"space_id,omitempty"`
}

type remindersOut struct {
	Reminders []reminderOut `json:"reminders"`
	// Cancelled counts the reminders the person cancelled, not listed.
	Cancelled int    `json:"cancelled"`
	Note      string `json:"note"`
}

// reminderOf is the reminder of m, if it has one at now.
func reminderOf(m schema.Memory, now time.Time) (reminderOut, bool) {
	if m.Type != schema.TypeCommitment || m.State != schema.StateActive || m.ValidTo == nil || !m.ValidTo.After(now) {
		return reminderOut{}, false
	}
	due := m.ValidTo.Add(-ReminderLead)
	if due.Before(now) {
		due = now
	}
	return reminderOut{ReminderID: reminderPrefix + m.ID, MemoryID: m.ID, Commitment: m.Claim, Deadline: m.ValidTo.UTC(), DueAt: due.UTC(), SpaceID: m.SpaceID}, true
}

// scheduled derives the owner's reminders, soonest first, before removing
// cancelled ones; more is true when the scan stopped at its bound.
func scheduled(ctx context.Context, svc Services, owner schema.Owner, now time.Time) (rs []reminderOut, more bool, err error) {
	var after graph.MemoryCursor
	for read := 0; read < maxReminderScan; {
		ms, err := svc.Graph.ListMemories(ctx, owner, graph.MemoryFilter{Type: schema.TypeCommitment, State: schema.StateActive}, graph.MaxPage, after)
		if err != nil {
			return nil, false, err
		}
		for _, m := range ms {
			if r, ok := reminderOf(m, now); ok {
				rs = append(rs, r)
			}
		}
		read += len(ms)
		if len(ms) < graph.MaxPage {
			break
		}
		last := ms[len(ms)-1]
		after = graph.MemoryCursor{RecordedAt: last.RecordedAt, ID: last.ID}
		more = read >= maxReminderScan
	}
	slices.SortFunc(rs, func(a, b reminderOut) int {
		if c := a.DueAt.Compare(b.DueAt); c != 0 {
			return c
		}
		return strings.Compare(a.ReminderID, b.ReminderID)
	})
	return rs, more, nil
}

func listReminders(ctx context.Context, svc Services, c Caller, _ noArgs) (remindersOut, error) {
	if svc.Graph == nil {
		return remindersOut{}, notServing("the memory graph")
	}
	now := svc.State.now().UTC()
	all, more, err := scheduled(ctx, svc, c.Owner, now)
	if err != nil {
		return remindersOut{}, err
	}
	out := remindersOut{Reminders: []reminderOut{}}
	for chunk := range slices.Chunk(all, graph.MaxPage) {
		ids := make([]string, len(chunk))
		for i, r := range chunk {
			ids[i] = r.ReminderID
		}
		cancelled, err := svc.Graph.CancelledReminders(ctx, c.Owner, ids)
		if err != nil {
			return remindersOut{}, err
		}
		for _, r := range chunk {
			if _, ok := cancelled[r.ReminderID]; ok {
				out.Cancelled++
			} else if len(out.Reminders) < MaxReminders {
				out.Reminders = append(out.Reminders, r)
			}
		}
	}
	var b strings.Builder
	switch n := len(out.Reminders); {
	case n == 0:
		b.WriteString("No reminders are scheduled: no active commitment has a deadline still ahead.")
	default:
		fmt.Fprintf(&b, "%s, soonest first, each due a day before its commitment's deadline (or now, when that is sooner).", plural(n, "reminder", "reminders"))
	}
	if out.Cancelled > 0 {
		fmt.Fprintf(&b, " Not listed: %s the person cancelled.", plural(out.Cancelled, "reminder", "reminders"))
	}
	if more || len(all)-out.Cancelled > len(out.Reminders) {
		fmt.Fprintf(&b, " Only the %d soonest are listed.", len(out.Reminders))
	}
	if len(out.Reminders) > 0 {
		b.WriteString(" " + msgNotSent)
	}
	out.Note = b.String()
	return out, nil
}

type cancelOut struct {
	Cancelled   bool        `json:"cancelled"`
	CancelledAt time.Time   `json:"cancelled_at"`
	Reminder    reminderOut `json:"reminder"`
	Message     string      `json:"message"`
}

func cancelReminder(ctx context.Context, svc Services, c Caller, in reminderIn) (cancelOut, error) {
	if err := checkID("reminder_id", in.ReminderID); err != nil {
		return cancelOut{}, err
	}
	if svc.Graph == nil {
		return cancelOut{}, notServing("the memory graph")
	}
	memID, ok := strings.CutPrefix(in.ReminderID, reminderPrefix)
	if !ok || memID == "" {
		return cancelOut{}, notFound("reminder", in.ReminderID, hintReminder)
	}
	ms, err := svc.Graph.Memories(ctx, c.Owner, []string{memID})
	if err != nil {
		return cancelOut{}, err
	}
	now := svc.State.now().UTC()
	if len(ms) == 0 {
		return cancelOut{}, notFound("reminder", in.ReminderID, hintReminder)
	}
	r, ok := reminderOf(ms[0], now)
	if !ok {
		return cancelOut{}, fmt.Errorf("%w: no reminder %q is scheduled: %s is not an active commitment with a deadline still ahead (superseded, retracted, past its deadline, or never dated); %s", schema.ErrNotFound, in.ReminderID, memID, hintReminder)
	}
	prior, err := svc.Graph.CancelledReminders(ctx, c.Owner, []string{r.ReminderID})
	if err != nil {
		return cancelOut{}, err
	}
	if at, ok := prior[r.ReminderID]; ok {
		return cancelOut{Cancelled: true, CancelledAt: at, Reminder: r,
			Message: fmt.Sprintf("Nothing changed: the reminder about %q was already cancelled at %s.", r.Commitment, at.UTC().Format(time.RFC3339))}, nil
	}
	at, err := svc.Graph.CancelReminder(ctx, c.Owner, r.ReminderID)
	if err != nil {
		return cancelOut{}, err
	}
	return cancelOut{Cancelled: true, CancelledAt: at, Reminder: r,
		Message: fmt.Sprintf("Cancelled: this system will not email the person about %q (deadline %s). The commitment itself is unchanged and still remembered (%s).", r.Commitment, day(r.Deadline), r.MemoryID)}, nil
}
