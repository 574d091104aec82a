package graph

import (
	"context"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Store is the graph contract. Implementations are safe for concurrent use.
// Methods return errors wrapping schema.ErrNotFound, schema.ErrInvalid,
// schema.ErrConflict, schema.ErrTooLarge or schema.ErrUnavailable, or the
// context's error. A malformed owner is schema.ErrInvalid.
//
// Every method is scoped by owner: it reads and writes only that owner's
// nodes, and an id belonging to another owner is answered exactly like a
// missing one (schema.ErrNotFound, or skipped by batch reads), except that
// creating a node under an id another owner holds is schema.ErrConflict.
// The only methods that cross owners are named System* and serve
// background machinery. Every listing has an explicit order with a tie
// broken by id, and a bound (see the Max* constants).
type Store interface {
	// Ping reports whether the backend answers.
	Ping(ctx context.Context) error
	// Migrate applies the numbered migrations not yet recorded in the graph,
	// in order, and returns the names of those it applied.
	Migrate(ctx context.Context) ([]string, error)

	// CreateDocumentJob writes doc and job in one transaction: after it
	// returns nil the material is durable. job.Published is false until
	// MarkPublished. The document keeps every field, SaidAt and
	// ConversationID included; its SpaceID is not checked here (the job
	// fails if the space is gone when its memories are filed).
	CreateDocumentJob(ctx context.Context, owner schema.Owner, doc schema.Document, job schema.Job) error
	// MarkPublished records that the job's message reached the queue.
	MarkPublished(ctx context.Context, owner schema.Owner, jobID string) error
	// SystemUnpublished lists jobs accepted but not yet handed to the queue,
	// oldest first, created before olderThan, at most limit.
	SystemUnpublished(ctx context.Context, olderThan time.Time, limit int) ([]schema.JobRef, error)

	// Job reads one job. A job of another owner is schema.ErrNotFound.
	Job(ctx context.Context, owner schema.Owner, id string) (schema.Job, error)
	// Document reads one document.
	Document(ctx context.Context, owner schema.Owner, id string) (schema.Document, error)
	// StartJob moves a queued (or failed-and-retrying) job to extracting and
	// increments its attempts. A completed job is returned unchanged with
	// done=true, so redelivered messages are skipped.
	StartJob(ctx context.Context, owner schema.Owner, id string) (job schema.Job, done bool, err error)
	// FailJob marks a job failed with a reason a person can read.
	FailJob(ctx context.Context, owner schema.Owner, id string, reason string) error
	// CompleteJob applies w, everything the job's document yielded, and
	// marks the job completed, in one transaction: all of it or nothing.
	// See JobWrite for what each part writes. It is idempotent: a job that
	// is already completed is left as it is (the first completion wins
	// over a redelivered message), and a retried transaction MERGEs the
	// same nodes and edges by their ids.
	//
	// Errors: schema.ErrNotFound for an unknown job, or when w names a
	// space, entity, turn or existing memory this owner does not have
	// (ids of another owner look missing); schema.ErrInvalid for a memory
	// without an id, a supersession of a memory by itself or one that would
	// close a cycle, or a conflict whose two memories are the same;
	// schema.ErrConflict when a new memory's or entity's id belongs to
	// another owner.
	//
	// Memories in an open conflict are marked disputed (only active ones;
	// superseded and retracted memories keep their state) until it is
	// resolved. A reinforcement from a document that already supports the
	// memory changes nothing, so evidence_count counts distinct documents.
	CompleteJob(ctx context.Context, owner schema.Owner, jobID string, w JobWrite) error
	// Memories reads memories by id, in the order given, skipping ids that
	// do not exist for this owner. Each memory carries its first evidence
	// document (DocumentID, Excerpt), EntityIDs and SupersedesID.
	Memories(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Memory, error)
	// Neighbours traverses from an entity (a merged id reads as the entity
	// it was merged into) over ABOUT and RELATED, up to depth entity hops
	// (1..MaxTraversalDepth), nearest first, at most limit paths (bounded
	// by MaxTraversalPaths). An unknown entity is schema.ErrNotFound.
	Neighbours(ctx context.Context, owner schema.Owner, entityID string, depth, limit int) (Subgraph, error)
	// Paths finds the shortest paths between two entities over ABOUT and
	// RELATED, at most maxDepth entity hops (1..MaxPathDepth), at most
	// limit paths. No path is an empty Subgraph, not an error.
	Paths(ctx context.Context, owner schema.Owner, fromID, toID string, maxDepth, limit int) (Subgraph, error)
	// ListDocuments lists the owner's documents newest first (ties by id
	// descending) after the cursor, optionally from one source, without
	// their text, each with its job's state; at most limit (bounded by
	// MaxPage; <= 0 is schema.ErrInvalid).
	ListDocuments(ctx context.Context, owner schema.Owner, source string, limit int, after DocumentCursor) ([]DocumentSummary, error)
	// Sources lists where the owner's material came from, most documents
	// first, ties by name, at most MaxPage.
	Sources(ctx context.Context, owner schema.Owner) ([]Source, error)
	// ListEntities lists the owner's live entities (merged ones are not
	// listed) by name, case-insensitively, ties by id, after the cursor,
	// optionally of one kind and whose name or an alias contains q
	// (case-insensitive), at most limit (bounded by MaxPage; <= 0 is
	// schema.ErrInvalid).
	ListEntities(ctx context.Context, owner schema.Owner, q string, kind schema.EntityKind, limit int, after EntityCursor) ([]schema.Entity, error)
	// ListMemories browses the owner's memories newest first (recorded_at
	// descending, ties by id descending) through f, after the cursor (zero:
	// from the newest), at most limit (bounded by MaxPage; <= 0 is
	// schema.ErrInvalid).
	ListMemories(ctx context.Context, owner schema.Owner, f MemoryFilter, limit int, after MemoryCursor) ([]schema.Memory, error)
	// SearchMemories runs a full-text query over the claims of the owner's
	// current memories (active or disputed: a conflict retires neither
	// side) and returns at most limit hits, best first (ties by id).
	SearchMemories(ctx context.Context, owner schema.Owner, query string, limit int) ([]Hit, error)
	// SearchMemoriesIn is SearchMemories restricted to memories filed in
	// one of spaceIDs; no space ids means every space.
	SearchMemoriesIn(ctx context.Context, owner schema.Owner, spaceIDs []string, query string, limit int) ([]Hit, error)

	SpaceStore
	EntityStore
	MemoryStore
	ConflictStore
	ConversationStore
	IdempotencyStore
	BatchStore
	UsageStore
	RetrievalStore
	UploadStore
	ReminderStore
	SharingStore
	AnalystStore
}

// SpaceStore files memories into spaces (Memory-IN->Space). Every owner
// has one personal space, which cannot be deleted. A space id of another
// owner is schema.ErrNotFound, like a missing one.
type SpaceStore interface {
	// EnsurePersonalSpace returns the owner's personal space (id
	// PersonalSpaceID(owner), name "Personal"), creating it the first
	// time. Racing callers create one.
	EnsurePersonalSpace(ctx context.Context, owner schema.Owner) (schema.Space, error)
	// CreateSpace creates a space with sp's id and name (trimmed, 1 to
	// MaxSpaceNameBytes bytes of UTF-8, else schema.ErrInvalid); zero
	// CreatedAt means now, Personal must be false. It returns the stored
	// space. An id already in use, by this owner or another, is
	// schema.ErrConflict.
	CreateSpace(ctx context.Context, owner schema.Owner, sp schema.Space) (schema.Space, error)
	// RenameSpace renames a space (the personal one too) and returns it.
	RenameSpace(ctx context.Context, owner schema.Owner, id, name string) (schema.Space, error)
	// DeleteSpace deletes a space that holds no memories. It refuses, with
	// schema.ErrConflict, to delete the personal space or a space that
	// holds memories in any state: memories are never deleted, nor moved
	// behind the person's back. Material queued for a deleted space fails
	// its job with schema.ErrNotFound.
	DeleteSpace(ctx context.Context, owner schema.Owner, id string) error
	// Spaces lists the owner's spaces: the personal one first, then by
	// name, ties by id; at most MaxSpaces.
	Spaces(ctx context.Context, owner schema.Owner) ([]schema.Space, error)
	// Space reads one space.
	Space(ctx context.Context, owner schema.Owner, id string) (schema.Space, error)
}

// EntityStore keeps the people, projects, systems, organisations and
// places memories are about, per owner.
//
// Entities are matched by key (see NormalizeKey): each entity stores the
// keys of its name and aliases and their acronyms (EntityKeys), indexed
// with their words (KeyTokens). Merging keeps the merged entity as a
// tombstone pointing at the one it was merged into, and every method that
// takes an entity id reads a merged id as the entity it was merged into.
type EntityStore interface {
	// EntityCandidates returns the owner's entities that may be what names
	// refer to. First (by full-text score, ties by id) those with a name
	// or alias whose key equals the key of one of names or one of its
	// acronyms, or with an acronym equal to one of the keys ("NYC" and
	// "New York City" find each other; two acronyms alone do not match);
	// then those sharing a word with one of names (common words like "of"
	// and "the" aside), by score, ties by id (other spellings:
	// BatchStore.EntitySpellingsEach). At most limit (bounded by
	// MaxEntityCandidates). names are normalised with NormalizeKey (a key
	// is its own key); only the first MaxCandidateNames count. Merged
	// entities are never candidates. The caller scores the candidates; the
	// store only finds them.
	EntityCandidates(ctx context.Context, owner schema.Owner, names []string, limit int) ([]schema.Entity, error)
	// UpsertEntity creates e, or adds to the existing entity with its id
	// the names it did not have: e.Name, when it differs from the stored
	// name, and e.Aliases become aliases; keys are added; nothing is ever
	// dropped. A stored kind of "" or "other" takes e.Kind. An id of
	// another owner is schema.ErrConflict; an empty id or name
	// schema.ErrInvalid.
	UpsertEntity(ctx context.Context, owner schema.Owner, e schema.Entity) error
	// MergeEntities merges mergeID into keepID: memories ABOUT the merged
	// entity become ABOUT the kept one, its RELATED edges move (edges
	// between the two are dropped), its name, aliases and keys become the
	// kept entity's aliases and keys, and (keep)-[:MERGED_FROM]->(merged)
	// records provenance; the merged entity stays as a tombstone. Merging
	// an entity already merged into keepID does nothing. keepID == mergeID
	// is schema.ErrInvalid; an unknown id (or another owner's)
	// schema.ErrNotFound.
	MergeEntities(ctx context.Context, owner schema.Owner, keepID, mergeID string) error
	// Entity reads an entity with its memories and neighbours. A merged
	// id reads the entity it was merged into.
	Entity(ctx context.Context, owner schema.Owner, id string) (EntityDetail, error)
}

// MemoryStore holds the lookups the worker makes before it decides what a
// new claim is, and the reads of one memory's history.
type MemoryStore interface {
	// MemoriesBySubject returns active and disputed memories whose subject
	// and attribute have the given keys (normalised with NormalizeKey; an
	// empty attributeKey matches every attribute of the subject), most
	// recently recorded first, ties by id, at most limit (bounded by
	// MaxLookup). An empty subjectKey is schema.ErrInvalid.
	MemoriesBySubject(ctx context.Context, owner schema.Owner, subjectKey, attributeKey string, limit int) ([]schema.Memory, error)
	// MemoriesAboutEntities returns active and disputed memories ABOUT any
	// of entityIDs, most recently recorded first, ties by id, at most
	// limit (bounded by MaxLookup). Unknown ids match nothing.
	MemoriesAboutEntities(ctx context.Context, owner schema.Owner, entityIDs []string, limit int) ([]schema.Memory, error)
	// SimilarClaims ranks active and disputed memories by full-text match
	// of their claims with claim (as SearchMemories does), best first,
	// ties by id, at most limit (bounded by MaxLookup).
	SimilarClaims(ctx context.Context, owner schema.Owner, claim string, limit int) ([]MemoryHit, error)

	// MemoryDetail reads one memory with its evidence, entities, space,
	// successors and open conflicts.
	MemoryDetail(ctx context.Context, owner schema.Owner, id string) (MemoryDetail, error)
	// Timeline returns every version connected to the memory by SUPERSEDES
	// edges, in either direction: oldest first (every version after the
	// ones it superseded; among versions so ordered, earliest valid_from,
	// said_at or recorded_at first, ties by id), at most MaxTimeline.
	Timeline(ctx context.Context, owner schema.Owner, id string) ([]TimelineEntry, error)
	// ConfirmMemory marks a memory confirmed by the person and returns it.
	// It is idempotent.
	ConfirmMemory(ctx context.Context, owner schema.Owner, id string) (schema.Memory, error)
}

// ConflictStore reads and resolves conflicts.
type ConflictStore interface {
	// Conflicts lists conflicts in state (empty: every state), newest
	// first, ties by id descending, at most limit (bounded by MaxPage).
	// after is the id of the last conflict of the previous page, or empty
	// for the first page; an unknown after is schema.ErrInvalid.
	Conflicts(ctx context.Context, owner schema.Owner, state schema.ConflictState, limit int, after string) ([]schema.Conflict, error)
	// Conflict reads one conflict with both memories.
	Conflict(ctx context.Context, owner schema.Owner, id string) (ConflictDetail, error)
	// ResolveConflict applies a person's decision to an open conflict and
	// returns the conflict as resolved.
	//
	// ResolveKeep (keepID must be one of the two): the kept memory is
	// confirmed and active again, the other is superseded by it (a
	// SUPERSEDES edge; its valid_to becomes the later of the two versions'
	// starts, or stays if earlier), and the conflict is resolved.
	// ResolveDismiss: the conflict is dismissed and disputed memories are
	// active again. Either way a memory still in another open conflict
	// stays disputed.
	//
	// A conflict that is not open is schema.ErrConflict (resolving twice);
	// an unknown action or keepID schema.ErrInvalid.
	ResolveConflict(ctx context.Context, owner schema.Owner, id string, action ResolveAction, keepID, note string) (schema.Conflict, error)
}

// ConversationStore keeps conversations raw, turn by turn, and the recent
// material listing.
type ConversationStore interface {
	// AppendTurns appends turns to a conversation (created on first use)
	// and writes doc and job exactly as CreateDocumentJob does, with
	// Document-[:FROM_TURN]->Turn for each turn, in one transaction, and
	// returns the turns as stored. A turn's Seq of 0 means the next one;
	// a non-zero Seq must be exactly the next (else schema.ErrConflict: the
	// append raced another or repeats one). An empty Turn.ID becomes
	// TurnID(owner, conversationID, seq); zero SaidAt means now.
	// doc.ConversationID must be empty or conversationID. Turn texts are
	// searchable at once (SearchTurns).
	AppendTurns(ctx context.Context, owner schema.Owner, conversationID string, turns []schema.Turn, doc schema.Document, job schema.Job) ([]schema.Turn, error)
	// Turns returns the turns after afterSeq, in order, at most limit
	// (bounded by MaxPage). An unknown conversation is schema.ErrNotFound.
	Turns(ctx context.Context, owner schema.Owner, conversationID string, afterSeq, limit int) ([]schema.Turn, error)
	// TurnsByID reads turns by id, in the order given, skipping ids this
	// owner does not have (another owner's turn looks exactly like a
	// missing one). At most MaxPage ids.
	TurnsByID(ctx context.Context, owner schema.Owner, ids []string) ([]schema.Turn, error)
	// TurnsBefore reads, for each turn id, the turn right before it in its
	// conversation (Seq one less), keyed by the later turn's id: what a
	// turn is read after when it is embedded in context. A conversation's
	// first turn, and ids this owner does not have, are absent (another
	// owner's turn looks exactly like a missing one). At most MaxPage ids.
	TurnsBefore(ctx context.Context, owner schema.Owner, ids []string) (map[string]schema.Turn, error)
	// Conversations lists conversations, newest first, ties by id
	// descending, at most limit (bounded by MaxPage). after is the id of
	// the last conversation of the previous page, or empty; an unknown
	// after is schema.ErrInvalid.
	Conversations(ctx context.Context, owner schema.Owner, limit int, after string) ([]ConversationSummary, error)
	// SearchTurns ranks turns by full-text match of their text with query
	// (as SearchMemories does), best first, ties by id, at most limit
	// (bounded by MaxPage).
	SearchTurns(ctx context.Context, owner schema.Owner, query string, limit int) ([]TurnHit, error)

	// RecentJobs lists jobs created before before (zero: now), newest
	// first, ties by id descending, at most limit (bounded by MaxPage):
	// what became of each piece of material.
	RecentJobs(ctx context.Context, owner schema.Owner, limit int, before time.Time) ([]JobSummary, error)
}

// IdempotencyStore keeps the outcome of requests made with an idempotency
// key, per owner. Expired records read as missing.
type IdempotencyStore interface {
	// IdempotencyGet reads the unexpired record of key; ok is false when
	// there is none.
	IdempotencyGet(ctx context.Context, owner schema.Owner, key string) (rec IdemRecord, ok bool, err error)
	// IdempotencyPut stores a record for key unless an unexpired one
	// exists, and returns the record that stands and whether this call
	// stored it. Of two racing calls one stores and the other gets the
	// winner's record; the caller compares RequestHash (different: 409).
	// Status 0 reserves the key while the request is processed: a later
	// Put with the same requestHash and a non-zero status replaces the
	// reservation. ttl must be in (0, MaxIdempotencyTTL]; a body over
	// MaxIdempotencyBody is schema.ErrTooLarge.
	IdempotencyPut(ctx context.Context, owner schema.Owner, key, requestHash string, status int, body []byte, ttl time.Duration) (rec IdemRecord, stored bool, err error)
	// SystemOwners lists, across owners, every owner that has memories or
	// conversation turns, sorted: what an operator rebuilds the derived
	// indexes of (persistmemory reindex --all).
	SystemOwners(ctx context.Context) ([]schema.Owner, error)
	// SystemPurgeIdempotency deletes, across owners, at most limit records
	// that expired at or before now, and returns how many it deleted.
	SystemPurgeIdempotency(ctx context.Context, now time.Time, limit int) (int, error)
}
