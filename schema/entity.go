package schema

import "time"

// EntityKind classifies what an entity is.
type EntityKind string

const (
	KindPerson       EntityKind = "person"
	KindProject      EntityKind = "project"
	KindSystem       EntityKind = "system"
	KindOrganisation EntityKind = "organisation"
	KindPlace        EntityKind = "place"
	KindOther        EntityKind = "other"
)

// Entity is a person, project, system, organisation or place one owner's
// memories are about. Resolution merges mentions of the same thing ("NYC",
// "New York City") into one entity whose Aliases keep every name seen.
type Entity struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Kind      EntityKind `json:"kind"`
	Aliases   []string   `json:"aliases"`
	CreatedAt time.Time  `json:"createdAt"`
}

// Mention is an entity named in a claim, before resolution: what the
// extractor saw. Resolution turns it into an Entity id.
type Mention struct {
	Name string     `json:"name"`
	Kind EntityKind `json:"kind"`
}

// Space groups memories: filing and answering are scoped to one, or to all
// of the owner's spaces. Every owner has a personal space.
type Space struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Personal  bool      `json:"personal"`
	CreatedAt time.Time `json:"createdAt"`
}

// ConflictState is where a conflict stands.
type ConflictState string

const (
	ConflictOpen      ConflictState = "open"
	ConflictResolved  ConflictState = "resolved"  // one side kept, the other superseded
	ConflictDismissed ConflictState = "dismissed" // the person said they do not conflict
)

// Conflict records two memories that contradict each other with nothing in
// the evidence to settle which is true. Neither is retired until the person
// decides.
type Conflict struct {
	ID         string        `json:"id"`
	State      ConflictState `json:"state"`
	MemoryIDs  [2]string     `json:"memoryIds"` // older first
	Reason     string        `json:"reason"`
	CreatedAt  time.Time     `json:"createdAt"`
	ResolvedAt *time.Time    `json:"resolvedAt,omitempty"`
	KeptID     string        `json:"keptId,omitempty"`
	Note       string        `json:"note,omitempty"`
}
