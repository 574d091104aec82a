package mcp

import (
	"context"
	"strings"
	"testing"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/schema"
)

// viewOf calls a tool that must succeed and link a view, and reads the
// view back.
func viewOf(t *testing.T, cs *gomcp.ClientSession, name string, args map[string]any) (uri, html string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &gomcp.CallToolParams{Name: name, Arguments: args})
	if err != nil || res.IsError {
		t.Fatalf("%s: %v %+v", name, err, res)
	}
	uri, _ = res.Meta[metaUIResourceURI].(string)
	ui, _ := res.Meta[metaUI].(map[string]any)
	if !strings.HasPrefix(uri, ViewURIPrefix) || ui == nil || ui["resourceUri"] != uri {
		t.Fatalf("%s: _meta = %v; want ui.resourceUri and ui/resourceUri naming a view", name, res.Meta)
	}
	if len(res.Content) != 1 || res.StructuredContent == nil {
		t.Errorf("%s: the view replaced the answer: %+v", name, res.Content)
	}
	rr, err := cs.ReadResource(context.Background(), &gomcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatalf("%s: read %s: %v", name, uri, err)
	}
	if len(rr.Contents) != 1 || rr.Contents[0].MIMEType != ViewMIMEType || rr.Contents[0].URI != uri {
		t.Fatalf("%s: view contents = %+v", name, rr.Contents)
	}
	html = rr.Contents[0].Text
	if !strings.HasPrefix(html, "<!DOCTYPE html>") {
		t.Errorf("%s: view is not an HTML page: %.80s", name, html)
	}
	// Self-contained: nothing is fetched and nothing runs. User content is
	// text between tags (escaped, it holds no '<' or '>'), so the tags and
	// the head are the page's own.
	var tags strings.Builder
	for _, seg := range strings.Split(html, "<")[1:] {
		tag, _, _ := strings.Cut(seg, ">")
		tags.WriteString("<" + strings.ToLower(tag) + ">")
	}
	for _, bad := range []string{"<script", "src=", "href=", "<link", "<img", "<iframe", "<object", "<embed", " on", "http:", "https:", "//"} {
		if strings.Contains(tags.String(), bad) {
			t.Errorf("%s: a tag of the view contains %q", name, bad)
		}
	}
	head, _, _ := strings.Cut(strings.ToLower(html), "<body>")
	for _, bad := range []string{"url(", "@import", "http://", "https://"} {
		if strings.Contains(head, bad) {
			t.Errorf("%s: the view's head contains %q", name, bad)
		}
	}
	if !strings.Contains(html, "script-src") && !strings.Contains(html, "default-src 'none'") {
		t.Errorf("%s: view has no Content-Security-Policy", name)
	}
	return uri, html
}

func contains(t *testing.T, what, html string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(html, w) {
			t.Errorf("%s view lacks %q", what, w)
		}
	}
}

func TestViewsShowWhatTheModelWasGiven(t *testing.T) {
	g := world(t)
	vf, vt := t0.AddDate(0, 0, -10), t0.AddDate(0, 2, 0)
	g.mems[alice][1].ValidFrom, g.mems[alice][1].ValidTo = &vf, &vt
	cs := aliceSession(t, g, false)

	_, html := viewOf(t, cs, "search_memory", map[string]any{"query": "API"})
	contains(t, "search_memory", html, "The API runs version 0.9.7", "Prefers the API docs printed", "Asked: “API”",
		"valid from: 2025-02-19", "valid until: 2025-05-01", "recorded: 2025-03-01", "active", "mem_new", "every Space")

	_, html = viewOf(t, cs, "memory_detail", map[string]any{"id": "mem_new"})
	contains(t, "memory_detail", html, "The API runs version 0.9.7", "we moved to 0.9.7", "confidence: 0.90", "not confirmed by the person")

	_, html = viewOf(t, cs, "memory_timeline", map[string]any{"id": "mem_new"})
	contains(t, "memory_timeline", html, "The API runs version 0.9.6", "The API runs version 0.9.7", "superseded", "changed value", "0.9.6” → “0.9.7")

	_, html = viewOf(t, cs, "review_conflicts", nil)
	contains(t, "review_conflicts", html, "cfl_drink", "Drinks green tea", "Drinks only coffee", "green tea versus only coffee", "disputed", "changes nothing")

	_, html = viewOf(t, cs, "resolve_conflict", map[string]any{"id": "cfl_drink"})
	contains(t, "resolve_conflict", html, "Drinks green tea", "Drinks only coffee", "Nothing was recorded", "/api/v1/conflicts/cfl_drink/resolve")

	// Tools without a view link none.
	res, err := cs.CallTool(context.Background(), &gomcp.CallToolParams{Name: "current_space", Arguments: map[string]any{}})
	if err != nil || res.Meta[metaUIResourceURI] != nil {
		t.Errorf("current_space linked a view: %v %v", res.Meta, err)
	}
	// A failed call links none either.
	res, _ = cs.CallTool(context.Background(), &gomcp.CallToolParams{Name: "memory_detail", Arguments: map[string]any{"id": "mem_nope"}})
	if !res.IsError || res.Meta[metaUIResourceURI] != nil {
		t.Errorf("a failed memory_detail linked a view: %+v", res)
	}
}

// TestViewsEscapeEverything: memories are user content, written by
// whoever sent an email; the page must show them as text.
func TestViewsEscapeEverything(t *testing.T) {
	g := world(t)
	hostile := `<script>alert("pwned")</script>`
	attr := `"><img src=x onerror=alert(1)>`
	g.mems[alice] = append(g.mems[alice], schema.Memory{ID: "mem_evil", Type: "fact", Claim: "API note " + hostile, Excerpt: "see " + attr,
		State: schema.StateActive, Confidence: 0.5, RecordedAt: t0, SpaceID: `spc_"evil'`})
	g.conflicts[alice][0].Conflict.Reason = "</section></ol>" + hostile
	cs := aliceSession(t, g, false)
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"search_memory", map[string]any{"query": "API </title><style>body{background:url(https://evil.example/x)}</style>"}},
		{"memory_detail", map[string]any{"id": "mem_evil"}},
		{"memory_timeline", map[string]any{"id": "mem_evil"}},
		{"review_conflicts", nil},
		{"resolve_conflict", map[string]any{"id": "cfl_drink"}},
	} {
		t.Run(c.tool, func(t *testing.T) {
			_, html := viewOf(t, cs, c.tool, c.args) // checks that no tag is user content
			for _, bad := range []string{"</title><style>", "</section></ol><", `"><img`, "onerror=alert(1)>", hostile} {
				if strings.Contains(html, bad) {
					t.Errorf("%s view contains %q unescaped", c.tool, bad)
				}
			}
			if !strings.Contains(html, "&lt;script&gt;") && !strings.Contains(html, "&lt;/title&gt;") {
				t.Errorf("%s view does not show the hostile text escaped:\n%s", c.tool, html)
			}
		})
	}
}

// TestViewsAreTheOwners: a view is read only by the owner whose call made
// it, over the same State, and it expires.
func TestViewsAreTheOwners(t *testing.T) {
	svc := services(t, world(t), false)
	now := time.Now()
	svc.State.now = func() time.Time { return now }
	a := connectTo(t, svc, Caller{Owner: alice, Scopes: AllScopes})
	b := connectTo(t, svc, Caller{Owner: bob, Scopes: AllScopes})
	uri, _ := viewOf(t, a, "memory_detail", map[string]any{"id": "mem_new"})
	if _, err := b.ReadResource(context.Background(), &gomcp.ReadResourceParams{URI: uri}); err == nil {
		t.Errorf("bob read alice's view %s", uri)
	}
	// Without memory:read, alice's own view is refused too.
	noRead := connectTo(t, svc, Caller{Owner: alice, Scopes: []string{ScopeCapture}})
	if _, err := noRead.ReadResource(context.Background(), &gomcp.ReadResourceParams{URI: uri}); err == nil || !strings.Contains(err.Error(), ScopeRead) {
		t.Errorf("read without %s: %v", ScopeRead, err)
	}
	for _, u := range []string{ViewURIPrefix + "nope", "ui://persistmemory/other"} {
		if _, err := a.ReadResource(context.Background(), &gomcp.ReadResourceParams{URI: u}); err == nil {
			t.Errorf("read %s succeeded", u)
		}
	}
	now = now.Add(ViewTTL + time.Minute)
	if _, err := a.ReadResource(context.Background(), &gomcp.ReadResourceParams{URI: uri}); err == nil {
		t.Errorf("read an expired view")
	}
}

func TestViewsAreBounded(t *testing.T) {
	var v views
	now := time.Now()
	first := v.put(alice, "first", now)
	for i := range MaxViews {
		v.put(alice, "x", now.Add(time.Duration(i+1)*time.Millisecond))
	}
	if len(v.byID) != MaxViews {
		t.Errorf("%d views kept, want %d", len(v.byID), MaxViews)
	}
	if _, ok := v.get(alice, first, now); ok {
		t.Error("the oldest view was not forgotten")
	}
}

func TestInitializeReturnsInstructions(t *testing.T) {
	cs := connect(t, Caller{Owner: "usr_a", Scopes: AllScopes})
	got := cs.InitializeResult().Instructions
	if got != Instructions {
		t.Fatalf("initialize instructions = %q", got)
	}
	for _, w := range []string{"Search before answering", "search_memory", "durable facts only", "chit-chat", "secrets", "Never settle a conflict", "Cite dates", "request_upload_url"} {
		if !strings.Contains(got, w) {
			t.Errorf("instructions lack %q", w)
		}
	}
}
