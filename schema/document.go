package schema

import "time"

// Limits on material handed to remember. Reported by the API.
const (
	// MaxRememberBytes is the largest text remember accepts, in bytes of UTF-8.
	MaxRememberBytes = 256 * 1024
	// MaxRequestBytes is the largest HTTP request body the API reads.
	MaxRequestBytes = 1 << 20
)

// Document is raw material as it was received, before extraction. It is
// written together with its Job before anything is queued, so accepted
// material is never lost.
type Document struct {
	ID          string    `json:"id"`
	Text        string    `json:"text"`
	SpaceID     string    `json:"spaceId,omitempty"`
	Source      string    `json:"source,omitempty"`
	ContentHash string    `json:"contentHash"`
	CreatedAt   time.Time `json:"createdAt"`
	// SaidAt is when the material was said or written; relative time
	// expressions ("yesterday", "next Friday") resolve against it. Zero
	// means CreatedAt.
	SaidAt time.Time `json:"saidAt"`
	// ConversationID is set for material appended to a conversation.
	ConversationID string `json:"conversationId,omitempty"`
	// ContributedBy is the person who sent the material into a Space
	// shared with them, when that is not the owner (graph.SharingStore).
	ContributedBy Owner `json:"contributedBy,omitempty"`
}

// Turn is one message of a conversation, kept raw and searchable.
type Turn struct {
	ID             string    `json:"id"`
	ConversationID string    `json:"conversationId"`
	Seq            int       `json:"seq"`
	Author         string    `json:"author"`
	Text           string    `json:"text"`
	SaidAt         time.Time `json:"saidAt"`
	// SourceID is the caller's own id for the message (e.g. "D1:3").
	SourceID string `json:"sourceId,omitempty"`
}

// JobState is where a job stands: queued -> extracting -> completed | failed.
type JobState string

const (
	JobQueued     JobState = "queued"
	JobExtracting JobState = "extracting"
	JobCompleted  JobState = "completed"
	JobFailed     JobState = "failed"
)

// Job tracks the processing of one Document.
type Job struct {
	ID         string   `json:"id"`
	DocumentID string   `json:"documentId"`
	State      JobState `json:"state"`
	Error      string   `json:"error,omitempty"`
	Attempts   int      `json:"attempts"`
	MemoryIDs  []string `json:"memoryIds"`
	// Redacted names the kinds of secret removed from the material before
	// it was stored ("github token", "password"); never the values.
	Redacted []string `json:"redacted,omitempty"`
	// Published is true once the job's message has been handed to the queue
	// (the outbox flag).
	Published bool      `json:"-"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// JobRef names a job and its owner; the queue carries these.
type JobRef struct {
	Owner Owner  `json:"owner"`
	JobID string `json:"jobId"`
}
