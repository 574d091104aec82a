package stack

import (
	"context"
	"embed"
	"fmt"
	"os/exec"
	"time"
)

//go:embed assets
var assets embed.FS

func asset(name string) []byte {
	b, err := assets.ReadFile("assets/" + name)
	if err != nil {
		panic("stack: missing embedded asset " + name) // a build defect
	}
	return b
}

// port is one port a service listens on.
type port struct {
	number int
	what   string // e.g. "neo4j Bolt"
	udp    bool   // also bound over UDP
}

// service describes how the stack installs, starts and probes one server.
type service struct {
	name         string
	ports        []port
	readyTimeout time.Duration
	stopGrace    time.Duration
	// install makes the cached installation complete; it must be idempotent
	// and cheap when the cache is warm.
	install func(ctx context.Context, c Config) error
	// prepare writes configuration and initialises data before a start.
	prepare func(ctx context.Context, c Config) error
	// command builds the server's command line (marker included).
	command func(c Config) (*exec.Cmd, error)
	// probe returns nil when the service answers; pid is our process, or 0.
	probe func(ctx context.Context, c Config, pid int) error
	// address is what clients connect to.
	address string
}

func services() map[string]*service {
	return map[string]*service{
		ServiceNeo4j:    neo4jService(),
		ServiceKafka:    kafkaService(),
		ServiceWeaviate: weaviateService(),
	}
}

func lookupService(name string) (*service, error) {
	s, ok := services()[name]
	if !ok {
		return nil, errorf(ErrUnknownService, "stack: unknown service %q (known: neo4j, kafka, weaviate)", name)
	}
	return s, nil
}

func hostPort(p int) string { return fmt.Sprintf("%s:%d", Host, p) }
