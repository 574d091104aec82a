// Package e2e holds end-to-end tests: they build the persistmemory binary,
// run it against the real local stack (Neo4j, Kafka, Weaviate, the local
// embedding model) and speak to it only through its public surfaces (HTTP,
// MCP over stdio, the command line). It has no non-test code.
package e2e
