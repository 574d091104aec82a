package graph

import (
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Bounds on what one call reads. A limit <= 0 is schema.ErrInvalid; a limit
// above its bound is lowered to the bound.
const (
	// MaxEntityCandidates bounds EntityCandidates.
	MaxEntityCandidates = 100
	// MaxAllEntities bounds BatchStore.AllEntitiesUpTo: how many entities
	// an owner may have for the worker to read them all.
	MaxAllEntities = 1000
	// MaxCandidateNames bounds the names one EntityCandidates call looks
	// up; later names are ignored.
	MaxCandidateNames = 32
	// MaxLookup bounds MemoriesBySubject, MemoriesAboutEntities and
	// SimilarClaims.
	MaxLookup = 200
	// MaxEntityMemories bounds the memories in an EntityDetail.
	MaxEntityMemories = 100
	// MaxNeighbours bounds the neighbours in an EntityDetail.
	MaxNeighbours = 50
	// MaxTimeline bounds the versions Timeline returns, and how far it
	// follows SUPERSEDES edges.
	MaxTimeline = 200
	// MaxPage bounds one page of Conflicts, Conversations, Turns and
	// RecentJobs.
	MaxPage = 500
	// MaxSpaces bounds Spaces.
	MaxSpaces = 1000
	// MaxSpaceNameBytes bounds a space's name.
	MaxSpaceNameBytes = 200
	// MaxTurnsPerAppend bounds the turns one AppendTurns call writes.
	MaxTurnsPerAppend = 1000
	// MaxConversationIDBytes bounds a conversation id.
	MaxConversationIDBytes = 128
	// MaxIdempotencyKeyBytes bounds an idempotency key.
	MaxIdempotencyKeyBytes = 255
	// MaxIdempotencyBody bounds the response body an idempotency record
	// keeps.
	MaxIdempotencyBody = schema.MaxRequestBytes
	// MaxIdempotencyTTL bounds how long an idempotency record is kept.
	MaxIdempotencyTTL = 7 * 24 * time.Hour
)

// Hit is one full-text match.
type Hit struct {
	ID    string  `json:"id"`
	Score float64 `json:"score"`
}

// MemoryHit is a memory found by a full-text match, with its score.
type MemoryHit struct {
	Memory schema.Memory `json:"memory"`
	Score  float64       `json:"score"`
}

// JobWrite is everything one job writes when it completes, applied by
// CompleteJob in one transaction. Ids come from the caller and are
// deterministic, so writing the same JobWrite again (a redelivered message,
// a retried transaction) leaves the graph as one write left it.
type JobWrite struct {
	// Memories are the new memories, each EVIDENCED_BY the job's document
	// (with Memory.Excerpt), IN its space (the owner's personal space when
	// SpaceID is empty), ABOUT each of its EntityIDs. A memory with
	// SupersedesID supersedes that memory as if listed in Supersede.
	Memories []schema.Memory
	// MemoryTurns maps the id of a new memory to the conversation turns
	// its claim rests on: each gets Memory-EVIDENCED_BY->Turn with the
	// memory's excerpt.
	MemoryTurns map[string][]string
	// Entities are created, or have their names, aliases and keys added
	// to, before the memories are linked to them (see UpsertEntity).
	Entities []schema.Entity
	// Relations are Entity-RELATED{type}->Entity edges to add.
	Relations []Relation
	// Reinforce records the same claim stated again: existing memories get
	// this job's document as further evidence instead of a twin.
	Reinforce []Reinforcement
	// Supersede retires old memories in favour of newer ones.
	Supersede []Supersession
	// Conflicts records contradictions nothing in the evidence settles.
	// Only ID, MemoryIDs, Reason and CreatedAt are read; a conflict starts
	// open.
	Conflicts []schema.Conflict
}

// Reinforcement is a claim the job found again in an existing memory.
type Reinforcement struct {
	// MemoryID is the existing memory.
	MemoryID string `json:"memoryId"`
	// Excerpt is the part of this job's document that states the claim.
	Excerpt string `json:"excerpt,omitempty"`
	// Confidence is the confidence of the claim as stated this time; the
	// memory's confidence becomes ReinforcedConfidence(old, Confidence).
	Confidence float64 `json:"confidence"`
	// TurnIDs are conversation turns the repeated claim rests on.
	TurnIDs []string `json:"turnIds,omitempty"`
}

// Supersession retires OldID in favour of NewID.
type Supersession struct {
	NewID string `json:"newId"`
	OldID string `json:"oldId"`
	// At is when the old memory stopped being true. Zero means the new
	// memory's valid_from, else its said_at, else its recorded_at. A time
	// before the old memory's valid_from becomes its valid_from: a version
	// corrected before it began never held, and its valid_to is never
	// earlier than its valid_from.
	At time.Time `json:"at,omitempty"`
	// Reason says why, in words a person can read.
	Reason string `json:"reason,omitempty"`
}

// Relation is an Entity-RELATED{type}->Entity edge.
type Relation struct {
	FromID string `json:"fromId"`
	ToID   string `json:"toId"`
	Type   string `json:"type"`
}

// EntityDetail is an entity with what is known about it.
type EntityDetail struct {
	Entity schema.Entity `json:"entity"`
	// MergedIDs are the ids of entities merged into this one; reading any
	// of them reads this entity.
	MergedIDs []string `json:"mergedIds"`
	// Memories about the entity: active first, then disputed, superseded
	// and retracted; within each, most recently recorded first (ties by
	// id). At most MaxEntityMemories.
	Memories []schema.Memory `json:"memories"`
	// Neighbours are entities related to this one or named in the same
	// memories: most co-mentions first, then most relations, ties by id.
	// At most MaxNeighbours.
	Neighbours []Neighbour `json:"neighbours"`
}

// Neighbour is an entity next to another in the graph.
type Neighbour struct {
	Entity schema.Entity `json:"entity"`
	// Relations are the RELATED edges between the two, either way, sorted
	// by from, to and type.
	Relations []Relation `json:"relations,omitempty"`
	// CoMentions counts the memories about both.
	CoMentions int `json:"coMentions"`
}

// MemoryDetail is a memory with everything it rests on and touches.
type MemoryDetail struct {
	// Memory carries the first evidence document in DocumentID/Excerpt,
	// EntityIDs and SupersedesID.
	Memory schema.Memory `json:"memory"`
	// EvidenceCount is the number of distinct documents that stated the
	// claim.
	EvidenceCount int `json:"evidenceCount"`
	// Evidence lists every excerpt the memory rests on, oldest first.
	Evidence []Evidence `json:"evidence"`
	// Entities the memory is about, by name then id.
	Entities []schema.Entity `json:"entities"`
	// Space the memory is filed in; nil for memories written before spaces.
	Space *schema.Space `json:"space,omitempty"`
	// SupersededBy are the memories that replaced this one, by id.
	SupersededBy []string `json:"supersededBy,omitempty"`
	// Conflicts are the open conflicts the memory is in, oldest first.
	Conflicts []schema.Conflict `json:"conflicts"`
}

// Evidence is one Memory-EVIDENCED_BY edge: to a Document, or to one of a
// conversation's turns.
type Evidence struct {
	// DocumentID is set for document evidence.
	DocumentID string `json:"documentId,omitempty"`
	// TurnID, ConversationID, Seq and Author are set for turn evidence.
	TurnID         string `json:"turnId,omitempty"`
	ConversationID string `json:"conversationId,omitempty"`
	Seq            int    `json:"seq,omitempty"`
	Author         string `json:"author,omitempty"`
	Excerpt        string `json:"excerpt,omitempty"`
	// Source is the document's source, or the turn's SourceID.
	Source string `json:"source,omitempty"`
	// SaidAt is when the material was said: the turn's or document's
	// said_at, else the document's creation.
	SaidAt time.Time `json:"saidAt"`
	// RecordedAt is when the edge was written (zero for edges written
	// before it was recorded).
	RecordedAt time.Time `json:"recordedAt,omitzero"`
}

// TimelineEntry is one version of a memory's history.
type TimelineEntry struct {
	Memory schema.Memory `json:"memory"`
	// Supersedes and SupersededBy are the versions this one replaced and
	// the ones that replaced it, by id.
	Supersedes   []string `json:"supersedes,omitempty"`
	SupersededBy []string `json:"supersededBy,omitempty"`
	// Changes are what differs from the version this one replaced most
	// recently (none for the first version).
	Changes []Change `json:"changes,omitempty"`
	// Reason and ReplacedAt come from the SUPERSEDES edge to the previous
	// version: why and when this version replaced it.
	Reason     string     `json:"reason,omitempty"`
	ReplacedAt *time.Time `json:"replacedAt,omitempty"`
	// Until is when this version stopped being true (its valid_to); nil
	// while it still holds.
	Until *time.Time `json:"until,omitempty"`
}

// Change is one field that differs between two versions.
type Change struct {
	Field  string `json:"field"` // claim, type, subject, attribute, value, negated
	Before string `json:"before"`
	After  string `json:"after"`
}

// ConflictDetail is a conflict with both of its memories, in the
// conflict's order.
type ConflictDetail struct {
	Conflict schema.Conflict  `json:"conflict"`
	Memories [2]schema.Memory `json:"memories"`
}

// ResolveAction is what a person decided about a conflict.
type ResolveAction string

const (
	// ResolveKeep keeps one memory (active, confirmed) and supersedes the
	// other with it.
	ResolveKeep ResolveAction = "keep"
	// ResolveDismiss records that the two do not conflict; both go back
	// to active.
	ResolveDismiss ResolveAction = "dismiss"
)

// ConversationSummary describes one conversation.
type ConversationSummary struct {
	ID        string    `json:"id"`
	Turns     int       `json:"turns"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	// LastSaidAt is the latest turn's said_at.
	LastSaidAt time.Time `json:"lastSaidAt,omitzero"`
}

// TurnHit is a conversation turn found by a full-text match.
type TurnHit struct {
	Turn  schema.Turn `json:"turn"`
	Score float64     `json:"score"`
}

// JobSummary says what became of one piece of material.
type JobSummary struct {
	JobID      string          `json:"jobId"`
	DocumentID string          `json:"documentId"`
	State      schema.JobState `json:"state"`
	Error      string          `json:"error,omitempty"`
	Attempts   int             `json:"attempts"`
	// MemoryIDs are the memories the job created; ReinforcedIDs the
	// existing ones it added evidence to; SupersededIDs the ones it
	// retired; ConflictIDs the conflicts it opened.
	MemoryIDs      []string `json:"memoryIds"`
	ReinforcedIDs  []string `json:"reinforcedIds"`
	SupersededIDs  []string `json:"supersededIds"`
	ConflictIDs    []string `json:"conflictIds"`
	Source         string   `json:"source,omitempty"`
	SpaceID        string   `json:"spaceId,omitempty"`
	ConversationID string   `json:"conversationId,omitempty"`
	// Preview is the start of the material, at most MaxPreviewRunes.
	Preview   string    `json:"preview"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// MaxPreviewRunes bounds JobSummary.Preview.
const MaxPreviewRunes = 160

// IdemRecord is the stored outcome of a request made with an idempotency
// key.
type IdemRecord struct {
	Key         string `json:"key"`
	RequestHash string `json:"requestHash"`
	// Status is the response's status; 0 marks a reservation for a
	// request still being processed.
	Status    int       `json:"status"`
	Body      []byte    `json:"body"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// MemoryFilter narrows ListMemories; zero fields do not filter.
type MemoryFilter struct {
	Type    schema.MemoryType
	State   schema.MemoryState
	SpaceID string
	// From and To bound recorded_at: From inclusive, To exclusive.
	From, To time.Time
}

// MemoryCursor continues ListMemories after the last memory of a page.
type MemoryCursor struct {
	RecordedAt time.Time
	ID         string
}

// EntityCursor continues ListEntities after the last entity of a page.
type EntityCursor struct {
	Name string
	ID   string
}

// Traversal bounds.
const (
	// MaxTraversalDepth bounds Neighbours' depth, in entity hops.
	MaxTraversalDepth = 3
	// MaxPathDepth bounds Paths' length, in entity hops.
	MaxPathDepth = 4
	// MaxTraversalPaths bounds the paths one traversal returns.
	MaxTraversalPaths = 200
)

// Subgraph is what a traversal found: its nodes (entities and the memories
// linking them), edges, and the paths as node-id sequences. Nodes are
// sorted by id, edges by from, to and type.
type Subgraph struct {
	Nodes []Node     `json:"nodes"`
	Edges []Edge     `json:"edges"`
	Paths [][]string `json:"paths"`
}

// Node is an entity or a memory on a traversal.
type Node struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"` // entity | memory
	Label string `json:"label"`
}

// Edge is ABOUT (memory to entity) or RELATED:<type> (entity to entity).
type Edge struct {
	From string `json:"from"`
	To   string `json:"to"`
	Type string `json:"type"`
}

// DocumentCursor continues ListDocuments after the last document of a page.
type DocumentCursor struct {
	CreatedAt time.Time
	ID        string
}

// DocumentSummary is a document as ingested, without its text, with what
// became of it.
type DocumentSummary struct {
	ID             string          `json:"id"`
	SpaceID        string          `json:"spaceId,omitempty"`
	Source         string          `json:"source,omitempty"`
	ContentHash    string          `json:"contentHash"`
	Bytes          int             `json:"bytes"`
	CreatedAt      time.Time       `json:"createdAt"`
	SaidAt         time.Time       `json:"saidAt,omitzero"`
	ConversationID string          `json:"conversationId,omitempty"`
	JobID          string          `json:"jobId,omitempty"`
	JobState       schema.JobState `json:"jobState,omitempty"`
}

// Source is where material came from: the source label documents carry
// ("" for material handed to remember without one), with how much and
// when. Every source's access scope is its owner alone until Spaces are
// shared.
type Source struct {
	Name      string    `json:"name"`
	Documents int       `json:"documents"`
	FirstAt   time.Time `json:"firstAt"`
	LastAt    time.Time `json:"lastAt"`
}
