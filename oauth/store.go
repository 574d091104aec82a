package oauth

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// ErrReplayed marks a single-use credential presented again: an
// authorization code used twice or a spent refresh token. The store has
// already revoked what the credential led to when it returns it. It wraps
// schema.ErrConflict.
var ErrReplayed = fmt.Errorf("%w: credential replayed", schema.ErrConflict)

// Store is everything the authorization server keeps: clients, accounts,
// sign-in links and sessions, consents, authorization codes, grants (refresh
// token lineages) and signing keys, plus the developer API keys of KeyStore.
// Secrets (codes, tokens, links, sessions, keys) reach it only as hashes
// (HashKey); signing keys' private halves arrive sealed when the server has
// a key-encryption key.
//
// Implementations are safe for concurrent use, and every method that both
// reads and changes a record does so atomically: two redemptions of one
// code, one link or one refresh token racing each other must see one
// winner. Methods return errors wrapping schema.ErrNotFound,
// schema.ErrConflict, schema.ErrInvalid or schema.ErrUnavailable, or
// ErrReplayed where documented. oauth/oauthtest holds the conformance suite;
// oauth/neo4j implements it over Neo4j.
type Store interface {
	KeyStore
	// APIKeys lists owner's API keys, revoked ones included, newest first.
	APIKeys(ctx context.Context, owner schema.Owner) ([]APIKey, error)

	// CreateClient stores a newly registered client.
	CreateClient(ctx context.Context, c Client) error
	// Client returns the client with id, or schema.ErrNotFound.
	Client(ctx context.Context, id string) (Client, error)

	// AccountForEmail returns the account of email (already normalized),
	// creating it with owner and now when there is none. The same email
	// always yields the same owner.
	AccountForEmail(ctx context.Context, email string, owner schema.Owner, now time.Time) (Account, error)
	// Account returns owner's account, or schema.ErrNotFound.
	Account(ctx context.Context, owner schema.Owner) (Account, error)

	// CreateSignInLink stores a sign-in link by the hash of its token.
	CreateSignInLink(ctx context.Context, l SignInLink) error
	// SignInLink returns the unused, unexpired link with hash without
	// spending it, or schema.ErrNotFound.
	SignInLink(ctx context.Context, hash string, now time.Time) (SignInLink, error)
	// RedeemSignInLink marks the link used and returns it. A link that is
	// unknown, already used or expired at now is schema.ErrNotFound.
	RedeemSignInLink(ctx context.Context, hash string, now time.Time) (SignInLink, error)
	// CreateSession stores a signed-in browser session by its cookie's hash.
	CreateSession(ctx context.Context, s Session) error
	// Session returns the session with hash, or schema.ErrNotFound when it
	// is unknown, ended or expired at now.
	Session(ctx context.Context, hash string, now time.Time) (Session, error)
	// DeleteSession ends a session; ending an unknown one is not an error.
	DeleteSession(ctx context.Context, hash string) error

	// Consent returns the live consent of owner for clientID, or
	// schema.ErrNotFound when owner never approved the client.
	Consent(ctx context.Context, owner schema.Owner, clientID string) (Consent, error)
	// Consents lists owner's consents that still hold a scope, by client id.
	Consents(ctx context.Context, owner schema.Owner) ([]Consent, error)
	// WidenConsent adds scopes to the consent of owner for clientID,
	// creating it if needed, and returns the result. Scopes already held
	// keep their version; when any scope is new the consent's version goes
	// up by one and the new scopes carry it. Nothing is ever removed.
	WidenConsent(ctx context.Context, owner schema.Owner, clientID string, scopes []string, now time.Time) (Consent, error)
	// NarrowConsent keeps only the scopes of keep that the consent holds,
	// or schema.ErrNotFound when there is no consent.
	NarrowConsent(ctx context.Context, owner schema.Owner, clientID string, keep []string, now time.Time) (Consent, error)
	// RevokeConsent drops every scope of the consent and revokes every
	// grant of owner to clientID, or schema.ErrNotFound when there is no
	// consent.
	RevokeConsent(ctx context.Context, owner schema.Owner, clientID string, now time.Time) error

	// CreateAuthCode stores an authorization code by its hash.
	CreateAuthCode(ctx context.Context, c AuthCode) error
	// RedeemAuthCode marks the code used and returns it. An unknown or
	// expired code is schema.ErrNotFound. A code used before is
	// ErrReplayed, and every grant made from it is revoked first.
	RedeemAuthCode(ctx context.Context, hash string, now time.Time) (AuthCode, error)

	// CreateGrant stores a grant made from the code g.CodeHash with its
	// first refresh token. It fails with ErrReplayed, storing nothing, when
	// that code has been replayed meanwhile.
	CreateGrant(ctx context.Context, g Grant, first RefreshToken) error
	// RotateRefreshToken spends the refresh token with hash and stores next
	// as its successor in the same grant, returning the grant. A token that
	// is unknown, expired at now, of a revoked grant, or issued to another
	// client than clientID is schema.ErrNotFound and changes nothing. A
	// token already spent is ErrReplayed, and the whole grant — the
	// successor included — is revoked first. Otherwise check, if not nil,
	// sees the grant before anything changes; its error is returned as is
	// and nothing changes. check may run more than once.
	RotateRefreshToken(ctx context.Context, hash, clientID string, next RefreshToken, now time.Time, check func(Grant) error) (Grant, error)
	// RevokeRefreshToken revokes the grant of the refresh token with hash,
	// spent or not, if it was issued to clientID. It reports whether a
	// grant was revoked; an unknown token is not an error.
	RevokeRefreshToken(ctx context.Context, hash, clientID string, now time.Time) (bool, error)
	// ActiveGrant returns the unrevoked grant with id and the live consent
	// of its owner for its client (the zero Consent if there is none), or
	// schema.ErrNotFound. It is the lookup behind every authenticated call.
	ActiveGrant(ctx context.Context, id string) (Grant, Consent, error)
	// RevokeGrant revokes the grant with id; revoking one already revoked
	// is not an error, an unknown one is schema.ErrNotFound.
	RevokeGrant(ctx context.Context, id string, now time.Time) error

	// CreateSigningKey stores a new signing key.
	CreateSigningKey(ctx context.Context, k SigningKey) error
	// SigningKeys returns the keys not yet expired at now, newest first.
	SigningKeys(ctx context.Context, now time.Time) ([]SigningKey, error)

	// DeleteExpired removes codes, links, sessions, refresh tokens and
	// signing keys that expired before now, and grants with no refresh
	// token left. Consents, accounts, clients and API keys stay.
	DeleteExpired(ctx context.Context, now time.Time) error
}

// Client is an application registered through dynamic client registration
// (RFC 7591). Every client is public: it has no secret and proves itself
// with PKCE.
type Client struct {
	ID   string
	Name string
	// RedirectURIs are matched exactly, character for character.
	RedirectURIs []string
	// Scopes are what the client may ask for.
	Scopes          []string
	ClientURI       string
	SoftwareID      string
	SoftwareVersion string
	CreatedAt       time.Time
}

// Account is a person who signs in by email link. The same email always
// maps to the same owner, so reconnecting reaches the same archive.
type Account struct {
	Owner     schema.Owner
	Email     string
	CreatedAt time.Time
}

// SignInLink is a pending email sign-in, stored by the hash of the token in
// the link. It is single use and short-lived.
type SignInLink struct {
	Hash  string
	Email string
	// ReturnTo is the local path the browser continues to once signed in.
	ReturnTo  string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Session is a signed-in browser, stored by the hash of its cookie.
type Session struct {
	Hash      string
	Owner     schema.Owner
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Consent is the live record of what a person has approved one client to
// do. It is widened on approval and never replaced; every authenticated
// call intersects its token with it.
type Consent struct {
	Owner    schema.Owner
	ClientID string
	// Version counts the widenings that added a scope.
	Version int64
	// Scopes are the approved scopes with the version that added each.
	Scopes    []ConsentScope
	CreatedAt time.Time
	UpdatedAt time.Time
}

// ConsentScope is one approved scope of a Consent.
type ConsentScope struct {
	Scope     string
	Version   int64
	GrantedAt time.Time
}

// ScopeNames returns the consent's scopes in Scopes order.
func (c Consent) ScopeNames() []string {
	var names []string
	for _, s := range c.Scopes {
		names = append(names, s.Scope)
	}
	return normalizeScopes(names)
}

// holds reports whether the consent holds scope, added at or before
// version.
func (c Consent) holds(scope string, version int64) bool {
	i := slices.IndexFunc(c.Scopes, func(s ConsentScope) bool { return s.Scope == scope })
	return i >= 0 && c.Scopes[i].Version <= version
}

// AuthCode is an issued authorization code, stored by its hash.
type AuthCode struct {
	Hash     string
	ClientID string
	Owner    schema.Owner
	// RedirectURI is the redirect the code was sent to; RedirectGiven says
	// whether the authorization request named it (and the token request
	// must then repeat it).
	RedirectURI   string
	RedirectGiven bool
	// Challenge is the PKCE S256 code challenge.
	Challenge string
	Scopes    []string
	Resource  string
	// ConsentVersion is the version of the consent the code was issued
	// under.
	ConsentVersion int64
	CreatedAt      time.Time
	ExpiresAt      time.Time
}

// Grant is what one code exchange created: a lineage of refresh tokens and
// the access tokens minted from them. Revoking it ends all of them.
type Grant struct {
	ID       string
	Owner    schema.Owner
	ClientID string
	Scopes   []string
	Resource string
	// CodeHash names the code the grant was made from.
	CodeHash string
	// ConsentVersion is the consent version the grant was made under: a
	// scope the consent added later (or removed and added back) does not
	// count for it.
	ConsentVersion int64
	CreatedAt      time.Time
	RevokedAt      *time.Time
}

// RefreshToken is one link of a grant's lineage, stored by its hash.
type RefreshToken struct {
	Hash      string
	GrantID   string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// SigningKey is an ES256 key for access tokens. A key signs until RetireAt
// and is published in the JWKS until ExpiresAt, by when every token it
// signed has expired.
type SigningKey struct {
	// ID is the JWS kid.
	ID string
	// Private is the PKCS #8 private key, sealed with AES-256-GCM when
	// Encrypted.
	Private   []byte
	Encrypted bool
	// Public is the public JWK, JSON.
	Public    []byte
	CreatedAt time.Time
	RetireAt  time.Time
	ExpiresAt time.Time
}
