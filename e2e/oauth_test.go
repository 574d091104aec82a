package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"mime/quotedprintable"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/oauth2"

	"github.com/persistmemory/persistmemory/schema"
)

// TestOAuthThroughServe drives the built `serve` binary the way an MCP
// client and a person do, with golang.org/x/oauth2 as the OAuth client and
// the Go MCP SDK over Streamable HTTP: discovery from a 401 → metadata →
// registration → authorize with PKCE S256 and resource → the sign-in link
// from the mail sink → consent → token → tool calls → refresh → revoke →
// refused. Then two people, and the account page's consent controls. No
// secret it handles may reach the service's logs.
func TestOAuthThroughServe(t *testing.T) {
	mailDir := t.TempDir()
	s := startService(t, []string{"PERSISTMEMORY_MAIL_DIR=" + mailDir})
	o := &oauthE2E{top: t, t: t, s: s, mailDir: mailDir}
	t.Cleanup(o.checkLogs)

	// Discovery from the challenge, then registration: shared by the
	// subtests, as one installed client would be.
	o.discover()
	o.registerClient()

	t.Run("full flow", o.fullFlow)
	t.Run("two people", o.twoPeople)
	t.Run("account page", o.accountPage)
}

type oauthE2E struct {
	top     *testing.T // the test that owns the service
	t       *testing.T // the running subtest
	s       *service
	mailDir string

	resource string // the protected resource, from its metadata
	asMeta   oauthASMetadata
	clientID string
	redirect string

	mu      sync.Mutex
	secrets []string
}

type oauthASMetadata struct {
	Issuer                string   `json:"issuer"`
	AuthorizationEndpoint string   `json:"authorization_endpoint"`
	TokenEndpoint         string   `json:"token_endpoint"`
	RegistrationEndpoint  string   `json:"registration_endpoint"`
	RevocationEndpoint    string   `json:"revocation_endpoint"`
	CodeChallengeMethods  []string `json:"code_challenge_methods_supported"`
	ScopesSupported       []string `json:"scopes_supported"`
}

// note remembers a secret so checkLogs can look for it.
func (o *oauthE2E) note(secrets ...string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, s := range secrets {
		if s != "" {
			o.secrets = append(o.secrets, s)
		}
	}
}

func (o *oauthE2E) checkLogs() {
	logs := o.s.logs()
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, s := range o.secrets {
		if strings.Contains(logs, s) || len(s) > 24 && strings.Contains(logs, s[len(s)-16:]) {
			o.top.Errorf("a secret (%.6s…) appears in the service's logs", s)
		}
	}
}

func (o *oauthE2E) getJSON(u string, v any) {
	o.t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		o.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		o.t.Fatalf("GET %s: %d", u, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		o.t.Fatalf("GET %s: %v", u, err)
	}
}

var resourceMetadataParam = regexp.MustCompile(`resource_metadata="([^"]+)"`)

// discover starts where a client starts: a call to /mcp with no
// credential.
func (o *oauthE2E) discover() {
	t := o.t
	resp, err := http.Post(o.s.base+"/mcp", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	challenge := resp.Header.Get("WWW-Authenticate")
	m := resourceMetadataParam.FindStringSubmatch(challenge)
	if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(challenge, "Bearer ") || m == nil {
		t.Fatalf("unauthenticated /mcp: %d WWW-Authenticate %q", resp.StatusCode, challenge)
	}
	var prm struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
	}
	o.getJSON(m[1], &prm)
	if prm.Resource != o.s.base+"/mcp" || len(prm.AuthorizationServers) != 1 {
		t.Fatalf("protected resource metadata = %+v", prm)
	}
	o.resource = prm.Resource
	o.getJSON(prm.AuthorizationServers[0]+"/.well-known/oauth-authorization-server", &o.asMeta)
	if o.asMeta.Issuer != prm.AuthorizationServers[0] || !slices.Equal(o.asMeta.CodeChallengeMethods, []string{"S256"}) ||
		o.asMeta.RegistrationEndpoint == "" || o.asMeta.RevocationEndpoint == "" {
		t.Fatalf("authorization server metadata = %+v", o.asMeta)
	}
}

// registerClient registers a public client dynamically (RFC 7591).
func (o *oauthE2E) registerClient() {
	t := o.t
	o.redirect = "http://127.0.0.1:" + strings.Split(freeAddr(t), ":")[1] + "/callback"
	body, _ := json.Marshal(map[string]any{
		"client_name": "E2E Agent", "redirect_uris": []string{o.redirect}, "token_endpoint_auth_method": "none",
		"grant_types": []string{"authorization_code", "refresh_token"}, "response_types": []string{"code"},
	})
	resp, err := http.Post(o.asMeta.RegistrationEndpoint, "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var reg map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&reg)
	id, _ := reg["client_id"].(string)
	if resp.StatusCode != http.StatusCreated || id == "" || reg["client_secret"] != nil {
		t.Fatalf("registration: %d %v", resp.StatusCode, reg)
	}
	o.clientID = id
}

// config is the client's golang.org/x/oauth2 configuration for scopes.
func (o *oauthE2E) config(scopes ...string) *oauth2.Config {
	return &oauth2.Config{
		ClientID:    o.clientID,
		Endpoint:    oauth2.Endpoint{AuthURL: o.asMeta.AuthorizationEndpoint, TokenURL: o.asMeta.TokenEndpoint, AuthStyle: oauth2.AuthStyleInParams},
		RedirectURL: o.redirect,
		Scopes:      scopes,
	}
}

// oauthBrowser is a person's user agent: cookies, and every redirect seen
// rather than followed.
type oauthBrowser struct {
	o *oauthE2E
	c *http.Client
}

type oauthPage struct {
	status   int
	body     string
	location string
}

func (o *oauthE2E) browser() *oauthBrowser {
	jar, _ := cookiejar.New(nil)
	return &oauthBrowser{o: o, c: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (b *oauthBrowser) do(req *http.Request) oauthPage {
	b.o.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.o.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return oauthPage{status: resp.StatusCode, body: string(body), location: resp.Header.Get("Location")}
}

func (b *oauthBrowser) get(u string) oauthPage {
	b.o.t.Helper()
	if strings.HasPrefix(u, "/") {
		u = b.o.s.base + u
	}
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	return b.do(req)
}

func (b *oauthBrowser) post(path string, form url.Values) oauthPage {
	b.o.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.o.s.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", b.o.s.base)
	return b.do(req)
}

var oauthHiddenInput = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)

// hidden returns a page's hidden fields, the first of each name.
func (p oauthPage) hidden() url.Values {
	v := url.Values{}
	for _, m := range oauthHiddenInput.FindAllStringSubmatch(p.body, -1) {
		if name := html.UnescapeString(m[1]); !v.Has(name) {
			v.Set(name, html.UnescapeString(m[2]))
		}
	}
	return v
}

var oauthLinkPattern = regexp.MustCompile(`https?://\S+/oauth/signin/link\?token=\S+`)

// mailedLink reads the newest sign-in link sent to email from the dev mail
// sink (PERSISTMEMORY_MAIL_DIR).
func (o *oauthE2E) mailedLink(email string) string {
	o.t.Helper()
	files, _ := filepath.Glob(filepath.Join(o.mailDir, "*.eml"))
	slices.Sort(files)
	for i := len(files) - 1; i >= 0; i-- {
		raw, err := os.ReadFile(files[i])
		if err != nil {
			o.t.Fatal(err)
		}
		head, body, _ := strings.Cut(string(raw), "\r\n\r\n")
		if !strings.Contains(head, "To: "+strings.ToLower(email)+"\r\n") {
			continue
		}
		dec, _ := io.ReadAll(quotedprintable.NewReader(strings.NewReader(body)))
		if m := oauthLinkPattern.FindString(string(dec)); m != "" {
			o.note(m)
			return m
		}
	}
	o.t.Fatalf("no sign-in link to %s in the mail sink", email)
	return ""
}

// signIn completes sign-in by email link from a sign-in page and returns
// the page the browser continues to.
func (b *oauthBrowser) signIn(signInPage oauthPage, email string) oauthPage {
	t := b.o.t
	t.Helper()
	if !strings.Contains(signInPage.body, `action="/oauth/signin"`) {
		t.Fatalf("want the sign-in page, got %d: %.300s", signInPage.status, signInPage.body)
	}
	sent := b.post("/oauth/signin", url.Values{"email": {email}, "return_to": {signInPage.hidden().Get("return_to")}})
	if sent.status != http.StatusOK || !strings.Contains(sent.body, "Check your email") {
		t.Fatalf("sign-in form: %d %.300s", sent.status, sent.body)
	}
	confirm := b.get(b.o.mailedLink(email))
	if confirm.status != http.StatusOK || !strings.Contains(confirm.body, "Continue signing in") {
		t.Fatalf("the link's page: %d %.300s", confirm.status, confirm.body)
	}
	done := b.post("/oauth/signin/link", confirm.hidden())
	if done.status != http.StatusSeeOther || done.location == "" {
		t.Fatalf("redeeming the link: %d %.300s", done.status, done.body)
	}
	return b.get(done.location)
}

// connect runs the authorization code flow for email in browser b (signed
// in or not), approving on the consent page, and exchanges the code with
// golang.org/x/oauth2.
func (o *oauthE2E) connect(b *oauthBrowser, email string, scopes ...string) *oauth2.Token {
	t := o.t
	t.Helper()
	conf := o.config(scopes...)
	verifier := oauth2.GenerateVerifier()
	state := "st-" + strings.TrimPrefix(schema.NewID("x"), "x")
	p := b.get(conf.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("resource", o.resource)))
	if strings.Contains(p.body, `action="/oauth/signin"`) {
		p = b.signIn(p, email)
	}
	if strings.Contains(p.body, `name="decision"`) {
		if !strings.Contains(p.body, "E2E Agent") {
			t.Fatalf("the consent page does not name the client: %.500s", p.body)
		}
		form := p.hidden()
		form.Set("decision", "approve")
		p = b.post("/oauth/authorize", form)
	}
	if (p.status != http.StatusFound && p.status != http.StatusSeeOther) || !strings.HasPrefix(p.location, o.redirect+"?") {
		t.Fatalf("authorization did not return to the client: %d %q %.300s", p.status, p.location, p.body)
	}
	u, _ := url.Parse(p.location)
	q := u.Query()
	if q.Get("state") != state || q.Get("iss") != o.asMeta.Issuer || q.Get("code") == "" {
		t.Fatalf("redirect query = %v", q)
	}
	o.note(q.Get("code"))
	tok, err := conf.Exchange(t.Context(), q.Get("code"), oauth2.VerifierOption(verifier), oauth2.SetAuthURLParam("resource", o.resource))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	o.note(tok.AccessToken, tok.RefreshToken)
	if tok.TokenType != "Bearer" || tok.RefreshToken == "" {
		t.Fatalf("token: type %q, refresh token given %v", tok.TokenType, tok.RefreshToken != "")
	}
	return tok
}

// ownerOfToken reads the sub claim of an access token (unverified: the test
// only needs to know whose it is).
func ownerOfToken(t *testing.T, accessToken string) schema.Owner {
	t.Helper()
	parts := strings.Split(accessToken, ".")
	if len(parts) != 3 {
		t.Fatal("the access token is not a JWT")
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var claims struct {
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(raw, &claims); err != nil || claims.Sub == "" {
		t.Fatalf("claims: %v", err)
	}
	return schema.Owner(claims.Sub)
}

// mcpSession connects the Go MCP SDK's client over Streamable HTTP with a
// fixed bearer token.
func (o *oauthE2E) mcpSession(ctx context.Context, accessToken string) (*gomcp.ClientSession, error) {
	hc := oauth2.NewClient(ctx, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: accessToken, TokenType: "Bearer"}))
	client := gomcp.NewClient(&gomcp.Implementation{Name: "e2e-oauth", Version: "1"}, nil)
	return client.Connect(ctx, &gomcp.StreamableClientTransport{Endpoint: o.s.base + "/mcp", HTTPClient: hc}, nil)
}

func (o *oauthE2E) mustSession(ctx context.Context, accessToken string) *gomcp.ClientSession {
	o.t.Helper()
	sess, err := o.mcpSession(ctx, accessToken)
	if err != nil {
		o.t.Fatalf("MCP connect: %v", err)
	}
	o.t.Cleanup(func() { _ = sess.Close() })
	return sess
}

func toolText(res *gomcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*gomcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func (o *oauthE2E) call(ctx context.Context, sess *gomcp.ClientSession, tool string, args map[string]any) *gomcp.CallToolResult {
	o.t.Helper()
	res, err := sess.CallTool(ctx, &gomcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		o.t.Fatalf("%s: %v", tool, err)
	}
	return res
}

// searchableWithin bounds the wait for a remembered text to be found. It is
// generous: every serve and worker process on the machine shares the
// stack's Kafka consumer group, so a job may wait for a rebalance or be
// taken by another process's worker.
const searchableWithin = 120 * time.Second

// remember stores text over MCP and waits until search_memory finds word.
func (o *oauthE2E) remember(ctx context.Context, sess *gomcp.ClientSession, text, word string) {
	o.t.Helper()
	if res := o.call(ctx, sess, "remember", map[string]any{"text": text}); res.IsError {
		o.t.Fatalf("remember: %s", toolText(res))
	}
	deadline := time.Now().Add(searchableWithin)
	for {
		res := o.call(ctx, sess, "search_memory", map[string]any{"query": word})
		if res.IsError {
			o.t.Fatalf("search_memory: %s", toolText(res))
		}
		if strings.Contains(toolText(res), word) {
			return
		}
		if time.Now().After(deadline) {
			o.t.Fatalf("%q never became searchable", word)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// api calls the REST API with a bearer credential and returns the status,
// headers and raw body.
func (o *oauthE2E) api(method, path, credential string, body any) (int, http.Header, string) {
	o.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, o.s.base+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+credential)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		o.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(data)
}

// searchAPI returns the status and raw answer of the API's search.
func (o *oauthE2E) searchAPI(credential, query string) (int, string) {
	o.t.Helper()
	status, _, body := o.api("POST", "/api/v1/search", credential, map[string]any{"query": query})
	return status, body
}

// word is a unique, searchable token.
func word(prefix string) string {
	return prefix + strings.ToLower(strings.TrimPrefix(schema.NewID("x"), "x")[:10])
}

func (o *oauthE2E) fullFlow(t *testing.T) {
	o.t = t
	ctx, cancel := context.WithTimeout(t.Context(), 2*searchableWithin+time.Minute)
	defer cancel()
	conf := o.config("memory:read", "memory:capture")
	tok := o.connect(o.browser(), fmt.Sprintf("flow-%s@example.com", word("p")), conf.Scopes...)
	if got := tok.Extra("scope"); got != "memory:read memory:capture" {
		t.Fatalf("granted scope %v", got)
	}

	// MCP tool calls with the bearer token: remember, then search.
	sess := o.mustSession(ctx, tok.AccessToken)
	kw := word("heron")
	o.remember(ctx, sess, "Over OAuth we decided the release mascot is "+kw+".", kw)
	// The API accepts the same token.
	if st, texts := o.searchAPI(tok.AccessToken, kw); st != http.StatusOK || !strings.Contains(texts, kw) {
		t.Fatalf("API search with the OAuth token: %d %q", st, texts)
	}
	// A permission the token lacks is refused by the tool, naming it.
	if res := o.call(ctx, sess, "usage_report", map[string]any{}); !res.IsError || !strings.Contains(toolText(res), "usage:read") {
		t.Fatalf("a usage:read tool for a token without it: error %v %q", res.IsError, toolText(res))
	}

	// Refresh: the token source refreshes an expired token with the
	// refresh token and rotates both.
	old := *tok
	old.Expiry = time.Now().Add(-time.Minute)
	fresh, err := conf.TokenSource(ctx, &old).Token()
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	o.note(fresh.AccessToken, fresh.RefreshToken)
	if fresh.AccessToken == tok.AccessToken || fresh.RefreshToken == tok.RefreshToken || fresh.RefreshToken == "" {
		t.Fatal("refresh did not rotate the tokens")
	}
	sess2 := o.mustSession(ctx, fresh.AccessToken)
	if res := o.call(ctx, sess2, "search_memory", map[string]any{"query": kw}); res.IsError || !strings.Contains(toolText(res), kw) {
		t.Fatalf("search with the refreshed token: %s", toolText(res))
	}

	// Revoke (RFC 7009): the refresh token ends its whole lineage.
	resp, err := http.PostForm(o.asMeta.RevocationEndpoint, url.Values{"token": {fresh.RefreshToken}, "token_type_hint": {"refresh_token"}, "client_id": {o.clientID}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("revoke: %d", resp.StatusCode)
	}
	// The next call is refused, on the open session and on a new one…
	if res, err := sess2.CallTool(ctx, &gomcp.CallToolParams{Name: "search_memory", Arguments: map[string]any{"query": kw}}); err == nil {
		t.Fatalf("a tool call after revocation was answered: %s", toolText(res))
	}
	if s, err := o.mcpSession(ctx, fresh.AccessToken); err == nil {
		s.Close()
		t.Fatal("connected with a revoked token")
	}
	// …with a 401 naming the resource metadata, on /mcp and the API.
	req, _ := http.NewRequest("POST", o.s.base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	req.Header.Set("Authorization", "Bearer "+fresh.AccessToken)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if h := resp.Header.Get("WWW-Authenticate"); resp.StatusCode != http.StatusUnauthorized || !strings.Contains(h, `error="invalid_token"`) || !strings.Contains(h, "resource_metadata=") {
		t.Fatalf("/mcp after revocation: %d %q", resp.StatusCode, h)
	}
	if st, _ := o.searchAPI(fresh.AccessToken, kw); st != http.StatusUnauthorized {
		t.Fatalf("API after revocation: %d", st)
	}
	// The older access token came from the same grant: refused too; and
	// the revoked refresh token refreshes nothing.
	if st, _ := o.searchAPI(tok.AccessToken, kw); st != http.StatusUnauthorized {
		t.Fatalf("the first access token after revocation: %d", st)
	}
	gone := *fresh
	gone.Expiry = time.Now().Add(-time.Minute)
	if _, err := conf.TokenSource(ctx, &gone).Token(); err == nil {
		t.Fatal("a revoked refresh token refreshed")
	}
}

func (o *oauthE2E) twoPeople(t *testing.T) {
	o.t = t
	ctx, cancel := context.WithTimeout(t.Context(), 2*searchableWithin+time.Minute)
	defer cancel()
	scopes := []string{"memory:read", "memory:capture"}
	aTok := o.connect(o.browser(), fmt.Sprintf("alice-%s@example.com", word("a")), scopes...)
	bTok := o.connect(o.browser(), fmt.Sprintf("bob-%s@example.com", word("b")), scopes...)
	alice, bob := ownerOfToken(t, aTok.AccessToken), ownerOfToken(t, bTok.AccessToken)
	if alice == bob {
		t.Fatal("two people, one owner")
	}
	aSess, bSess := o.mustSession(ctx, aTok.AccessToken), o.mustSession(ctx, bTok.AccessToken)
	aWord, bWord := word("kestrel"), word("osprey")
	o.remember(ctx, aSess, "Alice's locker combination codeword is "+aWord+".", aWord)
	o.remember(ctx, bSess, "Bob's locker combination codeword is "+bWord+".", bWord)

	// Each finds their own and never the other's, over MCP and the API.
	for _, tc := range []struct {
		who         string
		sess        *gomcp.ClientSession
		tok         string
		own, others string
	}{{"alice", aSess, aTok.AccessToken, aWord, bWord}, {"bob", bSess, bTok.AccessToken, bWord, aWord}} {
		for _, q := range []string{tc.others, "locker combination codeword"} {
			res := o.call(ctx, tc.sess, "search_memory", map[string]any{"query": q})
			if strings.Contains(toolText(res), tc.others) {
				t.Fatalf("%s's MCP search for %q found the other person's memory", tc.who, q)
			}
			st, texts := o.searchAPI(tc.tok, q)
			if st != http.StatusOK || strings.Contains(texts, tc.others) {
				t.Fatalf("%s's API search for %q: %d, found the other's memory: %v", tc.who, q, st, strings.Contains(texts, tc.others))
			}
		}
		st, _, list := o.api("GET", "/api/v1/memories", tc.tok, nil)
		if st != http.StatusOK || !strings.Contains(list, tc.own) {
			t.Fatalf("%s lists memories: %d, own memory listed: %v", tc.who, st, strings.Contains(list, tc.own))
		}
		if strings.Contains(list, tc.others) {
			t.Fatalf("%s's memory list holds the other's memory", tc.who)
		}
	}
	// In the graph, each memory belongs to its author alone.
	if countWithText(t, alice, aWord) == 0 || countWithText(t, bob, bWord) == 0 {
		t.Fatal("a memory is not stored under its author")
	}
	if countWithText(t, alice, bWord) != 0 || countWithText(t, bob, aWord) != 0 {
		t.Fatal("a memory is stored under the other person")
	}
}

var (
	oauthKeyPattern   = regexp.MustCompile(`pm_live_[0-9a-f]{64}`)
	oauthKeyIDPattern = regexp.MustCompile(`name="id" value="(key_[0-9a-z]+)"`)
)

// accountPage: a signed-in person narrows a connected application on the
// account page (an older token loses the dropped permission on its next
// call), disconnects it (next call 401), and creates and revokes an API
// key (shown once).
func (o *oauthE2E) accountPage(t *testing.T) {
	o.t = t
	ctx, cancel := context.WithTimeout(t.Context(), 2*searchableWithin+time.Minute)
	defer cancel()
	b := o.browser()
	tok := o.connect(b, fmt.Sprintf("carol-%s@example.com", word("c")), "memory:read", "memory:capture")
	sess := o.mustSession(ctx, tok.AccessToken)
	kw := word("plover")
	o.remember(ctx, sess, "Carol parks the boat at pier "+kw+".", kw)

	acct := b.get("/account")
	if acct.status != http.StatusOK || !strings.Contains(acct.body, "E2E Agent") || !strings.Contains(acct.body, `name="keep.memory:capture"`) {
		t.Fatalf("account page: %d %.600s", acct.status, acct.body)
	}
	csrf := acct.hidden().Get("csrf")
	// Narrow: keep memory:read only.
	if p := b.post("/account/consents/narrow", url.Values{"csrf": {csrf}, "client_id": {o.clientID}, "keep.memory:read": {"on"}}); p.status != http.StatusSeeOther {
		t.Fatalf("narrowing: %d %.300s", p.status, p.body)
	}
	res := o.call(ctx, sess, "remember", map[string]any{"text": "This should not be remembered."})
	if !res.IsError || !strings.Contains(toolText(res), "memory:capture") {
		t.Fatalf("remember after narrowing: error %v %q", res.IsError, toolText(res))
	}
	if st, h, _ := o.api("POST", "/api/v1/memories", tok.AccessToken, map[string]string{"text": "Nor this."}); st != http.StatusForbidden || !strings.Contains(h.Get("WWW-Authenticate"), "insufficient_scope") {
		t.Fatalf("API remember after narrowing: %d %q", st, h.Get("WWW-Authenticate"))
	}
	if res := o.call(ctx, sess, "search_memory", map[string]any{"query": kw}); res.IsError || !strings.Contains(toolText(res), kw) {
		t.Fatalf("search after narrowing: %s", toolText(res))
	}

	// An API key, created on the page and shown once.
	created := b.post("/account/keys", url.Values{"csrf": {csrf}, "name": {"e2e sdk"}})
	key := oauthKeyPattern.FindString(created.body)
	if created.status != http.StatusOK || key == "" {
		t.Fatalf("creating a key: %d", created.status)
	}
	o.note(key)
	if st, texts := o.searchAPI(key, kw); st != http.StatusOK || !strings.Contains(texts, kw) {
		t.Fatalf("API search with the new key: %d", st)
	}
	acct = b.get("/account")
	if strings.Contains(acct.body, key) {
		t.Fatal("the key is shown a second time")
	}
	m := oauthKeyIDPattern.FindStringSubmatch(acct.body)
	if m == nil {
		t.Fatal("the account page lists no key to revoke")
	}
	if p := b.post("/account/keys/revoke", url.Values{"csrf": {csrf}, "id": {m[1]}}); p.status != http.StatusSeeOther {
		t.Fatalf("revoking the key: %d", p.status)
	}
	if st, _ := o.searchAPI(key, kw); st != http.StatusUnauthorized {
		t.Fatalf("API with a revoked key: %d", st)
	}

	// Disconnect: the next call is refused.
	if p := b.post("/account/consents/revoke", url.Values{"csrf": {csrf}, "client_id": {o.clientID}}); p.status != http.StatusSeeOther {
		t.Fatalf("disconnecting: %d", p.status)
	}
	if res, err := sess.CallTool(ctx, &gomcp.CallToolParams{Name: "search_memory", Arguments: map[string]any{"query": kw}}); err == nil {
		t.Fatalf("a tool call after disconnecting was answered: %s", toolText(res))
	}
	if st, _ := o.searchAPI(tok.AccessToken, kw); st != http.StatusUnauthorized {
		t.Fatalf("API after disconnecting: %d", st)
	}
}
