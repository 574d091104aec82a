// 0003_oauth: the authorization server's records (oauth/neo4j).
//
// Never edit this file once it has been applied anywhere; add a new
// numbered migration instead. Every statement is safe to run again.
//
// Secrets are stored only as hex SHA-256 hashes: codes, refresh tokens,
// sign-in links and sessions are looked up by hash. Each lookup key is
// unique, which also gives it its index.

CREATE CONSTRAINT oauth_client_id IF NOT EXISTS FOR (n:OAuthClient) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT oauth_account_email IF NOT EXISTS FOR (n:OAuthAccount) REQUIRE n.email IS UNIQUE;
CREATE CONSTRAINT oauth_account_owner IF NOT EXISTS FOR (n:OAuthAccount) REQUIRE n.owner IS UNIQUE;
CREATE CONSTRAINT oauth_signin_link_hash IF NOT EXISTS FOR (n:OAuthSignInLink) REQUIRE n.hash IS UNIQUE;
CREATE CONSTRAINT oauth_session_hash IF NOT EXISTS FOR (n:OAuthSession) REQUIRE n.hash IS UNIQUE;
CREATE CONSTRAINT oauth_consent_key IF NOT EXISTS FOR (n:OAuthConsent) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT oauth_code_hash IF NOT EXISTS FOR (n:OAuthCode) REQUIRE n.hash IS UNIQUE;
CREATE CONSTRAINT oauth_grant_id IF NOT EXISTS FOR (n:OAuthGrant) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT oauth_refresh_token_hash IF NOT EXISTS FOR (n:OAuthRefreshToken) REQUIRE n.hash IS UNIQUE;
CREATE CONSTRAINT oauth_signing_key_id IF NOT EXISTS FOR (n:OAuthSigningKey) REQUIRE n.id IS UNIQUE;

// Owner-scoped listings (account page) and lineage lookups.
CREATE INDEX apikey_owner IF NOT EXISTS FOR (n:ApiKey) ON (n.owner);
CREATE INDEX oauth_consent_owner IF NOT EXISTS FOR (n:OAuthConsent) ON (n.owner);
CREATE INDEX oauth_grant_owner_client IF NOT EXISTS FOR (n:OAuthGrant) ON (n.owner, n.client_id);
CREATE INDEX oauth_grant_code_hash IF NOT EXISTS FOR (n:OAuthGrant) ON (n.code_hash);
CREATE INDEX oauth_refresh_token_grant IF NOT EXISTS FOR (n:OAuthRefreshToken) ON (n.grant_id);

// Expiry scans (Server.Prune).
CREATE INDEX oauth_code_expires_at IF NOT EXISTS FOR (n:OAuthCode) ON (n.expires_at);
CREATE INDEX oauth_signin_link_expires_at IF NOT EXISTS FOR (n:OAuthSignInLink) ON (n.expires_at);
CREATE INDEX oauth_session_expires_at IF NOT EXISTS FOR (n:OAuthSession) ON (n.expires_at);
CREATE INDEX oauth_refresh_token_expires_at IF NOT EXISTS FOR (n:OAuthRefreshToken) ON (n.expires_at);
CREATE INDEX oauth_signing_key_expires_at IF NOT EXISTS FOR (n:OAuthSigningKey) ON (n.expires_at);
