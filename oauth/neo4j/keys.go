package neo4j

import (
	"context"
	"fmt"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// CreateAPIKey implements oauth.KeyStore.
func (s *Store) CreateAPIKey(ctx context.Context, owner schema.Owner, k oauth.APIKey) error {
	_, err := s.run(ctx, "create api key", `CREATE (:ApiKey {id: $id, owner: $owner, name: $name, hash: $hash, hint: $hint, created_at: $created})`,
		map[string]any{"id": k.ID, "owner": string(owner), "name": k.Name, "hash": k.Hash, "hint": k.Hint, "created": utc(k.CreatedAt)})
	return err
}

// APIKeyByHash implements oauth.KeyStore.
func (s *Store) APIKeyByHash(ctx context.Context, hash string) (oauth.APIKey, error) {
	res, err := s.run(ctx, "find api key", `MATCH (k:ApiKey {hash: $hash}) WHERE k.revoked_at IS NULL RETURN k {.*} AS k`, map[string]any{"hash": hash})
	if err != nil {
		return oauth.APIKey{}, err
	}
	if len(res.Records) == 0 {
		return oauth.APIKey{}, fmt.Errorf("api key: %w", schema.ErrNotFound)
	}
	return apiKeyOf(props(res.Records[0].AsMap(), "k")), nil
}

// APIKeys implements oauth.Store.
func (s *Store) APIKeys(ctx context.Context, owner schema.Owner) ([]oauth.APIKey, error) {
	res, err := s.run(ctx, "list api keys", `MATCH (k:ApiKey {owner: $owner}) RETURN k {.*} AS k ORDER BY k.created_at DESC, k.id DESC`,
		map[string]any{"owner": string(owner)})
	if err != nil {
		return nil, err
	}
	out := make([]oauth.APIKey, 0, len(res.Records))
	for _, r := range res.Records {
		out = append(out, apiKeyOf(props(r.AsMap(), "k")))
	}
	return out, nil
}

func apiKeyOf(m map[string]any) oauth.APIKey {
	return oauth.APIKey{
		ID: str(m, "id"), Owner: schema.Owner(str(m, "owner")), Name: str(m, "name"), Hash: str(m, "hash"), Hint: str(m, "hint"),
		CreatedAt: tm(m, "created_at"), RevokedAt: tmPtr(m, "revoked_at"),
	}
}

// RevokeAPIKey implements oauth.KeyStore.
func (s *Store) RevokeAPIKey(ctx context.Context, owner schema.Owner, id string) error {
	res, err := s.run(ctx, "revoke api key", `MATCH (k:ApiKey {id: $id, owner: $owner}) SET k.revoked_at = coalesce(k.revoked_at, datetime()) RETURN k.id`,
		map[string]any{"id": id, "owner": string(owner)})
	if err != nil {
		return err
	}
	if len(res.Records) == 0 {
		return fmt.Errorf("api key %s: %w", id, schema.ErrNotFound)
	}
	return nil
}
