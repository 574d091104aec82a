package oauth

import (
	"encoding/json"
	"net/http"
)

// authServerMetadata serves RFC 8414 authorization-server metadata.
func (s *Server) authServerMetadata(w http.ResponseWriter, r *http.Request) {
	if !getOnly(w, r) {
		return
	}
	writeCacheableJSON(w, map[string]any{
		"issuer":                                         s.issuer,
		"authorization_endpoint":                         s.issuer + PathAuthorize,
		"token_endpoint":                                 s.issuer + PathToken,
		"registration_endpoint":                          s.issuer + PathRegister,
		"revocation_endpoint":                            s.issuer + PathRevoke,
		"jwks_uri":                                       s.issuer + PathJWKS,
		"scopes_supported":                               Scopes,
		"response_types_supported":                       []string{"code"},
		"response_modes_supported":                       []string{"query"},
		"grant_types_supported":                          []string{"authorization_code", "refresh_token"},
		"token_endpoint_auth_methods_supported":          []string{"none"},
		"revocation_endpoint_auth_methods_supported":     []string{"none"},
		"code_challenge_methods_supported":               []string{"S256"},
		"authorization_response_iss_parameter_supported": true,
		"service_documentation":                          s.issuer + PathAccount,
	})
}

// resourceMetadata serves RFC 9728 protected-resource metadata. The
// path-suffixed form describes /mcp; the bare form describes the API's
// origin. Both name this server as the authorization server.
func (s *Server) resourceMetadata(w http.ResponseWriter, r *http.Request) {
	if !getOnly(w, r) {
		return
	}
	resource := s.issuer
	if r.URL.Path == PathMCPResourceMetadata {
		resource = s.resource
	}
	writeCacheableJSON(w, map[string]any{
		"resource":                 resource,
		"authorization_servers":    []string{s.issuer},
		"scopes_supported":         Scopes,
		"bearer_methods_supported": []string{"header"},
		"resource_name":            "PersistMemory",
		"jwks_uri":                 s.issuer + PathJWKS,
	})
}

// jwks publishes the public halves of every unexpired signing key.
func (s *Server) jwks(w http.ResponseWriter, r *http.Request) {
	if !getOnly(w, r) {
		return
	}
	set, err := s.publishedKeys(r.Context())
	if err != nil {
		s.internal(w, r, "publish signing keys", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	// Short cache: a rotated key must be picked up by verifiers quickly.
	w.Header().Set("Cache-Control", "public, max-age=300")
	_ = json.NewEncoder(w).Encode(set)
}

func getOnly(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", "GET, HEAD")
	writeOAuthError(w, http.StatusMethodNotAllowed, "invalid_request", "use GET")
	return false
}

func writeCacheableJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_ = json.NewEncoder(w).Encode(v)
}
