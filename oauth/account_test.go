package oauth_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"golang.org/x/oauth2"

	"github.com/persistmemory/persistmemory/oauth"
	oauthneo4j "github.com/persistmemory/persistmemory/oauth/neo4j"
)

// The account page's consent controls: a signed-in person narrows what a
// connected application may do by unchecking permissions, and tokens
// already issued lose them on their very next call.

// narrowForm is the account page's narrowing form for clientID with the
// scopes to keep.
func narrowForm(acct page, clientID string, keep ...string) url.Values {
	f := url.Values{"csrf": {acct.hidden().Get("csrf")}, "client_id": {clientID}}
	for _, sc := range keep {
		f.Set("keep."+sc, "on")
	}
	return f
}

func TestAccountPageNarrowsConsent(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	email := uniqueEmail("accountnarrow")
	tok, b := h.connect(c, email, oauth2.SetAuthURLParam("scope", "memory:read memory:write"))
	h.mustCall("/api/v1/conflicts/resolve", tok.AccessToken, http.StatusOK)

	acct := b.get("/account")
	for _, sc := range []string{oauth.ScopeRead, oauth.ScopeWrite} {
		if !strings.Contains(acct.body, `name="keep.`+sc+`" value="on" checked`) {
			t.Fatalf("the account page has no checked box for %s: %s", sc, acct.body)
		}
	}
	if strings.Contains(acct.body, `name="keep.`+oauth.ScopeCapture+`"`) {
		t.Fatal("the account page offers a permission the application was never given")
	}
	if p := b.post("/account/consents/narrow", narrowForm(acct, c.id, oauth.ScopeRead)); p.status != http.StatusSeeOther || p.location != "/account" {
		t.Fatalf("narrowing: %d %q %s", p.status, p.location, p.body)
	}
	// The very next call of the older token has lost memory:write.
	status, _, hdr := h.call("/api/v1/conflicts/resolve", tok.AccessToken)
	if status != http.StatusForbidden || !strings.Contains(hdr.Get("WWW-Authenticate"), `error="insufficient_scope"`) ||
		!strings.Contains(hdr.Get("WWW-Authenticate"), `scope="memory:write"`) {
		t.Fatalf("older token after narrowing on the account page: %d %q", status, hdr.Get("WWW-Authenticate"))
	}
	if got := scopesOf(h.mustCall("/api/v1/memories", tok.AccessToken, http.StatusOK)); !slices.Equal(got, []string{oauth.ScopeRead}) {
		t.Fatalf("older token's scopes after narrowing = %v", got)
	}
	// The page shows what is left; a refresh cannot bring the rest back.
	acct = b.get("/account")
	if !strings.Contains(acct.body, `name="keep.`+oauth.ScopeRead+`"`) || strings.Contains(acct.body, `name="keep.`+oauth.ScopeWrite+`"`) {
		t.Fatalf("the account page after narrowing: %s", acct.body)
	}
	if st, body := h.refresh(c, tok.RefreshToken, nil); st != http.StatusOK || body["scope"] != oauth.ScopeRead {
		t.Fatalf("refresh after narrowing: %d %v", st, body)
	}
}

// The form only takes away: checking a permission the application does not
// hold adds nothing.
func TestAccountPageNarrowCannotWiden(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, b := h.connect(c, uniqueEmail("nowiden"), oauth2.SetAuthURLParam("scope", oauth.ScopeRead))
	acct := b.get("/account")
	if p := b.post("/account/consents/narrow", narrowForm(acct, c.id, oauth.Scopes...)); p.status != http.StatusSeeOther {
		t.Fatalf("narrowing with every box: %d", p.status)
	}
	h.mustCall("/api/v1/conflicts/resolve", tok.AccessToken, http.StatusForbidden)
	owner := ownerOf(h.mustCall("/api/v1/memories", tok.AccessToken, http.StatusOK))
	consent, err := h.store.Consent(t.Context(), owner, c.id)
	if err != nil || !slices.Equal(consent.ScopeNames(), []string{oauth.ScopeRead}) {
		t.Fatalf("consent after a widening attempt: %v %v", consent.ScopeNames(), err)
	}
	// A name that is not a permission is refused and changes nothing.
	f := narrowForm(acct, c.id)
	f.Set("keep.admin", "on")
	if p := b.post("/account/consents/narrow", f); p.status != http.StatusBadRequest {
		t.Fatalf("unknown permission: %d", p.status)
	}
	h.mustCall("/api/v1/memories", tok.AccessToken, http.StatusOK)
	// A repeated field is refused too.
	f = narrowForm(acct, c.id, oauth.ScopeRead)
	f["client_id"] = []string{c.id, "cli_other"}
	if p := b.post("/account/consents/narrow", f); p.status != http.StatusBadRequest {
		t.Fatalf("repeated client_id: %d", p.status)
	}
	h.mustCall("/api/v1/memories", tok.AccessToken, http.StatusOK)
}

func TestAccountPageNarrowNeedsCSRF(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, b := h.connect(c, uniqueEmail("narrowcsrf"), oauth2.SetAuthURLParam("scope", "memory:read memory:write"))
	acct := b.get("/account")
	f := narrowForm(acct, c.id, oauth.ScopeRead)
	f.Del("csrf")
	if p := b.post("/account/consents/narrow", f); p.status != http.StatusForbidden {
		t.Fatalf("narrowing without the CSRF token: %d", p.status)
	}
	req, _ := http.NewRequest(http.MethodPost, h.url+"/account/consents/narrow", strings.NewReader(narrowForm(acct, c.id, oauth.ScopeRead).Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if p := b.do(req); p.status != http.StatusForbidden {
		t.Fatalf("cross-site narrowing: %d", p.status)
	}
	// Signed out, the form does nothing either.
	if p := h.browser().post("/account/consents/narrow", narrowForm(acct, c.id, oauth.ScopeRead)); p.status != http.StatusUnauthorized {
		t.Fatalf("narrowing without a session: %d", p.status)
	}
	h.mustCall("/api/v1/conflicts/resolve", tok.AccessToken, http.StatusOK)
}

// Unchecking everything disconnects: the next call is 401 and the refresh
// token is dead.
func TestAccountPageNarrowToNothingDisconnects(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	tok, b := h.connect(c, uniqueEmail("narrownothing"))
	if p := b.post("/account/consents/narrow", narrowForm(b.get("/account"), c.id)); p.status != http.StatusSeeOther {
		t.Fatalf("narrowing to nothing: %d", p.status)
	}
	status, _, hdr := h.call("/mcp", tok.AccessToken)
	if status != http.StatusUnauthorized || !strings.Contains(hdr.Get("WWW-Authenticate"), `error="invalid_token"`) {
		t.Fatalf("call after unchecking everything: %d %q", status, hdr.Get("WWW-Authenticate"))
	}
	if st, body := h.refresh(c, tok.RefreshToken, nil); st != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("refresh after unchecking everything: %d %v", st, body)
	}
	if acct := b.get("/account"); strings.Contains(acct.body, c.id) {
		t.Fatal("the account page still lists the disconnected application")
	}
}

// One person narrowing an application narrows it for that person only.
func TestAccountPageNarrowIsPerPerson(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	scope := oauth2.SetAuthURLParam("scope", "memory:read memory:write")
	aTok, aB := h.connect(c, uniqueEmail("alice"), scope)
	bTok, _ := h.connect(c, uniqueEmail("bob"), scope)
	if p := aB.post("/account/consents/narrow", narrowForm(aB.get("/account"), c.id, oauth.ScopeRead)); p.status != http.StatusSeeOther {
		t.Fatalf("narrowing: %d", p.status)
	}
	h.mustCall("/api/v1/conflicts/resolve", aTok.AccessToken, http.StatusForbidden)
	h.mustCall("/api/v1/conflicts/resolve", bTok.AccessToken, http.StatusOK)
}

// TestSecretsHashedAtRest: after a full connection, a refresh and an API
// key made on the account page, none of the person's records in Neo4j
// holds a plaintext secret — the sign-in link, the session cookie, the
// code, the refresh tokens, the API key — and each is found by its hash.
func TestSecretsHashedAtRest(t *testing.T) {
	h := newHarness(t)
	c := h.register([]string{loopback}, "")
	email := uniqueEmail("atrest")
	b := h.browser()
	a := h.authorize(b, c, email)
	tok := h.mustExchange(c, a)
	st, body := h.refresh(c, tok.RefreshToken, nil)
	if st != http.StatusOK {
		t.Fatalf("refresh: %d", st)
	}
	acct := b.get("/account")
	key := apiKeyIn(t, b.post("/account/keys", url.Values{"csrf": {acct.hidden().Get("csrf")}, "name": {"sdk"}}).body)
	link, _ := url.Parse(h.lastLink(email))
	cookie := ""
	for _, ck := range b.c.Jar.Cookies(link) {
		if ck.Name == "pm_session" {
			cookie = ck.Value
		}
	}
	if cookie == "" {
		t.Fatal("no session cookie")
	}
	secrets := map[string]string{
		"sign-in link": link.Query().Get("token"), "session": cookie, "code": a.code(),
		"refresh token": tok.RefreshToken, "second refresh token": body["refresh_token"].(string), "API key": key,
	}
	owner := ownerOf(h.mustCall("/mcp", tok.AccessToken, http.StatusOK))
	st2, ok := h.store.(*oauthneo4j.Store)
	if !ok {
		t.Fatalf("store is %T", h.store)
	}
	res, err := neo4j.ExecuteQuery(t.Context(), st2.Driver, `
		MATCH (n) WHERE (n:ApiKey OR n:OAuthSession OR n:OAuthCode OR n:OAuthGrant OR n:OAuthConsent) AND n.owner = $owner RETURN n {.*} AS p
		UNION ALL MATCH (n:OAuthSignInLink {email: $email}) RETURN n {.*} AS p
		UNION ALL MATCH (g:OAuthGrant {owner: $owner}) MATCH (n:OAuthRefreshToken {grant_id: g.id}) RETURN n {.*} AS p
		UNION ALL MATCH (n:OAuthAccount {owner: $owner}) RETURN n {.*} AS p`,
		map[string]any{"owner": string(owner), "email": email}, neo4j.EagerResultTransformer, neo4j.ExecuteQueryWithDatabase(st2.Database))
	if err != nil {
		t.Fatal(err)
	}
	var stored strings.Builder
	for _, r := range res.Records {
		p, _ := r.Get("p")
		fmt.Fprintf(&stored, "%v\n", p)
	}
	if len(res.Records) < 7 {
		t.Fatalf("found %d records for the person, want at least 7", len(res.Records))
	}
	for what, plain := range secrets {
		if strings.Contains(stored.String(), plain) || strings.Contains(stored.String(), plain[len(plain)-16:]) {
			t.Errorf("the %s is stored in plain", what)
		}
		if !strings.Contains(stored.String(), oauth.HashKey(plain)) {
			t.Errorf("the %s is not stored by its hash", what)
		}
	}
}
