package oauth

import (
	"context"

	"github.com/lestrrat-go/jwx/v2/jwk"
)

// Test hooks for the external tests in this directory: they let attack
// tests forge tokens with the server's own key, which no endpoint does.

// MintAccessTokenForTest signs an access token for g with scopes.
func (s *Server) MintAccessTokenForTest(ctx context.Context, g Grant, scopes []string) (string, error) {
	tok, _, err := s.mintAccessToken(ctx, g, scopes)
	return tok, err
}

// SigningKeyForTest returns the current private signing key.
func (s *Server) SigningKeyForTest(ctx context.Context) (jwk.Key, error) {
	k, err := s.signingKey(ctx)
	return k.priv, err
}
