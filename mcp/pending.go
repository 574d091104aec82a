package mcp

import (
	"context"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tools of PersistMemory's own whose engine is not built yet: sharing
// Spaces, reminders and file uploads. They are registered now, because the
// tool list must not change shape between deployments or releases a cached
// client has seen, and each answers for itself (not an error: nothing
// failed) with a sentence saying what is not available and that nothing
// was changed. list_space_collaborators is answered from the graph: with
// no sharing, a Space's only collaborator is its owner.

const (
	msgSharing   = "Sharing Spaces is not available in this deployment yet: every Space is seen by its owner alone. Nothing was changed."
	msgReminders = "Reminders are not available in this deployment yet: nothing is scheduled to be emailed to the person, so there is nothing to list or cancel. Nothing was changed."
	msgUploads   = "File uploads are not available in this deployment yet, so no upload URL can be issued and nothing was stored. Short text can be handed to remember instead; never put file bytes in a tool argument."
	notYet       = " Not available in this deployment yet: it says so and changes nothing."
)

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
	shareIn struct {
		SpaceID string `json:"space_id" jsonschema:"the Space, as list_spaces returned it"`
		Email   string `json:"email" jsonschema:"the address of the person to offer access to"`
		Role    string `json:"role" jsonschema:"what they may do: editor or viewer"`
	}
	memberIn struct {
		SpaceID string `json:"space_id" jsonschema:"the Space, as list_spaces returned it"`
		Member  string `json:"member" jsonschema:"the collaborator's address or invitation id, as list_space_collaborators returned it"`
	}
	roleIn struct {
		SpaceID string `json:"space_id" jsonschema:"the Space, as list_spaces returned it"`
		Member  string `json:"member" jsonschema:"the collaborator's address, as list_space_collaborators returned it"`
		Role    string `json:"role" jsonschema:"what they may do from now on: editor or viewer"`
	}
	reminderIn struct {
		ReminderID string `json:"reminder_id" jsonschema:"the reminder, as list_reminders returned it"`
	}
	uploadIn struct {
		Filename    string `json:"filename" jsonschema:"the file's name"`
		ContentType string `json:"content_type,omitempty" jsonschema:"its media type, e.g. application/pdf"`
		SpaceID     string `json:"space_id,omitempty" jsonschema:"the Space to file it in, fixed here (default: the Space this connection works in)"`
	}
	collabIn struct {
		SpaceID string `json:"space_id" jsonschema:"the Space, as list_spaces returned it"`
	}
	attachIn struct {
		UploadID string `json:"upload_id" jsonschema:"the upload, as request_upload_url returned it"`
	}
)

var roles = map[string][]any{"role": {"editor", "viewer"}}

// pendingTools are the registrations of the tools not built yet, and of
// list_space_collaborators.
func pendingTools() []tool {
	write := func(destructive bool) *gomcp.ToolAnnotations {
		return &gomcp.ToolAnnotations{DestructiveHint: ptr(destructive)}
	}
	read := &gomcp.ToolAnnotations{ReadOnlyHint: true}
	return []tool{
		newTool("list_space_collaborators", ScopeRead, &gomcp.Tool{
			Title:       "List Space collaborators",
			Description: "Lists everybody who can see one of the person's Spaces, and what each of them may do with it (owner, editor, viewer).",
			Annotations: read,
		}, listCollaborators),
		pending[shareIn]("share_space", ScopeWrite, "Share a Space", "Offers another person access to one of this person's Spaces, as editor or viewer. A write: the host shows the person before it runs.", write(false), enumSchema[shareIn](roles), msgSharing),
		pending[memberIn]("unshare_space", ScopeWrite, "Unshare a Space", "Ends another person's access to one of this person's Spaces, or withdraws an invitation they never accepted. A write: the host shows the person before it runs.", write(true), nil, msgSharing),
		pending[roleIn]("change_space_role", ScopeWrite, "Change a Space role", "Changes what somebody who already has access to a Space may do with it: editor or viewer. A write: the host shows the person before it runs.", write(true), enumSchema[roleIn](roles), msgSharing),
		pending[noArgs]("list_reminders", ScopeRead, "List reminders", "What this system is going to email the person about, and when — the reminders it has scheduled for their deadlines, soonest first.", read, nil, msgReminders),
		pending[reminderIn]("cancel_reminder", ScopeWrite, "Cancel a reminder", "Stops ONE scheduled reminder, so this system will not email the person about it. A write: the host shows the person before it runs.", write(true), nil, msgReminders),
		pending[uploadIn]("request_upload_url", ScopeCapture, "Request an upload URL", "A one-time URL for uploading a real file. Never put file bytes in a tool argument — anything past a few kilobytes is truncated on the way through and the stored document is then not the file. The URL lives ten minutes, and the Space is fixed here.", write(false), nil, msgUploads),
		pending[attachIn]("attach_upload", ScopeCapture, "Attach an upload", "Hands a landed upload to the pipeline. It re-reads the stored object and fails if the upload did not arrive, is empty, is too large or is truncated — so a broken transfer is never turned into a memory.", write(false), nil, msgUploads),
	}
}

type collaborator struct {
	Who  string `json:"who"`
	Role string `json:"role"`
}

type collaboratorsOut struct {
	SpaceID       string         `json:"space_id"`
	Name          string         `json:"name"`
	Collaborators []collaborator `json:"collaborators"`
	Note          string         `json:"note"`
}

// listCollaborators answers from the graph: sharing is not built, so a
// Space's only collaborator is the person who owns it.
func listCollaborators(ctx context.Context, svc Services, c Caller, in collabIn) (collaboratorsOut, error) {
	if err := checkID("space_id", in.SpaceID); err != nil {
		return collaboratorsOut{}, err
	}
	if svc.Graph == nil {
		return collaboratorsOut{}, notServing("the memory graph")
	}
	sp, err := svc.Graph.Space(ctx, c.Owner, in.SpaceID)
	if err != nil {
		return collaboratorsOut{}, lookup(err, "Space", in.SpaceID, "list_spaces gives the ids of the person's Spaces")
	}
	return collaboratorsOut{SpaceID: sp.ID, Name: sp.Name, Collaborators: []collaborator{{Who: "the person (you are connected as them)", Role: "owner"}},
		Note: fmt.Sprintf("Only the person can see %q: sharing Spaces is not available in this deployment yet.", sp.Name)}, nil
}
