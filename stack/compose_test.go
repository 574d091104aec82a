package stack

import (
	"encoding/base64"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// composeFile is the part of docker-compose.yml the test checks.
type composeFile struct {
	Services map[string]struct {
		Image       string            `yaml:"image"`
		Ports       []string          `yaml:"ports"`
		Environment map[string]string `yaml:"environment"`
	} `yaml:"services"`
}

// TestDockerCompose keeps docker-compose.yml in step with the local stack:
// same versions, ports, credentials and settings.
func TestDockerCompose(t *testing.T) {
	b, err := os.ReadFile("../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var f composeFile
	if err := yaml.Unmarshal(b, &f); err != nil {
		t.Fatalf("docker-compose.yml: %v", err)
	}
	if got := slices.Sorted(func(yield func(string) bool) {
		for k := range f.Services {
			if !yield(k) {
				return
			}
		}
	}); !slices.Equal(got, slices.Sorted(slices.Values(AllServices()))) {
		t.Fatalf("services %v, want %v", got, AllServices())
	}
	loopback := func(p int) string { return fmt.Sprintf("%s:%d:%d", Host, p, p) }
	tests := []struct {
		service string
		image   string
		ports   []string
		env     map[string]string
	}{
		{ServiceNeo4j, "neo4j:" + minor(Neo4jVersion) + "-community", []string{loopback(Neo4jBoltPort)},
			map[string]string{"NEO4J_AUTH": Neo4jUser + "/" + Neo4jPassword}},
		{ServiceKafka, "apache/kafka:" + KafkaVersion, []string{loopback(KafkaPort)},
			map[string]string{
				"KAFKA_PROCESS_ROLES":            "broker,controller",
				"KAFKA_LISTENERS":                fmt.Sprintf("PLAINTEXT://0.0.0.0:%d,CONTROLLER://localhost:%d", KafkaPort, KafkaControllerPort),
				"KAFKA_ADVERTISED_LISTENERS":     "PLAINTEXT://" + hostPort(KafkaPort),
				"KAFKA_CONTROLLER_QUORUM_VOTERS": fmt.Sprintf("1@localhost:%d", KafkaControllerPort),
				"KAFKA_NUM_PARTITIONS":           fmt.Sprint(kafkaPartitions),
			}},
		{ServiceWeaviate, "cr.weaviate.io/semitechnologies/weaviate:" + strings.TrimPrefix(WeaviateVersion, "v"),
			[]string{loopback(WeaviateHTTPPort), loopback(WeaviateGRPCPort)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.service, func(t *testing.T) {
			s := f.Services[tt.service]
			if s.Image != tt.image {
				t.Errorf("image %q, want %q", s.Image, tt.image)
			}
			if !slices.Equal(s.Ports, tt.ports) {
				t.Errorf("ports %q, want %q", s.Ports, tt.ports)
			}
			for k, v := range tt.env {
				if s.Environment[k] != v {
					t.Errorf("%s = %q, want %q", k, s.Environment[k], v)
				}
			}
		})
	}
	// Weaviate runs with exactly the local environment, but for its data path.
	for _, kv := range weaviateEnv("/var/lib/weaviate") {
		k, v, _ := strings.Cut(kv, "=")
		if got, ok := f.Services[ServiceWeaviate].Environment[k]; !ok || got != v {
			t.Errorf("weaviate %s = %q (set %t), want %q", k, got, ok, v)
		}
	}
	id := f.Services[ServiceKafka].Environment["CLUSTER_ID"]
	if raw, err := base64.RawURLEncoding.DecodeString(id); err != nil || len(raw) != 16 {
		t.Errorf("kafka CLUSTER_ID %q is not a base64url 16-byte uuid", id)
	}
}

// minor returns "5.26" for "5.26.19".
func minor(v string) string {
	parts := strings.SplitN(v, ".", 3)
	return parts[0] + "." + parts[1]
}
