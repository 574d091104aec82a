package ingest

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// secretPatterns recognise credentials that must never be stored. Each has
// a plain-words name used in the refusal, a short kind used in redactions
// and job records, and optionally a redaction pattern whose group value
// (1-based; 0 means the whole match) is the part replaced. The matched text
// itself is never echoed.
var secretPatterns = []struct {
	name, kind string
	re         *regexp.Regexp
	redact     *regexp.Regexp
	group      int
}{
	{name: "a private key", kind: "private key", re: regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----`),
		redact: regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z ]*PRIVATE KEY-----|\z)`)},
	{name: "an Anthropic API key", kind: "anthropic api key", re: regexp.MustCompile(`\bsk-ant-[A-Za-z0-9_\-]{20,}`)},
	{name: "an OpenAI-style API key", kind: "openai api key", re: regexp.MustCompile(`\bsk-(proj-|live-|test-)?[A-Za-z0-9_\-]{20,}`)},
	{name: "a PersistMemory API key", kind: "persistmemory api key", re: regexp.MustCompile(`\bpm_(live|test)_[A-Za-z0-9]{16,}`)},
	{name: "an AWS access key", kind: "aws access key", re: regexp.MustCompile(`\b(AKIA|ASIA)[0-9A-Z]{16}\b`)},
	{name: "a GitHub token", kind: "github token", re: regexp.MustCompile(`\b(ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}`)},
	{name: "a Slack token", kind: "slack token", re: regexp.MustCompile(`\bxox[abprs]-[A-Za-z0-9-]{10,}`)},
	{name: "a Google API key", kind: "google api key", re: regexp.MustCompile(`\bAIza[0-9A-Za-z_\-]{35}\b`)},
	{name: "a Stripe key", kind: "stripe key", re: regexp.MustCompile(`\b(sk|rk)_(live|test)_[0-9A-Za-z]{16,}`)},
	{name: "a JSON Web Token", kind: "json web token", re: regexp.MustCompile(`\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`)},
	{name: "a bearer token", kind: "bearer token", re: regexp.MustCompile(`(?i)\bbearer\s+[A-Za-z0-9_\-.=]{20,}`),
		redact: regexp.MustCompile(`(?i)\bbearer\s+([A-Za-z0-9_\-.=]{20,})`), group: 1},
	{name: "a password", kind: "password", re: regexp.MustCompile(`(?i)\b(password|passwd|pwd|passcode)\s*(is|[:=])\s*\S{4,}`),
		redact: regexp.MustCompile(`(?i)\b(?:password|passwd|pwd|passcode)\s*(?:is|[:=])\s*(\S{4,})`), group: 1},
	{name: "a connection string with a password", kind: "connection string password", re: regexp.MustCompile(`\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:[^\s@/]{3,}@`),
		redact: regexp.MustCompile(`\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:([^\s@/]{3,})@`), group: 1},
}

// redactedPrefix starts every replacement Redact makes.
const redactedPrefix = "[redacted "

// DetectSecret returns an error wrapping schema.ErrInvalid naming the kind
// of secret text appears to contain, or nil. The secret is not echoed.
// Text that Redact has already redacted ("my password is [redacted
// password]") is not refused.
func DetectSecret(text string) error {
	for _, p := range secretPatterns {
		if !p.re.MatchString(text) {
			continue
		}
		if p.redact == nil || p.group == 0 {
			return refuse(p.name)
		}
		for _, loc := range p.redact.FindAllStringSubmatchIndex(text, -1) {
			if s := loc[2*p.group]; s >= 0 && !strings.HasPrefix(text[s:], redactedPrefix) {
				return refuse(p.name)
			}
		}
	}
	return nil
}

func refuse(name string) error {
	return fmt.Errorf("%w: the text looks like it contains %s; PersistMemory does not store passwords, tokens, API keys or private keys: remove it and try again", schema.ErrInvalid, name)
}

// Redact replaces every secret DetectSecret would refuse with
// "[redacted <kind>]" (for example "[redacted github token]") and returns
// the redacted text with the kinds it replaced, each once, in the order of
// the pattern table. Only the secret value is replaced: "my password is
// hunter22" becomes "my password is [redacted password]", and
// "postgres://admin:pw@db" keeps its user and host. The values themselves
// are never returned. Redact is pure and safe for concurrent use.
func Redact(text string) (redacted string, kinds []string) {
	for _, p := range secretPatterns {
		re := p.redact
		if re == nil {
			re = p.re
		}
		locs := re.FindAllStringSubmatchIndex(text, -1)
		if len(locs) == 0 {
			continue
		}
		var b strings.Builder
		last, n := 0, 0
		for _, loc := range locs {
			s, e := loc[2*p.group], loc[2*p.group+1]
			if s < 0 || s < last || strings.HasPrefix(text[s:], redactedPrefix) {
				continue
			}
			b.WriteString(text[last:s])
			b.WriteString(redactedPrefix + p.kind + "]")
			last = e
			n++
		}
		if n == 0 {
			continue
		}
		b.WriteString(text[last:])
		text = b.String()
		kinds = append(kinds, p.kind)
	}
	return text, kinds
}
