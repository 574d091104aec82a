package ingest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/internal/safe"
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
	// The transaction is written while the vectors are embedded and
	// stored, and commits after them: this stage is what it takes beyond
	// them.
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

// ProcessBatch is Process for each reference, each owner's in order, with
// one transaction to start each owner's jobs and one to complete them:
// jobs later in the batch see what earlier ones of the same owner planned
// (see plan). Owners are processed side by side (batchOwners at a time).
// On an error nothing of that owner's jobs is completed; the caller then
// processes the references one by one, which retries and dead-letters each
// on its own. Jobs already completed (by another owner's part of the same
// call) are skipped then, so the fallback does no work twice.
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
	// Owners share nothing: their jobs run side by side, each owner's in
	// order.
	errs := make([]error, len(owners))
	sem := make(chan struct{}, batchOwners)
	var wg sync.WaitGroup
	for i, o := range owners {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			defer safe.Recover(&errs[i])
			ids := jobs[o]
			for len(ids) > 0 {
				n := min(len(ids), graph.MaxJobBatch)
				if err := p.processJobs(ctx, o, ids[:n]); err != nil {
					errs[i] = err
					return
				}
				ids = ids[n:]
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// batchOwners is how many owners of a batch ProcessBatch works on at once.
const batchOwners = 4

// processJobs extracts and plans the jobs of one owner in order, writes
// their vectors, and completes them in one transaction.
func (p *Pipeline) processJobs(ctx context.Context, owner schema.Owner, ids []string) error {
	clk := p.clock(len(ids))
	start, err := p.cfg.Graph.StartBatch(ctx, owner, ids)
	if err != nil {
		return fmt.Errorf("start jobs: %w", err)
	}
	if len(start.Jobs) < len(ids) {
		p.log.Warn("jobs not found; dropping their messages", "owner", owner, "missing", len(ids)-len(start.Jobs))
	}
	var live []schema.Job
	for _, s := range start.Jobs {
		if !s.Done {
			live = append(live, s.Job)
		}
	}
	clk.jobs = len(live)
	if len(live) == 0 {
		return nil
	}
	clk.done(StageStart)
	byID, docTurns := start.Documents, start.Turns
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
	// Embed the turns (all of them get vectors) while the graph is looked
	// up and the batch planned. Claims wait for the plan: many turn out
	// to restate a stored memory, and only new memories are embedded.
	ectx, cancel := context.WithCancel(ctx)
	pre := p.embedAhead(ectx, owner, live, docTurns)
	defer func() { cancel(); pre.wait() }()
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
	// The vectors are written while the completing transaction is, and it
	// commits only once they are stored: a job is never completed without
	// its vectors, and a batch that fails is retried whole, vectors too.
	vecDone := make(chan struct{})
	var vecErr error
	go func() {
		defer close(vecDone)
		defer safe.Recover(&vecErr)
		vecErr = p.writeVectors(ctx, owner, mems, turns, st, pre, clk)
	}()
	err = p.cfg.Graph.CompleteJobsWhen(ctx, owner, comps, func() error { <-vecDone; return vecErr })
	<-vecDone
	if vecErr != nil {
		return vecErr
	}
	if err != nil {
		return fmt.Errorf("complete jobs: %w", err)
	}
	clk.done(StageComplete)
	for _, c := range comps {
		w := c.Write
		p.log.Info("job completed", "job", c.JobID, "memories", len(w.Memories), "reinforced", len(w.Reinforce), "superseded", len(w.Supersede), "conflicts", len(w.Conflicts))
	}
	return nil
}

// ahead is the embedding of a batch's texts, started before it was
// planned (see embedAhead).
type ahead struct {
	done chan struct{}
	vecs map[string][]float32 // by text
	// inContext holds TurnInContextText of each turn, by turn id (with
	// Config.TurnContextVectors).
	inContext map[string]string
	err       error
}

// inContextText returns the turn's in-context text embedAhead prepared.
func (a *ahead) inContextText(turnID string) (string, bool) {
	if a == nil {
		return "", false
	}
	s, ok := a.inContext[turnID]
	return s, ok
}

// wait waits for the embedding and returns the vectors by text.
func (a *ahead) wait() (map[string][]float32, error) {
	if a == nil {
		return nil, nil
	}
	<-a.done
	return a.vecs, a.err
}

// embedAhead starts embedding, in one call, the embedding text of each
// distinct turn of the jobs (with Config.TurnVectors) and, with
// Config.TurnContextVectors, of each turn read after the turn before it
// (the turns before the batch's first ones read from the graph). Nil
// without an Embedder or turns.
func (p *Pipeline) embedAhead(ctx context.Context, owner schema.Owner, live []schema.Job, docTurns map[string][]schema.Turn) *ahead {
	if p.cfg.Embedder == nil || p.cfg.TurnVectors == nil {
		return nil
	}
	var turns []schema.Turn
	for _, job := range live {
		turns = append(turns, docTurns[job.DocumentID]...)
	}
	if len(turns) == 0 {
		return nil
	}
	a := &ahead{done: make(chan struct{})}
	go func() {
		defer close(a.done)
		defer safe.Recover(&a.err)
		var texts []string
		seen := map[string]bool{}
		add := func(s string) {
			if !seen[s] {
				seen[s] = true
				texts = append(texts, s)
			}
		}
		for _, t := range turns {
			add(TurnEmbeddingText(t))
		}
		if p.cfg.TurnContextVectors != nil {
			in, err := p.turnsInContext(ctx, owner, turns)
			if err != nil {
				a.err = err
				return
			}
			a.inContext = make(map[string]string, len(turns))
			for i, t := range turns {
				a.inContext[t.ID] = in[i]
				add(in[i])
			}
		}
		vecs, err := p.embed(ctx, texts)
		if err != nil {
			a.err = err
			return
		}
		a.vecs = make(map[string][]float32, len(texts))
		for i, t := range texts {
			a.vecs[t] = vecs[i]
		}
	}()
	return a
}

// embed embeds texts as passages with Config.Embedder, one vector a text.
func (p *Pipeline) embed(ctx context.Context, texts []string) ([][]float32, error) {
	vs, err := p.cfg.Embedder.Embed(ctx, texts)
	if err == nil && len(vs) != len(texts) {
		err = fmt.Errorf("%d vectors for %d texts", len(vs), len(texts))
	}
	return vs, err
}

// writeVectors upserts by id the vectors of the claims of new memories
// into Config.Vectors, of the batch's turns into Config.TurnVectors and,
// read in context, into Config.TurnContextVectors (taken from pre,
// embedding in one call the distinct texts it lacks), and the name vectors
// of the entities the batch created into Config.EntityVectors, the four
// side by side; a retry writes the same vectors again.
func (p *Pipeline) writeVectors(ctx context.Context, owner schema.Owner, mems []schema.Memory, turns []schema.Turn, st *planState, pre *ahead, clk *stageClock) error {
	ents := st.ents
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
	have, err := pre.wait()
	if err != nil {
		return fmt.Errorf("embed: %w", err)
	}
	nt := len(texts)
	if p.cfg.TurnContextVectors != nil && len(turns) > 0 {
		in := make([]string, len(turns))
		var need []schema.Turn
		var needAt []int
		for i, t := range turns {
			var ok bool
			if in[i], ok = pre.inContextText(t.ID); !ok {
				need = append(need, t)
				needAt = append(needAt, i)
			}
		}
		if len(need) > 0 {
			got, err := p.turnsInContext(ctx, owner, need)
			if err != nil {
				return err
			}
			for j, i := range needAt {
				in[i] = got[j]
			}
		}
		texts = append(texts, in...)
	}
	// Each distinct text is embedded once (a claim may repeat a turn, or
	// have been embedded to be compared by meaning).
	vecs := make([][]float32, len(texts))
	var missing []string
	at := map[string]int{}
	for i, t := range texts {
		if vecs[i] = have[t]; vecs[i] == nil {
			vecs[i] = st.claimVecs[t]
		}
		if vecs[i] == nil {
			if _, ok := at[t]; !ok {
				at[t] = len(missing)
				missing = append(missing, t)
			}
		}
	}
	if len(missing) > 0 {
		vs, err := p.embed(ctx, missing)
		if err != nil {
			return fmt.Errorf("embed: %w", err)
		}
		for i, t := range texts {
			if vecs[i] == nil {
				vecs[i] = vs[at[t]]
			}
		}
	}
	clk.done(StageEmbed)
	n := len(mems)
	var wg sync.WaitGroup
	var errMem, errTurn, errCtx, errEnt error
	wg.Go(func() {
		defer safe.Recover(&errMem)
		if err := upsert(ctx, owner, p.cfg.Vectors, texts[:n], vecs[:n], func(i int) string { return mems[i].ID }); err != nil {
			errMem = fmt.Errorf("write vectors: %w", err)
		}
	})
	wg.Go(func() {
		defer safe.Recover(&errTurn)
		if err := upsert(ctx, owner, p.cfg.TurnVectors, texts[n:nt], vecs[n:nt], func(i int) string { return turns[i].ID }); err != nil {
			errTurn = fmt.Errorf("write turn vectors: %w", err)
		}
	})
	if len(texts) > nt {
		wg.Go(func() {
			defer safe.Recover(&errCtx)
			if err := upsert(ctx, owner, p.cfg.TurnContextVectors, texts[nt:], vecs[nt:], func(i int) string { return turns[i].ID }); err != nil {
				errCtx = fmt.Errorf("write turn-in-context vectors: %w", err)
			}
		})
	}
	errEnt = p.writeEntityVectors(ctx, owner, ents.newEntities(), ents.vecs)
	wg.Wait()
	if err := errors.Join(errMem, errTurn, errCtx, errEnt); err != nil {
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
