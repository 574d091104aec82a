package mcp

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tools of PersistMemory's own whose engine is not built yet answer for
// themselves through pending: they are registered anyway, because the tool
// list must not change shape between deployments or releases a cached
// client has seen, and each answers (not an error: nothing failed) with a
// sentence saying what is not available and that nothing was changed.
// Every tool of PersistMemory's own is built now: sharing is in
// sharing.go, reminders in reminders.go, uploads in upload.go; this file
// keeps the helper and the reminder registrations.

const notYet = " Not available in this deployment yet: it says so and changes nothing."

func pending[In any](name, scope, title, desc string, ann *gomcp.ToolAnnotations, in *jsonschema.Schema, msg string) tool {
	def := &gomcp.Tool{Title: title, Description: desc + notYet, Annotations: ann}
	if in != nil {
		def.InputSchema = in // a typed nil would not read as "infer it"
	}
	return newTool(name, scope, def,
		func(context.Context, Services, Caller, In) (notConfigured, error) {
			return notConfigured{Configured: false, Message: msg}, nil
		})
}

type (
	reminderIn struct {
		ReminderID string `json:"reminder_id" jsonschema:"the reminder, as list_reminders returned it"`
	}
	uploadIn struct {
		Filename    string `json:"filename" jsonschema:"the file's name"`
		ContentType string `json:"content_type,omitempty" jsonschema:"its media type, e.g. application/pdf"`
		SpaceID     string `json:"space_id,omitempty" jsonschema:"the Space to file it in, fixed here (default: the Space this connection works in)"`
	}
	attachIn struct {
		UploadID string `json:"upload_id" jsonschema:"the upload, as request_upload_url returned it"`
	}
)

// pendingTools are the registrations of the reminder tools (and of any
// tool not built yet).
func pendingTools() []tool {
	write := func(destructive bool) *gomcp.ToolAnnotations {
		return &gomcp.ToolAnnotations{DestructiveHint: ptr(destructive)}
	}
	read := &gomcp.ToolAnnotations{ReadOnlyHint: true}
	return []tool{
		newTool("list_reminders", ScopeRead, &gomcp.Tool{
			Title:       "List reminders",
			Description: "What this system is going to email the person about, and when — the reminders it has scheduled for their deadlines, soonest first: one for each active commitment whose deadline is still ahead, due a day before it. Says so when sending is not configured.",
			Annotations: read,
		}, listReminders),
		newTool("cancel_reminder", ScopeWrite, &gomcp.Tool{
			Title:       "Cancel a reminder",
			Description: "Stops ONE scheduled reminder, so this system will not email the person about it. The commitment itself stays remembered. A write: the host shows the person before it runs.",
			Annotations: write(true),
		}, cancelReminder),
	}
}
