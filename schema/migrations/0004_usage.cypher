// 0004_usage: language-model calls made on an owner's behalf
// (graph.UsageStore): one (:ModelUsage) node per call.
//
// Never edit this file once it has been applied anywhere; add a new
// numbered migration instead. Every statement must be safe to run again.

// Identity: a usage id is unique across owners, so a MERGE on {id, owner}
// with another owner's id fails instead of taking it over.
CREATE CONSTRAINT model_usage_id IF NOT EXISTS FOR (n:ModelUsage) REQUIRE n.id IS UNIQUE;

// usage_report sums an owner's calls since a time.
CREATE INDEX model_usage_owner_at IF NOT EXISTS FOR (n:ModelUsage) ON (n.owner, n.at);
