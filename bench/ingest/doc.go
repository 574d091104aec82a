// Command ingest measures end-to-end ingestion throughput against a running
// service: messages handed to remember over HTTP → Kafka → extraction →
// Neo4j + Weaviate, until every job is completed. It prints, in the same
// run, the rate at which the API alone accepted the messages (the ceiling
// the pipeline is measured against) and the machine it ran on.
//
//	go run ./bench/ingest -bin bin/persistmemory -base-url http://127.0.0.1:8787 -n 1000
//
// With -drain host:port it measures the worker alone, Kafka → extraction →
// Neo4j + Weaviate: the service runs with --no-worker, every message is
// accepted and queued first, then the command starts
// 'persistmemory worker --metrics-addr host:port' and times it draining
// the backlog (from the worker's start, and from its first completed job),
// reading its progress and stages from that address.
package main
