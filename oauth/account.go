package oauth

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// The account page: sign in by email link, then create and revoke API keys
// and disconnect applications. Every form carries the session's CSRF token.

type accountKey struct {
	ID, Name, Hint, Created string
	Revoked                 bool
}

type accountConsent struct {
	ClientID, Name string
	Scopes         []accountScope
}

// accountScope is one permission a connected application holds, shown as
// a checkbox: unchecking it and saving narrows the consent.
type accountScope struct {
	Field, Description string
}

// narrowFieldPrefix names the narrowing form's checkboxes: one field per
// scope kept, "keep." + the scope, so the form repeats no field.
const narrowFieldPrefix = "keep."

// account renders the account page, or the sign-in page when signed out.
func (s *Server) account(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET")
		s.errorPage(w, http.StatusMethodNotAllowed, "Use GET.")
		return
	}
	sess, ok, err := s.currentSession(r)
	if err != nil {
		s.internalPage(w, r, "account: read session", err)
		return
	}
	if !ok {
		s.signInPage(w, http.StatusOK, PathAccount, "")
		return
	}
	s.renderAccount(w, r, sess, "")
}

func (s *Server) renderAccount(w http.ResponseWriter, r *http.Request, sess browserSession, newKey string) {
	ctx := r.Context()
	owner := sess.session.Owner
	acct, err := s.store.Account(ctx, owner)
	if err != nil {
		s.internalPage(w, r, "account: read account", err)
		return
	}
	keys, err := s.store.APIKeys(ctx, owner)
	if err != nil {
		s.internalPage(w, r, "account: list keys", err)
		return
	}
	consents, err := s.store.Consents(ctx, owner)
	if err != nil {
		s.internalPage(w, r, "account: list consents", err)
		return
	}
	var ks []accountKey
	for _, k := range keys {
		ks = append(ks, accountKey{ID: k.ID, Name: k.Name, Hint: k.Hint, Created: formatDate(k.CreatedAt), Revoked: k.RevokedAt != nil})
	}
	var cs []accountConsent
	for _, c := range consents {
		name := c.ClientID
		if cl, err := s.store.Client(ctx, c.ClientID); err == nil && cl.Name != "" {
			name = cl.Name
		}
		var scopes []accountScope
		for _, sc := range c.ScopeNames() {
			scopes = append(scopes, accountScope{Field: narrowFieldPrefix + sc, Description: ScopeDescription(sc)})
		}
		cs = append(cs, accountConsent{ClientID: c.ClientID, Name: name, Scopes: scopes})
	}
	s.page(w, http.StatusOK, "account", map[string]any{
		"Email": acct.Email, "Keys": ks, "Consents": cs, "CSRF": csrfToken(sess.plain), "NewKey": newKey,
	})
}

// accountForm reads an account form and its signed-in session, checking
// the CSRF token.
func (s *Server) accountForm(w http.ResponseWriter, r *http.Request) (browserSession, url.Values, bool) {
	form, ok := s.pageForm(w, r)
	if !ok {
		return browserSession{}, nil, false
	}
	sess, signedIn, err := s.currentSession(r)
	if err != nil {
		s.internalPage(w, r, "account: read session", err)
		return browserSession{}, nil, false
	}
	if !signedIn {
		s.signInPage(w, http.StatusUnauthorized, PathAccount, "Your session has ended; sign in again.")
		return browserSession{}, nil, false
	}
	if !validCSRF(sess.plain, form.Get("csrf")) {
		s.errorPage(w, http.StatusForbidden, "This form is stale. Reload the account page and try again.")
		return browserSession{}, nil, false
	}
	return sess, form, true
}

// accountCreateKey creates an API key and shows it once.
func (s *Server) accountCreateKey(w http.ResponseWriter, r *http.Request) {
	sess, form, ok := s.accountForm(w, r)
	if !ok {
		return
	}
	name := strings.TrimSpace(form.Get("name"))
	if !printable(name) || len(name) > 100 {
		s.errorPage(w, http.StatusBadRequest, "A key's name is at most 100 printable characters.")
		return
	}
	k, plain, err := NewAPIKey(r.Context(), s.store, sess.session.Owner, name, s.now())
	if err != nil {
		s.internalPage(w, r, "account: create key", err)
		return
	}
	s.log.InfoContext(r.Context(), "oauth: api key created", "owner", sess.session.Owner, "key_id", k.ID)
	s.renderAccount(w, r, sess, plain)
}

// accountRevokeKey revokes one of the signed-in person's API keys.
func (s *Server) accountRevokeKey(w http.ResponseWriter, r *http.Request) {
	sess, form, ok := s.accountForm(w, r)
	if !ok {
		return
	}
	err := s.store.RevokeAPIKey(r.Context(), sess.session.Owner, form.Get("id"))
	// Forgotten whatever the store said: a revoked key must not be
	// trusted from the cache.
	s.keyCache.forget(sess.session.Owner, form.Get("id"))
	if err != nil && !errorsIsNotFound(err) {
		s.internalPage(w, r, "account: revoke key", err)
		return
	}
	if err == nil {
		s.log.InfoContext(r.Context(), "oauth: api key revoked", "owner", sess.session.Owner, "key_id", form.Get("id"))
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, PathAccount, http.StatusSeeOther)
}

// accountRevokeConsent disconnects an application: its consent loses every
// scope and every grant to it is revoked, so its next call fails.
func (s *Server) accountRevokeConsent(w http.ResponseWriter, r *http.Request) {
	sess, form, ok := s.accountForm(w, r)
	if !ok {
		return
	}
	clientID := form.Get("client_id")
	err := s.store.RevokeConsent(r.Context(), sess.session.Owner, clientID, s.now())
	if err != nil && !errorsIsNotFound(err) {
		s.internalPage(w, r, "account: revoke consent", err)
		return
	}
	if err == nil {
		s.log.InfoContext(r.Context(), "oauth: consent revoked", "owner", sess.session.Owner, "client_id", clientID)
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, PathAccount, http.StatusSeeOther)
}

// accountNarrowConsent keeps only the checked permissions of an
// application's consent. It can only take away: a permission the consent
// does not hold is not added, whatever the form says. Tokens already
// issued lose what was dropped on their next call (Authenticate checks the
// live consent); keeping nothing disconnects the application.
func (s *Server) accountNarrowConsent(w http.ResponseWriter, r *http.Request) {
	sess, form, ok := s.accountForm(w, r)
	if !ok {
		return
	}
	clientID := form.Get("client_id")
	if clientID == "" {
		s.errorPage(w, http.StatusBadRequest, "The form does not name an application.")
		return
	}
	keep := []string{}
	for field := range form {
		sc, isScope := strings.CutPrefix(field, narrowFieldPrefix)
		if !isScope {
			continue
		}
		if !slices.Contains(Scopes, sc) {
			s.errorPage(w, http.StatusBadRequest, "The form names a permission that does not exist.")
			return
		}
		keep = append(keep, sc)
	}
	keep = normalizeScopes(keep)
	owner, now := sess.session.Owner, s.now()
	var err error
	if len(keep) == 0 {
		err = s.store.RevokeConsent(r.Context(), owner, clientID, now)
	} else {
		_, err = s.store.NarrowConsent(r.Context(), owner, clientID, keep, now)
	}
	if err != nil && !errorsIsNotFound(err) {
		s.internalPage(w, r, "account: narrow consent", err)
		return
	}
	if err == nil {
		s.log.InfoContext(r.Context(), "oauth: consent narrowed", "owner", owner, "client_id", clientID, "kept", strings.Join(keep, " "))
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, PathAccount, http.StatusSeeOther)
}
