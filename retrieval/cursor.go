package retrieval

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/persistmemory/persistmemory/schema"
)

// Cursor and snapshot limits.
const (
	// SnapshotTTL is how long a ranking snapshot, and so every cursor into
	// it, lives by default. Pages never extend it.
	SnapshotTTL = 5 * time.Minute
	// SnapshotCapacity is how many snapshots a CursorCodec holds by
	// default; past it the least recently used one is dropped and its
	// cursors report that they expired.
	SnapshotCapacity = 512
	// CursorKeyBytes is the length of the random key made when none is
	// configured, and the shortest key accepted.
	CursorKeyBytes = 32
	// maxCursorChars bounds a cursor's text before it is decoded.
	maxCursorChars = 1024
)

// CursorConfig configures a CursorCodec. The zero value is usable.
type CursorConfig struct {
	// Key signs cursors with HMAC-SHA256; at least CursorKeyBytes random
	// bytes. nil means CursorKeyBytes random bytes drawn at start-up:
	// cursors then die with the process (and are not understood by another
	// replica) — harmless, since the snapshots they point to are
	// in-process too.
	Key []byte
	// TTL is how long a snapshot and its cursors live; 0 means SnapshotTTL.
	TTL time.Duration
	// Capacity is how many snapshots are held; 0 means SnapshotCapacity.
	Capacity int
	// Now is the clock; nil means time.Now. Tests inject one.
	Now func() time.Time
}

// Validate names what is wrong with c.
func (c CursorConfig) Validate() error {
	if c.Key != nil && len(c.Key) < CursorKeyBytes {
		return fmt.Errorf("%w: the cursor key is %d bytes; it must be at least %d random bytes", schema.ErrInvalid, len(c.Key), CursorKeyBytes)
	}
	if c.TTL < 0 {
		return fmt.Errorf("%w: the snapshot TTL is %v; it must be positive (or 0 for %v)", schema.ErrInvalid, c.TTL, SnapshotTTL)
	}
	if c.Capacity < 0 {
		return fmt.Errorf("%w: the snapshot capacity is %d; it must be positive (or 0 for %d)", schema.ErrInvalid, c.Capacity, SnapshotCapacity)
	}
	return nil
}

// CursorCodec issues and checks pagination cursors and holds the ranking
// snapshots they point to, in an in-process LRU whose entries expire after
// the TTL.
//
// A cursor is base64url (no padding) of
//
//	version(1) | call(1) | snapshot id(16) | owner tag(16) | query tag(16) |
//	expiry, Unix ms(8) | offset(4) | [context: bitmap of items already sent] |
//	HMAC-SHA256 over all of the above(32)
//
// where the tags are HMACs of the owner id and of the query (text and
// include_history), so a cursor reveals neither. Opening one checks, in
// order: shape, MAC, version, call, owner, expiry, query, snapshot; each
// failure is a *CursorError. Safe for concurrent use.
type CursorCodec struct {
	key   []byte
	ttl   time.Duration
	now   func() time.Time
	snaps *snapshotCache
}

// NewCursorCodec validates cfg and returns a codec. Errors wrap
// schema.ErrInvalid.
func NewCursorCodec(cfg CursorConfig) (*CursorCodec, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	c := &CursorCodec{ttl: cfg.TTL, now: cfg.Now}
	if cfg.Key == nil {
		c.key = make([]byte, CursorKeyBytes)
		if _, err := rand.Read(c.key); err != nil {
			return nil, fmt.Errorf("draw a cursor key: %w", err)
		}
	} else {
		c.key = append([]byte(nil), cfg.Key...)
	}
	if c.ttl == 0 {
		c.ttl = SnapshotTTL
	}
	if c.now == nil {
		c.now = time.Now
	}
	capacity := cfg.Capacity
	if capacity == 0 {
		capacity = SnapshotCapacity
	}
	c.snaps = newSnapshotCache(capacity)
	return c, nil
}

// CursorReason says why a cursor was refused.
type CursorReason string

// The reasons a cursor is refused.
const (
	// CursorMalformed: not a cursor this server issues (bad encoding, bad
	// length, unknown version).
	CursorMalformed CursorReason = "malformed"
	// CursorTampered: the signature does not match: altered, or signed
	// with another key (another process, or before a restart).
	CursorTampered CursorReason = "tampered"
	// CursorExpired: past its expiry, or its snapshot is gone.
	CursorExpired CursorReason = "expired"
	// CursorForeign: issued to another owner.
	CursorForeign CursorReason = "foreign"
	// CursorOtherQuery: issued for a different query text or
	// include_history.
	CursorOtherQuery CursorReason = "other_query"
	// CursorOtherCall: issued by search and used with context, or the
	// other way round.
	CursorOtherCall CursorReason = "other_call"
)

var cursorSentences = map[CursorReason]string{
	CursorMalformed:  "the cursor is malformed; pass next_cursor back exactly as it was returned, or drop it to start a new search",
	CursorTampered:   "the cursor was altered or was not issued by this server (cursors do not survive a restart); run the search again without it",
	CursorExpired:    "the cursor has expired; run the search again",
	CursorForeign:    "the cursor belongs to another account; run the search again without it",
	CursorOtherQuery: "the cursor was issued for a different query; send the same query and include_history with it, or drop it to start a new search",
	CursorOtherCall:  "the cursor was issued by the other call (search or context); use it only with the call that returned it",
}

// CursorError is a refused cursor. It unwraps to schema.ErrInvalid (a 400
// over HTTP); Reason says which check failed.
type CursorError struct {
	Reason CursorReason
}

func (e *CursorError) Error() string {
	return schema.ErrInvalid.Error() + ": " + cursorSentences[e.Reason]
}

// Unwrap returns schema.ErrInvalid.
func (e *CursorError) Unwrap() error { return schema.ErrInvalid }

func cursorErr(r CursorReason) error { return &CursorError{Reason: r} }

// cursorKind says which call a cursor continues.
type cursorKind byte

const (
	cursorSearch  cursorKind = 1
	cursorContext cursorKind = 2
)

const (
	cursorVersion = 1
	tagLen        = 16
	macLen        = sha256.Size
	fixedLen      = 1 + 1 + tagLen + tagLen + tagLen + 8 + 4
)

type tag = [tagLen]byte

// cursor is a decoded, verified cursor.
type cursor struct {
	kind    cursorKind
	snap    tag
	owner   tag
	query   tag
	expires time.Time
	offset  int
	// sent marks, for context pages, the items at offset+i already sent.
	sent bitmap
}

func (c *CursorCodec) mac(parts ...[]byte) []byte {
	m := hmac.New(sha256.New, c.key)
	for _, p := range parts {
		m.Write(p)
	}
	return m.Sum(nil)
}

func (c *CursorCodec) ownerTag(owner schema.Owner) tag {
	var t tag
	copy(t[:], c.mac([]byte("persistmemory owner\x00"), []byte(owner)))
	return t
}

func (c *CursorCodec) queryTag(text string, history bool) tag {
	h := []byte{0}
	if history {
		h[0] = 1
	}
	var t tag
	copy(t[:], c.mac([]byte("persistmemory query\x00"), h, []byte(text)))
	return t
}

func (c *CursorCodec) seal(cur cursor) string {
	b := make([]byte, 0, fixedLen+len(cur.sent)+macLen)
	b = append(b, cursorVersion, byte(cur.kind))
	b = append(b, cur.snap[:]...)
	b = append(b, cur.owner[:]...)
	b = append(b, cur.query[:]...)
	b = binary.BigEndian.AppendUint64(b, uint64(cur.expires.UnixMilli()))
	b = binary.BigEndian.AppendUint32(b, uint32(cur.offset))
	b = append(b, cur.sent...)
	b = append(b, c.mac([]byte("persistmemory cursor\x00"), b)...)
	return base64.RawURLEncoding.EncodeToString(b)
}

// open verifies token for owner, call kind and query and returns it with
// the snapshot it points to.
func (c *CursorCodec) open(token string, owner schema.Owner, kind cursorKind, text string, history bool) (cursor, *snapshot, error) {
	if len(token) > maxCursorChars {
		return cursor{}, nil, cursorErr(CursorMalformed)
	}
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(b) < fixedLen+macLen {
		return cursor{}, nil, cursorErr(CursorMalformed)
	}
	body, sum := b[:len(b)-macLen], b[len(b)-macLen:]
	if !hmac.Equal(sum, c.mac([]byte("persistmemory cursor\x00"), body)) {
		return cursor{}, nil, cursorErr(CursorTampered)
	}
	if body[0] != cursorVersion {
		return cursor{}, nil, cursorErr(CursorMalformed)
	}
	cur := cursor{kind: cursorKind(body[1])}
	p := body[2:]
	p = p[copy(cur.snap[:], p):]
	p = p[copy(cur.owner[:], p):]
	p = p[copy(cur.query[:], p):]
	cur.expires = time.UnixMilli(int64(binary.BigEndian.Uint64(p)))
	cur.offset = int(binary.BigEndian.Uint32(p[8:]))
	if rest := p[12:]; len(rest) > 0 {
		cur.sent = bitmap(append([]byte(nil), rest...))
	}
	switch {
	case cur.kind != kind:
		return cursor{}, nil, cursorErr(CursorOtherCall)
	case cur.owner != c.ownerTag(owner):
		return cursor{}, nil, cursorErr(CursorForeign)
	case !c.now().Before(cur.expires):
		return cursor{}, nil, cursorErr(CursorExpired)
	case cur.query != c.queryTag(text, history):
		return cursor{}, nil, cursorErr(CursorOtherQuery)
	}
	snap := c.snaps.get(cur.snap, c.now())
	if snap == nil || snap.kind != kind || snap.owner != cur.owner || snap.query != cur.query {
		return cursor{}, nil, cursorErr(CursorExpired) // evicted, or outlived the process's memory of it
	}
	if cur.offset > len(snap.items) {
		return cursor{}, nil, cursorErr(CursorMalformed)
	}
	return cur, snap, nil
}

// next returns a cursor to offset in snap, storing snap first if it has
// not been stored yet (a first page). sent is the bitmap relative to
// offset (context pages only).
func (c *CursorCodec) next(snap *snapshot, owner schema.Owner, kind cursorKind, text string, history bool, offset int, sent bitmap) (string, error) {
	if !snap.stored {
		if _, err := rand.Read(snap.id[:]); err != nil {
			return "", fmt.Errorf("draw a snapshot id: %w", err)
		}
		snap.kind = kind
		snap.owner = c.ownerTag(owner)
		snap.query = c.queryTag(text, history)
		// Millisecond precision, the cursor's, so both expire together.
		snap.expires = time.UnixMilli(c.now().Add(c.ttl).UnixMilli())
		snap.stored = true
		c.snaps.put(snap, c.now())
	}
	return c.seal(cursor{
		kind:    kind,
		snap:    snap.id,
		owner:   snap.owner,
		query:   snap.query,
		expires: snap.expires,
		offset:  offset,
		sent:    sent.trim(),
	}), nil
}

// bitmap is a set of small non-negative integers, bit i of byte i/8.
type bitmap []byte

func (b bitmap) has(i int) bool {
	return i >= 0 && i/8 < len(b) && b[i/8]&(1<<(i%8)) != 0
}

func (b *bitmap) set(i int) {
	for len(*b) <= i/8 {
		*b = append(*b, 0)
	}
	(*b)[i/8] |= 1 << (i % 8)
}

// trim drops trailing zero bytes, so equal sets encode equally.
func (b bitmap) trim() bitmap {
	for len(b) > 0 && b[len(b)-1] == 0 {
		b = b[:len(b)-1]
	}
	return b
}
