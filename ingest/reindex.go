package ingest

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// ReindexBatch is how many texts Reindex embeds and writes at a time.
const ReindexBatch = 64

// ReindexStats says what Reindex wrote.
type ReindexStats struct {
	Memories, Turns, Entities int
	Took                      time.Duration
}

// Reindex rebuilds an owner's vectors from the graph, the source of truth:
// the claim of every memory (whatever its state) into Config.Vectors and
// every conversation turn into Config.TurnVectors when it is set (and,
// read after the turn before it, into Config.TurnContextVectors when that
// is set), and the name of every live entity (as a query) into
// Config.EntityVectors when it is set. Vectors are upserted by id, so
// running it again, or while the worker writes, is harmless. It is how turn vectors are filled in for material ingested
// before they existed, or after the vector store was lost.
func (p *Pipeline) Reindex(ctx context.Context, owner schema.Owner) (ReindexStats, error) {
	start := time.Now()
	var st ReindexStats
	if p.cfg.Embedder == nil {
		return st, errors.New("reindex: no embedding provider is configured (EMBEDDING_PROVIDER=none), so there are no vectors to rebuild")
	}
	if err := owner.Validate(); err != nil {
		return st, fmt.Errorf("reindex: %w", err)
	}
	var after graph.MemoryCursor
	for {
		page, err := p.cfg.Graph.ListMemories(ctx, owner, graph.MemoryFilter{}, ReindexBatch, after)
		if err != nil {
			return st, fmt.Errorf("reindex: list memories: %w", err)
		}
		if len(page) > 0 {
			texts := make([]string, len(page))
			for i, m := range page {
				texts[i] = m.Claim
			}
			if err := p.embedInto(ctx, owner, p.cfg.Vectors, texts, func(i int) string { return page[i].ID }); err != nil {
				return st, fmt.Errorf("reindex memories: %w", err)
			}
			st.Memories += len(page)
			last := page[len(page)-1]
			after = graph.MemoryCursor{RecordedAt: last.RecordedAt, ID: last.ID}
		}
		if len(page) < ReindexBatch {
			break
		}
	}
	if p.cfg.TurnVectors != nil {
		conv := ""
		for {
			convs, err := p.cfg.Graph.Conversations(ctx, owner, graph.MaxPage, conv)
			if err != nil {
				return st, fmt.Errorf("reindex: list conversations: %w", err)
			}
			for _, c := range convs {
				n, err := p.reindexConversation(ctx, owner, c.ID)
				st.Turns += n
				if err != nil {
					return st, err
				}
			}
			if len(convs) < graph.MaxPage {
				break
			}
			conv = convs[len(convs)-1].ID
		}
	}
	if p.cfg.EntityVectors != nil {
		n, err := p.reindexEntities(ctx, owner)
		st.Entities = n
		if err != nil {
			return st, err
		}
	}
	st.Took = time.Since(start)
	return st, nil
}

// reindexEntities writes the name vector of every live entity of owner.
func (p *Pipeline) reindexEntities(ctx context.Context, owner schema.Owner) (int, error) {
	n := 0
	var after graph.EntityCursor
	for {
		page, err := p.cfg.Graph.ListEntities(ctx, owner, "", "", min(ReindexBatch, graph.MaxPage), after)
		if err != nil {
			return n, fmt.Errorf("reindex: list entities: %w", err)
		}
		if err := p.writeEntityVectors(ctx, owner, page, nil); err != nil {
			return n, fmt.Errorf("reindex entities: %w", err)
		}
		n += len(page)
		if len(page) < min(ReindexBatch, graph.MaxPage) {
			return n, nil
		}
		last := page[len(page)-1]
		after = graph.EntityCursor{Name: last.Name, ID: last.ID}
	}
}

func (p *Pipeline) reindexConversation(ctx context.Context, owner schema.Owner, id string) (int, error) {
	n, seq := 0, 0
	for {
		page, err := p.cfg.Graph.Turns(ctx, owner, id, seq, ReindexBatch)
		if err != nil {
			return n, fmt.Errorf("reindex: turns of conversation %q: %w", id, err)
		}
		if len(page) > 0 {
			texts := make([]string, len(page))
			for i, t := range page {
				texts[i] = TurnEmbeddingText(t)
			}
			if err := p.embedInto(ctx, owner, p.cfg.TurnVectors, texts, func(i int) string { return page[i].ID }); err != nil {
				return n, fmt.Errorf("reindex turns of conversation %q: %w", id, err)
			}
			if p.cfg.TurnContextVectors != nil {
				ctexts, err := p.turnsInContext(ctx, owner, page)
				if err != nil {
					return n, fmt.Errorf("reindex turns of conversation %q: %w", id, err)
				}
				if err := p.embedInto(ctx, owner, p.cfg.TurnContextVectors, ctexts, func(i int) string { return page[i].ID }); err != nil {
					return n, fmt.Errorf("reindex turns of conversation %q in context: %w", id, err)
				}
			}
			n += len(page)
			seq = page[len(page)-1].Seq
		}
		if len(page) < ReindexBatch {
			return n, nil
		}
	}
}

// embedInto embeds texts and upserts them into vs, the i-th under id(i).
func (p *Pipeline) embedInto(ctx context.Context, owner schema.Owner, vs retrieval.VectorStore, texts []string, id func(int) string) error {
	vecs, err := p.cfg.Embedder.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("embed: %w", err)
	}
	return upsert(ctx, owner, vs, texts, vecs, id)
}

// upsert writes texts' vectors into vs, the i-th under id(i); nothing to
// write is not a call.
func upsert(ctx context.Context, owner schema.Owner, vs retrieval.VectorStore, texts []string, vecs [][]float32, id func(int) string) error {
	if len(texts) == 0 {
		return nil
	}
	recs := make([]retrieval.VectorRecord, len(texts))
	for i := range texts {
		recs[i] = retrieval.VectorRecord{ID: id(i), Vector: vecs[i], Text: texts[i]}
	}
	return vs.Upsert(ctx, owner, recs)
}
