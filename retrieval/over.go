package retrieval

import "github.com/persistmemory/persistmemory/graph"

// Over returns a Searcher that answers from g — typically a
// graph.SpaceView confining a search to some Spaces — and shares
// everything else with s: vectors, embedder, logger, token counter, budget
// and cursor codec. Its cursors are understood by s and the other way
// round; a caller that must keep them apart tags them (as api and mcp do
// with the Spaces a search was confined to).
func (s *Searcher) Over(g graph.Store) *Searcher {
	return &Searcher{
		Graph:   g,
		Vectors: s.Vectors,
		// Turns are read through g, which drops those it does not show.
		TurnVectors:        s.TurnVectors,
		TurnContextVectors: s.TurnContextVectors,
		Embedder:           s.Embedder,
		Logger:             s.Logger,
		Counter:            s.Counter,
		Budget:             s.Budget,
		Cursors:            s.cursors(),
		Off:                s.Off,
	}
}
