package neo4j

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// Store implements oauth.KeyStore over a driver the caller owns.
type Store struct {
	Driver   neo4j.DriverWithContext
	Database string
}

var _ oauth.KeyStore = (*Store)(nil)

func (s *Store) run(ctx context.Context, q string, params map[string]any) (*neo4j.EagerResult, error) {
	db := s.Database
	if db == "" {
		db = "neo4j"
	}
	res, err := neo4j.ExecuteQuery(ctx, s.Driver, q, params, neo4j.EagerResultTransformer, neo4j.ExecuteQueryWithDatabase(db))
	if err != nil {
		var ne *neo4j.Neo4jError
		if errors.As(err, &ne) && ne.Code == "Neo.ClientError.Schema.ConstraintValidationFailed" {
			return nil, fmt.Errorf("%w: %s", schema.ErrConflict, "api key already exists")
		}
		if neo4j.IsConnectivityError(err) {
			return nil, fmt.Errorf("%w: neo4j: %v", schema.ErrUnavailable, err)
		}
		return nil, err
	}
	return res, nil
}

// CreateAPIKey implements oauth.KeyStore.
func (s *Store) CreateAPIKey(ctx context.Context, owner schema.Owner, k oauth.APIKey) error {
	_, err := s.run(ctx, `CREATE (:ApiKey {id: $id, owner: $owner, name: $name, hash: $hash, hint: $hint, created_at: $created})`,
		map[string]any{"id": k.ID, "owner": string(owner), "name": k.Name, "hash": k.Hash, "hint": k.Hint, "created": k.CreatedAt})
	return err
}

// APIKeyByHash implements oauth.KeyStore.
func (s *Store) APIKeyByHash(ctx context.Context, hash string) (oauth.APIKey, error) {
	res, err := s.run(ctx, `MATCH (k:ApiKey {hash: $hash}) WHERE k.revoked_at IS NULL
		RETURN k.id AS id, k.owner AS owner, k.name AS name, k.hint AS hint, k.created_at AS created`, map[string]any{"hash": hash})
	if err != nil {
		return oauth.APIKey{}, err
	}
	if len(res.Records) == 0 {
		return oauth.APIKey{}, fmt.Errorf("api key: %w", schema.ErrNotFound)
	}
	r := res.Records[0].AsMap()
	k := oauth.APIKey{Hash: hash}
	k.ID, _ = r["id"].(string)
	o, _ := r["owner"].(string)
	k.Owner = schema.Owner(o)
	k.Name, _ = r["name"].(string)
	k.Hint, _ = r["hint"].(string)
	if t, ok := r["created"].(time.Time); ok {
		k.CreatedAt = t.UTC()
	}
	return k, nil
}

// RevokeAPIKey implements oauth.KeyStore.
func (s *Store) RevokeAPIKey(ctx context.Context, owner schema.Owner, id string) error {
	res, err := s.run(ctx, `MATCH (k:ApiKey {id: $id, owner: $owner}) SET k.revoked_at = coalesce(k.revoked_at, datetime()) RETURN k.id`,
		map[string]any{"id": id, "owner": string(owner)})
	if err != nil {
		return err
	}
	if len(res.Records) == 0 {
		return fmt.Errorf("api key %s: %w", id, schema.ErrNotFound)
	}
	return nil
}
