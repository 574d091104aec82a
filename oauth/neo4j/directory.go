package neo4j

import (
	"context"
	"fmt"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// OwnerForEmail returns the person who signs in with email (compared in
// lower case), for inviting them to a shared Space by address. An address
// nobody signs in with is schema.ErrNotFound. It reads the account only:
// it never creates one.
func (s *Store) OwnerForEmail(ctx context.Context, email string) (schema.Owner, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	res, err := s.run(ctx, "owner for email", `MATCH (a:OAuthAccount {email: $email}) RETURN a.owner AS owner`, map[string]any{"email": email})
	if err != nil {
		return "", err
	}
	if len(res.Records) == 0 {
		return "", fmt.Errorf("account for %s: %w", email, schema.ErrNotFound)
	}
	owner, _ := res.Records[0].AsMap()["owner"].(string)
	if owner == "" {
		return "", fmt.Errorf("account for %s: %w", email, schema.ErrNotFound)
	}
	return schema.Owner(owner), nil
}
