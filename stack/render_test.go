package stack

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// parseProperties reads key=value lines, skipping comments.
func parseProperties(t *testing.T, b []byte) map[string]string {
	t.Helper()
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("malformed property line %q", line)
		}
		if _, dup := m[k]; dup {
			t.Fatalf("property %s set twice", k)
		}
		m[k] = v
	}
	return m
}

func TestKafkaProperties(t *testing.T) {
	p := parseProperties(t, kafkaProperties("/data/kafka/log"))
	want := map[string]string{
		"process.roles":                    "broker,controller",
		"node.id":                          "1",
		"controller.quorum.voters":         "1@127.0.0.1:9093",
		"listeners":                        "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093",
		"advertised.listeners":             "PLAINTEXT://127.0.0.1:9092",
		"controller.listener.names":        "CONTROLLER",
		"listener.security.protocol.map":   "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
		"log.dirs":                         "/data/kafka/log",
		"num.partitions":                   "4",
		"auto.create.topics.enable":        "false",
		"offsets.topic.replication.factor": "1",
		"transaction.state.log.min.isr":    "1",
	}
	for k, v := range want {
		if p[k] != v {
			t.Errorf("%s = %q, want %q", k, p[k], v)
		}
	}
}

func TestKafkaLog4jGoesToStderr(t *testing.T) {
	p := parseProperties(t, kafkaLog4j())
	if p["log4j.rootLogger"] != "INFO, stderr" || p["log4j.appender.stderr.Target"] != "System.err" {
		t.Fatalf("log4j config does not log to stderr: %v", p)
	}
}

func TestKafkaClusterID(t *testing.T) {
	for range 200 {
		id, err := kafkaClusterID()
		if err != nil {
			t.Fatal(err)
		}
		b, err := base64.RawURLEncoding.DecodeString(id)
		if err != nil || len(b) != 16 || strings.HasPrefix(id, "-") {
			t.Fatalf("cluster id %q: %d bytes, %v", id, len(b), err)
		}
	}
}

func TestNeo4jConf(t *testing.T) {
	p := parseProperties(t, neo4jConf())
	if p["server.memory.pagecache.size"] != "128m" {
		t.Fatalf("neo4j.conf = %v", p)
	}
}

func TestNeo4jCommand(t *testing.T) {
	t.Setenv("JAVA_HOME", "")
	c := Config{CacheDir: "/cache", StackDir: "/proj/.stack"}
	cmd, err := neo4jCommand(c)
	if err != nil {
		t.Skipf("no java: %v", err)
	}
	args := strings.Join(cmd.Args, " ")
	for _, want := range []string{
		"-Xmx512m", c.markerArg(ServiceNeo4j), "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
		"Launcher", " /proj/.stack/data/neo4j 7687 persistmemory-dev /proj/.stack/run/neo4j.ready",
	} {
		if !strings.Contains(args, want) {
			t.Errorf("neo4j command %q lacks %q", args, want)
		}
	}
}

func TestWeaviateEnv(t *testing.T) {
	env := map[string]string{}
	for _, kv := range weaviateEnv("/d") {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	want := map[string]string{
		"PERSISTENCE_DATA_PATH":      "/d",
		"GRPC_PORT":                  strconv.Itoa(WeaviateGRPCPort),
		"CLUSTER_GOSSIP_BIND_PORT":   strconv.Itoa(WeaviateGossipPort),
		"CLUSTER_DATA_BIND_PORT":     strconv.Itoa(WeaviateDataPort),
		"RAFT_PORT":                  strconv.Itoa(WeaviateRaftPort),
		"RAFT_INTERNAL_RPC_PORT":     strconv.Itoa(WeaviateRaftRPCPort),
		"CLUSTER_BIND_ADDR":          Host,
		"API_BASED_MODULES_DISABLED": "true",
		"GO_PROFILING_DISABLE":       "true",
		"DEFAULT_VECTORIZER_MODULE":  "none",
		"ENABLE_MODULES":             "",
	}
	for k, v := range want {
		if got, ok := env[k]; !ok || got != v {
			t.Errorf("%s = %q (set %t), want %q", k, got, ok, v)
		}
	}
}

func TestRenderPOM(t *testing.T) {
	for _, tc := range []struct{ asset, version, artifact string }{
		{"neo4j-pom.xml.tmpl", Neo4jVersion, "<artifactId>neo4j-bolt</artifactId>"},
		{"kafka-pom.xml.tmpl", KafkaVersion, "<artifactId>kafka_2.13</artifactId>"},
	} {
		b, err := renderPOM(tc.asset, tc.version)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if !strings.Contains(s, "<version>"+tc.version+"</version>") || !strings.Contains(s, tc.artifact) ||
			strings.Contains(s, "{{") || !strings.Contains(s, "<packaging>pom</packaging>") {
			t.Errorf("%s rendered wrongly:\n%s", tc.asset, s)
		}
	}
}

func TestWeaviateCommandCarriesMarker(t *testing.T) {
	c := Config{CacheDir: t.TempDir(), StackDir: "/proj/.stack"}
	if _, err := weaviateCommand(c); err == nil {
		t.Fatal("weaviateCommand without a built binary succeeded")
	}
	os.MkdirAll(filepath.Dir(c.weaviateBinary()), 0o755)
	os.WriteFile(c.weaviateBinary(), []byte("#!/bin/sh\n"), 0o755)
	cmd, err := weaviateCommand(c)
	if err != nil {
		t.Fatal(err)
	}
	if cmd.Path != c.weaviateBinary() || cmd.Args[0] != c.markerArg(ServiceWeaviate) {
		t.Fatalf("path %q argv0 %q", cmd.Path, cmd.Args[0])
	}
	if got := strings.Join(cmd.Args[1:], " "); got != "--host 127.0.0.1 --port 8080 --scheme http" {
		t.Fatalf("args %q", got)
	}
	if !slices.Contains(cmd.Env, "PERSISTENCE_DATA_PATH=/proj/.stack/data/weaviate") {
		t.Fatal("data path not in the environment")
	}
}
