package testenv

import (
	"os"
	"testing"
)

// Defaults match the local stack (persistmemory stack up).
var defaults = map[string]string{
	"NEO4J_URI":      "bolt://127.0.0.1:7687",
	"NEO4J_USER":     "neo4j",
	"NEO4J_PASSWORD": "persistmemory-dev",
	"KAFKA_BROKERS":  "127.0.0.1:9092",
	"WEAVIATE_URL":   "http://127.0.0.1:8080",
	"WEAVIATE_GRPC":  "127.0.0.1:50051",
}

// Get returns the environment value of name, or the local-stack default.
func Get(name string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return defaults[name]
}

// Unavailable ends the test because a real server it needs is missing:
// t.Fatalf under CI=true, t.Skipf otherwise.
func Unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("required server unavailable under CI=true: "+format, args...)
	}
	t.Skipf("server unavailable (set CI=true to fail instead): "+format, args...)
}
