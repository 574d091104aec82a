// Package graphtest is the conformance suite for graph.Store. Every
// implementation runs it against a real backend:
//
//	func TestStore(t *testing.T) {
//		graphtest.Run(t, func(t *testing.T) graph.Store { return store })
//	}
//
// Each subtest works under a fresh random owner, so the suite needs no empty
// database and can share one with other tests and earlier runs; it leaves
// its data behind.
package graphtest
