package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/conflicts"
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
	// MarkDelay is how long accepted jobs wait to be marked published
	// together (at 200 requests a second, 40 jobs a transaction); well
	// below OutboxAge, so the relay does not publish them again.
	MarkDelay = 200 * time.Millisecond
)

// Config wires a Pipeline. Graph and Extractor are required. Queue nil means
// no queue is configured: Remember refuses. Vectors and Embedder nil mean
// memories are written without vectors (search degrades to lexical).
type Config struct {
	Graph   graph.Store
	Queue   Queue
	Vectors retrieval.VectorStore
	// TurnVectors, optional, holds the embeddings of conversation turns
	// (retrieval.Searcher.TurnVectors searches them); it needs Embedder.
	TurnVectors retrieval.VectorStore
	// TurnContextVectors, optional, holds the embeddings of conversation
	// turns each read after the turn before it (TurnInContextText;
	// retrieval.Searcher.TurnContextVectors searches them); it needs
	// Embedder and TurnVectors.
	TurnContextVectors retrieval.VectorStore
	// EntityVectors, optional, holds one vector per entity: its name
	// embedded as a query (embed.Queries), by entity id. With it the
	// worker also resolves a mention to a stored entity whose name means
	// the same (resolve.MatchEmbedding, after resolve.Match found
	// nothing) and writes the vectors of the entities it creates; without
	// it resolution is lexical only. It needs Embedder.
	EntityVectors retrieval.VectorStore
	// Embedder embeds claims, turns and names. When it is the model
	// conflicts.MeaningModel names, a claim the rules leave unrelated to a
	// stored memory but that means the same is read as a duplicate
	// (conflicts.ByMeaning), and one worded as a change of a close stored
	// memory as superseding it (conflicts.ChangeByMeaning), and one said
	// together with a close stored memory that gives another value, one of
	// them saying it is the only one, as contradicting it
	// (conflicts.ContradictionByMeaning), and one telling what held before
	// a close stored memory as its earlier value (conflicts.PastByMeaning);
	// with another model those readings are off.
	Embedder  embed.Embedder
	Extractor Extractor
	// Judge, optional, is asked about the stored memories the rules
	// (conflicts.Compare) leave Unrelated to a new claim although they
	// share a resolved entity or its subject: at most JudgeMaxPairs of
	// them, in one call per claim, and only when the rules found no
	// duplicate. Its decisions are planned as the rules' are, with reasons
	// starting JudgeReasonPrefix; when it fails the rules' decisions stand
	// and the job goes on. Nil asks nobody: the rules alone decide.
	Judge  Judge
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Observe, when set, is told how long each stage of the worker took
	// for a batch of jobs (see Stages), so a deployment can see which
	// stage dominates. It must be cheap and safe for concurrent use.
	Observe func(stage string, took time.Duration, jobs int)
}

// Pipeline accepts material and turns it into memories. Safe for concurrent
// use.
type Pipeline struct {
	cfg Config
	log *slog.Logger
	// meaning: claims the rules leave unrelated are compared by meaning
	// (conflicts.ByMeaning), Config.Embedder being conflicts.MeaningModel.
	meaning bool

	// Jobs whose message reached the queue, to be marked published in
	// one transaction (see markPublished).
	markMu  sync.Mutex
	marks   []schema.JobRef
	marking bool

	// Accepted material waiting to be written together (see accept).
	acceptMu  sync.Mutex
	acceptQ   []*acceptReq
	accepting bool
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
	if cfg.TurnVectors != nil && cfg.Embedder == nil {
		return nil, errors.New("ingest: Config.TurnVectors needs Config.Embedder")
	}
	if cfg.TurnContextVectors != nil && cfg.TurnVectors == nil {
		return nil, errors.New("ingest: Config.TurnContextVectors needs Config.TurnVectors")
	}
	if cfg.EntityVectors != nil && cfg.Embedder == nil {
		return nil, errors.New("ingest: Config.EntityVectors needs Config.Embedder")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// The similarity the readings by meaning read is on the scale of the model it was
	// chosen for; another model's is not comparable.
	meaning := cfg.Embedder != nil && cfg.Embedder.Model() == conflicts.MeaningModel
	return &Pipeline{cfg: cfg, log: log, meaning: meaning}, nil
}

// RememberInput is material handed to remember.
type RememberInput struct {
	Text    string
	SpaceID string
	Source  string
	// ContributedBy is the person sending material into a Space shared
	// with them (graph.SharingStore); empty when the owner sends it. It is
	// recorded on the Document.
	ContributedBy schema.Owner
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
	doc, job, err := p.prepare(ctx, owner, in)
	if err != nil {
		return schema.Job{}, err
	}
	if _, ok := p.cfg.Graph.(AcceptStore); ok {
		err = p.accept(ctx, &acceptReq{owner: owner, doc: doc, job: job}).err
	} else {
		err = p.cfg.Graph.CreateDocumentJob(ctx, owner, doc, job)
	}
	if err != nil {
		return schema.Job{}, fmt.Errorf("store document: %w", err)
	}
	p.publish(ctx, schema.JobRef{Owner: owner, JobID: job.ID})
	return job, nil
}

// AcceptStore is a graph store that writes the documents and jobs of many
// accepted requests in one transaction, each with its idempotency key's
// record when it has one (graph/neo4j.Store does). owners, docs, jobs and
// recs are parallel; recs[i].Key is empty for a request without a key.
// stored[i] is false when an unexpired record of recs[i].Key stood: that
// request wrote nothing, and standing[i] is the record.
type AcceptStore interface {
	CreateDocumentJobsOnce(ctx context.Context, ttl time.Duration, owners []schema.Owner, docs []schema.Document, jobs []schema.Job, recs []graph.IdemRecord) (standing []graph.IdemRecord, stored []bool, err error)
}

// Once is a request's idempotency key, for RememberOnce.
type Once struct {
	Key         string
	RequestHash string
	// TTL is how long the response is kept for replay.
	TTL time.Duration
	// Respond is the response the request gives for job (status and
	// body), recorded under Key with the document and the job.
	Respond func(job schema.Job) (status int, body []byte, err error)
}

// CanRememberOnce reports whether the graph store records idempotency keys
// with the document (AcceptStore).
func (p *Pipeline) CanRememberOnce() bool {
	_, ok := p.cfg.Graph.(AcceptStore)
	return ok
}

// RememberOnce is Remember under an idempotency key: the response for the
// new job is recorded under once.Key in the same transaction as the
// document and the job, so a retry with the key finds it whether or not
// the first answer reached the client. When an unexpired record of the key
// stands, nothing is written or queued and that record is returned with
// taken false, for the caller to answer from (replay, 409, or retry
// later). Validation errors are returned before anything is written.
// The graph store must be an AcceptStore (CanRememberOnce).
func (p *Pipeline) RememberOnce(ctx context.Context, owner schema.Owner, in RememberInput, once Once) (job schema.Job, standing graph.IdemRecord, taken bool, err error) {
	if !p.CanRememberOnce() {
		return schema.Job{}, graph.IdemRecord{}, false, errors.New("ingest: the graph store cannot record idempotency keys with documents")
	}
	doc, job, err := p.prepare(ctx, owner, in)
	if err != nil {
		return schema.Job{}, graph.IdemRecord{}, false, err
	}
	status, body, err := once.Respond(job)
	if err != nil {
		return schema.Job{}, graph.IdemRecord{}, false, fmt.Errorf("prepare the response: %w", err)
	}
	rec := graph.IdemRecord{Key: once.Key, RequestHash: once.RequestHash, Status: status, Body: body}
	res := p.accept(ctx, &acceptReq{owner: owner, doc: doc, job: job, rec: rec, ttl: once.TTL})
	if res.err != nil {
		return schema.Job{}, graph.IdemRecord{}, false, fmt.Errorf("store document: %w", res.err)
	}
	if !res.stored {
		return schema.Job{}, res.standing, false, nil
	}
	p.publish(ctx, schema.JobRef{Owner: owner, JobID: job.ID})
	return job, res.standing, true, nil
}

// AcceptTimeout bounds one transaction writing accepted material.
const AcceptTimeout = 10 * time.Second

// acceptReq is one request's material waiting to be written.
type acceptReq struct {
	owner schema.Owner
	doc   schema.Document
	job   schema.Job
	rec   graph.IdemRecord // Key empty: no idempotency key
	ttl   time.Duration
	done  chan acceptRes
}

type acceptRes struct {
	standing graph.IdemRecord
	stored   bool
	err      error
}

// accept writes r's material durably and returns once it is committed
// (group commit): requests arriving while a transaction is being written
// wait for it to finish and are then written together, in one
// transaction, so under load one commit accepts many requests and a lone
// request waits for nothing. A batch refused for what one of its requests
// holds is written again request by request, so that failure is that
// request's own; a store that cannot be reached fails the whole batch at
// once. When ctx ends first, accept returns its error: the material may
// still be written, and then waits in the outbox (and, with a key, its
// record answers a retry).
func (p *Pipeline) accept(ctx context.Context, r *acceptReq) acceptRes {
	r.done = make(chan acceptRes, 1)
	p.acceptMu.Lock()
	p.acceptQ = append(p.acceptQ, r)
	start := !p.accepting
	p.accepting = true
	p.acceptMu.Unlock()
	if start {
		go p.commitAccepted()
	}
	select {
	case res := <-r.done:
		return res
	case <-ctx.Done():
		return acceptRes{err: ctx.Err()}
	}
}

// commitAccepted writes waiting requests, a batch at a time, until none
// are left.
func (p *Pipeline) commitAccepted() {
	for {
		p.acceptMu.Lock()
		batch, rest := takeAccepted(p.acceptQ)
		p.acceptQ = rest
		if len(batch) == 0 {
			p.accepting = false
			p.acceptMu.Unlock()
			return
		}
		p.acceptMu.Unlock()
		err := p.writeAccepted(batch)
		switch {
		case err == nil || len(batch) == 1:
		case errors.Is(err, schema.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded):
			for _, r := range batch {
				r.done <- acceptRes{err: err}
			}
		default:
			for _, r := range batch {
				_ = p.writeAccepted([]*acceptReq{r})
			}
		}
	}
}

// takeAccepted splits the next batch off q: at most graph.MaxJobBatch
// requests, whose keys have one time to live and are distinct (a repeated
// key waits for the next batch, and then finds the first one's record).
func takeAccepted(q []*acceptReq) (batch, rest []*acceptReq) {
	var ttl time.Duration
	keys := map[[2]string]bool{}
	for _, r := range q {
		if len(batch) == graph.MaxJobBatch {
			rest = append(rest, r)
			continue
		}
		if r.rec.Key != "" {
			k := [2]string{string(r.owner), r.rec.Key}
			if keys[k] || (ttl != 0 && r.ttl != ttl) {
				rest = append(rest, r)
				continue
			}
			keys[k], ttl = true, r.ttl
		}
		batch = append(batch, r)
	}
	return batch, rest
}

// writeAccepted writes one batch in one transaction and answers its
// requests; with more than one request, a failure answers none of them
// and is returned, for the caller to decide (see accept).
func (p *Pipeline) writeAccepted(batch []*acceptReq) error {
	n := len(batch)
	owners, docs, jobs, recs := make([]schema.Owner, n), make([]schema.Document, n), make([]schema.Job, n), make([]graph.IdemRecord, n)
	var ttl time.Duration
	for i, r := range batch {
		owners[i], docs[i], jobs[i], recs[i] = r.owner, r.doc, r.job, r.rec
		if r.rec.Key != "" {
			ttl = r.ttl
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), AcceptTimeout)
	defer cancel()
	standing, stored, err := p.cfg.Graph.(AcceptStore).CreateDocumentJobsOnce(ctx, ttl, owners, docs, jobs, recs)
	if err != nil {
		if n > 1 {
			return err
		}
		batch[0].done <- acceptRes{err: err}
		return err
	}
	for i, r := range batch {
		r.done <- acceptRes{standing: standing[i], stored: stored[i]}
	}
	return nil
}

// prepare validates in and builds the document and job Remember writes.
func (p *Pipeline) prepare(ctx context.Context, owner schema.Owner, in RememberInput) (schema.Document, schema.Job, error) {
	if err := owner.Validate(); err != nil {
		return schema.Document{}, schema.Job{}, err
	}
	if err := in.Validate(); err != nil {
		return schema.Document{}, schema.Job{}, err
	}
	if p.cfg.Queue == nil {
		return schema.Document{}, schema.Job{}, fmt.Errorf("%w: no queue is configured (KAFKA_BROKERS is empty), so nothing would process this material; it was not stored", schema.ErrUnavailable)
	}
	if err := p.checkSpace(ctx, owner, in.SpaceID); err != nil {
		return schema.Document{}, schema.Job{}, err
	}
	now := p.cfg.Now().UTC()
	// Secrets are redacted before anything is stored; the job records which
	// kinds were removed, never the values.
	text, kinds := Redact(in.Text)
	sum := sha256.Sum256([]byte(text))
	doc := schema.Document{
		ID: schema.NewID(schema.PrefixDocument), Text: text, SpaceID: in.SpaceID, Source: in.Source,
		ContentHash: hex.EncodeToString(sum[:]), CreatedAt: now, SaidAt: now,
		ContributedBy: in.ContributedBy,
	}
	job := schema.Job{ID: schema.NewID(schema.PrefixJob), DocumentID: doc.ID, State: schema.JobQueued, CreatedAt: now, UpdatedAt: now, MemoryIDs: []string{}, Redacted: kinds}
	return doc, job, nil
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
	p.markPublished(ref)
}

// markPublished records, shortly and together with the jobs accepted at
// the same time, that ref's message reached the queue: one transaction for
// many requests instead of one each. A mark that is lost (the process
// stops within MarkDelay, or the write fails) only means the outbox relay
// publishes the job again after OutboxAge, and the worker skips a
// completed job.
func (p *Pipeline) markPublished(ref schema.JobRef) {
	p.markMu.Lock()
	p.marks = append(p.marks, ref)
	start := !p.marking
	p.marking = true
	p.markMu.Unlock()
	if start {
		go p.flushMarks()
	}
}

// flushMarks writes pending marks every MarkDelay until none are left.
func (p *Pipeline) flushMarks() {
	for {
		time.Sleep(MarkDelay)
		p.markMu.Lock()
		refs := p.marks
		p.marks = nil
		if len(refs) == 0 {
			p.marking = false
			p.markMu.Unlock()
			return
		}
		p.markMu.Unlock()
		for len(refs) > 0 {
			n := min(len(refs), graph.MaxJobBatch)
			ctx, cancel := context.WithTimeout(context.Background(), PublishTimeout)
			if err := p.cfg.Graph.SystemMarkPublished(ctx, refs[:n]); err != nil {
				// Harmless: the relay publishes them again and the worker
				// skips what is completed.
				p.log.Warn("could not mark jobs published", "jobs", n, "err", err)
			}
			cancel()
			refs = refs[n:]
		}
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
	var perr error
	for _, ref := range refs {
		if perr = p.cfg.Queue.Publish(ctx, ref); perr != nil {
			perr = fmt.Errorf("publish %s: %w", ref.JobID, perr)
			break
		}
		n++
	}
	if n > 0 {
		if err := p.cfg.Graph.SystemMarkPublished(ctx, refs[:n]); err != nil {
			return 0, fmt.Errorf("mark %d jobs published: %w", n, err)
		}
	}
	return n, perr
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
	bq, batched := p.cfg.Queue.(BatchConsumer)
	for range WorkerConsumers {
		go func() {
			if batched {
				errs <- bq.ConsumeBatches(ctx, WorkerBatch, p.ProcessBatch, p.Process, p.Dead)
				return
			}
			errs <- p.cfg.Queue.Consume(ctx, p.Process, p.Dead)
		}()
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
	return p.processJobs(ctx, ref.Owner, []string{ref.JobID})
}

// Dead records that a job's message exhausted its retries.
func (p *Pipeline) Dead(ctx context.Context, ref schema.JobRef, cause error) {
	if ref.JobID == "" {
		return
	}
	if p.cfg.Observe != nil {
		p.cfg.Observe(OutcomeFailed, 0, 1)
	}
	reason := "processing failed after repeated attempts: " + cause.Error()
	if err := p.cfg.Graph.FailJob(ctx, ref.Owner, ref.JobID, reason); err != nil {
		p.log.Error("could not mark job failed", "job", ref.JobID, "err", err)
	}
}
