package oauth_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/internal/testenv"
	"github.com/persistmemory/persistmemory/mcp"
	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// tsSDKDir is where the official TypeScript MCP SDK is installed for this
// test: MCP_TS_SDK_DIR, or ~/.cache/persistmemory/mcp-ts-sdk. Install it
// with
//
//	npm install --prefix ~/.cache/persistmemory/mcp-ts-sdk @modelcontextprotocol/sdk
func tsSDKDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("MCP_TS_SDK_DIR")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "persistmemory", "mcp-ts-sdk")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		testenv.Unavailable(t, "the TypeScript MCP SDK is not installed in %s (scripts/test.sh installs it; or npm install --prefix %s @modelcontextprotocol/sdk)", dir, dir)
	}
	if _, err := exec.LookPath("node"); err != nil {
		testenv.Unavailable(t, "node is not installed")
	}
	return dir
}

// TestTypeScriptSDKClient runs the official TypeScript MCP SDK's client,
// with its OAuth helpers, against the real MCP handler behind Authenticate:
// it meets the 401, discovers, registers, is sent to authorize (a scripted
// user agent signs in with the mailed link and approves), exchanges the
// code, connects and lists the tools.
func TestTypeScriptSDKClient(t *testing.T) {
	dir := tsSDKDir(t)
	// The MCP endpoint exactly as cmd mounts it, on the same server.
	h := newHarnessWith(t, func(h *harness, mux *http.ServeMux) {
		mux.Handle("/mcp", mcp.HTTPHandler(mcp.Services{}, func(w http.ResponseWriter, r *http.Request) (mcp.Caller, bool) {
			p, err := h.srv.Authenticate(r)
			if err != nil {
				h.srv.WriteChallenge(w, err)
				return mcp.Caller{}, false
			}
			return mcp.Caller{Owner: p.Owner, Scopes: p.Scopes}, true
		}))
	})

	script := filepath.Join(dir, "persistmemory-oauth-"+strings.TrimPrefix(schema.NewID("x"), "x")+".mjs")
	if err := os.WriteFile(script, []byte(tsClientScript), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(script) })
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", script, h.url, h.mailDir, uniqueEmail("tssdk"))
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("TypeScript client: %v\nstdout: %s\nstderr: %s", err, out, stderr)
	}
	h.note(string(out))
	var res struct {
		Tools      int    `json:"tools"`
		Scope      string `json:"scope"`
		Registered string `json:"client_id"`
		Resource   string `json:"resource"`
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		t.Fatalf("TypeScript client output %q: %v", out, err)
	}
	if res.Tools == 0 || res.Registered == "" {
		t.Fatalf("TypeScript client result = %+v", res)
	}
	if got, err := oauth.ParseScopes(res.Scope); err != nil || len(got) == 0 {
		t.Fatalf("granted scope %q", res.Scope)
	}
	if res.Resource != h.resource() {
		t.Fatalf("the SDK asked for resource %q, want %q", res.Resource, h.resource())
	}
}

// tsClientScript drives @modelcontextprotocol/sdk's client. Its
// redirectToAuthorization is the scripted user agent.
const tsClientScript = `
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";

const [server, mailDir, email] = process.argv.slice(2);
const redirectUrl = "http://127.0.0.1:38999/callback";
let clientInfo, tokens, verifier, code, resource;
const cookies = new Map();

async function browse(url, init = {}) {
  const headers = new Headers(init.headers || {});
  if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => k + "=" + v).join("; "));
  if (init.body) headers.set("content-type", "application/x-www-form-urlencoded");
  const res = await fetch(new URL(url, server), { ...init, headers, redirect: "manual" });
  for (const c of res.headers.getSetCookie()) {
    const kv = c.split(";")[0];
    const i = kv.indexOf("=");
    cookies.set(kv.slice(0, i), kv.slice(i + 1));
  }
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

const unescape = (s) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
  .replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

function hidden(body) {
  const out = new URLSearchParams();
  for (const m of body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    if (!out.has(unescape(m[1]))) out.set(unescape(m[1]), unescape(m[2]));
  }
  return out;
}

function lastLink() {
  const files = fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")).sort();
  const raw = fs.readFileSync(path.join(mailDir, files[files.length - 1]), "utf8");
  const text = raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return text.match(/https?:\/\/\S+\/oauth\/signin\/link\?token=\S+/)[0];
}

const provider = {
  get redirectUrl() { return redirectUrl; },
  get clientMetadata() {
    return { client_name: "TypeScript SDK test", redirect_uris: [redirectUrl], grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"], token_endpoint_auth_method: "none" };
  },
  clientInformation() { return clientInfo; },
  saveClientInformation(i) { clientInfo = i; },
  tokens() { return tokens; },
  saveTokens(t) { tokens = t; },
  saveCodeVerifier(v) { verifier = v; },
  codeVerifier() { return verifier; },
  async redirectToAuthorization(url) {
    resource = url.searchParams.get("resource");
    let p = await browse(url.toString());
    if (p.body.includes('action="/oauth/signin"')) {
      const f = hidden(p.body);
      f.set("email", email);
      await browse("/oauth/signin", { method: "POST", body: f });
      const confirm = await browse(lastLink());
      const done = await browse("/oauth/signin/link", { method: "POST", body: hidden(confirm.body) });
      p = await browse(done.location);
    }
    if (p.body.includes('name="decision"')) {
      const f = hidden(p.body);
      f.set("decision", "approve");
      p = await browse("/oauth/authorize", { method: "POST", body: f });
    }
    const loc = new URL(p.location);
    if (loc.searchParams.get("error")) throw new Error("authorization refused: " + loc.searchParams.get("error"));
    code = loc.searchParams.get("code");
  },
};

async function connect() {
  const transport = new StreamableHTTPClientTransport(new URL(server + "/mcp"), { authProvider: provider });
  const client = new Client({ name: "persistmemory-oauth-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

let client;
try {
  client = await connect();
  throw new Error("connected without authorization");
} catch (e) {
  if (!(e instanceof UnauthorizedError)) throw e;
}
const transport = new StreamableHTTPClientTransport(new URL(server + "/mcp"), { authProvider: provider });
await transport.finishAuth(code);
client = await connect();
const { tools } = await client.listTools();
await client.close();
console.log(JSON.stringify({ tools: tools.length, scope: tokens.scope, client_id: clientInfo.client_id, resource }));
`
