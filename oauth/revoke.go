package oauth

import (
	"net/http"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// revoke is the RFC 7009 revocation endpoint. A refresh token revokes its
// grant (lineage); an access token revokes the grant it was minted from,
// which every call checks, so it stops working at once. Unknown, invalid or
// another client's tokens change nothing and still get 200, as §2.2 says.
func (s *Server) revoke(w http.ResponseWriter, r *http.Request) {
	form, clientID, ok := s.clientForm(w, r, "revoke")
	if !ok {
		return
	}
	tok := form["token"]
	if tok == "" {
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "token is required")
		return
	}
	switch {
	case strings.HasPrefix(tok, refreshTokenPrefix):
		if looksLike(tok, refreshTokenPrefix) {
			revoked, err := s.store.RevokeRefreshToken(r.Context(), HashKey(tok), clientID, s.now())
			if err != nil {
				s.internal(w, r, "revoke: refresh token", err)
				return
			}
			if revoked {
				s.log.InfoContext(r.Context(), "oauth: grant revoked by its client", "client_id", clientID)
			}
		}
	default:
		c, err := s.parseAccessToken(r.Context(), tok)
		if err == nil && c.ClientID == clientID {
			if err := s.store.RevokeGrant(r.Context(), c.GrantID, s.now()); err != nil && !errorsIsNotFound(err) {
				s.internal(w, r, "revoke: grant", err)
				return
			}
			s.log.InfoContext(r.Context(), "oauth: grant revoked by its client", "client_id", clientID, "grant_id", c.GrantID)
		} else if err != nil && !errorsIs(err, schema.ErrUnauthenticated) {
			s.internal(w, r, "revoke: read access token", err)
			return
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
}
