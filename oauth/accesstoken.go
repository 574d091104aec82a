package oauth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jws"
	"github.com/lestrrat-go/jwx/v2/jwt"

	"github.com/persistmemory/persistmemory/schema"
)

// Access tokens are JWTs (RFC 9068 profile): header typ "at+jwt", alg
// ES256 and the signing key's kid; claims iss, sub (the owner), aud (the
// resource), iat, exp, jti, client_id, scope and gid, the grant the token
// was minted from, which every call checks is unrevoked.
const (
	accessTokenType = "at+jwt"
	claimClientID   = "client_id"
	claimScope      = "scope"
	claimGrant      = "gid"
	// tokenLeeway is the clock skew tolerated between replicas.
	tokenLeeway = 30 * time.Second
	// maxTokenLen bounds what is parsed at all.
	maxTokenLen = 4096
)

// accessClaims are the verified claims of an access token.
type accessClaims struct {
	Owner    schema.Owner
	ClientID string
	GrantID  string
	Audience string
	Scopes   []string
	Expiry   time.Time
	KeyID    string
}

// mintAccessToken signs an access token for grant g carrying scopes.
func (s *Server) mintAccessToken(ctx context.Context, g Grant, scopes []string) (string, time.Duration, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return "", 0, err
	}
	now := s.now()
	tok, err := jwt.NewBuilder().
		Issuer(s.issuer).
		Subject(string(g.Owner)).
		Audience([]string{g.Resource}).
		IssuedAt(now).
		NotBefore(now).
		Expiration(now.Add(s.cfg.AccessTokenTTL)).
		JwtID(randomToken(16)).
		Claim(claimClientID, g.ClientID).
		Claim(claimScope, strings.Join(scopes, " ")).
		Claim(claimGrant, g.ID).
		Build()
	if err != nil {
		return "", 0, err
	}
	hdr := jws.NewHeaders()
	if err := hdr.Set(jws.TypeKey, accessTokenType); err != nil {
		return "", 0, err
	}
	if err := hdr.Set(jws.KeyIDKey, key.rec.ID); err != nil {
		return "", 0, err
	}
	signed, err := jwt.Sign(tok, jwt.WithKey(jwa.ES256, key.priv, jws.WithProtectedHeaders(hdr)))
	if err != nil {
		return "", 0, fmt.Errorf("sign access token: %w", err)
	}
	return string(signed), s.cfg.AccessTokenTTL, nil
}

// tokenError is what every unusable access token becomes: the reason is
// for logs and tests, never for the response, which says only
// invalid_token.
type tokenError struct{ reason string }

func (e *tokenError) Error() string { return "access token refused: " + e.reason }
func (e *tokenError) Unwrap() error { return schema.ErrUnauthenticated }

func badToken(format string, args ...any) error {
	return &tokenError{reason: fmt.Sprintf(format, args...)}
}

// parseAccessToken verifies raw's signature against a published key,
// its issuer, audience, expiry and shape. It does not consult the grant.
func (s *Server) parseAccessToken(ctx context.Context, raw string) (accessClaims, error) {
	if len(raw) > maxTokenLen || strings.Count(raw, ".") != 2 {
		return accessClaims{}, badToken("not a compact JWS")
	}
	msg, err := jws.Parse([]byte(raw))
	if err != nil {
		return accessClaims{}, badToken("does not parse")
	}
	sigs := msg.Signatures()
	if len(sigs) != 1 {
		return accessClaims{}, badToken("has %d signatures", len(sigs))
	}
	h := sigs[0].ProtectedHeaders()
	if h.Algorithm() != jwa.ES256 {
		return accessClaims{}, badToken("alg is not ES256")
	}
	if h.Type() != accessTokenType {
		return accessClaims{}, badToken("typ is not %s", accessTokenType)
	}
	if h.JWK() != nil || h.JWKSetURL() != "" || h.X509URL() != "" || h.X509CertChain() != nil || len(h.Critical()) > 0 {
		return accessClaims{}, badToken("header carries its own key or critical extensions")
	}
	kid := h.KeyID()
	if kid == "" {
		return accessClaims{}, badToken("no kid")
	}
	pub, ok, err := s.verificationKey(ctx, kid)
	if err != nil {
		return accessClaims{}, err
	}
	if !ok {
		return accessClaims{}, badToken("unknown kid")
	}
	now := s.now()
	tok, err := jwt.Parse([]byte(raw),
		jwt.WithKey(jwa.ES256, pub),
		jwt.WithValidate(true),
		jwt.WithClock(jwt.ClockFunc(func() time.Time { return now })),
		jwt.WithAcceptableSkew(tokenLeeway),
		jwt.WithIssuer(s.issuer),
		jwt.WithRequiredClaim(jwt.ExpirationKey),
		jwt.WithRequiredClaim(jwt.IssuedAtKey),
		jwt.WithRequiredClaim(jwt.SubjectKey),
		jwt.WithRequiredClaim(claimGrant),
		jwt.WithRequiredClaim(claimClientID),
	)
	if err != nil {
		switch {
		case errors.Is(err, jwt.ErrTokenExpired()):
			return accessClaims{}, badToken("expired")
		case errors.Is(err, jwt.ErrInvalidIssuer()):
			return accessClaims{}, badToken("wrong issuer")
		}
		return accessClaims{}, badToken("signature or claims invalid")
	}
	aud := tok.Audience()
	if len(aud) != 1 || !s.isResource(aud[0]) {
		return accessClaims{}, badToken("audience is not this resource")
	}
	if tok.Expiration().Sub(tok.IssuedAt()) > s.cfg.AccessTokenTTL+tokenLeeway {
		return accessClaims{}, badToken("lifetime longer than this server issues")
	}
	c := accessClaims{Owner: schema.Owner(tok.Subject()), Audience: aud[0], Expiry: tok.Expiration(), KeyID: kid}
	clientID, okClient := claimString(tok, claimClientID)
	grantID, okGrant := claimString(tok, claimGrant)
	scope, okScope := claimString(tok, claimScope)
	c.ClientID, c.GrantID = clientID, grantID
	if !okClient || !okGrant || !okScope || c.Owner.Validate() != nil {
		return accessClaims{}, badToken("claims malformed")
	}
	if c.Scopes, err = ParseScopes(scope); err != nil {
		return accessClaims{}, badToken("unknown scope")
	}
	return c, nil
}

func claimString(tok jwt.Token, name string) (string, bool) {
	v, ok := tok.Get(name)
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	return s, ok
}
