package main

import (
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/persistmemory/persistmemory/ingest/llm"
	"github.com/persistmemory/persistmemory/ingest/rules"
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

func TestLoadConfigExtraction(t *testing.T) {
	const key = "sk-extract-secret-value"
	model := []string{"EXTRACTION_BASE_URL=https://api.openai.com/v1", "EXTRACTION_MODEL=gpt-4o-mini", "EXTRACTION_API_KEY=" + key}
	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"EXTRACTION_MODEL=gpt-4o-mini"}, "EXTRACTION_BASE_URL"},
		{[]string{"EXTRACTION_BASE_URL=https://api.openai.com/v1"}, "EXTRACTION_MODEL"},
		{[]string{"EXTRACTION_API_KEY=" + key}, "EXTRACTION_BASE_URL and EXTRACTION_MODEL are empty"},
		{[]string{"EXTRACTION_BASE_URL=ftp://x", "EXTRACTION_MODEL=m"}, "EXTRACTION_BASE_URL"},
		{[]string{"EXTRACTION_BASE_URL=https://u:" + key + "@x/v1", "EXTRACTION_MODEL=m"}, "EXTRACTION_BASE_URL"},
		{append(model, "EXTRACTION_PRICE_INPUT_PER_MTOK=0.15"), "EXTRACTION_PRICE_OUTPUT_PER_MTOK"},
		{append(model, "EXTRACTION_PRICE_INPUT_PER_MTOK=-1", "EXTRACTION_PRICE_OUTPUT_PER_MTOK=0.6"), "EXTRACTION_PRICE_INPUT_PER_MTOK"},
		{append(model, "EXTRACTION_PRICE_INPUT_PER_MTOK=cheap", "EXTRACTION_PRICE_OUTPUT_PER_MTOK=0.6"), "EXTRACTION_PRICE_INPUT_PER_MTOK"},
		{[]string{"EXTRACTION_PRICE_INPUT_PER_MTOK=1", "EXTRACTION_PRICE_OUTPUT_PER_MTOK=1"}, "EXTRACTION_MODEL"},
	} {
		_, err := LoadConfig(c.env)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err = %v, want it to name %s", c.env, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), key) {
			t.Errorf("%v: the error echoes the API key", c.env)
		}
	}

	c, err := LoadConfig(append(model, "EXTRACTION_PRICE_INPUT_PER_MTOK=0.15", "EXTRACTION_PRICE_OUTPUT_PER_MTOK=0.6"))
	if err != nil {
		t.Fatal(err)
	}
	if c.ExtractionModel != "gpt-4o-mini" || c.ExtractionPrice == nil || c.ExtractionPrice.InputPerMTok != 0.15 || c.ExtractionPrice.OutputPerMTok != 0.6 {
		t.Errorf("config = %+v", c)
	}
	if c.Redacted().ExtractionAPIKey == key {
		t.Errorf("Redacted keeps EXTRACTION_API_KEY")
	}
	x, err := extractor(c, nil, slog.New(slog.DiscardHandler))
	if _, ok := x.(*llm.Extractor); !ok || err != nil {
		t.Errorf("extractor = %T, %v; want the LLM extractor", x, err)
	}
	// A local server needs no key and no price.
	c, err = LoadConfig([]string{"EXTRACTION_BASE_URL=http://127.0.0.1:11434/v1", "EXTRACTION_MODEL=llama3.1"})
	if err != nil || c.ExtractionPrice != nil {
		t.Errorf("local model: %+v, %v", c, err)
	}
	c, err = LoadConfig(nil)
	if err != nil {
		t.Fatal(err)
	}
	x, err = extractor(c, nil, slog.New(slog.DiscardHandler))
	if _, ok := x.(rules.Extractor); !ok || err != nil {
		t.Errorf("extractor without EXTRACTION_* = %T, %v; want the rules", x, err)
	}
}

func TestKafkaTopic(t *testing.T) {
	c, err := LoadConfig([]string{"KAFKA_TOPIC=team-a.jobs"})
	if err != nil || c.KafkaTopic != "team-a.jobs" {
		t.Fatalf("KAFKA_TOPIC=team-a.jobs: %+v, %v", c.KafkaTopic, err)
	}
	kc := kafkaConfig(c, nil)
	if kc.Topic != "team-a.jobs" || kc.DeadLetterTopic != "team-a.jobs.dead" || kc.Group != "team-a.jobs.workers" {
		t.Errorf("kafka config = %+v", kc)
	}
	if kc := kafkaConfig(Config{}, nil); kc.Topic != "" || kc.Group != "" {
		t.Errorf("without KAFKA_TOPIC the queue's defaults apply, got %+v", kc)
	}
	for _, bad := range []string{"has space", "x.dead", strings.Repeat("a", 201), "slash/topic"} {
		if _, err := LoadConfig([]string{"KAFKA_TOPIC=" + bad}); err == nil || !strings.Contains(err.Error(), "KAFKA_TOPIC") {
			t.Errorf("KAFKA_TOPIC=%q: err = %v, want one naming KAFKA_TOPIC", bad, err)
		}
	}
}

func TestRetrievalOff(t *testing.T) {
	c, err := LoadConfig([]string{"PERSISTMEMORY_RETRIEVAL_OFF=graph, temporal"})
	if err != nil || !slices.Equal(c.RetrievalOff, []string{"graph", "temporal"}) {
		t.Fatalf("PERSISTMEMORY_RETRIEVAL_OFF=graph, temporal: %v, %v", c.RetrievalOff, err)
	}
	if _, err := LoadConfig([]string{"PERSISTMEMORY_RETRIEVAL_OFF=semantic"}); err == nil || !strings.Contains(err.Error(), "PERSISTMEMORY_RETRIEVAL_OFF") {
		t.Errorf("an unknown signal: err = %v, want one naming the variable", err)
	}
}

func TestExtractionJudge(t *testing.T) {
	const key = "sk-judge-secret-value"
	model := []string{"EXTRACTION_BASE_URL=https://api.openai.com/v1", "EXTRACTION_MODEL=gpt-4o-mini", "EXTRACTION_API_KEY=" + key}
	log := slog.New(slog.DiscardHandler)
	for _, c := range []struct {
		env  []string
		want bool // a judge is built
	}{
		{model, true}, // on by default with a model
		{append(model, "EXTRACTION_JUDGE=on"), true},
		{append(model, "EXTRACTION_JUDGE="), true}, // empty is the default
		{append(model, "EXTRACTION_JUDGE= off "), false},
		{nil, false}, // no model: the rules alone, as before
		{[]string{"EXTRACTION_JUDGE=on"}, false},
		{[]string{"EXTRACTION_JUDGE=off"}, false},
	} {
		cfg, err := LoadConfig(c.env)
		if err != nil {
			t.Errorf("%v: %v", c.env, err)
			continue
		}
		j, err := judge(cfg, nil, log)
		if err != nil {
			t.Errorf("%v: judge: %v", c.env, err)
		}
		if _, ok := j.(*llm.Judge); ok != c.want || !c.want && j != nil {
			t.Errorf("%v: judge = %T, want a model judge: %v", c.env, j, c.want)
		}
	}
	for _, bad := range []string{"yes", "true", "ON", "0", "of"} {
		_, err := LoadConfig(append(model, "EXTRACTION_JUDGE="+bad))
		if err == nil || !strings.Contains(err.Error(), "EXTRACTION_JUDGE") || strings.Contains(err.Error(), key) {
			t.Errorf("EXTRACTION_JUDGE=%q: err = %v, want one naming EXTRACTION_JUDGE without the key", bad, err)
		}
	}
}
