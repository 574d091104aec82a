package oauth

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// Sign-in is by emailed link. POST /oauth/signin sends a link to the
// address; the link opens a page (GET /oauth/signin/link) whose button
// POSTs the token back, so mail scanners that fetch links cannot spend it.
// The POST redeems the link once, finds or creates the account for the
// address, starts a session and continues to where the person was going.

// validReturnTo accepts only local continuations: the authorization
// endpoint or the account page. Anything else would be an open redirect.
func validReturnTo(p string) bool {
	if p == PathAccount {
		return true
	}
	if !strings.HasPrefix(p, PathAuthorize+"?") || strings.ContainsAny(p, "\\\r\n") {
		return false
	}
	u, err := url.Parse(p)
	return err == nil && u.Scheme == "" && u.Host == "" && u.Path == PathAuthorize
}

// signIn handles the email form: it sends the link and says so.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	form, ok := s.pageForm(w, r)
	if !ok {
		return
	}
	returnTo := form.Get("return_to")
	if !validReturnTo(returnTo) {
		returnTo = PathAccount
	}
	email, err := normalizeEmail(form.Get("email"))
	if err != nil {
		s.signInPage(w, http.StatusBadRequest, returnTo, "That does not look like an email address.")
		return
	}
	if ok, wait := s.limits.signInEmail.allow(email, s.now()); !ok {
		secs := retryAfter(wait)
		w.Header().Set("Retry-After", fmt.Sprint(secs))
		s.signInPage(w, http.StatusTooManyRequests, returnTo,
			fmt.Sprintf("Several sign-in links have just been sent to that address. Use the newest one, or wait %s and ask again.", waitWords(secs)))
		return
	}
	plain, hash := newSecret(linkPrefix)
	now := s.now()
	if err := s.store.CreateSignInLink(r.Context(), SignInLink{
		Hash: hash, Email: email, ReturnTo: returnTo, CreatedAt: now.UTC(), ExpiresAt: now.Add(s.cfg.LinkTTL).UTC(),
	}); err != nil {
		s.internalPage(w, r, "sign-in: store link", err)
		return
	}
	link := s.issuer + PathSignInLink + "?" + url.Values{"token": {plain}}.Encode()
	msg := Message{
		To:      email,
		Subject: "Your PersistMemory sign-in link",
		Text: fmt.Sprintf("Open this link to sign in to PersistMemory:\n\n%s\n\n"+
			"It works once, for %d minutes. If you did not ask to sign in, ignore this message: nobody can sign in without the link.\n",
			link, int(s.cfg.LinkTTL.Minutes())),
	}
	if err := s.cfg.Mailer.Send(r.Context(), msg); err != nil {
		s.log.ErrorContext(r.Context(), "oauth: sign-in mail not sent", "err", err)
		s.errorPage(w, http.StatusServiceUnavailable, "The sign-in email could not be sent. Try again in a moment.")
		return
	}
	s.page(w, http.StatusOK, "sent", map[string]any{"Email": email, "Minutes": int(s.cfg.LinkTTL.Minutes())})
}

// signInLink shows the link's confirmation page (GET) or redeems it (POST).
func (s *Server) signInLink(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		q := r.URL.Query()
		token := q.Get("token")
		if len(q["token"]) != 1 || !looksLike(token, linkPrefix) {
			s.errorPage(w, http.StatusBadRequest, "This sign-in link is not valid. Start again from the application.")
			return
		}
		l, err := s.store.SignInLink(r.Context(), HashKey(token), s.now())
		if err != nil {
			if errorsIsNotFound(err) {
				s.errorPage(w, http.StatusBadRequest, "This sign-in link has expired or has already been used. Start again from the application.")
				return
			}
			s.internalPage(w, r, "sign-in: read link", err)
			return
		}
		s.page(w, http.StatusOK, "confirm", map[string]any{"Email": l.Email, "Token": token})
	case http.MethodPost:
		form, ok := s.pageForm(w, r)
		if !ok {
			return
		}
		token := form.Get("token")
		if !looksLike(token, linkPrefix) {
			s.errorPage(w, http.StatusBadRequest, "This sign-in link is not valid. Start again from the application.")
			return
		}
		l, err := s.store.RedeemSignInLink(r.Context(), HashKey(token), s.now())
		if err != nil {
			if errorsIsNotFound(err) {
				s.errorPage(w, http.StatusBadRequest, "This sign-in link has expired or has already been used. Start again from the application.")
				return
			}
			s.internalPage(w, r, "sign-in: redeem link", err)
			return
		}
		now := s.now()
		acct, err := s.store.AccountForEmail(r.Context(), l.Email, schema.Owner(schema.NewID(ownerPrefix)), now.UTC())
		if err != nil {
			s.internalPage(w, r, "sign-in: account", err)
			return
		}
		if old, ok, _ := s.currentSession(r); ok {
			_ = s.store.DeleteSession(r.Context(), old.session.Hash)
		}
		plain, hash := newSecret(sessionPrefix)
		if err := s.store.CreateSession(r.Context(), Session{Hash: hash, Owner: acct.Owner, CreatedAt: now.UTC(), ExpiresAt: now.Add(s.cfg.SessionTTL).UTC()}); err != nil {
			s.internalPage(w, r, "sign-in: session", err)
			return
		}
		s.log.InfoContext(r.Context(), "oauth: signed in", "owner", acct.Owner)
		s.setSessionCookie(w, plain, s.cfg.SessionTTL)
		returnTo := l.ReturnTo
		if !validReturnTo(returnTo) {
			returnTo = PathAccount
		}
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, returnTo, http.StatusSeeOther)
	default:
		w.Header().Set("Allow", "GET, POST")
		s.errorPage(w, http.StatusMethodNotAllowed, "Use GET or POST.")
	}
}

// signOut ends the session.
func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	form, ok := s.pageForm(w, r)
	if !ok {
		return
	}
	sess, signedIn, err := s.currentSession(r)
	if err != nil {
		s.internalPage(w, r, "sign-out: read session", err)
		return
	}
	if signedIn {
		if !validCSRF(sess.plain, form.Get("csrf")) {
			s.errorPage(w, http.StatusForbidden, "This form is stale. Reload the page and try again.")
			return
		}
		if err := s.store.DeleteSession(r.Context(), sess.session.Hash); err != nil {
			s.internalPage(w, r, "sign-out: delete session", err)
			return
		}
	}
	s.clearSessionCookie(w)
	s.page(w, http.StatusOK, "signedout", nil)
}

// looksLike checks a secret's shape before it is hashed and looked up.
func looksLike(v, prefix string) bool {
	return strings.HasPrefix(v, prefix) && len(v) == len(prefix)+43
}

// pageForm reads a browser form POST for a page handler, refusing other
// methods, cross-site posts and oversized or repeated fields.
func (s *Server) pageForm(w http.ResponseWriter, r *http.Request) (url.Values, bool) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		s.errorPage(w, http.StatusMethodNotAllowed, "Use POST.")
		return nil, false
	}
	if !sameOrigin(r, s.issuer) {
		s.errorPage(w, http.StatusForbidden, "This form was sent from another site, so it was not accepted.")
		return nil, false
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		s.errorPage(w, http.StatusBadRequest, "The form could not be read.")
		return nil, false
	}
	for _, vs := range r.PostForm {
		if len(vs) != 1 {
			s.errorPage(w, http.StatusBadRequest, "The form repeats a field.")
			return nil, false
		}
	}
	return r.PostForm, true
}
