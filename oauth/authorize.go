package oauth

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// authRequest is a validated authorization request.
type authRequest struct {
	Client        Client
	RedirectURI   string
	RedirectGiven bool
	State         string
	Challenge     string
	Scopes        []string
	Resource      string
	ForceConsent  bool
}

// authFailure is a refused authorization request: redirected to the client
// (RFC 6749 §4.1.2.1) once the redirect URI is known to be the client's,
// shown as a page before that.
type authFailure struct {
	redirect    bool
	code        string
	description string
}

// maxStateLen bounds the state parameter we carry back.
const maxStateLen = 1024

// pkceChallenge is an S256 challenge: base64url of 32 bytes, no padding.
var pkceChallenge = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

// authParams are the authorization request's parameters; the consent form
// repeats them.
var authParams = []string{"response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "resource", "scope", "prompt"}

// parseAuthRequest validates an authorization request. It never trusts the
// redirect URI before it has matched it, exactly, against the client's
// registered ones.
func (s *Server) parseAuthRequest(r *http.Request, v url.Values) (authRequest, *authFailure, error) {
	page := func(format string, args ...any) (authRequest, *authFailure, error) {
		return authRequest{}, &authFailure{code: "invalid_request", description: fmt.Sprintf(format, args...)}, nil
	}
	if len(v["client_id"]) != 1 || v.Get("client_id") == "" {
		return page("The request does not name an application (client_id is missing or repeated).")
	}
	if len(v["redirect_uri"]) > 1 {
		return page("The request names more than one redirect address.")
	}
	c, err := s.store.Client(r.Context(), v.Get("client_id"))
	if err != nil {
		if errorsIsNotFound(err) {
			return page("The application is not registered with this server.")
		}
		return authRequest{}, nil, err
	}
	req := authRequest{Client: c}
	if ru, given := v["redirect_uri"]; given {
		if !slices.Contains(c.RedirectURIs, ru[0]) {
			return page("The redirect address is not one the application registered. You have not been sent anywhere.")
		}
		req.RedirectURI, req.RedirectGiven = ru[0], true
	} else {
		if len(c.RedirectURIs) != 1 {
			return page("The request must name its redirect address: the application registered more than one.")
		}
		req.RedirectURI = c.RedirectURIs[0]
	}
	// From here on errors go back to the client.
	fail := func(code, description string) (authRequest, *authFailure, error) {
		return req, &authFailure{redirect: true, code: code, description: description}, nil
	}
	if st := v["state"]; len(st) == 1 && len(st[0]) <= maxStateLen && printable(st[0]) {
		req.State = st[0]
	}
	for k, vs := range v {
		if len(vs) > 1 {
			return fail("invalid_request", fmt.Sprintf("parameter %s is repeated", truncate(k, 40)))
		}
	}
	if st, ok := v["state"]; ok && req.State != st[0] {
		return fail("invalid_request", fmt.Sprintf("state must be at most %d printable characters", maxStateLen))
	}
	if v.Get("response_type") != "code" {
		return fail("unsupported_response_type", "response_type must be code")
	}
	if v.Get("code_challenge") == "" {
		return fail("invalid_request", "code_challenge is required: this server requires PKCE with S256")
	}
	if v.Get("code_challenge_method") != "S256" {
		return fail("invalid_request", "code_challenge_method must be S256; plain is refused")
	}
	if !pkceChallenge.MatchString(v.Get("code_challenge")) {
		return fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier (43 characters)")
	}
	req.Challenge = v.Get("code_challenge")
	switch res := v.Get("resource"); {
	case res == "":
		return fail("invalid_target", "resource is required (RFC 8707): use "+s.resource)
	case !s.isResource(res):
		return fail("invalid_target", "resource is not served here: use "+s.resource)
	default:
		req.Resource = res
	}
	scopes := c.Scopes
	if strings.TrimSpace(v.Get("scope")) != "" {
		if scopes, err = ParseScopes(v.Get("scope")); err != nil {
			return fail("invalid_scope", "scope holds a name that is not a scope; the scopes are "+strings.Join(Scopes, " "))
		}
		if !subsetOf(scopes, c.Scopes) {
			return fail("invalid_scope", "scope asks for more than the application registered for")
		}
	}
	if len(scopes) == 0 {
		return fail("invalid_scope", "no scope requested")
	}
	req.Scopes = scopes
	switch v.Get("prompt") {
	case "", "login":
	case "consent":
		req.ForceConsent = true
	case "none":
		// Handled by the caller: no page may be shown.
	default:
		return fail("invalid_request", "prompt must be consent, login or none")
	}
	return req, nil, nil
}

// params returns the request as the parameters that recreate it.
func (a authRequest) params(prompt string) url.Values {
	v := url.Values{
		"response_type":         {"code"},
		"client_id":             {a.Client.ID},
		"code_challenge":        {a.Challenge},
		"code_challenge_method": {"S256"},
		"resource":              {a.Resource},
		"scope":                 {strings.Join(a.Scopes, " ")},
	}
	if a.RedirectGiven {
		v.Set("redirect_uri", a.RedirectURI)
	}
	if a.State != "" {
		v.Set("state", a.State)
	}
	if prompt != "" {
		v.Set("prompt", prompt)
	}
	return v
}

// authorize is the authorization endpoint. GET (or a POST without a
// decision) is a request; a POST with a decision is the consent form.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	var v url.Values
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		v = r.URL.Query()
	case http.MethodPost:
		if !sameOrigin(r, s.issuer) {
			s.errorPage(w, http.StatusForbidden, "This form was sent from another site, so it was not accepted.")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
		if err := r.ParseForm(); err != nil {
			s.errorPage(w, http.StatusBadRequest, "The form could not be read.")
			return
		}
		v = r.PostForm
	default:
		w.Header().Set("Allow", "GET, POST")
		s.errorPage(w, http.StatusMethodNotAllowed, "Use GET or POST.")
		return
	}
	decision, csrf := v.Get("decision"), v.Get("csrf")
	delete(v, "decision")
	delete(v, "csrf")
	req, failure, err := s.parseAuthRequest(r, v)
	if err != nil {
		s.internalPage(w, r, "authorize: look up client", err)
		return
	}
	if failure != nil {
		if failure.redirect {
			s.redirectError(w, r, req, failure.code, failure.description)
			return
		}
		s.errorPage(w, http.StatusBadRequest, failure.description)
		return
	}
	prompt := v.Get("prompt")
	sess, signedIn, err := s.currentSession(r)
	if err != nil {
		s.internalPage(w, r, "authorize: read session", err)
		return
	}
	if !signedIn || prompt == "login" && r.Method != http.MethodPost {
		if prompt == "none" {
			s.redirectError(w, r, req, "login_required", "the person is not signed in")
			return
		}
		s.signInPage(w, http.StatusOK, PathAuthorize+"?"+req.params("").Encode(), "")
		return
	}
	consent, err := s.store.Consent(r.Context(), sess.session.Owner, req.Client.ID)
	if err != nil && !errorsIsNotFound(err) {
		s.internalPage(w, r, "authorize: read consent", err)
		return
	}
	if r.Method == http.MethodPost && decision != "" {
		if !validCSRF(sess.plain, csrf) {
			s.errorPage(w, http.StatusForbidden, "This approval form is stale or was not sent from this server's page. Start again from the application.")
			return
		}
		switch decision {
		case "approve":
			consent, err = s.store.WidenConsent(r.Context(), sess.session.Owner, req.Client.ID, req.Scopes, s.now())
			if err != nil {
				s.internalPage(w, r, "authorize: widen consent", err)
				return
			}
			s.log.InfoContext(r.Context(), "oauth: consent approved", "owner", sess.session.Owner, "client_id", req.Client.ID, "scopes", strings.Join(req.Scopes, " "))
			s.issueCode(w, r, req, sess.session.Owner, consent)
		case "deny":
			s.redirectError(w, r, req, "access_denied", "the person declined")
		default:
			s.errorPage(w, http.StatusBadRequest, "The form's decision must be approve or deny.")
		}
		return
	}
	// Reconnecting with permissions already approved asks nothing and
	// changes nothing.
	if err == nil && !req.ForceConsent && subsetOf(req.Scopes, consent.ScopeNames()) {
		s.issueCode(w, r, req, sess.session.Owner, consent)
		return
	}
	if prompt == "none" {
		s.redirectError(w, r, req, "consent_required", "the application needs the person's approval")
		return
	}
	acct, err := s.store.Account(r.Context(), sess.session.Owner)
	if err != nil {
		s.internalPage(w, r, "authorize: read account", err)
		return
	}
	s.consentPage(w, req, acct, consent, csrfToken(sess.plain))
}

// issueCode stores a code for req and redirects to the client with it.
func (s *Server) issueCode(w http.ResponseWriter, r *http.Request, req authRequest, owner schema.Owner, consent Consent) {
	plain, hash := newSecret(codePrefix)
	now := s.now()
	err := s.store.CreateAuthCode(r.Context(), AuthCode{
		Hash: hash, ClientID: req.Client.ID, Owner: owner, RedirectURI: req.RedirectURI, RedirectGiven: req.RedirectGiven,
		Challenge: req.Challenge, Scopes: req.Scopes, Resource: req.Resource, ConsentVersion: consent.Version,
		CreatedAt: now.UTC(), ExpiresAt: now.Add(s.cfg.CodeTTL).UTC(),
	})
	if err != nil {
		s.internalPage(w, r, "authorize: store code", err)
		return
	}
	s.redirect(w, r, req, url.Values{"code": {plain}})
}

// redirectError sends an RFC 6749 §4.1.2.1 error to the client's redirect
// URI.
func (s *Server) redirectError(w http.ResponseWriter, r *http.Request, req authRequest, code, description string) {
	s.redirect(w, r, req, url.Values{"error": {code}, "error_description": {description}})
}

// redirect sends the browser to req's (verified) redirect URI with params,
// state and iss (RFC 9207) appended to its query.
func (s *Server) redirect(w http.ResponseWriter, r *http.Request, req authRequest, params url.Values) {
	if req.State != "" {
		params.Set("state", req.State)
	}
	params.Set("iss", s.issuer)
	sep := "?"
	if strings.Contains(req.RedirectURI, "?") {
		sep = "&"
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	status := http.StatusFound
	if r.Method == http.MethodPost {
		status = http.StatusSeeOther
	}
	w.Header().Set("Location", req.RedirectURI+sep+params.Encode())
	w.WriteHeader(status)
}

// csrfToken derives the consent and account forms' anti-forgery token from
// the session cookie, which another site can neither read nor guess.
func csrfToken(sessionPlain string) string {
	sum := sha256.Sum256([]byte("persistmemory csrf\x00" + sessionPlain))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func validCSRF(sessionPlain, got string) bool {
	want := csrfToken(sessionPlain)
	return got != "" && subtle.ConstantTimeCompare([]byte(want), []byte(got)) == 1
}

// sameOrigin refuses browser form posts from other sites: a cross-site
// Origin, or Sec-Fetch-Site: cross-site. Requests carrying neither (not
// from a browser) pass; the CSRF token still guards them.
func sameOrigin(r *http.Request, issuer string) bool {
	if o := r.Header.Get("Origin"); o != "" && !strings.EqualFold(o, issuer) {
		return false // "null" included
	}
	return r.Header.Get("Sec-Fetch-Site") != "cross-site"
}
