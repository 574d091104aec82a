package graph

import (
	"context"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// MaxUploadBytes is the largest file an upload URL accepts: what remember
// accepts, because the file is handed to the same pipeline.
const MaxUploadBytes = schema.MaxRememberBytes

// UploadClaimTTL is how long a claim on an upload (ClaimUpload) holds when
// it is never finished: past it the upload can be claimed again, so a
// process that died mid-attach does not strand the file.
const UploadClaimTTL = 5 * time.Minute

// Upload is a file handed in through a one-time upload URL: issued by
// request_upload_url, received by the URL's PUT, handed to the pipeline by
// attach_upload.
type Upload struct {
	ID          string `json:"id"`
	SpaceID     string `json:"spaceId,omitempty"`
	Filename    string `json:"filename"`
	ContentType string `json:"contentType,omitempty"`
	// TokenHash is the SHA-256 (lowercase hex) of the URL's secret; the
	// secret itself is never stored.
	TokenHash string    `json:"-"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`

	// ReceivedAt is when the transfer ended; nil while nothing arrived.
	ReceivedAt *time.Time `json:"receivedAt,omitempty"`
	// DeclaredSize is the length the transfer announced, Size what
	// arrived and SHA256 (lowercase hex) the hash of what arrived.
	DeclaredSize int64  `json:"declaredSize"`
	Size         int64  `json:"size"`
	SHA256       string `json:"sha256,omitempty"`
	// Refused says why the transfer was refused when it arrived (too large,
	// truncated), in words; what arrived of a refused transfer may be kept.
	Refused string `json:"refused,omitempty"`
	// Content is what arrived; only Upload returns it.
	Content []byte `json:"-"`

	// JobID is the job the upload was handed to; AttachedAt when.
	JobID      string     `json:"jobId,omitempty"`
	AttachedAt *time.Time `json:"attachedAt,omitempty"`
}

// UploadReceipt is what arrived at an upload URL.
type UploadReceipt struct {
	DeclaredSize int64
	Content      []byte
	// Refused is set when the transfer was refused (Content may then hold
	// what arrived of it).
	Refused string
}

// UploadStore keeps uploads per owner. An upload URL is single-use and
// expires; an upload is attached once.
type UploadStore interface {
	// CreateUpload records an issued upload with nothing received: u.ID
	// (an id another upload holds, of any owner, is schema.ErrConflict),
	// u.TokenHash (64 hex digits), u.CreatedAt (zero: now) and u.ExpiresAt
	// after it; else schema.ErrInvalid.
	CreateUpload(ctx context.Context, owner schema.Owner, u Upload) error
	// SystemReceiveUpload records what arrived at the URL whose secret
	// hashes to tokenHash, once, and returns the upload (without content).
	// It crosses owners: the URL's secret is the credential. No upload
	// with that hash, or one whose URL has expired, is schema.ErrNotFound;
	// a URL already used is schema.ErrConflict; content over
	// MaxUploadBytes is schema.ErrTooLarge.
	SystemReceiveUpload(ctx context.Context, tokenHash string, r UploadReceipt) (Upload, error)
	// Upload reads one upload with its content, re-read from the store.
	Upload(ctx context.Context, owner schema.Owner, id string) (Upload, error)
	// ClaimUpload marks a received upload as being handed to the pipeline,
	// so two attaches cannot both hand it in. An upload already attached,
	// or claimed less than UploadClaimTTL ago, is schema.ErrConflict;
	// one that has received nothing schema.ErrInvalid.
	ClaimUpload(ctx context.Context, owner schema.Owner, id string) error
	// FinishUpload ends a claim: with a job id it records that the upload
	// was handed to that job (for good); with "" it releases the claim, so
	// the upload can be attached again.
	FinishUpload(ctx context.Context, owner schema.Owner, id, jobID string) error
}
