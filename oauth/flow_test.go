package oauth_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/persistmemory/persistmemory/oauth"
)

// TestFullFlow walks what an MCP client does, with golang.org/x/oauth2 as
// the client: a 401 names the resource metadata, which names the
// authorization server, whose metadata names the endpoints; the client
// registers, the person signs in by email link and approves, the client
// exchanges the code with its PKCE verifier, calls, refreshes, revokes,
// and its next call is refused.
func TestFullFlow(t *testing.T) {
	h := newHarness(t)
	hc := h.client()

	// 1. Discovery from the challenge.
	resp, err := hc.Get(h.url + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("unauthenticated /mcp: %d", resp.StatusCode)
	}
	challenge := resp.Header.Get("WWW-Authenticate")
	m := regexp.MustCompile(`^Bearer resource_metadata="([^"]+)"$`).FindStringSubmatch(challenge)
	if m == nil {
		t.Fatalf("WWW-Authenticate = %q, want Bearer resource_metadata=\"…\" and no error for a missing credential", challenge)
	}
	if m[1] != h.url+"/.well-known/oauth-protected-resource/mcp" {
		t.Fatalf("resource_metadata = %q", m[1])
	}
	var prm struct {
		Resource             string   `json:"resource"`
		AuthorizationServers []string `json:"authorization_servers"`
		ScopesSupported      []string `json:"scopes_supported"`
	}
	getJSON(t, hc, m[1], &prm)
	if prm.Resource != h.resource() || len(prm.AuthorizationServers) != 1 || !slices.Equal(prm.ScopesSupported, oauth.Scopes) {
		t.Fatalf("protected resource metadata = %+v", prm)
	}
	var asm struct {
		Issuer                        string   `json:"issuer"`
		AuthorizationEndpoint         string   `json:"authorization_endpoint"`
		TokenEndpoint                 string   `json:"token_endpoint"`
		RegistrationEndpoint          string   `json:"registration_endpoint"`
		RevocationEndpoint            string   `json:"revocation_endpoint"`
		JWKSURI                       string   `json:"jwks_uri"`
		CodeChallengeMethodsSupported []string `json:"code_challenge_methods_supported"`
	}
	getJSON(t, hc, prm.AuthorizationServers[0]+"/.well-known/oauth-authorization-server", &asm)
	if asm.Issuer != prm.AuthorizationServers[0] || !slices.Equal(asm.CodeChallengeMethodsSupported, []string{"S256"}) {
		t.Fatalf("authorization server metadata = %+v", asm)
	}

	// 2. Dynamic registration.
	regBody := `{"client_name":"Flow Test","redirect_uris":["` + loopback + `"],"token_endpoint_auth_method":"none","grant_types":["authorization_code","refresh_token"],"response_types":["code"]}`
	resp, err = hc.Post(asm.RegistrationEndpoint, "application/json", strings.NewReader(regBody))
	if err != nil {
		t.Fatal(err)
	}
	var reg struct {
		ClientID string `json:"client_id"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&reg)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || reg.ClientID == "" {
		t.Fatalf("registration: %d %+v", resp.StatusCode, reg)
	}
	conf := &oauth2.Config{
		ClientID:    reg.ClientID,
		Endpoint:    oauth2.Endpoint{AuthURL: asm.AuthorizationEndpoint, TokenURL: asm.TokenEndpoint, AuthStyle: oauth2.AuthStyleInParams},
		RedirectURL: loopback,
		Scopes:      []string{oauth.ScopeRead, oauth.ScopeCapture},
	}

	// 3. Authorization: sign-in by the mailed link, then consent.
	b := h.browser()
	verifier := oauth2.GenerateVerifier()
	authURL := conf.AuthCodeURL("xyz-state", oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("resource", prm.Resource))
	p := b.get(authURL)
	consent := b.signIn(p, "Flow.Person@Example.com")
	if consent.status != http.StatusOK || !strings.Contains(consent.body, "Flow Test") {
		t.Fatalf("consent page: %d %s", consent.status, consent.body)
	}
	for _, sc := range conf.Scopes {
		if !strings.Contains(consent.body, oauth.ScopeDescription(sc)) {
			t.Errorf("consent page does not say %q", oauth.ScopeDescription(sc))
		}
	}
	if strings.Contains(consent.body, oauth.ScopeDescription(oauth.ScopeWrite)) {
		t.Error("consent page names a permission that was not asked for")
	}
	if got := consent.header.Get("X-Frame-Options"); got != "DENY" {
		t.Errorf("consent page X-Frame-Options = %q", got)
	}
	redirect := b.approve(consent)
	if redirect.status != http.StatusSeeOther {
		t.Fatalf("approval: %d %s", redirect.status, redirect.body)
	}
	q := redirectQuery(t, redirect.location, loopback)
	if q.Get("state") != "xyz-state" || q.Get("iss") != h.url || q.Get("code") == "" {
		t.Fatalf("redirect query = %v", q)
	}

	// 4. Token exchange with the PKCE verifier.
	ctx := context.WithValue(context.Background(), oauth2.HTTPClient, hc)
	tok, err := conf.Exchange(ctx, q.Get("code"), oauth2.VerifierOption(verifier), oauth2.SetAuthURLParam("resource", prm.Resource))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	if tok.TokenType != "Bearer" || tok.RefreshToken == "" || tok.Expiry.IsZero() {
		t.Fatalf("token = %+v", tok)
	}
	if got := tok.Extra("scope"); got != "memory:read memory:capture" {
		t.Fatalf("granted scope = %v", got)
	}

	// 5. The protected call.
	resp, err = conf.Client(ctx, tok).Get(h.url + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	var who map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&who)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || who["client_id"] != reg.ClientID || who["via"] != oauth.ViaAccessToken {
		t.Fatalf("protected call: %d %v", resp.StatusCode, who)
	}
	if !slices.Equal(scopesOf(who), conf.Scopes) {
		t.Fatalf("principal scopes = %v", scopesOf(who))
	}
	owner := ownerOf(who)
	acct, err := h.store.Account(t.Context(), owner)
	if err != nil || acct.Email != "flow.person@example.com" {
		t.Fatalf("account of %s = %+v, %v", owner, acct, err)
	}

	// 6. Refresh: the token source refreshes an expired token.
	old := *tok
	old.Expiry = time.Now().Add(-time.Minute)
	fresh, err := conf.TokenSource(ctx, &old).Token()
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	if fresh.AccessToken == tok.AccessToken || fresh.RefreshToken == tok.RefreshToken || fresh.RefreshToken == "" {
		t.Fatal("refresh did not rotate both tokens")
	}
	if body := h.mustCall("/mcp", fresh.AccessToken, http.StatusOK); ownerOf(body) != owner {
		t.Fatalf("refreshed token serves %s, want %s", ownerOf(body), owner)
	}

	// 7. Revoke (RFC 7009) and the next call is refused.
	status, _ := h.postForm("/oauth/revoke", url.Values{"token": {fresh.RefreshToken}, "token_type_hint": {"refresh_token"}, "client_id": {reg.ClientID}})
	if status != http.StatusOK {
		t.Fatalf("revoke: %d", status)
	}
	status, _, hdr := h.call("/mcp", fresh.AccessToken)
	if status != http.StatusUnauthorized || !strings.Contains(hdr.Get("WWW-Authenticate"), `error="invalid_token"`) ||
		!strings.Contains(hdr.Get("WWW-Authenticate"), `resource_metadata="`+h.url+`/.well-known/oauth-protected-resource/mcp"`) {
		t.Fatalf("call after revocation: %d %q", status, hdr.Get("WWW-Authenticate"))
	}
	if st, body := h.refresh(registered{id: reg.ClientID}, fresh.RefreshToken, nil); st != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Fatalf("refresh after revocation: %d %v", st, body)
	}
}

func getJSON(t *testing.T, c *http.Client, u string, v any) {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", u, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
}
