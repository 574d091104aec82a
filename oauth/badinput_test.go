package oauth_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

func regexpMust(p string) *regexp.Regexp { return regexp.MustCompile(p) }

// Malformed requests get a clear RFC 6749 error and change nothing: after
// every refusal below, the code they were aimed at still works.
func TestTokenEndpointBadInput(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	b := h.browser()
	a := h.authorize(b, c, uniqueEmail("badtoken"))
	good := url.Values{"grant_type": {"authorization_code"}, "code": {a.code()}, "code_verifier": {a.verifier}, "client_id": {c.id}, "redirect_uri": {loopback}}
	with := func(k string, v ...string) url.Values {
		f := url.Values{}
		for kk, vv := range good {
			f[kk] = vv
		}
		if v == nil {
			f.Del(k)
		} else {
			f[k] = v
		}
		return f
	}
	for name, tc := range map[string]struct {
		form   url.Values
		status int
		code   string
	}{
		"repeated code":     {with("code", a.code(), a.code()), 400, "invalid_request"},
		"repeated client":   {with("client_id", c.id, "cli_other"), 400, "invalid_request"},
		"no grant type":     {with("grant_type"), 400, "invalid_request"},
		"password grant":    {with("grant_type", "password"), 400, "unsupported_grant_type"},
		"no client":         {with("client_id"), 401, "invalid_client"},
		"unknown client":    {with("client_id", "cli_00000000000000000000"), 401, "invalid_client"},
		"no verifier":       {with("code_verifier"), 400, "invalid_request"},
		"short verifier":    {with("code_verifier", "abc"), 400, "invalid_request"},
		"injected verifier": {with("code_verifier", strings.Repeat("a", 43)+"&code=x"), 400, "invalid_request"},
		"no code":           {with("code"), 400, "invalid_request"},
	} {
		st, body := h.postForm("/oauth/token", tc.form)
		if st != tc.status || body["error"] != tc.code {
			t.Errorf("%s: %d %v, want %d %s", name, st, body, tc.status, tc.code)
		}
	}
	// Not a form, not POST, parameters in the query.
	resp, err := h.client().Post(h.url+"/oauth/token", "application/json", strings.NewReader(`{"grant_type":"authorization_code"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("JSON token request: %d", resp.StatusCode)
	}
	resp, err = h.client().Get(h.url + "/oauth/token?" + good.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET token request: %d", resp.StatusCode)
	}
	resp, err = h.client().Post(h.url+"/oauth/token?"+good.Encode(), "application/x-www-form-urlencoded", strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// The query string is never read, so the request names no client.
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("token request in the query string: %d", resp.StatusCode)
	}
	// None of that spent the code.
	h.mustExchange(c, a)
}

func TestAuthorizeBadInput(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "memory:read")
	b := h.signedIn(uniqueEmail("badauth"))
	// Unknown or missing client: a page, never a redirect.
	for _, p := range []url.Values{
		func() url.Values { v := validParams(h, c); v.Set("client_id", "cli_00000000000000000000"); return v }(),
		func() url.Values { v := validParams(h, c); v.Del("client_id"); return v }(),
		func() url.Values { v := validParams(h, c); v["client_id"] = []string{c.id, c.id}; return v }(),
		func() url.Values {
			v := validParams(h, c)
			v["redirect_uri"] = []string{loopback, "https://evil.example/"}
			return v
		}(),
	} {
		if got := b.authorizeRaw(p); got.location != "" || got.status != http.StatusBadRequest {
			t.Errorf("%v: %d Location %q, want a 400 page", p, got.status, got.location)
		}
	}
	// Known client and redirect: errors go back with the state.
	for name, tc := range map[string]struct {
		edit func(url.Values)
		code string
	}{
		"token response": {func(v url.Values) { v.Set("response_type", "token") }, "unsupported_response_type"},
		"repeated scope": {func(v url.Values) { v["scope"] = []string{"memory:read", "memory:write"} }, "invalid_request"},
		"unknown scope":  {func(v url.Values) { v.Set("scope", "memory:read openid") }, "invalid_scope"},
		"unregistered":   {func(v url.Values) { v.Set("scope", "memory:write") }, "invalid_scope"},
		"bad challenge":  {func(v url.Values) { v.Set("code_challenge", "short") }, "invalid_request"},
		"bad prompt":     {func(v url.Values) { v.Set("prompt", "select_account") }, "invalid_request"},
	} {
		t.Run(name, func(t *testing.T) {
			p := validParams(h, c)
			tc.edit(p)
			expectRedirectError(t, b.authorizeRaw(p), c, tc.code)
		})
	}
	// A state full of control characters is refused rather than echoed.
	p := validParams(h, c)
	p.Set("state", "a\r\nSet-Cookie: x=y")
	got := b.authorizeRaw(p)
	q := redirectQuery(t, got.location, loopback)
	if q.Get("error") != "invalid_request" || q.Has("state") {
		t.Errorf("control-character state: %v", q)
	}
	// The consent form's hidden fields are re-validated on POST.
	consent := b.authorizeRaw(validParams(h, c))
	form := consent.hidden()
	form.Set("decision", "approve")
	form.Set("scope", "memory:read memory:write")
	expectRedirectError(t, b.post("/oauth/authorize", form), c, "invalid_scope")
	form = consent.hidden()
	form.Set("decision", "approve")
	form.Set("redirect_uri", "https://evil.example/cb")
	if got := b.post("/oauth/authorize", form); got.location != "" {
		t.Errorf("consent form with another redirect_uri redirected to %q", got.location)
	}
}

func TestRevokeEndpoint(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	other := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("revoke"))
	// Another client cannot revoke it; unknown tokens are fine.
	for _, f := range []url.Values{
		{"token": {tok.RefreshToken}, "client_id": {other.id}},
		{"token": {tok.AccessToken}, "client_id": {other.id}},
		{"token": {"pmr_" + strings.Repeat("A", 43)}, "client_id": {c.id}},
		{"token": {"garbage"}, "client_id": {c.id}},
	} {
		if st, _ := h.postForm("/oauth/revoke", f); st != http.StatusOK {
			t.Errorf("revoke %v: %d", f.Get("client_id"), st)
		}
	}
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
	if st, body := h.postForm("/oauth/revoke", url.Values{"token": {tok.AccessToken}}); st != http.StatusUnauthorized || body["error"] != "invalid_client" {
		t.Errorf("revoke without client: %d %v", st, body)
	}
	// Revoking the access token ends the grant behind it.
	if st, _ := h.postForm("/oauth/revoke", url.Values{"token": {tok.AccessToken}, "client_id": {c.id}}); st != http.StatusOK {
		t.Fatalf("revoke access token: %d", st)
	}
	h.mustCall("/mcp", tok.AccessToken, http.StatusUnauthorized)
	if st, _ := h.refresh(c, tok.RefreshToken, nil); st != http.StatusBadRequest {
		t.Fatalf("refresh after revoking the access token: %d", st)
	}
}
