package ingest

import (
	"fmt"
	"regexp"

	"github.com/persistmemory/persistmemory/schema"
)

// secretPatterns recognise credentials that must never be stored. Each has
// a plain-words name used in the refusal; the matched text itself is never
// echoed.
var secretPatterns = []struct {
	name string
	re   *regexp.Regexp
}{
	{"a private key", regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----`)},
	{"an OpenAI-style API key", regexp.MustCompile(`\bsk-(proj-|live-|test-)?[A-Za-z0-9_\-]{20,}`)},
	{"an Anthropic API key", regexp.MustCompile(`\bsk-ant-[A-Za-z0-9_\-]{20,}`)},
	{"a PersistMemory API key", regexp.MustCompile(`\bpm_(live|test)_[A-Za-z0-9]{16,}`)},
	{"an AWS access key", regexp.MustCompile(`\b(AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{"a GitHub token", regexp.MustCompile(`\b(ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}`)},
	{"a Slack token", regexp.MustCompile(`\bxox[abprs]-[A-Za-z0-9-]{10,}`)},
	{"a Google API key", regexp.MustCompile(`\bAIza[0-9A-Za-z_\-]{35}\b`)},
	{"a Stripe key", regexp.MustCompile(`\b(sk|rk)_(live|test)_[0-9A-Za-z]{16,}`)},
	{"a JSON Web Token", regexp.MustCompile(`\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`)},
	{"a bearer token", regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9_\-.=]{20,}`)},
	{"a password", regexp.MustCompile(`(?i)\b(password|passwd|pwd|passcode)\s*(is|[:=])\s*\S{4,}`)},
	{"a connection string with a password", regexp.MustCompile(`\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:[^\s@/]{3,}@`)},
}

// DetectSecret returns an error wrapping schema.ErrInvalid naming the kind
// of secret text appears to contain, or nil. The secret is not echoed.
func DetectSecret(text string) error {
	for _, p := range secretPatterns {
		if p.re.MatchString(text) {
			return fmt.Errorf("%w: the text looks like it contains %s; PersistMemory does not store passwords, tokens, API keys or private keys: remove it and try again", schema.ErrInvalid, p.name)
		}
	}
	return nil
}
