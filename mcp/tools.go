package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// tool is one entry of the registration list.
type tool struct {
	name     string
	scope    string
	register func(s *gomcp.Server, svc Services, c Caller)
}

// tools is THE registration list: both transports serve exactly these.
func tools() []tool {
	return slices.Concat(memoryTools(), uploadTools(), sharingTools(), pendingTools(), externalTools())
}

// memoryTools are the tools served by PersistMemory's own engine.
func memoryTools() []tool {
	return []tool{
		newTool("search_memory", ScopeRead, &gomcp.Tool{
			Title:       "Search memory",
			Description: "Answers a question from past decisions, commitments, preferences, facts and events. Returns the assembled context plus every memory it drew on, best first, each with its type, claim, dates and score. It answers from the Space this connection works in (see current_space), or from every Space; the answer says which.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, searchMemory),
		newTool("memory_detail", ScopeRead, &gomcp.Tool{
			Title:       "Memory detail",
			Description: "Everything behind one memory: what it claims, its state and confidence, whether the person confirmed it, the dates it was valid between, the Space it is filed in, the memories that replaced it, the open conflicts it is in, and the excerpts it rests on. Takes an id search_memory returned.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, memoryDetail),
		newTool("memory_timeline", ScopeRead, &gomcp.Tool{
			Title:       "Memory timeline",
			Description: "The history of one memory: every version, oldest first, what changed in each, why and when it was replaced, and when it stopped being true. The answer to \"what did I think before\".",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, memoryTimeline),
		newTool("correct_memory", ScopeCapture, &gomcp.Tool{
			Title:       "Correct a memory",
			Description: "Corrects something already remembered, in whatever words the person used — \"change it to 0.9.7\", \"no, it's the other one\". It is about the RECORD and never the thing the record describes: correcting a stored version number involves no command and touches nothing on their computer. The correction supersedes rather than erases, so the previous value stays as history, and it goes through the same pipeline as everything else — not searchable the instant the call returns.",
			Annotations: &gomcp.ToolAnnotations{DestructiveHint: ptr(false)},
		}, correctMemory),
		newTool("remember", ScopeCapture, &gomcp.Tool{
			Title:       "Remember",
			Description: "Hands text to the ingestion pipeline. It returns immediately with a job id, so the memory is not searchable the instant the call finishes, and it may become one memory, several, or none. It is filed in the Space this connection works in unless space names another. With no queue configured it refuses rather than reporting success for material nothing will process. Never pass passwords, tokens or API keys: they are refused.",
			Annotations: &gomcp.ToolAnnotations{DestructiveHint: ptr(false), IdempotentHint: false},
		}, remember),
		newTool("list_spaces", ScopeRead, &gomcp.Tool{
			Title:       "List Spaces",
			Description: "The person's Spaces, with their ids, and which one this connection is working in. Call it to turn a Space somebody named in words into the id the other tools take.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, listSpaces),
		newTool("use_space", ScopeRead, &gomcp.Tool{
			Title:       "Use a Space",
			Description: "Works in one Space from now on: captures are filed there AND questions are answered from there. One choice steering both, because a default that filed one way and searched another would put material somewhere the next question could not see. Pass \"all\" to work across every Space again (captures then go to the personal Space). It changes only this connection, never a memory.",
			Annotations: &gomcp.ToolAnnotations{DestructiveHint: ptr(false), IdempotentHint: true},
		}, useSpace),
		newTool("current_space", ScopeRead, &gomcp.Tool{
			Title:       "Current Space",
			Description: "Which Space this connection is working in, or that it is working across everything. Check it before reporting what you found, so a narrow answer is not read as a complete one.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, currentSpace),
		newTool("work_in_space", ScopeCapture, &gomcp.Tool{
			Title:       "Work in a Space",
			Description: "Files everything sent from this conversation into one Space from now on, and answers questions asked here from that Space alone. Pass \"all\" to go back to every Space. A write: the host shows the person before it runs.",
			Annotations: &gomcp.ToolAnnotations{DestructiveHint: ptr(false), IdempotentHint: true},
		}, useSpace),
		newTool("review_conflicts", ScopeRead, &gomcp.Tool{
			Title:       "Review conflicts",
			Description: "Memories that contradict each other and that nothing in the evidence could settle. Shows both sides. A read, despite the company it keeps: listing what is in dispute changes nothing. To settle one, tell the person how (resolve_conflict gives the exact instruction).",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
			InputSchema: enumSchema[reviewIn](map[string][]any{"state": {"open", "resolved", "dismissed", "all"}}),
		}, reviewConflicts),
		newTool("resolve_conflict", ScopeRead, &gomcp.Tool{
			Title:       "Resolve a conflict",
			Description: "DOES NOT SETTLE ANYTHING, and says so. Which side is right is the person's own decision and a connected app cannot record one for them, so this checks the conflict and answers with the exact instruction for doing it themselves, signed in. It records nothing.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
			InputSchema: enumSchema[resolveIn](map[string][]any{"action": {"keep", "dismiss"}}),
		}, resolveConflict),
		newTool("confirm_memory", ScopeRead, &gomcp.Tool{
			Title:       "Confirm a memory",
			Description: "DOES NOT CONFIRM ANYTHING, for the same reason: a confirmed memory outranks every inferred signal and wins future conflicts, so the confirmation has to come from the person signed in. It checks the memory and answers with the exact instruction. It records nothing.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, confirmMemory),
		newTool("ingestion_status", ScopeRead, &gomcp.Tool{
			Title:       "Ingestion status",
			Description: "Recent material and what became of it, newest first: read and extracted into which memories, read with nothing worth keeping, failed (with the reason), or still in flight. The answer when an expected memory is missing.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, ingestionStatus),
		newTool("search_conversations", ScopeRead, &gomcp.Tool{
			Title:       "Search conversations",
			Description: "Searches what was SAID in this person's earlier conversations — their own messages and the answers they were given — and returns the matching lines with when they were said, who said them, and a link back to the conversation.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, searchConversations),
		newTool("usage_report", ScopeUsage, &gomcp.Tool{
			Title:       "Usage report",
			Description: "Token usage and spend broken down by model, including calls that failed, because a bill can move on a provider's error rate alone. Says plainly when no model was called.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, usageReport),
	}
}

func ptr[T any](v T) *T { return &v }

// newTool binds a typed handler behind the scope check.
func newTool[In, Out any](name, scope string, def *gomcp.Tool, h func(context.Context, Services, Caller, In) (Out, error)) tool {
	def.Name = name
	return tool{name: name, scope: scope, register: func(s *gomcp.Server, svc Services, c Caller) {
		gomcp.AddTool(s, def, func(ctx context.Context, req *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, Out, error) {
			var zero Out
			if !hasScope(c, scope) {
				return errorResult(fmt.Sprintf("This connection lacks the %s permission, which %s needs. Ask the person to grant it (reconnect with the %s scope).", scope, name, scope)), zero, nil
			}
			c := c
			c.conn = connOf(req, c)
			out, err := h(ctx, svc, c, in)
			if err != nil {
				if msg := toolMessage(err); msg != internalMessage {
					return errorResult(msg), zero, nil
				}
				svc.log().Error("tool failed", "tool", name, "err", err)
				return errorResult(internalMessage), zero, nil
			}
			return attachView(svc, c, in, out), out, nil
		})
	}}
}

func errorResult(msg string) *gomcp.CallToolResult {
	return &gomcp.CallToolResult{IsError: true, Content: []gomcp.Content{&gomcp.TextContent{Text: msg}}}
}

// internalMessage answers an error that is not the caller's to act on.
const internalMessage = "internal error; it has been logged"

// toolMessage is the one error-to-MCP mapping: a sentence an assistant can
// pass on. Internal errors are not echoed.
func toolMessage(err error) string {
	for _, s := range []error{schema.ErrInvalid, schema.ErrTooLarge, schema.ErrNotFound, schema.ErrConflict, schema.ErrForbidden, schema.ErrUnavailable} {
		if errors.Is(err, s) {
			msg := err.Error()
			if i := strings.Index(msg, s.Error()+": "); i >= 0 {
				msg = msg[i+len(s.Error())+2:]
			}
			return sentence(msg)
		}
	}
	return internalMessage
}

// sentence capitalises msg's first letter and ends it with a full stop.
func sentence(msg string) string {
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return msg
	}
	r, n := utf8.DecodeRuneInString(msg)
	msg = string(unicode.ToUpper(r)) + msg[n:]
	if !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "?") && !strings.HasSuffix(msg, "!") {
		msg += "."
	}
	return msg
}

func (svc Services) log() *slog.Logger {
	if svc.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return svc.Logger
}

type searchIn struct {
	Query          string `json:"query" jsonschema:"what to look for, in the person's words"`
	TokenBudget    int    `json:"token_budget,omitempty" jsonschema:"most tokens the context may use (default: the server's CONTEXT_TOKEN_BUDGET)"`
	IncludeHistory bool   `json:"include_history,omitempty" jsonschema:"also return superseded versions"`
	Cursor         string `json:"cursor,omitempty" jsonschema:"next_cursor of an earlier call, for what did not fit"`
	Now            string `json:"now,omitempty" jsonschema:"when the question is asked, RFC 3339 (default: now); relative times like 'last summer' resolve against it"`
}

type searchOut struct {
	Context     string                  `json:"context"`
	Memories    []retrieval.ContextItem `json:"memories"`
	Truncated   bool                    `json:"truncated"`
	Omitted     retrieval.Omitted       `json:"omitted"`
	Tokens      int                     `json:"tokens"`
	NextCursor  string                  `json:"next_cursor,omitempty"`
	Diagnostics retrieval.Diagnostics   `json:"diagnostics"`
	// Scope says which Spaces the answer came from.
	Scope scopeOut `json:"scope"`
}

func searchMemory(ctx context.Context, svc Services, c Caller, in searchIn) (searchOut, error) {
	if svc.Searcher == nil {
		return searchOut{}, notServing("search")
	}
	scope, acc, err := svc.working(ctx, c)
	if err != nil {
		return searchOut{}, err
	}
	s, cursor, err := svc.searcherIn(scope.SpaceID, in.Cursor)
	if err != nil {
		return searchOut{}, err
	}
	var now time.Time
	if in.Now != "" {
		if now, err = time.Parse(time.RFC3339, in.Now); err != nil {
			return searchOut{}, fmt.Errorf("%w: now %q is not an RFC 3339 time (e.g. 2023-05-08T13:56:00Z)", schema.ErrInvalid, in.Now)
		}
	}
	// acc.Owner is c.Owner unless the connection works in a Space shared
	// with the person: then the search runs as its owner, confined to that
	// one Space by searcherIn.
	res, err := s.Context(ctx, acc.Owner, retrieval.ContextQuery{Query: retrieval.Query{Text: in.Query, Cursor: cursor, IncludeHistory: in.IncludeHistory, Now: now}, Budget: in.TokenBudget})
	if err != nil {
		return searchOut{}, err
	}
	return searchOut{Context: res.Context, Memories: res.Items, Truncated: res.Truncated, Omitted: res.Omitted, Tokens: res.Tokens,
		NextCursor: tagCursor(scope.SpaceID, res.NextCursor), Diagnostics: res.Diagnostics, Scope: scope}, nil
}

type rememberIn struct {
	Text   string `json:"text" jsonschema:"the material to remember, free of secrets"`
	Space  string `json:"space,omitempty" jsonschema:"the Space id to file it in (default: the Space this connection works in, else the personal Space)"`
	Source string `json:"source,omitempty" jsonschema:"where the material came from, in a few words"`
}

type rememberOut struct {
	JobID   string `json:"jobId"`
	Status  string `json:"status"`
	SpaceID string `json:"spaceId,omitempty"`
	Message string `json:"message"`
}

func remember(ctx context.Context, svc Services, c Caller, in rememberIn) (rememberOut, error) {
	if svc.Pipeline == nil {
		return rememberOut{}, notServing("remember")
	}
	space := in.Space
	if space == "" {
		space = svc.State.space(c)
	}
	input := ingest.RememberInput{Text: in.Text, SpaceID: space, Source: in.Source}
	var (
		job schema.Job
		err error
	)
	where := "the personal Space"
	if space != "" {
		where = "Space " + space
	}
	shared := false
	var acc graph.SpaceAccess
	if space != "" && svc.Graph != nil {
		a, err := svc.access(ctx, c, space)
		acc, shared = a, err == nil && a.Shared(c.Owner)
	}
	if shared {
		job, err = svc.rememberShared(ctx, c, acc, input)
		where = fmt.Sprintf("the Space %q that %s shares with the person (credited to them; its job is the owner's, so ingestion_status does not list it)", acc.Space.Name, acc.Owner)
	} else {
		// The person's own Space, or none: the pipeline checks it.
		job, err = svc.Pipeline.Remember(ctx, c.Owner, input)
	}
	if err != nil {
		return rememberOut{}, err
	}
	return rememberOut{JobID: job.ID, Status: string(job.State), SpaceID: space,
		Message: "Accepted for processing and filed in " + where + "; it becomes searchable once the job completes (see ingestion_status)."}, nil
}

// notServing is the error of a tool whose service this server was built
// without.
func notServing(what string) error {
	return fmt.Errorf("%w: %s is not served by this deployment", schema.ErrUnavailable, what)
}
