// Package weaviate implements retrieval.VectorStore on Weaviate (v1.35,
// weaviate-go-client v4): one collection holds every owner's memory
// embeddings, written in batches over gRPC and searched with nearVector.
//
// # Owner isolation: one tenant per owner
//
// The collection is created with multi-tenancy enabled, automatic tenant
// creation and automatic tenant activation. Every object is written to, and
// every search and delete runs inside, the tenant derived from the owner
// (see tenantName). A Weaviate tenant is its own shard with its own vector
// index, so a query for owner B cannot reach owner A's vectors even when the
// vectors are identical: isolation is structural, not a filter that a future
// query could forget. Tenant names allow only [A-Za-z0-9_-]{1,64} while
// owner ids also allow '.' and '@' and run to 128 characters, so the tenant
// name is "owner-" followed by 160 bits of SHA-256 of the owner id, in hex.
// The owner id itself is stored in the "owner" property (filterable) for
// diagnostics, and Search drops any hit whose stored owner differs (it never
// should). A search or delete for an owner whose tenant does not exist yet
// returns nothing and no error.
//
// # Idle tenants
//
// Weaviate loads every active tenant's shard after it starts and keeps its
// files open, about seven descriptors a tenant: a few thousand owners
// exhaust a process limit. A Store records when this process last used
// each tenant, and RunIdler deactivates those unused for TenantIdleAfter
// (at its first pass, when more than TenantsKeptActive are active, every
// active tenant the process has not used); the
// first read or write activates a tenant again (idle.go).
//
// # Model bookkeeping
//
// The collection description records the embedding model and dimension,
// "persistmemory embeddings; model=<name>; dims=<n>". Ensure refuses, with
// an error wrapping schema.ErrConflict, a collection made for another model
// or dimension: vectors of two models share no geometry. The vectors are a
// derived index; to change models drop the collection (Store.Drop) and
// re-embed the memories from Neo4j.
//
// Weaviate's auto-schema would silently create a collection on first write.
// Run the server with AUTOSCHEMA_ENABLED=false, and call Ensure at start-up:
// Upsert, Search and Delete refuse to run against a missing collection.
//
// # Identifiers and scores
//
// Object UUIDs are derived from (owner, memory id) with a name-based
// (version 5, SHA-1) UUID, so writing the same memory twice replaces it.
// Distances are cosine; Search reports similarity = 1 - distance, best
// first, ties broken by memory id ascending.
//
// # Errors
//
// Transport failures, time-outs and 5xx answers wrap schema.ErrUnavailable;
// bad input wraps schema.ErrInvalid; a model mismatch wraps
// schema.ErrConflict.
package weaviate
