package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// Principal is who a credential proved and what it may do.
type Principal struct {
	Owner  schema.Owner
	Scopes []string
}

// Authenticator turns a bearer credential into the principal it proves, or
// an error wrapping schema.ErrUnauthenticated.
type Authenticator func(ctx context.Context, credential string) (Principal, error)

// Scopes, one per route (see routes in New).
const (
	ScopeRead    = "memory:read"
	ScopeCapture = "memory:capture"
	ScopeWrite   = "memory:write"
	ScopeUsage   = "usage:read"
)

// Check is one readiness probe: nil when the named dependency is ready.
type Check struct {
	Name string
	// Probe returns nil when ready. A dependency that is not configured
	// returns an error wrapping ErrNotConfigured.
	Probe func(ctx context.Context) error
}

// ErrNotConfigured marks a readiness check for a dependency the deployment
// does not use; it does not make the service unready.
var ErrNotConfigured = errors.New("not configured")

// ReadyTimeout bounds each readiness probe.
const ReadyTimeout = 3 * time.Second

// Config wires the API. Graph, Pipeline, Searcher and Auth are required.
type Config struct {
	Graph    graph.Store
	Pipeline *ingest.Pipeline
	Searcher *retrieval.Searcher
	Auth     Authenticator
	// People finds who signs in with an address, for sharing a Space by
	// email; nil means by user id only.
	People PeopleDirectory
	Checks []Check
	Logger *slog.Logger
	// ResourceMetadataURL is named in every 401's WWW-Authenticate
	// (RFC 9728), so a client can discover how to get a token.
	ResourceMetadataURL string
}

// Server is the HTTP API. Safe for concurrent use.
type Server struct {
	cfg     Config
	log     *slog.Logger
	h       *gin.Engine
	buckets *limiters
}

const ctxLogger = "persistmemory.logger"
const ctxOwner = "persistmemory.owner"
const ctxCredential = "persistmemory.credential"
const ctxScopes = "persistmemory.scopes"

// require answers 403 naming the permission when the credential lacks scope.
func (s *Server) require(scope string) gin.HandlerFunc {
	return func(c *gin.Context) {
		scopes, _ := c.Get(ctxScopes)
		if have, _ := scopes.([]string); !slices.Contains(have, scope) {
			c.Header("WWW-Authenticate", s.challenge(`, error="insufficient_scope", scope="`+scope+`"`))
			abort(c, http.StatusForbidden, CodeForbidden, "this credential lacks the "+scope+" permission, which this route needs", false)
			return
		}
		c.Next()
	}
}

func loggerFrom(c *gin.Context) *slog.Logger {
	if v, ok := c.Get(ctxLogger); ok {
		return v.(*slog.Logger)
	}
	return nil
}

// New builds the API's handler.
func New(cfg Config) (*Server, error) {
	if cfg.Graph == nil || cfg.Pipeline == nil || cfg.Searcher == nil || cfg.Auth == nil {
		return nil, errors.New("api: Graph, Pipeline, Searcher and Auth are required")
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{cfg: cfg, log: log, buckets: newLimiters()}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.Use(s.recoverer, s.accessLog)
	r.NoRoute(func(c *gin.Context) {
		abort(c, http.StatusNotFound, CodeNotFound, "no such route: "+c.Request.Method+" "+c.Request.URL.Path, false)
	})
	r.NoMethod(func(c *gin.Context) {
		abort(c, http.StatusMethodNotAllowed, CodeInvalid, "method "+c.Request.Method+" is not allowed on "+c.Request.URL.Path, false)
	})
	r.GET("/openapi.json", s.openAPI)
	r.GET("/healthz", s.healthz)
	r.GET("/readyz", s.readyz)
	r.GET("/api/v1/health/live", s.healthz)
	r.GET("/api/v1/health/ready", s.readyz)
	v1 := r.Group("/api/v1")
	v1.GET("/limits", s.limits)
	authed := v1.Group("", s.authenticate, s.rateLimit, s.idempotentPOST)
	// One scope per route, checked in front of its handler.
	authed.POST("/memories", s.require(ScopeCapture), s.remember)
	authed.GET("/jobs/:id", s.require(ScopeRead), s.job)
	authed.POST("/search", s.require(ScopeRead), s.search)
	authed.POST("/search/context", s.require(ScopeRead), s.searchContext)
	authed.POST("/cypher", s.require(ScopeQuery), s.cypher)
	s.routesEngine(authed)
	s.h = r
	return s, nil
}

// Handler returns the http.Handler serving the API.
func (s *Server) Handler() http.Handler { return s.h }

func (s *Server) recoverer(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in handler", "path", c.Request.URL.Path, "panic", fmt.Sprint(r))
			abort(c, http.StatusInternalServerError, CodeInternal, "internal error; it has been logged", true)
		}
	}()
	c.Next()
}

func (s *Server) accessLog(c *gin.Context) {
	start := time.Now()
	c.Set(ctxLogger, s.log)
	c.Next()
	// The query string is left out: it may carry a credential.
	s.log.Debug("http", "method", c.Request.Method, "path", c.Request.URL.Path, "status", c.Writer.Status(), "duration", time.Since(start))
}

func (s *Server) challenge(extra string) string {
	h := `Bearer realm="persistmemory"`
	if s.cfg.ResourceMetadataURL != "" {
		h += `, resource_metadata="` + s.cfg.ResourceMetadataURL + `"`
	}
	return h + extra
}

func (s *Server) authenticate(c *gin.Context) {
	h := c.GetHeader("Authorization")
	scheme, cred, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(cred) == "" {
		c.Header("WWW-Authenticate", s.challenge(""))
		abort(c, http.StatusUnauthorized, CodeUnauthenticated, "missing credential: send Authorization: Bearer <API key or access token>", false)
		return
	}
	p, err := s.cfg.Auth(c.Request.Context(), strings.TrimSpace(cred))
	if err != nil {
		if errors.Is(err, schema.ErrUnauthenticated) {
			c.Header("WWW-Authenticate", s.challenge(`, error="invalid_token"`))
			abort(c, http.StatusUnauthorized, CodeUnauthenticated, "the credential is not valid", false)
			return
		}
		fail(c, err)
		return
	}
	c.Set(ctxOwner, p.Owner)
	c.Set(ctxScopes, p.Scopes)
	c.Set(ctxCredential, strings.TrimSpace(cred))
	c.Next()
}

func owner(c *gin.Context) schema.Owner { return c.MustGet(ctxOwner).(schema.Owner) }

// decode reads a JSON body into v: content type must be JSON, the body at
// most schema.MaxRequestBytes of valid UTF-8, with no unknown fields and no
// trailing data. It answers the request itself and returns false on error.
func decode(c *gin.Context, v any) bool {
	ct := c.GetHeader("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		abort(c, http.StatusUnsupportedMediaType, CodeUnsupportedType, fmt.Sprintf("Content-Type must be application/json, got %q", ct), false)
		return false
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, schema.MaxRequestBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			abort(c, http.StatusRequestEntityTooLarge, CodeTooLarge, fmt.Sprintf("request body is larger than the limit of %d bytes (MaxRequestBytes)", schema.MaxRequestBytes), false)
			return false
		}
		abort(c, http.StatusBadRequest, CodeInvalid, "could not read the request body", false)
		return false
	}
	if !utf8.Valid(body) {
		abort(c, http.StatusBadRequest, CodeInvalid, "request body is not valid UTF-8", false)
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		abort(c, http.StatusBadRequest, CodeInvalid, "malformed JSON: "+jsonProblem(err), false)
		return false
	}
	if dec.More() {
		abort(c, http.StatusBadRequest, CodeInvalid, "malformed JSON: unexpected data after the JSON value", false)
		return false
	}
	return true
}

func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("syntax error at byte %d", se.Offset)
	case errors.As(err, &te):
		return fmt.Sprintf("field %q must be %s, not %s", te.Field, te.Type, te.Value)
	case errors.Is(err, io.EOF):
		return "the body is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the body ends in the middle of a value"
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "unknown field " + f
	}
	return "the body is not a JSON object of the expected shape"
}

const schemaMaxRequestBytes = schema.MaxRequestBytes

// idempotentPOST applies Idempotency-Key to every POST.
func (s *Server) idempotentPOST(c *gin.Context) {
	if c.Request.Method != http.MethodPost {
		c.Next()
		return
	}
	s.idempotent(c)
}
