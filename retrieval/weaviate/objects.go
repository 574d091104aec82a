package weaviate

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/weaviate/weaviate-go-client/v4/weaviate/filters"
	"github.com/weaviate/weaviate-go-client/v4/weaviate/graphql"
	"github.com/weaviate/weaviate/entities/models"

	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

const (
	// upsertBatch is how many objects go in one gRPC batch request.
	upsertBatch = 100
	// deleteBatch is how many ids go in one batch-delete request; Weaviate
	// caps the objects one batch delete matches (QUERY_MAXIMUM_RESULTS).
	deleteBatch = 1000
	// maxLimit caps Search's limit at Weaviate's default
	// QUERY_MAXIMUM_RESULTS.
	maxLimit = 10000
)

// checkVector reports whether v fits the collection: the recorded dimension,
// finite values, not all zeros (cosine distance is undefined for it).
func checkVector(what string, v []float32, dims int) error {
	if len(v) != dims {
		return fmt.Errorf("%w: %s has %d dimensions, the collection holds %d", schema.ErrInvalid, what, len(v), dims)
	}
	zero := true
	for i, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Errorf("%w: %s has a non-finite value at index %d", schema.ErrInvalid, what, i)
		}
		if x != 0 {
			zero = false
		}
	}
	if zero {
		return fmt.Errorf("%w: %s is all zeros; cosine similarity is undefined for it", schema.ErrInvalid, what)
	}
	return nil
}

// Upsert writes recs into owner's tenant over gRPC, creating the tenant on
// first write. A record whose id was written before replaces it; when recs
// repeats an id the last record wins.
func (s *Store) Upsert(ctx context.Context, owner schema.Owner, recs []retrieval.VectorRecord) error {
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("weaviate upsert: %w", err)
	}
	if len(recs) == 0 {
		return nil
	}
	meta, err := s.loadMeta(ctx)
	if err != nil {
		return err
	}
	tenant := tenantName(owner)
	defer s.use(tenant)()
	last := make(map[string]int, len(recs))
	for i, r := range recs {
		if r.ID == "" {
			return fmt.Errorf("weaviate upsert: %w: record %d has an empty id", schema.ErrInvalid, i)
		}
		if err := checkVector(fmt.Sprintf("vector of %s", r.ID), r.Vector, meta.dims); err != nil {
			return fmt.Errorf("weaviate upsert: %w", err)
		}
		last[r.ID] = i
	}
	objs := make([]*models.Object, 0, len(last))
	for i, r := range recs {
		if last[r.ID] != i {
			continue
		}
		objs = append(objs, &models.Object{
			Class:  s.collection,
			ID:     objectID(owner, r.ID),
			Tenant: tenant,
			Vector: models.C11yVector(r.Vector),
			Properties: map[string]any{
				propMemoryID: r.ID,
				propOwner:    string(owner),
				propText:     r.Text,
			},
		})
	}
	for chunk := range slices.Chunk(objs, upsertBatch) {
		res, err := s.client.Batch().ObjectsBatcher().WithObjects(chunk...).Do(ctx)
		if err != nil {
			return translateCtx(ctx, "upsert", err)
		}
		if err := batchErrors(res); err != nil {
			return err
		}
	}
	return nil
}

// batchErrors collects the per-object failures of a batch answer.
func batchErrors(res []models.ObjectsGetResponse) error {
	var msgs []string
	failed := 0
	for _, r := range res {
		if r.Result == nil || r.Result.Status == nil || *r.Result.Status != models.ObjectsGetResponseAO2ResultStatusFAILED {
			continue
		}
		failed++
		if len(msgs) < 3 {
			m := "unknown error"
			if r.Result.Errors != nil && len(r.Result.Errors.Error) > 0 && r.Result.Errors.Error[0] != nil {
				m = r.Result.Errors.Error[0].Message
			}
			id := ""
			if props, ok := r.Object.Properties.(map[string]any); ok {
				id, _ = props[propMemoryID].(string)
			}
			msgs = append(msgs, fmt.Sprintf("%s: %s", id, m))
		}
	}
	if failed == 0 {
		return nil
	}
	return fmt.Errorf("weaviate upsert: %d of %d objects failed: %s", failed, len(res), strings.Join(msgs, "; "))
}

// Search returns owner's nearest vectors to v by cosine similarity, at most
// limit (capped at 10000), best first, ties by id. An owner with no vectors
// gets an empty result.
func (s *Store) Search(ctx context.Context, owner schema.Owner, v []float32, limit int) ([]retrieval.VectorHit, error) {
	if err := owner.Validate(); err != nil {
		return nil, fmt.Errorf("weaviate search: %w", err)
	}
	if limit < 0 {
		return nil, fmt.Errorf("weaviate search: %w: limit %d is negative", schema.ErrInvalid, limit)
	}
	if limit == 0 {
		return nil, nil
	}
	limit = min(limit, maxLimit)
	meta, err := s.loadMeta(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkVector("query vector", v, meta.dims); err != nil {
		return nil, fmt.Errorf("weaviate search: %w", err)
	}
	tenant := tenantName(owner)
	defer s.use(tenant)()
	gql := s.client.GraphQL()
	resp, err := gql.Get().
		WithClassName(s.collection).
		WithTenant(tenant).
		WithNearVector(gql.NearVectorArgBuilder().WithVector(v)).
		WithLimit(limit).
		WithFields(
			graphql.Field{Name: propMemoryID},
			graphql.Field{Name: propOwner},
			graphql.Field{Name: "_additional", Fields: []graphql.Field{{Name: "distance"}}},
		).
		Do(ctx)
	if err != nil {
		return nil, translateCtx(ctx, "search", err)
	}
	if len(resp.Errors) > 0 {
		// A tenant is created by the first write: an owner who has none yet
		// simply has no vectors. Asked only on this error path.
		exists, terr := s.tenantExists(ctx, tenant)
		if terr != nil {
			return nil, terr
		}
		if !exists {
			return nil, nil
		}
		return nil, fmt.Errorf("weaviate search: %s", graphQLErrors(resp.Errors))
	}
	hits, err := s.parseHits(ctx, resp, owner)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(hits, func(a, b retrieval.VectorHit) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return hits, nil
}

func graphQLErrors(errs []*models.GraphQLError) string {
	msgs := make([]string, 0, len(errs))
	for _, e := range errs {
		if e != nil {
			msgs = append(msgs, e.Message)
		}
	}
	s := strings.Join(msgs, "; ")
	if len(s) > maxErrBody {
		s = s[:maxErrBody] + "..."
	}
	return s
}

// parseHits reads memory ids and distances out of a Get answer. A hit whose
// stored owner is not owner is dropped and logged: tenants make it
// impossible, so seeing one means the collection was written by something
// else.
func (s *Store) parseHits(ctx context.Context, resp *models.GraphQLResponse, owner schema.Owner) ([]retrieval.VectorHit, error) {
	get, ok := resp.Data["Get"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("weaviate search: answer has no Get object")
	}
	rows, ok := get[s.collection].([]any)
	if !ok {
		if get[s.collection] == nil {
			return nil, nil
		}
		return nil, fmt.Errorf("weaviate search: answer for %s is %T, not a list", s.collection, get[s.collection])
	}
	hits := make([]retrieval.VectorHit, 0, len(rows))
	for _, row := range rows {
		obj, ok := row.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("weaviate search: a hit is %T, not an object", row)
		}
		id, _ := obj[propMemoryID].(string)
		got, _ := obj[propOwner].(string)
		add, _ := obj["_additional"].(map[string]any)
		dist, ok := add["distance"].(float64)
		if id == "" || !ok {
			return nil, fmt.Errorf("weaviate search: a hit lacks %s or its distance", propMemoryID)
		}
		if got != string(owner) {
			s.log.ErrorContext(ctx, "weaviate search returned another owner's vector; dropped", "collection", s.collection, "memory_id", id)
			continue
		}
		hits = append(hits, retrieval.VectorHit{ID: id, Score: 1 - dist})
	}
	return hits, nil
}

// Delete removes owner's vectors with these ids; missing ids, and owners
// without vectors, are ignored.
func (s *Store) Delete(ctx context.Context, owner schema.Owner, ids []string) error {
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("weaviate delete: %w", err)
	}
	ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == "" })
	if len(ids) == 0 {
		return nil
	}
	if _, err := s.loadMeta(ctx); err != nil {
		return err
	}
	tenant := tenantName(owner)
	defer s.use(tenant)()
	for chunk := range slices.Chunk(ids, deleteBatch) {
		res, err := s.client.Batch().ObjectsBatchDeleter().
			WithClassName(s.collection).
			WithTenant(tenant).
			WithOutput("minimal").
			WithWhere(filters.Where().
				WithPath([]string{propMemoryID}).
				WithOperator(filters.ContainsAny).
				WithValueText(chunk...)).
			Do(ctx)
		if err != nil {
			exists, terr := s.tenantExists(ctx, tenant)
			if terr == nil && !exists {
				return nil // nothing was ever written for owner
			}
			return translateCtx(ctx, "delete", err)
		}
		if res != nil && res.Results != nil && res.Results.Failed > 0 {
			return fmt.Errorf("weaviate delete: %d of %d matched objects could not be deleted", res.Results.Failed, res.Results.Matches)
		}
	}
	return nil
}
