package oauth_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/schema"
)

func TestValidatePublicURL(t *testing.T) {
	for _, ok := range []string{"https://memory.example.com", "https://memory.example.com/", "https://memory.example.com:8443",
		"http://127.0.0.1:8787", "http://localhost:8787", "http://[::1]:8787"} {
		if err := oauth.ValidatePublicURL(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "memory.example.com", "http://memory.example.com", "https://memory.example.com/?q=1",
		"https://memory.example.com/#x", "https://memory.example.com/memory", "https://user:pw@memory.example.com",
		"ftp://memory.example.com", "https://", "http://10.0.0.1", "https://memory.example.com?"} {
		err := oauth.ValidatePublicURL(bad)
		if !errors.Is(err, schema.ErrInvalid) || !strings.Contains(err.Error(), "PUBLIC_URL") {
			t.Errorf("%q: got %v, want an error naming PUBLIC_URL", bad, err)
		}
	}
}

// nilStore satisfies oauth.Store for Validate, which only checks presence.
type nilStore struct{ oauth.Store }

func TestConfigValidate(t *testing.T) {
	base := oauth.Config{PublicURL: "https://m.example", Store: nilStore{}, Mailer: oauth.DirMailer{Dir: t.TempDir()}}
	if err := base.Validate(); err != nil {
		t.Fatalf("valid config: %v", err)
	}
	for name, edit := range map[string]func(*oauth.Config){
		"no store":       func(c *oauth.Config) { c.Store = nil },
		"no mailer":      func(c *oauth.Config) { c.Mailer = nil },
		"bad url":        func(c *oauth.Config) { c.PublicURL = "http://m.example" },
		"negative ttl":   func(c *oauth.Config) { c.AccessTokenTTL = -time.Second },
		"long link":      func(c *oauth.Config) { c.LinkTTL = 16 * time.Minute },
		"long code":      func(c *oauth.Config) { c.CodeTTL = 11 * time.Minute },
		"long access":    func(c *oauth.Config) { c.AccessTokenTTL = 2 * time.Hour },
		"short kek":      func(c *oauth.Config) { c.KeyEncryptionKey = []byte("short") },
		"long key cache": func(c *oauth.Config) { c.APIKeyCacheTTL = oauth.MaxAPIKeyCacheTTL + time.Second },
	} {
		c := base
		edit(&c)
		if err := c.Validate(); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("%s: got %v, want schema.ErrInvalid", name, err)
		}
	}
}

func TestParseScopes(t *testing.T) {
	got, err := oauth.ParseScopes("usage:read memory:read  memory:read")
	if err != nil || !slices.Equal(got, []string{oauth.ScopeRead, oauth.ScopeUsage}) {
		t.Fatalf("ParseScopes = %v, %v", got, err)
	}
	if _, err := oauth.ParseScopes("memory:read openid"); !errors.Is(err, schema.ErrInvalid) {
		t.Fatalf("unknown scope: %v", err)
	}
	for _, s := range oauth.Scopes {
		if oauth.ScopeDescription(s) == "" {
			t.Errorf("%s has no description", s)
		}
	}
	if oauth.ScopeDescription("admin") != "" {
		t.Error("a description for a scope that does not exist")
	}
}
