// 0009_ordered_lookups: the worker's look-up by subject (and by subject and
// attribute) wants the newest few current memories of a slot. With the
// indexes of 0002 and 0006 it read every memory of the slot and sorted them
// (750 memories about "Aisha" read for 20 kept); these indexes end in
// recorded_at, so the seek reads the slot newest first and stops at the
// limit. The look-ups name them in a hint and order by every property of
// the index (graph/neo4j/batch.go).
//
// Never edit this file once it has been applied anywhere; add a new
// numbered migration instead. Every statement must be safe to run again.
CREATE INDEX memory_owner_subject_recorded IF NOT EXISTS FOR (n:Memory) ON (n.owner, n.subject_key, n.recorded_at);
CREATE INDEX memory_owner_slot_recorded IF NOT EXISTS FOR (n:Memory) ON (n.owner, n.subject_key, n.attribute_key, n.recorded_at);
