// Package kafka implements ingest.Queue on Apache Kafka with
// github.com/segmentio/kafka-go.
//
// Open creates the job topic and its dead-letter topic if they are missing
// (through the controller, replication factor min(3, brokers)). Publish
// writes one JSON-encoded schema.JobRef keyed by owner, so one owner's jobs
// land on one partition and keep their order; it waits for all in-sync
// replicas to acknowledge and fails within a few seconds, with an error
// wrapping schema.ErrUnavailable, when the brokers cannot be reached.
//
// Consume joins the consumer group and handles one message at a time. A
// message is committed only after the handler returned nil, or after it was
// written to the dead-letter topic, so delivery is at least once: a worker
// stopped mid-message leaves it to the next member of the group. A failing
// handler is retried with exponential backoff (Config.Backoff doubling, at
// most MaxBackoff) up to Config.MaxAttempts times; then the message is
// copied to the dead-letter topic with headers naming the last error, the
// number of attempts and the original topic, partition and offset, dead is
// called, and the offset is committed, so a poison message never blocks its
// partition. A handler that panics counts as a failed attempt.
//
// A message that is not a valid job reference (not JSON, or an invalid
// owner, or no job id) is not handed to the handler: it goes straight to the
// dead-letter topic with attempts 0, and dead receives an error wrapping
// schema.ErrInvalid together with whatever could be decoded — the JobRef
// fields that parsed, else only the owner taken from the message key when
// that is a valid owner id; JobID is empty when unknown.
//
// Because commits follow processing, a message may be handled again after a
// crash or a rebalance, and dead may be called again for a message whose
// commit was lost: handlers must be idempotent (ingest derives what it
// writes from the job id).
package kafka
