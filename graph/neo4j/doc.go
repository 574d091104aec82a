// Package neo4j implements graph.Store over Neo4j 5 (Community or
// Enterprise) with the official Go driver.
//
// It owns the translation between schema types and the property graph, the
// Cypher every store method runs, the migration runner that applies
// schema.Migrations, and the mapping of driver errors to schema's sentinel
// errors. No other package imports the driver.
//
// Tenancy: every query matches each node with owner: $owner; the only
// queries that cross owners are SystemUnpublished, which returns
// references, and SystemPurgeIdempotency, which deletes expired records.
// Ids chosen by callers for things other owners could name alike
// (conversations, idempotency keys) are unique per owner (composite
// constraints); ids the system mints (memories, entities, spaces,
// conflicts, turns) are unique globally, so creating one under another
// owner's id is refused (schema.ErrConflict) rather than taken over.
//
// The graph, one file per concept: jobs.go (Document, Job), jobwrite.go
// (what a completed job writes), memories.go (Memory nodes and their
// projection), history.go (lookups, detail, timeline), entities.go,
// spaces.go, conflicts.go, conversations.go (Conversation, Turn),
// recent.go, idempotency.go, search.go (full-text).
//
// Locking: a method that reads a node's state and then changes it first
// takes the node's write lock (SET n._lock = true ... REMOVE n._lock), so
// concurrent calls on one job, conflict, conversation, entity or memory
// serialize; deadlocks between them are retried by the driver.
//
// Full-text search restricts hits to the owner inside Lucene, before
// ranking, through owner_key: a token derived from the owner id that the
// standard analyzer cannot split (owner ids may contain . @ -, which it
// would). The owner clause is boosted to zero so a query whose words all
// analyze away matches nothing instead of every memory of the owner, and
// node.owner = $owner is checked again on each hit.
package neo4j
