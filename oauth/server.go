package oauth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Paths the server handles, relative to PublicURL.
const (
	PathAuthServerMetadata   = "/.well-known/oauth-authorization-server"
	PathResourceMetadata     = "/.well-known/oauth-protected-resource"
	PathMCPResourceMetadata  = "/.well-known/oauth-protected-resource/mcp"
	PathRegister             = "/oauth/register"
	PathAuthorize            = "/oauth/authorize"
	PathToken                = "/oauth/token"
	PathRevoke               = "/oauth/revoke"
	PathJWKS                 = "/oauth/jwks.json"
	PathSignIn               = "/oauth/signin"
	PathSignInLink           = "/oauth/signin/link"
	PathSignOut              = "/oauth/signout"
	PathAccount              = "/account"
	PathAccountKeys          = "/account/keys"
	PathAccountKeyRevoke     = "/account/keys/revoke"
	PathAccountConsentRevoke = "/account/consents/revoke"
	PathAccountConsentNarrow = "/account/consents/narrow"
)

// MCPPath is where the MCP endpoint is served; the protected resource is
// PublicURL+MCPPath.
const MCPPath = "/mcp"

// clientIDPrefix starts every client id; ownerPrefix every account's owner
// id; grantPrefix every grant id.
const (
	clientIDPrefix = "cli_"
	ownerPrefix    = "usr_"
	grantPrefix    = "grt_"
)

// Server is the OAuth 2.1 authorization server and the resource server's
// verifier. Its handlers use net/http only, so they mount on the same mux
// as /mcp and the API. Safe for concurrent use.
type Server struct {
	cfg      Config
	store    Store
	log      *slog.Logger
	issuer   string
	resource string
	keys     keyring
	apiKeys  func(ctx context.Context, credential string) (schema.Owner, error)
	keyCache *keyCache
	limits   limiters
	mux      *http.ServeMux
}

// New validates cfg and builds the server, loading the signing keys (and
// creating the first one on a fresh store). The error wraps schema.ErrInvalid
// for a bad Config or a sealed key the configured key-encryption key does not
// open, and schema.ErrUnavailable when the store cannot be reached.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	s := &Server{
		cfg:      cfg,
		store:    cfg.Store,
		log:      cfg.Logger,
		issuer:   cfg.PublicURL,
		resource: cfg.PublicURL + MCPPath,
		keyCache: newKeyCache(cfg.APIKeyCacheTTL, cfg.Now),
		limits:   newLimiters(),
	}
	s.apiKeys = s.keyCache.authenticator(cfg.Store)
	if len(cfg.KeyEncryptionKey) == 0 {
		s.log.Warn("oauth: no key-encryption key configured; signing keys are stored unsealed in the database")
	}
	if _, err := s.signingKey(ctx); err != nil {
		return nil, err
	}
	s.mux = http.NewServeMux()
	s.Register(s.mux)
	return s, nil
}

// Register adds the server's routes (the Path constants) to mux. Each
// route checks its own method, so they never collide with a catch-all "/"
// pattern on the same mux.
func (s *Server) Register(mux *http.ServeMux) {
	routes := map[string]http.HandlerFunc{
		PathAuthServerMetadata:   s.authServerMetadata,
		PathResourceMetadata:     s.resourceMetadata,
		PathMCPResourceMetadata:  s.resourceMetadata,
		PathRegister:             s.register,
		PathAuthorize:            s.authorize,
		PathToken:                s.token,
		PathRevoke:               s.revoke,
		PathJWKS:                 s.jwks,
		PathSignIn:               s.signIn,
		PathSignInLink:           s.signInLink,
		PathSignOut:              s.signOut,
		PathAccount:              s.account,
		PathAccountKeys:          s.accountCreateKey,
		PathAccountKeyRevoke:     s.accountRevokeKey,
		PathAccountConsentRevoke: s.accountRevokeConsent,
		PathAccountConsentNarrow: s.accountNarrowConsent,
	}
	// Rate limits per client IP on the endpoints that need no credential
	// (sign-in is limited per email address too, in signIn).
	limited := map[string]func(http.Handler) http.Handler{
		PathRegister:  func(h http.Handler) http.Handler { return s.limitJSON(s.limits.register, h) },
		PathToken:     func(h http.Handler) http.Handler { return s.limitJSON(s.limits.token, h) },
		PathRevoke:    func(h http.Handler) http.Handler { return s.limitJSON(s.limits.token, h) },
		PathAuthorize: func(h http.Handler) http.Handler { return s.limitPage(s.limits.authorize, h) },
		PathSignIn:    func(h http.Handler) http.Handler { return s.limitPage(s.limits.signInIP, h) },
	}
	for p, h := range routes {
		var handler http.Handler = h
		if limit, ok := limited[p]; ok {
			handler = limit(handler)
		}
		if corsPaths[p] {
			handler = cors(handler)
		}
		mux.Handle(p, s.recoverer(handler))
	}
}

// corsPaths are the endpoints a browser-based client calls from its own
// origin. None of them reads a cookie, so any origin may call them; the
// browser pages (authorize, sign-in, account) are not among them.
var corsPaths = map[string]bool{
	PathAuthServerMetadata: true, PathResourceMetadata: true, PathMCPResourceMetadata: true,
	PathRegister: true, PathToken: true, PathRevoke: true, PathJWKS: true,
}

// cors answers preflights and lets any origin read the response.
func cors(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			w.Header().Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
			w.Header().Set("Access-Control-Allow-Headers", "Authorization, Content-Type, MCP-Protocol-Version")
			w.Header().Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// Handler serves the server's routes alone; anything else is 404.
func (s *Server) Handler() http.Handler { return s.mux }

// Issuer is the authorization server's issuer identifier: PublicURL.
func (s *Server) Issuer() string { return s.issuer }

// Resource is the protected resource's identifier: PublicURL+"/mcp".
func (s *Server) Resource() string { return s.resource }

// ResourceMetadataURL is the RFC 9728 metadata URL of the resource, the one
// every 401 names.
func (s *Server) ResourceMetadataURL() string { return s.issuer + PathMCPResourceMetadata }

// isResource reports whether aud names this server as a resource: the MCP
// endpoint or the API's origin.
func (s *Server) isResource(aud string) bool { return aud == s.resource || aud == s.issuer }

func (s *Server) now() time.Time { return s.cfg.Now() }

// Prune deletes expired codes, links, sessions, refresh tokens and keys.
// Run it now and then; nothing depends on it for correctness.
func (s *Server) Prune(ctx context.Context) error { return s.store.DeleteExpired(ctx, s.now()) }

// recoverer turns a panic into a 500 without its text.
func (s *Server) recoverer(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				s.log.Error("oauth: panic in handler", "path", r.URL.Path, "panic", fmt.Sprintf("%T", v))
				http.Error(w, "internal error", http.StatusInternalServerError)
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// randomToken returns n random bytes, base64url without padding.
func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand failed: " + err.Error()) // cannot happen on Linux
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Secret prefixes, so a leaked value says what it is and secret scanners
// can recognise it.
const (
	refreshTokenPrefix = "pmr_"
	codePrefix         = "pmc_"
	linkPrefix         = "pml_"
	sessionPrefix      = "pms_"
)

// newSecret returns a prefixed 256-bit secret and its stored hash.
func newSecret(prefix string) (plain, hash string) {
	plain = prefix + randomToken(32)
	return plain, HashKey(plain)
}

// writeJSON writes v with status; OAuth responses are never cached.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// oauthError is the RFC 6749 §5.2 error body.
type oauthError struct {
	Code        string `json:"error"`
	Description string `json:"error_description,omitempty"`
}

// writeOAuthError writes an OAuth error. description must not contain a
// secret or echo a parameter's value.
func writeOAuthError(w http.ResponseWriter, status int, code, description string) {
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Basic realm="persistmemory"`)
	}
	writeJSON(w, status, oauthError{Code: code, Description: description})
}

// maxFormBytes bounds form bodies.
const maxFormBytes = 16 << 10

// postForm reads an application/x-www-form-urlencoded POST body, refusing
// other methods and content types, oversized bodies, and repeated
// parameters (RFC 6749 §3.1). Query-string parameters are never read: a
// secret in a URL ends up in logs.
func postForm(w http.ResponseWriter, r *http.Request) (map[string]string, *oauthError, int) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		return nil, &oauthError{"invalid_request", "use POST"}, http.StatusMethodNotAllowed
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/x-www-form-urlencoded" {
		return nil, &oauthError{"invalid_request", "the body must be application/x-www-form-urlencoded"}, http.StatusBadRequest
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		return nil, &oauthError{"invalid_request", "the body is not a readable form or is too large"}, http.StatusBadRequest
	}
	return single(r.PostForm)
}

// single flattens form values, refusing repeated parameters.
func single(v map[string][]string) (map[string]string, *oauthError, int) {
	out := make(map[string]string, len(v))
	for k, vs := range v {
		if len(vs) != 1 {
			return nil, &oauthError{"invalid_request", fmt.Sprintf("parameter %q is repeated", truncate(k, 40))}, http.StatusBadRequest
		}
		out[k] = vs[0]
	}
	return out, nil, 0
}

// clientCredentials returns the client_id of a token or revocation request
// from the body or from HTTP Basic with an empty password (public clients
// have no secret). Both present must agree.
func clientCredentials(r *http.Request, form map[string]string) (string, *oauthError) {
	id := form["client_id"]
	if u, p, ok := r.BasicAuth(); ok {
		if p != "" {
			return "", &oauthError{"invalid_client", "clients of this server are public and have no secret"}
		}
		if id != "" && id != u {
			return "", &oauthError{"invalid_client", "client_id differs between the body and the Authorization header"}
		}
		id = u
	}
	if id == "" {
		return "", &oauthError{"invalid_client", "client_id is required"}
	}
	return id, nil
}

// serverErrorCode maps an error that is not about the request: a store that
// is down is worth retrying, anything else is the server's fault.
func serverErrorCode(err error) (int, string) {
	if errorsIs(err, schema.ErrUnavailable) {
		return http.StatusServiceUnavailable, "temporarily_unavailable"
	}
	return http.StatusInternalServerError, "server_error"
}

func (s *Server) internal(w http.ResponseWriter, r *http.Request, what string, err error) {
	status, code := serverErrorCode(err)
	s.log.ErrorContext(r.Context(), "oauth: "+what, "err", err)
	writeOAuthError(w, status, code, "the server could not complete the request; try again")
}
