package oauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// How a Principal proved itself.
const (
	ViaAccessToken = "access_token"
	ViaAPIKey      = "api_key"
)

// Principal is who a request's credential proves and what it may do now.
type Principal struct {
	Owner schema.Owner
	// Scopes are the effective scopes: for an access token its scopes
	// intersected with the live consent at the moment of the call; for an
	// API key every scope.
	Scopes []string
	// ClientID is the OAuth client the token was issued to; empty for an
	// API key.
	ClientID string
	// Via is ViaAccessToken or ViaAPIKey.
	Via string
}

// Has reports whether p may use scope.
func (p Principal) Has(scope string) bool { return slices.Contains(p.Scopes, scope) }

// AuthError is a refused or missing credential. It wraps
// schema.ErrUnauthenticated. Its text never contains the credential.
type AuthError struct {
	// Code is the RFC 6750 error code: "" when no credential was sent,
	// "invalid_request" for a malformed Authorization header,
	// "invalid_token" otherwise.
	Code string
	// Description is safe to send to the client.
	Description string
	// reason is for logs and tests.
	reason string
}

func (e *AuthError) Error() string {
	if e.reason != "" {
		return "unauthenticated: " + e.reason
	}
	return "unauthenticated: " + e.Description
}

func (e *AuthError) Unwrap() error { return schema.ErrUnauthenticated }

// ScopeError is a valid credential without the scope a call needs. It wraps
// schema.ErrForbidden.
type ScopeError struct {
	Scope string
}

func (e *ScopeError) Error() string {
	return fmt.Sprintf("forbidden: this needs the %s permission (%s)", e.Scope, ScopeDescription(e.Scope))
}

func (e *ScopeError) Unwrap() error { return schema.ErrForbidden }

// RequireScope returns nil if p has scope, else a *ScopeError.
func RequireScope(p Principal, scope string) error {
	if p.Has(scope) {
		return nil
	}
	return &ScopeError{Scope: scope}
}

// Authenticate verifies the request's bearer credential: an access token
// (signature by a published key, expiry, issuer, audience = this resource,
// an unrevoked grant, and the live consent, intersected on every call) or a
// developer API key (every scope). Credentials are read from the
// Authorization header only. Errors are *AuthError (wrapping
// schema.ErrUnauthenticated), or wrap schema.ErrUnavailable when the store
// cannot be reached; WriteChallenge answers any of them.
func (s *Server) Authenticate(r *http.Request) (Principal, error) {
	hs := r.Header.Values("Authorization")
	if len(hs) == 0 {
		return Principal{}, &AuthError{Description: "no credential: send Authorization: Bearer <token>"}
	}
	if len(hs) > 1 {
		return Principal{}, &AuthError{Code: "invalid_request", Description: "more than one Authorization header"}
	}
	scheme, cred, ok := strings.Cut(hs[0], " ")
	cred = strings.TrimSpace(cred)
	if !ok || !strings.EqualFold(scheme, "Bearer") || cred == "" {
		return Principal{}, &AuthError{Code: "invalid_request", Description: "the Authorization header must be Bearer <token>"}
	}
	return s.AuthenticateCredential(r.Context(), cred)
}

// AuthenticateCredential is Authenticate for a bare bearer credential.
func (s *Server) AuthenticateCredential(ctx context.Context, credential string) (Principal, error) {
	if strings.HasPrefix(credential, APIKeyPrefix) {
		owner, err := s.apiKeys(ctx, credential)
		if err != nil {
			if errors.Is(err, schema.ErrUnauthenticated) {
				return Principal{}, &AuthError{Code: "invalid_token", Description: "the API key is not valid", reason: "unknown or revoked API key"}
			}
			return Principal{}, fmt.Errorf("check api key: %w", err)
		}
		return Principal{Owner: owner, Scopes: slices.Clone(Scopes), Via: ViaAPIKey}, nil
	}
	c, err := s.parseAccessToken(ctx, credential)
	if err != nil {
		var te *tokenError
		if errors.As(err, &te) {
			desc := "the access token is not valid"
			if te.reason == "expired" {
				desc = "the access token has expired"
			}
			return Principal{}, &AuthError{Code: "invalid_token", Description: desc, reason: te.reason}
		}
		return Principal{}, fmt.Errorf("check access token: %w", err)
	}
	g, consent, err := s.store.ActiveGrant(ctx, c.GrantID)
	if err != nil {
		if errorsIsNotFound(err) {
			return Principal{}, &AuthError{Code: "invalid_token", Description: "the access token has been revoked", reason: "grant revoked"}
		}
		return Principal{}, fmt.Errorf("check grant: %w", err)
	}
	if g.Owner != c.Owner || g.ClientID != c.ClientID || g.Resource != c.Audience {
		return Principal{}, &AuthError{Code: "invalid_token", Description: "the access token is not valid", reason: "claims disagree with the grant"}
	}
	scopes := effectiveScopes(c.Scopes, g, consent)
	if len(scopes) == 0 {
		return Principal{}, &AuthError{Code: "invalid_token", Description: "the access token has been revoked", reason: "consent withdrawn"}
	}
	return Principal{Owner: g.Owner, Scopes: scopes, ClientID: g.ClientID, Via: ViaAccessToken}, nil
}

// WriteChallenge answers a request Authenticate or RequireScope refused:
// 401 with WWW-Authenticate naming the resource metadata (and
// error="invalid_token" when a credential was sent), 403 with
// error="insufficient_scope" and the scope needed, or 503 when the
// credential could not be checked. The body is the API's error JSON and
// never contains the credential.
func (s *Server) WriteChallenge(w http.ResponseWriter, err error) {
	meta := fmt.Sprintf(`resource_metadata="%s"`, s.ResourceMetadataURL())
	var (
		ae *AuthError
		se *ScopeError
	)
	switch {
	case errors.As(err, &se):
		w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer %s, error="insufficient_scope", scope="%s", error_description="this needs the %s permission"`, meta, se.Scope, se.Scope))
		writeAPIError(w, http.StatusForbidden, "FORBIDDEN", fmt.Sprintf("this needs the %s permission (%s)", se.Scope, ScopeDescription(se.Scope)), false)
	case errors.As(err, &ae):
		h := "Bearer " + meta
		if ae.Code != "" {
			h += fmt.Sprintf(`, error="%s", error_description="%s"`, ae.Code, ae.Description)
		}
		w.Header().Set("WWW-Authenticate", h)
		writeAPIError(w, http.StatusUnauthorized, "UNAUTHENTICATED", ae.Description, false)
	case errors.Is(err, schema.ErrUnauthenticated):
		w.Header().Set("WWW-Authenticate", "Bearer "+meta+`, error="invalid_token"`)
		writeAPIError(w, http.StatusUnauthorized, "UNAUTHENTICATED", "the credential is not valid", false)
	default:
		s.log.Error("oauth: could not check a credential", "err", err)
		writeAPIError(w, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE", "could not check the credential; try again", true)
	}
}

// writeAPIError writes the API's error body.
func writeAPIError(w http.ResponseWriter, status int, code, message string, retryable bool) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"code": code, "message": message, "retryable": retryable}})
}
