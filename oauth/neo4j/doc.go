// Package neo4j stores oauth records (API keys, and as they land clients,
// consents, codes and refresh-token lineages) in Neo4j.
package neo4j
