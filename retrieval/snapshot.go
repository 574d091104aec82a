package retrieval

import (
	"container/list"
	"sync"
	"time"
)

// snapshot is one ranking frozen for paging: every page of a cursor reads
// the same items in the same order with the same scores. Immutable once
// stored.
type snapshot struct {
	id      tag
	stored  bool
	kind    cursorKind
	owner   tag
	query   tag
	expires time.Time

	items []Item
	diag  Diagnostics
	// Context snapshots also keep each item's rendered line and its token
	// count, so later pages pack exactly what the first page measured.
	lines  []string
	costs  []int
	header int
}

// snapshotCache is an LRU of snapshots whose entries also expire. Safe for
// concurrent use.
type snapshotCache struct {
	mu       sync.Mutex
	capacity int
	order    *list.List // of *snapshot, most recently used first
	byID     map[tag]*list.Element
}

func newSnapshotCache(capacity int) *snapshotCache {
	return &snapshotCache{capacity: capacity, order: list.New(), byID: map[tag]*list.Element{}}
}

// put stores s, first dropping expired entries and then, while full, the
// least recently used.
func (c *snapshotCache) put(s *snapshot, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for e := c.order.Front(); e != nil; {
		next := e.Next()
		if !now.Before(e.Value.(*snapshot).expires) {
			c.remove(e)
		}
		e = next
	}
	for c.order.Len() >= c.capacity {
		c.remove(c.order.Back())
	}
	c.byID[s.id] = c.order.PushFront(s)
}

// get returns the live snapshot with this id, or nil.
func (c *snapshotCache) get(id tag, now time.Time) *snapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byID[id]
	if !ok {
		return nil
	}
	s := e.Value.(*snapshot)
	if !now.Before(s.expires) {
		c.remove(e)
		return nil
	}
	c.order.MoveToFront(e)
	return s
}

func (c *snapshotCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

func (c *snapshotCache) remove(e *list.Element) {
	delete(c.byID, e.Value.(*snapshot).id)
	c.order.Remove(e)
}
