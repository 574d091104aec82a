package tokens

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktokenloader "github.com/pkoukk/tiktoken-go-loader"
	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// The expected counts were computed independently with OpenAI's tiktoken
// 0.14.0 for Python (its Rust encoder and its own, newer spelling of the
// split pattern), get_encoding("cl100k_base").encode_ordinary(text), fed
// the very ranks file embedded here (TIKTOKEN_CACHE_DIR pointed at a copy,
// so nothing was downloaded). The same comparison over 3,647 further
// strings (random words, ASCII noise, random code points from the whole
// assigned Unicode range, and long single pieces) found no difference.
func TestCL100KCounts(t *testing.T) {
	c, err := CL100K()
	if err != nil {
		t.Fatal(err)
	}
	if c.Name() != "cl100k_base" {
		t.Errorf("Name() = %q, want cl100k_base", c.Name())
	}
	tests := []struct {
		text string
		want int
	}{
		// Published examples (OpenAI cookbook, tiktoken README).
		{"hello world", 2},
		{"tiktoken is great!", 6},
		{"", 0},
		{" ", 1},
		{"\n", 1},
		{"Hello, World!", 4},
		{"We chose Postgres over MySQL on 2023-05-08.", 15},
		{"I'm sure they'll say we've done it, and you'd agree it's fine.", 19},
		{"I'M SURE THEY'LL", 7},
		{"12345678901234567890", 7},
		{"3.14159 2,500,000 1e-9", 15},
		{"  leading and trailing spaces   ", 6},
		{"tabs\tand\nnewlines\r\n\r\nend\n\n", 8},
		{"日本語のテキストです。東京へ行きました。", 19},
		{"Ünïcödé façade naïve café Straße", 14},
		{"emoji 😀🎉👍🏽 family 👨\u200d👩\u200d👧\u200d👦", 29},
		{"<|endoftext|> is a special token", 11},
		{"mixed<|fim_prefix|>x", 9},
		{"https://example.com/path?q=1&r=2#frag", 13},
		{"def f(x):\n    return x**2  # square\n", 13},
		{"[mem_0123456789abcdef0123] 2023-05-08 · decision · \"We chose Weaviate\" (from doc_ab12, source: slack)\n", 38},
		{"Привет, мир! Как дела?", 12},
		{"مرحبا بالعالم", 10},
		{"नमस्ते दुनिया", 13},
		{"한국어 문장입니다", 7},
		{"\u00a0non\u00a0breaking\u2003em\u2028line\u2029para\u0085nel", 16},
		{strings.Repeat("a", 300), 38},
		{strings.Repeat(" ", 50) + "x", 2},
		{"x" + strings.Repeat(" ", 50), 2},
		{"!!!???...,,,;;;", 5},
		{"'s's't're've'm'll'd", 8},
		{"don't DON'T Don'T", 6},
		{"word\n\n\n   \n  next", 5},
		{"1\n2\n3\n", 6},
		{"\t\t\tindented", 4},
		{"ﬁancé — “smart quotes” ‘single’ …", 13},
		{"Ω≈ç√∫˜µ≤≥÷", 18},
		{"0x7fffffff 0b1010 1_000_000", 15},
		// Long single pieces: the merge must stay exact (and fast).
		{strings.Repeat("a", 5000), 625},
		{strings.Repeat("ab", 3000), 3000},
		{strings.Repeat("Supercalifragilisticexpialidocious", 50), 550},
		{strings.Repeat("日本語のテキスト", 10000), 80000},
		{strings.Repeat(" ", 20000) + "x", 158},
		{"x" + strings.Repeat(" ", 5000) + strings.Repeat("\n", 100) + "y", 46},
	}
	for _, tt := range tests {
		if got := c.Count(tt.text); got != tt.want {
			t.Errorf("Count(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

// TestCL100KRanksFile pins the embedded ranks to the file OpenAI publishes:
// tiktoken checks the same SHA-256 before it uses cl100k_base.
func TestCL100KRanksFile(t *testing.T) {
	b, err := assets.Assets.ReadFile(cl100kFile)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	const want = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Errorf("sha256(%s) = %s, want %s", cl100kFile, got, want)
	}
}

func TestCL100KLoadedOnceAndConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	counters := make([]Counter, 8)
	counts := make([]int, 8)
	for i := range counters {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := CL100K()
			if err != nil {
				t.Error(err)
				return
			}
			counters[i] = c
			counts[i] = c.Count("We chose Postgres over MySQL on 2023-05-08.")
		}()
	}
	wg.Wait()
	for i := range counters {
		if counters[i] != counters[0] {
			t.Errorf("CL100K() returned a different Counter on call %d", i)
		}
		if counts[i] != 15 {
			t.Errorf("concurrent Count = %d, want 15", counts[i])
		}
	}
}

// TestCL100KMatchesTiktokenGo compares Count with the length of
// tiktoken-go's encoding (its own split and its own quadratic merge) over
// random text, piece lengths kept small enough for it.
func TestCL100KMatchesTiktokenGo(t *testing.T) {
	c, err := CL100K()
	if err != nil {
		t.Fatal(err)
	}
	ranks, err := tiktokenloader.NewOfflineLoader().LoadTiktokenBpe(cl100kFile)
	if err != nil {
		t.Fatal(err)
	}
	special := map[string]int{"<|endoftext|>": 100257}
	bpe, err := tiktoken.NewCoreBPE(ranks, special, cl100kPattern)
	if err != nil {
		t.Fatal(err)
	}
	ref := tiktoken.NewTiktoken(bpe, &tiktoken.Encoding{Name: CL100KName, PatStr: cl100kPattern, MergeableRanks: ranks, SpecialTokens: special}, map[string]any{})
	alphabet := []rune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789      \n\n\t\r.,;:'\"!?-_()[]{}<>/\\|@#$%^&*+=~`éüßçñøåæœ日本語中文한국어Привет😀🎉—“”‘’…·\u00a0\u2003\u200d")
	rng := rand.New(rand.NewPCG(4, 2))
	for i := range 1000 {
		n := 1 + rng.IntN(300)
		if i%100 == 0 {
			n = 1000
		}
		r := make([]rune, n)
		for j := range r {
			r[j] = alphabet[rng.IntN(len(alphabet))]
		}
		if i%3 == 0 { // long letter runs: long pieces
			for j := range r {
				if rng.IntN(20) > 0 {
					r[j] = alphabet[rng.IntN(26)]
				}
			}
		}
		s := string(r)
		if got, want := c.Count(s), len(ref.EncodeOrdinary(s)); got != want {
			t.Fatalf("Count(%q) = %d; tiktoken-go: %d", s, got, want)
		}
	}
}
