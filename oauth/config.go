package oauth

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Defaults for the zero values of Config's durations.
const (
	DefaultAccessTokenTTL  = 10 * time.Minute
	DefaultRefreshTokenTTL = 30 * 24 * time.Hour
	DefaultCodeTTL         = time.Minute
	DefaultLinkTTL         = 15 * time.Minute
	DefaultSessionTTL      = 7 * 24 * time.Hour
	DefaultKeyRotation     = 30 * 24 * time.Hour
	// DefaultAPIKeyCacheTTL is how long a verified API key is trusted
	// without asking the store again (see Config.APIKeyCacheTTL).
	DefaultAPIKeyCacheTTL = 30 * time.Second
	// MaxAPIKeyCacheTTL bounds Config.APIKeyCacheTTL: the longest a key
	// revoked elsewhere may keep working in this process.
	MaxAPIKeyCacheTTL = 5 * time.Minute
)

// Config configures the authorization server. Store, Mailer and PublicURL
// are required; a zero duration means its default.
type Config struct {
	// PublicURL is what this server is reachable at: https, or http on a
	// loopback host, with no path, query or fragment. The issuer is
	// PublicURL; the protected resource is PublicURL+"/mcp" (the API,
	// served from the same origin, accepts tokens for it and for
	// PublicURL itself).
	PublicURL string
	Store     Store
	Mailer    Mailer
	// Logger receives security events (replays, revocations) by id, never
	// with a secret. Nil discards.
	Logger *slog.Logger

	AccessTokenTTL  time.Duration
	RefreshTokenTTL time.Duration
	CodeTTL         time.Duration
	// LinkTTL is how long an emailed sign-in link works: at most 15
	// minutes.
	LinkTTL time.Duration
	// SessionTTL is how long a browser stays signed in after following a
	// link.
	SessionTTL time.Duration
	// KeyRotation is how long one signing key signs before a new one takes
	// over. The old key stays published until its tokens have expired.
	KeyRotation time.Duration
	// KeyEncryptionKey, 32 bytes, seals signing keys' private halves at
	// rest with AES-256-GCM. Without it they are stored unsealed (and still
	// never logged), and New logs a warning.
	KeyEncryptionKey []byte

	// APIKeyCacheTTL is how long a verified API key is trusted without
	// reading the store again: zero means DefaultAPIKeyCacheTTL, negative
	// turns the cache off, at most MaxAPIKeyCacheTTL. A key revoked
	// through this Server (the account page) stops working at once; one
	// revoked elsewhere (the CLI's apikey revoke, another process) within
	// this long. Unknown and revoked keys are never cached.
	APIKeyCacheTTL time.Duration

	// ClientIP names the network address a request comes from, for the
	// rate limits on the unauthenticated endpoints (the *Burst and *Every
	// constants). Nil means RemoteIP: the connection's address. Behind a
	// reverse proxy every request comes from the proxy, so set this to
	// read the address the proxy forwards (and only from the proxy).
	ClientIP func(r *http.Request) string

	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Validate reports the first setting that cannot work, naming it. The
// error wraps schema.ErrInvalid.
func (c Config) Validate() error {
	if err := ValidatePublicURL(c.PublicURL); err != nil {
		return err
	}
	if c.Store == nil {
		return fmt.Errorf("%w: oauth: Store is required", schema.ErrInvalid)
	}
	if c.Mailer == nil {
		return fmt.Errorf("%w: oauth: Mailer is required (a mail sink folder in development, SMTP in production)", schema.ErrInvalid)
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{
		{"AccessTokenTTL", c.AccessTokenTTL}, {"RefreshTokenTTL", c.RefreshTokenTTL}, {"CodeTTL", c.CodeTTL},
		{"LinkTTL", c.LinkTTL}, {"SessionTTL", c.SessionTTL}, {"KeyRotation", c.KeyRotation},
	} {
		if d.v < 0 {
			return fmt.Errorf("%w: oauth: %s is negative (%s)", schema.ErrInvalid, d.name, d.v)
		}
	}
	if c.APIKeyCacheTTL > MaxAPIKeyCacheTTL {
		return fmt.Errorf("%w: oauth: APIKeyCacheTTL is %s; a revoked API key may be trusted for at most %s", schema.ErrInvalid, c.APIKeyCacheTTL, MaxAPIKeyCacheTTL)
	}
	if c.LinkTTL > 15*time.Minute {
		return fmt.Errorf("%w: oauth: LinkTTL is %s; sign-in links work for at most 15 minutes", schema.ErrInvalid, c.LinkTTL)
	}
	if c.CodeTTL > 10*time.Minute {
		return fmt.Errorf("%w: oauth: CodeTTL is %s; authorization codes live at most 10 minutes (RFC 6749 §4.1.2)", schema.ErrInvalid, c.CodeTTL)
	}
	if c.AccessTokenTTL > time.Hour {
		return fmt.Errorf("%w: oauth: AccessTokenTTL is %s; access tokens are short-lived, at most an hour", schema.ErrInvalid, c.AccessTokenTTL)
	}
	if n := len(c.KeyEncryptionKey); n != 0 && n != 32 {
		return fmt.Errorf("%w: oauth: KeyEncryptionKey is %d bytes; it must be 32", schema.ErrInvalid, n)
	}
	return nil
}

// ValidatePublicURL checks a PUBLIC_URL: absolute https, or http on a
// loopback host; no user info, path, query or fragment, because the
// resource and metadata URLs derived from it must be exactly what clients
// reach. The error wraps schema.ErrInvalid and names PUBLIC_URL.
func ValidatePublicURL(raw string) error {
	if raw == "" {
		return fmt.Errorf("%w: PUBLIC_URL is empty: the issuer, resource and metadata URLs are derived from it", schema.ErrInvalid)
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Opaque != "" {
		return fmt.Errorf("%w: PUBLIC_URL %q is not an absolute URL like https://memory.example.com", schema.ErrInvalid, raw)
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && isLoopbackHost(u.Hostname()):
	default:
		return fmt.Errorf("%w: PUBLIC_URL %q must use https (plain http is allowed only on a loopback host such as 127.0.0.1)", schema.ErrInvalid, raw)
	}
	if u.User != nil {
		return fmt.Errorf("%w: PUBLIC_URL %q must not carry user information", schema.ErrInvalid, raw)
	}
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#") {
		return fmt.Errorf("%w: PUBLIC_URL %q must not have a query or fragment", schema.ErrInvalid, raw)
	}
	if u.Path != "" && u.Path != "/" {
		return fmt.Errorf("%w: PUBLIC_URL %q must not have a path: the OAuth endpoints, /mcp and the API are published at the root of its origin", schema.ErrInvalid, raw)
	}
	return nil
}

// isLoopbackHost reports whether host is localhost or a loopback IP.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// withDefaults fills zero values.
func (c Config) withDefaults() Config {
	c.PublicURL = strings.TrimSuffix(c.PublicURL, "/")
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&c.AccessTokenTTL, DefaultAccessTokenTTL)
	def(&c.RefreshTokenTTL, DefaultRefreshTokenTTL)
	def(&c.CodeTTL, DefaultCodeTTL)
	def(&c.LinkTTL, DefaultLinkTTL)
	def(&c.SessionTTL, DefaultSessionTTL)
	def(&c.KeyRotation, DefaultKeyRotation)
	def(&c.APIKeyCacheTTL, DefaultAPIKeyCacheTTL)
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.ClientIP == nil {
		c.ClientIP = RemoteIP
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}
