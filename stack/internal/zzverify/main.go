package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/segmentio/kafka-go"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	d, err := neo4j.NewDriverWithContext("bolt://127.0.0.1:7687", neo4j.BasicAuth("neo4j", "persistmemory-dev", ""))
	must(err)
	r, err := neo4j.ExecuteQuery(ctx, d, "CREATE (n:StackCheck {at: timestamp()}) RETURN count(*) AS c", nil, neo4j.EagerResultTransformer)
	must(err)
	fmt.Fprintln(os.Stderr, "neo4j ok", r.Records[0].Values)
	r, err = neo4j.ExecuteQuery(ctx, d, "MATCH (n:StackCheck) RETURN count(n) AS c", nil, neo4j.EagerResultTransformer)
	must(err)
	fmt.Fprintln(os.Stderr, "neo4j StackCheck nodes", r.Records[0].Values)
	bad, _ := neo4j.NewDriverWithContext("bolt://127.0.0.1:7687", neo4j.BasicAuth("neo4j", "wrong-password", ""))
	_, err = neo4j.ExecuteQuery(ctx, bad, "RETURN 1", nil, neo4j.EagerResultTransformer)
	fmt.Fprintln(os.Stderr, "neo4j wrong password ->", err != nil)

	w := &kafka.Writer{Addr: kafka.TCP("127.0.0.1:9092"), Topic: "stack-check", AllowAutoTopicCreation: true}
	for i := 0; i < 10; i++ {
		err = w.WriteMessages(ctx, kafka.Message{Value: []byte("hello")})
		if err == nil {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	must(err)
	conn, err := kafka.Dial("tcp", "127.0.0.1:9092")
	must(err)
	parts, err := conn.ReadPartitions("stack-check")
	must(err)
	fmt.Fprintln(os.Stderr, "kafka ok, partitions:", len(parts))
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAIL", err)
		os.Exit(1)
	}
}
