package graphtest

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/persistmemory/persistmemory/graph"
	"github.com/persistmemory/persistmemory/schema"
)

func testIdempotency(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	const key = "req-2f1c"
	if _, ok, err := s.IdempotencyGet(ctx, owner, key); err != nil || ok {
		t.Fatalf("IdempotencyGet before any put = ok %v, %v", ok, err)
	}
	body := []byte(`{"job_id":"job_1"}`)
	rec, stored, err := s.IdempotencyPut(ctx, owner, key, "hash-a", 202, body, time.Hour)
	if err != nil || !stored {
		t.Fatalf("IdempotencyPut = stored %v, %v", stored, err)
	}
	if rec.Key != key || rec.RequestHash != "hash-a" || rec.Status != 202 || !bytes.Equal(rec.Body, body) ||
		!rec.ExpiresAt.After(rec.CreatedAt.Add(59*time.Minute)) {
		t.Errorf("stored record = %+v", rec)
	}
	got, ok, err := s.IdempotencyGet(ctx, owner, key)
	if err != nil || !ok || got.RequestHash != "hash-a" || got.Status != 202 || !bytes.Equal(got.Body, body) {
		t.Errorf("IdempotencyGet = %+v, ok %v, %v", got, ok, err)
	}
	// The key is taken: a different request gets the first record back.
	rec, stored, err = s.IdempotencyPut(ctx, owner, key, "hash-b", 201, []byte("other"), time.Hour)
	if err != nil || stored || rec.RequestHash != "hash-a" || !bytes.Equal(rec.Body, body) {
		t.Errorf("IdempotencyPut of a taken key = %+v, stored %v, %v; want the first record", rec, stored, err)
	}

	// A reservation is completed by the same request only.
	const reserved = "req-reserved"
	if _, stored, err := s.IdempotencyPut(ctx, owner, reserved, "hash-r", 0, nil, time.Hour); err != nil || !stored {
		t.Fatalf("reserve = stored %v, %v", stored, err)
	}
	if rec, stored, _ := s.IdempotencyPut(ctx, owner, reserved, "hash-x", 200, []byte("x"), time.Hour); stored || rec.Status != 0 {
		t.Errorf("another request completed the reservation: %+v", rec)
	}
	if rec, stored, err := s.IdempotencyPut(ctx, owner, reserved, "hash-r", 202, []byte("done"), time.Hour); err != nil || !stored ||
		rec.Status != 202 || string(rec.Body) != "done" {
		t.Errorf("completing the reservation = %+v, stored %v, %v", rec, stored, err)
	}
	if _, stored, _ := s.IdempotencyPut(ctx, owner, reserved, "hash-r", 500, []byte("again"), time.Hour); stored {
		t.Errorf("a completed record was replaced")
	}

	// Expired records read as missing and can be replaced, and purged.
	const short = "req-short"
	if _, _, err := s.IdempotencyPut(ctx, owner, short, "hash-s", 200, nil, 50*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if _, ok, err := s.IdempotencyGet(ctx, owner, short); err != nil || ok {
		t.Errorf("IdempotencyGet of an expired record = ok %v, %v", ok, err)
	}
	if rec, stored, err := s.IdempotencyPut(ctx, owner, short, "hash-t", 201, nil, 50*time.Millisecond); err != nil || !stored || rec.RequestHash != "hash-t" {
		t.Errorf("IdempotencyPut over an expired record = %+v, stored %v, %v", rec, stored, err)
	}
	time.Sleep(100 * time.Millisecond)
	n, err := s.SystemPurgeIdempotency(ctx, time.Now(), 1000)
	if err != nil || n < 1 {
		t.Errorf("SystemPurgeIdempotency = %d, %v; want at least the expired record", n, err)
	}
	if _, ok, _ := s.IdempotencyGet(ctx, owner, key); !ok {
		t.Errorf("SystemPurgeIdempotency removed an unexpired record")
	}

	for name, call := range map[string]func() error{
		"empty key":  func() error { _, _, err := s.IdempotencyPut(ctx, owner, "", "h", 200, nil, time.Hour); return err },
		"long key":   func() error { _, _, err := s.IdempotencyGet(ctx, owner, strings.Repeat("k", 256)); return err },
		"empty hash": func() error { _, _, err := s.IdempotencyPut(ctx, owner, "k", "", 200, nil, time.Hour); return err },
		"zero ttl":   func() error { _, _, err := s.IdempotencyPut(ctx, owner, "k", "h", 200, nil, 0); return err },
		"long ttl": func() error {
			_, _, err := s.IdempotencyPut(ctx, owner, "k", "h", 200, nil, graph.MaxIdempotencyTTL+1)
			return err
		},
		"bad status":   func() error { _, _, err := s.IdempotencyPut(ctx, owner, "k", "h", 1000, nil, time.Hour); return err },
		"purge limit0": func() error { _, err := s.SystemPurgeIdempotency(ctx, time.Now(), 0); return err },
	} {
		wantErr(t, "idempotency with "+name, call(), schema.ErrInvalid)
	}
	_, _, err = s.IdempotencyPut(ctx, owner, "k", "h", 200, make([]byte, graph.MaxIdempotencyBody+1), time.Hour)
	wantErr(t, "IdempotencyPut with a body too large", err, schema.ErrTooLarge)
}

func testIdempotencyRace(t *testing.T, s graph.Store) {
	ctx := t.Context()
	owner := newOwner()
	const n = 8
	type result struct {
		rec    graph.IdemRecord
		stored bool
		err    error
	}
	results := make([]result, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			rec, stored, err := s.IdempotencyPut(ctx, owner, "race", fmt.Sprintf("hash-%d", i), 202, []byte{byte(i)}, time.Hour)
			results[i] = result{rec, stored, err}
		})
	}
	wg.Wait()
	winners := 0
	var winner string
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("put %d: %v", i, r.err)
		}
		if r.stored {
			winners++
			winner = r.rec.RequestHash
		}
	}
	if winners != 1 {
		t.Fatalf("%d puts stored, want 1", winners)
	}
	for i, r := range results {
		if r.rec.RequestHash != winner {
			t.Errorf("put %d got %q, want the winner's record %q", i, r.rec.RequestHash, winner)
		}
	}
}

func testIdempotencyIsolation(t *testing.T, s graph.Store) {
	ctx := t.Context()
	alice, bob := newOwner(), newOwner()
	if _, _, err := s.IdempotencyPut(ctx, alice, "same-key", "alice-hash", 202, []byte("alice"), time.Hour); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.IdempotencyGet(ctx, bob, "same-key"); err != nil || ok {
		t.Errorf("bob reads alice's key: ok %v, %v", ok, err)
	}
	rec, stored, err := s.IdempotencyPut(ctx, bob, "same-key", "bob-hash", 201, []byte("bob"), time.Hour)
	if err != nil || !stored || rec.RequestHash != "bob-hash" {
		t.Errorf("bob's put of the same key = %+v, stored %v, %v; want his own record", rec, stored, err)
	}
	if got, ok, _ := s.IdempotencyGet(ctx, alice, "same-key"); !ok || got.RequestHash != "alice-hash" {
		t.Errorf("alice's record after bob's = %+v", got)
	}
}
