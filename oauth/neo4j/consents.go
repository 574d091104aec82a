package neo4j

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// A consent is one (:OAuthConsent) per owner and client, keyed by
// owner|client_id (owner ids cannot contain "|"). Its scopes are three
// parallel lists: scopes, scope_versions, scope_granted_at.

func consentKey(owner schema.Owner, clientID string) string { return string(owner) + "|" + clientID }

func consentOf(m map[string]any) oauth.Consent {
	if m == nil {
		return oauth.Consent{}
	}
	c := oauth.Consent{
		Owner: schema.Owner(str(m, "owner")), ClientID: str(m, "client_id"), Version: i64(m, "version"),
		CreatedAt: tm(m, "created_at"), UpdatedAt: tm(m, "updated_at"),
	}
	names, versions, granted := strs(m, "scopes"), ints(m, "scope_versions"), times(m, "scope_granted_at")
	for i, n := range names {
		cs := oauth.ConsentScope{Scope: n}
		if i < len(versions) {
			cs.Version = versions[i]
		}
		if i < len(granted) {
			cs.GrantedAt = granted[i]
		}
		c.Scopes = append(c.Scopes, cs)
	}
	return c
}

func consentParams(c oauth.Consent, now time.Time) map[string]any {
	names := []string{}
	versions := []int64{}
	granted := []time.Time{}
	for _, s := range c.Scopes {
		names = append(names, s.Scope)
		versions = append(versions, s.Version)
		granted = append(granted, utc(s.GrantedAt))
	}
	return map[string]any{"key": consentKey(c.Owner, c.ClientID), "version": c.Version, "scopes": names,
		"versions": versions, "granted": granted, "now": utc(now)}
}

// Consent implements oauth.Store.
func (s *Store) Consent(ctx context.Context, owner schema.Owner, clientID string) (oauth.Consent, error) {
	res, err := s.run(ctx, "read consent", `MATCH (c:OAuthConsent {key: $key}) RETURN c {.*} AS c`, map[string]any{"key": consentKey(owner, clientID)})
	if err != nil {
		return oauth.Consent{}, err
	}
	if len(res.Records) == 0 {
		return oauth.Consent{}, fmt.Errorf("consent: %w", schema.ErrNotFound)
	}
	return consentOf(props(res.Records[0].AsMap(), "c")), nil
}

// Consents implements oauth.Store.
func (s *Store) Consents(ctx context.Context, owner schema.Owner) ([]oauth.Consent, error) {
	res, err := s.run(ctx, "list consents", `MATCH (c:OAuthConsent {owner: $owner}) WHERE size(c.scopes) > 0
		RETURN c {.*} AS c ORDER BY c.client_id`, map[string]any{"owner": string(owner)})
	if err != nil {
		return nil, err
	}
	out := make([]oauth.Consent, 0, len(res.Records))
	for _, r := range res.Records {
		out = append(out, consentOf(props(r.AsMap(), "c")))
	}
	return out, nil
}

// lockConsent takes the consent's write lock and then reads it, so the
// read-modify-write that follows cannot lose a concurrent update.
func lockConsent(ctx context.Context, tx txn, key string) (oauth.Consent, bool, error) {
	recs, err := query(ctx, tx, `MATCH (c:OAuthConsent {key: $key}) SET c._lock = true REMOVE c._lock RETURN count(c) AS n`, map[string]any{"key": key})
	if err != nil {
		return oauth.Consent{}, false, err
	}
	if i64(recs[0], "n") == 0 {
		return oauth.Consent{}, false, nil
	}
	recs, err = query(ctx, tx, `MATCH (c:OAuthConsent {key: $key}) RETURN c {.*} AS c`, map[string]any{"key": key})
	if err != nil {
		return oauth.Consent{}, false, err
	}
	return consentOf(props(recs[0], "c")), true, nil
}

func saveConsent(ctx context.Context, tx txn, c oauth.Consent, now time.Time) error {
	_, err := query(ctx, tx, `MATCH (c:OAuthConsent {key: $key}) SET c.version = $version, c.scopes = $scopes,
		c.scope_versions = $versions, c.scope_granted_at = $granted, c.updated_at = $now`, consentParams(c, now))
	return err
}

// WidenConsent implements oauth.Store.
func (s *Store) WidenConsent(ctx context.Context, owner schema.Owner, clientID string, scopes []string, now time.Time) (oauth.Consent, error) {
	key := consentKey(owner, clientID)
	return write(ctx, s, "widen consent", func(tx txn) (oauth.Consent, error) {
		_, err := query(ctx, tx, `MERGE (c:OAuthConsent {key: $key})
			ON CREATE SET c.owner = $owner, c.client_id = $client, c.version = 0, c.scopes = [], c.scope_versions = [],
				c.scope_granted_at = [], c.created_at = $now, c.updated_at = $now`,
			map[string]any{"key": key, "owner": string(owner), "client": clientID, "now": utc(now)})
		if err != nil {
			return oauth.Consent{}, err
		}
		c, _, err := lockConsent(ctx, tx, key)
		if err != nil {
			return oauth.Consent{}, err
		}
		held := c.ScopeNames()
		var added []string
		for _, sc := range scopes {
			if !slices.Contains(held, sc) && !slices.Contains(added, sc) {
				added = append(added, sc)
			}
		}
		if len(added) == 0 {
			return c, nil
		}
		c.Version++
		for _, sc := range added {
			c.Scopes = append(c.Scopes, oauth.ConsentScope{Scope: sc, Version: c.Version, GrantedAt: now.UTC()})
		}
		c.UpdatedAt = now.UTC()
		return c, saveConsent(ctx, tx, c, now)
	})
}

// NarrowConsent implements oauth.Store.
func (s *Store) NarrowConsent(ctx context.Context, owner schema.Owner, clientID string, keep []string, now time.Time) (oauth.Consent, error) {
	key := consentKey(owner, clientID)
	return write(ctx, s, "narrow consent", func(tx txn) (oauth.Consent, error) {
		c, ok, err := lockConsent(ctx, tx, key)
		if err != nil {
			return oauth.Consent{}, err
		}
		if !ok {
			return oauth.Consent{}, fmt.Errorf("consent: %w", schema.ErrNotFound)
		}
		c.Scopes = slices.DeleteFunc(c.Scopes, func(cs oauth.ConsentScope) bool { return !slices.Contains(keep, cs.Scope) })
		c.UpdatedAt = now.UTC()
		return c, saveConsent(ctx, tx, c, now)
	})
}

// RevokeConsent implements oauth.Store.
func (s *Store) RevokeConsent(ctx context.Context, owner schema.Owner, clientID string, now time.Time) error {
	key := consentKey(owner, clientID)
	_, err := write(ctx, s, "revoke consent", func(tx txn) (struct{}, error) {
		c, ok, err := lockConsent(ctx, tx, key)
		if err != nil {
			return struct{}{}, err
		}
		if !ok {
			return struct{}{}, fmt.Errorf("consent: %w", schema.ErrNotFound)
		}
		c.Scopes = nil
		if err := saveConsent(ctx, tx, c, now); err != nil {
			return struct{}{}, err
		}
		_, err = query(ctx, tx, `MATCH (g:OAuthGrant {owner: $owner, client_id: $client}) WHERE g.revoked_at IS NULL SET g.revoked_at = $now`,
			map[string]any{"owner": string(owner), "client": clientID, "now": utc(now)})
		return struct{}{}, err
	})
	return err
}
