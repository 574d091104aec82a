// 0001_init: identity constraints, owner-scoped range indexes and the
// full-text indexes.
//
// Never edit this file once it has been applied anywhere: the migration
// runner records its sha256 and refuses to start when the file changes. Add
// a new numbered migration instead. Every statement must be safe to run
// again (IF NOT EXISTS), because a crash between a statement and the record
// of its migration re-runs the migration.

// Identity. Each constraint also gives the id lookup its index.
CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (n:Memory) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT document_id IF NOT EXISTS FOR (n:Document) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT job_id IF NOT EXISTS FOR (n:Job) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT space_id IF NOT EXISTS FOR (n:Space) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT conflict_id IF NOT EXISTS FOR (n:Conflict) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT apikey_id IF NOT EXISTS FOR (n:ApiKey) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT apikey_hash IF NOT EXISTS FOR (n:ApiKey) REQUIRE n.hash IS UNIQUE;

// Owner-scoped listings, and the outbox relay's scan of unpublished jobs.
CREATE INDEX memory_owner_recorded_at IF NOT EXISTS FOR (n:Memory) ON (n.owner, n.recorded_at);
CREATE INDEX job_owner_created_at IF NOT EXISTS FOR (n:Job) ON (n.owner, n.created_at);
CREATE INDEX document_owner_content_hash IF NOT EXISTS FOR (n:Document) ON (n.owner, n.content_hash);
CREATE INDEX job_published_created_at IF NOT EXISTS FOR (n:Job) ON (n.published, n.created_at);

// Full-text, with the english analyzer (stop words dropped, stems matched:
// "deploying" finds "deploy", and "to" or "the" match nothing). Each index
// also covers owner_key, an analyzer-proof token
// derived from the owner id (see graph/neo4j), so Lucene restricts hits to
// one owner before it ranks them instead of after.
CREATE FULLTEXT INDEX memory_claims IF NOT EXISTS FOR (n:Memory) ON EACH [n.claim, n.owner_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
CREATE FULLTEXT INDEX turn_text IF NOT EXISTS FOR (n:Turn) ON EACH [n.text, n.owner_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
