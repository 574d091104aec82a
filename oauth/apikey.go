package oauth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
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

// maxCachedKeys bounds the verified-key cache; past it, expired entries
// are swept and, if it is still full, the cache starts over.
const maxCachedKeys = 10000

// keyCache remembers, for a short while, which owner a verified API key
// proves, keyed by the key's hash (never the key), so a busy client does
// not cost a store read per request. Only live keys are cached: an
// unknown or revoked key is asked of the store every time, and a new key
// works at once. Safe for concurrent use.
type keyCache struct {
	ttl time.Duration
	now func() time.Time

	mu sync.Mutex
	m  map[string]cachedKey
	// gen counts revocations through forget: a store read that started
	// before one is not cached, so a key read just before its revocation
	// is not trusted after it.
	gen uint64
}

type cachedKey struct {
	id    string
	owner schema.Owner
	until time.Time
}

// newKeyCache returns a cache whose entries last ttl; with a ttl of zero or
// less it caches nothing.
func newKeyCache(ttl time.Duration, now func() time.Time) *keyCache {
	return &keyCache{ttl: ttl, now: now, m: map[string]cachedKey{}}
}

// authenticator is KeyAuthenticator(ks) answering from the cache while an
// entry is fresh.
func (c *keyCache) authenticator(ks KeyStore) func(ctx context.Context, credential string) (schema.Owner, error) {
	if c.ttl <= 0 {
		return KeyAuthenticator(ks)
	}
	return func(ctx context.Context, credential string) (schema.Owner, error) {
		if !strings.HasPrefix(credential, APIKeyPrefix) || len(credential) != len(APIKeyPrefix)+64 {
			return "", fmt.Errorf("%w: not a PersistMemory API key", schema.ErrUnauthenticated)
		}
		hash := HashKey(credential)
		now := c.now()
		c.mu.Lock()
		e, ok := c.m[hash]
		gen := c.gen
		c.mu.Unlock()
		if ok && now.Before(e.until) {
			return e.owner, nil
		}
		k, err := ks.APIKeyByHash(ctx, hash)
		if err != nil {
			if ok {
				c.forgetHash(hash)
			}
			if errorsIsNotFound(err) {
				return "", fmt.Errorf("%w: unknown or revoked API key", schema.ErrUnauthenticated)
			}
			return "", err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.gen != gen {
			return k.Owner, nil
		}
		if len(c.m) >= maxCachedKeys {
			for h, e := range c.m {
				if !now.Before(e.until) {
					delete(c.m, h)
				}
			}
			if len(c.m) >= maxCachedKeys {
				clear(c.m)
			}
		}
		c.m[hash] = cachedKey{id: k.ID, owner: k.Owner, until: now.Add(c.ttl)}
		return k.Owner, nil
	}
}

func (c *keyCache) forgetHash(hash string) {
	c.mu.Lock()
	delete(c.m, hash)
	c.mu.Unlock()
}

// forget drops owner's key id from the cache (it was just revoked).
func (c *keyCache) forget(owner schema.Owner, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for h, e := range c.m {
		if e.id == id && e.owner == owner {
			delete(c.m, h)
		}
	}
}
