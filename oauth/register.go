package oauth

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/schema"
)

// Registration limits.
const (
	maxRegistrationBytes = 16 << 10
	maxRedirectURIs      = 10
	maxURILen            = 2000
	maxClientNameRunes   = 100
	maxSoftwareLen       = 200
)

// registration is the RFC 7591 client metadata this server reads; other
// fields are ignored, as §2 requires.
type registration struct {
	RedirectURIs            []string `json:"redirect_uris"`
	ClientName              string   `json:"client_name"`
	ClientURI               string   `json:"client_uri"`
	TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method"`
	GrantTypes              []string `json:"grant_types"`
	ResponseTypes           []string `json:"response_types"`
	Scope                   string   `json:"scope"`
	SoftwareID              string   `json:"software_id"`
	SoftwareVersion         string   `json:"software_version"`
}

// registrationResponse is the RFC 7591 §3.2.1 response.
type registrationResponse struct {
	ClientID                string   `json:"client_id"`
	ClientIDIssuedAt        int64    `json:"client_id_issued_at"`
	ClientName              string   `json:"client_name,omitempty"`
	ClientURI               string   `json:"client_uri,omitempty"`
	RedirectURIs            []string `json:"redirect_uris"`
	GrantTypes              []string `json:"grant_types"`
	ResponseTypes           []string `json:"response_types"`
	TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method"`
	Scope                   string   `json:"scope"`
	SoftwareID              string   `json:"software_id,omitempty"`
	SoftwareVersion         string   `json:"software_version,omitempty"`
}

// register handles RFC 7591 dynamic client registration for public
// clients.
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeOAuthError(w, http.StatusMethodNotAllowed, "invalid_request", "use POST")
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeOAuthError(w, http.StatusBadRequest, "invalid_client_metadata", "the body must be application/json")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxRegistrationBytes)
	var req registration
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(&req); err != nil {
		writeOAuthError(w, http.StatusBadRequest, "invalid_client_metadata", "the body is not a JSON client metadata object of at most 16 KiB")
		return
	}
	if dec.More() {
		writeOAuthError(w, http.StatusBadRequest, "invalid_client_metadata", "the body has data after the JSON object")
		return
	}
	c, code, err := s.validateRegistration(req)
	if err != nil {
		writeOAuthError(w, http.StatusBadRequest, code, err.Error())
		return
	}
	if err := s.store.CreateClient(r.Context(), c); err != nil {
		s.internal(w, r, "store client", err)
		return
	}
	s.log.InfoContext(r.Context(), "oauth: client registered", "client_id", c.ID)
	grantTypes := req.GrantTypes
	if len(grantTypes) == 0 {
		grantTypes = []string{"authorization_code", "refresh_token"}
	}
	writeJSON(w, http.StatusCreated, registrationResponse{
		ClientID: c.ID, ClientIDIssuedAt: c.CreatedAt.Unix(), ClientName: c.Name, ClientURI: c.ClientURI,
		RedirectURIs: c.RedirectURIs, GrantTypes: grantTypes, ResponseTypes: []string{"code"},
		TokenEndpointAuthMethod: "none", Scope: strings.Join(c.Scopes, " "),
		SoftwareID: c.SoftwareID, SoftwareVersion: c.SoftwareVersion,
	})
}

// validateRegistration turns metadata into a Client, or says what is wrong
// with the RFC 7591 error code to use. Messages never echo a value.
func (s *Server) validateRegistration(req registration) (Client, string, error) {
	bad := func(code, format string, args ...any) (Client, string, error) {
		return Client{}, code, fmt.Errorf(format, args...)
	}
	if len(req.RedirectURIs) == 0 {
		return bad("invalid_redirect_uri", "redirect_uris is required")
	}
	if len(req.RedirectURIs) > maxRedirectURIs {
		return bad("invalid_redirect_uri", "at most %d redirect_uris", maxRedirectURIs)
	}
	for i, u := range req.RedirectURIs {
		if err := validateRedirectURI(u); err != nil {
			return bad("invalid_redirect_uri", "redirect_uris[%d]: %v", i, err)
		}
	}
	switch req.TokenEndpointAuthMethod {
	case "", "none":
	default:
		return bad("invalid_client_metadata", "token_endpoint_auth_method must be none: this server registers public clients, which prove themselves with PKCE")
	}
	for _, g := range req.GrantTypes {
		if g != "authorization_code" && g != "refresh_token" {
			return bad("invalid_client_metadata", "grant_types may hold only authorization_code and refresh_token")
		}
	}
	if len(req.GrantTypes) > 0 && !slices.Contains(req.GrantTypes, "authorization_code") {
		return bad("invalid_client_metadata", "grant_types must include authorization_code")
	}
	for _, t := range req.ResponseTypes {
		if t != "code" {
			return bad("invalid_client_metadata", "response_types may hold only code")
		}
	}
	scopes := DefaultScopes
	if strings.TrimSpace(req.Scope) != "" {
		var err error
		if scopes, err = ParseScopes(req.Scope); err != nil {
			return bad("invalid_client_metadata", "scope holds a name that is not a scope; the scopes are %s", strings.Join(Scopes, " "))
		}
	}
	name := strings.TrimSpace(req.ClientName)
	if !printable(name) || utf8.RuneCountInString(name) > maxClientNameRunes {
		return bad("invalid_client_metadata", "client_name must be at most %d printable characters", maxClientNameRunes)
	}
	if req.ClientURI != "" {
		u, err := url.Parse(req.ClientURI)
		if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || len(req.ClientURI) > maxURILen || !printable(req.ClientURI) {
			return bad("invalid_client_metadata", "client_uri must be an https URL")
		}
	}
	for _, v := range []string{req.SoftwareID, req.SoftwareVersion} {
		if len(v) > maxSoftwareLen || !printable(v) {
			return bad("invalid_client_metadata", "software_id and software_version must be at most %d printable characters", maxSoftwareLen)
		}
	}
	return Client{
		ID:   schema.NewID(clientIDPrefix),
		Name: name, RedirectURIs: slices.Clone(req.RedirectURIs), Scopes: scopes, ClientURI: req.ClientURI,
		SoftwareID: req.SoftwareID, SoftwareVersion: req.SoftwareVersion, CreatedAt: s.now().UTC(),
	}, "", nil
}

// validateRedirectURI accepts an absolute https URI, or http on a loopback
// host, with no fragment or user information.
func validateRedirectURI(raw string) error {
	if raw == "" || len(raw) > maxURILen {
		return fmt.Errorf("must be 1 to %d characters", maxURILen)
	}
	if !printable(raw) || strings.ContainsAny(raw, " \\") {
		return fmt.Errorf("contains spaces, backslashes or control characters")
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" {
		return fmt.Errorf("is not an absolute URI")
	}
	if u.Fragment != "" || strings.Contains(raw, "#") {
		return fmt.Errorf("must not have a fragment")
	}
	if u.User != nil {
		return fmt.Errorf("must not carry user information")
	}
	if u.Hostname() == "" {
		return fmt.Errorf("has no host")
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && isLoopbackHost(u.Hostname()):
	default:
		return fmt.Errorf("must use https, or http on a loopback host (127.0.0.1, [::1] or localhost)")
	}
	return nil
}

// printable reports whether s is valid UTF-8 without control characters.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r) {
			return false
		}
	}
	return true
}
