package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/persistmemory/persistmemory/schema"
)

// TestStdioSpeaksOnlyJSONRPC runs `persistmemory mcp` as a client would and
// parses every line it writes to stdout as a JSON-RPC message: one stray log
// line on stdout would break the host's connection.
func TestStdioSpeaksOnlyJSONRPC(t *testing.T) {
	requireStack(t)
	user := schema.Owner(schema.NewID("usr_"))
	cmd := exec.Command(binary(t), "mcp")
	cmd.Env = withTopic(t, baseEnv("PERSISTMEMORY_USER_ID="+string(user), "PERSISTMEMORY_LOG_LEVEL=debug"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	msgs := make(chan map[string]any, 16)
	bad := make(chan string, 1)
	go func() {
		sc := lines(stdout)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil || m["jsonrpc"] != "2.0" {
				bad <- sc.Text()
				return
			}
			msgs <- m
		}
		close(msgs)
	}()
	send := func(s string) {
		if _, err := io.WriteString(stdin, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	recv := func(id float64) map[string]any {
		for {
			select {
			case m, ok := <-msgs:
				if !ok {
					t.Fatalf("stdout closed; stderr:\n%s", stderr.String())
				}
				if m["id"] == id {
					return m
				}
			case line := <-bad:
				t.Fatalf("stdout carried a line that is not JSON-RPC: %q", line)
			case <-time.After(60 * time.Second):
				t.Fatalf("no answer to request %v; stderr:\n%s", id, stderr.String())
			}
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}`)
	recv(1)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	list := recv(2)
	names := fmt.Sprint(list["result"])
	for _, n := range []string{"search_memory", "remember"} {
		if !strings.Contains(names, n) {
			t.Fatalf("tools/list lacks %s: %s", n, names)
		}
	}
	send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"remember","arguments":{"text":"The stdio test decided to use port 4242 for the demo."}}}`)
	res := recv(3)
	if r, _ := res["result"].(map[string]any); r == nil || r["isError"] == true {
		t.Fatalf("remember over stdio: %v", res)
	}
	send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"search_memory","arguments":{"query":"demo port"}}}`)
	recv(4)
	send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"search_memory","arguments":{"query":""}}}`)
	res = recv(5)
	if r, _ := res["result"].(map[string]any); r == nil || r["isError"] != true || !strings.Contains(fmt.Sprint(r["content"]), "empty") {
		t.Fatalf("empty query should be a tool error naming the problem: %v", res)
	}
	stdin.Close()
	select {
	case line := <-bad:
		t.Fatalf("stdout carried a line that is not JSON-RPC: %q", line)
	default:
	}
	if !strings.Contains(stderr.String(), "level=") {
		t.Fatalf("expected logs on stderr, got %q", stderr.String())
	}
}

// TestStdioScopes: through the SDK's own client, a process started without
// memory:capture answers remember with a tool error naming the permission,
// and still answers search_memory.
func TestStdioScopes(t *testing.T) {
	requireStack(t)
	cmd := exec.Command(binary(t), "mcp")
	cmd.Env = withTopic(t, baseEnv("PERSISTMEMORY_USER_ID=usr_scopetest", "MCP_SCOPES=memory:read"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := gomcp.NewClient(&gomcp.Implementation{Name: "e2e", Version: "1"}, nil)
	sess, err := client.Connect(ctx, &gomcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, stderr.String())
	}
	defer sess.Close()
	res, err := sess.CallTool(ctx, &gomcp.CallToolParams{Name: "remember", Arguments: map[string]any{"text": "should be refused for lack of scope"}})
	if err != nil {
		t.Fatalf("a missing scope must be a tool error, not a protocol error: %v", err)
	}
	if !res.IsError || !strings.Contains(res.Content[0].(*gomcp.TextContent).Text, "memory:capture") {
		t.Fatalf("remember without memory:capture: %+v", res)
	}
	res, err = sess.CallTool(ctx, &gomcp.CallToolParams{Name: "search_memory", Arguments: map[string]any{"query": "anything at all"}})
	if err != nil || res.IsError {
		t.Fatalf("search_memory with memory:read: %v %+v", err, res)
	}
}
