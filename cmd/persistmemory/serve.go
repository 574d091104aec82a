package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/persistmemory/persistmemory/api"
	"github.com/persistmemory/persistmemory/mcp"
	"github.com/persistmemory/persistmemory/oauth"
	"github.com/persistmemory/persistmemory/retrieval/weaviate"
	"github.com/persistmemory/persistmemory/schema"
	"github.com/persistmemory/persistmemory/stack"
)

func init() {
	// gin writes its debug and access lines to stdout by default; stdout
	// belongs to the stdio MCP transport.
	gin.DefaultWriter = io.Discard
	gin.DefaultErrorWriter = os.Stderr
	gin.SetMode(gin.ReleaseMode)
}

// loadConfig reads the environment and builds the logger.
func loadConfig(stderr io.Writer) (Config, *slog.Logger, error) {
	cfg, err := LoadConfig(os.Environ())
	if err != nil {
		return Config{}, nil, fmt.Errorf("configuration: %w", err)
	}
	return cfg, newLogger(stderr, cfg.LogLevel), nil
}

func runServe(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("serve", "serve [--with-stack]", stderr)
	withStack := fs.Bool("with-stack", false, "install (once, cached) and start the local stack first: Neo4j, Kafka, Weaviate and the embedding model")
	noWorker := fs.Bool("no-worker", false, "do not run the ingestion worker in this process (run 'persistmemory worker' separately)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, log, err := loadConfig(stderr)
	if err != nil {
		return err
	}
	if cfg.UserID != "" {
		return errors.New("PERSISTMEMORY_USER_ID is for the stdio MCP server only; over HTTP the caller is whoever the credential proves. Unset it for serve")
	}
	if *withStack {
		if err := stackUp(ctx, log); err != nil {
			return err
		}
	}
	b, err := openBackends(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer b.Close()
	pipe := b.pipe
	searcher := b.search
	mail, err := mailer(cfg)
	if err != nil {
		return fmt.Errorf("sign-in mail: %w", err)
	}
	authSrv, err := oauth.New(ctx, oauth.Config{PublicURL: strings.TrimSuffix(cfg.PublicURL, "/"), Store: b.keys, Mailer: mail,
		Logger: log.With("component", "oauth"), KeyEncryptionKey: cfg.OAuthKeyEncryptionKey})
	if err != nil {
		return fmt.Errorf("oauth: %w", err)
	}
	apiAuth := func(ctx context.Context, cred string) (api.Principal, error) {
		p, err := authSrv.AuthenticateCredential(ctx, cred)
		return api.Principal{Owner: p.Owner, Scopes: p.Scopes}, err
	}
	apiSrv, err := api.New(api.Config{Graph: b.graph, Pipeline: pipe, Searcher: searcher, Auth: apiAuth, People: b.keys, Checks: b.checks(), Logger: log,
		ResourceMetadataURL: authSrv.ResourceMetadataURL()})
	if err != nil {
		return err
	}
	svc := mcp.Services{Graph: b.graph, Pipeline: pipe, Searcher: searcher, Logger: log, PublicURL: cfg.PublicURL, People: b.keys}
	mux := http.NewServeMux()
	authSrv.Register(mux)
	mux.Handle(mcp.UploadPath, mcp.UploadHandler(svc))
	mux.Handle("GET "+metricsPath, b.metrics.handler())
	mux.Handle(oauth.MCPPath, mcp.HTTPHandler(svc, func(w http.ResponseWriter, r *http.Request) (mcp.Caller, bool) {
		p, err := authSrv.Authenticate(r)
		if err != nil {
			authSrv.WriteChallenge(w, err)
			return mcp.Caller{}, false
		}
		return mcp.Caller{Owner: p.Owner, Scopes: p.Scopes, ClientID: p.ClientID}, true
	}))
	mux.Handle("/", apiSrv.Handler())

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s (PERSISTMEMORY_ADDR): %w", cfg.Addr, err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	var wg sync.WaitGroup
	if !*noWorker {
		runBackground(ctx, &wg, log, "worker", pipe.RunWorker, b.queue != nil)
	}
	runBackground(ctx, &wg, log, "outbox relay", pipe.RunRelay, b.queue != nil)
	b.runIdlers(ctx, &wg)
	runBackground(ctx, &wg, log, "oauth pruning", func(ctx context.Context) error { return every(ctx, oauthPruneInterval, authSrv.Prune) }, true)
	log.Info("persistmemory serving", "addr", "http://"+ln.Addr().String(), "api", "/api/v1", "mcp", "/mcp", "embedding", cfg.EmbeddingProvider)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	_ = srv.Shutdown(sctx)
	wg.Wait()
	return nil
}

func runBackground(ctx context.Context, wg *sync.WaitGroup, log *slog.Logger, name string, f func(context.Context) error, enabled bool) {
	if !enabled {
		log.Warn(name + " not started: no queue is configured (KAFKA_BROKERS is empty); remember will refuse")
		return
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := f(ctx); err != nil && ctx.Err() == nil {
			log.Error(name+" stopped", "err", err)
		}
	}()
}

// oauthPruneInterval is how often expired codes, links and tokens are
// deleted.
const oauthPruneInterval = time.Hour

// every runs f every interval until ctx ends; failures are returned only
// when ctx is still live.
func every(ctx context.Context, interval time.Duration, f func(context.Context) error) error {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			if err := f(ctx); err != nil && ctx.Err() == nil {
				return err
			}
		}
	}
}

// mailer sends sign-in links: SMTP when configured, else the development
// mail sink (one file per message in MailDir).
func mailer(cfg Config) (oauth.Mailer, error) {
	if cfg.SMTPAddr != "" {
		return oauth.NewSMTPMailer(oauth.SMTPConfig{Addr: cfg.SMTPAddr, From: cfg.SMTPFrom, Username: cfg.SMTPUsername, Password: cfg.SMTPPassword})
	}
	return oauth.DirMailer{Dir: cfg.MailDir}, nil
}

func runWorker(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("worker", "worker [--metrics-addr host:port]", stderr)
	metricsAddr := fs.String("metrics-addr", "", "serve the worker's Prometheus metrics at GET /metrics on this address (off when empty)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, log, err := loadConfig(stderr)
	if err != nil {
		return err
	}
	if len(cfg.KafkaBrokers) == 0 {
		return errors.New("KAFKA_BROKERS is empty: a worker has no queue to read")
	}
	b, err := openBackends(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer b.Close()
	pipe := b.pipe
	var wg sync.WaitGroup
	runBackground(ctx, &wg, log, "outbox relay", pipe.RunRelay, true)
	b.runIdlers(ctx, &wg)
	if *metricsAddr != "" {
		_, stop, err := serveMetrics(ctx, *metricsAddr, b.metrics, log)
		if err != nil {
			return err
		}
		defer stop()
	}
	log.Info("worker consuming", "brokers", cfg.KafkaBrokers)
	err = pipe.RunWorker(ctx)
	wg.Wait()
	return err
}

// serveMetrics serves m at GET /metrics on addr until stop is called: a
// worker run apart from serve can then be scraped like it. It returns the
// address it listens on.
func serveMetrics(ctx context.Context, addr string, m *metrics, log *slog.Logger) (bound string, stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("listen on %s (--metrics-addr): %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET "+metricsPath, m.handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() { _ = srv.Serve(ln) }()
	log.Info("worker metrics", "addr", "http://"+ln.Addr().String()+metricsPath)
	return ln.Addr().String(), func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}, nil
}

func runMCP(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("mcp", "mcp   (stdio; owner from PERSISTMEMORY_USER_ID, scopes from MCP_SCOPES)", stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, log, err := loadConfig(stderr)
	if err != nil {
		return err
	}
	if cfg.UserID == "" {
		return errors.New("PERSISTMEMORY_USER_ID is required for the stdio MCP server: it names whose memory this process serves")
	}
	b, err := openBackends(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer b.Close()
	pipe := b.pipe
	// With PUBLIC_URL set, request_upload_url hands out URLs of the serve
	// process published there (uploads are kept in the shared graph).
	svc := mcp.Services{Graph: b.graph, Pipeline: pipe, Searcher: b.search, Logger: log, PublicURL: cfg.PublicURL, People: b.keys}
	return mcp.RunStdio(ctx, svc, mcp.Caller{Owner: cfg.UserID, Scopes: cfg.MCPScopes})
}

func runMigrate(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("migrate", "migrate", stderr)
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, log, err := loadConfig(stderr)
	if err != nil {
		return err
	}
	cfg.KafkaBrokers, cfg.EmbeddingProvider = nil, "none" // migrations need only the graph
	b, err := openBackends(ctx, cfg, log)
	if err != nil {
		return err
	}
	b.Close()
	log.Info("graph schema is up to date")
	return nil
}

// ownerList is a repeatable -owner flag.
type ownerList []string

func (o *ownerList) String() string     { return strings.Join(*o, ",") }
func (o *ownerList) Set(v string) error { *o = append(*o, v); return nil }

func runReindex(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("reindex", "reindex (--owner <owner id> [--owner …] | --all) [--recreate]", stderr)
	var owners ownerList
	fs.Var(&owners, "owner", "an owner whose vectors to rebuild from the graph (repeatable)")
	all := fs.Bool("all", false, "rebuild every owner's vectors")
	recreate := fs.Bool("recreate", false, "drop the vector collections first, so they are made again for the configured model (after a change of embedding model); needs --all")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case *all && len(owners) > 0:
		fs.Usage()
		return errors.New("reindex takes --owner or --all, not both")
	case !*all && len(owners) == 0:
		fs.Usage()
		return errors.New("reindex needs at least one --owner, or --all")
	case *recreate && !*all:
		fs.Usage()
		return errors.New("reindex --recreate drops every owner's vectors, so it needs --all")
	}
	cfg, log, err := loadConfig(stderr)
	if err != nil {
		return err
	}
	if cfg.EmbeddingProvider == "none" {
		return errors.New("reindex: EMBEDDING_PROVIDER=none: there are no vectors to rebuild")
	}
	cfg.KafkaBrokers = nil // rebuilding reads the graph and writes vectors only
	if *recreate {
		for _, c := range []string{weaviate.DefaultCollection, TurnCollection, TurnInContextCollection, EntityCollection} {
			v, err := weaviate.Open(ctx, weaviate.Config{URL: cfg.WeaviateURL, GRPC: cfg.WeaviateGRPC, Collection: c, Logger: log})
			if err != nil {
				return fmt.Errorf("weaviate at %s: %w", cfg.WeaviateURL, err)
			}
			if err := v.Drop(ctx); err != nil {
				return err
			}
			log.Info("vector collection dropped", "collection", c)
		}
	}
	b, err := openBackends(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer b.Close()
	if *all {
		list, err := b.graph.SystemOwners(ctx)
		if err != nil {
			return err
		}
		for _, o := range list {
			owners = append(owners, string(o))
		}
	}
	for _, o := range owners {
		st, err := b.pipe.Reindex(ctx, schema.Owner(o))
		if err != nil {
			return fmt.Errorf("owner %s: %w", o, err)
		}
		log.Info("vectors rebuilt", "owner", o, "memories", st.Memories, "turns", st.Turns, "entities", st.Entities, "took", st.Took.Round(time.Millisecond))
	}
	return nil
}

func runAPIKey(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("apikey", "apikey create --user <owner id> [--name <label>] | apikey revoke --user <owner id> --id <key id>", stderr)
	user := fs.String("user", "", "the owner id the key acts for")
	name := fs.String("name", "", "a label to recognise the key by")
	id := fs.String("id", "", "the key id to revoke (revoke only)")
	if len(args) == 0 || (args[0] != "create" && args[0] != "revoke") {
		fs.Usage()
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return flag.ErrHelp
		}
		return errors.New("apikey needs a subcommand: create or revoke")
	}
	verb := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	cfg, log, err := loadConfig(stderr)
	if err != nil {
		return err
	}
	owner := schema.Owner(*user)
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("--user: %w", err)
	}
	cfg.KafkaBrokers, cfg.EmbeddingProvider = nil, "none"
	b, err := openBackends(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer b.Close()
	if verb == "revoke" {
		return b.keys.RevokeAPIKey(ctx, owner, *id)
	}
	k, plain, err := oauth.NewAPIKey(ctx, b.keys, owner, *name, time.Now())
	if err != nil {
		return err
	}
	// The key is the command's output, shown once: stdout is right here
	// (this subcommand never speaks MCP).
	fmt.Fprintln(os.Stdout, plain)
	log.Info("api key created; it is shown once and stored only as a hash", "id", k.ID, "user", owner)
	return nil
}

func stackUp(ctx context.Context, log *slog.Logger) error {
	sc, err := stack.DefaultConfig()
	if err != nil {
		return err
	}
	sc.Logger = log
	if err := stack.Up(ctx, sc); err != nil {
		return err
	}
	_, err = stack.EnsureModel(ctx, sc)
	return err
}

func runStack(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlagSet("stack", "stack up|down|status|logs [--service name] [--lines n]", stderr)
	svc := fs.String("service", "", "logs: which service (neo4j, kafka, weaviate)")
	lines := fs.Int("lines", 100, "logs: how many lines from the end")
	quiet := fs.Bool("quiet", false, "status: print nothing; exit non-zero unless every service is ready")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if err := fs.Parse(args); err != nil {
			return err
		}
		fs.Usage()
		return errors.New("stack needs a subcommand: up, down, status or logs")
	}
	verb := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	log := newLogger(stderr, "info")
	sc, err := stack.DefaultConfig()
	if err != nil {
		return err
	}
	sc.Logger = log
	switch verb {
	case "up":
		start := time.Now()
		if err := stackUp(ctx, log); err != nil {
			return err
		}
		log.Info("stack ready", "took", time.Since(start).Round(100*time.Millisecond))
		return nil
	case "down":
		return stack.Down(ctx, sc)
	case "status":
		st, err := stack.Status(ctx, sc)
		if err != nil {
			return err
		}
		notReady := 0
		for _, s := range st {
			if !s.Ready {
				notReady++
			}
			if !*quiet {
				fmt.Fprintf(stderr, "%s\n", formatStatus(s))
			}
		}
		if notReady > 0 {
			return fmt.Errorf("%d of %d services are not ready", notReady, len(st))
		}
		return nil
	case "logs":
		if *svc == "" {
			return errors.New("stack logs needs --service neo4j|kafka|weaviate")
		}
		return stack.Logs(ctx, sc, *svc, stderr, *lines)
	}
	return fmt.Errorf("unknown stack subcommand %q: use up, down, status or logs", verb)
}

func formatStatus(s stack.ServiceStatus) string {
	state := "stopped"
	switch {
	case s.Ready && s.Running:
		state = "ready"
	case s.Ready:
		state = "ready (not started by this stack)"
	case s.Running:
		state = "running, not ready"
	}
	pid := "-"
	if s.PID > 0 {
		pid = fmt.Sprint(s.PID)
	}
	return fmt.Sprintf("%-9s %-34s pid %-8s %-28s log %s", s.Name, state, pid, s.Address, s.LogPath)
}
