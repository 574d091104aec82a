package graph

import (
	"context"

	"github.com/persistmemory/persistmemory/schema"
)

// Bounds of the retrieval lookups.
const (
	// MaxRetrievalIDs bounds the ids one EvidenceTurns or
	// MemoriesNearEntities call reads; later ids are ignored.
	MaxRetrievalIDs = 500
	// MaxNearHops bounds MemoriesNearEntities' hops.
	MaxNearHops = 2
	// MaxNearFanout is how many neighbouring entities MemoriesNearEntities
	// expands through at each hop: the most strongly connected first.
	MaxNearFanout = 20
	// MaxNearDegree is the most current memories an entity may be about
	// and still take part in MemoriesNearEntities: an entity about more (a
	// hub, like the person a whole conversation is with) narrows nothing,
	// so it is neither a start nor a step.
	MaxNearDegree = 100
)

// RetrievalStore holds the read-only lookups search makes beyond full-text
// search: the turns a memory rests on, and the memories around the
// entities a query names.
type RetrievalStore interface {
	// EvidenceTurns returns, for each of memoryIDs that this owner has and
	// that rests on conversation turns (Memory-EVIDENCED_BY->Turn), those
	// turns ordered by conversation id, seq and id. Memories without turn
	// evidence and unknown ids are absent from the map. Only the first
	// MaxRetrievalIDs ids count.
	EvidenceTurns(ctx context.Context, owner schema.Owner, memoryIDs []string) (map[string][]schema.Turn, error)
	// MemoriesNearEntities returns current (active or disputed) memories
	// about entityIDs (Hops 0) and about entities up to maxHops entity hops
	// away (0..MaxNearHops; a hop is a RELATED edge either way or a memory
	// about both), each once at its fewest hops. At each hop it expands
	// through at most MaxNearFanout entities not yet reached, the most
	// strongly connected to the previous hop first (relations plus shared
	// memories), ties by id. Hubs (entities about more than MaxNearDegree
	// current memories) are skipped, as starts and as steps. Order: fewest
	// hops first, then most recently
	// recorded, ties by id; at most limit (bounded by MaxLookup; <= 0 is
	// schema.ErrInvalid). Merged ids read as the entity they were merged
	// into; unknown ids match nothing.
	MemoriesNearEntities(ctx context.Context, owner schema.Owner, entityIDs []string, maxHops, limit int) ([]NearMemory, error)
}

// NearMemory is a memory found around named entities.
type NearMemory struct {
	ID string `json:"id"`
	// Hops is how many entity hops separate the memory from the nearest
	// named entity: 0 when it is about one of them.
	Hops int `json:"hops"`
}
