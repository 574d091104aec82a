package tokens

import (
	"fmt"
	"sync"

	tiktokenloader "github.com/pkoukk/tiktoken-go-loader"
)

// Counter counts the tokens of a text under one encoding. Implementations
// are safe for concurrent use.
type Counter interface {
	// Count returns how many tokens text encodes to. Text that spells a
	// special token ("<|endoftext|>") is counted as ordinary text: what we
	// count is material, never control tokens. Invalid UTF-8 is counted
	// as if each bad byte were U+FFFD.
	Count(text string) int
	// Name names the encoding, e.g. "cl100k_base".
	Name() string
}

// CL100KName is the name of the cl100k_base encoding.
const CL100KName = "cl100k_base"

// cl100kFile is the ranks file's name inside the loader's embedded assets.
const cl100kFile = "cl100k_base.tiktoken"

// cl100kPattern splits text into the pieces BPE runs on: OpenAI's
// cl100k_base pattern in regexp2's syntax (as tiktoken-go spells it).
// Count splits with nextPiece, which finds the same pieces by hand; the
// tests hold it to this pattern run by github.com/dlclark/regexp2.
const cl100kPattern = `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`

// loadCL100K builds the counter once per process: parsing the 100,256
// ranks takes a noticeable fraction of a second and the result is
// immutable, so every caller shares it. It is a cache of constant data,
// not a service locator: callers still receive the Counter and pass it on.
var loadCL100K = sync.OnceValues(func() (Counter, error) {
	ranks, err := tiktokenloader.NewOfflineLoader().LoadTiktokenBpe(cl100kFile)
	if err != nil {
		return nil, fmt.Errorf("load %s ranks: %w", CL100KName, err)
	}
	return &bpeCounter{name: CL100KName, ranks: ranks, cache: newPieceCache()}, nil
})

// CL100K returns the cl100k_base counter, loading it from the ranks
// embedded in the binary on first use (no network, no files). Later calls
// return the same Counter. Safe for concurrent use.
func CL100K() (Counter, error) { return loadCL100K() }

// bpeCounter counts byte-pair-encoding tokens: the text is split into
// the pieces the encoding's pattern finds (nextPiece), and each piece is
// merged, pair of lowest rank first (leftmost on ties), as tiktoken does.
// Only the count is kept. The merge runs in O(n log n) for a piece of n
// bytes, where tiktoken-go's takes O(n²): one 240 KB run of CJK letters
// (a single piece) took it 40 s.
type bpeCounter struct {
	name  string
	ranks map[string]int
	cache *pieceCache // counts of short pieces that are not tokens
}

func (c *bpeCounter) Name() string { return c.name }

func (c *bpeCounter) Count(text string) int {
	if text == "" {
		return 0
	}
	text = validText(text) // invalid bytes become U+FFFD, as regexp2 saw them
	n := 0
	for i := 0; i < len(text); {
		j := nextPiece(text, i)
		n += c.pieceCount(text[i:j])
		i = j
	}
	return n
}

// pieceCount returns how many tokens one piece merges into.
func (c *bpeCounter) pieceCount(p string) int {
	if len(p) <= 1 {
		return len(p) // every single byte is a token
	}
	if _, ok := c.ranks[p]; ok {
		return 1
	}
	if len(p) > cacheMaxLen {
		return mergeCount(p, c.ranks)
	}
	if n, ok := c.cache.get(p); ok {
		return n
	}
	n := mergeCount(p, c.ranks)
	c.cache.put(p, n)
	return n
}
