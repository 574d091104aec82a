package weaviate

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	wv "github.com/weaviate/weaviate-go-client/v4/weaviate"
	wvgrpc "github.com/weaviate/weaviate-go-client/v4/weaviate/grpc"

	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// A store whose server went away after Open: every operation fails with
// ErrUnavailable, over HTTP (search, delete, ensure) and gRPC (upsert).
func TestServerGone(t *testing.T) {
	client, err := wv.NewClient(wv.Config{
		Host: "127.0.0.1:1", Scheme: "http",
		GrpcConfig: &wvgrpc.Config{Host: "127.0.0.1:1"}, Timeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	s := &Store{client: client, collection: "Memory", log: slog.New(slog.DiscardHandler)}
	s.meta.Store(&collectionMeta{model: "m", dims: 2})
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	_, searchErr := s.Search(ctx, "alice", []float32{1, 0}, 3)
	for name, err := range map[string]error{
		"ping":   s.Ping(ctx),
		"ensure": s.Ensure(ctx, "m", 2),
		"upsert": s.Upsert(ctx, "alice", []retrieval.VectorRecord{{ID: "mem_1", Vector: []float32{1, 0}}}),
		"search": searchErr,
		"delete": s.Delete(ctx, "alice", []string{"mem_1"}),
		"drop":   s.Drop(ctx),
	} {
		if !errors.Is(err, schema.ErrUnavailable) {
			t.Errorf("%s: err = %v, want ErrUnavailable", name, err)
		}
	}
}
