package mcp

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// Scopes, as the seed names them.
const (
	ScopeRead    = "memory:read"
	ScopeCapture = "memory:capture"
	ScopeWrite   = "memory:write"
	ScopeUsage   = "usage:read"
)

// AllScopes lists every scope.
var AllScopes = []string{ScopeRead, ScopeCapture, ScopeWrite, ScopeUsage}

// Version is reported to clients.
const Version = "0.1.0"

// Services are what the tools call: the same services the HTTP API uses.
type Services struct {
	Graph    graph.Store
	Pipeline *ingest.Pipeline
	Searcher *retrieval.Searcher
	Logger   *slog.Logger
	// State keeps what outlives one server: the Space each connection works
	// in. nil means NewServer makes one for the server it builds (right for
	// stdio, where the process lives with its one connection);
	// HTTPHandler makes one for all the servers it builds.
	State *State
}

// Caller is who a server serves and what they may do.
type Caller struct {
	Owner  schema.Owner
	Scopes []string
	// ClientID is the OAuth client (or API key) the credential was issued
	// to, when known. It only keys per-connection state over HTTP (see
	// State); it grants nothing.
	ClientID string

	// conn names the connection a call came on, set per call (see
	// connOf); it keys the connection's choice of Space.
	conn string
}

// NewServer builds a server whose every tool is bound to caller. Over HTTP
// one is built per request, so no tool can close over another person.
func NewServer(svc Services, caller Caller) *gomcp.Server {
	if svc.State == nil {
		svc.State = NewState()
	}
	s := gomcp.NewServer(&gomcp.Implementation{Name: "persistmemory", Title: "PersistMemory", Version: Version}, nil)
	for _, t := range tools() {
		t.register(s, svc, caller)
	}
	return s
}

// RunStdio serves one person over stdin/stdout until the client disconnects
// or ctx ends.
func RunStdio(ctx context.Context, svc Services, caller Caller) error {
	if err := caller.Owner.Validate(); err != nil {
		return fmt.Errorf("PERSISTMEMORY_USER_ID: %w", err)
	}
	return NewServer(svc, caller).Run(ctx, &gomcp.StdioTransport{})
}

// CallerFunc resolves the caller of an HTTP request (from its verified
// credential); ok=false means the request was not authenticated and has
// been answered.
type CallerFunc func(w http.ResponseWriter, r *http.Request) (Caller, bool)

// HTTPHandler serves Streamable HTTP, building a server per request for the
// caller auth proves.
func HTTPHandler(svc Services, auth CallerFunc) http.Handler {
	if svc.State == nil {
		svc.State = NewState()
	}
	type key struct{}
	h := gomcp.NewStreamableHTTPHandler(func(r *http.Request) *gomcp.Server {
		c, _ := r.Context().Value(key{}).(Caller)
		return NewServer(svc, c)
	}, &gomcp.StreamableHTTPOptions{Stateless: true})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, ok := auth(w, r)
		if !ok {
			return
		}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), key{}, c)))
	})
}

func hasScope(c Caller, s string) bool { return slices.Contains(c.Scopes, s) }
