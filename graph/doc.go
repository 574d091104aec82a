// Package graph is the contract PersistMemory keeps over its source of
// truth, Neo4j: documents and jobs, conversations and their turns,
// memories with their evidence, entities (resolution candidates, merges),
// supersession and timelines, conflicts, spaces, the recent-material
// listing and idempotency keys. Every method is scoped by a schema.Owner;
// no method reads across owners except the ones named System*, which serve
// background machinery (the outbox relay, the idempotency purge).
//
// Store is composed of smaller interfaces (SpaceStore, EntityStore,
// MemoryStore, ConflictStore, ConversationStore, IdempotencyStore) so a
// consumer can declare only what it calls. JobWrite is what one job writes
// in one transaction (CompleteJob). The pure functions in keys.go define
// how names become keys (NormalizeKey, Acronyms, EntityKeys), the ids the
// store derives (TurnID, PersonalSpaceID) and the reinforcement rule
// (ReinforcedConfidence): the worker and the store must agree on them.
//
// The Neo4j implementation lives in graph/neo4j; graph/graphtest holds the
// conformance suite every implementation must pass.
package graph
