package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

type bearer struct {
	key  string
	base http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.key)
	return b.base.RoundTrip(r)
}

// TestMCPOverHTTP: the SDK's client over Streamable HTTP sees the same tools
// as stdio, remembers and searches as the owner its API key proves, and is
// refused without a credential.
func TestMCPOverHTTP(t *testing.T) {
	s := startService(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	connect := func(key string) (*gomcp.ClientSession, error) {
		client := gomcp.NewClient(&gomcp.Implementation{Name: "e2e-http", Version: "1"}, nil)
		tr := &gomcp.StreamableClientTransport{Endpoint: s.base + "/mcp", HTTPClient: &http.Client{Transport: bearer{key, http.DefaultTransport}}}
		return client.Connect(ctx, tr, nil)
	}
	if _, err := connect("pm_live_" + strings.Repeat("1", 64)); err == nil {
		t.Fatal("connected with an unknown key")
	}
	sess, err := connect(s.key)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	tools, err := sess.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
		if tl.Title == "" || tl.Description == "" || tl.InputSchema == nil || tl.Annotations == nil {
			t.Errorf("tool %s lacks a title, description, schema or annotations", tl.Name)
		}
	}
	joined := "," + strings.Join(names, ",") + ","
	for _, want := range []string{"search_memory", "remember", "search_drive", "list_tasks"} {
		if !strings.Contains(joined, ","+want+",") {
			t.Fatalf("tools over HTTP lack %s: %v", want, names)
		}
	}
	res, err := sess.CallTool(ctx, &gomcp.CallToolParams{Name: "remember", Arguments: map[string]any{"text": "Over MCP HTTP we decided the mascot is a heron."}})
	if err != nil || res.IsError {
		t.Fatalf("remember: %v %+v", err, res)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err = sess.CallTool(ctx, &gomcp.CallToolParams{Name: "search_memory", Arguments: map[string]any{"query": "mascot heron"}})
		if err != nil || res.IsError {
			t.Fatalf("search_memory: %v %+v", err, res)
		}
		if strings.Contains(res.Content[0].(*gomcp.TextContent).Text, "heron") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the memory never became searchable: %+v", res.Content)
		}
		time.Sleep(300 * time.Millisecond)
	}
	// Invalid arguments are answered, not crashed on.
	res, err = sess.CallTool(ctx, &gomcp.CallToolParams{Name: "search_memory", Arguments: map[string]any{"query": 42}})
	if err == nil && (res == nil || !res.IsError) {
		t.Fatalf("a number as query was accepted: %+v", res)
	}
}
