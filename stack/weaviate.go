package stack

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

const (
	weaviateReadyTimeout = 90 * time.Second
	weaviateStopGrace    = 30 * time.Second
	weaviateModule       = "github.com/weaviate/weaviate/cmd/weaviate-server"
)

func weaviateService() *service {
	return &service{
		name: ServiceWeaviate,
		ports: []port{
			{number: WeaviateHTTPPort, what: "weaviate HTTP"},
			{number: WeaviateGRPCPort, what: "weaviate gRPC"},
			{number: WeaviateGossipPort, what: "weaviate cluster gossip", udp: true},
			{number: WeaviateDataPort, what: "weaviate cluster data"},
			{number: WeaviateRaftPort, what: "weaviate Raft"},
			{number: WeaviateRaftRPCPort, what: "weaviate Raft RPC"},
		},
		readyTimeout: weaviateReadyTimeout,
		stopGrace:    weaviateStopGrace,
		install:      installWeaviate,
		prepare:      func(_ context.Context, c Config) error { return os.MkdirAll(c.dataDir(ServiceWeaviate), 0o755) },
		command:      weaviateCommand,
		probe:        func(ctx context.Context, _ Config, _ int) error { return weaviateReady(ctx) },
		address:      fmt.Sprintf("http://%s", hostPort(WeaviateHTTPPort)),
	}
}

func (c Config) weaviateBinary() string {
	return filepath.Join(c.CacheDir, "weaviate-"+WeaviateVersion, "weaviate-server")
}

// installWeaviate builds weaviate-server from its Go module into the cache
// (about 4 minutes cold); the binary appears by rename once complete.
func installWeaviate(ctx context.Context, c Config) error {
	bin := c.weaviateBinary()
	if fileExists(bin) {
		return nil
	}
	unlock, err := lockFile(ctx, filepath.Join(c.CacheDir, ".locks", "weaviate-"+WeaviateVersion+".lock"))
	if err != nil {
		return err
	}
	defer unlock()
	if fileExists(bin) {
		return nil
	}
	goTool, err := lookTool("go", "build weaviate-server")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(bin), ".build-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	log := c.installLog(ServiceWeaviate)
	start := time.Now()
	c.logger().Info("stack: building weaviate-server with go install (first run only, about 4 min)",
		slog.String("version", WeaviateVersion), slog.String("log", log))
	// GOWORK=off and GOFLAGS= keep a surrounding workspace or vendoring out of
	// a pkg@version install.
	env := []string{"GOBIN=" + tmp, "GOWORK=off", "GOFLAGS=-buildvcs=false"}
	if err := runLogged(ctx, log, tmp, env, goTool, "install", weaviateModule+"@"+WeaviateVersion); err != nil {
		return fmt.Errorf("stack: install weaviate %s: %w", WeaviateVersion, err)
	}
	if err := os.Rename(filepath.Join(tmp, "weaviate-server"), bin); err != nil {
		return fmt.Errorf("stack: install weaviate %s: %w", WeaviateVersion, err)
	}
	c.logger().Info("stack: built weaviate-server", slog.Duration("took", time.Since(start).Round(time.Millisecond)))
	return nil
}

// weaviateEnv is the environment of weaviate-server: a single node on
// loopback, anonymous access, no vectorizer or SaaS modules, no telemetry
// and no pprof listener.
func weaviateEnv(dataDir string) []string {
	return []string{
		"PERSISTENCE_DATA_PATH=" + dataDir,
		"AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED=true",
		"DEFAULT_VECTORIZER_MODULE=none",
		"ENABLE_MODULES=",
		"API_BASED_MODULES_DISABLED=true",
		"CLUSTER_HOSTNAME=node1",
		"CLUSTER_BIND_ADDR=" + Host,
		"CLUSTER_ADVERTISE_ADDR=" + Host,
		"CLUSTER_GOSSIP_BIND_PORT=" + strconv.Itoa(WeaviateGossipPort),
		"CLUSTER_DATA_BIND_PORT=" + strconv.Itoa(WeaviateDataPort),
		"RAFT_PORT=" + strconv.Itoa(WeaviateRaftPort),
		"RAFT_INTERNAL_RPC_PORT=" + strconv.Itoa(WeaviateRaftRPCPort),
		"RAFT_BOOTSTRAP_EXPECT=1",
		"GRPC_PORT=" + strconv.Itoa(WeaviateGRPCPort),
		"DISABLE_TELEMETRY=true",
		"GO_PROFILING_DISABLE=true",
		// The service creates its collection with multi-tenancy; auto-schema
		// would silently recreate a dropped one without tenants on the
		// first write.
		"AUTOSCHEMA_ENABLED=false",
	}
}

func weaviateCommand(c Config) (*exec.Cmd, error) {
	bin := c.weaviateBinary()
	if !fileExists(bin) {
		return nil, fmt.Errorf("stack: %s missing; install weaviate first", bin)
	}
	cmd := &exec.Cmd{
		Path: bin,
		// argv[0] carries the marker; Go programs find themselves via /proc/self/exe.
		Args: []string{c.markerArg(ServiceWeaviate), "--host", Host, "--port", strconv.Itoa(WeaviateHTTPPort), "--scheme", "http"},
		Env:  append(os.Environ(), weaviateEnv(c.dataDir(ServiceWeaviate))...),
		Dir:  c.dataDir(ServiceWeaviate),
	}
	return cmd, nil
}

func weaviateReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	url := fmt.Sprintf("http://%s/v1/.well-known/ready", hostPort(WeaviateHTTPPort))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("weaviate ready: HTTP %d", resp.StatusCode)
	}
	return nil
}
