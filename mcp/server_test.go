package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect runs a server for caller over the SDK's in-memory transports.
func connect(t *testing.T, caller Caller) *gomcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := gomcp.NewInMemoryTransports()
	srv := NewServer(Services{}, caller)
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := gomcp.NewClient(&gomcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestEveryToolIsDescribed(t *testing.T) {
	cs := connect(t, Caller{Owner: "usr_a", Scopes: AllScopes})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != len(tools()) {
		t.Fatalf("served %d tools, registered %d", len(res.Tools), len(tools()))
	}
	seen := map[string]bool{}
	for _, tl := range res.Tools {
		if seen[tl.Name] {
			t.Errorf("tool %s registered twice", tl.Name)
		}
		seen[tl.Name] = true
		if tl.Title == "" || len(tl.Description) < 30 || tl.InputSchema == nil || tl.Annotations == nil {
			t.Errorf("tool %s lacks a title, a description, an input schema or annotations", tl.Name)
		}
	}
	for _, tl := range tools() {
		ok := false
		for _, s := range AllScopes {
			ok = ok || tl.scope == s
		}
		if !ok {
			t.Errorf("tool %s declares scope %q", tl.name, tl.scope)
		}
	}
}

// TestToolListIsTheSameForEveryCaller: the list never changes shape with
// the caller's scopes or the deployment.
func TestToolListIsTheSameForEveryCaller(t *testing.T) {
	names := func(c Caller) string {
		res, err := connect(t, c).ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var n []string
		for _, tl := range res.Tools {
			n = append(n, tl.Name)
		}
		return strings.Join(n, ",")
	}
	if a, b := names(Caller{Owner: "usr_a", Scopes: AllScopes}), names(Caller{Owner: "usr_b"}); a != b {
		t.Fatalf("tool lists differ:\n%s\n%s", a, b)
	}
}

// TestMissingScopeIsAToolErrorNamingIt: for every tool, a caller without its
// scope gets a tool error (not a protocol error) naming the permission.
func TestMissingScopeIsAToolErrorNamingIt(t *testing.T) {
	cs := connect(t, Caller{Owner: "usr_a"})
	for _, tl := range tools() {
		res, err := cs.CallTool(context.Background(), &gomcp.CallToolParams{Name: tl.name, Arguments: argsFor(t, cs, tl.name)})
		if err != nil {
			t.Errorf("%s: protocol error %v", tl.name, err)
			continue
		}
		if !res.IsError || !strings.Contains(res.Content[0].(*gomcp.TextContent).Text, tl.scope) {
			t.Errorf("%s without %s: %+v", tl.name, tl.scope, res.Content)
		}
	}
}

func TestExternalToolsAnswerForThemselves(t *testing.T) {
	cs := connect(t, Caller{Owner: "usr_a", Scopes: AllScopes})
	for _, tl := range externalTools() {
		res, err := cs.CallTool(context.Background(), &gomcp.CallToolParams{Name: tl.name, Arguments: argsFor(t, cs, tl.name)})
		if err != nil || res.IsError {
			t.Errorf("%s: %v %+v", tl.name, err, res)
			continue
		}
		text := res.Content[0].(*gomcp.TextContent).Text
		if !strings.Contains(text, `"configured":false`) || !strings.Contains(text, "not") && !strings.Contains(text, "No ") {
			t.Errorf("%s answered %s", tl.name, text)
		}
	}
}

// argsFor builds arguments satisfying a tool's input schema: each required
// property gets a value of its type.
func argsFor(t *testing.T, cs *gomcp.ClientSession, name string) map[string]any {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range res.Tools {
		if tl.Name != name {
			continue
		}
		b, _ := json.Marshal(tl.InputSchema)
		var sch struct {
			Required   []string `json:"required"`
			Properties map[string]struct {
				Type any   `json:"type"`
				Enum []any `json:"enum"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(b, &sch); err != nil {
			t.Fatal(err)
		}
		args := map[string]any{}
		for _, r := range sch.Required {
			if e := sch.Properties[r].Enum; len(e) > 0 {
				args[r] = e[0]
				continue
			}
			typ := fmt.Sprint(sch.Properties[r].Type)
			switch {
			case strings.Contains(typ, "array"):
				args[r] = []string{"a@example.com"}
				continue
			}
			switch typ {
			case "string":
				args[r] = "some text to use"
			case "integer", "number":
				args[r] = 1
			case "boolean":
				args[r] = false
			case "array":
				args[r] = []string{"a@example.com"}
			default:
				args[r] = map[string]any{}
			}
		}
		return args
	}
	t.Fatalf("no tool %s", name)
	return nil
}
