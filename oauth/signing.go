package oauth

import (
	"context"
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jwk"

	"github.com/persistmemory/persistmemory/schema"
)

// Key cache timing: the ring reloads from the store at most this often on
// its own, and at most every keyMissReload when a token names a kid it does
// not know (another replica rotated), so a flood of made-up kids cannot
// turn into a flood of queries.
const (
	keyReload     = time.Minute
	keyMissReload = 5 * time.Second
)

// keyring caches the signing keys. Safe for concurrent use.
type keyring struct {
	mu         sync.Mutex
	keys       []ringKey // newest first
	loadedAt   time.Time
	missLoaded time.Time
}

type ringKey struct {
	rec  SigningKey
	priv jwk.Key // the private JWK with kid and alg set
	pub  jwk.Key // the public JWK with kid, alg and use set
}

// reload replaces the cached keys with the store's. Callers hold k.mu.
func (s *Server) reloadKeys(ctx context.Context, now time.Time) error {
	recs, err := s.store.SigningKeys(ctx, now)
	if err != nil {
		return fmt.Errorf("load signing keys: %w", err)
	}
	keys := make([]ringKey, 0, len(recs))
	for _, rec := range recs {
		rk, err := s.openKey(rec)
		if err != nil {
			// A key this server cannot open (sealed under another
			// key-encryption key, or damaged) is left out: its tokens
			// fail, and a fresh key takes over signing.
			s.log.WarnContext(ctx, "oauth: signing key ignored", "kid", rec.ID, "err", err)
			continue
		}
		keys = append(keys, rk)
	}
	slices.SortStableFunc(keys, func(a, b ringKey) int {
		if c := b.rec.CreatedAt.Compare(a.rec.CreatedAt); c != 0 {
			return c
		}
		return compareStrings(b.rec.ID, a.rec.ID)
	})
	s.keys.keys, s.keys.loadedAt = keys, now
	return nil
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// signingKey returns the key to sign with now: the newest that has not
// retired, creating one when none is left.
func (s *Server) signingKey(ctx context.Context) (ringKey, error) {
	now := s.now()
	s.keys.mu.Lock()
	defer s.keys.mu.Unlock()
	if s.keys.keys == nil || now.Sub(s.keys.loadedAt) > keyReload || now.Before(s.keys.loadedAt) {
		if err := s.reloadKeys(ctx, now); err != nil {
			return ringKey{}, err
		}
	}
	for _, k := range s.keys.keys {
		if k.rec.RetireAt.After(now) {
			return k, nil
		}
	}
	if _, err := s.createKey(ctx, now); err != nil {
		return ringKey{}, err
	}
	if err := s.reloadKeys(ctx, now); err != nil {
		return ringKey{}, err
	}
	for _, k := range s.keys.keys {
		if k.rec.RetireAt.After(now) {
			return k, nil
		}
	}
	return ringKey{}, fmt.Errorf("%w: no signing key available after creating one", schema.ErrUnavailable)
}

// verificationKey returns the public key with kid if it is still
// published.
func (s *Server) verificationKey(ctx context.Context, kid string) (jwk.Key, bool, error) {
	now := s.now()
	s.keys.mu.Lock()
	defer s.keys.mu.Unlock()
	find := func() jwk.Key {
		for _, k := range s.keys.keys {
			if k.rec.ID == kid && k.rec.ExpiresAt.After(now) {
				return k.pub
			}
		}
		return nil
	}
	stale := s.keys.keys == nil || now.Sub(s.keys.loadedAt) > keyReload || now.Before(s.keys.loadedAt)
	if !stale {
		if k := find(); k != nil {
			return k, true, nil
		}
		if now.Sub(s.keys.missLoaded) < keyMissReload && !now.Before(s.keys.missLoaded) {
			return nil, false, nil
		}
		s.keys.missLoaded = now
	}
	if err := s.reloadKeys(ctx, now); err != nil {
		return nil, false, err
	}
	k := find()
	return k, k != nil, nil
}

// publishedKeys returns the public keys of every unexpired signing key.
func (s *Server) publishedKeys(ctx context.Context) (jwk.Set, error) {
	now := s.now()
	s.keys.mu.Lock()
	defer s.keys.mu.Unlock()
	if s.keys.keys == nil || now.Sub(s.keys.loadedAt) > keyReload || now.Before(s.keys.loadedAt) {
		if err := s.reloadKeys(ctx, now); err != nil {
			return nil, err
		}
	}
	set := jwk.NewSet()
	for _, k := range s.keys.keys {
		if k.rec.ExpiresAt.After(now) {
			if err := set.AddKey(k.pub); err != nil {
				return nil, err
			}
		}
	}
	return set, nil
}

// RotateKey makes a new signing key, which signs from now on. Earlier keys
// stay published until the tokens they signed have expired, so rotating
// breaks no live token. Safe for concurrent use; it returns the new kid.
func (s *Server) RotateKey(ctx context.Context) (string, error) {
	now := s.now()
	s.keys.mu.Lock()
	defer s.keys.mu.Unlock()
	kid, err := s.createKey(ctx, now)
	if err != nil {
		return "", err
	}
	if err := s.reloadKeys(ctx, now); err != nil {
		return "", err
	}
	s.log.InfoContext(ctx, "oauth: signing key rotated", "kid", kid)
	return kid, nil
}

// createKey generates and stores a new ES256 key. Callers hold k.mu.
func (s *Server) createKey(ctx context.Context, now time.Time) (string, error) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return "", err
	}
	pub, err := jwk.FromRaw(priv.Public())
	if err != nil {
		return "", err
	}
	tp, err := pub.Thumbprint(crypto.SHA256)
	if err != nil {
		return "", err
	}
	kid := base64.RawURLEncoding.EncodeToString(tp)
	for _, kv := range [][2]string{{jwk.KeyIDKey, kid}, {jwk.AlgorithmKey, jwa.ES256.String()}, {jwk.KeyUsageKey, "sig"}} {
		if err := pub.Set(kv[0], kv[1]); err != nil {
			return "", err
		}
	}
	pubJSON, err := json.Marshal(pub)
	if err != nil {
		return "", err
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return "", err
	}
	rec := SigningKey{ID: kid, Public: pubJSON, CreatedAt: now.UTC(), RetireAt: now.Add(s.cfg.KeyRotation).UTC()}
	rec.ExpiresAt = rec.RetireAt.Add(s.cfg.AccessTokenTTL + tokenLeeway)
	rec.Private, rec.Encrypted, err = s.seal(kid, der)
	if err != nil {
		return "", err
	}
	if err := s.store.CreateSigningKey(ctx, rec); err != nil {
		return "", fmt.Errorf("store signing key: %w", err)
	}
	return kid, nil
}

// seal encrypts a private key with the key-encryption key, binding it to
// its kid, when one is configured.
func (s *Server) seal(kid string, der []byte) ([]byte, bool, error) {
	if len(s.cfg.KeyEncryptionKey) == 0 {
		return der, false, nil
	}
	aead, err := s.aead()
	if err != nil {
		return nil, false, err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, false, err
	}
	return aead.Seal(nonce, nonce, der, []byte("persistmemory signing key "+kid)), true, nil
}

func (s *Server) aead() (cipher.AEAD, error) {
	block, err := aes.NewCipher(s.cfg.KeyEncryptionKey)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// openKey turns a stored key into JWKs, unsealing its private half.
func (s *Server) openKey(rec SigningKey) (ringKey, error) {
	der := rec.Private
	if rec.Encrypted {
		if len(s.cfg.KeyEncryptionKey) == 0 {
			return ringKey{}, fmt.Errorf("%w: signing key %s is sealed but no key-encryption key is configured", schema.ErrInvalid, rec.ID)
		}
		aead, err := s.aead()
		if err != nil {
			return ringKey{}, err
		}
		if len(der) < aead.NonceSize() {
			return ringKey{}, fmt.Errorf("%w: signing key %s is truncated", schema.ErrInvalid, rec.ID)
		}
		der, err = aead.Open(nil, der[:aead.NonceSize()], der[aead.NonceSize():], []byte("persistmemory signing key "+rec.ID))
		if err != nil {
			return ringKey{}, fmt.Errorf("%w: signing key %s does not open with the configured key-encryption key", schema.ErrInvalid, rec.ID)
		}
	}
	raw, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return ringKey{}, fmt.Errorf("%w: signing key %s: private key does not parse", schema.ErrInvalid, rec.ID)
	}
	ec, ok := raw.(*ecdsa.PrivateKey)
	if !ok || ec.Curve != elliptic.P256() {
		return ringKey{}, fmt.Errorf("%w: signing key %s is not a P-256 key", schema.ErrInvalid, rec.ID)
	}
	priv, err := jwk.FromRaw(ec)
	if err != nil {
		return ringKey{}, err
	}
	pub, err := jwk.PublicKeyOf(priv)
	if err != nil {
		return ringKey{}, err
	}
	for _, k := range []jwk.Key{priv, pub} {
		if err := k.Set(jwk.KeyIDKey, rec.ID); err != nil {
			return ringKey{}, err
		}
		if err := k.Set(jwk.AlgorithmKey, jwa.ES256); err != nil {
			return ringKey{}, err
		}
	}
	if err := pub.Set(jwk.KeyUsageKey, "sig"); err != nil {
		return ringKey{}, err
	}
	return ringKey{rec: rec, priv: priv, pub: pub}, nil
}
