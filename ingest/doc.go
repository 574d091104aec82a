// Package ingest turns material into memories: remember -> durable Document
// and Job in the graph -> queue -> worker -> extraction -> write memories and
// their vectors. The queue contract (Queue) lives here; ingest/kafka holds
// the Kafka implementation.
package ingest
