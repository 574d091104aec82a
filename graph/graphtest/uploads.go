package graphtest

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

// newUpload returns an issued upload with a fresh id and token hash,
// expiring in ttl.
func newUpload(ttl time.Duration) graph.Upload {
	var b [32]byte
	_, _ = rand.Read(b[:])
	sum := sha256.Sum256(b[:])
	now := time.Now().UTC()
	return graph.Upload{ID: schema.NewID("upl_"), Filename: "notes.txt", ContentType: "text/plain", SpaceID: "spc_x",
		TokenHash: hex.EncodeToString(sum[:]), CreatedAt: now, ExpiresAt: now.Add(ttl)}
}

func testUploads(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	u := newUpload(10 * time.Minute)
	if err := s.CreateUpload(ctx, owner, u); err != nil {
		t.Fatalf("CreateUpload: %v", err)
	}
	wantErr(t, "CreateUpload of a taken id", s.CreateUpload(ctx, newOwner(), u), schema.ErrConflict)

	got, err := s.Upload(ctx, owner, u.ID)
	if err != nil || got.ReceivedAt != nil || got.Filename != "notes.txt" || got.ContentType != "text/plain" || got.SpaceID != "spc_x" ||
		got.TokenHash != u.TokenHash || !got.ExpiresAt.Equal(u.ExpiresAt.Truncate(time.Microsecond)) && !got.ExpiresAt.Equal(u.ExpiresAt) {
		t.Fatalf("Upload before anything arrived = %+v, %v", got, err)
	}
	wantErr(t, "ClaimUpload before anything arrived", s.ClaimUpload(ctx, owner, u.ID), schema.ErrInvalid)

	content := []byte("the launch moved to May\n")
	rec, err := s.SystemReceiveUpload(ctx, u.TokenHash, graph.UploadReceipt{DeclaredSize: int64(len(content)), Content: content})
	if err != nil || rec.ID != u.ID || rec.ReceivedAt == nil || rec.Size != int64(len(content)) || rec.Content != nil {
		t.Fatalf("SystemReceiveUpload = %+v, %v", rec, err)
	}
	// Single-use.
	_, err = s.SystemReceiveUpload(ctx, u.TokenHash, graph.UploadReceipt{DeclaredSize: 1, Content: []byte("x")})
	wantErr(t, "SystemReceiveUpload twice", err, schema.ErrConflict)

	got, err = s.Upload(ctx, owner, u.ID)
	sum := sha256.Sum256(content)
	if err != nil || !bytes.Equal(got.Content, content) || got.DeclaredSize != int64(len(content)) || got.Size != int64(len(content)) ||
		got.SHA256 != hex.EncodeToString(sum[:]) || got.Refused != "" || got.ReceivedAt == nil {
		t.Fatalf("Upload after it arrived = %+v, %v", got, err)
	}

	// Attached once.
	if err := s.ClaimUpload(ctx, owner, u.ID); err != nil {
		t.Fatalf("ClaimUpload: %v", err)
	}
	wantErr(t, "ClaimUpload while claimed", s.ClaimUpload(ctx, owner, u.ID), schema.ErrConflict)
	if err := s.FinishUpload(ctx, owner, u.ID, ""); err != nil {
		t.Fatalf("FinishUpload releasing: %v", err)
	}
	if err := s.ClaimUpload(ctx, owner, u.ID); err != nil {
		t.Fatalf("ClaimUpload after a release: %v", err)
	}
	if err := s.FinishUpload(ctx, owner, u.ID, "job_1"); err != nil {
		t.Fatalf("FinishUpload: %v", err)
	}
	wantErr(t, "ClaimUpload after attaching", s.ClaimUpload(ctx, owner, u.ID), schema.ErrConflict)
	wantErr(t, "FinishUpload with another job", s.FinishUpload(ctx, owner, u.ID, "job_2"), schema.ErrConflict)
	if got, _ := s.Upload(ctx, owner, u.ID); got.JobID != "job_1" || got.AttachedAt == nil {
		t.Errorf("attached upload = %+v", got)
	}

	// A refused transfer is kept with its reason.
	r := newUpload(time.Minute)
	if err := s.CreateUpload(ctx, owner, r); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SystemReceiveUpload(ctx, r.TokenHash, graph.UploadReceipt{DeclaredSize: 100, Content: []byte("part"), Refused: "truncated"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Upload(ctx, owner, r.ID); got.Refused != "truncated" || got.DeclaredSize != 100 || got.Size != 4 {
		t.Errorf("refused upload = %+v", got)
	}

	// Expired URLs take nothing.
	e := newUpload(50 * time.Millisecond)
	if err := s.CreateUpload(ctx, owner, e); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	_, err = s.SystemReceiveUpload(ctx, e.TokenHash, graph.UploadReceipt{DeclaredSize: 1, Content: []byte("x")})
	wantErr(t, "SystemReceiveUpload after expiry", err, schema.ErrNotFound)
	if got, _ := s.Upload(ctx, owner, e.ID); got.ReceivedAt != nil {
		t.Errorf("an expired URL received: %+v", got)
	}

	// Unknown tokens, limits and invalid input.
	_, err = s.SystemReceiveUpload(ctx, newUpload(time.Minute).TokenHash, graph.UploadReceipt{})
	wantErr(t, "SystemReceiveUpload of an unknown token", err, schema.ErrNotFound)
	_, err = s.SystemReceiveUpload(ctx, "not-a-hash", graph.UploadReceipt{})
	wantErr(t, "SystemReceiveUpload of a malformed token", err, schema.ErrNotFound)
	big := newUpload(time.Minute)
	if err := s.CreateUpload(ctx, owner, big); err != nil {
		t.Fatal(err)
	}
	_, err = s.SystemReceiveUpload(ctx, big.TokenHash, graph.UploadReceipt{DeclaredSize: graph.MaxUploadBytes + 1, Content: make([]byte, graph.MaxUploadBytes+1)})
	wantErr(t, "SystemReceiveUpload over the limit", err, schema.ErrTooLarge)
	bad := newUpload(time.Minute)
	bad.TokenHash = "abc"
	wantErr(t, "CreateUpload with a malformed hash", s.CreateUpload(ctx, owner, bad), schema.ErrInvalid)
	bad = newUpload(time.Minute)
	bad.ExpiresAt = bad.CreatedAt.Add(-time.Second)
	wantErr(t, "CreateUpload expiring before creation", s.CreateUpload(ctx, owner, bad), schema.ErrInvalid)
	bad = newUpload(time.Minute)
	bad.ID = ""
	wantErr(t, "CreateUpload without an id", s.CreateUpload(ctx, owner, bad), schema.ErrInvalid)
	_, err = s.Upload(ctx, "bad owner", u.ID)
	wantErr(t, "Upload of a malformed owner", err, schema.ErrInvalid)
}

func testUploadIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	u := newUpload(time.Minute)
	if err := s.CreateUpload(ctx, alice, u); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SystemReceiveUpload(ctx, u.TokenHash, graph.UploadReceipt{DeclaredSize: 3, Content: []byte("abc")}); err != nil {
		t.Fatal(err)
	}
	_, err := s.Upload(ctx, bob, u.ID)
	wantErr(t, "bob reads alice's upload", err, schema.ErrNotFound)
	wantErr(t, "bob claims alice's upload", s.ClaimUpload(ctx, bob, u.ID), schema.ErrNotFound)
	wantErr(t, "bob finishes alice's upload", s.FinishUpload(ctx, bob, u.ID, "job_b"), schema.ErrNotFound)
	if got, err := s.Upload(ctx, alice, u.ID); err != nil || got.JobID != "" || string(got.Content) != "abc" {
		t.Errorf("alice's upload after bob's attempts = %+v, %v", got, err)
	}
}

// testUploadRace: of racing receipts at one URL exactly one lands, and of
// racing claims exactly one wins.
func testUploadRace(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	u := newUpload(time.Minute)
	if err := s.CreateUpload(ctx, owner, u); err != nil {
		t.Fatal(err)
	}
	const n = 6
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			_, errs[i] = s.SystemReceiveUpload(ctx, u.TokenHash, graph.UploadReceipt{DeclaredSize: 1, Content: []byte{byte('a' + i)}})
		})
	}
	wg.Wait()
	landed := 0
	for _, err := range errs {
		if err == nil {
			landed++
		} else {
			wantErr(t, "a losing receipt", err, schema.ErrConflict)
		}
	}
	if landed != 1 {
		t.Fatalf("%d receipts landed at a single-use URL, want 1", landed)
	}
	for i := range n {
		wg.Go(func() { errs[i] = s.ClaimUpload(ctx, owner, u.ID) })
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
		}
	}
	if won != 1 {
		t.Errorf("%d claims won, want 1", won)
	}
}
