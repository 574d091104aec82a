package ingest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRedact(t *testing.T) {
	tests := []struct {
		in, want string
		kinds    []string
		secret   string // must not survive
	}{
		{"key sk-proj-abcdefghijklmnopqrstuvwxyz012345 ok", "key [redacted openai api key] ok", []string{"openai api key"}, "abcdefghijklmnop"},
		{"use sk-ant-api03-abcdefghijklmnopqrstuvwxyz", "use [redacted anthropic api key]", []string{"anthropic api key"}, "abcdefghijklmnop"},
		{"a\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE KEY-----\nz", "a\n[redacted private key]\nz", []string{"private key"}, "b3BlbnNzaC1"},
		{"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA truncated", "[redacted private key]", []string{"private key"}, "MIIEow"},
		{"id AKIAIOSFODNN7EXAMPLE here", "id [redacted aws access key] here", []string{"aws access key"}, "AKIAIOSFODNN7EXAMPLE"},
		{"token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "token [redacted github token]", []string{"github token"}, "ghp_abc"},
		{"my password is hunter22", "my password is [redacted password]", []string{"password"}, "hunter22"},
		{"PASSWORD: correct-horse", "PASSWORD: [redacted password]", []string{"password"}, "correct-horse"},
		{"postgres://admin:s3cretpw@db.internal/app", "postgres://admin:[redacted connection string password]@db.internal/app", []string{"connection string password"}, "s3cretpw"},
		{"Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123", "Authorization: Bearer [redacted bearer token]", []string{"bearer token"}, "abcdefghijklmnopqrstuvwxyz0123"},
		{"pm_live_0123456789abcdef0123 and pm_test_0123456789abcdefXYZ", "[redacted persistmemory api key] and [redacted persistmemory api key]", []string{"persistmemory api key"}, "0123456789abcdef"},
		{"password: sk-proj-abcdefghijklmnopqrstuvwxyz012345", "password: [redacted openai api key]", []string{"openai api key"}, "abcdefghijklmnop"},
		{"jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "jwt [redacted json web token]", []string{"json web token"}, "dozjgNry"},
		{"The sky is blue and https://example.com/docs is public.", "The sky is blue and https://example.com/docs is public.", nil, ""},
		{"", "", nil, ""},
	}
	for _, tt := range tests {
		got, kinds := Redact(tt.in)
		if got != tt.want {
			t.Errorf("Redact(%.30q) = %q, want %q", tt.in, got, tt.want)
		}
		if diff := cmp.Diff(tt.kinds, kinds); diff != "" {
			t.Errorf("kinds for %.30q (-want +got):\n%s", tt.in, diff)
		}
		if tt.secret != "" && strings.Contains(got, tt.secret) {
			t.Errorf("secret %q survived in %q", tt.secret, got)
		}
		if tt.kinds != nil && DetectSecret(got) != nil {
			t.Errorf("redacted text still detected: %q", got)
		}
	}
}

func TestRedactHostile(t *testing.T) {
	for _, s := range []string{strings.Repeat("password: hunter22 ", 10000), strings.Repeat("\xff\x00", 100000), "-----BEGIN PRIVATE KEY-----", strings.Repeat("a", 256*1024)} {
		got, _ := Redact(s)
		if strings.Contains(got, "hunter22") {
			t.Fatal("secret survived")
		}
	}
}
