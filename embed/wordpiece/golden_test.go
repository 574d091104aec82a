package wordpiece

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/internal/testenv"
)

// golden is what testdata/gen_golden.py writes: ids computed by the
// HuggingFace tokenizers package.
type golden struct {
	TokenizersVersion string `json:"tokenizers_version"`
	TokenizerSHA256   string `json:"tokenizer_sha256"`
	Cases             []struct {
		Name   string   `json:"name"`
		Text   string   `json:"text"`
		MaxLen int      `json:"max_len"`
		IDs    []int64  `json:"ids"`
		Tokens []string `json:"tokens"`
	} `json:"cases"`
}

func readGolden(t *testing.T, path string) golden {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(g.Cases) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return g
}

// modelDir is where the e5-small-v2 files are: $PERSISTMEMORY_MODEL_DIR
// or the cache the model fetcher fills.
func modelDir(t *testing.T) string {
	if d := os.Getenv("PERSISTMEMORY_MODEL_DIR"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		testenv.Unavailable(t, "no home directory and PERSISTMEMORY_MODEL_DIR unset: %v", err)
	}
	return filepath.Join(home, ".cache", "persistmemory", "models", "e5-small-v2-q")
}

func checkGolden(t *testing.T, tokenizerPath, goldenPath string) {
	data, err := os.ReadFile(tokenizerPath)
	if errors.Is(err, fs.ErrNotExist) {
		testenv.Unavailable(t, "%s missing (set PERSISTMEMORY_MODEL_DIR)", tokenizerPath)
	}
	if err != nil {
		t.Fatal(err)
	}
	g := readGolden(t, goldenPath)
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != g.TokenizerSHA256 {
		t.Fatalf("%s has sha256 %s but %s was generated from %s; regenerate with testdata/gen_golden.py",
			tokenizerPath, got, goldenPath, g.TokenizerSHA256)
	}
	tok, err := Load(tokenizerPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range g.Cases {
		t.Run(c.Name, func(t *testing.T) {
			got := tok.Encode(c.Text, c.MaxLen)
			if diff := cmp.Diff(c.IDs, got); diff != "" {
				t.Errorf("Encode(%q, %d) ids mismatch (-tokenizers +ours):\n%s\ntokens: want %q\n         got %q",
					c.Text, c.MaxLen, diff, c.Tokens, tokens(tok, got))
			}
		})
	}
}

func tokens(tok *Tokenizer, ids []int64) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i], _ = tok.Token(id)
	}
	return out
}

// TestGoldenE5 compares against the real e5-small-v2 vocabulary (the uncased
// BERT vocabulary all-MiniLM-L6-v2 shares)
// (uncased: lowercase, accents stripped, CJK split).
func TestGoldenE5(t *testing.T) {
	checkGolden(t, filepath.Join(modelDir(t), "tokenizer.json"), "testdata/e5.golden.json")
}

// TestGoldenTinyCased covers the other configuration branches (no
// lowercasing, no accent stripping, no CJK split, BertProcessing) with a
// small vocabulary generated and committed by gen_golden.py.
func TestGoldenTinyCased(t *testing.T) {
	checkGolden(t, "testdata/tiny-cased.json", "testdata/tiny-cased.golden.json")
}
