// Package neo4jtest opens the real Neo4j the oauth tests run against:
// NEO4J_URI, NEO4J_USER and NEO4J_PASSWORD (the local stack by default),
// with the schema the oauth store needs. When it does not answer the test ends
// through testenv.Unavailable: skipped locally, failed under CI=true.
package neo4jtest
