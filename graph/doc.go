// Package graph is the contract PersistMemory keeps over its source of
// truth: documents, jobs, memories and, as they land, entities, supersession,
// conflicts and spaces. Every method is scoped by a schema.Owner; no method
// reads across owners except the ones named System*, which serve background
// machinery (the outbox relay) and return only references.
//
// The Neo4j implementation lives in graph/neo4j; graph/graphtest holds the
// conformance suite every implementation must pass.
package graph
