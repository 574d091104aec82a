package conflicts

import "sync"

// memo remembers the results of a pure function of a text, in two
// generations of at most keyMemoSize each: when the current one is full it
// becomes the old one (the one before is dropped) and a new one starts; a
// text found in the old generation moves back to the current one. So the
// texts in use stay remembered however many others pass, while the memo
// holds at most 2 × keyMemoSize results. The worker compares each new claim
// with several stored ones, and each stored one with every new claim of a
// batch (and a long document's claims with each other), so the rules read
// the same texts many times. Results are shared: callers only read them.
// Safe for concurrent use; the zero value is ready.
type memo[V any] struct {
	mu       sync.Mutex
	cur, old map[string]V
}

// get returns the result remembered for k, or computes it with f and
// remembers it.
func (c *memo[V]) get(k string, f func() V) V {
	c.mu.Lock()
	v, ok := c.cur[k]
	if !ok {
		if v, ok = c.old[k]; ok {
			c.put(k, v)
		}
	}
	c.mu.Unlock()
	if ok {
		return v
	}
	v = f()
	c.mu.Lock()
	c.put(k, v)
	c.mu.Unlock()
	return v
}

// put remembers v for k in the current generation; c.mu is held.
func (c *memo[V]) put(k string, v V) {
	if c.cur == nil || len(c.cur) >= keyMemoSize {
		c.old, c.cur = c.cur, make(map[string]V, keyMemoSize)
	}
	c.cur[k] = v
}
