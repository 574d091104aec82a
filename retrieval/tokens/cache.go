package tokens

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
)

// Most pieces are tokens themselves (one lookup in the ranks), but the
// rest ("2023", "’s", " Müller", "SUPERSEDED") are merged each time they
// appear, and merging even a short piece costs a dozen lookups and a few
// allocations. pieceCache remembers the counts of short merged pieces.
const (
	cacheMaxLen = 16      // longest piece cached, in bytes
	cacheSlots  = 1 << 12 // a power of two
)

// pieceCache maps short pieces to their token counts. It is two-way set
// associative (a piece may sit in either slot of its pair; a new piece
// takes an empty one, else evicts one), so it is bounded and needs no
// lock: slots hold immutable entries and are read and written atomically.
// Safe for concurrent use.
type pieceCache struct {
	seed  maphash.Seed
	slots [cacheSlots]atomic.Pointer[cachedPiece]
}

type cachedPiece struct {
	piece string
	count int
}

func newPieceCache() *pieceCache { return &pieceCache{seed: maphash.MakeSeed()} }

// set returns p's pair of slots, and the bit of p's hash that picks the
// slot to evict.
func (c *pieceCache) set(p string) (*[2]atomic.Pointer[cachedPiece], int) {
	h := maphash.String(c.seed, p)
	return (*[2]atomic.Pointer[cachedPiece])(c.slots[h&(cacheSlots-2):]), int(h>>63) & 1
}

// get returns p's count if it is cached.
func (c *pieceCache) get(p string) (int, bool) {
	set, _ := c.set(p)
	for i := range set {
		if e := set[i].Load(); e != nil && e.piece == p {
			return e.count, true
		}
	}
	return 0, false
}

// put caches p's count. p is copied: it is usually part of a larger text.
func (c *pieceCache) put(p string, n int) {
	set, victim := c.set(p)
	e := &cachedPiece{piece: strings.Clone(p), count: n}
	for i := range set {
		if set[i].CompareAndSwap(nil, e) {
			return
		}
	}
	set[victim].Store(e)
}
