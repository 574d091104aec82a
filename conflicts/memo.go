package conflicts

import "sync"

// memo remembers the results of a pure function of a text, at most
// keyMemoSize of them: when full it starts again empty. The worker
// compares each new claim with several stored ones, and each stored one
// with every new claim of a batch, so the rules read the same texts many
// times. Results are shared: callers only read them. Safe for concurrent
// use; the zero value is ready.
type memo[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

// get returns the result remembered for k, or computes it with f and
// remembers it.
func (c *memo[V]) get(k string, f func() V) V {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = f()
	c.mu.Lock()
	if c.m == nil || len(c.m) >= keyMemoSize {
		c.m = make(map[string]V, keyMemoSize)
	}
	c.m[k] = v
	c.mu.Unlock()
	return v
}
