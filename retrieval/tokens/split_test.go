package tokens

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// refSplit is the reference splitter: cl100kPattern run by regexp2 over
// the text's runes, as Count split text before nextPiece.
var refSplit = sync.OnceValue(func() *regexp2.Regexp {
	return regexp2.MustCompile(cl100kPattern, regexp2.None)
})

// regexpPieces returns the pieces regexp2 finds in text.
func regexpPieces(t testing.TB, text string) []string {
	t.Helper()
	runes := []rune(text) // invalid bytes become U+FFFD
	var pieces []string
	m, err := refSplit().FindRunesMatch(runes)
	for ; m != nil && err == nil; m, err = refSplit().FindNextMatch(m) {
		pieces = append(pieces, string(runes[m.Index:m.Index+m.Length]))
	}
	if err != nil {
		t.Fatalf("regexp2 on %q: %v", text, err)
	}
	return pieces
}

// handPieces returns the pieces Count merges: nextPiece's over validText.
func handPieces(text string) []string {
	text = validText(text)
	var pieces []string
	for i := 0; i < len(text); {
		j := nextPiece(text, i)
		if j <= i || j > len(text) {
			panic("nextPiece did not advance")
		}
		pieces = append(pieces, text[i:j])
		i = j
	}
	return pieces
}

func checkSplit(t testing.TB, text string) {
	t.Helper()
	if got, want := handPieces(text), regexpPieces(t, text); !slices.Equal(got, want) {
		t.Errorf("split(%q)\n got %q\nwant %q", text, got, want)
	}
}

// TestSplitMatchesRegexp holds nextPiece to regexp2 on the cases where the
// pattern's order of alternatives, backtracking, look-ahead, case folding
// and classes matter.
func TestSplitMatchesRegexp(t *testing.T) {
	cases := []string{
		"", "a", " ", "\n", "'", "1", "!",
		// Contractions, in every case, and near misses.
		"'s", "'S", "'t", "'T", "'re", "'RE", "'Re", "'rE", "'ve", "'VE", "'vE", "'m", "'M",
		"'ll", "'LL", "'lL", "'Ll", "'d", "'D", "'r", "'v", "'l", "'rx", "'vx", "'lx", "'x", "'",
		"it's", "IT'S", "don't", "DON'T", "Don'T", "we're", "they've", "I'm", "you'll", "he'd",
		"'s's't're've'm'll'd", "''s", "'''", "' s", "'1", "'\n", "x'", "x' s", "'sa", "'ss", "'lll",
		"'rest", "'very", "'mom", "'dog", "'tea", "'LLama", "rock'n'roll", "'ſ", "'ſt", "'K", "'İ",
		"'Ｓ", "'\u0301s", "’s", "‘t", "'\u00e9", "'é", "'e\u0301", "\"'s\"", "('ll)", " 's", " 'x",
		// Numbers: runs of 1 to 7, other numerals.
		"1", "12", "123", "1234", "12345", "123456", "1234567", "a1234567b", " 1234", "-12345",
		"٣٤٥٦", "１２３４", "²³⁴⁵", "ⅫⅩⅢ", "½¼¾1", "12a", "a12", "1.5", "1,000,000", "0x7fff",
		// Letters with a leading non-letter.
		"hello world", " hello", "  hello", "\thello", "\t\thello", "\u00a0hello", "\u3000日本",
		"!hello", "!!hello", "\"quoted\"", "(paren)", "\nhello", "\r\nhello", "\n hello", "_id", "$x",
		"\u200bzero", "\ufeffbom", "\u0301accent", "e\u0301te\u0301", "नमस्ते दुनिया", "a\u200db",
		// Mixed scripts, CJK, emoji.
		"日本語のテキストです。東京へ行きました。", "한국어 문장입니다", "Привет, мир!", "مرحبا بالعالم",
		"ﬁancé — “smart quotes” ‘single’ …", "Ω≈ç√∫˜µ≤≥÷", "emoji 😀🎉👍🏽 family 👨\u200d👩\u200d👧\u200d👦",
		"a😀b", " 😀", "😀\n\n", "🇫🇷🇩🇪", "x\U0001F600y", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "𝟘𝟙𝟚𝟛",
		// Unicode spaces.
		"\u00a0", "a\u00a0b", "a\u00a0\u00a0b", "\u2003em\u2028line\u2029para\u0085nel", "\u1680x",
		"\u202f\u205f\u3000x", "\v\fx", "a\u0085\u0085b", "\u0085\n", "\u2028\n\u2028",
		// Whitespace runs: newlines, trailing spaces, look-ahead.
		"\r\n", "\r\n\r\n", "a\r\nb", "a\r\n\r\nb", "\n\n\n", "a\n \n b", "word\n\n\n   \n  next",
		"x  ", "x   ", "  ", "   x", "    x", "x \n", "x \n ", "x\n  ", "x\n  y", " \n", "\n ", "\n \n",
		"\t\t\tindented", "\tx", "\t\tx", "\t", "a\tb", "a \tb", "a\t b", "a  !", "a \t!", "\n\t!",
		"  leading and trailing spaces   ", strings.Repeat(" ", 50) + "x", "x" + strings.Repeat(" ", 50),
		"x" + strings.Repeat(" ", 10) + strings.Repeat("\n", 5) + "y", "\r", "\r\r", "\r \r x", "\n\r",
		// Punctuation: spaces before, newlines after.
		"a !", "a  !", " !", "  !", "a !!", "!!!???...,,,;;;", "!\n", "!\n\n", "!\r\n", "!\r\nx",
		"!\n x", " !\n", "x.\n\ny", "}\n}\n", "a.\n  b", "a, b", ":\t", "; \n", "...\r\n\r\n",
		"https://example.com/path?q=1&r=2#frag", "def f(x):\n    return x**2  # square\n",
		"<|endoftext|> is a special token", "[mem_0123] 2023-05-08 · decision · \"We chose\"\n",
		"\x00\x01\x7f", "a\x00b", "\x1b[0m", "\u0301", " \u0301", "\u0301\u0301x",
		// Invalid UTF-8.
		"\xff", "\xffa", "a\xff", "\xff\xfe", " \xff", "'\xff", "\xe2\x82", "\xe2\x82a", "\xed\xa0\x80",
		"\xc0\xaf", "\xf4\x90\x80\x80", "x\xff\n", "\ufffd", "\ufffd\xff",
	}
	for _, s := range cases {
		checkSplit(t, s)
	}
}

// TestSplitRandomMatchesRegexp holds nextPiece to regexp2 on random
// strings over an alphabet with a few runes of every kind the pattern
// tells apart, dense in the contractions' letters and in spaces.
func TestSplitRandomMatchesRegexp(t *testing.T) {
	alphabet := []string{
		"a", "Z", "s", "S", "t", "T", "r", "R", "e", "E", "v", "V", "m", "M", "l", "L", "d", "D",
		"'", "'", "'", "ſ", "\u212a", "é", "日", "ʼ", "1", "٣", "²", "Ⅻ",
		" ", " ", " ", "\t", "\n", "\r", "\v", "\u00a0", "\u2028", "\u0085", "\u3000",
		"!", ".", "\"", "\u0301", "\u200b", "\u200d", "😀", "\x00", "\xff", "\xe2\x82",
	}
	rng := rand.New(rand.NewPCG(5, 3))
	var b strings.Builder
	for range 5000 {
		b.Reset()
		for range 1 + rng.IntN(24) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		checkSplit(t, b.String())
		if t.Failed() {
			return
		}
	}
}

// TestClassesMatchRegexp checks the rune classes against regexp2's \p{L},
// \p{N} and \s over every rune Go strings can hold, and that nothing
// but an ASCII capital folds onto a contraction's letter.
func TestClassesMatchRegexp(t *testing.T) {
	var runes []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if utf8.ValidRune(r) {
			runes = append(runes, r)
		}
	}
	want := make([]uint8, len(runes))
	for i := range want {
		want[i] = clsOther
	}
	for _, cl := range []struct {
		pattern string
		class   uint8
	}{{`\p{L}+`, clsLetter}, {`\p{N}+`, clsNumber}, {`[^\r\n\S]+`, clsSpace}, {`[\r\n]+`, clsNewline}} {
		re := regexp2.MustCompile(cl.pattern, regexp2.None)
		m, err := re.FindRunesMatch(runes)
		for ; m != nil && err == nil; m, err = re.FindNextMatch(m) {
			for i := m.Index; i < m.Index+m.Length; i++ {
				if want[i] != clsOther {
					t.Fatalf("%U is in two classes", runes[i])
				}
				want[i] = cl.class
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for i, r := range runes {
		if got := class(r); got != want[i] {
			t.Errorf("class(%U) = %d, regexp2: %d", r, got, want[i])
		}
		if l := unicode.ToLower(r); strings.ContainsRune("strevmld'", l) && l != r && !('A' <= r && r <= 'Z') {
			t.Errorf("%U lowers to %q: contraction must fold it", r, l)
		}
	}
}

// FuzzSplitMatchesRegexp holds nextPiece to regexp2, piece by piece.
func FuzzSplitMatchesRegexp(f *testing.F) {
	for _, s := range []string{
		"hello world", "I'm sure they'll say we've done it, and you'd agree it's fine.",
		"don't DON'T Don'T 'S'T'RE'VE'M'LL'D", "12345678901234567890", "3.14159 2,500,000 1e-9",
		"  leading and trailing spaces   ", "tabs\tand\nnewlines\r\n\r\nend\n\n",
		"日本語のテキストです。", "Ünïcödé façade naïve café Straße", "emoji 😀🎉👍🏽 👨\u200d👩\u200d👧",
		"\u00a0non\u00a0breaking\u2003em\u2028line\u2029para\u0085nel", "word\n\n\n   \n  next",
		"def f(x):\n    return x**2  # square\n", "a !\n\n b  !! \t\r\n'x", "\xff\xfe a\xe2\x82 \xed\xa0\x80",
		"नमस्ते दुनिया", "٣٤٥٦ ²³ ½", "'ſ 'K 'İ", "x \u0301\u0301 y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSplit(t, s)
	})
}
