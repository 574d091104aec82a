package oauth_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jwk"
	"github.com/lestrrat-go/jwx/v2/jws"
	"github.com/lestrrat-go/jwx/v2/jwt"
	"golang.org/x/oauth2"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// Each test here is one attack, against the real server and Neo4j.

// authorizeRaw sends the browser (signed in already, or not) to the
// authorization endpoint with exactly params and returns the response.
func (b *browser) authorizeRaw(params url.Values) page {
	b.h.t.Helper()
	return b.get(b.h.url + "/oauth/authorize?" + params.Encode())
}

// signedIn returns a browser signed in as email.
func (h *harness) signedIn(email string) *browser {
	h.t.Helper()
	b := h.browser()
	acct := b.signIn(b.get("/account"), email)
	if !strings.Contains(acct.body, "Your PersistMemory account") {
		h.t.Fatalf("account page after sign-in: %d %s", acct.status, acct.body)
	}
	return b
}

func validParams(h *harness, c registered) url.Values {
	return url.Values{
		"response_type": {"code"}, "client_id": {c.id}, "redirect_uri": {c.conf.RedirectURL}, "state": {"s1"},
		"code_challenge": {oauth2.S256ChallengeFromVerifier(oauth2.GenerateVerifier())}, "code_challenge_method": {"S256"},
		"resource": {h.resource()}, "scope": {oauth.ScopeRead},
	}
}

// expectRedirectError asserts the browser was sent back to the client
// with error code and the state.
func expectRedirectError(t *testing.T, p page, c registered, code string) {
	t.Helper()
	if p.status != http.StatusFound && p.status != http.StatusSeeOther {
		t.Fatalf("want a redirect carrying error=%s, got %d %s", code, p.status, p.body)
	}
	q := redirectQuery(t, p.location, c.conf.RedirectURL)
	if q.Get("error") != code || q.Get("code") != "" {
		t.Fatalf("redirect query = %v, want error=%s and no code", q, code)
	}
	if q.Get("state") != "s1" {
		t.Fatalf("state not passed through: %v", q)
	}
}

func TestPlainPKCERefused(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.signedIn(uniqueEmail("plain"))
	p := validParams(h, c)
	p.Set("code_challenge_method", "plain")
	p.Set("code_challenge", oauth2.GenerateVerifier())
	expectRedirectError(t, b.authorizeRaw(p), c, "invalid_request")
}

func TestMissingPKCEChallengeRefused(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.signedIn(uniqueEmail("nopkce"))
	p := validParams(h, c)
	p.Del("code_challenge")
	p.Del("code_challenge_method")
	expectRedirectError(t, b.authorizeRaw(p), c, "invalid_request")
	// A challenge without a method would default to plain: refused too.
	p = validParams(h, c)
	p.Del("code_challenge_method")
	expectRedirectError(t, b.authorizeRaw(p), c, "invalid_request")
}

func TestWrongCodeVerifier(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.browser()
	a := h.authorize(b, c, uniqueEmail("verifier"))
	right := a.verifier
	a.verifier = oauth2.GenerateVerifier()
	_, err := h.exchange(c, a)
	if !isOAuthError(err, "invalid_grant") {
		t.Fatalf("wrong verifier: %v, want invalid_grant", err)
	}
	// The code was spent by the failed attempt.
	a.verifier = right
	if _, err := h.exchange(c, a); !isOAuthError(err, "invalid_grant") {
		t.Fatalf("right verifier after a wrong one: %v, want invalid_grant", err)
	}
}

func TestCodeReuseRevokesTokens(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.browser()
	a := h.authorize(b, c, uniqueEmail("reuse"))
	tok := h.mustExchange(c, a)
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
	if _, err := h.exchange(c, a); !isOAuthError(err, "invalid_grant") {
		t.Fatalf("second use of a code: %v, want invalid_grant", err)
	}
	h.mustCall("/mcp", tok.AccessToken, http.StatusUnauthorized)
	if st, body := h.refresh(c, tok.RefreshToken, nil); st != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("refresh token from a replayed code: %d %v", st, body)
	}
}

func TestRedirectURIMismatchNotRedirected(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.signedIn(uniqueEmail("mismatch"))
	for _, attacker := range []string{"https://attacker.example/cb", loopback + "/", loopback + "?x=1", strings.Replace(loopback, "38111", "38112", 1)} {
		p := validParams(h, c)
		p.Set("redirect_uri", attacker)
		got := b.authorizeRaw(p)
		if got.location != "" || got.status != http.StatusBadRequest {
			t.Fatalf("redirect_uri %q: %d, Location %q; want a 400 page and no redirect", attacker, got.status, got.location)
		}
		if strings.Contains(got.body, "attacker.example") {
			t.Fatalf("error page links to the attacker: %s", got.body)
		}
	}
	// Errors found before the redirect URI is trusted are pages too.
	p := validParams(h, c)
	p.Set("redirect_uri", "https://attacker.example/cb")
	p.Set("response_type", "token")
	if got := b.authorizeRaw(p); got.location != "" {
		t.Fatalf("redirected to %q", got.location)
	}
}

func TestRedirectURIMismatchAtTokenEndpoint(t *testing.T) {
	h := newHarness(t)
	other := "http://127.0.0.1:38111/other"
	c := h.register([]string{loopback, other}, "")
	b := h.browser()
	a := h.authorize(b, c, uniqueEmail("mismatch2"))
	cc := *c.conf
	cc.RedirectURL = other
	if _, err := h.exchange(registered{id: c.id, conf: &cc}, a); !isOAuthError(err, "invalid_grant") {
		t.Fatalf("exchange with another redirect_uri: %v, want invalid_grant", err)
	}
}

func TestRegistrationRefusesBadRedirectURIs(t *testing.T) {
	h := newHarness(t)
	for _, u := range []string{
		"http://example.com/cb", "http://10.0.0.1/cb", "ftp://example.com/cb", "javascript:alert(1)", "com.example.app:/cb",
		"https://example.com/cb#frag", "https://user:pw@example.com/cb", "/relative", "https:///nohost", "https://exa mple.com/",
		"https://example.com/\r\nX: y", "", strings.Repeat("https://a.example/", 200),
	} {
		status, body := h.postJSON("/oauth/register", map[string]any{"redirect_uris": []string{u}})
		if status != http.StatusBadRequest || body["error"] != "invalid_redirect_uri" {
			t.Errorf("redirect %q: %d %v, want 400 invalid_redirect_uri", u, status, body)
		}
	}
	for _, u := range []string{"https://example.com/cb", "http://127.0.0.1:1234/cb", "http://[::1]/cb", "http://localhost:9/cb"} {
		if status, body := h.postJSON("/oauth/register", map[string]any{"redirect_uris": []string{u}}); status != http.StatusCreated {
			t.Errorf("redirect %q refused: %d %v", u, status, body)
		}
	}
}

func TestRegistrationBadMetadata(t *testing.T) {
	h := newHarness(t)
	post := func(ct, body string) (int, map[string]any) {
		resp, err := h.client().Post(h.url+"/oauth/register", ct, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	good := `"redirect_uris":["https://a.example/cb"]`
	for name, tc := range map[string]struct{ ct, body, code string }{
		"not json":        {"application/json", `{redirect_uris:`, "invalid_client_metadata"},
		"wrong type":      {"application/json", `{"redirect_uris":"https://a.example/cb"}`, "invalid_client_metadata"},
		"form":            {"application/x-www-form-urlencoded", "redirect_uris=https://a.example/cb", "invalid_client_metadata"},
		"oversized":       {"application/json", `{` + good + `,"client_name":"` + strings.Repeat("a", 20000) + `"}`, "invalid_client_metadata"},
		"long name":       {"application/json", `{` + good + `,"client_name":"` + strings.Repeat("a", 101) + `"}`, "invalid_client_metadata"},
		"control name":    {"application/json", `{` + good + `,"client_name":"a\u0000b"}`, "invalid_client_metadata"},
		"secret auth":     {"application/json", `{` + good + `,"token_endpoint_auth_method":"client_secret_basic"}`, "invalid_client_metadata"},
		"implicit":        {"application/json", `{` + good + `,"response_types":["token"]}`, "invalid_client_metadata"},
		"grant":           {"application/json", `{` + good + `,"grant_types":["password"]}`, "invalid_client_metadata"},
		"unknown scope":   {"application/json", `{` + good + `,"scope":"memory:read admin"}`, "invalid_client_metadata"},
		"trailing":        {"application/json", `{` + good + `} {}`, "invalid_client_metadata"},
		"too many uris":   {"application/json", `{"redirect_uris":["https://a.example/1","https://a.example/2","https://a.example/3","https://a.example/4","https://a.example/5","https://a.example/6","https://a.example/7","https://a.example/8","https://a.example/9","https://a.example/10","https://a.example/11"]}`, "invalid_redirect_uri"},
		"no redirects":    {"application/json", `{"client_name":"x"}`, "invalid_redirect_uri"},
		"http client_uri": {"application/json", `{` + good + `,"client_uri":"http://a.example"}`, "invalid_client_metadata"},
	} {
		t.Run(name, func(t *testing.T) {
			status, body := post(tc.ct, tc.body)
			if status != http.StatusBadRequest || body["error"] != tc.code {
				t.Errorf("%d %v, want 400 %s", status, body, tc.code)
			}
		})
	}
}

func TestResourceRequired(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.signedIn(uniqueEmail("resource"))
	p := validParams(h, c)
	p.Del("resource")
	expectRedirectError(t, b.authorizeRaw(p), c, "invalid_target")
}

func TestWrongResourceRefused(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.signedIn(uniqueEmail("wrongres"))
	for _, r := range []string{"https://evil.example/mcp", h.url + "/mcp/", h.url + "/other", strings.ToUpper(h.resource())} {
		p := validParams(h, c)
		p.Set("resource", r)
		expectRedirectError(t, b.authorizeRaw(p), c, "invalid_target")
	}
	// At the token endpoint the resource must be the authorized one.
	a := h.authorize(b, c, "")
	form := url.Values{"grant_type": {"authorization_code"}, "code": {a.code()}, "code_verifier": {a.verifier},
		"client_id": {c.id}, "redirect_uri": {loopback}, "resource": {"https://evil.example/mcp"}}
	if st, body := h.postForm("/oauth/token", form); st != http.StatusBadRequest || body["error"] != "invalid_target" {
		t.Fatalf("token request for another resource: %d %v", st, body)
	}
}

// claimsOf decodes a JWT's claims without verifying them.
func claimsOf(t *testing.T, token string) map[string]any {
	t.Helper()
	parts := strings.Split(token, ".")
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestTokenForAnotherAudience(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("aud"))
	cl := claimsOf(t, tok.AccessToken)
	// Signed with this server's own key, for another resource.
	forged, err := h.srv.MintAccessTokenForTest(t.Context(), oauth.Grant{
		ID: cl["gid"].(string), Owner: schema.Owner(cl["sub"].(string)), ClientID: c.id, Scopes: []string{oauth.ScopeRead},
		Resource: "https://other.example/mcp",
	}, []string{oauth.ScopeRead})
	if err != nil {
		t.Fatal(err)
	}
	h.mustCall("/mcp", forged, http.StatusUnauthorized)
	// A token from another deployment sharing the database (and so the
	// keys) names another issuer and audience.
	other := h.newServer("https://other.example")
	forged2, err := other.MintAccessTokenForTest(t.Context(), oauth.Grant{
		ID: cl["gid"].(string), Owner: schema.Owner(cl["sub"].(string)), ClientID: c.id, Scopes: []string{oauth.ScopeRead},
		Resource: "https://other.example/mcp",
	}, []string{oauth.ScopeRead})
	if err != nil {
		t.Fatal(err)
	}
	h.mustCall("/mcp", forged2, http.StatusUnauthorized)
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
}

func TestExpiredToken(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("expired"))
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
	h.clock.Advance(oauth.DefaultAccessTokenTTL + time.Minute)
	status, _, hdr := h.call("/mcp", tok.AccessToken)
	if status != http.StatusUnauthorized || !strings.Contains(hdr.Get("WWW-Authenticate"), `error="invalid_token"`) ||
		!strings.Contains(hdr.Get("WWW-Authenticate"), "expired") {
		t.Fatalf("expired token: %d %q", status, hdr.Get("WWW-Authenticate"))
	}
	// The refresh token still works, and its access token does.
	st, body := h.refresh(c, tok.RefreshToken, nil)
	if st != http.StatusOK {
		t.Fatalf("refresh after access expiry: %d %v", st, body)
	}
	h.mustCall("/mcp", body["access_token"].(string), http.StatusOK)
}

func TestRefreshReuseRevokesLineage(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("replay"))
	// The thief replays first; the legitimate client's fresher token
	// stops working too, and so do the access tokens.
	st, thief := h.refresh(c, tok.RefreshToken, nil)
	if st != http.StatusOK {
		t.Fatalf("first refresh: %d %v", st, thief)
	}
	thiefRT, thiefAT := thief["refresh_token"].(string), thief["access_token"].(string)
	h.mustCall("/mcp", thiefAT, http.StatusOK)
	if st, body := h.refresh(c, tok.RefreshToken, nil); st != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("spent refresh token presented again: %d %v", st, body)
	}
	if st, body := h.refresh(c, thiefRT, nil); st != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("successor after replay: %d %v", st, body)
	}
	h.mustCall("/mcp", thiefAT, http.StatusUnauthorized)
	h.mustCall("/mcp", tok.AccessToken, http.StatusUnauthorized)
}

func TestScopeEscalationOnRefresh(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "memory:read memory:write")
	tok, _ := h.connect(c, uniqueEmail("escalate"), oauth2.SetAuthURLParam("scope", oauth.ScopeRead))
	for _, sc := range []string{"memory:read memory:write", "usage:read", "admin"} {
		if st, body := h.refresh(c, tok.RefreshToken, url.Values{"scope": {sc}}); st != http.StatusBadRequest || body["error"] != "invalid_scope" {
			t.Fatalf("refresh asking for %q: %d %v", sc, st, body)
		}
	}
	// The refusals spent nothing.
	st, body := h.refresh(c, tok.RefreshToken, url.Values{"scope": {oauth.ScopeRead}})
	if st != http.StatusOK || body["scope"] != oauth.ScopeRead {
		t.Fatalf("refresh after refused escalations: %d %v", st, body)
	}
	h.mustCall("/api/v1/conflicts/resolve", body["access_token"].(string), http.StatusForbidden)
}

func TestRevokedConsentFailsNextCall(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	email := uniqueEmail("revokeconsent")
	tok, b := h.connect(c, email)
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
	acct := b.get("/account")
	if !strings.Contains(acct.body, "Test Client") {
		t.Fatalf("account page does not list the client: %s", acct.body)
	}
	form := url.Values{"csrf": {acct.hidden().Get("csrf")}, "client_id": {c.id}}
	if p := b.post("/account/consents/revoke", form); p.status != http.StatusSeeOther {
		t.Fatalf("disconnect: %d %s", p.status, p.body)
	}
	h.mustCall("/mcp", tok.AccessToken, http.StatusUnauthorized)
	if st, body := h.refresh(c, tok.RefreshToken, nil); st != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("refresh after disconnect: %d %v", st, body)
	}
	// Approving again makes a new grant; the old token stays dead.
	tok2 := h.mustExchange(c, h.authorize(b, c, email))
	h.mustCall("/mcp", tok2.AccessToken, http.StatusOK)
	h.mustCall("/mcp", tok.AccessToken, http.StatusUnauthorized)
}

func TestConsentRevokeNeedsCSRF(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, b := h.connect(c, uniqueEmail("csrf"))
	if p := b.post("/account/consents/revoke", url.Values{"client_id": {c.id}}); p.status != http.StatusForbidden {
		t.Fatalf("disconnect without CSRF token: %d", p.status)
	}
	req, _ := http.NewRequest(http.MethodPost, h.url+"/account/consents/revoke", strings.NewReader(url.Values{"client_id": {c.id}, "csrf": {b.get("/account").hidden().Get("csrf")}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	if p := b.do(req); p.status != http.StatusForbidden {
		t.Fatalf("cross-site disconnect: %d", p.status)
	}
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
}

func TestNarrowedConsentBindsOlderTokens(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	email := uniqueEmail("narrow")
	tok, b := h.connect(c, email, oauth2.SetAuthURLParam("scope", "memory:read memory:write"))
	h.mustCall("/api/v1/conflicts/resolve", tok.AccessToken, http.StatusOK)
	owner := ownerOf(h.mustCall("/mcp", tok.AccessToken, http.StatusOK))
	if _, err := h.store.NarrowConsent(t.Context(), owner, c.id, []string{oauth.ScopeRead}, h.clock.Now()); err != nil {
		t.Fatal(err)
	}
	status, _, hdr := h.call("/api/v1/conflicts/resolve", tok.AccessToken)
	if status != http.StatusForbidden || !strings.Contains(hdr.Get("WWW-Authenticate"), `error="insufficient_scope"`) ||
		!strings.Contains(hdr.Get("WWW-Authenticate"), `scope="memory:write"`) {
		t.Fatalf("older token after narrowing: %d %q", status, hdr.Get("WWW-Authenticate"))
	}
	if got := scopesOf(h.mustCall("/api/v1/memories", tok.AccessToken, http.StatusOK)); !slices.Equal(got, []string{oauth.ScopeRead}) {
		t.Fatalf("older token's scopes after narrowing = %v", got)
	}
	// A refresh cannot bring the dropped scope back.
	st, body := h.refresh(c, tok.RefreshToken, nil)
	if st != http.StatusOK || body["scope"] != oauth.ScopeRead {
		t.Fatalf("refresh after narrowing: %d %v", st, body)
	}
	// Approving write again, for a new connection, does not revive it in
	// the older token either.
	tok2 := h.mustExchange(c, h.authorize(b, c, email, oauth2.SetAuthURLParam("scope", "memory:read memory:write")))
	h.mustCall("/api/v1/conflicts/resolve", tok2.AccessToken, http.StatusOK)
	h.mustCall("/api/v1/conflicts/resolve", tok.AccessToken, http.StatusForbidden)
}

func TestReconnectDoesNotAskAgain(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	email := uniqueEmail("reconnect")
	tok1, _ := h.connect(c, email, oauth2.SetAuthURLParam("scope", oauth.ScopeRead))
	// A second machine, same client, same permissions: sign in, no
	// consent page, and the first machine keeps working.
	b2 := h.browser()
	verifier := oauth2.GenerateVerifier()
	p := b2.get(c.conf.AuthCodeURL("state-2", oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("resource", h.resource()), oauth2.SetAuthURLParam("scope", oauth.ScopeRead)))
	p = b2.signIn(p, email)
	if p.status != http.StatusFound || strings.Contains(p.body, `name="decision"`) {
		t.Fatalf("reconnecting asked again: %d %s", p.status, p.body)
	}
	tok2 := h.mustExchange(c, authorization{verifier: verifier, query: redirectQuery(t, p.location, loopback)})
	h.mustCall("/mcp", tok1.AccessToken, http.StatusOK)
	h.mustCall("/mcp", tok2.AccessToken, http.StatusOK)
	if st, _ := h.refresh(c, tok1.RefreshToken, nil); st != http.StatusOK {
		t.Fatalf("first machine's refresh after the second connected: %d", st)
	}
	// Asking for more does ask, and widening keeps the first grant alive.
	p = b2.get(c.conf.AuthCodeURL("state-3", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("resource", h.resource()), oauth2.SetAuthURLParam("scope", "memory:read memory:capture")))
	if !strings.Contains(p.body, `name="decision"`) || !strings.Contains(p.body, "already approved") {
		t.Fatalf("asking for more did not show consent: %d %s", p.status, p.body)
	}
	b2.approve(p)
	h.mustCall("/mcp", tok2.AccessToken, http.StatusOK)
}

func TestDeniedConsent(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.signedIn(uniqueEmail("deny"))
	p := b.authorizeRaw(validParams(h, c))
	form := p.hidden()
	form.Set("decision", "deny")
	expectRedirectError(t, b.post("/oauth/authorize", form), c, "access_denied")
	// Nothing was approved: asking again asks again.
	if again := b.authorizeRaw(validParams(h, c)); !strings.Contains(again.body, `name="decision"`) {
		t.Fatalf("after a denial the client was approved: %d %s", again.status, again.location)
	}
}

func TestSignInLinkReuse(t *testing.T) {
	h := newHarness(t)
	email := uniqueEmail("linkreuse")
	h.signedIn(email)
	link := h.lastLink(email)
	b2 := h.browser()
	confirm := b2.get(link)
	if confirm.status != http.StatusBadRequest || strings.Contains(confirm.body, "Continue signing in") {
		t.Fatalf("used link's page: %d", confirm.status)
	}
	token, _ := url.Parse(link)
	p := b2.post("/oauth/signin/link", url.Values{"token": {token.Query().Get("token")}})
	if p.status != http.StatusBadRequest || len(p.header.Values("Set-Cookie")) != 0 {
		t.Fatalf("reusing a link: %d, cookies %v", p.status, p.header.Values("Set-Cookie"))
	}
}

func TestSignInLinkExpiry(t *testing.T) {
	h := newHarness(t)
	email := uniqueEmail("linkexpiry")
	b := h.browser()
	sent := b.post("/oauth/signin", url.Values{"email": {email}, "return_to": {"/account"}})
	if sent.status != http.StatusOK {
		t.Fatalf("sign-in: %d", sent.status)
	}
	link := h.lastLink(email)
	h.clock.Advance(15*time.Minute + time.Second)
	if p := b.get(link); p.status != http.StatusBadRequest {
		t.Fatalf("expired link's page: %d", p.status)
	}
	token, _ := url.Parse(link)
	if p := b.post("/oauth/signin/link", url.Values{"token": {token.Query().Get("token")}}); p.status != http.StatusBadRequest || len(p.header.Values("Set-Cookie")) != 0 {
		t.Fatalf("expired link: %d", p.status)
	}
}

func TestSignInReturnToIsLocal(t *testing.T) {
	h := newHarness(t)
	email := uniqueEmail("openredirect")
	b := h.browser()
	for _, evil := range []string{"https://evil.example/", "//evil.example/oauth/authorize?x", "/oauth/authorize?\\evil", "/oauth/authorizeX?y"} {
		b.post("/oauth/signin", url.Values{"email": {email}, "return_to": {evil}})
		confirm := b.get(h.lastLink(email))
		p := b.post("/oauth/signin/link", confirm.hidden())
		if p.status != http.StatusSeeOther || p.location != "/account" {
			t.Fatalf("return_to %q: %d Location %q, want /account", evil, p.status, p.location)
		}
	}
}

func TestSameEmailSameOwner(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	email := uniqueEmail("same")
	tok1, _ := h.connect(c, email)
	tok2, _ := h.connect(c, strings.ToUpper(email))
	o1, o2 := ownerOf(h.mustCall("/mcp", tok1.AccessToken, http.StatusOK)), ownerOf(h.mustCall("/mcp", tok2.AccessToken, http.StatusOK))
	if o1 != o2 {
		t.Fatalf("same email, two owners: %s and %s", o1, o2)
	}
}

func TestTamperedToken(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("tamper"))
	parts := strings.Split(tok.AccessToken, ".")
	cl := claimsOf(t, tok.AccessToken)
	cl["sub"] = "usr_someoneelse"
	cl["scope"] = "memory:read memory:capture memory:write usage:read"
	payload, _ := json.Marshal(cl)
	forged := parts[0] + "." + base64.RawURLEncoding.EncodeToString(payload) + "." + parts[2]
	h.mustCall("/mcp", forged, http.StatusUnauthorized)
	// A flipped signature bit.
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	sig[5] ^= 1
	h.mustCall("/mcp", parts[0]+"."+parts[1]+"."+base64.RawURLEncoding.EncodeToString(sig), http.StatusUnauthorized)
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
}

func TestAlgNoneRefused(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("algnone"))
	parts := strings.Split(tok.AccessToken, ".")
	kid := headerOf(t, tok.AccessToken)["kid"]
	for _, alg := range []string{"none", "None", "HS256"} {
		hdr, _ := json.Marshal(map[string]any{"alg": alg, "typ": "at+jwt", "kid": kid})
		h.mustCall("/mcp", base64.RawURLEncoding.EncodeToString(hdr)+"."+parts[1]+".", http.StatusUnauthorized)
		h.mustCall("/mcp", base64.RawURLEncoding.EncodeToString(hdr)+"."+parts[1]+"."+parts[2], http.StatusUnauthorized)
	}
}

func headerOf(t *testing.T, token string) map[string]any {
	t.Helper()
	raw, _ := base64.RawURLEncoding.DecodeString(strings.Split(token, ".")[0])
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// signWith signs claims with key under header kid, as an attacker would.
func signWith(t *testing.T, claims map[string]any, key jwk.Key, kid string, embed bool) string {
	t.Helper()
	tok := jwt.New()
	for k, v := range claims {
		if err := tok.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	hdr := jws.NewHeaders()
	_ = hdr.Set(jws.TypeKey, "at+jwt")
	_ = hdr.Set(jws.KeyIDKey, kid)
	if embed {
		pub, _ := key.PublicKey()
		_ = hdr.Set(jws.JWKKey, pub)
	}
	// jws takes the kid from the key itself when it has one.
	key, err := key.Clone()
	if err != nil {
		t.Fatal(err)
	}
	_ = key.Set(jwk.KeyIDKey, kid)
	signed, err := jwt.Sign(tok, jwt.WithKey(jwa.ES256, key, jws.WithProtectedHeaders(hdr)))
	if err != nil {
		t.Fatal(err)
	}
	return string(signed)
}

func TestUnknownKeyRefused(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("kid"))
	cl := claimsOf(t, tok.AccessToken)
	raw, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	attacker, _ := jwk.FromRaw(raw)
	kid := headerOf(t, tok.AccessToken)["kid"].(string)
	// The attacker's key under a made-up kid, under the real kid, and
	// embedded in the header.
	h.mustCall("/mcp", signWith(t, cl, attacker, "made-up", false), http.StatusUnauthorized)
	h.mustCall("/mcp", signWith(t, cl, attacker, kid, false), http.StatusUnauthorized)
	h.mustCall("/mcp", signWith(t, cl, attacker, kid, true), http.StatusUnauthorized)
	// The server's own key under a kid it does not publish.
	own, err := h.srv.SigningKeyForTest(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	h.mustCall("/mcp", signWith(t, cl, own, "made-up", false), http.StatusUnauthorized)
	// And the control: the server's own key under its kid verifies.
	h.mustCall("/mcp", signWith(t, cl, own, kid, false), http.StatusOK)
}

func TestKeyRotationKeepsOldTokens(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok1, _ := h.connect(c, uniqueEmail("rotate"))
	kid1 := headerOf(t, tok1.AccessToken)["kid"].(string)
	kid2, err := h.srv.RotateKey(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	st, body := h.refresh(c, tok1.RefreshToken, nil)
	if st != http.StatusOK {
		t.Fatalf("refresh: %d %v", st, body)
	}
	at2 := body["access_token"].(string)
	if got := headerOf(t, at2)["kid"]; got != kid2 || kid2 == kid1 {
		t.Fatalf("token after rotation signed by %v, want %s (old %s)", got, kid2, kid1)
	}
	h.mustCall("/mcp", tok1.AccessToken, http.StatusOK)
	h.mustCall("/mcp", at2, http.StatusOK)
	// A second server instance (another replica) verifies both.
	replica := h.newServer(h.url)
	for _, at := range []string{tok1.AccessToken, at2} {
		req, _ := http.NewRequest(http.MethodGet, h.url+"/mcp", nil)
		req.Header.Set("Authorization", "Bearer "+at)
		if _, err := replica.Authenticate(req); err != nil {
			t.Fatalf("replica refused a live token: %v", err)
		}
	}
	kids := func() []string {
		var set struct {
			Keys []struct {
				Kid string `json:"kid"`
				Alg string `json:"alg"`
				D   string `json:"d"`
			} `json:"keys"`
		}
		getJSON(t, h.client(), h.url+"/oauth/jwks.json", &set)
		var out []string
		for _, k := range set.Keys {
			if k.D != "" {
				t.Fatal("JWKS publishes a private key")
			}
			out = append(out, k.Kid)
		}
		return out
	}
	if k := kids(); !slices.Contains(k, kid1) || !slices.Contains(k, kid2) {
		t.Fatalf("JWKS %v lacks %s or %s", k, kid1, kid2)
	}
	// Once the old key's last token has expired, it is no longer published.
	h.clock.Advance(oauth.DefaultKeyRotation + oauth.DefaultAccessTokenTTL + time.Hour)
	if k := kids(); slices.Contains(k, kid1) {
		t.Fatalf("JWKS still publishes %s after its tokens expired", kid1)
	}
}

func TestIsolation(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	alice, bob := uniqueEmail("alice"), uniqueEmail("bob")
	aTok, aB := h.connect(c, alice)
	bTok, bB := h.connect(c, bob)
	aBody := h.mustCall("/api/v1/memories", aTok.AccessToken, http.StatusOK)
	bBody := h.mustCall("/api/v1/memories", bTok.AccessToken, http.StatusOK)
	if ownerOf(aBody) == ownerOf(bBody) {
		t.Fatal("two people, one owner")
	}
	if strings.Contains(mustJSON(aBody), string(ownerOf(bBody))) {
		t.Fatal("alice's call returned bob's memory")
	}
	// Bob's API key and consent, seen and touched from Alice's session.
	bAcct := bB.get("/account")
	created := bB.post("/account/keys", url.Values{"csrf": {bAcct.hidden().Get("csrf")}, "name": {"bob's laptop"}})
	bobKey := apiKeyIn(t, created.body)
	keys, err := h.store.APIKeys(t.Context(), ownerOf(bBody))
	if err != nil || len(keys) != 1 {
		t.Fatalf("bob's keys: %v %v", keys, err)
	}
	aAcct := aB.get("/account")
	if strings.Contains(aAcct.body, keys[0].ID) || strings.Contains(aAcct.body, "bob") {
		t.Fatal("alice's account page shows bob's key")
	}
	csrf := aAcct.hidden().Get("csrf")
	aB.post("/account/keys/revoke", url.Values{"csrf": {csrf}, "id": {keys[0].ID}})
	h.mustCall("/mcp", bobKey, http.StatusOK)
	// Alice disconnecting the client disconnects only her.
	aB.post("/account/consents/revoke", url.Values{"csrf": {csrf}, "client_id": {c.id}})
	h.mustCall("/mcp", aTok.AccessToken, http.StatusUnauthorized)
	h.mustCall("/mcp", bTok.AccessToken, http.StatusOK)
	// Alice's CSRF token is worthless in Bob's session.
	if p := bB.post("/account/consents/revoke", url.Values{"csrf": {csrf}, "client_id": {c.id}}); p.status != http.StatusForbidden {
		t.Fatalf("alice's CSRF token in bob's session: %d", p.status)
	}
	h.mustCall("/mcp", bTok.AccessToken, http.StatusOK)
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func apiKeyIn(t *testing.T, body string) string {
	t.Helper()
	k := secretPattern.FindString(body)
	if !strings.HasPrefix(k, oauth.APIKeyPrefix) {
		t.Fatalf("no API key on the page: %s", body)
	}
	return k
}

func TestAPIKeyRevokedRefused(t *testing.T) {
	h := newHarness(t)
	b := h.signedIn(uniqueEmail("apikey"))
	acct := b.get("/account")
	created := b.post("/account/keys", url.Values{"csrf": {acct.hidden().Get("csrf")}, "name": {"sdk"}})
	key := apiKeyIn(t, created.body)
	body := h.mustCall("/mcp", key, http.StatusOK)
	if body["via"] != oauth.ViaAPIKey || !slices.Equal(scopesOf(body), oauth.Scopes) {
		t.Fatalf("api key principal = %v", body)
	}
	// Shown once: the account page no longer has it.
	again := b.get("/account")
	if strings.Contains(again.body, key) {
		t.Fatal("the key is shown again")
	}
	id := regexpFind(t, again.body, `name="id" value="(key_[0-9a-f]+)"`)
	if p := b.post("/account/keys/revoke", url.Values{"csrf": {again.hidden().Get("csrf")}, "id": {id}}); p.status != http.StatusSeeOther {
		t.Fatalf("revoke key: %d", p.status)
	}
	status, _, hdr := h.call("/mcp", key)
	if status != http.StatusUnauthorized || !strings.Contains(hdr.Get("WWW-Authenticate"), `error="invalid_token"`) {
		t.Fatalf("revoked key: %d %q", status, hdr.Get("WWW-Authenticate"))
	}
}

func regexpFind(t *testing.T, s, pattern string) string {
	t.Helper()
	m := regexpMust(pattern).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("%s not found", pattern)
	}
	return m[1]
}

func TestChallenges(t *testing.T) {
	h := newHarness(t)
	meta := `resource_metadata="` + h.url + `/.well-known/oauth-protected-resource/mcp"`
	for name, tc := range map[string]struct {
		header string
		want   string
	}{
		"none":       {"", "Bearer " + meta},
		"basic":      {"Basic dXNlcjpwdw==", "Bearer " + meta + `, error="invalid_request"`},
		"garbage":    {"Bearer not-a-token", "Bearer " + meta + `, error="invalid_token"`},
		"fake key":   {"Bearer pm_live_" + strings.Repeat("0", 64), "Bearer " + meta + `, error="invalid_token"`},
		"empty auth": {"Bearer ", "Bearer " + meta + `, error="invalid_request"`},
	} {
		req, _ := http.NewRequest(http.MethodGet, h.url+"/mcp", nil)
		if tc.header != "" {
			req.Header.Set("Authorization", tc.header)
		}
		resp, err := h.client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		got := resp.Header.Get("WWW-Authenticate")
		if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %d %q, want 401 starting %q", name, resp.StatusCode, got, tc.want)
		}
	}
	// A token in the query string is never read.
	c := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("query"))
	h.mustCall("/mcp?access_token="+url.QueryEscape(tok.AccessToken), "", http.StatusUnauthorized)
}

func isOAuthError(err error, code string) bool {
	var re *oauth2.RetrieveError
	if err == nil {
		return false
	}
	if e, ok := err.(*oauth2.RetrieveError); ok {
		re = e
	}
	return re != nil && re.ErrorCode == code
}

// TestAnalystScopeOnlyByName: a client registering without a scope may
// ask for the four memory scopes, not the analyst's graph:query, which it
// must name.
func TestAnalystScopeOnlyByName(t *testing.T) {
	h := newHarness(t)
	status, resp := h.postJSON("/oauth/register", map[string]any{"client_name": "Plain", "redirect_uris": []string{loopback}, "token_endpoint_auth_method": "none"})
	if status != http.StatusCreated {
		t.Fatalf("register: %d %v", status, resp)
	}
	if got := strings.Fields(resp["scope"].(string)); slices.Contains(got, oauth.ScopeQuery) || len(got) != 4 {
		t.Errorf("a client registered without a scope may ask for %v, want the four memory scopes without %s", got, oauth.ScopeQuery)
	}
	status, resp = h.postJSON("/oauth/register", map[string]any{"client_name": "Analyst", "redirect_uris": []string{loopback}, "token_endpoint_auth_method": "none", "scope": "memory:read graph:query"})
	if status != http.StatusCreated || resp["scope"] != "memory:read graph:query" {
		t.Errorf("a client naming graph:query: %d %v", status, resp)
	}
}
