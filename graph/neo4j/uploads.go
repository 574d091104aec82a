package neo4j

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// Uploads: (:Upload {owner, id, token_hash, space_id, filename,
// content_type, created_at, expires_at, received_at, declared_size, size,
// sha256, content, refused, claimed_at, job_id, attached_at}). The content
// is a byte array of at most graph.MaxUploadBytes.
//
// Receiving and claiming read-modify-write one node: each first takes the
// node's write lock (SET u._lock) and only then reads the state it checks,
// so of two racing requests the second sees what the first committed.

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && (r < 'a' || r > 'f') {
			return false
		}
	}
	return true
}

func uploadFrom(m map[string]any) graph.Upload {
	content, _ := m["content"].([]byte)
	u := graph.Upload{
		ID: str(m, "id"), SpaceID: str(m, "space_id"), Filename: str(m, "filename"), ContentType: str(m, "content_type"),
		TokenHash: str(m, "token_hash"), CreatedAt: timeOf(m, "created_at"), ExpiresAt: timeOf(m, "expires_at"),
		ReceivedAt: timePtr(m, "received_at"), DeclaredSize: int64(integer(m, "declared_size")), Size: int64(integer(m, "size")),
		SHA256: str(m, "sha256"), Refused: str(m, "refused"), Content: content,
		JobID: str(m, "job_id"), AttachedAt: timePtr(m, "attached_at"),
	}
	return u
}

// CreateUpload records an issued upload.
func (s *Store) CreateUpload(ctx context.Context, owner schema.Owner, u graph.Upload) error {
	const op = "create upload"
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := checkID("upload", u.ID); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if u.CreatedAt.IsZero() {
		u.CreatedAt = now()
	}
	switch {
	case !isHex64(u.TokenHash):
		return fmt.Errorf("%s: %w: token hash is not 64 lowercase hex digits", op, schema.ErrInvalid)
	case !u.ExpiresAt.After(u.CreatedAt):
		return fmt.Errorf("%s: %w: expiry %v is not after creation %v", op, schema.ErrInvalid, u.ExpiresAt, u.CreatedAt)
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, `
OPTIONAL MATCH (x:Upload) WHERE x.id = $id OR x.token_hash = $token_hash
WITH count(x) AS taken
FOREACH (_ IN CASE WHEN taken = 0 THEN [1] ELSE [] END |
  CREATE (:Upload {owner: $owner, id: $id, token_hash: $token_hash, space_id: $space_id, filename: $filename,
    content_type: $content_type, created_at: $created_at, expires_at: $expires_at}))
RETURN taken`, map[string]any{
			"owner": string(owner), "id": u.ID, "token_hash": u.TokenHash, "space_id": nullable(u.SpaceID),
			"filename": u.Filename, "content_type": nullable(u.ContentType),
			"created_at": utc(u.CreatedAt), "expires_at": utc(u.ExpiresAt),
		})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 || integer(recs[0].AsMap(), "taken") > 0 {
			return struct{}{}, fmt.Errorf("%w: upload id %s or its token is already in use", schema.ErrConflict, u.ID)
		}
		return struct{}{}, nil
	})
	return translate(op, err)
}

const receiveUploadCypher = `
MATCH (u:Upload {token_hash: $token_hash})
SET u._lock = true
REMOVE u._lock
WITH u, u.received_at IS NOT NULL AS used, u.expires_at <= $now AS expired
FOREACH (_ IN CASE WHEN NOT used AND NOT expired THEN [1] ELSE [] END |
  SET u.received_at = $now, u.declared_size = $declared_size, u.size = $size, u.sha256 = $sha256,
      u.content = $content, u.refused = $refused)
RETURN u {.*, content: null} AS u, used, expired`

// SystemReceiveUpload records what arrived at a URL, once.
func (s *Store) SystemReceiveUpload(ctx context.Context, tokenHash string, r graph.UploadReceipt) (graph.Upload, error) {
	const op = "receive upload"
	if !isHex64(tokenHash) {
		return graph.Upload{}, fmt.Errorf("%s: %w: no upload has that token", op, schema.ErrNotFound)
	}
	if len(r.Content) > graph.MaxUploadBytes {
		return graph.Upload{}, fmt.Errorf("%s: %w: %d bytes exceed the limit of %d", op, schema.ErrTooLarge, len(r.Content), graph.MaxUploadBytes)
	}
	if r.DeclaredSize < 0 {
		return graph.Upload{}, fmt.Errorf("%s: %w: declared size %d", op, schema.ErrInvalid, r.DeclaredSize)
	}
	content := r.Content
	if content == nil {
		content = []byte{}
	}
	sum := sha256.Sum256(content)
	t := now()
	u, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (graph.Upload, error) {
		recs, err := collect(ctx, tx, receiveUploadCypher, map[string]any{
			"token_hash": tokenHash, "now": t, "declared_size": r.DeclaredSize, "size": int64(len(content)),
			"sha256": hex.EncodeToString(sum[:]), "content": content, "refused": nullable(r.Refused),
		})
		if err != nil {
			return graph.Upload{}, err
		}
		if len(recs) == 0 {
			return graph.Upload{}, fmt.Errorf("%w: no upload has that token", schema.ErrNotFound)
		}
		row := recs[0].AsMap()
		m, err := asMap(row["u"], "u")
		if err != nil {
			return graph.Upload{}, err
		}
		up := uploadFrom(m)
		switch {
		case boolean(row, "used"):
			return up, fmt.Errorf("%w: the upload URL was already used at %s; it is single-use", schema.ErrConflict, up.ReceivedAt.Format(time.RFC3339))
		case boolean(row, "expired"):
			return up, fmt.Errorf("%w: the upload URL expired at %s", schema.ErrNotFound, up.ExpiresAt.Format(time.RFC3339))
		}
		return up, nil
	})
	if err != nil {
		return u, translate(op, err)
	}
	return u, nil
}

// Upload reads one upload with its content.
func (s *Store) Upload(ctx context.Context, owner schema.Owner, id string) (graph.Upload, error) {
	const op = "read upload"
	if err := owner.Validate(); err != nil {
		return graph.Upload{}, fmt.Errorf("%s: %w", op, err)
	}
	if err := checkID("upload", id); err != nil {
		return graph.Upload{}, fmt.Errorf("%s: %w", op, err)
	}
	u, err := read(ctx, s, func(tx neo4j.ManagedTransaction) (graph.Upload, error) {
		recs, err := collect(ctx, tx, `MATCH (u:Upload {owner: $owner, id: $id}) RETURN u {.*} AS u`,
			map[string]any{"owner": string(owner), "id": id})
		if err != nil {
			return graph.Upload{}, err
		}
		if len(recs) == 0 {
			return graph.Upload{}, fmt.Errorf("%w: upload %s", schema.ErrNotFound, id)
		}
		m, err := asMap(recs[0].AsMap()["u"], "u")
		if err != nil {
			return graph.Upload{}, err
		}
		return uploadFrom(m), nil
	})
	if err != nil {
		return graph.Upload{}, translate(op, err)
	}
	return u, nil
}

const claimUploadCypher = `
MATCH (u:Upload {owner: $owner, id: $id})
SET u._lock = true
REMOVE u._lock
WITH u, u.received_at IS NULL AS empty, u.job_id IS NOT NULL AS attached,
  u.claimed_at IS NOT NULL AND u.claimed_at > $stale AS claimed
FOREACH (_ IN CASE WHEN NOT empty AND NOT attached AND NOT claimed THEN [1] ELSE [] END |
  SET u.claimed_at = $now)
RETURN empty, attached, claimed, u.job_id AS job_id`

// ClaimUpload marks a received upload as being attached.
func (s *Store) ClaimUpload(ctx context.Context, owner schema.Owner, id string) error {
	const op = "claim upload"
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := checkID("upload", id); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	t := now()
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, claimUploadCypher, map[string]any{
			"owner": string(owner), "id": id, "now": t, "stale": t.Add(-graph.UploadClaimTTL)})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 {
			return struct{}{}, fmt.Errorf("%w: upload %s", schema.ErrNotFound, id)
		}
		row := recs[0].AsMap()
		switch {
		case boolean(row, "empty"):
			return struct{}{}, fmt.Errorf("%w: nothing has arrived for upload %s", schema.ErrInvalid, id)
		case boolean(row, "attached"):
			return struct{}{}, fmt.Errorf("%w: upload %s was already handed to job %s", schema.ErrConflict, id, str(row, "job_id"))
		case boolean(row, "claimed"):
			return struct{}{}, fmt.Errorf("%w: upload %s is being attached by another call", schema.ErrConflict, id)
		}
		return struct{}{}, nil
	})
	return translate(op, err)
}

// FinishUpload records the job an upload was handed to, or releases the
// claim.
func (s *Store) FinishUpload(ctx context.Context, owner schema.Owner, id, jobID string) error {
	const op = "finish upload"
	if err := owner.Validate(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := checkID("upload", id); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err := write(ctx, s, func(tx neo4j.ManagedTransaction) (struct{}, error) {
		recs, err := collect(ctx, tx, `
MATCH (u:Upload {owner: $owner, id: $id})
FOREACH (_ IN CASE WHEN $job_id IS NULL THEN [1] ELSE [] END | REMOVE u.claimed_at)
FOREACH (_ IN CASE WHEN $job_id IS NOT NULL AND u.job_id IS NULL THEN [1] ELSE [] END |
  SET u.job_id = $job_id, u.attached_at = $now)
RETURN u.job_id AS job_id`, map[string]any{"owner": string(owner), "id": id, "job_id": nullable(jobID), "now": now()})
		if err != nil {
			return struct{}{}, err
		}
		if len(recs) == 0 {
			return struct{}{}, fmt.Errorf("%w: upload %s", schema.ErrNotFound, id)
		}
		if got := str(recs[0].AsMap(), "job_id"); jobID != "" && got != jobID {
			return struct{}{}, fmt.Errorf("%w: upload %s was already handed to job %s", schema.ErrConflict, id, got)
		}
		return struct{}{}, nil
	})
	return translate(op, err)
}
