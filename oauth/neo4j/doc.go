// Package neo4j implements oauth.Store in Neo4j: API keys, clients,
// accounts, sign-in links, sessions, consents, authorization codes, grants
// (refresh-token lineages) and signing keys, one label each (ApiKey,
// OAuthClient, OAuthAccount, ...), with the constraints and indexes of
// schema/migrations/0003_oauth.cypher. Secrets are stored only as hashes.
// Redemptions take the node's write lock before reading its state, so
// racing redemptions of one code, link or refresh token see one winner.
// oauth/oauthtest is the conformance suite its tests run.
package neo4j
