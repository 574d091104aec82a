package graph

import (
	"context"

	"github.com/persistmemory/persistmemory/schema"
)

// MaxJobBatch bounds how many jobs one batch call takes (StartJobs,
// Documents, CompleteJobs, SystemMarkPublished).
const MaxJobBatch = 256

// BatchStore is the job life cycle for many jobs at once, so a worker
// that has a backlog pays for one transaction where it would pay for many.
// Each method means exactly what calling its one-job counterpart for every
// item, in order, means, except that it is one transaction: all or
// nothing. More than MaxJobBatch items is schema.ErrInvalid.
type BatchStore interface {
	// StartJobs is StartJob for each id. Ids this owner does not have are
	// left out of the result; the others come in the order given.
	StartJobs(ctx context.Context, owner schema.Owner, ids []string) ([]JobStart, error)
	// Documents reads documents by id, in the order given, skipping ids
	// this owner does not have.
	Documents(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Document, error)
	// DocumentTurns reads the conversation turns each document carries
	// (Document-[:FROM_TURN]->Turn), by document id, each list in the
	// conversation's order. Documents this owner does not have, and
	// documents that carry no turns (material handed to remember), are
	// absent from the map.
	DocumentTurns(ctx context.Context, owner schema.Owner, docIDs []string) (map[string][]schema.Turn, error)
	// StartBatch is StartJobs, then Documents and DocumentTurns of the
	// documents of the jobs not done, in one transaction: what a worker
	// reads to begin a batch.
	StartBatch(ctx context.Context, owner schema.Owner, ids []string) (BatchStart, error)
	// CompleteJobs is CompleteJob for each completion, in order, in one
	// transaction: a later job's write sees an earlier one's (it may
	// reinforce or supersede a memory an earlier job of the batch
	// created). Any error rolls the whole batch back.
	CompleteJobs(ctx context.Context, owner schema.Owner, cs []JobCompletion) error
	// CompleteJobsWhen is CompleteJobs that commits only once ready
	// returns nil: it writes the batch, then calls ready and waits for it
	// before committing. An error from ready rolls the batch back and is
	// returned (wrapped). ready may be called more than once (a transaction
	// retried) and must return the same each time. The worker writes a
	// batch's vectors while its transaction is being written: no job is
	// completed before its vectors are stored.
	CompleteJobsWhen(ctx context.Context, owner schema.Owner, cs []JobCompletion, ready func() error) error
	// LookupClaims is, for each lookup, MemoriesBySubject (when it has a
	// subject key; at most subjectLimit) and SimilarClaims (at most
	// similarLimit), all in one read transaction: what the worker compares
	// a batch's claims with. Results come in the order given. Each memory
	// comes with Entities: the entities it is ABOUT, as mentions of their
	// name and of each alias, with their kind — the names a comparison
	// reads in the claim (extraction's own mentions are not stored).
	LookupClaims(ctx context.Context, owner schema.Owner, ls []ClaimLookup, subjectLimit, similarLimit int) ([]ClaimMatches, error)
	// EntityCandidatesEach is EntityCandidates for each name on its own
	// (each result bounded by limit), in one query, in the order given.
	EntityCandidatesEach(ctx context.Context, owner schema.Owner, names []string, limit int) ([][]schema.Entity, error)
	// EntitySpellingsEach finds, for each name, the owner's entities
	// whose names it may be another spelling of, which EntityCandidates
	// leaves out: a name or alias with a word one letter from a word of
	// five or more letters of name ("Kubernets", "Kubernetes"), or begun
	// by a word of three or more letters ("Syd" for "Sydney", "Postgres"
	// for "PostgreSQL"). Words with digits are left out. By full-text
	// score, ties by id; each result bounded by limit; in one query, in
	// the order given. The worker asks it only for the names
	// EntityCandidates found no match for: it is the slower search.
	EntitySpellingsEach(ctx context.Context, owner schema.Owner, names []string, limit int) ([][]schema.Entity, error)
	// AllEntitiesUpTo returns every entity of the owner (merged ones left
	// out), by id, when the owner has at most limit (bounded by
	// MaxAllEntities) of them; nil when it has more. The worker scores the
	// mentions neither search found a match for against all of a small
	// owner's entities: the names the resolution rules read but no key or
	// spelling holds ("Gosia" for Małgorzata, "k8s", "Telmex").
	AllEntitiesUpTo(ctx context.Context, owner schema.Owner, limit int) ([]schema.Entity, error)
	// Entities reads entities by id, in the order given, each once,
	// skipping ids this owner does not have and merged entities (their
	// names are aliases of the entity they were merged into): the worker
	// reads with it the entities a search of name vectors found. More than
	// MaxJobBatch*MaxLookup ids is schema.ErrInvalid.
	Entities(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Entity, error)
	// SystemMarkPublished is MarkPublished for each reference, each scoped
	// by its own owner; references to missing jobs are ignored (the job's
	// message reached the queue, there is nothing left to record).
	SystemMarkPublished(ctx context.Context, refs []schema.JobRef) error
}

// JobStart is one job moved to extracting, or found completed (Done).
type JobStart struct {
	Job  schema.Job
	Done bool
}

// BatchStart is what StartBatch returns.
type BatchStart struct {
	// Jobs is what StartJobs returns.
	Jobs []JobStart
	// Documents holds, by id, the documents of the jobs not done that
	// this owner has.
	Documents map[string]schema.Document
	// Turns is what DocumentTurns returns for those documents.
	Turns map[string][]schema.Turn
}

// JobCompletion is the write one job completes with.
type JobCompletion struct {
	JobID string
	Write JobWrite
}

// ClaimLookup is one claim the worker looks up.
type ClaimLookup struct {
	// Claim is matched in full text against current claims.
	Claim string
	// SubjectKey and AttributeKey (NormalizeKey'd; AttributeKey may be
	// empty: any attribute) select current memories on the same subject.
	// An empty SubjectKey skips that look-up.
	SubjectKey, AttributeKey string
}

// ClaimMatches is what one ClaimLookup found.
type ClaimMatches struct {
	BySubject []schema.Memory
	Similar   []MemoryHit
}
