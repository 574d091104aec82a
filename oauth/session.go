package oauth

import (
	"net/http"
	"strings"
	"time"
)

// browserSession is the signed-in session of a request and the cookie
// value that proves it (from which CSRF tokens derive).
type browserSession struct {
	session Session
	plain   string
}

// cookieName is __Host- prefixed on https, which pins the cookie to this
// origin; plain http (loopback development) cannot use the prefix.
func (s *Server) cookieName() string {
	if strings.HasPrefix(s.issuer, "https://") {
		return "__Host-pm_session"
	}
	return "pm_session"
}

// currentSession returns the request's live session, if any.
func (s *Server) currentSession(r *http.Request) (browserSession, bool, error) {
	c, err := r.Cookie(s.cookieName())
	if err != nil || !strings.HasPrefix(c.Value, sessionPrefix) || len(c.Value) > 100 {
		return browserSession{}, false, nil
	}
	sess, err := s.store.Session(r.Context(), HashKey(c.Value), s.now())
	if err != nil {
		if errorsIsNotFound(err) {
			return browserSession{}, false, nil
		}
		return browserSession{}, false, err
	}
	return browserSession{session: sess, plain: c.Value}, true, nil
}

// setSessionCookie signs the browser in.
func (s *Server) setSessionCookie(w http.ResponseWriter, plain string, ttl time.Duration) {
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(), Value: plain, Path: "/", MaxAge: int(ttl / time.Second),
		HttpOnly: true, Secure: strings.HasPrefix(s.issuer, "https://"), SameSite: http.SameSiteLaxMode,
	})
}

func (s *Server) clearSessionCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(), Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: strings.HasPrefix(s.issuer, "https://"), SameSite: http.SameSiteLaxMode,
	})
}
