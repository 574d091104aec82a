package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

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
	return append(memoryTools(), externalTools()...)
}

// memoryTools are the tools served by PersistMemory's own engine.
func memoryTools() []tool {
	return []tool{
		newTool("search_memory", ScopeRead, &gomcp.Tool{
			Title:       "Search memory",
			Description: "Answers a question from past decisions, commitments, preferences, facts and events. Returns the memories that match, best first, each with its type, claim, dates and score.",
			Annotations: &gomcp.ToolAnnotations{ReadOnlyHint: true},
		}, searchMemory),
		newTool("remember", ScopeCapture, &gomcp.Tool{
			Title:       "Remember",
			Description: "Hands text to the ingestion pipeline. It returns immediately with a job id, so the memory is not searchable the instant the call finishes, and it may become one memory, several, or none. With no queue configured it refuses rather than reporting success for material nothing will process. Never pass passwords, tokens or API keys: they are refused.",
			Annotations: &gomcp.ToolAnnotations{DestructiveHint: ptr(false), IdempotentHint: false},
		}, remember),
	}
}

func ptr[T any](v T) *T { return &v }

// newTool binds a typed handler behind the scope check.
func newTool[In, Out any](name, scope string, def *gomcp.Tool, h func(context.Context, Services, Caller, In) (Out, error)) tool {
	def.Name = name
	return tool{name: name, scope: scope, register: func(s *gomcp.Server, svc Services, c Caller) {
		gomcp.AddTool(s, def, func(ctx context.Context, _ *gomcp.CallToolRequest, in In) (*gomcp.CallToolResult, Out, error) {
			var zero Out
			if !hasScope(c, scope) {
				return errorResult(fmt.Sprintf("This connection lacks the %s permission, which %s needs. Ask the person to grant it (reconnect with the %s scope).", scope, name, scope)), zero, nil
			}
			out, err := h(ctx, svc, c, in)
			if err != nil {
				return errorResult(toolMessage(err)), zero, nil
			}
			return nil, out, nil
		})
	}}
}

func errorResult(msg string) *gomcp.CallToolResult {
	return &gomcp.CallToolResult{IsError: true, Content: []gomcp.Content{&gomcp.TextContent{Text: msg}}}
}

// toolMessage is the one error-to-MCP mapping: a sentence an assistant can
// pass on. Internal errors are not echoed.
func toolMessage(err error) string {
	for _, s := range []error{schema.ErrInvalid, schema.ErrTooLarge, schema.ErrNotFound, schema.ErrConflict, schema.ErrForbidden, schema.ErrUnavailable} {
		if errors.Is(err, s) {
			msg := err.Error()
			if i := strings.Index(msg, s.Error()+": "); i >= 0 {
				msg = msg[i+len(s.Error())+2:]
			}
			return msg
		}
	}
	return "internal error; it has been logged"
}

type searchIn struct {
	Query          string `json:"query" jsonschema:"what to look for, in the person's words"`
	TokenBudget    int    `json:"token_budget,omitempty" jsonschema:"most tokens the context may use (default: the server's CONTEXT_TOKEN_BUDGET)"`
	IncludeHistory bool   `json:"include_history,omitempty" jsonschema:"also return superseded versions"`
	Cursor         string `json:"cursor,omitempty" jsonschema:"next_cursor of an earlier call, for what did not fit"`
}

type searchOut struct {
	Context     string                  `json:"context"`
	Memories    []retrieval.ContextItem `json:"memories"`
	Truncated   bool                    `json:"truncated"`
	Omitted     retrieval.Omitted       `json:"omitted"`
	Tokens      int                     `json:"tokens"`
	NextCursor  string                  `json:"next_cursor,omitempty"`
	Diagnostics retrieval.Diagnostics   `json:"diagnostics"`
}

func searchMemory(ctx context.Context, svc Services, c Caller, in searchIn) (searchOut, error) {
	res, err := svc.Searcher.Context(ctx, c.Owner, retrieval.ContextQuery{Query: retrieval.Query{Text: in.Query, Cursor: in.Cursor, IncludeHistory: in.IncludeHistory}, Budget: in.TokenBudget})
	if err != nil {
		return searchOut{}, err
	}
	return searchOut{Context: res.Context, Memories: res.Items, Truncated: res.Truncated, Omitted: res.Omitted, Tokens: res.Tokens, NextCursor: res.NextCursor, Diagnostics: res.Diagnostics}, nil
}

type rememberIn struct {
	Text   string `json:"text" jsonschema:"the material to remember, free of secrets"`
	Space  string `json:"space,omitempty" jsonschema:"the Space id to file it in (default: the current Space)"`
	Source string `json:"source,omitempty" jsonschema:"where the material came from, in a few words"`
}

type rememberOut struct {
	JobID   string `json:"jobId"`
	Status  string `json:"status"`
	Message string `json:"message"`
}

func remember(ctx context.Context, svc Services, c Caller, in rememberIn) (rememberOut, error) {
	job, err := svc.Pipeline.Remember(ctx, c.Owner, ingest.RememberInput{Text: in.Text, SpaceID: in.Space, Source: in.Source})
	if err != nil {
		return rememberOut{}, err
	}
	return rememberOut{JobID: job.ID, Status: string(job.State), Message: "Accepted for processing; it becomes searchable once the job completes."}, nil
}
