// 0002_memory_engine: conversations and turns, entity keys, subject and
// attribute lookups, spaces, conflicts and idempotency keys.
//
// Never edit this file once it has been applied anywhere; add a new
// numbered migration instead. Every statement must be safe to run again.

// Identity. Conversation ids are chosen by the caller, so they are unique
// per owner only; idempotency keys likewise.
CREATE CONSTRAINT turn_id IF NOT EXISTS FOR (n:Turn) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT conversation_owner_id IF NOT EXISTS FOR (n:Conversation) REQUIRE (n.owner, n.id) IS UNIQUE;
CREATE CONSTRAINT idempotency_owner_key IF NOT EXISTS FOR (n:IdempotencyKey) REQUIRE (n.owner, n.key) IS UNIQUE;

// Lookups the worker makes before deciding what a claim is.
CREATE INDEX memory_owner_subject_attribute IF NOT EXISTS FOR (n:Memory) ON (n.owner, n.subject_key, n.attribute_key);
CREATE INDEX memory_owner_space IF NOT EXISTS FOR (n:Memory) ON (n.owner, n.space_id);

// Owner-scoped listings.
CREATE INDEX space_owner_name IF NOT EXISTS FOR (n:Space) ON (n.owner, n.name);
CREATE INDEX entity_owner_name IF NOT EXISTS FOR (n:Entity) ON (n.owner, n.name);
CREATE INDEX conflict_owner_created_at IF NOT EXISTS FOR (n:Conflict) ON (n.owner, n.created_at);
CREATE INDEX conversation_owner_created_at IF NOT EXISTS FOR (n:Conversation) ON (n.owner, n.created_at);
CREATE INDEX turn_owner_conversation_seq IF NOT EXISTS FOR (n:Turn) ON (n.owner, n.conversation_id, n.seq);
CREATE INDEX idempotency_expires_at IF NOT EXISTS FOR (n:IdempotencyKey) ON (n.expires_at);

// Entity candidates: key_terms lists an entity's key words and, with
// spaces replaced by underscores, its whole keys (see graph.EntityKeys);
// keys are already lower-case without punctuation, so the whitespace
// analyzer keeps each term whole. owner_key restricts hits to one owner
// inside Lucene, as for memories. Merged entities drop key_terms and so
// leave the index.
CREATE FULLTEXT INDEX entity_keys IF NOT EXISTS FOR (n:Entity) ON EACH [n.key_terms, n.owner_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}};
