// Package neo4jtest opens the real Neo4j for the tests of packages above
// the graph (ingest, api, mcp): the server named by NEO4J_URI, NEO4J_USER
// and NEO4J_PASSWORD, the local stack by default, migrated. A server that
// does not answer ends the test through testenv.Unavailable (a failure
// under CI=true, never a skip there).
package neo4jtest
