package ingest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/schema"
)

func TestRuleExtractorSplitsAndClassifies(t *testing.T) {
	doc := schema.Document{Text: "We decided to use Postgres for billing. I prefer dark mode in every editor! I'll send the report by Friday.\n\nMaria visited Lisbon last summer. The office has 40 desks. ok."}
	got, err := RuleExtractor{}.Extract(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []schema.MemoryType{schema.TypeDecision, schema.TypePreference, schema.TypeCommitment, schema.TypeEvent, schema.TypeFact}
	if len(got) != len(want) {
		t.Fatalf("got %d memories: %+v", len(got), got)
	}
	for i, m := range got {
		if m.Type != want[i] {
			t.Errorf("memory %d %q: type %s, want %s", i, m.Claim, m.Type, want[i])
		}
		if m.Excerpt == "" || m.Confidence <= 0 || m.Confidence > 1 {
			t.Errorf("memory %d: %+v", i, m)
		}
	}
}

func TestRuleExtractorHostileInput(t *testing.T) {
	for _, text := range []string{"", "...", strings.Repeat("a", 100000), strings.Repeat("word. ", 20000), "日本語の文です。もう一つの文です。", "\x00\x01\x02"} {
		got, err := RuleExtractor{}.Extract(context.Background(), schema.Document{Text: text})
		if err != nil {
			t.Fatalf("%.20q: %v", text, err)
		}
		for _, m := range got {
			if len([]rune(m.Claim)) > MaxClaimRunes+1 {
				t.Fatalf("claim of %d runes", len([]rune(m.Claim)))
			}
		}
	}
}

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
