package openai

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

func TestConfigValidate(t *testing.T) {
	ok := Config{APIKey: testKey, Model: "text-embedding-3-small"}
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string // substring of the error; "" for valid
	}{
		{"valid, default base", func(*Config) {}, ""},
		{"valid local", func(c *Config) { c.BaseURL = "http://localhost:11434/v1/" }, ""},
		{"valid limits", func(c *Config) {
			c.Dims, c.BatchSize, c.MaxAttempts, c.RetryBackoff = MaxDims, MaxBatchSize, MaxMaxAttempts, MaxRetryWait
		}, ""},
		{"no key", func(c *Config) { c.APIKey = "" }, "EMBEDDING_API_KEY"},
		{"blank key", func(c *Config) { c.APIKey = "  " }, "EMBEDDING_API_KEY"},
		{"key with newline", func(c *Config) { c.APIKey = testKey + "\n" }, "EMBEDDING_API_KEY"},
		{"no model", func(c *Config) { c.Model = "" }, "Model"},
		{"ftp", func(c *Config) { c.BaseURL = "ftp://example.com" }, "scheme"},
		{"no host", func(c *Config) { c.BaseURL = "https:///v1" }, "host"},
		{"relative", func(c *Config) { c.BaseURL = "api.openai.com/v1" }, "scheme"},
		{"key in userinfo", func(c *Config) { c.BaseURL = "https://user:" + testKey + "@example.com/v1" }, "credentials"},
		{"key in query", func(c *Config) { c.BaseURL = "https://example.com/v1?api-key=" + testKey }, "query"},
		{"unparsable", func(c *Config) { c.BaseURL = "https://exa mple.com/\x7f" + testKey }, "BaseURL"},
		{"negative dims", func(c *Config) { c.Dims = -1 }, "Dims"},
		{"huge batch", func(c *Config) { c.BatchSize = MaxBatchSize + 1 }, "BatchSize"},
		{"negative timeout", func(c *Config) { c.Timeout = -time.Second }, "Timeout"},
		{"too many attempts", func(c *Config) { c.MaxAttempts = MaxMaxAttempts + 1 }, "MaxAttempts"},
		{"long backoff", func(c *Config) { c.RetryBackoff = 2 * MaxRetryWait }, "RetryBackoff"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.change(&c)
			err := c.Validate()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Validate() = %v", err)
				}
				if _, err := New(c); err != nil {
					t.Fatalf("New = %v", err)
				}
				return
			}
			if !errors.Is(err, schema.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate() = %v, want ErrInvalid naming %s", err, tc.want)
			}
			if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "SECRET") {
				t.Errorf("error contains the key: %v", err)
			}
			if _, err := New(c); err == nil {
				t.Error("New accepted what Validate refused")
			}
		})
	}
}

func TestEndpoint(t *testing.T) {
	for base, want := range map[string]string{
		"":                           "https://api.openai.com/v1/embeddings",
		"https://api.openai.com/v1/": "https://api.openai.com/v1/embeddings",
		"http://localhost:8000/v1":   "http://localhost:8000/v1/embeddings",
	} {
		got, err := Config{BaseURL: base}.endpoint()
		if err != nil || got != want {
			t.Errorf("endpoint(%q) = %q, %v; want %q", base, got, err, want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		header map[string]string
		want   time.Duration
		ok     bool
	}{
		{map[string]string{}, 0, false},
		{map[string]string{"Retry-After": "0"}, 0, true},
		{map[string]string{"Retry-After": "7"}, 7 * time.Second, true},
		{map[string]string{"Retry-After": "-1"}, 0, false},
		{map[string]string{"Retry-After": "soon"}, 0, false},
		{map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second, true},
		{map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, 0, true},
		{map[string]string{"Retry-After-Ms": "250", "Retry-After": "9"}, 250 * time.Millisecond, true},
		{map[string]string{"Retry-After-Ms": "1.5"}, 1500 * time.Microsecond, true},
		{map[string]string{"Retry-After-Ms": "x", "Retry-After": "2"}, 2 * time.Second, true},
	} {
		h := http.Header{}
		for k, v := range tc.header {
			h.Set(k, v)
		}
		got, ok := retryAfter(h, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", tc.header, got, ok, tc.want, tc.ok)
		}
	}
}

func TestBackoff(t *testing.T) {
	base := 100 * time.Millisecond
	for n, want := range map[int]time.Duration{1: 100 * time.Millisecond, 2: 200 * time.Millisecond, 3: 400 * time.Millisecond, 30: MaxRetryWait} {
		for range 50 {
			if got := backoff(base, n); got < want/2 || got > want {
				t.Fatalf("backoff(%v, %d) = %v, want in [%v, %v]", base, n, got, want/2, want)
			}
		}
	}
}
