// Package oauth is PersistMemory's authorization: an OAuth 2.1
// authorization server for the HTTP MCP endpoint and the API, the resource
// server's verifier, and developer API keys.
//
// The authorization server (Server) publishes RFC 8414 and RFC 9728
// metadata, registers public clients (RFC 7591), runs the authorization
// code flow with PKCE S256 only and the RFC 8707 resource bound into the
// token's audience, signs people in by emailed link, asks for consent on a
// server-rendered page, issues short-lived ES256 JWT access tokens and
// opaque rotating refresh tokens, and revokes (RFC 7009). Its handlers use
// net/http only.
//
// Consent is a live record per person per client. Every call checks the
// token against it (Server.Authenticate), so revoking or narrowing it —
// from the account page, where people also create and revoke API keys —
// takes effect on the very next call.
//
// The endpoints that need no credential (registration, sign-in email,
// authorize, token and revocation) are rate limited per client IP, and
// sign-in email per address too: 429 with Retry-After (the *Burst and
// *Every constants).
//
// Scopes are declared once here (Scopes, ScopeDescription) for mcp and api
// to import.
//
// Storage is the Store contract (KeyStore for API keys alone); secrets
// reach it only hashed. oauth/neo4j implements it and oauth/oauthtest is
// its conformance suite. docs/oauth.md describes the flows and records.
package oauth
