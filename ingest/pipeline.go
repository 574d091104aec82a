package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/embed"
	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/retrieval"
	"github.com/persistmemory/persistmemory/schema"
)

// Limits and timings of the pipeline, reported by the API.
const (
	// MaxSourceLen bounds the free-text source label.
	MaxSourceLen = 200
	// OutboxAge is how long an accepted job may stay unpublished before the
	// relay republishes it (the accepting request publishes it at once; the
	// relay covers a queue that was down at that moment).
	OutboxAge = 5 * time.Second
	// OutboxInterval is how often the relay looks for unpublished jobs.
	OutboxInterval = 2 * time.Second
	// OutboxBatch is the most jobs the relay publishes per pass.
	OutboxBatch = 100
	// PublishTimeout bounds the accepting request's attempt to publish.
	PublishTimeout = 3 * time.Second
)

// Config wires a Pipeline. Graph and Extractor are required. Queue nil means
// no queue is configured: Remember refuses. Vectors and Embedder nil mean
// memories are written without vectors (search degrades to lexical).
type Config struct {
	Graph     graph.Store
	Queue     Queue
	Vectors   retrieval.VectorStore
	Embedder  embed.Embedder
	Extractor Extractor
	Logger    *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Pipeline accepts material and turns it into memories. Safe for concurrent
// use.
type Pipeline struct {
	cfg Config
	log *slog.Logger
}

// New validates cfg and returns a Pipeline.
func New(cfg Config) (*Pipeline, error) {
	if cfg.Graph == nil {
		return nil, errors.New("ingest: Config.Graph is required")
	}
	if cfg.Extractor == nil {
		return nil, errors.New("ingest: Config.Extractor is required")
	}
	if (cfg.Vectors == nil) != (cfg.Embedder == nil) {
		return nil, errors.New("ingest: Config.Vectors and Config.Embedder must be set together")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Pipeline{cfg: cfg, log: log}, nil
}

// RememberInput is material handed to remember.
type RememberInput struct {
	Text    string
	SpaceID string
	Source  string
}

// Validate reports what is wrong with in, naming the field.
func (in RememberInput) Validate() error {
	if !utf8.ValidString(in.Text) {
		return fmt.Errorf("%w: text is not valid UTF-8", schema.ErrInvalid)
	}
	if strings.TrimSpace(in.Text) == "" {
		return fmt.Errorf("%w: text is empty", schema.ErrInvalid)
	}
	if len(in.Text) > schema.MaxRememberBytes {
		return fmt.Errorf("%w: text is %d bytes; the limit is %d bytes (MaxRememberBytes)", schema.ErrTooLarge, len(in.Text), schema.MaxRememberBytes)
	}
	if strings.ContainsRune(in.Text, 0) {
		return fmt.Errorf("%w: text contains a NUL character", schema.ErrInvalid)
	}
	if !utf8.ValidString(in.Source) || len(in.Source) > MaxSourceLen {
		return fmt.Errorf("%w: source must be valid UTF-8 of at most %d bytes", schema.ErrInvalid, MaxSourceLen)
	}
	if !utf8.ValidString(in.SpaceID) || len(in.SpaceID) > 64 {
		return fmt.Errorf("%w: space is not a valid space id", schema.ErrInvalid)
	}
	return checkControl(in.Text)
}

// checkControl refuses control characters other than tab, newline and
// carriage return: they are never part of material a person meant.
func checkControl(text string) error {
	for i, r := range text {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7f {
			return fmt.Errorf("%w: text contains the control character U+%04X at byte %d", schema.ErrInvalid, r, i)
		}
	}
	return nil
}

// checkSpace refuses a space the owner does not have (another owner's space
// looks exactly like a missing one).
func (p *Pipeline) checkSpace(ctx context.Context, owner schema.Owner, id string) error {
	if id == "" {
		return nil
	}
	if _, err := p.cfg.Graph.Space(ctx, owner, id); err != nil {
		if errors.Is(err, schema.ErrNotFound) {
			return fmt.Errorf("%w: space %q does not exist", schema.ErrNotFound, id)
		}
		return err
	}
	return nil
}

// Remember makes in durable as a Document and a Job, then queues the job.
// It returns the job once the material is durable; if the queue refuses at
// that moment the job stays in the outbox and RunRelay publishes it later.
// With no queue configured it refuses with schema.ErrUnavailable.
func (p *Pipeline) Remember(ctx context.Context, owner schema.Owner, in RememberInput) (schema.Job, error) {
	if err := owner.Validate(); err != nil {
		return schema.Job{}, err
	}
	if err := in.Validate(); err != nil {
		return schema.Job{}, err
	}
	if p.cfg.Queue == nil {
		return schema.Job{}, fmt.Errorf("%w: no queue is configured (KAFKA_BROKERS is empty), so nothing would process this material; it was not stored", schema.ErrUnavailable)
	}
	if err := p.checkSpace(ctx, owner, in.SpaceID); err != nil {
		return schema.Job{}, err
	}
	now := p.cfg.Now().UTC()
	// Secrets are redacted before anything is stored; the job records which
	// kinds were removed, never the values.
	text, kinds := Redact(in.Text)
	sum := sha256.Sum256([]byte(text))
	doc := schema.Document{
		ID: schema.NewID(schema.PrefixDocument), Text: text, SpaceID: in.SpaceID, Source: in.Source,
		ContentHash: hex.EncodeToString(sum[:]), CreatedAt: now, SaidAt: now,
	}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: now, UpdatedAt: now, MemoryIDs: []string{}, Redacted: kinds}
	if err := p.cfg.Graph.CreateDocumentJob(ctx, owner, doc, job); err != nil {
		return schema.Job{}, fmt.Errorf("store document: %w", err)
	}
	p.publish(ctx, schema.JobRef{Owner: owner, JobID: job.ID})
	return job, nil
}

// publish tries once to hand ref to the queue; failure leaves it in the
// outbox for the relay.
func (p *Pipeline) publish(ctx context.Context, ref schema.JobRef) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), PublishTimeout)
	defer cancel()
	if err := p.cfg.Queue.Publish(ctx, ref); err != nil {
		p.log.Warn("queue refused a job; it waits in the outbox", "job", ref.JobID, "err", err)
		return
	}
	if err := p.cfg.Graph.MarkPublished(ctx, ref.Owner, ref.JobID); err != nil {
		// Harmless: the relay publishes it again and the worker skips it.
		p.log.Warn("could not mark job published", "job", ref.JobID, "err", err)
	}
}

// RunRelay publishes jobs that were accepted while the queue was down, until
// ctx ends.
func (p *Pipeline) RunRelay(ctx context.Context) error {
	if p.cfg.Queue == nil {
		return nil
	}
	t := time.NewTicker(OutboxInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		if _, err := p.RelayOnce(ctx); err != nil && ctx.Err() == nil {
			p.log.Warn("outbox relay pass failed", "err", err)
		}
	}
}

// RelayOnce publishes up to OutboxBatch jobs older than OutboxAge that are
// not yet published, and returns how many it published.
func (p *Pipeline) RelayOnce(ctx context.Context) (int, error) {
	refs, err := p.cfg.Graph.SystemUnpublished(ctx, p.cfg.Now().Add(-OutboxAge), OutboxBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, ref := range refs {
		if err := p.cfg.Queue.Publish(ctx, ref); err != nil {
			return n, fmt.Errorf("publish %s: %w", ref.JobID, err)
		}
		if err := p.cfg.Graph.MarkPublished(ctx, ref.Owner, ref.JobID); err != nil {
			return n, fmt.Errorf("mark %s published: %w", ref.JobID, err)
		}
		n++
	}
	return n, nil
}

// WorkerConsumers is how many consumers one worker process runs: one per
// partition of the jobs topic, each a member of the consumer group handling
// one message at a time. Jobs are keyed by owner, so one owner's material
// is still processed in order.
const WorkerConsumers = 4

// RunWorker consumes the queue with WorkerConsumers consumers until ctx
// ends, and returns the first error of any of them.
func (p *Pipeline) RunWorker(ctx context.Context) error {
	if p.cfg.Queue == nil {
		return fmt.Errorf("%w: no queue is configured (KAFKA_BROKERS)", schema.ErrUnavailable)
	}
	errs := make(chan error, WorkerConsumers)
	for range WorkerConsumers {
		go func() { errs <- p.cfg.Queue.Consume(ctx, p.Process, p.Dead) }()
	}
	var first error
	for range WorkerConsumers {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Process extracts the memories of one job and writes them. It is
// idempotent: memory ids derive from the job id and the claim's position,
// a completed job is skipped, and vectors are upserted by id.
func (p *Pipeline) Process(ctx context.Context, ref schema.JobRef) error {
	job, done, err := p.cfg.Graph.StartJob(ctx, ref.Owner, ref.JobID)
	if errors.Is(err, schema.ErrNotFound) {
		p.log.Warn("job not found; dropping message", "job", ref.JobID)
		return nil
	}
	if err != nil {
		return fmt.Errorf("start job %s: %w", ref.JobID, err)
	}
	if done {
		return nil
	}
	doc, err := p.cfg.Graph.Document(ctx, ref.Owner, job.DocumentID)
	if err != nil {
		return fmt.Errorf("read document %s: %w", job.DocumentID, err)
	}
	cands, err := p.cfg.Extractor.Extract(ctx, doc)
	if err != nil {
		return fmt.Errorf("extract: %w", err)
	}
	turns, err := p.docTurns(ctx, ref.Owner, doc)
	if err != nil {
		return err
	}
	w, err := p.plan(ctx, ref.Owner, job, doc, cands, turns)
	if err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	mems := w.Memories
	if p.cfg.Embedder != nil && len(mems) > 0 {
		texts := make([]string, len(mems))
		for i, m := range mems {
			texts[i] = m.Claim
		}
		vecs, err := p.cfg.Embedder.Embed(ctx, texts)
		if err != nil {
			return fmt.Errorf("embed: %w", err)
		}
		recs := make([]retrieval.VectorRecord, len(mems))
		for i, m := range mems {
			recs[i] = retrieval.VectorRecord{ID: m.ID, Vector: vecs[i], Text: m.Claim}
		}
		if err := p.cfg.Vectors.Upsert(ctx, ref.Owner, recs); err != nil {
			return fmt.Errorf("write vectors: %w", err)
		}
	}
	if err := p.cfg.Graph.CompleteJob(ctx, ref.Owner, job.ID, w); err != nil {
		return fmt.Errorf("complete job %s: %w", job.ID, err)
	}
	p.log.Info("job completed", "job", job.ID, "memories", len(mems), "reinforced", len(w.Reinforce), "superseded", len(w.Supersede), "conflicts", len(w.Conflicts))
	return nil
}

// Dead records that a job's message exhausted its retries.
func (p *Pipeline) Dead(ctx context.Context, ref schema.JobRef, cause error) {
	if ref.JobID == "" {
		return
	}
	reason := "processing failed after repeated attempts: " + cause.Error()
	if err := p.cfg.Graph.FailJob(ctx, ref.Owner, ref.JobID, reason); err != nil {
		p.log.Error("could not mark job failed", "job", ref.JobID, "err", err)
	}
}

// docTurns returns the conversation turns a document was made of (none for
// material handed to remember).
func (p *Pipeline) docTurns(ctx context.Context, owner schema.Owner, doc schema.Document) ([]schema.Turn, error) {
	if doc.ConversationID == "" {
		return nil, nil
	}
	var out []schema.Turn
	after := 0
	for {
		page, err := p.cfg.Graph.Turns(ctx, owner, doc.ConversationID, after, graph.MaxPage)
		if err != nil {
			return nil, fmt.Errorf("turns of %s: %w", doc.ConversationID, err)
		}
		for _, t := range page {
			// Turns appended with this document were said at or after it.
			if t.Text != "" && !t.SaidAt.Before(doc.SaidAt) && strings.Contains(doc.Text, t.Text) {
				out = append(out, t)
			}
			after = t.Seq
		}
		if len(page) < graph.MaxPage {
			return out, nil
		}
	}
}
