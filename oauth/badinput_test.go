package oauth_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
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
		t.Run(name, func(t *testing.T) {
			st, body := h.postForm("/oauth/token", tc.form)
			if st != tc.status || body["error"] != tc.code {
				t.Errorf("%d %v, want %d %s", st, body, tc.status, tc.code)
			}
		})
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

// Registration fields a client may not set are ignored: the server picks
// the id, issues no secret, and a client_id named in the metadata does not
// become one.
func TestRegistrationParameterInjection(t *testing.T) {
	h := newHarness(t)
	status, body := h.postJSON("/oauth/register", map[string]any{
		"redirect_uris": []string{loopback}, "client_id": "cli_chosenbyattacker", "client_secret": "s3cret",
		"client_id_issued_at": 1, "client_secret_expires_at": 0, "registration_access_token": "x",
	})
	if status != http.StatusCreated {
		t.Fatalf("register: %d %v", status, body)
	}
	if body["client_id"] == "cli_chosenbyattacker" || !strings.HasPrefix(body["client_id"].(string), "cli_") {
		t.Fatalf("client_id = %v", body["client_id"])
	}
	for _, k := range []string{"client_secret", "registration_access_token"} {
		if _, ok := body[k]; ok {
			t.Fatalf("the response carries %s", k)
		}
	}
	if body["token_endpoint_auth_method"] != "none" {
		t.Fatalf("token_endpoint_auth_method = %v", body["token_endpoint_auth_method"])
	}
	p := url.Values{"response_type": {"code"}, "client_id": {"cli_chosenbyattacker"}, "redirect_uri": {loopback}}
	if got := h.browser().get("/oauth/authorize?" + p.Encode()); got.status != http.StatusBadRequest || got.location != "" {
		t.Fatalf("the injected client id is known: %d %q", got.status, got.location)
	}
}

// Bad registration metadata stores nothing, whatever is wrong with it.
func TestRegistrationBadMetadataStoresNothing(t *testing.T) {
	h := newHarness(t)
	name := "rejected " + strings.TrimPrefix(schema.NewID("x"), "x")
	for _, extra := range []string{
		`"redirect_uris":["http://evil.example/cb"]`,
		`"redirect_uris":["` + loopback + `"],"token_endpoint_auth_method":"client_secret_post"`,
		`"redirect_uris":["` + loopback + `"],"scope":"memory:read admin"`,
		`"redirect_uris":["` + loopback + `"],"grant_types":["client_credentials"]`,
		`"redirect_uris":["` + loopback + `"],"client_uri":"javascript:alert(1)"`,
		`"redirect_uris":["` + loopback + `"],"software_id":"` + strings.Repeat("s", 201) + `"`,
		`"redirect_uris":["` + loopback + `"],"x":"` + strings.Repeat("a", 17<<10) + `"`,
	} {
		resp, err := h.client().Post(h.url+"/oauth/register", "application/json", strings.NewReader(`{"client_name":"`+name+`",`+extra+`}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%.60s…: %d, want 400", extra, resp.StatusCode)
		}
	}
	if n := h.clientsNamed(name); n != 0 {
		t.Fatalf("%d refused registrations were stored", n)
	}
}

// The sign-in form refuses anything but one plain address: no header
// injection into the mail, no second recipient, and nothing is sent.
func TestSignInEmailInjection(t *testing.T) {
	h := newHarness(t)
	b := h.browser()
	for _, email := range []string{
		"victim@example.com\r\nBcc: attacker@evil.example",
		"victim@example.com\nSubject: hi",
		"victim@example.com, attacker@evil.example",
		"victim@example.com;attacker@evil.example",
		"Attacker <attacker@evil.example>",
		`"victim@example.com"@evil.example`,
		"attacker@evil.example%0d%0aBcc:x@y.z",
		"nobody", "", strings.Repeat("a", 250) + "@example.com",
	} {
		p := b.post("/oauth/signin", url.Values{"email": {email}, "return_to": {"/account"}})
		if p.status != http.StatusBadRequest || !strings.Contains(p.body, `action="/oauth/signin"`) {
			t.Errorf("email %q: %d, want the sign-in page again with 400", email, p.status)
		}
	}
	// A repeated field is refused as a whole. (The attempts above used up
	// this address's sign-in budget, as attempts should.)
	h.clock.Advance(oauth.SignInIPEvery * oauth.SignInIPBurst)
	if p := b.post("/oauth/signin", url.Values{"email": {"victim@example.com", "attacker@evil.example"}}); p.status != http.StatusBadRequest {
		t.Errorf("repeated email: %d", p.status)
	}
	if n := h.mails(); n != 0 {
		t.Fatalf("%d messages sent for refused addresses", n)
	}
}

// Sign-in links that are not links sign nobody in and set no cookie.
func TestSignInLinkBadInput(t *testing.T) {
	h := newHarness(t)
	email := uniqueEmail("linkinput")
	b := h.browser()
	b.post("/oauth/signin", url.Values{"email": {email}, "return_to": {"/account"}})
	link, _ := url.Parse(h.lastLink(email))
	real := link.Query().Get("token")
	for name, q := range map[string]string{
		"missing":  "",
		"repeated": "token=" + url.QueryEscape(real) + "&token=" + url.QueryEscape(real),
		"cypher":   "token=" + url.QueryEscape(`pml_' OR 1=1 //`+strings.Repeat("a", 30)),
		"too long": "token=" + url.QueryEscape(real+"A"),
		"other":    "token=" + url.QueryEscape("pmr_"+real[4:]),
	} {
		if p := b.get("/oauth/signin/link?" + q); p.status != http.StatusBadRequest || strings.Contains(p.body, "Continue signing in") {
			t.Errorf("GET %s: %d", name, p.status)
		}
	}
	for name, f := range map[string]url.Values{
		"missing":  {},
		"repeated": {"token": {real, real}},
		"other":    {"token": {"pms_" + real[4:]}},
		"query":    nil,
	} {
		path := "/oauth/signin/link"
		if f == nil {
			path += "?token=" + url.QueryEscape(real) // the POST reads the body only
			f = url.Values{}
		}
		if p := b.post(path, f); p.status != http.StatusBadRequest || len(p.header.Values("Set-Cookie")) != 0 {
			t.Errorf("POST %s: %d, cookies %v", name, p.status, p.header.Values("Set-Cookie"))
		}
	}
	// None of it spent the link.
	if p := b.post("/oauth/signin/link", url.Values{"token": {real}}); p.status != http.StatusSeeOther {
		t.Fatalf("the real link after the bad ones: %d", p.status)
	}
}

// The revocation endpoint: unknown clients, repeated or misplaced
// parameters get an RFC 6749 error and revoke nothing.
func TestRevokeBadInput(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, _ := h.connect(c, uniqueEmail("revokeinput"))
	for name, tc := range map[string]struct {
		form   url.Values
		status int
		code   string
	}{
		"unknown client":  {url.Values{"token": {tok.RefreshToken}, "client_id": {"cli_00000000000000000000"}}, 401, "invalid_client"},
		"repeated token":  {url.Values{"token": {tok.RefreshToken, tok.AccessToken}, "client_id": {c.id}}, 400, "invalid_request"},
		"repeated client": {url.Values{"token": {tok.RefreshToken}, "client_id": {c.id, c.id}}, 400, "invalid_request"},
		"no token":        {url.Values{"client_id": {c.id}}, 400, "invalid_request"},
	} {
		t.Run(name, func(t *testing.T) {
			if st, body := h.postForm("/oauth/revoke", tc.form); st != tc.status || body["error"] != tc.code {
				t.Errorf("%d %v, want %d %s", st, body, tc.status, tc.code)
			}
		})
	}
	// A secret in the query string is never read.
	resp, err := h.client().Post(h.url+"/oauth/revoke?"+url.Values{"token": {tok.RefreshToken}, "client_id": {c.id}}.Encode(), "application/x-www-form-urlencoded", strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("revocation in the query string: %d", resp.StatusCode)
	}
	resp, err = h.client().Post(h.url+"/oauth/revoke", "application/json", strings.NewReader(`{"token":"`+tok.RefreshToken+`","client_id":"`+c.id+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("JSON revocation: %d", resp.StatusCode)
	}
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
	if st, _ := h.refresh(c, tok.RefreshToken, nil); st != http.StatusOK {
		t.Fatalf("refresh after the refused revocations: %d", st)
	}
}

// The account forms take ids, not queries: injected values and other
// people's ids change nothing, and a bad key name creates no key.
func TestAccountFormInjection(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, b := h.connect(c, uniqueEmail("accountinput"))
	acct := b.get("/account")
	csrf := acct.hidden().Get("csrf")
	created := b.post("/account/keys", url.Values{"csrf": {csrf}, "name": {"sdk"}})
	key := apiKeyIn(t, created.body)
	for _, id := range []string{"", "key_' OR 1=1 //", "*", ".*", `key_") RETURN k //`} {
		b.post("/account/keys/revoke", url.Values{"csrf": {csrf}, "id": {id}})
		b.post("/account/consents/revoke", url.Values{"csrf": {csrf}, "client_id": {id}})
		b.post("/account/consents/narrow", url.Values{"csrf": {csrf}, "client_id": {id}})
	}
	h.mustCall("/mcp", key, http.StatusOK)
	h.mustCall("/mcp", tok.AccessToken, http.StatusOK)
	owner := ownerOf(h.mustCall("/mcp", key, http.StatusOK))
	for _, name := range []string{"a\r\nb", "\x00", strings.Repeat("n", 101)} {
		if p := b.post("/account/keys", url.Values{"csrf": {csrf}, "name": {name}}); p.status != http.StatusBadRequest || secretPattern.MatchString(p.body) {
			t.Errorf("key name %q: %d", name, p.status)
		}
	}
	if keys, err := h.store.APIKeys(t.Context(), owner); err != nil || len(keys) != 1 {
		t.Fatalf("keys after refused names: %d %v", len(keys), err)
	}
	// The key is never echoed again, not even in an error.
	if p := b.post("/account/keys/revoke", url.Values{"csrf": {csrf}, "id": {key}}); strings.Contains(p.body, key) {
		t.Fatal("the key is echoed back")
	}
	h.mustCall("/mcp", key, http.StatusOK)
}
