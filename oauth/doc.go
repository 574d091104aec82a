// Package oauth is PersistMemory's authorization: developer API keys now,
// and the OAuth 2.1 authorization server and resource-server token
// verification as they land. Credentials are stored hashed; a plaintext key
// exists only in the response that creates it.
//
// Storage is the KeyStore contract; oauth/neo4j implements it.
package oauth
