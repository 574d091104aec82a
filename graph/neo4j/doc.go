// Package neo4j implements graph.Store over Neo4j 5 (Community or
// Enterprise) with the official Go driver.
//
// It owns the translation between schema types and the property graph, the
// Cypher every store method runs, the migration runner that applies
// schema.Migrations, and the mapping of driver errors to schema's sentinel
// errors. No other package imports the driver.
//
// Tenancy: every query matches each node with owner: $owner; the only query
// that reads across owners is SystemUnpublished, which returns references.
//
// Full-text search restricts hits to the owner inside Lucene, before
// ranking, through owner_key: a token derived from the owner id that the
// standard analyzer cannot split (owner ids may contain . @ -, which it
// would). The owner clause is boosted to zero so a query whose words all
// analyze away matches nothing instead of every memory of the owner, and
// node.owner = $owner is checked again on each hit.
package neo4j
