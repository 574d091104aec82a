// 0008_owner_indexes: a single-property index on owner for every label
// queries scope by owner alone. The composite (owner, …) indexes serve
// queries that also constrain their second property; a query that names
// only the owner (browsing, the analyst's Cypher, entity listings) would
// otherwise scan every node of the label, every owner's — slow on a large
// graph, and one owner's size would slow another's queries.
//
// Never edit this file once it has been applied anywhere; add a new
// numbered migration instead. Every statement must be safe to run again.
CREATE INDEX memory_owner IF NOT EXISTS FOR (n:Memory) ON (n.owner);
CREATE INDEX entity_owner IF NOT EXISTS FOR (n:Entity) ON (n.owner);
CREATE INDEX document_owner IF NOT EXISTS FOR (n:Document) ON (n.owner);
CREATE INDEX turn_owner IF NOT EXISTS FOR (n:Turn) ON (n.owner);
CREATE INDEX conflict_owner IF NOT EXISTS FOR (n:Conflict) ON (n.owner);
CREATE INDEX job_owner IF NOT EXISTS FOR (n:Job) ON (n.owner);
CREATE INDEX space_owner IF NOT EXISTS FOR (n:Space) ON (n.owner);
CREATE INDEX conversation_owner IF NOT EXISTS FOR (n:Conversation) ON (n.owner);
