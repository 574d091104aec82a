package oauth

import (
	"fmt"
	"slices"
	"strings"

	"github.com/persistmemory/persistmemory/schema"
)

// The permissions. They are coarse on purpose: each is read aloud on the
// consent screen, so each must be explainable in a few plain words.
// ScopeQuery is the analyst's: read-only Cypher over the person's own graph
// (POST /api/v1/cypher, docs/analyst-cypher.md).
const (
	ScopeRead    = "memory:read"
	ScopeCapture = "memory:capture"
	ScopeWrite   = "memory:write"
	ScopeUsage   = "usage:read"
	ScopeQuery   = "graph:query"
)

// Scopes is the one declaration of the permissions, in the order the consent
// screen lists them. mcp and api import it; nothing else names a scope.
// Callers must not modify it.
var Scopes = []string{ScopeRead, ScopeCapture, ScopeWrite, ScopeUsage, ScopeQuery}

// DefaultScopes are what a client that registers without naming any
// scope may ask for: every scope but the analyst's graph:query, which a
// client must request by name.
var DefaultScopes = []string{ScopeRead, ScopeCapture, ScopeWrite, ScopeUsage}

// scopeDescriptions are the consent screen's words for each scope.
var scopeDescriptions = map[string]string{
	ScopeRead:    "Search and read your memories.",
	ScopeCapture: "Add new material to your memory.",
	ScopeWrite:   "Settle conflicts and confirm memories.",
	ScopeUsage:   "See what the models have cost you.",
	ScopeQuery:   "Run read-only graph queries over your memories.",
}

// ScopeDescription returns the plain-words description of scope shown on
// the consent screen, or "" for a name that is not a scope.
func ScopeDescription(scope string) string { return scopeDescriptions[scope] }

// ParseScopes splits a space-separated scope parameter (RFC 6749 §3.3),
// refusing names that are not in Scopes and removing duplicates. The result
// is in Scopes order. The error wraps schema.ErrInvalid and names the first
// unknown scope.
func ParseScopes(s string) ([]string, error) {
	var got []string
	for _, f := range strings.Fields(s) {
		if ScopeDescription(f) == "" {
			return nil, fmt.Errorf("%w: %q is not a scope; the scopes are %s", schema.ErrInvalid, truncate(f, 40), strings.Join(Scopes, ", "))
		}
		got = append(got, f)
	}
	return normalizeScopes(got), nil
}

// normalizeScopes returns the known scopes of in, deduplicated, in Scopes
// order.
func normalizeScopes(in []string) []string {
	out := []string{}
	for _, s := range Scopes {
		if slices.Contains(in, s) {
			out = append(out, s)
		}
	}
	return out
}

// intersectScopes returns the scopes in both a and b, in Scopes order.
func intersectScopes(a, b []string) []string {
	out := []string{}
	for _, s := range Scopes {
		if slices.Contains(a, s) && slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// subsetOf reports whether every scope of a is in b.
func subsetOf(a, b []string) bool {
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}

// truncate shortens s for an error message.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
