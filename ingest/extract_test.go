package ingest

import (
	"errors"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestDetectSecret(t *testing.T) {
	secrets := []string{
		"key sk-proj-abcdefghijklmnopqrstuvwxyz012345",
		"-----BEGIN OPENSSH PRIVATE KEY-----\nabc",
		"AKIAIOSFODNN7EXAMPLE is the id",
		"token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
		"use pm_live_0123456789abcdef0123456789abcdef",
		"my password is hunter22",
		"postgres://admin:s3cretpw@db.internal/app",
		"Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123",
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
	}
	for _, s := range secrets {
		err := DetectSecret(s)
		if !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("%q: not refused", s)
			continue
		}
		for _, part := range []string{"abcdefghijklmnopqrstuvwxyz", "hunter22", "s3cretpw", "AKIAIOSFODNN7EXAMPLE"} {
			if strings.Contains(s, part) && strings.Contains(err.Error(), part) {
				t.Errorf("refusal echoes the secret: %v", err)
			}
		}
	}
	for _, s := range []string{"I like passwords managers in general.", "The sky is blue.", "Use https://example.com/docs for the API.", "ask-me-later is a flag name"} {
		if err := DetectSecret(s); err != nil {
			t.Errorf("%q refused: %v", s, err)
		}
	}
}

func TestRememberInputValidate(t *testing.T) {
	cases := []struct {
		in   RememberInput
		want error
	}{
		{RememberInput{Text: ""}, schema.ErrInvalid},
		{RememberInput{Text: " \n "}, schema.ErrInvalid},
		{RememberInput{Text: "caf\xc3\x28"}, schema.ErrInvalid},
		{RememberInput{Text: strings.Repeat("a", schema.MaxRememberBytes+1)}, schema.ErrTooLarge},
		{RememberInput{Text: "ok text", Source: strings.Repeat("s", MaxSourceLen+1)}, schema.ErrInvalid},
		{RememberInput{Text: "a\x00b"}, schema.ErrInvalid},
	}
	for _, c := range cases {
		if err := c.in.Validate(); !errors.Is(err, c.want) {
			t.Errorf("%.30q: %v, want %v", c.in.Text, err, c.want)
		}
	}
	if err := (RememberInput{Text: "We ship on Fridays."}).Validate(); err != nil {
		t.Fatal(err)
	}
}
