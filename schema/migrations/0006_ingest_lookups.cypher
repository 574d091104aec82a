// 0006_ingest_lookups: indexes for the look-ups the worker makes for every
// extracted claim. Without the (owner, subject_key) index the planner could
// not use memory_owner_subject_attribute for a look-up by subject alone
// (a composite index needs a predicate on every property) and scanned every
// Memory node of every owner.
//
// Never edit this file once it has been applied anywhere; add a new
// numbered migration instead. Every statement must be safe to run again.
CREATE INDEX memory_owner_subject IF NOT EXISTS FOR (n:Memory) ON (n.owner, n.subject_key);
