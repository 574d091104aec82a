package ingest

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/ingest/resolve"
	"github.com/persistmemory/persistmemory/internal/safe"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// entitySearches is how many entity-vector searches prefetchNear runs at
// once.
const entitySearches = 4

// prefetchNear prepares resolution by meaning for a batch (with
// Config.EntityVectors): for the batch's distinct mention names of a kind
// names are matched by meaning for (resolve.ByMeaning: not people, places
// or organisations) that some mention of them could not resolve lexically
// against the stored candidates, it embeds the names in one call, finds
// the EntityNeighbours stored entities nearest to each in the owner's
// name vectors, then reads those entities from the graph in one call. A
// name that resolved lexically is neither embedded nor searched here:
// only a mention that fails to resolve lexically is resolved by meaning
// (byMeaning embeds its name if it has no vector yet), and only the
// entities the batch creates, of those kinds, get name vectors. Vectors
// whose entity the graph does not have (a retry's own entities, written
// before the batch failed; merged ones) are dropped: the graph is the
// source of truth.
func (e *entityPlan) prefetchNear(ctx context.Context, names []string, mentions []schema.Mention) error {
	vs := e.p.cfg.EntityVectors
	if vs == nil || len(names) == 0 {
		return nil
	}
	need := map[string]bool{}
	for _, m := range mentions {
		if need[m.Name] || !resolve.ByMeaning(m.Name, m.Kind) {
			continue
		}
		if _, _, ok := resolve.Match(m, e.found[m.Name]); !ok {
			need[m.Name] = true
		}
	}
	var search []string
	for _, n := range names {
		if need[n] {
			search = append(search, n)
		}
	}
	e.vecs = make(map[string][]float32, len(search))
	if len(search) == 0 {
		return nil
	}
	vecs, err := embed.Queries(ctx, e.p.cfg.Embedder, search)
	if err != nil {
		return fmt.Errorf("embed entity names: %w", err)
	}
	if len(vecs) != len(search) {
		return fmt.Errorf("embed entity names: %d vectors for %d names", len(vecs), len(search))
	}
	for i, n := range search {
		e.vecs[n] = vecs[i]
	}
	hits, err := searchEach(ctx, vs, e.owner, search, e.vecs)
	if err != nil {
		return err
	}
	var ids []string
	for _, hs := range hits {
		for _, h := range hs {
			ids = append(ids, h.ID)
		}
	}
	ents, err := e.p.cfg.Graph.Entities(ctx, e.owner, ids)
	if err != nil {
		return fmt.Errorf("read the entities near the batch's names: %w", err)
	}
	byID := make(map[string]schema.Entity, len(ents))
	for _, en := range ents {
		byID[en.ID] = en
	}
	e.near = make(map[string][]resolve.Neighbour, len(search))
	for i, n := range search {
		for _, h := range hits[i] {
			if en, ok := byID[h.ID]; ok {
				e.near[n] = append(e.near[n], resolve.Neighbour{Entity: en, Similarity: h.Score})
			}
		}
	}
	return nil
}

// searchEach searches vs for each name's vector, entitySearches at a
// time, and returns the hits in the order of names.
func searchEach(ctx context.Context, vs retrieval.VectorStore, owner schema.Owner, names []string, vecs map[string][]float32) ([][]retrieval.VectorHit, error) {
	out := make([][]retrieval.VectorHit, len(names))
	errs := make([]error, len(names))
	sem := make(chan struct{}, entitySearches)
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			defer safe.Recover(&errs[i])
			out[i], errs[i] = vs.Search(ctx, owner, vecs[n], EntityNeighbours)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("search entity vectors near %q: %w", names[i], err)
		}
	}
	return out, nil
}

// byMeaning resolves m by meaning (resolve.MatchEmbedding) among the
// stored entities nearest to its name and the entities earlier mentions
// of the batch created, whose names' vectors the batch holds. An entity
// the batch already changed (a new alias) is taken as changed.
func (e *entityPlan) byMeaning(ctx context.Context, m schema.Mention) (schema.Entity, bool, error) {
	if e.vecs == nil || !resolve.ByMeaning(m.Name, m.Kind) {
		return schema.Entity{}, false, nil // no Config.EntityVectors, or a proper name
	}
	v := e.vecs[m.Name]
	if v == nil {
		// Resolved lexically against the stored candidates alone, but not
		// with the batch's own entities beside them: embed it now.
		vs, err := embed.Queries(ctx, e.p.cfg.Embedder, []string{m.Name})
		if err != nil {
			return schema.Entity{}, false, fmt.Errorf("embed entity name %q: %w", m.Name, err)
		}
		if len(vs) != 1 {
			return schema.Entity{}, false, fmt.Errorf("embed entity name %q: %d vectors for one name", m.Name, len(vs))
		}
		v = vs[0]
		e.vecs[m.Name] = v
	}
	near := slices.Clone(e.near[m.Name])
	planned := make(map[string]int, len(e.list))
	for i, en := range e.list {
		planned[en.ID] = i
	}
	for i := range near {
		if j, ok := planned[near[i].Entity.ID]; ok {
			near[i].Entity = e.list[j]
		}
	}
	for _, en := range e.list {
		if w := e.vecs[en.Name]; e.created[en.ID] && w != nil {
			near = append(near, resolve.Neighbour{Entity: en, Similarity: resolve.Cosine(v, w)})
		}
	}
	best, sim, ok := resolve.MatchEmbedding(m, near)
	if ok {
		e.p.log.Debug("entity resolved by meaning", "owner", e.owner, "mention", m.Name, "entity", best.ID, "similarity", sim)
	}
	return best, ok, nil
}

// newEntities returns the entities the batch created, in the order it
// planned them, for their name vectors.
func (e *entityPlan) newEntities() []schema.Entity {
	var out []schema.Entity
	for _, en := range e.list {
		if e.created[en.ID] {
			out = append(out, en)
		}
	}
	return out
}

// writeEntityVectors upserts the name vectors of ents (as queries, under
// their ids) into Config.EntityVectors, embedding the names the batch
// has no vector for; a retry writes the same vectors again.
func (p *Pipeline) writeEntityVectors(ctx context.Context, owner schema.Owner, ents []schema.Entity, have map[string][]float32) error {
	if p.cfg.EntityVectors == nil {
		return nil
	}
	ents = slices.DeleteFunc(slices.Clone(ents), func(en schema.Entity) bool { return !resolve.ByMeaning(en.Name, en.Kind) })
	if len(ents) == 0 {
		return nil
	}
	names := make([]string, len(ents))
	vecs := make([][]float32, len(ents))
	var missing []int
	for i, en := range ents {
		names[i] = en.Name
		if vecs[i] = have[en.Name]; vecs[i] == nil {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		texts := make([]string, len(missing))
		for k, i := range missing {
			texts[k] = names[i]
		}
		vs, err := embed.Queries(ctx, p.cfg.Embedder, texts)
		if err != nil {
			return fmt.Errorf("embed entity names: %w", err)
		}
		if len(vs) != len(texts) {
			return fmt.Errorf("embed entity names: %d vectors for %d names", len(vs), len(texts))
		}
		for k, i := range missing {
			vecs[i] = vs[k]
		}
	}
	if err := upsert(ctx, owner, p.cfg.EntityVectors, names, vecs, func(i int) string { return ents[i].ID }); err != nil {
		return fmt.Errorf("write entity vectors: %w", err)
	}
	return nil
}
