package neo4j

import (
	"context"
	"time"

	"github.com/persistmemory/persistmemory/oauth"
)

// CreateSigningKey implements oauth.Store. The private half arrives sealed
// when the server has a key-encryption key; it is never returned by any
// query but SigningKeys.
func (s *Store) CreateSigningKey(ctx context.Context, k oauth.SigningKey) error {
	_, err := s.run(ctx, "create signing key", `CREATE (:OAuthSigningKey {id: $id, private: $private, encrypted: $encrypted, public: $public,
		created_at: $created, retire_at: $retire, expires_at: $expires})`,
		map[string]any{"id": k.ID, "private": k.Private, "encrypted": k.Encrypted, "public": string(k.Public),
			"created": utc(k.CreatedAt), "retire": utc(k.RetireAt), "expires": utc(k.ExpiresAt)})
	return err
}

// SigningKeys implements oauth.Store.
func (s *Store) SigningKeys(ctx context.Context, now time.Time) ([]oauth.SigningKey, error) {
	res, err := s.run(ctx, "list signing keys", `MATCH (k:OAuthSigningKey) WHERE k.expires_at > $now
		RETURN k {.*} AS k ORDER BY k.created_at DESC, k.id DESC`, map[string]any{"now": utc(now)})
	if err != nil {
		return nil, err
	}
	out := make([]oauth.SigningKey, 0, len(res.Records))
	for _, r := range res.Records {
		m := props(r.AsMap(), "k")
		out = append(out, oauth.SigningKey{
			ID: str(m, "id"), Private: byteSlice(m, "private"), Encrypted: boolean(m, "encrypted"), Public: []byte(str(m, "public")),
			CreatedAt: tm(m, "created_at"), RetireAt: tm(m, "retire_at"), ExpiresAt: tm(m, "expires_at"),
		})
	}
	return out, nil
}

// DeleteExpired implements oauth.Store.
func (s *Store) DeleteExpired(ctx context.Context, now time.Time) error {
	for _, q := range []string{
		`MATCH (n:OAuthCode) WHERE n.expires_at < $now DELETE n`,
		`MATCH (n:OAuthSignInLink) WHERE n.expires_at < $now DELETE n`,
		`MATCH (n:OAuthSession) WHERE n.expires_at < $now DELETE n`,
		`MATCH (n:OAuthRefreshToken) WHERE n.expires_at < $now DELETE n`,
		`MATCH (g:OAuthGrant) WHERE NOT EXISTS { MATCH (t:OAuthRefreshToken {grant_id: g.id}) } DELETE g`,
		`MATCH (n:OAuthSigningKey) WHERE n.expires_at < $now DELETE n`,
	} {
		if _, err := s.run(ctx, "delete expired oauth records", q, map[string]any{"now": utc(now)}); err != nil {
			return err
		}
	}
	return nil
}
