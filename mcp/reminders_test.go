package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

func TestReminders(t *testing.T) {
	g := world(t)
	now := time.Now().UTC()
	at := func(d time.Duration) *time.Time { v := now.Add(d); return &v }
	g.mems[alice] = append(g.mems[alice],
		schema.Memory{ID: "mem_report", Type: schema.TypeCommitment, Claim: "Send the Q3 report to Priya by Friday", State: schema.StateActive, ValidTo: at(72 * time.Hour), RecordedAt: t0, SpaceID: "spc_work"},
		schema.Memory{ID: "mem_soon", Type: schema.TypeCommitment, Claim: "Renew the passport before tomorrow", State: schema.StateActive, ValidTo: at(2 * time.Hour), RecordedAt: t0.Add(time.Minute)},
		schema.Memory{ID: "mem_past", Type: schema.TypeCommitment, Claim: "File taxes by April", State: schema.StateActive, ValidTo: at(-time.Hour), RecordedAt: t0},
		schema.Memory{ID: "mem_nodate", Type: schema.TypeCommitment, Claim: "Call mum more often", State: schema.StateActive, RecordedAt: t0},
		schema.Memory{ID: "mem_gone", Type: schema.TypeCommitment, Claim: "Ship v2 by June", State: schema.StateSuperseded, ValidTo: at(240 * time.Hour), RecordedAt: t0},
		schema.Memory{ID: "mem_fact", Type: schema.TypeFact, Claim: "The lease ends in May", State: schema.StateActive, ValidTo: at(240 * time.Hour), RecordedAt: t0},
	)
	g.mems[bob] = append(g.mems[bob], schema.Memory{ID: "mem_bobs", Type: schema.TypeCommitment, Claim: "Bob's secret deadline", State: schema.StateActive, ValidTo: at(48 * time.Hour), RecordedAt: t0})
	svc := services(t, g, false)
	svc.State.now = func() time.Time { return now }
	cs := connectTo(t, svc, Caller{Owner: alice, Scopes: AllScopes})

	var list remindersOut
	ok(t, cs, "list_reminders", nil, &list)
	if len(list.Reminders) != 2 || list.Reminders[0].ReminderID != "rem_mem_soon" || list.Reminders[1].ReminderID != "rem_mem_report" {
		t.Fatalf("reminders = %+v", list.Reminders)
	}
	soon, report := list.Reminders[0], list.Reminders[1]
	if !soon.DueAt.Equal(now) || !soon.Deadline.Equal(*at(2 * time.Hour)) {
		t.Errorf("a deadline less than a day away is due now: %+v", soon)
	}
	if !report.DueAt.Equal(now.Add(48*time.Hour)) || report.Commitment != "Send the Q3 report to Priya by Friday" || report.MemoryID != "mem_report" || report.SpaceID != "spc_work" {
		t.Errorf("report reminder = %+v", report)
	}
	for _, w := range []string{"2 reminders, soonest first", "not configured"} {
		if !strings.Contains(list.Note, w) {
			t.Errorf("note %q lacks %q", list.Note, w)
		}
	}

	var c cancelOut
	ok(t, cs, "cancel_reminder", map[string]any{"reminder_id": "rem_mem_report"}, &c)
	if !c.Cancelled || c.Reminder.MemoryID != "mem_report" || !strings.Contains(c.Message, "will not email") || !strings.Contains(c.Message, "commitment itself is unchanged") {
		t.Errorf("cancel = %+v", c)
	}
	if _, ok := g.cancelled[alice]["rem_mem_report"]; !ok {
		t.Error("the cancellation was not recorded")
	}
	ok(t, cs, "cancel_reminder", map[string]any{"reminder_id": "rem_mem_report"}, &c)
	if !strings.Contains(c.Message, "already cancelled") {
		t.Errorf("second cancel = %+v", c)
	}
	ok(t, cs, "list_reminders", nil, &list)
	if len(list.Reminders) != 1 || list.Reminders[0].ReminderID != "rem_mem_soon" || list.Cancelled != 1 || !strings.Contains(list.Note, "1 reminder the person cancelled") {
		t.Errorf("after cancelling: %+v", list)
	}

	for _, id := range []string{"rem_mem_past", "rem_mem_nodate", "rem_mem_gone", "rem_mem_fact"} {
		fails(t, cs, "cancel_reminder", map[string]any{"reminder_id": id}, "No reminder", "is scheduled", "not an active commitment with a deadline still ahead", "list_reminders")
	}
	fails(t, cs, "cancel_reminder", map[string]any{"reminder_id": "rem_mem_bobs"}, `No reminder "rem_mem_bobs" was found`)
	fails(t, cs, "cancel_reminder", map[string]any{"reminder_id": "mem_report"}, `No reminder "mem_report" was found`)
	for _, b := range badIDs {
		fails(t, cs, "cancel_reminder", map[string]any{"reminder_id": b.id}, b.want)
	}
	if len(g.cancelled[bob]) != 0 {
		t.Error("bob's reminders changed")
	}

	// Bob sees only his, with alice's cancellation not touching his.
	b := connectTo(t, svc, Caller{Owner: bob, Scopes: AllScopes})
	ok(t, b, "list_reminders", nil, &list)
	if len(list.Reminders) != 1 || list.Reminders[0].ReminderID != "rem_mem_bobs" {
		t.Errorf("bob's reminders = %+v", list.Reminders)
	}
	// Nothing scheduled says so.
	e := connectTo(t, svc, Caller{Owner: "usr_nobody", Scopes: AllScopes})
	ok(t, e, "list_reminders", nil, &list)
	if len(list.Reminders) != 0 || !strings.Contains(list.Note, "No reminders are scheduled") {
		t.Errorf("nobody's reminders = %+v", list)
	}
}
