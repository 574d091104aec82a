package ingest

import (
	"context"
	"fmt"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// OutcomeFailed is reported through Config.Observe (with no duration) for
// each job that exhausted its retries.
const OutcomeFailed = "failed"

// Stages of the worker, in order, as Config.Observe names them.
var Stages = []string{StageStart, StageExtract, StageLookup, StagePlan, StageEmbed, StageVectors, StageComplete}

// The worker's stages.
const (
	// StageStart moves the batch's jobs to extracting and reads their
	// documents.
	StageStart = "start"
	// StageExtract runs the extractor over every document.
	StageExtract = "extract"
	// StageLookup reads what the claims are compared with.
	StageLookup = "lookup"
	// StagePlan resolves entities and decides reinforcement, supersession
	// and conflicts (including conversation turns it reads).
	StagePlan = "plan"
	// StageEmbed computes the new memories' vectors.
	StageEmbed = "embed"
	// StageVectors writes them to the vector store.
	StageVectors = "vectors"
	// StageComplete writes everything to the graph in one transaction.
	StageComplete = "complete"
)

// stageClock reports each stage's time to Config.Observe.
type stageClock struct {
	observe func(string, time.Duration, int)
	jobs    int
	last    time.Time
}

func (p *Pipeline) clock(jobs int) *stageClock {
	return &stageClock{observe: p.cfg.Observe, jobs: jobs, last: time.Now()}
}

// done ends stage.
func (c *stageClock) done(stage string) {
	now := time.Now()
	if c.observe != nil {
		c.observe(stage, now.Sub(c.last), c.jobs)
	}
	c.last = now
}

// WorkerBatch is the most messages a consumer hands the pipeline at once:
// those already waiting on its partitions, so a backlog is worked off with
// a few transactions per batch rather than a few per message.
const WorkerBatch = 64

// ProcessBatch is Process for each reference, in order, with one
// transaction to start each owner's jobs and one to complete them: jobs
// later in the batch see what earlier ones planned (see plan). On an error
// nothing of that owner's jobs is completed; the caller then processes the
// references one by one, which retries and dead-letters each on its own.
// Jobs already completed (by an owner processed earlier in the same call)
// are skipped then, so the fallback does no work twice.
func (p *Pipeline) ProcessBatch(ctx context.Context, refs []schema.JobRef) error {
	var owners []schema.Owner
	jobs := map[schema.Owner][]string{}
	seen := map[schema.JobRef]bool{}
	for _, r := range refs {
		if seen[r] {
			continue // the same message twice: one run is enough
		}
		seen[r] = true
		if _, ok := jobs[r.Owner]; !ok {
			owners = append(owners, r.Owner)
		}
		jobs[r.Owner] = append(jobs[r.Owner], r.JobID)
	}
	for _, o := range owners {
		ids := jobs[o]
		for len(ids) > 0 {
			n := min(len(ids), graph.MaxJobBatch)
			if err := p.processJobs(ctx, o, ids[:n]); err != nil {
				return err
			}
			ids = ids[n:]
		}
	}
	return nil
}

// processJobs extracts and plans the jobs of one owner in order, writes
// their vectors, and completes them in one transaction.
func (p *Pipeline) processJobs(ctx context.Context, owner schema.Owner, ids []string) error {
	clk := p.clock(len(ids))
	starts, err := p.cfg.Graph.StartJobs(ctx, owner, ids)
	if err != nil {
		return fmt.Errorf("start jobs: %w", err)
	}
	if len(starts) < len(ids) {
		p.log.Warn("jobs not found; dropping their messages", "owner", owner, "missing", len(ids)-len(starts))
	}
	var live []schema.Job
	var docIDs []string
	for _, s := range starts {
		if !s.Done {
			live = append(live, s.Job)
			docIDs = append(docIDs, s.Job.DocumentID)
		}
	}
	clk.jobs = len(live)
	if len(live) == 0 {
		return nil
	}
	docs, err := p.cfg.Graph.Documents(ctx, owner, docIDs)
	if err != nil {
		return fmt.Errorf("read documents: %w", err)
	}
	docTurns, err := p.cfg.Graph.DocumentTurns(ctx, owner, docIDs)
	if err != nil {
		return fmt.Errorf("read the documents' turns: %w", err)
	}
	clk.done(StageStart)
	byID := make(map[string]schema.Document, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	// Extract everything first, so the stored graph is looked up for the
	// whole batch at once; then plan the jobs in order.
	cands := make([][]schema.Memory, len(live))
	for i, job := range live {
		doc, ok := byID[job.DocumentID]
		if !ok {
			return fmt.Errorf("read document %s of job %s: %w", job.DocumentID, job.ID, schema.ErrNotFound)
		}
		if cands[i], err = p.cfg.Extractor.Extract(WithOwner(ctx, owner), doc); err != nil {
			return fmt.Errorf("extract job %s: %w", job.ID, err)
		}
	}
	clk.done(StageExtract)
	st := p.newPlanState(owner)
	if err := st.prefetch(ctx, p, owner, cands); err != nil {
		return err
	}
	clk.done(StageLookup)
	comps := make([]graph.JobCompletion, 0, len(live))
	var (
		mems  []schema.Memory
		turns []schema.Turn
	)
	for i, job := range live {
		doc := byID[job.DocumentID]
		dt := docTurns[doc.ID]
		turns = append(turns, dt...)
		w, err := p.plan(ctx, owner, job, doc, cands[i], dt, st)
		if err != nil {
			return fmt.Errorf("plan job %s: %w", job.ID, err)
		}
		comps = append(comps, graph.JobCompletion{JobID: job.ID, Write: w})
		mems = append(mems, w.Memories...)
	}
	clk.done(StagePlan)
	if err := p.writeVectors(ctx, owner, mems, turns, st.ents, clk); err != nil {
		return err
	}
	if err := p.cfg.Graph.CompleteJobs(ctx, owner, comps); err != nil {
		return fmt.Errorf("complete jobs: %w", err)
	}
	clk.done(StageComplete)
	for _, c := range comps {
		w := c.Write
		p.log.Info("job completed", "job", c.JobID, "memories", len(w.Memories), "reinforced", len(w.Reinforce), "superseded", len(w.Supersede), "conflicts", len(w.Conflicts))
	}
	return nil
}

// writeVectors embeds the claims of new memories and the text of the
// batch's turns in one call and upserts them by id, memories into
// Config.Vectors and turns into Config.TurnVectors, and the name vectors
// of the entities the batch created into Config.EntityVectors (so a retry
// writes the same vectors again).
func (p *Pipeline) writeVectors(ctx context.Context, owner schema.Owner, mems []schema.Memory, turns []schema.Turn, ents *entityPlan, clk *stageClock) error {
	if p.cfg.TurnVectors == nil {
		turns = nil
	}
	if p.cfg.Embedder == nil || len(mems)+len(turns) == 0 {
		clk.done(StageEmbed)
		if err := p.writeEntityVectors(ctx, owner, ents.newEntities(), ents.vecs); err != nil {
			return err
		}
		clk.done(StageVectors)
		return nil
	}
	texts := make([]string, 0, len(mems)+len(turns))
	for _, m := range mems {
		texts = append(texts, m.Claim)
	}
	for _, t := range turns {
		texts = append(texts, TurnEmbeddingText(t))
	}
	vecs, err := p.cfg.Embedder.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("embed: %w", err)
	}
	clk.done(StageEmbed)
	n := len(mems)
	if err := upsert(ctx, owner, p.cfg.Vectors, texts[:n], vecs[:n], func(i int) string { return mems[i].ID }); err != nil {
		return fmt.Errorf("write vectors: %w", err)
	}
	if err := upsert(ctx, owner, p.cfg.TurnVectors, texts[n:], vecs[n:], func(i int) string { return turns[i].ID }); err != nil {
		return fmt.Errorf("write turn vectors: %w", err)
	}
	if err := p.writeEntityVectors(ctx, owner, ents.newEntities(), ents.vecs); err != nil {
		return err
	}
	clk.done(StageVectors)
	return nil
}

// TurnEmbeddingText is what a turn's vector is made of: who said it and
// what they said ("Caroline: I went to a support group yesterday."), so a
// question naming the speaker finds their turns.
func TurnEmbeddingText(t schema.Turn) string {
	if t.Author == "" {
		return t.Text
	}
	return t.Author + ": " + t.Text
}
