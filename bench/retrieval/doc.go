// Command retrieval measures search latency at scale: one synthetic owner
// per size (10,000 and 100,000 memories by default), queried one request at
// a time through a running service's POST /api/v1/search and
// POST /api/v1/search/context. In the same run, on the same data and the
// same queries, it times the parts the service's search is built from: the
// Neo4j full-text query alone (graph.Store.SearchMemories), the Weaviate
// nearVector alone (retrieval.VectorStore.Search) and the embedding of the
// query alone (embed/onnx), and it prints the machine it ran on.
//
// Seeding skips the extraction pipeline: varied synthetic claims (decisions,
// commitments, preferences, facts and dated events about a rotating cast of
// people, projects, systems, places and organisations) are written with the
// graph's batch API (CreateDocumentJob, StartJobs, CompleteJobs) and their
// vectors, embedded with the service's local model, through
// retrieval.VectorStore.Upsert. Seeded owners are recorded in
// bench/results/retrieval-owners.json (git-ignored); -reuse queries them
// again instead of seeding.
//
//	go build -o /tmp/pm ./cmd/persistmemory
//	go run ./bench/retrieval -bin /tmp/pm -serve -base-url http://127.0.0.1:8799 -n 10000,100000 -queries 200
//
// See docs/bench-retrieval.md.
package main
