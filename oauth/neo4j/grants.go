package neo4j

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// Codes, grants and refresh tokens. Every redemption takes the record's
// write lock (SET _lock ... REMOVE _lock) before reading its state, in the
// same transaction: Neo4j reads are read-committed, and a WHERE checked
// before the lock would let two racing redemptions both pass.

// lock takes the write lock of the node labelled label with prop = value
// and reports whether it exists.
func lock(ctx context.Context, tx txn, label, prop, value string) (bool, error) {
	recs, err := query(ctx, tx, fmt.Sprintf(`MATCH (n:%s {%s: $v}) SET n._lock = true REMOVE n._lock RETURN count(n) AS n`, label, prop), map[string]any{"v": value})
	if err != nil {
		return false, err
	}
	return i64(recs[0], "n") > 0, nil
}

// CreateAuthCode implements oauth.Store.
func (s *Store) CreateAuthCode(ctx context.Context, c oauth.AuthCode) error {
	_, err := s.run(ctx, "create code", `CREATE (:OAuthCode {hash: $hash, client_id: $client, owner: $owner, redirect_uri: $redirect,
		redirect_given: $given, challenge: $challenge, scopes: $scopes, resource: $resource, consent_version: $cv,
		created_at: $created, expires_at: $expires})`,
		map[string]any{"hash": c.Hash, "client": c.ClientID, "owner": string(c.Owner), "redirect": c.RedirectURI, "given": c.RedirectGiven,
			"challenge": c.Challenge, "scopes": list(c.Scopes), "resource": c.Resource, "cv": c.ConsentVersion,
			"created": utc(c.CreatedAt), "expires": utc(c.ExpiresAt)})
	return err
}

// RedeemAuthCode implements oauth.Store.
func (s *Store) RedeemAuthCode(ctx context.Context, hash string, now time.Time) (oauth.AuthCode, error) {
	type result struct {
		code     oauth.AuthCode
		replayed bool
	}
	r, err := write(ctx, s, "redeem code", func(tx txn) (result, error) {
		ok, err := lock(ctx, tx, "OAuthCode", "hash", hash)
		if err != nil {
			return result{}, err
		}
		if !ok {
			return result{}, fmt.Errorf("code: %w", schema.ErrNotFound)
		}
		recs, err := query(ctx, tx, `MATCH (c:OAuthCode {hash: $hash}) RETURN c {.*} AS c`, map[string]any{"hash": hash})
		if err != nil {
			return result{}, err
		}
		m := props(recs[0], "c")
		if m["used_at"] != nil {
			// A second use: revoke whatever the first made, and mark the
			// code so a grant still being made from it is refused.
			_, err := query(ctx, tx, `MATCH (c:OAuthCode {hash: $hash}) SET c.replayed_at = coalesce(c.replayed_at, $now)
				WITH c OPTIONAL MATCH (g:OAuthGrant {code_hash: $hash}) WHERE g.revoked_at IS NULL
				SET g.revoked_at = $now`, map[string]any{"hash": hash, "now": utc(now)})
			return result{replayed: true}, err
		}
		if !tm(m, "expires_at").After(now) {
			return result{}, fmt.Errorf("code: %w", schema.ErrNotFound)
		}
		if _, err := query(ctx, tx, `MATCH (c:OAuthCode {hash: $hash}) SET c.used_at = $now`, map[string]any{"hash": hash, "now": utc(now)}); err != nil {
			return result{}, err
		}
		return result{code: oauth.AuthCode{
			Hash: str(m, "hash"), ClientID: str(m, "client_id"), Owner: schema.Owner(str(m, "owner")),
			RedirectURI: str(m, "redirect_uri"), RedirectGiven: boolean(m, "redirect_given"), Challenge: str(m, "challenge"),
			Scopes: strs(m, "scopes"), Resource: str(m, "resource"), ConsentVersion: i64(m, "consent_version"),
			CreatedAt: tm(m, "created_at"), ExpiresAt: tm(m, "expires_at"),
		}}, nil
	})
	if err != nil {
		return oauth.AuthCode{}, err
	}
	if r.replayed {
		return oauth.AuthCode{}, fmt.Errorf("redeem code: %w", oauth.ErrReplayed)
	}
	return r.code, nil
}

// CreateGrant implements oauth.Store.
func (s *Store) CreateGrant(ctx context.Context, g oauth.Grant, first oauth.RefreshToken) error {
	_, err := write(ctx, s, "create grant", func(tx txn) (struct{}, error) {
		ok, err := lock(ctx, tx, "OAuthCode", "hash", g.CodeHash)
		if err != nil {
			return struct{}{}, err
		}
		if !ok {
			return struct{}{}, fmt.Errorf("code: %w", oauth.ErrReplayed)
		}
		recs, err := query(ctx, tx, `MATCH (c:OAuthCode {hash: $hash}) RETURN c.replayed_at IS NOT NULL AS replayed`, map[string]any{"hash": g.CodeHash})
		if err != nil {
			return struct{}{}, err
		}
		if boolean(recs[0], "replayed") {
			return struct{}{}, fmt.Errorf("code: %w", oauth.ErrReplayed)
		}
		_, err = query(ctx, tx, `CREATE (:OAuthGrant {id: $id, owner: $owner, client_id: $client, scopes: $scopes, resource: $resource,
				code_hash: $code, consent_version: $cv, created_at: $created})
			CREATE (:OAuthRefreshToken {hash: $rt, grant_id: $id, created_at: $rtCreated, expires_at: $rtExpires})`,
			map[string]any{"id": g.ID, "owner": string(g.Owner), "client": g.ClientID, "scopes": list(g.Scopes), "resource": g.Resource,
				"code": g.CodeHash, "cv": g.ConsentVersion, "created": utc(g.CreatedAt),
				"rt": first.Hash, "rtCreated": utc(first.CreatedAt), "rtExpires": utc(first.ExpiresAt)})
		return struct{}{}, err
	})
	return err
}

func grantOf(m map[string]any) oauth.Grant {
	return oauth.Grant{
		ID: str(m, "id"), Owner: schema.Owner(str(m, "owner")), ClientID: str(m, "client_id"), Scopes: strs(m, "scopes"),
		Resource: str(m, "resource"), CodeHash: str(m, "code_hash"), ConsentVersion: i64(m, "consent_version"),
		CreatedAt: tm(m, "created_at"), RevokedAt: tmPtr(m, "revoked_at"),
	}
}

// errCheck carries a RotateRefreshToken check's error out of the
// transaction unchanged.
type errCheck struct{ err error }

func (e errCheck) Error() string { return e.err.Error() }

// RotateRefreshToken implements oauth.Store.
func (s *Store) RotateRefreshToken(ctx context.Context, hash, clientID string, next oauth.RefreshToken, now time.Time, check func(oauth.Grant) error) (oauth.Grant, error) {
	type result struct {
		grant    oauth.Grant
		replayed bool
	}
	notFound := fmt.Errorf("refresh token: %w", schema.ErrNotFound)
	r, err := write(ctx, s, "rotate refresh token", func(tx txn) (result, error) {
		ok, err := lock(ctx, tx, "OAuthRefreshToken", "hash", hash)
		if err != nil {
			return result{}, err
		}
		if !ok {
			return result{}, notFound
		}
		recs, err := query(ctx, tx, `MATCH (t:OAuthRefreshToken {hash: $hash}) OPTIONAL MATCH (g:OAuthGrant {id: t.grant_id})
			RETURN t {.*} AS t, g {.*} AS g`, map[string]any{"hash": hash})
		if err != nil {
			return result{}, err
		}
		t, gm := props(recs[0], "t"), props(recs[0], "g")
		if gm == nil {
			return result{}, notFound
		}
		g := grantOf(gm)
		if g.ClientID != clientID || g.RevokedAt != nil {
			return result{}, notFound
		}
		if t["spent_at"] != nil {
			_, err := query(ctx, tx, `MATCH (g:OAuthGrant {id: $id}) SET g.revoked_at = coalesce(g.revoked_at, $now)`,
				map[string]any{"id": g.ID, "now": utc(now)})
			return result{replayed: true}, err
		}
		if !tm(t, "expires_at").After(now) {
			return result{}, notFound
		}
		if check != nil {
			if err := check(g); err != nil {
				return result{}, errCheck{err}
			}
		}
		_, err = query(ctx, tx, `MATCH (t:OAuthRefreshToken {hash: $hash}) SET t.spent_at = $now, t.successor = $next
			CREATE (:OAuthRefreshToken {hash: $next, grant_id: $grant, parent: $hash, created_at: $created, expires_at: $expires})`,
			map[string]any{"hash": hash, "now": utc(now), "next": next.Hash, "grant": g.ID, "created": utc(next.CreatedAt), "expires": utc(next.ExpiresAt)})
		return result{grant: g}, err
	})
	var ce errCheck
	if errors.As(err, &ce) {
		return oauth.Grant{}, ce.err
	}
	if err != nil {
		return oauth.Grant{}, err
	}
	if r.replayed {
		return oauth.Grant{}, fmt.Errorf("rotate refresh token: %w", oauth.ErrReplayed)
	}
	return r.grant, nil
}

// RevokeRefreshToken implements oauth.Store.
func (s *Store) RevokeRefreshToken(ctx context.Context, hash, clientID string, now time.Time) (bool, error) {
	res, err := s.run(ctx, "revoke refresh token", `MATCH (t:OAuthRefreshToken {hash: $hash})
		MATCH (g:OAuthGrant {id: t.grant_id, client_id: $client})
		SET g.revoked_at = coalesce(g.revoked_at, $now) RETURN g.id`,
		map[string]any{"hash": hash, "client": clientID, "now": utc(now)})
	if err != nil {
		return false, err
	}
	return len(res.Records) > 0, nil
}

// ActiveGrant implements oauth.Store.
func (s *Store) ActiveGrant(ctx context.Context, id string) (oauth.Grant, oauth.Consent, error) {
	res, err := s.run(ctx, "read grant", `MATCH (g:OAuthGrant {id: $id}) WHERE g.revoked_at IS NULL
		OPTIONAL MATCH (c:OAuthConsent {key: g.owner + '|' + g.client_id})
		RETURN g {.*} AS g, c {.*} AS c`, map[string]any{"id": id})
	if err != nil {
		return oauth.Grant{}, oauth.Consent{}, err
	}
	if len(res.Records) == 0 {
		return oauth.Grant{}, oauth.Consent{}, fmt.Errorf("grant: %w", schema.ErrNotFound)
	}
	m := res.Records[0].AsMap()
	return grantOf(props(m, "g")), consentOf(props(m, "c")), nil
}

// RevokeGrant implements oauth.Store.
func (s *Store) RevokeGrant(ctx context.Context, id string, now time.Time) error {
	res, err := s.run(ctx, "revoke grant", `MATCH (g:OAuthGrant {id: $id}) SET g.revoked_at = coalesce(g.revoked_at, $now) RETURN g.id`,
		map[string]any{"id": id, "now": utc(now)})
	if err != nil {
		return err
	}
	if len(res.Records) == 0 {
		return fmt.Errorf("grant %s: %w", id, schema.ErrNotFound)
	}
	return nil
}
