package stack

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

const (
	kafkaReadyTimeout = 60 * time.Second
	kafkaStopGrace    = 60 * time.Second
	kafkaHeap         = "512m"
	kafkaPartitions   = 4
)

func kafkaService() *service {
	return &service{
		name: ServiceKafka,
		ports: []port{
			{number: KafkaPort, what: "kafka broker"},
			{number: KafkaControllerPort, what: "kafka controller"},
		},
		readyTimeout: kafkaReadyTimeout,
		stopGrace:    kafkaStopGrace,
		install:      installKafka,
		prepare:      prepareKafka,
		command:      kafkaCommand,
		probe:        func(ctx context.Context, _ Config, _ int) error { return kafkaMetadata(ctx, hostPort(KafkaPort)) },
		address:      hostPort(KafkaPort),
	}
}

func (c Config) kafkaLib() string { return filepath.Join(c.CacheDir, "kafka-"+KafkaVersion, "lib") }

// The broker's files under <data>/kafka: configuration beside the log
// directory that holds the partitions and the KRaft metadata.
func (c Config) kafkaServerProps() string {
	return filepath.Join(c.dataDir(ServiceKafka), "server.properties")
}
func (c Config) kafkaLog4jProps() string {
	return filepath.Join(c.dataDir(ServiceKafka), "log4j.properties")
}
func (c Config) kafkaLogDir() string { return filepath.Join(c.dataDir(ServiceKafka), "log") }

func installKafka(ctx context.Context, c Config) error {
	_, err := installMavenLib(ctx, c, ServiceKafka, KafkaVersion, "kafka-pom.xml.tmpl")
	return err
}

// kafkaProperties renders server.properties for a KRaft combined-mode node.
func kafkaProperties(logDir string) []byte {
	var b strings.Builder
	b.WriteString("# Written by the persistmemory stack before each start; edit stack/kafka.go instead.\n")
	for _, kv := range [][2]string{
		{"process.roles", "broker,controller"},
		{"node.id", "1"},
		{"controller.quorum.voters", fmt.Sprintf("1@%s", hostPort(KafkaControllerPort))},
		{"listeners", fmt.Sprintf("PLAINTEXT://%s,CONTROLLER://%s", hostPort(KafkaPort), hostPort(KafkaControllerPort))},
		{"advertised.listeners", "PLAINTEXT://" + hostPort(KafkaPort)},
		{"inter.broker.listener.name", "PLAINTEXT"},
		{"controller.listener.names", "CONTROLLER"},
		{"listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"},
		{"log.dirs", logDir},
		{"num.partitions", fmt.Sprint(kafkaPartitions)},
		{"auto.create.topics.enable", "false"},
		{"offsets.topic.replication.factor", "1"},
		{"offsets.topic.num.partitions", fmt.Sprint(kafkaPartitions)},
		{"transaction.state.log.replication.factor", "1"},
		{"transaction.state.log.min.isr", "1"},
		{"group.initial.rebalance.delay.ms", "0"},
	} {
		fmt.Fprintf(&b, "%s=%s\n", kv[0], escapeProperty(kv[1]))
	}
	return []byte(b.String())
}

// escapeProperty escapes the characters java.util.Properties treats
// specially in a value (a Windows-style path would need more; ours are Unix).
func escapeProperty(v string) string {
	r := strings.NewReplacer(`\`, `\\`, "\n", `\n`)
	return r.Replace(v)
}

// kafkaLog4j sends the broker's log4j-1 (reload4j) output to stderr, which the
// stack appends to logs/kafka.log.
func kafkaLog4j() []byte {
	return []byte(`# Written by the persistmemory stack before each start; edit stack/kafka.go instead.
log4j.rootLogger=INFO, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
log4j.logger.org.apache.kafka.clients=WARN
`)
}

func prepareKafka(ctx context.Context, c Config) error {
	if err := os.MkdirAll(c.kafkaLogDir(), 0o755); err != nil {
		return err
	}
	if err := writeFileAtomic(c.kafkaServerProps(), kafkaProperties(c.kafkaLogDir()), 0o644); err != nil {
		return err
	}
	if err := writeFileAtomic(c.kafkaLog4jProps(), kafkaLog4j(), 0o644); err != nil {
		return err
	}
	if fileExists(filepath.Join(c.kafkaLogDir(), "meta.properties")) {
		return nil // formatted before
	}
	java, err := javaTool("java")
	if err != nil {
		return err
	}
	id, err := kafkaClusterID()
	if err != nil {
		return err
	}
	if err := runLogged(ctx, c.logPath(ServiceKafka), c.dataDir(ServiceKafka), nil, java,
		"-Dlog4j.configuration=file:"+c.kafkaLog4jProps(), "-cp", classpath(c.kafkaLib()),
		"kafka.tools.StorageTool", "format", "-t", id, "-c", c.kafkaServerProps(), "--ignore-formatted"); err != nil {
		return fmt.Errorf("stack: format kafka storage: %w", err)
	}
	return nil
}

// kafkaClusterID returns a random cluster id as Kafka's Uuid.randomUuid makes
// them: 16 random bytes, URL-safe base64 without padding, never starting with
// '-' (it would read as a flag).
func kafkaClusterID() (string, error) {
	for {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", err
		}
		id := base64.RawURLEncoding.EncodeToString(b[:])
		if !strings.HasPrefix(id, "-") && id != "AAAAAAAAAAAAAAAAAAAAAA" && id != "AAAAAAAAAAAAAAAAAAAAAQ" {
			return id, nil
		}
	}
}

func kafkaCommand(c Config) (*exec.Cmd, error) {
	java, err := javaTool("java")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(java,
		"-Xmx"+kafkaHeap, "-Djava.awt.headless=true", "-Dfile.encoding=UTF-8",
		"-Dlog4j.configuration=file:"+c.kafkaLog4jProps(),
		c.markerArg(ServiceKafka),
		"-cp", classpath(c.kafkaLib()),
		"kafka.Kafka", c.kafkaServerProps())
	cmd.Dir = c.dataDir(ServiceKafka)
	return cmd, nil
}

// kafkaMetadata sends a Metadata v4 request for no topics and expects the
// broker to list itself: the broker is registered, unfenced and serving.
func kafkaMetadata(ctx context.Context, addr string) error {
	conn, err := dialProbe(ctx, addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	const clientID = "persistmemory-stack"
	var body bytes.Buffer
	binary.Write(&body, binary.BigEndian, int16(3)) // api key: Metadata
	binary.Write(&body, binary.BigEndian, int16(4)) // api version
	binary.Write(&body, binary.BigEndian, int32(1)) // correlation id
	binary.Write(&body, binary.BigEndian, int16(len(clientID)))
	body.WriteString(clientID)
	binary.Write(&body, binary.BigEndian, int32(0)) // topics: none
	body.WriteByte(0)                               // allow_auto_topic_creation: false
	var frame bytes.Buffer
	binary.Write(&frame, binary.BigEndian, int32(body.Len()))
	frame.Write(body.Bytes())
	if _, err := conn.Write(frame.Bytes()); err != nil {
		return err
	}
	var size int32
	if err := binary.Read(conn, binary.BigEndian, &size); err != nil {
		return fmt.Errorf("kafka metadata: %w", err)
	}
	if size < 16 || size > 1<<20 {
		return fmt.Errorf("kafka metadata: implausible response size %d", size)
	}
	resp := make([]byte, size)
	if _, err := io.ReadFull(conn, resp); err != nil {
		return fmt.Errorf("kafka metadata: %w", err)
	}
	r := bytes.NewReader(resp)
	var corr, throttle, brokers int32
	binary.Read(r, binary.BigEndian, &corr)
	binary.Read(r, binary.BigEndian, &throttle)
	if err := binary.Read(r, binary.BigEndian, &brokers); err != nil {
		return fmt.Errorf("kafka metadata: %w", err)
	}
	if corr != 1 {
		return fmt.Errorf("kafka metadata: correlation id %d, want 1", corr)
	}
	if brokers < 1 {
		return fmt.Errorf("kafka metadata: no broker registered yet")
	}
	return nil
}
