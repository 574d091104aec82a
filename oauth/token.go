package oauth

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net/http"
	"regexp"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// pkceVerifier is RFC 7636 §4.1's code_verifier.
var pkceVerifier = regexp.MustCompile(`^[A-Za-z0-9._~-]{43,128}$`)

// tokenResponse is RFC 6749 §5.1's.
type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token,omitempty"`
	Scope        string `json:"scope"`
}

// token is the token endpoint: authorization_code and refresh_token.
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	form, clientID, ok := s.clientForm(w, r, "token")
	if !ok {
		return
	}
	switch form["grant_type"] {
	case "authorization_code":
		s.exchangeCode(w, r, clientID, form)
	case "refresh_token":
		s.refresh(w, r, clientID, form)
	case "":
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "grant_type is required")
	default:
		writeOAuthError(w, http.StatusBadRequest, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
	}
}

// exchangeCode redeems an authorization code with its PKCE verifier.
func (s *Server) exchangeCode(w http.ResponseWriter, r *http.Request, clientID string, form map[string]string) {
	ctx := r.Context()
	code, verifier := form["code"], form["code_verifier"]
	if code == "" {
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "code is required")
		return
	}
	if verifier == "" {
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "code_verifier is required: this server requires PKCE")
		return
	}
	if !pkceVerifier.MatchString(verifier) {
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~")
		return
	}
	if !looksLike(code, codePrefix) {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the authorization code is not valid")
		return
	}
	// Redeeming first means a code is spent by any attempt, right or
	// wrong: a stolen code guessed at with wrong verifiers cannot be tried
	// again, and a replay revokes what the first exchange made.
	ac, err := s.store.RedeemAuthCode(ctx, HashKey(code), s.now())
	switch {
	case errors.Is(err, ErrReplayed):
		s.log.WarnContext(ctx, "oauth: authorization code used twice; the grant made from it is revoked", "client_id", clientID)
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the authorization code is not valid")
		return
	case errorsIsNotFound(err):
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the authorization code is not valid")
		return
	case err != nil:
		s.internal(w, r, "token: redeem code", err)
		return
	}
	if ac.ClientID != clientID {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the authorization code is not valid")
		return
	}
	if ru, given := form["redirect_uri"]; (ac.RedirectGiven || given) && ru != ac.RedirectURI {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "redirect_uri does not match the authorization request")
		return
	}
	sum := sha256.Sum256([]byte(verifier))
	if subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(ac.Challenge)) != 1 {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "code_verifier does not match the code challenge")
		return
	}
	if res, given := form["resource"]; given && res != ac.Resource {
		writeOAuthError(w, http.StatusBadRequest, "invalid_target", "resource differs from the authorization request's")
		return
	}
	now := s.now()
	g := Grant{
		ID: schema.NewID(grantPrefix), Owner: ac.Owner, ClientID: ac.ClientID, Scopes: ac.Scopes, Resource: ac.Resource,
		CodeHash: ac.Hash, ConsentVersion: ac.ConsentVersion, CreatedAt: now.UTC(),
	}
	refreshPlain, refreshHash := newSecret(refreshTokenPrefix)
	err = s.store.CreateGrant(ctx, g, RefreshToken{Hash: refreshHash, GrantID: g.ID, CreatedAt: now.UTC(), ExpiresAt: now.Add(s.cfg.RefreshTokenTTL).UTC()})
	if errors.Is(err, ErrReplayed) {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the authorization code is not valid")
		return
	}
	if err != nil {
		s.internal(w, r, "token: store grant", err)
		return
	}
	s.issueTokens(w, r, g.ID, nil, refreshPlain)
}

// refresh rotates a refresh token: the presented one is spent, a successor
// is issued, and a spent one presented again revokes the lineage.
func (s *Server) refresh(w http.ResponseWriter, r *http.Request, clientID string, form map[string]string) {
	ctx := r.Context()
	rt := form["refresh_token"]
	if rt == "" {
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "refresh_token is required")
		return
	}
	var requested []string
	if sc, given := form["scope"]; given {
		var err error
		if requested, err = ParseScopes(sc); err != nil || len(requested) == 0 {
			writeOAuthError(w, http.StatusBadRequest, "invalid_scope", "scope holds a name that is not a scope")
			return
		}
	}
	if !looksLike(rt, refreshTokenPrefix) {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the refresh token is not valid")
		return
	}
	res, resGiven := form["resource"]
	errScope := errors.New("scope escalation")
	errTarget := errors.New("resource mismatch")
	now := s.now()
	nextPlain, nextHash := newSecret(refreshTokenPrefix)
	g, err := s.store.RotateRefreshToken(ctx, HashKey(rt), clientID,
		RefreshToken{Hash: nextHash, CreatedAt: now.UTC(), ExpiresAt: now.Add(s.cfg.RefreshTokenTTL).UTC()}, now,
		func(g Grant) error {
			if !subsetOf(requested, g.Scopes) {
				return errScope
			}
			if resGiven && res != g.Resource {
				return errTarget
			}
			return nil
		})
	switch {
	case errors.Is(err, errScope):
		writeOAuthError(w, http.StatusBadRequest, "invalid_scope", "a refresh cannot add scopes the grant does not have")
		return
	case errors.Is(err, errTarget):
		writeOAuthError(w, http.StatusBadRequest, "invalid_target", "resource differs from the grant's")
		return
	case errors.Is(err, ErrReplayed):
		s.log.WarnContext(ctx, "oauth: spent refresh token presented again; its whole lineage is revoked", "client_id", clientID)
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the refresh token is not valid")
		return
	case errorsIsNotFound(err):
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the refresh token is not valid")
		return
	case err != nil:
		s.internal(w, r, "token: rotate refresh token", err)
		return
	}
	s.issueTokens(w, r, g.ID, requested, nextPlain)
}

// issueTokens mints an access token for the grant, limited to requested
// (nil: the grant's scopes) and to the live consent, and answers with it and
// the refresh token.
func (s *Server) issueTokens(w http.ResponseWriter, r *http.Request, grantID string, requested []string, refreshPlain string) {
	ctx := r.Context()
	g, consent, err := s.store.ActiveGrant(ctx, grantID)
	if errorsIsNotFound(err) {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the grant has been revoked")
		return
	}
	if err != nil {
		s.internal(w, r, "token: read grant", err)
		return
	}
	if requested == nil {
		requested = g.Scopes
	}
	scopes := effectiveScopes(requested, g, consent)
	if len(scopes) == 0 {
		writeOAuthError(w, http.StatusBadRequest, "invalid_grant", "the person has withdrawn the permissions this grant had")
		return
	}
	at, ttl, err := s.mintAccessToken(ctx, g, scopes)
	if err != nil {
		s.internal(w, r, "token: mint access token", err)
		return
	}
	writeJSON(w, http.StatusOK, tokenResponse{
		AccessToken: at, TokenType: "Bearer", ExpiresIn: int64(ttl.Seconds()), RefreshToken: refreshPlain, Scope: strings.Join(scopes, " "),
	})
}

// effectiveScopes is what a token may do now: its scopes, within its
// grant's, that the live consent still holds from no later than the grant's
// consent version. A scope removed from the consent and added back later
// does not return to tokens minted before.
func effectiveScopes(tokenScopes []string, g Grant, c Consent) []string {
	out := []string{}
	if c.Owner != g.Owner || c.ClientID != g.ClientID {
		return out
	}
	for _, sc := range intersectScopes(tokenScopes, g.Scopes) {
		if c.holds(sc, g.ConsentVersion) {
			out = append(out, sc)
		}
	}
	return out
}

// clientForm reads a token-endpoint style POST form and authenticates the
// public client it names. It answers the request itself and returns
// ok=false when either fails; op names the endpoint in internal errors.
func (s *Server) clientForm(w http.ResponseWriter, r *http.Request, op string) (map[string]string, string, bool) {
	form, oe, status := postForm(w, r)
	if oe != nil {
		writeOAuthError(w, status, oe.Code, oe.Description)
		return nil, "", false
	}
	clientID, oe := clientCredentials(r, form)
	if oe != nil {
		writeOAuthError(w, http.StatusUnauthorized, oe.Code, oe.Description)
		return nil, "", false
	}
	if _, err := s.store.Client(r.Context(), clientID); err != nil {
		if errorsIsNotFound(err) {
			writeOAuthError(w, http.StatusUnauthorized, "invalid_client", "the client is not registered")
			return nil, "", false
		}
		s.internal(w, r, op+": look up client", err)
		return nil, "", false
	}
	return form, clientID, true
}
