package oauth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// APIKeyPrefix starts every developer API key, so secret scanners and our
// own secret refusal recognise one.
const APIKeyPrefix = "pm_live_"

// APIKey is the stored record of a developer API key: never the key itself.
type APIKey struct {
	ID        string       `json:"id"`
	Owner     schema.Owner `json:"-"`
	Name      string       `json:"name"`
	Hash      string       `json:"-"`
	Hint      string       `json:"hint"` // the last four characters
	CreatedAt time.Time    `json:"createdAt"`
	RevokedAt *time.Time   `json:"revokedAt,omitempty"`
}

// KeyStore stores API keys. Implementations are safe for concurrent use.
type KeyStore interface {
	CreateAPIKey(ctx context.Context, owner schema.Owner, k APIKey) error
	// APIKeyByHash finds a live (unrevoked) key by its hash, or returns
	// schema.ErrNotFound. It is the one lookup not scoped by owner: the hash
	// is what proves the owner.
	APIKeyByHash(ctx context.Context, hash string) (APIKey, error)
	RevokeAPIKey(ctx context.Context, owner schema.Owner, id string) error
}

// HashKey returns the stored form of a key: hex SHA-256. Keys carry 256
// random bits, so a plain hash is not guessable.
func HashKey(plaintext string) string {
	sum := sha256.Sum256([]byte(plaintext))
	return hex.EncodeToString(sum[:])
}

// NewAPIKey mints a key for owner, stores its hash, and returns the record
// and the plaintext, which is shown once and never stored.
func NewAPIKey(ctx context.Context, ks KeyStore, owner schema.Owner, name string, now time.Time) (APIKey, string, error) {
	if err := owner.Validate(); err != nil {
		return APIKey{}, "", err
	}
	if len(name) > 100 {
		return APIKey{}, "", fmt.Errorf("%w: key name is longer than 100 characters", schema.ErrInvalid)
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return APIKey{}, "", err
	}
	plain := APIKeyPrefix + hex.EncodeToString(b[:])
	k := APIKey{ID: schema.NewID(schema.PrefixAPIKey), Owner: owner, Name: name, Hash: HashKey(plain), Hint: plain[len(plain)-4:], CreatedAt: now.UTC()}
	if err := ks.CreateAPIKey(ctx, owner, k); err != nil {
		return APIKey{}, "", fmt.Errorf("store api key: %w", err)
	}
	return k, plain, nil
}

// KeyAuthenticator returns the owner an API key proves. Anything that is not
// a live key wraps schema.ErrUnauthenticated; the credential never appears in
// an error.
func KeyAuthenticator(ks KeyStore) func(ctx context.Context, credential string) (schema.Owner, error) {
	return func(ctx context.Context, credential string) (schema.Owner, error) {
		if !strings.HasPrefix(credential, APIKeyPrefix) || len(credential) != len(APIKeyPrefix)+64 {
			return "", fmt.Errorf("%w: not a PersistMemory API key", schema.ErrUnauthenticated)
		}
		k, err := ks.APIKeyByHash(ctx, HashKey(credential))
		if err != nil {
			if errorsIsNotFound(err) {
				return "", fmt.Errorf("%w: unknown or revoked API key", schema.ErrUnauthenticated)
			}
			return "", err
		}
		return k.Owner, nil
	}
}
