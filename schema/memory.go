package schema

import (
	"math"
	"time"
)

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

// ConfidenceDecimals is how many decimal places a memory's confidence
// keeps: the steps that make it (0.55 + 0.05, or 1 - 0.3 × 0.3) are stored
// and shown as 0.6 and 0.91, not 0.6000000000000001 and 0.9099999999999999.
const ConfidenceDecimals = 4

// RoundConfidence rounds c to ConfidenceDecimals decimal places.
func RoundConfidence(c float64) float64 {
	return math.Round(c*1e4) / 1e4
}

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
	ValidFrom  *time.Time  `json:"validFrom,omitempty"`
	ValidTo    *time.Time  `json:"validTo,omitempty"`
	RecordedAt time.Time   `json:"recordedAt"`
	SpaceID    string      `json:"spaceId,omitempty"`
	// DocumentID is the Document the memory was extracted from
	// (Memory-EVIDENCED_BY->Document).
	DocumentID string `json:"documentId,omitempty"`
	// Excerpt is the part of the document the claim rests on.
	Excerpt string `json:"excerpt,omitempty"`
	// Entities named in the claim: mentions from extraction, resolved
	// entities (with ids) once written.
	Entities []Mention `json:"entities,omitempty"`
	// EntityIDs are the resolved entities (Memory-ABOUT->Entity).
	EntityIDs []string `json:"entityIds,omitempty"`
	// Correction marks a claim worded as a correction of an earlier one
	// ("actually", "no, it's", "not any more", "we moved off"): it may
	// supersede rather than conflict.
	Correction bool `json:"correction,omitempty"`
	// Negated marks a claim that denies its attribute/value ("I don't like
	// X", "we no longer use Y").
	Negated bool `json:"negated,omitempty"`
	// SupersedesID is the memory this one replaced, if any.
	SupersedesID string `json:"supersedesId,omitempty"`
	// SaidAt is when the material was said or written (the message's
	// timestamp); temporal expressions are resolved against it.
	SaidAt *time.Time `json:"saidAt,omitempty"`
}
