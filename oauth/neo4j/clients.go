package neo4j

import (
	"context"
	"fmt"
	"time"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// CreateClient implements oauth.Store.
func (s *Store) CreateClient(ctx context.Context, c oauth.Client) error {
	_, err := s.run(ctx, "create client", `CREATE (:OAuthClient {id: $id, name: $name, redirect_uris: $redirects, scopes: $scopes,
		client_uri: $uri, software_id: $sid, software_version: $sver, created_at: $created})`,
		map[string]any{"id": c.ID, "name": c.Name, "redirects": list(c.RedirectURIs), "scopes": list(c.Scopes), "uri": c.ClientURI,
			"sid": c.SoftwareID, "sver": c.SoftwareVersion, "created": utc(c.CreatedAt)})
	return err
}

// Client implements oauth.Store.
func (s *Store) Client(ctx context.Context, id string) (oauth.Client, error) {
	res, err := s.run(ctx, "read client", `MATCH (c:OAuthClient {id: $id}) RETURN c {.*} AS c`, map[string]any{"id": id})
	if err != nil {
		return oauth.Client{}, err
	}
	if len(res.Records) == 0 {
		return oauth.Client{}, fmt.Errorf("client: %w", schema.ErrNotFound)
	}
	m := props(res.Records[0].AsMap(), "c")
	return oauth.Client{
		ID: str(m, "id"), Name: str(m, "name"), RedirectURIs: strs(m, "redirect_uris"), Scopes: strs(m, "scopes"),
		ClientURI: str(m, "client_uri"), SoftwareID: str(m, "software_id"), SoftwareVersion: str(m, "software_version"),
		CreatedAt: tm(m, "created_at"),
	}, nil
}

// AccountForEmail implements oauth.Store. The unique constraint on email
// makes concurrent first sign-ins agree on one owner.
func (s *Store) AccountForEmail(ctx context.Context, email string, owner schema.Owner, now time.Time) (oauth.Account, error) {
	res, err := s.run(ctx, "account for email", `MERGE (a:OAuthAccount {email: $email})
		ON CREATE SET a.owner = $owner, a.created_at = $now
		RETURN a {.*} AS a`, map[string]any{"email": email, "owner": string(owner), "now": utc(now)})
	if err != nil {
		return oauth.Account{}, err
	}
	return accountOf(props(res.Records[0].AsMap(), "a")), nil
}

// Account implements oauth.Store.
func (s *Store) Account(ctx context.Context, owner schema.Owner) (oauth.Account, error) {
	res, err := s.run(ctx, "read account", `MATCH (a:OAuthAccount {owner: $owner}) RETURN a {.*} AS a`, map[string]any{"owner": string(owner)})
	if err != nil {
		return oauth.Account{}, err
	}
	if len(res.Records) == 0 {
		return oauth.Account{}, fmt.Errorf("account: %w", schema.ErrNotFound)
	}
	return accountOf(props(res.Records[0].AsMap(), "a")), nil
}

func accountOf(m map[string]any) oauth.Account {
	return oauth.Account{Owner: schema.Owner(str(m, "owner")), Email: str(m, "email"), CreatedAt: tm(m, "created_at")}
}

// CreateSignInLink implements oauth.Store.
func (s *Store) CreateSignInLink(ctx context.Context, l oauth.SignInLink) error {
	_, err := s.run(ctx, "create sign-in link", `CREATE (:OAuthSignInLink {hash: $hash, email: $email, return_to: $ret, created_at: $created, expires_at: $expires})`,
		map[string]any{"hash": l.Hash, "email": l.Email, "ret": l.ReturnTo, "created": utc(l.CreatedAt), "expires": utc(l.ExpiresAt)})
	return err
}

// SignInLink implements oauth.Store.
func (s *Store) SignInLink(ctx context.Context, hash string, now time.Time) (oauth.SignInLink, error) {
	res, err := s.run(ctx, "read sign-in link", `MATCH (l:OAuthSignInLink {hash: $hash}) WHERE l.used_at IS NULL AND l.expires_at > $now RETURN l {.*} AS l`,
		map[string]any{"hash": hash, "now": utc(now)})
	if err != nil {
		return oauth.SignInLink{}, err
	}
	if len(res.Records) == 0 {
		return oauth.SignInLink{}, fmt.Errorf("sign-in link: %w", schema.ErrNotFound)
	}
	return linkOf(props(res.Records[0].AsMap(), "l")), nil
}

// RedeemSignInLink implements oauth.Store: the link's write lock is taken
// before its used_at is read, so of two racing redemptions one wins.
func (s *Store) RedeemSignInLink(ctx context.Context, hash string, now time.Time) (oauth.SignInLink, error) {
	return write(ctx, s, "redeem sign-in link", func(tx txn) (oauth.SignInLink, error) {
		recs, err := query(ctx, tx, `MATCH (l:OAuthSignInLink {hash: $hash}) SET l._lock = true REMOVE l._lock RETURN count(l) AS n`, map[string]any{"hash": hash})
		if err != nil {
			return oauth.SignInLink{}, err
		}
		if i64(recs[0], "n") == 0 {
			return oauth.SignInLink{}, fmt.Errorf("sign-in link: %w", schema.ErrNotFound)
		}
		recs, err = query(ctx, tx, `MATCH (l:OAuthSignInLink {hash: $hash}) WHERE l.used_at IS NULL AND l.expires_at > $now
			SET l.used_at = $now RETURN l {.*} AS l`, map[string]any{"hash": hash, "now": utc(now)})
		if err != nil {
			return oauth.SignInLink{}, err
		}
		if len(recs) == 0 {
			return oauth.SignInLink{}, fmt.Errorf("sign-in link: %w", schema.ErrNotFound)
		}
		return linkOf(props(recs[0], "l")), nil
	})
}

func linkOf(m map[string]any) oauth.SignInLink {
	return oauth.SignInLink{Hash: str(m, "hash"), Email: str(m, "email"), ReturnTo: str(m, "return_to"), CreatedAt: tm(m, "created_at"), ExpiresAt: tm(m, "expires_at")}
}

// CreateSession implements oauth.Store.
func (s *Store) CreateSession(ctx context.Context, sess oauth.Session) error {
	_, err := s.run(ctx, "create session", `CREATE (:OAuthSession {hash: $hash, owner: $owner, created_at: $created, expires_at: $expires})`,
		map[string]any{"hash": sess.Hash, "owner": string(sess.Owner), "created": utc(sess.CreatedAt), "expires": utc(sess.ExpiresAt)})
	return err
}

// Session implements oauth.Store.
func (s *Store) Session(ctx context.Context, hash string, now time.Time) (oauth.Session, error) {
	res, err := s.run(ctx, "read session", `MATCH (x:OAuthSession {hash: $hash}) WHERE x.expires_at > $now RETURN x {.*} AS x`,
		map[string]any{"hash": hash, "now": utc(now)})
	if err != nil {
		return oauth.Session{}, err
	}
	if len(res.Records) == 0 {
		return oauth.Session{}, fmt.Errorf("session: %w", schema.ErrNotFound)
	}
	m := props(res.Records[0].AsMap(), "x")
	return oauth.Session{Hash: str(m, "hash"), Owner: schema.Owner(str(m, "owner")), CreatedAt: tm(m, "created_at"), ExpiresAt: tm(m, "expires_at")}, nil
}

// DeleteSession implements oauth.Store.
func (s *Store) DeleteSession(ctx context.Context, hash string) error {
	_, err := s.run(ctx, "delete session", `MATCH (x:OAuthSession {hash: $hash}) DELETE x`, map[string]any{"hash": hash})
	return err
}
