package oauth_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/oauth"
	oauthneo4j "github.com/persistmemory/persistmemory/oauth/neo4j"
	"github.com/persistmemory/persistmemory/schema"
)

// Rate limits on the endpoints that need no credential: over the limit,
// 429 with Retry-After, an RFC 6749 style error where the endpoint speaks
// JSON, and nothing changed. The harness's clock refills the buckets.

// expect429JSON checks a rate-limited JSON endpoint's answer.
func expect429JSON(t *testing.T, resp *http.Response) {
	t.Helper()
	defer resp.Body.Close()
	var body map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&body)
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if resp.StatusCode != http.StatusTooManyRequests || err != nil || secs < 1 {
		t.Fatalf("over the limit: %d Retry-After %q %v, want 429 with Retry-After in seconds", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if body["error"] != "temporarily_unavailable" || !strings.Contains(body["error_description"].(string), "retry after") {
		t.Fatalf("over the limit: body %v, want error temporarily_unavailable", body)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("over the limit: Content-Type %q", ct)
	}
}

// expect429Page checks a rate-limited page's answer.
func expect429Page(t *testing.T, p page) {
	t.Helper()
	secs, err := strconv.Atoi(p.header.Get("Retry-After"))
	if p.status != http.StatusTooManyRequests || err != nil || secs < 1 || p.location != "" {
		t.Fatalf("over the limit: %d Retry-After %q Location %q, want 429 with Retry-After and no redirect", p.status, p.header.Get("Retry-After"), p.location)
	}
	if !strings.Contains(p.body, "Wait") && !strings.Contains(p.body, "wait") {
		t.Fatalf("the page does not say to wait: %s", p.body)
	}
}

// clientsNamed counts stored clients named name, straight from Neo4j.
func (h *harness) clientsNamed(name string) int64 {
	h.t.Helper()
	st, ok := h.store.(*oauthneo4j.Store)
	if !ok {
		h.t.Fatalf("store is %T", h.store)
	}
	res, err := neo4j.ExecuteQuery(h.t.Context(), st.Driver, `MATCH (c:OAuthClient {name: $n}) RETURN count(c) AS n`,
		map[string]any{"n": name}, neo4j.EagerResultTransformer, neo4j.ExecuteQueryWithDatabase(st.Database))
	if err != nil {
		h.t.Fatal(err)
	}
	n, _ := res.Records[0].Get("n")
	return n.(int64)
}

// mails counts the messages in the mail sink.
func (h *harness) mails() int {
	files, _ := filepath.Glob(filepath.Join(h.mailDir, "*.eml"))
	return len(files)
}

func TestRateLimitRegistration(t *testing.T) {
	h := newHarness(t)
	name := "limited " + strings.TrimPrefix(schema.NewID("x"), "x")
	reg := func() *http.Response {
		b, _ := json.Marshal(map[string]any{"client_name": name, "redirect_uris": []string{loopback}})
		resp, err := h.client().Post(h.url+"/oauth/register", "application/json", strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for i := range oauth.RegisterBurst {
		resp := reg()
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("registration %d within the burst: %d", i+1, resp.StatusCode)
		}
	}
	expect429JSON(t, reg())
	if n := h.clientsNamed(name); n != oauth.RegisterBurst {
		t.Fatalf("%d clients stored, want %d: the refused registration stored one", n, oauth.RegisterBurst)
	}
	// Bad metadata counts too: the limit is on requests, not on successes.
	resp, err := h.client().Post(h.url+"/oauth/register", "application/json", strings.NewReader(`{`))
	if err != nil {
		t.Fatal(err)
	}
	expect429JSON(t, resp)
	// Preflights are not limited.
	req, _ := http.NewRequest(http.MethodOptions, h.url+"/oauth/register", nil)
	if resp, err := h.client().Do(req); err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("preflight over the limit: %v %v", resp, err)
	}
	// The bucket refills.
	h.clock.Advance(oauth.RegisterEvery)
	resp = reg()
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("registration after the refill: %d", resp.StatusCode)
	}
	expect429JSON(t, reg())
}

func TestRateLimitSignInPerEmail(t *testing.T) {
	h := newHarness(t)
	victim := uniqueEmail("inbox")
	b := h.browser()
	send := func(email string) page {
		return b.post("/oauth/signin", url.Values{"email": {email}, "return_to": {"/account"}})
	}
	for i := range oauth.SignInEmailBurst {
		if p := send(victim); p.status != http.StatusOK {
			t.Fatalf("sign-in %d within the burst: %d", i+1, p.status)
		}
	}
	// The same address, however it is written, gets no more mail.
	p := send(strings.ToUpper(victim))
	expect429Page(t, p)
	if !strings.Contains(p.body, `action="/oauth/signin"`) || !strings.Contains(p.body, "newest") {
		t.Fatalf("the page does not offer the form again or say what to do: %s", p.body)
	}
	if n := h.mails(); n != oauth.SignInEmailBurst {
		t.Fatalf("%d messages sent, want %d", n, oauth.SignInEmailBurst)
	}
	// Another address from the same network is unaffected…
	if p := send(uniqueEmail("other")); p.status != http.StatusOK {
		t.Fatalf("another address: %d", p.status)
	}
	// …and the newest link to the limited address still signs in.
	confirm := b.get(h.lastLink(victim))
	if done := b.post("/oauth/signin/link", confirm.hidden()); done.status != http.StatusSeeOther {
		t.Fatalf("the newest link after the limit: %d", done.status)
	}
	h.clock.Advance(oauth.SignInEmailEvery)
	if p := send(victim); p.status != http.StatusOK {
		t.Fatalf("sign-in after the refill: %d", p.status)
	}
}

func TestRateLimitSignInPerIP(t *testing.T) {
	h := newHarness(t)
	b := h.browser()
	for i := range oauth.SignInIPBurst {
		if p := b.post("/oauth/signin", url.Values{"email": {uniqueEmail("many")}}); p.status != http.StatusOK {
			t.Fatalf("sign-in %d within the burst: %d", i+1, p.status)
		}
	}
	fresh := uniqueEmail("fresh")
	expect429Page(t, b.post("/oauth/signin", url.Values{"email": {fresh}}))
	if n := h.mails(); n != oauth.SignInIPBurst {
		t.Fatalf("%d messages sent, want %d", n, oauth.SignInIPBurst)
	}
	h.clock.Advance(oauth.SignInIPEvery)
	if p := b.post("/oauth/signin", url.Values{"email": {fresh}}); p.status != http.StatusOK {
		t.Fatalf("sign-in after the refill: %d", p.status)
	}
}

func TestRateLimitToken(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	a := h.authorize(h.browser(), c, uniqueEmail("tokenlimit"))
	bad := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"pmr_" + strings.Repeat("A", 43)}, "client_id": {c.id}}
	for i := range oauth.TokenBurst {
		if st, body := h.postForm("/oauth/token", bad); st != http.StatusBadRequest {
			t.Fatalf("guess %d within the burst: %d %v", i+1, st, body)
		}
	}
	resp, err := h.client().PostForm(h.url+"/oauth/token", bad)
	if err != nil {
		t.Fatal(err)
	}
	expect429JSON(t, resp)
	// The revocation endpoint shares the budget.
	resp, err = h.client().PostForm(h.url+"/oauth/revoke", url.Values{"token": {"x"}, "client_id": {c.id}})
	if err != nil {
		t.Fatal(err)
	}
	expect429JSON(t, resp)
	// The client library sees an OAuth error, and the code is not spent.
	if _, err := h.exchange(c, a); !isOAuthError(err, "temporarily_unavailable") {
		t.Fatalf("exchange over the limit: %v, want temporarily_unavailable", err)
	}
	h.clock.Advance(oauth.TokenEvery)
	tok := h.mustExchange(c, a)
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
}

func TestRateLimitAuthorize(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.browser()
	for i := range oauth.AuthorizeBurst {
		if p := b.authorizeRaw(validParams(h, c)); p.status != http.StatusOK {
			t.Fatalf("authorization request %d within the burst: %d", i+1, p.status)
		}
	}
	expect429Page(t, b.authorizeRaw(validParams(h, c)))
	// Over the limit nothing is looked at: not even a bad redirect is
	// followed.
	p := validParams(h, c)
	p.Set("redirect_uri", "https://evil.example/cb")
	expect429Page(t, b.authorizeRaw(p))
	h.clock.Advance(oauth.AuthorizeEvery)
	if p := b.authorizeRaw(validParams(h, c)); p.status != http.StatusOK {
		t.Fatalf("authorization request after the refill: %d", p.status)
	}
}

// TestRateLimitKeyedByClientIP: the limit is per address as Config.ClientIP
// names it; one address over its limit does not lock out another.
func TestRateLimitKeyedByClientIP(t *testing.T) {
	h := newHarness(t)
	srv, err := oauth.New(t.Context(), oauth.Config{
		PublicURL: h.url, Store: h.store, Mailer: oauth.DirMailer{Dir: h.mailDir}, KeyEncryptionKey: testKEK, Now: h.clock.Now,
		ClientIP: func(r *http.Request) string { return r.Header.Get("X-Test-Client") },
	})
	if err != nil {
		t.Fatal(err)
	}
	post := func(ip string) int {
		req, _ := http.NewRequest(http.MethodPost, "/oauth/token", strings.NewReader("grant_type=x"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Test-Client", ip)
		w := httptest.NewRecorder()
		srv.Handler().ServeHTTP(w, req)
		return w.Code
	}
	for range oauth.TokenBurst {
		post("198.51.100.1")
	}
	if st := post("198.51.100.1"); st != http.StatusTooManyRequests {
		t.Fatalf("first address over its limit: %d", st)
	}
	if st := post("198.51.100.2"); st == http.StatusTooManyRequests {
		t.Fatal("another address was limited by the first")
	}
}
