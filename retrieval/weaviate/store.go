package weaviate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	wv "github.com/weaviate/weaviate-go-client/v4/weaviate"
	"github.com/weaviate/weaviate-go-client/v4/weaviate/fault"
	wvgrpc "github.com/weaviate/weaviate-go-client/v4/weaviate/grpc"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

var _ retrieval.VectorStore = (*Store)(nil)

// requestTimeout bounds each HTTP request and gRPC call the client makes;
// a shorter ctx deadline wins.
const requestTimeout = 30 * time.Second

// Property names of the collection.
const (
	propMemoryID = "memory_id"
	propOwner    = "owner"
	propText     = "text"
)

// Store is the Weaviate vector store. It is safe for concurrent use. Errors
// wrap schema.ErrUnavailable (Weaviate unreachable, not ready, or the
// collection missing), schema.ErrInvalid (bad input) or schema.ErrConflict
// (the collection was made for another model).
type Store struct {
	client     *wv.Client
	collection string
	log        *slog.Logger
	// meta caches the collection's model and dims once Ensure succeeded or
	// the collection was read.
	meta atomic.Pointer[collectionMeta]
	// tenants is this process's use of the collection's tenants (idle.go).
	tenants tenantUse
	// keepActive overrides TenantsKeptActive (tests); nil keeps it.
	keepActive *int
}

type collectionMeta struct {
	model string
	dims  int
}

// Open validates cfg, connects to Weaviate and checks that it is ready. It
// does not create the collection: call Ensure. An unreachable or unready
// server gives an error wrapping schema.ErrUnavailable.
func Open(ctx context.Context, cfg Config) (*Store, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	u, err := url.Parse(cfg.URL)
	if err != nil { // checked by Validate
		return nil, fmt.Errorf("%w: weaviate URL: %w", schema.ErrInvalid, err)
	}
	client, err := wv.NewClient(wv.Config{
		Host:             u.Host,
		Scheme:           u.Scheme,
		ConnectionClient: &http.Client{Timeout: requestTimeout},
		GrpcConfig:       &wvgrpc.Config{Host: cfg.GRPC, Secured: u.Scheme == "https"},
		Timeout:          requestTimeout,
	})
	if err != nil {
		return nil, fmt.Errorf("weaviate client for %s: %w: %w", cfg.URL, schema.ErrUnavailable, err)
	}
	s := &Store{client: client, collection: cfg.Collection, log: cfg.Logger}
	if err := s.Ping(ctx); err != nil {
		return nil, err
	}
	// The gRPC connection is made lazily on the first batch; check now that
	// something listens there so a wrong port fails at start-up.
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", cfg.GRPC)
	if err != nil {
		return nil, fmt.Errorf("weaviate gRPC endpoint %s: %w: %w", cfg.GRPC, schema.ErrUnavailable, err)
	}
	_ = conn.Close()
	return s, nil
}

// Collection returns the name of the store's collection.
func (s *Store) Collection() string { return s.collection }

// Ping asks Weaviate's readiness endpoint. Not ready or unreachable gives an
// error wrapping schema.ErrUnavailable.
func (s *Store) Ping(ctx context.Context) error {
	ready, err := s.client.Misc().ReadyChecker().Do(ctx)
	if err != nil {
		return translateCtx(ctx, "ping", err)
	}
	if !ready {
		return fmt.Errorf("weaviate ping: %w: the server answered but is not ready", schema.ErrUnavailable)
	}
	return nil
}

// description is what the collection's description records.
func description(model string, dims int) string {
	return fmt.Sprintf("persistmemory embeddings; model=%s; dims=%d", model, dims)
}

const descPrefix = "persistmemory embeddings; model="

// parseDescription reverses description.
func parseDescription(d string) (model string, dims int, ok bool) {
	rest, found := strings.CutPrefix(d, descPrefix)
	if !found {
		return "", 0, false
	}
	i := strings.LastIndex(rest, "; dims=")
	if i < 0 {
		return "", 0, false
	}
	dims, err := strconv.Atoi(rest[i+len("; dims="):])
	if err != nil || dims <= 0 || rest[:i] == "" {
		return "", 0, false
	}
	return rest[:i], dims, true
}

// maxDims is the largest dimension Ensure accepts.
const maxDims = 65536

// Ensure creates the collection if it is missing, recording model and dims
// in its description. If the collection exists for another model or
// dimension, or was not made by PersistMemory, it returns an error wrapping
// schema.ErrConflict that names both models.
func (s *Store) Ensure(ctx context.Context, model string, dims int) error {
	if model == "" || strings.ContainsAny(model, ";\n\r") {
		return fmt.Errorf("weaviate ensure: %w: model name %q must be non-empty and contain no ';' or line breaks", schema.ErrInvalid, model)
	}
	if dims <= 0 || dims > maxDims {
		return fmt.Errorf("weaviate ensure: %w: dims %d is outside 1..%d", schema.ErrInvalid, dims, maxDims)
	}
	class, err := s.class(ctx)
	if err != nil {
		return err
	}
	if class == nil {
		createErr := s.client.Schema().ClassCreator().WithClass(s.classDefinition(model, dims)).Do(ctx)
		if createErr == nil {
			s.meta.Store(&collectionMeta{model: model, dims: dims})
			s.log.InfoContext(ctx, "weaviate collection created", "collection", s.collection, "model", model, "dims", dims)
			return nil
		}
		// Another process may have created it meanwhile: compare with what
		// is there now.
		class, err = s.class(ctx)
		if err != nil {
			return err
		}
		if class == nil {
			return translateCtx(ctx, "create collection "+s.collection, createErr)
		}
	}
	return s.check(class, model, dims)
}

// check compares an existing collection with the model and dims wanted and
// caches them when they match.
func (s *Store) check(class *models.Class, model string, dims int) error {
	haveModel, haveDims, ok := parseDescription(class.Description)
	if !ok {
		return fmt.Errorf("weaviate ensure: %w: collection %q exists but was not created by PersistMemory (its description %q records no model); "+
			"drop it or configure another collection", schema.ErrConflict, s.collection, class.Description)
	}
	if haveModel != model || haveDims != dims {
		return fmt.Errorf("weaviate ensure: %w: collection %q holds vectors of model %q (%d dims) but the configured model is %q (%d dims); "+
			"vectors of two models share no geometry, so they cannot be searched together. "+
			"To switch models drop the collection and re-embed: the vectors are derived from the memories in Neo4j and are rebuilt from there",
			schema.ErrConflict, s.collection, haveModel, haveDims, model, dims)
	}
	if mt := class.MultiTenancyConfig; mt == nil || !mt.Enabled || !mt.AutoTenantCreation {
		return fmt.Errorf("weaviate ensure: %w: collection %q records model %q but lacks multi-tenancy with automatic tenant creation, "+
			"which owner isolation needs; drop it and let Ensure recreate it", schema.ErrConflict, s.collection, model)
	}
	s.meta.Store(&collectionMeta{model: model, dims: dims})
	return nil
}

func (s *Store) classDefinition(model string, dims int) *models.Class {
	yes, no := true, false
	return &models.Class{
		Class:       s.collection,
		Description: description(model, dims),
		Vectorizer:  "none",
		VectorIndexConfig: map[string]any{
			"distance": "cosine",
		},
		MultiTenancyConfig: &models.MultiTenancyConfig{
			Enabled:              true,
			AutoTenantCreation:   true,
			AutoTenantActivation: true,
		},
		Properties: []*models.Property{
			{Name: propMemoryID, DataType: []string{"text"}, Tokenization: "field", IndexFilterable: &yes, IndexSearchable: &no},
			{Name: propOwner, DataType: []string{"text"}, Tokenization: "field", IndexFilterable: &yes, IndexSearchable: &no},
			{Name: propText, DataType: []string{"text"}, Tokenization: "word", IndexFilterable: &no, IndexSearchable: &yes},
		},
	}
}

// class reads the collection's definition; nil, nil when it does not exist.
func (s *Store) class(ctx context.Context) (*models.Class, error) {
	class, err := s.client.Schema().ClassGetter().WithClassName(s.collection).Do(ctx)
	var werr *fault.WeaviateClientError
	if errors.As(err, &werr) && werr.StatusCode == http.StatusNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, translateCtx(ctx, "read collection "+s.collection, err)
	}
	return class, nil
}

// loadMeta returns the collection's model and dims, reading them once
// if Ensure has not run in this process.
func (s *Store) loadMeta(ctx context.Context) (*collectionMeta, error) {
	if m := s.meta.Load(); m != nil {
		return m, nil
	}
	class, err := s.class(ctx)
	if err != nil {
		return nil, err
	}
	if class == nil {
		return nil, fmt.Errorf("weaviate: %w: collection %q does not exist; call Ensure first", schema.ErrUnavailable, s.collection)
	}
	model, dims, ok := parseDescription(class.Description)
	if !ok {
		return nil, fmt.Errorf("weaviate: %w: collection %q was not created by PersistMemory (description %q)", schema.ErrConflict, s.collection, class.Description)
	}
	if err := s.check(class, model, dims); err != nil {
		return nil, err
	}
	return s.meta.Load(), nil
}

// Drop deletes the collection and every vector in it. Dropping a missing
// collection is not an error. It exists for tests and for rebuilding after
// a model change; vectors are re-derived from the graph.
func (s *Store) Drop(ctx context.Context) error {
	s.meta.Store(nil)
	err := s.client.Schema().ClassDeleter().WithClassName(s.collection).Do(ctx)
	var werr *fault.WeaviateClientError
	if errors.As(err, &werr) && werr.StatusCode == http.StatusNotFound {
		return nil
	}
	return translateCtx(ctx, "drop collection "+s.collection, err)
}

// tenantExists reports whether owner's tenant exists.
func (s *Store) tenantExists(ctx context.Context, tenant string) (bool, error) {
	ok, err := s.client.Schema().TenantsExists().WithClassName(s.collection).WithTenant(tenant).Do(ctx)
	if err != nil {
		return false, translateCtx(ctx, "check tenant", err)
	}
	return ok, nil
}
