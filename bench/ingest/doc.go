// Command ingest measures end-to-end ingestion throughput against a running
// service: messages handed to remember over HTTP → Kafka → extraction →
// Neo4j + Weaviate, until every job is completed. It prints, in the same
// run, the rate at which the API alone accepted the messages (the ceiling
// the pipeline is measured against) and the machine it ran on.
//
//	go run ./bench/ingest -bin bin/persistmemory -base-url http://127.0.0.1:8787 -n 1000
package main
