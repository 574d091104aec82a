package main

import (
	"strings"
	"testing"
)

func TestLoadConfigDefaults(t *testing.T) {
	c, err := LoadConfig(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8787" || c.EmbeddingProvider != "local" || c.ContextTokenBudget != 4000 || len(c.MCPScopes) != 4 || len(c.KafkaBrokers) != 1 {
		t.Fatalf("defaults = %+v", c)
	}
	if c.PublicURL != "http://127.0.0.1:8787" {
		t.Fatalf("PublicURL = %q", c.PublicURL)
	}
}

func TestLoadConfigRefusesWithASentenceNamingTheSetting(t *testing.T) {
	cases := []struct {
		env  []string
		want string
	}{
		{[]string{"EMBEDDING_PROVIDER=magic"}, "EMBEDDING_PROVIDER"},
		{[]string{"EMBEDDING_PROVIDER=openai"}, "EMBEDDING_API_KEY"},
		{[]string{"EMBEDDING_PROVIDER=openai", "EMBEDDING_API_KEY=sk-secret-value", "EMBEDDING_MODEL=m"}, "EMBEDDING_BASE_URL"},
		{[]string{"EMBEDDING_PROVIDER=openai", "EMBEDDING_API_KEY=k", "EMBEDDING_MODEL=m", "EMBEDDING_BASE_URL=ftp://x"}, "EMBEDDING_BASE_URL"},
		{[]string{"EMBEDDING_PROVIDER=local", "WEAVIATE_URL="}, "WEAVIATE_URL"},
		{[]string{"CONTEXT_TOKEN_BUDGET=abc"}, "CONTEXT_TOKEN_BUDGET"},
		{[]string{"CONTEXT_TOKEN_BUDGET=10"}, "CONTEXT_TOKEN_BUDGET"},
		{[]string{"CONTEXT_TOKEN_BUDGET=1000000"}, "CONTEXT_TOKEN_BUDGET"},
		{[]string{"MCP_SCOPES=memory:read,memory:root"}, "memory:root"},
		{[]string{"MCP_SCOPES= "}, "MCP_SCOPES"},
		{[]string{"NEO4J_URI=http://localhost:7474"}, "NEO4J_URI"},
		{[]string{"NEO4J_USER="}, "NEO4J_USER"},
		{[]string{"KAFKA_BROKERS=localhost"}, "KAFKA_BROKERS"},
		{[]string{"WEAVIATE_URL=localhost:8080"}, "WEAVIATE_URL"},
		{[]string{"WEAVIATE_GRPC=nope"}, "WEAVIATE_GRPC"},
		{[]string{"PERSISTMEMORY_ADDR=8787"}, "PERSISTMEMORY_ADDR"},
		{[]string{"PERSISTMEMORY_LOG_LEVEL=loud"}, "PERSISTMEMORY_LOG_LEVEL"},
		{[]string{"PERSISTMEMORY_USER_ID=bad owner!"}, "PERSISTMEMORY_USER_ID"},
		{[]string{"PERSISTMEMORY_USERID=x"}, "PERSISTMEMORY_USERID"},
		{[]string{"PUBLIC_URL=http://memory.example.com"}, "PUBLIC_URL"},
		{[]string{"PUBLIC_URL=https://memory.example.com/?q=1"}, "PUBLIC_URL"},
	}
	for _, c := range cases {
		_, err := LoadConfig(c.env)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v, want it to name %s", c.env, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "sk-secret-value") {
			t.Errorf("%v: the error echoes the API key", c.env)
		}
	}
}

func TestLoadConfigAccepts(t *testing.T) {
	for _, env := range [][]string{
		{"KAFKA_BROKERS="}, // no queue: remember refuses, start-up does not
		{"EMBEDDING_PROVIDER=none", "WEAVIATE_URL="},
		{"EMBEDDING_PROVIDER=openai", "EMBEDDING_API_KEY=k", "EMBEDDING_MODEL=text-embedding-3-small", "EMBEDDING_BASE_URL=https://api.openai.com/v1"},
		{"MCP_SCOPES=memory:read, memory:capture"},
		{"PUBLIC_URL=https://memory.example.com"},
		{"KAFKA_BROKERS=a:9092, b:9092"},
		{"PERSISTMEMORY_API_KEY=pm_live_x", "PERSISTMEMORY_BASE_URL=http://127.0.0.1:8787"}, // the SDKs read these
	} {
		if _, err := LoadConfig(env); err != nil {
			t.Errorf("%v: %v", env, err)
		}
	}
}

func TestRedactedHidesSecrets(t *testing.T) {
	c, err := LoadConfig([]string{"NEO4J_PASSWORD=pw-123456", "EMBEDDING_PROVIDER=openai", "EMBEDDING_API_KEY=sk-abc", "EMBEDDING_MODEL=m", "EMBEDDING_BASE_URL=https://x/v1"})
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Join([]string{c.Redacted().Neo4jPassword, c.Redacted().EmbeddingAPIKey}, " ")
	if strings.Contains(s, "pw-123456") || strings.Contains(s, "sk-abc") {
		t.Fatal(s)
	}
}
