package schema

import "time"

// MemoryType classifies what a memory records.
type MemoryType string

const (
	TypeDecision   MemoryType = "decision"
	TypeCommitment MemoryType = "commitment"
	TypePreference MemoryType = "preference"
	TypeFact       MemoryType = "fact"
	TypeEvent      MemoryType = "event"
)

// MemoryTypes lists every valid MemoryType.
var MemoryTypes = []MemoryType{TypeDecision, TypeCommitment, TypePreference, TypeFact, TypeEvent}

// MemoryState is where a memory stands in its history.
type MemoryState string

const (
	StateActive     MemoryState = "active"
	StateSuperseded MemoryState = "superseded"
	StateDisputed   MemoryState = "disputed"
	StateRetracted  MemoryState = "retracted"
)

// Memory is one claim extracted from material, with its provenance.
type Memory struct {
	ID         string      `json:"id"`
	Type       MemoryType  `json:"type"`
	Claim      string      `json:"claim"`
	Subject    string      `json:"subject,omitempty"`
	Attribute  string      `json:"attribute,omitempty"`
	Value      string      `json:"value,omitempty"`
	Confidence float64     `json:"confidence"`
	State      MemoryState `json:"state"`
	Confirmed  bool        `json:"confirmed"`
	ValidFrom  *time.Time  `json:"valid_from,omitempty"`
	ValidTo    *time.Time  `json:"valid_to,omitempty"`
	RecordedAt time.Time   `json:"recorded_at"`
	SpaceID    string      `json:"space_id,omitempty"`
	// DocumentID is the Document the memory was extracted from
	// (Memory-EVIDENCED_BY->Document).
	DocumentID string `json:"document_id,omitempty"`
	// Excerpt is the part of the document the claim rests on.
	Excerpt string `json:"excerpt,omitempty"`
}
