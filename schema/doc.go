// Package schema holds PersistMemory's domain types (Memory, Document, Job,
// Space, ...), identifiers, validation, the sentinel errors every other
// package wraps, and the numbered Cypher migrations that shape the graph.
//
// It imports nothing of ours: every other package depends on it, never the
// other way round.
package schema
