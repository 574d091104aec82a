package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/graph/cypher"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// The OpenAPI 3.1 document served at GET /openapi.json is generated from
// one table (operations below) and the Go types of the request and
// response bodies, so named limits and field names cannot drift from the
// code. TestOpenAPIMatchesRoutes fails when the table and the routes the
// gin engine registers diverge.

// OpenAPIVersion is the version of the API the document describes.
const OpenAPIVersion = "1.0.0"

// param is one path or query parameter.
type param struct {
	name, in, desc string
	schema         map[string]any
	required       bool
}

// operation is one route of the table.
type operation struct {
	method string
	path   string // gin syntax: /api/v1/memories/:id
	id     string
	tag    string
	sum    string
	scope  string // "" means no credential is needed
	query  []param
	// body is a value of the request type (nil: no body).
	body         any
	bodyOptional bool
	// required are the body fields the server insists on; rules add
	// constraints to body fields by JSON name.
	required []string
	rules    map[string]map[string]any
	status   int
	// resp is a value of the response type, or a schema (map[string]any);
	// nil with status 204 means no body.
	resp any
	// extra lists further success or documented statuses (e.g. 503 of readyz).
	extra map[int]any
}

// searchScopeRule and searchSpacesRule document scope and spaceIds of the
// two search routes.
var (
	searchScopeRule = map[string]any{"enum": []string{ScopeOfSearchPersonal, ScopeOfSearchShared, ScopeOfSearchCombined},
		"description": "personal: your own Spaces; shared: Spaces shared with you, named in spaceIds; combined (default): your own Spaces and any named in spaceIds"}
	searchSpacesRule = map[string]any{"maxItems": MaxSearchSpaces, "description": fmt.Sprintf("confine the search to these Spaces (at most %d, all of one person's graph)", MaxSearchSpaces)}
)

func limitParam() param {
	return param{name: "limit", in: "query", desc: fmt.Sprintf("page size, default %d", DefaultPageSize),
		schema: map[string]any{"type": "integer", "minimum": 1, "maximum": MaxPageSize, "default": DefaultPageSize}}
}

func cursorParam() param {
	return param{name: "cursor", in: "query", desc: "nextCursor of the previous page", schema: map[string]any{"type": "string"}}
}

type healthBody struct {
	Status string `json:"status"`
}

type readyBody struct {
	Status string        `json:"status"`
	Checks []CheckResult `json:"checks"`
}

type turnSearchResponse struct {
	Results []graph.TurnHit `json:"results"`
}

func limitsSchema() map[string]any {
	props := map[string]any{}
	var req []string
	for _, k := range []string{"maxRequestBytes", "maxRememberBytes", "maxSourceBytes", "maxQueryBytes", "searchMaxLimit",
		"rateLimitPerSecond", "rateLimitBurst", "contextDefaultBudget", "contextMinBudget", "contextMaxBudget", "searchDefaultLimit"} {
		props[k] = map[string]any{"type": "integer"}
		req = append(req, k)
	}
	return map[string]any{"type": "object", "properties": props, "required": req}
}

func operations() []operation {
	return []operation{
		{method: "GET", path: "/openapi.json", id: "openapi", tag: "meta", sum: "This OpenAPI 3.1 document", status: 200,
			resp: map[string]any{"type": "object"}},
		{method: "GET", path: "/healthz", id: "healthz", tag: "health", sum: "Liveness", status: 200, resp: healthBody{}},
		{method: "GET", path: "/readyz", id: "readyz", tag: "health", sum: "Readiness of every dependency", status: 200, resp: readyBody{},
			extra: map[int]any{503: readyBody{}}},
		{method: "GET", path: "/api/v1/health/live", id: "healthLive", tag: "health", sum: "Liveness", status: 200, resp: healthBody{}},
		{method: "GET", path: "/api/v1/health/ready", id: "healthReady", tag: "health", sum: "Readiness of every dependency", status: 200, resp: readyBody{},
			extra: map[int]any{503: readyBody{}}},
		{method: "GET", path: "/api/v1/limits", id: "limits", tag: "limits", sum: "Every named limit", status: 200, resp: limitsSchema()},

		{method: "POST", path: "/api/v1/memories", id: "remember", tag: "memories", sum: "Remember a piece of text (extracted asynchronously)", scope: ScopeCapture,
			body: rememberRequest{}, required: []string{"text"},
			rules: map[string]map[string]any{
				"text":   {"minLength": 1, "pattern": `\S`, "x-maxBytes": schema.MaxRememberBytes, "description": fmt.Sprintf("at most %d bytes of UTF-8 (MaxRememberBytes)", schema.MaxRememberBytes)},
				"source": {"x-maxBytes": ingest.MaxSourceLen, "description": fmt.Sprintf("at most %d bytes (MaxSourceLen)", ingest.MaxSourceLen)},
			},
			status: 202, resp: jobResponse{}},
		{method: "GET", path: "/api/v1/memories", id: "listMemories", tag: "memories", sum: "Memories newest first, with filters", scope: ScopeRead,
			query: []param{limitParam(), cursorParam(),
				{name: "type", in: "query", schema: map[string]any{"type": "string", "enum": []string{"decision", "commitment", "preference", "fact", "event"}}},
				{name: "state", in: "query", schema: map[string]any{"type": "string", "enum": []string{"active", "superseded", "disputed", "retracted"}}},
				{name: "spaceId", in: "query", schema: map[string]any{"type": "string"}},
				{name: "from", in: "query", desc: "recorded at or after (RFC 3339)", schema: map[string]any{"type": "string", "format": "date-time"}},
				{name: "to", in: "query", desc: "recorded before (RFC 3339)", schema: map[string]any{"type": "string", "format": "date-time"}}},
			status: 200, resp: list[memoryView]{}},
		{method: "GET", path: "/api/v1/memories/:id", id: "getMemory", tag: "memories", sum: "One memory with its evidence, entities and space", scope: ScopeRead, status: 200, resp: graph.MemoryDetail{}},
		{method: "GET", path: "/api/v1/memories/:id/timeline", id: "memoryTimeline", tag: "memories", sum: "Every version of a memory", scope: ScopeRead, status: 200, resp: list[graph.TimelineEntry]{}},
		{method: "POST", path: "/api/v1/memories/:id/confirm", id: "confirmMemory", tag: "memories", sum: "Confirm a memory", scope: ScopeWrite,
			body: confirmRequest{}, bodyOptional: true, status: 200, resp: memoryView{}},
		{method: "POST", path: "/api/v1/memories/:id/correct", id: "correctMemory", tag: "memories", sum: "Correct a memory in the person's words", scope: ScopeCapture,
			body: correctRequest{}, required: []string{"correction"},
			rules:  map[string]map[string]any{"correction": {"minLength": 1, "pattern": `\S`}},
			status: 202, resp: jobResponse{}},

		{method: "POST", path: "/api/v1/search", id: "search", tag: "search", sum: "Ranked memories for a query", scope: ScopeRead,
			body: searchRequest{}, required: []string{"query"},
			rules: map[string]map[string]any{
				"query":    {"minLength": 1, "pattern": `\S`, "x-maxBytes": retrieval.MaxQueryBytes, "description": fmt.Sprintf("at most %d bytes (MaxQueryBytes)", retrieval.MaxQueryBytes)},
				"limit":    {"minimum": 0, "maximum": retrieval.MaxLimit, "description": fmt.Sprintf("0 or absent means %d", retrieval.DefaultLimit)},
				"scope":    searchScopeRule,
				"spaceIds": searchSpacesRule,
			},
			status: 200, resp: searchResponse{}},
		{method: "POST", path: "/api/v1/search/context", id: "searchContext", tag: "search", sum: "Memories rendered into a context within a token budget", scope: ScopeRead,
			body: contextRequest{}, required: []string{"query"},
			rules: map[string]map[string]any{
				"query":       {"minLength": 1, "pattern": `\S`, "x-maxBytes": retrieval.MaxQueryBytes, "description": fmt.Sprintf("at most %d bytes (MaxQueryBytes)", retrieval.MaxQueryBytes)},
				"limit":       {"minimum": 0, "maximum": retrieval.MaxLimit},
				"tokenBudget": {"minimum": 0, "maximum": retrieval.MaxBudget, "description": fmt.Sprintf("0 or absent means the server's budget (default %d); otherwise %d..%d", retrieval.DefaultBudget, retrieval.MinBudget, retrieval.MaxBudget)},
				"scope":       searchScopeRule,
				"spaceIds":    searchSpacesRule,
			},
			status: 200, resp: contextResponse{}},
		{method: "POST", path: "/api/v1/cypher", id: "cypher", tag: "graph", sum: "Run read-only analyst Cypher over the caller's own graph (docs/analyst-cypher.md)", scope: ScopeQuery,
			body: cypherRequest{}, required: []string{"query"},
			rules: map[string]map[string]any{
				"query":  {"minLength": 1, "x-maxBytes": cypher.MaxQueryBytes, "description": fmt.Sprintf("Cypher of the analyst subset, at most %d bytes (MaxQueryBytes); every node pattern is scoped to the caller", cypher.MaxQueryBytes)},
				"params": {"maxProperties": graph.MaxAnalystParams, "description": "the query's $parameters; names starting with __ are reserved"},
			},
			status: 200, resp: graph.AnalystResult{}},
		{method: "POST", path: "/api/v1/search/conversations", id: "searchConversations", tag: "search", sum: "Conversation turns matching a query", scope: ScopeRead,
			body: turnSearchRequest{}, required: []string{"query"},
			rules:  map[string]map[string]any{"limit": {"minimum": 0}},
			status: 200, resp: turnSearchResponse{}},

		{method: "GET", path: "/api/v1/jobs", id: "listJobs", tag: "jobs", sum: "Recent jobs, newest first", scope: ScopeRead,
			query: []param{limitParam(), cursorParam()}, status: 200, resp: list[graph.JobSummary]{}},
		{method: "GET", path: "/api/v1/jobs/:id", id: "getJob", tag: "jobs", sum: "One job", scope: ScopeRead, status: 200, resp: jobResponse{}},

		{method: "GET", path: "/api/v1/conflicts", id: "listConflicts", tag: "conflicts", sum: "Conflicts in one state", scope: ScopeRead,
			query: []param{limitParam(), cursorParam(), {name: "state", in: "query", desc: "default open",
				schema: map[string]any{"type": "string", "enum": []string{string(schema.ConflictOpen), string(schema.ConflictResolved), string(schema.ConflictDismissed)}, "default": string(schema.ConflictOpen)}}},
			status: 200, resp: list[schema.Conflict]{}},
		{method: "GET", path: "/api/v1/conflicts/:id", id: "getConflict", tag: "conflicts", sum: "A conflict with both memories", scope: ScopeRead, status: 200, resp: graph.ConflictDetail{}},
		{method: "POST", path: "/api/v1/conflicts/:id/resolve", id: "resolveConflict", tag: "conflicts", sum: "Keep one memory or dismiss the conflict", scope: ScopeWrite,
			body: resolveRequest{}, required: []string{"action"},
			rules: map[string]map[string]any{
				"action": {"enum": []string{string(graph.ResolveKeep), string(graph.ResolveDismiss)}, "description": `"keep" needs keepId; "dismiss" takes none`},
				"reason": {"x-maxBytes": 1000, "description": "at most 1000 bytes"},
			},
			status: 200, resp: schema.Conflict{}},

		{method: "GET", path: "/api/v1/entities", id: "listEntities", tag: "entities", sum: "Entities by name", scope: ScopeRead,
			query: []param{limitParam(), cursorParam(),
				{name: "q", in: "query", desc: "a fragment of a name or alias (at most 200 bytes)", schema: map[string]any{"type": "string", "x-maxBytes": 200}},
				{name: "kind", in: "query", schema: map[string]any{"type": "string", "enum": []string{"person", "project", "system", "organisation", "place", "other"}}}},
			status: 200, resp: list[schema.Entity]{}},
		{method: "GET", path: "/api/v1/documents", id: "listDocuments", tag: "documents", sum: "What was ingested, newest first, before extraction", scope: ScopeRead,
			query:  []param{limitParam(), cursorParam(), {name: "source", in: "query", schema: map[string]any{"type": "string"}}},
			status: 200, resp: list[graph.DocumentSummary]{}},
		{method: "GET", path: "/api/v1/documents/:id", id: "getDocument", tag: "documents", sum: "One document with its (redacted) text", scope: ScopeRead, status: 200, resp: schema.Document{}},
		{method: "GET", path: "/api/v1/sources", id: "listSources", tag: "sources", sum: "Where material came from, with its access scope", scope: ScopeRead, query: []param{limitParam(), cursorParam()}, status: 200, resp: list[sourceView]{}},
		{method: "GET", path: "/api/v1/integrations", id: "listIntegrations", tag: "integrations", sum: "Connected sources", scope: ScopeRead, query: []param{limitParam(), cursorParam()}, status: 200, resp: list[Integration]{}},
		{method: "POST", path: "/api/v1/integrations/:id/sync", id: "syncIntegration", tag: "integrations", sum: "Ask a connected source to sync now", scope: ScopeCapture,
			body: struct{}{}, bodyOptional: true, status: 202, resp: Integration{}},
		{method: "GET", path: "/api/v1/graph/neighbours", id: "graphNeighbours", tag: "graph", sum: "Traverse from an entity over memories and relations", scope: ScopeRead,
			query: []param{
				{name: "entityId", in: "query", required: true, schema: map[string]any{"type": "string", "minLength": 1}},
				{name: "depth", in: "query", desc: "entity hops (default 1)", schema: map[string]any{"type": "integer", "minimum": 1, "maximum": graph.MaxTraversalDepth}},
				{name: "limit", in: "query", desc: "paths at most", schema: map[string]any{"type": "integer", "minimum": 1, "maximum": graph.MaxTraversalPaths}}},
			status: 200, resp: graph.Subgraph{}},
		{method: "GET", path: "/api/v1/graph/paths", id: "graphPaths", tag: "graph", sum: "Shortest paths between two entities", scope: ScopeRead,
			query: []param{
				{name: "from", in: "query", required: true, schema: map[string]any{"type": "string", "minLength": 1}},
				{name: "to", in: "query", required: true, schema: map[string]any{"type": "string", "minLength": 1}},
				{name: "maxDepth", in: "query", desc: "entity hops (default 2)", schema: map[string]any{"type": "integer", "minimum": 1, "maximum": graph.MaxPathDepth}},
				{name: "limit", in: "query", schema: map[string]any{"type": "integer", "minimum": 1, "maximum": graph.MaxTraversalPaths}}},
			status: 200, resp: graph.Subgraph{}},
		{method: "GET", path: "/api/v1/entities/:id", id: "getEntity", tag: "entities", sum: "An entity with its memories and neighbours", scope: ScopeRead, status: 200, resp: graph.EntityDetail{}},

		{method: "GET", path: "/api/v1/spaces", id: "listSpaces", tag: "spaces", sum: "Every space: the caller's own (the personal one is created on first use), then those shared with them, each with role and ownerId", scope: ScopeRead, query: []param{limitParam(), cursorParam()}, status: 200, resp: list[spaceView]{}},
		{method: "POST", path: "/api/v1/spaces", id: "createSpace", tag: "spaces", sum: "Create a space", scope: ScopeWrite,
			body: spaceRequest{}, required: []string{"name"},
			rules:  map[string]map[string]any{"name": {"minLength": 1, "x-maxBytes": graph.MaxSpaceNameBytes, "description": fmt.Sprintf("1 to %d bytes once trimmed (MaxSpaceNameBytes)", graph.MaxSpaceNameBytes)}},
			status: 201, resp: schema.Space{}},
		{method: "GET", path: "/api/v1/spaces/:id", id: "getSpace", tag: "spaces", sum: "One space, the caller's own or shared with them", scope: ScopeRead, status: 200, resp: spaceView{}},
		{method: "PATCH", path: "/api/v1/spaces/:id", id: "renameSpace", tag: "spaces", sum: "Rename a space", scope: ScopeWrite,
			body: spaceRequest{}, required: []string{"name"},
			rules:  map[string]map[string]any{"name": {"minLength": 1, "x-maxBytes": graph.MaxSpaceNameBytes, "description": fmt.Sprintf("1 to %d bytes once trimmed (MaxSpaceNameBytes)", graph.MaxSpaceNameBytes)}},
			status: 200, resp: schema.Space{}},
		{method: "DELETE", path: "/api/v1/spaces/:id", id: "deleteSpace", tag: "spaces", sum: "Delete a space (not the personal one)", scope: ScopeWrite, status: 204},
		{method: "GET", path: "/api/v1/spaces/:id/collaborators", id: "listCollaborators", tag: "spaces", sum: "Everybody who can see the space, the owner first, with invitations not accepted yet (owner and members)", scope: ScopeRead, query: []param{limitParam(), cursorParam()}, status: 200, resp: list[graph.Collaborator]{}},
		{method: "POST", path: "/api/v1/spaces/:id/collaborators", id: "shareSpace", tag: "spaces", sum: "Invite somebody (by email or userId) as editor or viewer; pending until they accept (owner only; not the personal space)", scope: ScopeWrite,
			body: shareRequest{}, required: []string{"role"},
			rules:  map[string]map[string]any{"role": {"enum": []string{"editor", "viewer"}}, "email": {"x-maxBytes": graph.MaxEmailBytes}},
			status: 201, resp: graph.Collaborator{}},
		{method: "PATCH", path: "/api/v1/spaces/:id/collaborators/:member", id: "changeSpaceRole", tag: "spaces", sum: "Change a collaborator's role (owner only; the owner's role cannot change); :member is a userId or the address they were invited by", scope: ScopeWrite,
			body: roleRequest{}, required: []string{"role"},
			rules:  map[string]map[string]any{"role": {"enum": []string{"editor", "viewer"}}},
			status: 200, resp: graph.Collaborator{}},
		{method: "DELETE", path: "/api/v1/spaces/:id/collaborators/:member", id: "unshareSpace", tag: "spaces", sum: "End a collaborator's access or withdraw an invitation (owner only; the owner cannot be removed); with :member = the caller, leave the space or decline the invitation", scope: ScopeWrite, status: 204},
		{method: "POST", path: "/api/v1/spaces/:id/invitations/accept", id: "acceptInvitation", tag: "spaces", sum: "Accept an invitation to a space shared with the caller", scope: ScopeRead,
			body: struct{}{}, bodyOptional: true, status: 200, resp: spaceView{}},
		{method: "GET", path: "/api/v1/invitations", id: "listInvitations", tag: "spaces", sum: "Spaces offered to the caller and not accepted yet", scope: ScopeRead, query: []param{limitParam(), cursorParam()}, status: 200, resp: list[invitationView]{}},

		{method: "POST", path: "/api/v1/conversations/:id/messages", id: "appendMessages", tag: "conversations", sum: "Append messages to a conversation", scope: ScopeCapture,
			body: appendRequest{}, required: []string{"messages"},
			rules:  map[string]map[string]any{"messages": {"type": "array", "items": messageSchema(), "minItems": 1, "maxItems": ingest.MaxMessagesPerAppend}},
			status: 202, resp: appendResponse{}},
		{method: "GET", path: "/api/v1/conversations", id: "listConversations", tag: "conversations", sum: "Conversations, most recent first", scope: ScopeRead,
			query: []param{limitParam(), cursorParam()}, status: 200, resp: list[graph.ConversationSummary]{}},
		{method: "GET", path: "/api/v1/conversations/:id/turns", id: "listTurns", tag: "conversations", sum: "Turns of a conversation in order", scope: ScopeRead,
			query: []param{limitParam(), cursorParam()}, status: 200, resp: list[schema.Turn]{}},
	}
}

// messageSchema is one appended message as the server accepts it.
func messageSchema() map[string]any {
	m := newSchemaGen().structSchema(reflect.TypeOf(ingest.Message{}), false)
	m["additionalProperties"] = false
	m["required"] = []string{"content", "role"}
	p := m["properties"].(map[string]any)
	p["role"].(map[string]any)["enum"] = []string{"user", "assistant", "system", "tool"}
	for k, v := range map[string]any{"minLength": 1, "pattern": `\S`, "x-maxBytes": schema.MaxRememberBytes} {
		p["content"].(map[string]any)[k] = v
	}
	for k, v := range map[string]any{"pattern": "^[^\\r\\n]*$", "x-maxBytes": ingest.MaxAuthorBytes} {
		p["author"].(map[string]any)[k] = v
	}
	p["sourceId"].(map[string]any)["x-maxBytes"] = ingest.MaxSourceIDBytes
	return m
}

// ginToOpenAPI turns /a/:id/b into /a/{id}/b.
func ginToOpenAPI(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		if strings.HasPrefix(s, ":") || strings.HasPrefix(s, "*") {
			parts[i] = "{" + s[1:] + "}"
		}
	}
	return strings.Join(parts, "/")
}

func pathParams(p string) []string {
	var out []string
	for _, s := range strings.Split(p, "/") {
		if strings.HasPrefix(s, ":") || strings.HasPrefix(s, "*") {
			out = append(out, s[1:])
		}
	}
	return out
}

var errorStatuses = map[int]string{
	400: "INVALID_REQUEST: malformed JSON, wrong types, unknown fields (named), bad query or Idempotency-Key",
	401: "UNAUTHENTICATED: missing or invalid credential",
	403: "FORBIDDEN: the credential lacks the route's scope",
	404: "NOT_FOUND: no such resource for this owner",
	409: "CONFLICT: Idempotency-Key reused with a different request, or a state conflict",
	413: "REQUEST_TOO_LARGE: the body exceeds a named limit",
	415: "UNSUPPORTED_MEDIA_TYPE: Content-Type is not application/json",
	429: "RATE_LIMITED: per-credential rate limit exceeded; see Retry-After",
	500: "INTERNAL: an unexpected error (retryable)",
	503: "SERVICE_UNAVAILABLE: a dependency is unavailable; see Retry-After",
}

// buildOpenAPI builds the document.
func buildOpenAPI() map[string]any {
	g := newSchemaGen()
	paths := map[string]any{}
	for _, op := range operations() {
		p := ginToOpenAPI(op.path)
		item, _ := paths[p].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[p] = item
		}
		item[strings.ToLower(op.method)] = g.operation(op)
	}
	errSchema := map[string]any{"$ref": "#/components/schemas/ErrorBody"}
	g.schemas["ErrorBody"] = map[string]any{
		"type": "object", "required": []string{"error"},
		"properties": map[string]any{"error": map[string]any{
			"type": "object", "required": []string{"code", "message", "retryable"},
			"properties": map[string]any{
				"code": map[string]any{"type": "string", "enum": []string{CodeInvalid, CodeTooLarge, CodeUnsupportedType, CodeUnauthenticated,
					CodeForbidden, CodeNotFound, CodeConflict, CodeRateLimited, CodeUnavailable, CodeInternal}},
				"message":   map[string]any{"type": "string"},
				"retryable": map[string]any{"type": "boolean"},
			},
		}},
	}
	responses := map[string]any{}
	for st, desc := range errorStatuses {
		r := map[string]any{"description": desc, "content": map[string]any{"application/json": map[string]any{"schema": errSchema}}}
		if st == 429 || st == 503 {
			r["headers"] = map[string]any{"Retry-After": map[string]any{"description": "seconds to wait", "schema": map[string]any{"type": "integer", "minimum": 1}}}
		}
		if st == 401 || st == 403 {
			r["headers"] = map[string]any{"WWW-Authenticate": map[string]any{"schema": map[string]any{"type": "string"}}}
		}
		responses[errorName(st)] = r
	}
	responses["Error"] = map[string]any{"description": "any other error, in the one error shape", "content": map[string]any{"application/json": map[string]any{"schema": errSchema}}}
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "PersistMemory API",
			"version":     OpenAPIVersion,
			"description": "Every list answers {items, nextCursor?}: a missing nextCursor means stop. Every error answers {error: {code, message, retryable}}.",
		},
		"servers": []any{map[string]any{"url": "/"}},
		"paths":   paths,
		"components": map[string]any{
			"schemas":   g.schemas,
			"responses": responses,
			"parameters": map[string]any{
				"IdempotencyKey": map[string]any{
					"name": IdempotencyHeader, "in": "header", "required": false,
					"description": fmt.Sprintf("same key and same body answers the first response again (for %s); same key, different body answers 409", IdempotencyTTL),
					"schema":      map[string]any{"type": "string", "minLength": 1, "maxLength": graph.MaxIdempotencyKeyBytes, "pattern": "^[\\x21-\\x7e]+$"},
				},
			},
			"securitySchemes": map[string]any{
				"bearer": map[string]any{"type": "http", "scheme": "bearer", "description": "a pm_live_ API key or an OAuth access token"},
			},
		},
	}
}

func errorName(st int) string { return fmt.Sprintf("Error%d", st) }

func (g *schemaGen) operation(op operation) map[string]any {
	o := map[string]any{"operationId": op.id, "summary": op.sum, "tags": []string{op.tag}}
	var params []any
	for _, name := range pathParams(op.path) {
		params = append(params, map[string]any{"name": name, "in": "path", "required": true, "schema": map[string]any{"type": "string", "minLength": 1}})
	}
	for _, q := range op.query {
		params = append(params, map[string]any{"name": q.name, "in": q.in, "required": q.required, "description": q.desc, "schema": q.schema})
	}
	if op.method == http.MethodPost && op.scope != "" {
		params = append(params, map[string]any{"$ref": "#/components/parameters/IdempotencyKey"})
	}
	if len(params) > 0 {
		o["parameters"] = params
	}
	if op.body != nil {
		sch := g.requestSchema(op)
		o["requestBody"] = map[string]any{"required": !op.bodyOptional, "content": map[string]any{"application/json": map[string]any{"schema": sch}}}
	}
	resps := map[string]any{}
	ok := map[string]any{"description": http.StatusText(op.status)}
	if op.resp != nil {
		ok["content"] = map[string]any{"application/json": map[string]any{"schema": g.respSchema(op.resp)}}
	}
	resps[fmt.Sprint(op.status)] = ok
	for st, v := range op.extra {
		resps[fmt.Sprint(st)] = map[string]any{"description": http.StatusText(st), "content": map[string]any{"application/json": map[string]any{"schema": g.respSchema(v)}}}
	}
	if op.scope != "" {
		o["security"] = []any{map[string]any{"bearer": []string{}}}
		o["x-scope"] = op.scope
		sts := []int{400, 401, 403, 404, 429, 500, 503}
		if op.method == http.MethodPost || op.body != nil {
			sts = append(sts, 409, 413, 415)
		}
		for _, st := range sts {
			resps[fmt.Sprint(st)] = map[string]any{"$ref": "#/components/responses/" + errorName(st)}
		}
	} else {
		o["security"] = []any{}
	}
	resps["default"] = map[string]any{"$ref": "#/components/responses/Error"}
	o["responses"] = resps
	return o
}

func (g *schemaGen) respSchema(v any) map[string]any {
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return g.of(reflect.TypeOf(v))
}

// requestSchema is the body's schema inline: additionalProperties false
// (the server decodes with DisallowUnknownFields), the table's required
// fields and rules.
func (g *schemaGen) requestSchema(op operation) map[string]any {
	s := g.structSchema(reflect.TypeOf(op.body), false)
	s["additionalProperties"] = false
	props := s["properties"].(map[string]any)
	req := append([]string(nil), op.required...)
	sort.Strings(req)
	if len(req) > 0 {
		s["required"] = req
	} else {
		delete(s, "required")
	}
	for name, rule := range op.rules {
		p, ok := props[name].(map[string]any)
		if !ok {
			panic(fmt.Sprintf("openapi: rule for %s names field %q the request type does not have", op.id, name))
		}
		for k, v := range rule {
			p[k] = v
		}
	}
	return s
}

// schemaGen derives JSON Schemas (2020-12, as OpenAPI 3.1 uses) from Go
// types the way encoding/json writes them; named structs become component
// schemas.
type schemaGen struct {
	schemas map[string]any
	names   map[reflect.Type]string
}

func newSchemaGen() *schemaGen {
	return &schemaGen{schemas: map[string]any{}, names: map[reflect.Type]string{}}
}

var timeType = reflect.TypeOf(time.Time{})

func nullable(s map[string]any) map[string]any {
	if t, ok := s["type"].(string); ok {
		s["type"] = []string{t, "null"}
		return s
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

func (g *schemaGen) of(t reflect.Type) map[string]any {
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t == reflect.TypeOf(time.Duration(0)):
		return map[string]any{"type": "integer"}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(g.of(t.Elem()))
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": []string{"string", "null"}, "contentEncoding": "base64"}
		}
		return map[string]any{"type": []string{"array", "null"}, "items": g.of(t.Elem())}
	case reflect.Array:
		return map[string]any{"type": "array", "items": g.of(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		return map[string]any{"type": []string{"object", "null"}, "additionalProperties": g.of(t.Elem())}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Struct:
		if t.Name() == "" || strings.Contains(t.Name(), "[") {
			return g.structSchema(t, true)
		}
		name, ok := g.names[t]
		if !ok {
			name = g.nameFor(t)
			g.names[t] = name
			g.schemas[name] = map[string]any{} // placeholder against recursion
			g.schemas[name] = g.structSchema(t, true)
		}
		return map[string]any{"$ref": "#/components/schemas/" + name}
	}
	panic("openapi: no schema for " + t.String())
}

func (g *schemaGen) nameFor(t reflect.Type) string {
	base := strings.ToUpper(t.Name()[:1]) + t.Name()[1:]
	for other, n := range g.names {
		if n == base && other != t {
			pkg := t.PkgPath()[strings.LastIndex(t.PkgPath(), "/")+1:]
			return strings.ToUpper(pkg[:1]) + pkg[1:] + base
		}
	}
	return base
}

// structSchema lists t's JSON fields, flattening embedded structs; with
// response true, fields encoding/json always writes are required.
func (g *schemaGen) structSchema(t reflect.Type, response bool) map[string]any {
	props := map[string]any{}
	var req []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" {
				ft := f.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					walk(ft)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			props[name] = g.of(f.Type)
			omit := strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")
			if response && !omit {
				req = append(req, name)
			}
		}
	}
	walk(t)
	s := map[string]any{"type": "object", "properties": props}
	if len(req) > 0 {
		sort.Strings(req)
		s["required"] = req
	}
	return s
}

var openAPIDoc = sync.OnceValues(func() ([]byte, error) {
	return json.MarshalIndent(buildOpenAPI(), "", "  ")
})

// OpenAPI returns the OpenAPI 3.1 document of the API as JSON.
func OpenAPI() ([]byte, error) { return openAPIDoc() }

func (s *Server) openAPI(c *gin.Context) {
	b, err := OpenAPI()
	if err != nil {
		fail(c, err)
		return
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", b)
}

// routes lists the method and path of every route the engine registers.
func (s *Server) routes() gin.RoutesInfo { return s.h.Routes() }
