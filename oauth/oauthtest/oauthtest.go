// Package oauthtest is the conformance suite for oauth.Store: every
// implementation runs Run against a real backend. Each subtest isolates
// itself with fresh ids, owners and hashes, so the suite can share a
// database with other tests.
package oauthtest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

// Run runs the suite against the store open returns.
func Run(t *testing.T, open func(t *testing.T) oauth.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s oauth.Store)
	}{
		{"Clients", testClients},
		{"Accounts", testAccounts},
		{"SignInLinks", testSignInLinks},
		{"SignInLinkRace", testSignInLinkRace},
		{"Sessions", testSessions},
		{"Consents", testConsents},
		{"RevokeConsentRevokesGrants", testRevokeConsent},
		{"ConsentIsolation", testConsentIsolation},
		{"Codes", testCodes},
		{"CodeReplayRevokesGrant", testCodeReplay},
		{"CodeRace", testCodeRace},
		{"RefreshRotation", testRefreshRotation},
		{"RefreshReplayRevokesLineage", testRefreshReplay},
		{"RefreshChecks", testRefreshChecks},
		{"RefreshRace", testRefreshRace},
		{"RevokeRefreshToken", testRevokeRefreshToken},
		{"Grants", testGrants},
		{"SigningKeys", testSigningKeys},
		{"APIKeys", testAPIKeys},
		{"DeleteExpired", testDeleteExpired},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
}

// now is truncated to milliseconds: stores may keep less than nanoseconds.
var now = time.Now().UTC().Truncate(time.Millisecond)

func owner() schema.Owner { return schema.Owner(schema.NewID("usr_")) }

func hash() string { return oauth.HashKey(schema.NewID("secret_")) }

func ctx(t *testing.T) context.Context { return t.Context() }

func mustNotFound(t *testing.T, err error, what string) {
	t.Helper()
	if !errors.Is(err, schema.ErrNotFound) {
		t.Fatalf("%s: got %v, want schema.ErrNotFound", what, err)
	}
}

func mustReplayed(t *testing.T, err error, what string) {
	t.Helper()
	if !errors.Is(err, oauth.ErrReplayed) || !errors.Is(err, schema.ErrConflict) {
		t.Fatalf("%s: got %v, want oauth.ErrReplayed (wrapping schema.ErrConflict)", what, err)
	}
}

func must(t *testing.T, err error, what string) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func testClients(t *testing.T, s oauth.Store) {
	c := oauth.Client{ID: schema.NewID("cli_"), Name: "Test client", RedirectURIs: []string{"https://a.example/cb", "http://127.0.0.1:9/cb"},
		Scopes: []string{oauth.ScopeRead}, ClientURI: "https://a.example", SoftwareID: "sid", SoftwareVersion: "1", CreatedAt: now}
	must(t, s.CreateClient(ctx(t), c), "create client")
	got, err := s.Client(ctx(t), c.ID)
	must(t, err, "read client")
	if got.Name != c.Name || !slices.Equal(got.RedirectURIs, c.RedirectURIs) || !slices.Equal(got.Scopes, c.Scopes) ||
		got.ClientURI != c.ClientURI || got.SoftwareID != "sid" || got.SoftwareVersion != "1" || !got.CreatedAt.Equal(now) {
		t.Fatalf("client = %+v, want %+v", got, c)
	}
	_, err = s.Client(ctx(t), schema.NewID("cli_"))
	mustNotFound(t, err, "unknown client")
	if err := s.CreateClient(ctx(t), c); !errors.Is(err, schema.ErrConflict) {
		t.Fatalf("duplicate client id: got %v, want schema.ErrConflict", err)
	}
}

func testAccounts(t *testing.T, s oauth.Store) {
	email := schema.NewID("a") + "@example.com"
	first := owner()
	a, err := s.AccountForEmail(ctx(t), email, first, now)
	must(t, err, "create account")
	if a.Owner != first || a.Email != email {
		t.Fatalf("account = %+v", a)
	}
	b, err := s.AccountForEmail(ctx(t), email, owner(), now.Add(time.Hour))
	must(t, err, "account again")
	if b.Owner != first || !b.CreatedAt.Equal(now) {
		t.Fatalf("same email gave owner %s (created %s), want %s", b.Owner, b.CreatedAt, first)
	}
	got, err := s.Account(ctx(t), first)
	must(t, err, "read account")
	if got.Email != email {
		t.Fatalf("account email = %q", got.Email)
	}
	_, err = s.Account(ctx(t), owner())
	mustNotFound(t, err, "unknown account")

	// Concurrent first sign-ins of one address agree on one owner.
	email2 := schema.NewID("b") + "@example.com"
	var wg sync.WaitGroup
	owners := make([]schema.Owner, 8)
	errs := make([]error, 8)
	for i := range owners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var a oauth.Account
			a, errs[i] = s.AccountForEmail(ctx(t), email2, owner(), now)
			owners[i] = a.Owner
		}()
	}
	wg.Wait()
	for i := range owners {
		if errs[i] != nil && !errors.Is(errs[i], schema.ErrConflict) {
			t.Fatalf("concurrent account %d: %v", i, errs[i])
		}
	}
	a2, err := s.AccountForEmail(ctx(t), email2, owner(), now)
	must(t, err, "account after race")
	for i, o := range owners {
		if errs[i] == nil && o != a2.Owner {
			t.Fatalf("concurrent sign-ins made two owners: %s and %s", o, a2.Owner)
		}
	}
}

func testSignInLinks(t *testing.T, s oauth.Store) {
	l := oauth.SignInLink{Hash: hash(), Email: "x@example.com", ReturnTo: "/account", CreatedAt: now, ExpiresAt: now.Add(15 * time.Minute)}
	must(t, s.CreateSignInLink(ctx(t), l), "create link")
	peek, err := s.SignInLink(ctx(t), l.Hash, now)
	must(t, err, "peek link")
	if peek.Email != l.Email || peek.ReturnTo != l.ReturnTo {
		t.Fatalf("peeked link = %+v", peek)
	}
	got, err := s.RedeemSignInLink(ctx(t), l.Hash, now.Add(time.Minute))
	must(t, err, "redeem link")
	if got.Email != l.Email || got.ReturnTo != "/account" {
		t.Fatalf("redeemed link = %+v", got)
	}
	_, err = s.RedeemSignInLink(ctx(t), l.Hash, now.Add(time.Minute))
	mustNotFound(t, err, "second redemption")
	_, err = s.SignInLink(ctx(t), l.Hash, now)
	mustNotFound(t, err, "peek used link")

	old := oauth.SignInLink{Hash: hash(), Email: "x@example.com", ReturnTo: "/account", CreatedAt: now, ExpiresAt: now.Add(15 * time.Minute)}
	must(t, s.CreateSignInLink(ctx(t), old), "create link")
	_, err = s.RedeemSignInLink(ctx(t), old.Hash, now.Add(15*time.Minute))
	mustNotFound(t, err, "expired link")
	_, err = s.RedeemSignInLink(ctx(t), hash(), now)
	mustNotFound(t, err, "unknown link")
}

func testSignInLinkRace(t *testing.T, s oauth.Store) {
	l := oauth.SignInLink{Hash: hash(), Email: "race@example.com", ReturnTo: "/account", CreatedAt: now, ExpiresAt: now.Add(15 * time.Minute)}
	must(t, s.CreateSignInLink(ctx(t), l), "create link")
	wins := race(t, 8, func() error { _, err := s.RedeemSignInLink(ctx(t), l.Hash, now); return err }, schema.ErrNotFound)
	if wins != 1 {
		t.Fatalf("%d concurrent redemptions of one link succeeded, want 1", wins)
	}
}

// race runs f n times at once and counts successes; every failure must
// wrap one of allowed.
func race(t *testing.T, n int, f func() error, allowed ...error) int {
	t.Helper()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		wins  int
		start = make(chan struct{})
		bad   error
	)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			err := f()
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				wins++
				return
			}
			for _, a := range allowed {
				if errors.Is(err, a) {
					return
				}
			}
			bad = err
		}()
	}
	close(start)
	wg.Wait()
	if bad != nil {
		t.Fatalf("unexpected error in race: %v", bad)
	}
	return wins
}

func testSessions(t *testing.T, s oauth.Store) {
	o := owner()
	x := oauth.Session{Hash: hash(), Owner: o, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	must(t, s.CreateSession(ctx(t), x), "create session")
	got, err := s.Session(ctx(t), x.Hash, now)
	must(t, err, "read session")
	if got.Owner != o {
		t.Fatalf("session owner = %s", got.Owner)
	}
	_, err = s.Session(ctx(t), x.Hash, now.Add(time.Hour))
	mustNotFound(t, err, "expired session")
	must(t, s.DeleteSession(ctx(t), x.Hash), "delete session")
	_, err = s.Session(ctx(t), x.Hash, now)
	mustNotFound(t, err, "deleted session")
	must(t, s.DeleteSession(ctx(t), x.Hash), "delete session twice")
}

func scopeNames(c oauth.Consent) []string { return c.ScopeNames() }

func testConsents(t *testing.T, s oauth.Store) {
	o, client := owner(), schema.NewID("cli_")
	_, err := s.Consent(ctx(t), o, client)
	mustNotFound(t, err, "no consent yet")
	c, err := s.WidenConsent(ctx(t), o, client, []string{oauth.ScopeRead}, now)
	must(t, err, "first approval")
	if c.Version != 1 || !slices.Equal(scopeNames(c), []string{oauth.ScopeRead}) || c.Scopes[0].Version != 1 {
		t.Fatalf("after first approval: %+v", c)
	}
	// Approving what is already approved changes nothing.
	c, err = s.WidenConsent(ctx(t), o, client, []string{oauth.ScopeRead}, now.Add(time.Minute))
	must(t, err, "same approval")
	if c.Version != 1 || !c.Scopes[0].GrantedAt.Equal(now) {
		t.Fatalf("re-approving the same scope changed the consent: %+v", c)
	}
	c, err = s.WidenConsent(ctx(t), o, client, []string{oauth.ScopeRead, oauth.ScopeCapture, oauth.ScopeCapture}, now.Add(2*time.Minute))
	must(t, err, "widen")
	if c.Version != 2 || !slices.Equal(scopeNames(c), []string{oauth.ScopeRead, oauth.ScopeCapture}) {
		t.Fatalf("after widening: %+v", c)
	}
	for _, cs := range c.Scopes {
		want := int64(1)
		if cs.Scope == oauth.ScopeCapture {
			want = 2
		}
		if cs.Version != want {
			t.Fatalf("scope %s has version %d, want %d", cs.Scope, cs.Version, want)
		}
	}
	got, err := s.Consent(ctx(t), o, client)
	must(t, err, "read consent")
	if got.Version != 2 || len(got.Scopes) != 2 || got.Owner != o || got.ClientID != client {
		t.Fatalf("read consent = %+v", got)
	}
	c, err = s.NarrowConsent(ctx(t), o, client, []string{oauth.ScopeCapture, oauth.ScopeWrite}, now.Add(3*time.Minute))
	must(t, err, "narrow")
	if !slices.Equal(scopeNames(c), []string{oauth.ScopeCapture}) || c.Version != 2 {
		t.Fatalf("after narrowing: %+v", c)
	}
	// Adding back a removed scope gives it a new version.
	c, err = s.WidenConsent(ctx(t), o, client, []string{oauth.ScopeRead}, now.Add(4*time.Minute))
	must(t, err, "widen again")
	if c.Version != 3 {
		t.Fatalf("re-adding a scope: version %d, want 3", c.Version)
	}
	list, err := s.Consents(ctx(t), o)
	must(t, err, "list consents")
	if len(list) != 1 || list[0].ClientID != client {
		t.Fatalf("consents = %+v", list)
	}
	_, err = s.NarrowConsent(ctx(t), o, schema.NewID("cli_"), nil, now)
	mustNotFound(t, err, "narrow missing consent")
	mustNotFound(t, s.RevokeConsent(ctx(t), o, schema.NewID("cli_"), now), "revoke missing consent")

	// Concurrent approvals of different scopes both land.
	o2 := owner()
	var wg sync.WaitGroup
	for _, sc := range oauth.Scopes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.WidenConsent(ctx(t), o2, client, []string{sc}, now); err != nil {
				t.Errorf("concurrent widen %s: %v", sc, err)
			}
		}()
	}
	wg.Wait()
	c2, err := s.Consent(ctx(t), o2, client)
	must(t, err, "read raced consent")
	if !slices.Equal(scopeNames(c2), oauth.Scopes) || c2.Version != int64(len(oauth.Scopes)) {
		t.Fatalf("concurrent widenings lost an update: %+v", c2)
	}
}

// newGrant makes a code and a grant from it with one refresh token.
func newGrant(t *testing.T, s oauth.Store, o schema.Owner, client string, scopes []string) (oauth.Grant, string) {
	t.Helper()
	code := oauth.AuthCode{Hash: hash(), ClientID: client, Owner: o, RedirectURI: "https://a.example/cb", Challenge: "c",
		Scopes: scopes, Resource: "https://r.example/mcp", ConsentVersion: 1, CreatedAt: now, ExpiresAt: now.Add(time.Minute)}
	must(t, s.CreateAuthCode(ctx(t), code), "create code")
	_, err := s.RedeemAuthCode(ctx(t), code.Hash, now)
	must(t, err, "redeem code")
	g := oauth.Grant{ID: schema.NewID("grt_"), Owner: o, ClientID: client, Scopes: scopes, Resource: code.Resource,
		CodeHash: code.Hash, ConsentVersion: 1, CreatedAt: now}
	rt := hash()
	must(t, s.CreateGrant(ctx(t), g, oauth.RefreshToken{Hash: rt, GrantID: g.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}), "create grant")
	return g, rt
}

func testRevokeConsent(t *testing.T, s oauth.Store) {
	o, client, other := owner(), schema.NewID("cli_"), schema.NewID("cli_")
	_, err := s.WidenConsent(ctx(t), o, client, []string{oauth.ScopeRead}, now)
	must(t, err, "approve")
	_, err = s.WidenConsent(ctx(t), o, other, []string{oauth.ScopeRead}, now)
	must(t, err, "approve other client")
	g1, _ := newGrant(t, s, o, client, []string{oauth.ScopeRead})
	g2, _ := newGrant(t, s, o, client, []string{oauth.ScopeRead})
	g3, _ := newGrant(t, s, o, other, []string{oauth.ScopeRead})
	must(t, s.RevokeConsent(ctx(t), o, client, now), "revoke consent")
	c, err := s.Consent(ctx(t), o, client)
	must(t, err, "read revoked consent")
	if len(c.Scopes) != 0 {
		t.Fatalf("revoked consent still holds %v", scopeNames(c))
	}
	for _, g := range []oauth.Grant{g1, g2} {
		_, _, err := s.ActiveGrant(ctx(t), g.ID)
		mustNotFound(t, err, "grant of revoked consent")
	}
	_, _, err = s.ActiveGrant(ctx(t), g3.ID)
	must(t, err, "grant to another client survives")
	list, err := s.Consents(ctx(t), o)
	must(t, err, "list consents")
	if len(list) != 1 || list[0].ClientID != other {
		t.Fatalf("consents after revoking one = %+v", list)
	}
}

func testConsentIsolation(t *testing.T, s oauth.Store) {
	a, b, client := owner(), owner(), schema.NewID("cli_")
	_, err := s.WidenConsent(ctx(t), a, client, []string{oauth.ScopeRead, oauth.ScopeWrite}, now)
	must(t, err, "approve a")
	_, err = s.Consent(ctx(t), b, client)
	mustNotFound(t, err, "b's consent")
	mustNotFound(t, s.RevokeConsent(ctx(t), b, client, now), "b revoking")
	ga, _ := newGrant(t, s, a, client, []string{oauth.ScopeRead})
	_, c, err := s.ActiveGrant(ctx(t), ga.ID)
	must(t, err, "a's grant")
	if c.Owner != a || len(c.Scopes) != 2 {
		t.Fatalf("a's grant carries consent %+v", c)
	}
	list, err := s.Consents(ctx(t), b)
	must(t, err, "b's consents")
	if len(list) != 0 {
		t.Fatalf("b sees consents %+v", list)
	}
}

func testCodes(t *testing.T, s oauth.Store) {
	o := owner()
	c := oauth.AuthCode{Hash: hash(), ClientID: "cli_x", Owner: o, RedirectURI: "http://127.0.0.1:1/cb", RedirectGiven: true,
		Challenge: "abc", Scopes: []string{oauth.ScopeRead, oauth.ScopeUsage}, Resource: "https://r.example/mcp", ConsentVersion: 4,
		CreatedAt: now, ExpiresAt: now.Add(time.Minute)}
	must(t, s.CreateAuthCode(ctx(t), c), "create code")
	got, err := s.RedeemAuthCode(ctx(t), c.Hash, now.Add(30*time.Second))
	must(t, err, "redeem")
	if got.Owner != o || got.ClientID != "cli_x" || got.RedirectURI != c.RedirectURI || !got.RedirectGiven || got.Challenge != "abc" ||
		!slices.Equal(got.Scopes, c.Scopes) || got.Resource != c.Resource || got.ConsentVersion != 4 {
		t.Fatalf("redeemed code = %+v", got)
	}
	_, err = s.RedeemAuthCode(ctx(t), c.Hash, now)
	mustReplayed(t, err, "second redemption")

	exp := c
	exp.Hash = hash()
	must(t, s.CreateAuthCode(ctx(t), exp), "create code")
	_, err = s.RedeemAuthCode(ctx(t), exp.Hash, now.Add(time.Minute))
	mustNotFound(t, err, "expired code")
	_, err = s.RedeemAuthCode(ctx(t), hash(), now)
	mustNotFound(t, err, "unknown code")
}

func testCodeReplay(t *testing.T, s oauth.Store) {
	o, client := owner(), schema.NewID("cli_")
	g, rt := newGrant(t, s, o, client, []string{oauth.ScopeRead})
	_, _, err := s.ActiveGrant(ctx(t), g.ID)
	must(t, err, "grant before replay")
	_, err = s.RedeemAuthCode(ctx(t), g.CodeHash, now)
	mustReplayed(t, err, "replayed code")
	_, _, err = s.ActiveGrant(ctx(t), g.ID)
	mustNotFound(t, err, "grant after its code was replayed")
	_, err = s.RotateRefreshToken(ctx(t), rt, client, oauth.RefreshToken{Hash: hash(), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}, now, nil)
	mustNotFound(t, err, "refresh token of the revoked grant")

	// A grant made from a code after the code was replayed is refused.
	code := oauth.AuthCode{Hash: hash(), ClientID: client, Owner: o, Challenge: "c", Scopes: []string{oauth.ScopeRead},
		Resource: "https://r.example/mcp", CreatedAt: now, ExpiresAt: now.Add(time.Minute)}
	must(t, s.CreateAuthCode(ctx(t), code), "create code")
	_, err = s.RedeemAuthCode(ctx(t), code.Hash, now)
	must(t, err, "redeem")
	_, err = s.RedeemAuthCode(ctx(t), code.Hash, now)
	mustReplayed(t, err, "replay before the grant exists")
	late := oauth.Grant{ID: schema.NewID("grt_"), Owner: o, ClientID: client, Scopes: code.Scopes, Resource: code.Resource, CodeHash: code.Hash, CreatedAt: now}
	err = s.CreateGrant(ctx(t), late, oauth.RefreshToken{Hash: hash(), GrantID: late.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	mustReplayed(t, err, "grant from a replayed code")
	_, _, err = s.ActiveGrant(ctx(t), late.ID)
	mustNotFound(t, err, "refused grant")
}

func testCodeRace(t *testing.T, s oauth.Store) {
	c := oauth.AuthCode{Hash: hash(), ClientID: "cli_x", Owner: owner(), Challenge: "c", Scopes: []string{oauth.ScopeRead},
		Resource: "https://r.example/mcp", CreatedAt: now, ExpiresAt: now.Add(time.Minute)}
	must(t, s.CreateAuthCode(ctx(t), c), "create code")
	wins := race(t, 8, func() error { _, err := s.RedeemAuthCode(ctx(t), c.Hash, now); return err }, oauth.ErrReplayed)
	if wins != 1 {
		t.Fatalf("%d concurrent redemptions of one code succeeded, want 1", wins)
	}
}

func next() oauth.RefreshToken {
	return oauth.RefreshToken{Hash: hash(), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
}

func testRefreshRotation(t *testing.T, s oauth.Store) {
	o, client := owner(), schema.NewID("cli_")
	g, rt := newGrant(t, s, o, client, []string{oauth.ScopeRead, oauth.ScopeWrite})
	n1 := next()
	got, err := s.RotateRefreshToken(ctx(t), rt, client, n1, now, nil)
	must(t, err, "rotate")
	if got.ID != g.ID || got.Owner != o || !slices.Equal(got.Scopes, g.Scopes) || got.Resource != g.Resource {
		t.Fatalf("rotated grant = %+v, want %+v", got, g)
	}
	n2 := next()
	_, err = s.RotateRefreshToken(ctx(t), n1.Hash, client, n2, now, nil)
	must(t, err, "rotate successor")
	_, err = s.RotateRefreshToken(ctx(t), n2.Hash, "cli_other", next(), now, nil)
	mustNotFound(t, err, "another client's token")
	_, err = s.RotateRefreshToken(ctx(t), n2.Hash, client, next(), now.Add(time.Hour), nil)
	mustNotFound(t, err, "expired token")
	_, err = s.RotateRefreshToken(ctx(t), hash(), client, next(), now, nil)
	mustNotFound(t, err, "unknown token")
	// None of the refusals spent n2.
	_, err = s.RotateRefreshToken(ctx(t), n2.Hash, client, next(), now, nil)
	must(t, err, "rotate after refusals")
}

func testRefreshReplay(t *testing.T, s oauth.Store) {
	o, client := owner(), schema.NewID("cli_")
	g, rt := newGrant(t, s, o, client, []string{oauth.ScopeRead})
	successor := next()
	_, err := s.RotateRefreshToken(ctx(t), rt, client, successor, now, nil)
	must(t, err, "rotate")
	// The spent token comes back: the lineage is revoked, successor
	// included.
	_, err = s.RotateRefreshToken(ctx(t), rt, client, next(), now, nil)
	mustReplayed(t, err, "spent token presented again")
	_, err = s.RotateRefreshToken(ctx(t), successor.Hash, client, next(), now, nil)
	mustNotFound(t, err, "successor after replay")
	_, _, err = s.ActiveGrant(ctx(t), g.ID)
	mustNotFound(t, err, "grant after replay")
}

func testRefreshChecks(t *testing.T, s oauth.Store) {
	o, client := owner(), schema.NewID("cli_")
	g, rt := newGrant(t, s, o, client, []string{oauth.ScopeRead})
	sentinel := errors.New("escalation")
	var seen oauth.Grant
	_, err := s.RotateRefreshToken(ctx(t), rt, client, next(), now, func(g oauth.Grant) error { seen = g; return sentinel })
	if !errors.Is(err, sentinel) {
		t.Fatalf("check's error: got %v", err)
	}
	if seen.ID != g.ID {
		t.Fatalf("check saw grant %q, want %q", seen.ID, g.ID)
	}
	_, err = s.RotateRefreshToken(ctx(t), rt, client, next(), now, func(oauth.Grant) error { return nil })
	must(t, err, "rotate after a refused check (the token must be unspent)")
}

func testRefreshRace(t *testing.T, s oauth.Store) {
	o, client := owner(), schema.NewID("cli_")
	g, rt := newGrant(t, s, o, client, []string{oauth.ScopeRead})
	wins := race(t, 6, func() error { _, err := s.RotateRefreshToken(ctx(t), rt, client, next(), now, nil); return err },
		oauth.ErrReplayed, schema.ErrNotFound)
	if wins > 1 {
		t.Fatalf("%d concurrent rotations of one refresh token succeeded, want at most 1", wins)
	}
	_, _, err := s.ActiveGrant(ctx(t), g.ID)
	mustNotFound(t, err, "grant after concurrent reuse")
}

func testRevokeRefreshToken(t *testing.T, s oauth.Store) {
	o, client := owner(), schema.NewID("cli_")
	g, rt := newGrant(t, s, o, client, []string{oauth.ScopeRead})
	ok, err := s.RevokeRefreshToken(ctx(t), rt, "cli_other", now)
	must(t, err, "revoke as another client")
	if ok {
		t.Fatal("another client revoked the grant")
	}
	ok, err = s.RevokeRefreshToken(ctx(t), hash(), client, now)
	must(t, err, "revoke unknown")
	if ok {
		t.Fatal("unknown token revoked something")
	}
	ok, err = s.RevokeRefreshToken(ctx(t), rt, client, now)
	must(t, err, "revoke")
	if !ok {
		t.Fatal("revoke reported nothing revoked")
	}
	_, _, err = s.ActiveGrant(ctx(t), g.ID)
	mustNotFound(t, err, "revoked grant")
}

func testGrants(t *testing.T, s oauth.Store) {
	o, client := owner(), schema.NewID("cli_")
	_, err := s.WidenConsent(ctx(t), o, client, []string{oauth.ScopeRead}, now)
	must(t, err, "approve")
	g, _ := newGrant(t, s, o, client, []string{oauth.ScopeRead})
	got, c, err := s.ActiveGrant(ctx(t), g.ID)
	must(t, err, "active grant")
	if got.ID != g.ID || got.CodeHash != g.CodeHash || got.ConsentVersion != 1 || got.RevokedAt != nil {
		t.Fatalf("grant = %+v", got)
	}
	if c.Owner != o || c.ClientID != client || !slices.Equal(c.ScopeNames(), []string{oauth.ScopeRead}) {
		t.Fatalf("grant's consent = %+v", c)
	}
	g2, _ := newGrant(t, s, owner(), client, []string{oauth.ScopeRead})
	_, c2, err := s.ActiveGrant(ctx(t), g2.ID)
	must(t, err, "grant without consent")
	if len(c2.Scopes) != 0 {
		t.Fatalf("grant without consent carries %+v", c2)
	}
	must(t, s.RevokeGrant(ctx(t), g.ID, now), "revoke grant")
	must(t, s.RevokeGrant(ctx(t), g.ID, now), "revoke grant twice")
	_, _, err = s.ActiveGrant(ctx(t), g.ID)
	mustNotFound(t, err, "revoked grant")
	mustNotFound(t, s.RevokeGrant(ctx(t), schema.NewID("grt_"), now), "revoke unknown grant")
}

func testSigningKeys(t *testing.T, s oauth.Store) {
	base := now
	older := oauth.SigningKey{ID: schema.NewID("kid_"), Private: []byte{1, 2, 3}, Encrypted: true, Public: []byte(`{"kty":"EC"}`),
		CreatedAt: base, RetireAt: base.Add(time.Hour), ExpiresAt: base.Add(2 * time.Hour)}
	newer := older
	newer.ID, newer.CreatedAt, newer.Encrypted = schema.NewID("kid_"), base.Add(time.Second), false
	expired := older
	expired.ID, expired.ExpiresAt = schema.NewID("kid_"), base.Add(-time.Second)
	for _, k := range []oauth.SigningKey{older, newer, expired} {
		must(t, s.CreateSigningKey(ctx(t), k), "create key")
	}
	keys, err := s.SigningKeys(ctx(t), base)
	must(t, err, "list keys")
	idx := map[string]int{}
	for i, k := range keys {
		idx[k.ID] = i
	}
	io, okOld := idx[older.ID]
	in, okNew := idx[newer.ID]
	if !okOld || !okNew {
		t.Fatalf("live keys missing from %d keys", len(keys))
	}
	if _, ok := idx[expired.ID]; ok {
		t.Fatal("expired key listed")
	}
	if in > io {
		t.Fatal("keys not newest first")
	}
	k := keys[io]
	if !slices.Equal(k.Private, []byte{1, 2, 3}) || !k.Encrypted || string(k.Public) != `{"kty":"EC"}` || !k.RetireAt.Equal(older.RetireAt) {
		t.Fatalf("key round trip: %+v", k)
	}
}

func testAPIKeys(t *testing.T, s oauth.Store) {
	a, b := owner(), owner()
	k1, plain1, err := oauth.NewAPIKey(ctx(t), s, a, "first", now)
	must(t, err, "create key")
	k2, _, err := oauth.NewAPIKey(ctx(t), s, a, "second", now.Add(time.Second))
	must(t, err, "create key")
	got, err := s.APIKeyByHash(ctx(t), oauth.HashKey(plain1))
	must(t, err, "find key")
	if got.Owner != a || got.ID != k1.ID {
		t.Fatalf("found key %+v", got)
	}
	mustNotFound(t, s.RevokeAPIKey(ctx(t), b, k1.ID), "another owner revoking")
	must(t, s.RevokeAPIKey(ctx(t), a, k1.ID), "revoke")
	_, err = s.APIKeyByHash(ctx(t), oauth.HashKey(plain1))
	mustNotFound(t, err, "revoked key")
	list, err := s.APIKeys(ctx(t), a)
	must(t, err, "list keys")
	if len(list) != 2 || list[0].ID != k2.ID || list[1].ID != k1.ID || list[1].RevokedAt == nil || list[0].RevokedAt != nil {
		t.Fatalf("keys = %+v", list)
	}
	for _, k := range list {
		if k.Hash == "" || k.Hint == "" {
			t.Fatalf("listed key lacks hash or hint: %+v", k)
		}
	}
	other, err := s.APIKeys(ctx(t), b)
	must(t, err, "list b's keys")
	if len(other) != 0 {
		t.Fatalf("b sees %d keys", len(other))
	}
}

func testDeleteExpired(t *testing.T, s oauth.Store) {
	// Far in the past, so pruning at a past instant touches no other
	// test's records.
	past := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(time.Now().UnixNano()%1e9) * time.Millisecond)
	link := oauth.SignInLink{Hash: hash(), Email: "p@example.com", ReturnTo: "/account", CreatedAt: past, ExpiresAt: past.Add(time.Minute)}
	must(t, s.CreateSignInLink(ctx(t), link), "create link")
	sess := oauth.Session{Hash: hash(), Owner: owner(), CreatedAt: past, ExpiresAt: past.Add(time.Minute)}
	must(t, s.CreateSession(ctx(t), sess), "create session")
	code := oauth.AuthCode{Hash: hash(), ClientID: "cli_x", Owner: owner(), Challenge: "c", Scopes: []string{oauth.ScopeRead},
		Resource: "r", CreatedAt: past, ExpiresAt: past.Add(time.Minute)}
	must(t, s.CreateAuthCode(ctx(t), code), "create code")
	must(t, s.DeleteExpired(ctx(t), past.Add(2*time.Minute)), "delete expired")
	_, err := s.SignInLink(ctx(t), link.Hash, past)
	mustNotFound(t, err, "pruned link")
	_, err = s.Session(ctx(t), sess.Hash, past)
	mustNotFound(t, err, "pruned session")
	_, err = s.RedeemAuthCode(ctx(t), code.Hash, past)
	mustNotFound(t, err, "pruned code")
}
