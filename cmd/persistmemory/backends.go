package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/persistmemory/persistmemory/api"
	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/embed/onnx"
	"github.com/persistmemory/persistmemory/embed/openai"
	graphneo4j "github.com/persistmemory/persistmemory/graph/neo4j"
	"github.com/persistmemory/persistmemory/ingest"
	"github.com/persistmemory/persistmemory/ingest/kafka"
	oauthneo4j "github.com/persistmemory/persistmemory/oauth/neo4j"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/retrieval/weaviate"
	"github.com/persistmemory/persistmemory/stack"
)

// TurnCollection is the Weaviate collection of conversation turns'
// embeddings (memories' are in weaviate.DefaultCollection).
const TurnCollection = "Turn"

// TurnInContextCollection is the Weaviate collection of conversation
// turns' embeddings each read after the turn before it
// (ingest.TurnInContextText).
const TurnInContextCollection = "TurnInContext"

// EntityCollection is the Weaviate collection of entities' name vectors
// (each name embedded as a query), which the worker searches to resolve a
// name by meaning.
const EntityCollection = "Entity"

// backends are the opened dependencies of a process.
type backends struct {
	graph   *graphneo4j.Store
	keys    *oauthneo4j.Store
	queue   ingest.Queue          // nil: no queue configured
	vectors retrieval.VectorStore // nil: no embeddings
	// turnVectors holds the embeddings of conversation turns (collection
	// TurnCollection); set with vectors.
	turnVectors retrieval.VectorStore
	// turnContextVectors holds the embeddings of turns read in context
	// (collection TurnInContextCollection); set with vectors.
	turnContextVectors retrieval.VectorStore
	// entityVectors holds the entities' name vectors (collection
	// EntityCollection); set with vectors.
	entityVectors retrieval.VectorStore
	embedder      embed.Embedder // nil: EMBEDDING_PROVIDER=none
	// collections are the Weaviate stores above, whose idle tenants a
	// long-running process deactivates (runIdlers).
	collections []*weaviate.Store
	pipe        *ingest.Pipeline
	search      *retrieval.Searcher // one per process: api and mcp share its cursor snapshots
	metrics     *metrics
	// retrievalOff are signals the searcher leaves out (measurement only).
	retrievalOff []string
	closers      []func()
}

// runIdlers deactivates, in the background until ctx ends, the tenants of
// each vector collection this process has not used for
// weaviate.TenantIdleAfter: Weaviate keeps every active tenant's files
// open, and a long-running service that kept them all would run out of file
// descriptors after a few thousand owners. Only long-running processes
// (serve, worker) run them: a short one would deactivate the tenants the
// service is using.
func (b *backends) runIdlers(ctx context.Context, wg *sync.WaitGroup) {
	for _, c := range b.collections {
		wg.Go(func() { c.RunIdler(ctx) })
	}
}

func (b *backends) Close() {
	for i := len(b.closers) - 1; i >= 0; i-- {
		b.closers[i]()
	}
}

// openBackends connects to everything cfg names, migrates the graph, and
// checks that the vector collection was made with the configured model.
func openBackends(ctx context.Context, cfg Config, log *slog.Logger) (*backends, error) {
	b := &backends{}
	ok := false
	defer func() {
		if !ok {
			b.Close()
		}
	}()
	g, err := graphneo4j.Open(ctx, graphneo4j.Config{URI: cfg.Neo4jURI, User: cfg.Neo4jUser, Password: cfg.Neo4jPassword, Logger: log})
	if err != nil {
		return nil, fmt.Errorf("neo4j at %s: %w (is the stack up? run: persistmemory stack up)", cfg.Neo4jURI, err)
	}
	b.graph = g
	b.closers = append(b.closers, func() { _ = g.Close(context.Background()) })
	applied, err := g.Migrate(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate the graph: %w", err)
	}
	if len(applied) > 0 {
		log.Info("graph migrations applied", "migrations", applied)
	}
	b.keys = &oauthneo4j.Store{Driver: g.Driver(), Database: g.Database()}

	switch cfg.EmbeddingProvider {
	case "local":
		mf := stack.ModelFilesIn(cfg.ModelDir, cfg.OnnxRuntimeLib)
		if missing := mf.Missing(); len(missing) > 0 {
			return nil, fmt.Errorf("EMBEDDING_PROVIDER=local needs %s, which is missing: run 'persistmemory stack up' (it installs the model) or set EMBEDDING_PROVIDER=none", missing[0])
		}
		e, err := onnx.OpenE5(onnx.Config{ModelPath: mf.ModelPath, TokenizerPath: mf.TokenizerPath, LibraryPath: mf.LibraryPath})
		if err != nil {
			return nil, fmt.Errorf("load the local embedding model: %w", err)
		}
		b.embedder = e
		b.closers = append(b.closers, func() { _ = e.Close() })
	case "openai":
		e, err := openai.New(openai.Config{BaseURL: cfg.EmbeddingBaseURL, APIKey: cfg.EmbeddingAPIKey, Model: cfg.EmbeddingModel})
		if err != nil {
			return nil, fmt.Errorf("embedding provider openai: %w", err)
		}
		b.embedder = e
	}
	if b.embedder != nil {
		v, err := weaviate.Open(ctx, weaviate.Config{URL: cfg.WeaviateURL, GRPC: cfg.WeaviateGRPC, Logger: log})
		if err != nil {
			return nil, fmt.Errorf("weaviate at %s: %w (is the stack up? run: persistmemory stack up)", cfg.WeaviateURL, err)
		}
		dims := b.embedder.Dims()
		if dims == 0 { // a remote provider learns its dimension from a first call
			vs, err := b.embedder.Embed(ctx, []string{"dimension probe"})
			if err != nil {
				return nil, fmt.Errorf("embedding provider %s: %w", cfg.EmbeddingProvider, err)
			}
			dims = len(vs[0])
		}
		if err := v.Ensure(ctx, b.embedder.Model(), dims); err != nil {
			return nil, fmt.Errorf("vector collection: %w", err)
		}
		tv, err := weaviate.Open(ctx, weaviate.Config{URL: cfg.WeaviateURL, GRPC: cfg.WeaviateGRPC, Collection: TurnCollection, Logger: log})
		if err != nil {
			return nil, fmt.Errorf("weaviate at %s: %w (is the stack up? run: persistmemory stack up)", cfg.WeaviateURL, err)
		}
		if err := tv.Ensure(ctx, b.embedder.Model(), dims); err != nil {
			return nil, fmt.Errorf("turn vector collection: %w", err)
		}
		cv, err := weaviate.Open(ctx, weaviate.Config{URL: cfg.WeaviateURL, GRPC: cfg.WeaviateGRPC, Collection: TurnInContextCollection, Logger: log})
		if err != nil {
			return nil, fmt.Errorf("weaviate at %s: %w (is the stack up? run: persistmemory stack up)", cfg.WeaviateURL, err)
		}
		if err := cv.Ensure(ctx, b.embedder.Model(), dims); err != nil {
			return nil, fmt.Errorf("turn-in-context vector collection: %w", err)
		}
		b.turnContextVectors = cv
		ev, err := weaviate.Open(ctx, weaviate.Config{URL: cfg.WeaviateURL, GRPC: cfg.WeaviateGRPC, Collection: EntityCollection, Logger: log})
		if err != nil {
			return nil, fmt.Errorf("weaviate at %s: %w (is the stack up? run: persistmemory stack up)", cfg.WeaviateURL, err)
		}
		if err := ev.Ensure(ctx, b.embedder.Model(), dims); err != nil {
			return nil, fmt.Errorf("entity vector collection: %w", err)
		}
		b.vectors, b.turnVectors, b.entityVectors = v, tv, ev
		b.collections = []*weaviate.Store{v, tv, cv, ev}
	}
	if len(cfg.KafkaBrokers) > 0 {
		q, err := kafka.Open(ctx, kafkaConfig(cfg, log))
		if err != nil {
			return nil, fmt.Errorf("kafka at %v: %w (is the stack up? run: persistmemory stack up)", cfg.KafkaBrokers, err)
		}
		b.queue = q
		b.closers = append(b.closers, func() { _ = q.Close() })
	}
	if b.pipe, err = b.pipeline(cfg, log); err != nil {
		return nil, err
	}
	b.retrievalOff = cfg.RetrievalOff
	b.search = b.searcher(log, cfg.ContextTokenBudget)
	ok = true
	return b, nil
}

func (b *backends) pipeline(cfg Config, log *slog.Logger) (*ingest.Pipeline, error) {
	x, err := extractor(cfg, b.graph, log)
	if err != nil {
		return nil, err
	}
	j, err := judge(cfg, b.graph, log)
	if err != nil {
		return nil, err
	}
	b.metrics = newMetrics()
	c := ingest.Config{Graph: b.graph, Queue: b.queue, Extractor: x, Judge: j, Logger: log, Observe: b.metrics.observe}
	if b.embedder != nil {
		c.Vectors, c.TurnVectors, c.EntityVectors, c.Embedder = b.vectors, b.turnVectors, b.entityVectors, b.embedder
		c.TurnContextVectors = b.turnContextVectors
	}
	return ingest.New(c)
}

func (b *backends) searcher(log *slog.Logger, budget int) *retrieval.Searcher {
	s := &retrieval.Searcher{Graph: b.graph, Logger: log, Budget: budget, Off: b.retrievalOff}
	if b.embedder != nil {
		s.Vectors, s.TurnVectors, s.TurnContextVectors, s.Embedder = b.vectors, b.turnVectors, b.turnContextVectors, b.embedder
	}
	return s
}

// checks are the readiness probes of /readyz, one per dependency.
func (b *backends) checks() []api.Check {
	notConfigured := func(what string) func(context.Context) error {
		return func(context.Context) error { return fmt.Errorf("%w: %s", api.ErrNotConfigured, what) }
	}
	cs := []api.Check{{Name: "neo4j", Probe: b.graph.Ping}}
	if b.queue != nil {
		cs = append(cs, api.Check{Name: "kafka", Probe: b.queue.Ping})
	} else {
		cs = append(cs, api.Check{Name: "kafka", Probe: notConfigured("KAFKA_BROKERS is empty")})
	}
	if b.vectors != nil {
		cs = append(cs, api.Check{Name: "weaviate", Probe: b.vectors.Ping})
		e := b.embedder
		cs = append(cs, api.Check{Name: "embedder", Probe: func(ctx context.Context) error {
			v, err := e.Embed(ctx, []string{"ready"})
			if err == nil && (len(v) != 1 || len(v[0]) == 0) {
				err = errors.New("embedder returned no vector")
			}
			return err
		}})
	} else {
		cs = append(cs, api.Check{Name: "weaviate", Probe: notConfigured("EMBEDDING_PROVIDER=none")},
			api.Check{Name: "embedder", Probe: notConfigured("EMBEDDING_PROVIDER=none")})
	}
	return cs
}

// shutdownTimeout bounds a graceful stop.
const shutdownTimeout = 10 * time.Second

// kafkaConfig names the topics and the group after KAFKA_TOPIC when it is
// set (the defaults otherwise).
func kafkaConfig(cfg Config, log *slog.Logger) kafka.Config {
	kc := kafka.Config{Brokers: cfg.KafkaBrokers, Logger: log}
	if cfg.KafkaTopic != "" {
		kc.Topic = cfg.KafkaTopic
		kc.DeadLetterTopic = cfg.KafkaTopic + ".dead"
		kc.Group = cfg.KafkaTopic + ".workers"
	}
	return kc
}
