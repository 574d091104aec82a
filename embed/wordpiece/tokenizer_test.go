package wordpiece

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/persistmemory/persistmemory/schema"
)

func loadTiny(t testing.TB) *Tokenizer {
	t.Helper()
	tok, err := Load("testdata/tiny-cased.json")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// minimal is a valid uncased tokenizer.json; the malformed cases below
// each break one part of it.
const minimal = `{
  "added_tokens": [{"id": 0, "content": "[PAD]", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true}],
  "normalizer": {"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": null, "lowercase": true},
  "pre_tokenizer": {"type": "BertPreTokenizer"},
  "post_processor": {"type": "TemplateProcessing",
    "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
    "special_tokens": {"[CLS]": {"id": "[CLS]", "ids": [2], "tokens": ["[CLS]"]}, "[SEP]": {"id": "[SEP]", "ids": [3], "tokens": ["[SEP]"]}}},
  "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 100,
    "vocab": {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3, "hello": 4, "world": 5, "##s": 6, "!": 7}}
}`

func TestParseMinimal(t *testing.T) {
	tok, err := Parse([]byte(minimal))
	if err != nil {
		t.Fatal(err)
	}
	got := tok.Encode("Hello Worlds! Héllo 🙂", 0)
	want := []int64{2, 4, 5, 6, 7, 4, 1, 3}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Encode mismatch (-want +got):\n%s", diff)
	}
	if tok.PadID() != 0 || tok.ClsID() != 2 || tok.SepID() != 3 || tok.UnkID() != 1 {
		t.Errorf("special ids pad=%d cls=%d sep=%d unk=%d", tok.PadID(), tok.ClsID(), tok.SepID(), tok.UnkID())
	}
}

func TestLoadMalformed(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new string // replacement applied to minimal
		raw      string // used instead when set
	}{
		{name: "not json", raw: "{not json"},
		{name: "truncated", raw: minimal[:len(minimal)/2]},
		{name: "empty object", raw: "{}"},
		{name: "array", raw: "[]"},
		{name: "bpe model", old: `"type": "WordPiece"`, new: `"type": "BPE"`},
		{name: "empty vocab", old: `"vocab": {`, new: `"vocab": {}, "x": {`},
		{name: "vocab not object", old: `"vocab": {`, new: `"vocab": [], "x": {`},
		{name: "negative id", old: `"!": 7`, new: `"!": -7`},
		{name: "huge id", old: `"!": 7`, new: `"!": 99999999999`},
		{name: "string id", old: `"!": 7`, new: `"!": "7"`},
		{name: "unk missing", old: `"unk_token": "[UNK]"`, new: `"unk_token": "<unk>"`},
		{name: "unk empty", old: `"unk_token": "[UNK]"`, new: `"unk_token": ""`},
		{name: "zero max chars", old: `"max_input_chars_per_word": 100`, new: `"max_input_chars_per_word": 0`},
		{name: "empty prefix", old: `"continuing_subword_prefix": "##"`, new: `"continuing_subword_prefix": ""`},
		{name: "sequence normalizer", old: `"type": "BertNormalizer"`, new: `"type": "Sequence"`},
		{name: "whitespace pre-tokenizer", old: `"type": "BertPreTokenizer"`, new: `"type": "Whitespace"`},
		{name: "no pre-tokenizer", old: `"pre_tokenizer": {"type": "BertPreTokenizer"}`, new: `"pre_tokenizer": null`},
		{name: "roberta post-processor", old: `"type": "TemplateProcessing"`, new: `"type": "RobertaProcessing"`},
		{name: "template without sequence", old: `{"Sequence": {"id": "A", "type_id": 0}}, `, new: ``},
		{name: "template unknown special", old: `"special_tokens": {"[CLS]"`, new: `"special_tokens": {"[XLS]"`},
		{name: "template two ids", old: `"ids": [2]`, new: `"ids": [2, 3]`},
		{name: "template id out of range", old: `"ids": [2]`, new: `"ids": [2000]`},
		{name: "added normalized", old: `"normalized": false`, new: `"normalized": true`},
		{name: "added lstrip", old: `"lstrip": false`, new: `"lstrip": true`},
		{name: "added empty", old: `"content": "[PAD]"`, new: `"content": ""`},
		{name: "no pad", old: `"[PAD]": 0, `, new: ``, raw: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.raw
			if data == "" {
				if !strings.Contains(minimal, tc.old) {
					t.Fatalf("replacement %q not found", tc.old)
				}
				data = strings.Replace(minimal, tc.old, tc.new, 1)
				if tc.name == "no pad" {
					data = strings.Replace(data, `"content": "[PAD]"`, `"content": "[PAD0]"`, 1)
				}
			}
			path := filepath.Join(t.TempDir(), "tokenizer.json")
			if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
				t.Fatal(err)
			}
			tok, err := Load(path)
			if !errors.Is(err, schema.ErrInvalid) {
				t.Fatalf("Load = %v, %v; want an error wrapping schema.ErrInvalid", tok, err)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
			t.Log(err)
		})
	}
}

func TestLoadMissing(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "nope.json"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Load(missing) = %v, want fs.ErrNotExist", err)
	}
}

// TestTruncationPrefix: Encode(text, n) is the first n-1 tokens of the
// untruncated encoding plus [SEP], for every n, so stopping early never
// changes a token.
func TestTruncationPrefix(t *testing.T) {
	tok := loadTiny(t)
	text := strings.Repeat("The quick Café [SEP] résumé, unbelievable! 我喜欢 PersistMemory straße ", 30)
	full := tok.Encode(text, 1<<20)
	if len(full) < 300 {
		t.Fatalf("full encoding only %d tokens", len(full))
	}
	for n := 2; n <= len(full)+2; n++ {
		got := tok.Encode(text, n)
		want := full
		if n < len(full) {
			want = append(append([]int64{}, full[:n-1]...), tok.SepID())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("Encode(text, %d) (-want +got):\n%s", n, diff)
		}
	}
	if got := tok.Encode(text, 1); len(got) != 2 {
		t.Errorf("Encode(text, 1) = %v, want [CLS] [SEP]", got)
	}
	if got := tok.Encode(text, 0); len(got) != DefaultMaxLen {
		t.Errorf("len(Encode(text, 0)) = %d, want DefaultMaxLen %d", len(got), DefaultMaxLen)
	}
}

func TestInvalidUTF8(t *testing.T) {
	tok := loadTiny(t)
	// clean_text drops U+FFFD, so an invalid byte vanishes like it.
	for _, tc := range []struct{ in, same string }{
		{"Hello\xffworld", "Helloworld"},
		{"\xc3", ""},
		{"\xe6\x88 Hello", " Hello"},
		{"The\xed\xa0\x80 quick", "The quick"}, // encoded surrogate
		// Added tokens are matched before cleaning, as in tokenizers.
		{"[SEP\xff] [SEP]\xff", "[SEP\uFFFD] [SEP]"},
	} {
		got, want := tok.Encode(tc.in, 0), tok.Encode(tc.same, 0)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Encode(%q) != Encode(%q):\n%s", tc.in, tc.same, diff)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 0, 512)
	for range 2000 {
		buf = buf[:0]
		for range rng.IntN(512) {
			buf = append(buf, byte(rng.IntN(256)))
		}
		checkEncoding(t, tok, string(buf), 64)
	}
}

func checkEncoding(t testing.TB, tok *Tokenizer, s string, maxLen int) {
	t.Helper()
	ids := tok.Encode(s, maxLen)
	limit := max(maxLen, 2)
	if maxLen <= 0 {
		limit = DefaultMaxLen
	}
	if len(ids) < 2 || len(ids) > limit || ids[0] != tok.ClsID() || ids[len(ids)-1] != tok.SepID() {
		t.Fatalf("Encode(%q, %d) = %v", s, maxLen, ids)
	}
	for _, id := range ids {
		if _, ok := tok.Token(id); !ok {
			t.Fatalf("Encode(%q) produced id %d outside the vocabulary", s, id)
		}
	}
}

func FuzzEncode(f *testing.F) {
	tok := loadTiny(f)
	for _, s := range []string{"", "Hello, world!", "\xff\xfe", "a\u0301", "[SEP][CLS", "我喜欢", strings.Repeat("a", 150)} {
		f.Add(s, 8)
	}
	f.Fuzz(func(t *testing.T, s string, maxLen int) {
		checkEncoding(t, tok, s, maxLen%600)
		if utf8.ValidString(s) {
			return
		}
		// Invalid bytes behave like U+FFFD, which clean_text drops.
		if got, want := tok.Encode(s, 600), tok.Encode(strings.ToValidUTF8(s, "\uFFFD"), 600); !cmp.Equal(got, want) {
			t.Errorf("Encode(%q) = %v, want %v as for its U+FFFD form", s, got, want)
		}
	})
}

func TestLongWord(t *testing.T) {
	tok := loadTiny(t)
	a := tok.Encode(strings.Repeat("a", 100), 0)
	if len(a) != 102 {
		t.Errorf("100-char word: %d ids, want 100 pieces + 2", len(a))
	}
	b := tok.Encode(strings.Repeat("é", 101), 0) // 101 chars, 202 bytes
	if want := []int64{tok.ClsID(), tok.UnkID(), tok.SepID()}; !cmp.Equal(b, want) {
		t.Errorf("101-char word = %v, want %v", b, want)
	}
	// One huge "word" must not take quadratic time or panic.
	huge := strings.Repeat("x", 1<<20)
	if got := tok.Encode(huge, 0); len(got) != 3 {
		t.Errorf("1 MiB word = %d ids, want [CLS] [UNK] [SEP]", len(got))
	}
}

func TestEncodeBatch(t *testing.T) {
	tok := loadTiny(t)
	texts := []string{"Hello world", "", "The quick Café"}
	b := tok.EncodeBatch(texts, 0)
	rows := make([][]int64, len(texts))
	for i, s := range texts {
		rows[i] = tok.Encode(s, 0)
	}
	if b.Rows != 3 || b.Cols != max(len(rows[0]), len(rows[2])) {
		t.Fatalf("batch %dx%d", b.Rows, b.Cols)
	}
	for i, row := range rows {
		ids := b.IDs[i*b.Cols : (i+1)*b.Cols]
		mask := b.AttentionMask[i*b.Cols : (i+1)*b.Cols]
		for j := range ids {
			want, wantMask := tok.PadID(), int64(0)
			if j < len(row) {
				want, wantMask = row[j], 1
			}
			if ids[j] != want || mask[j] != wantMask || b.TypeIDs[i*b.Cols+j] != 0 {
				t.Errorf("row %d col %d: id %d mask %d, want %d %d", i, j, ids[j], mask[j], want, wantMask)
			}
		}
	}
	if e := tok.EncodeBatch(nil, 0); e.Rows != 0 || len(e.IDs) != 0 {
		t.Errorf("empty batch = %+v", e)
	}
}

func TestConcurrentEncode(t *testing.T) {
	tok := loadTiny(t)
	want := tok.Encode("The quick Café résumé", 0)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 200 {
				if got := tok.Encode("The quick Café résumé", 0); !cmp.Equal(got, want) {
					t.Errorf("concurrent Encode = %v, want %v", got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}

func BenchmarkEncode(b *testing.B) {
	tok := loadTiny(b)
	text := strings.Repeat("The quick Café résumé, unbelievable! PersistMemory ", 40)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		tok.Encode(text, DefaultMaxLen)
	}
}
