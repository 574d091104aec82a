package wordpiece

import (
	"strings"
	"unicode/utf8"
)

// DefaultMaxLen is the sequence length, [CLS] and [SEP] included, that
// the project's sentence encoder is used with (sentence-transformers max_seq_length).
// Encode uses it when maxLen <= 0.
const DefaultMaxLen = 256

// Tokenizer turns text into BERT token ids. It is immutable after Load and
// safe for concurrent use.
type Tokenizer struct {
	vocab map[string]int64 // whole tokens, for the first piece of a word
	cont  map[string]int64 // continuation pieces, keyed without the prefix
	// maxPieceBytes is the longest piece (without prefix) in bytes: longer
	// substrings are never looked up.
	maxPieceBytes int
	tokens        []string     // id -> token, for Token
	added         []addedToken // longest first
	addedFirst    [256]bool    // first bytes of added tokens
	prefix        string
	maxChars      int

	cleanText, chineseChars, stripAccents, lowercase bool

	unk, cls, sep, pad int64
}

type addedToken struct {
	content string
	id      int64
}

// Encode returns the ids of [CLS] text [SEP], keeping the first maxLen-2
// tokens of text when it is longer (as tokenizers' right truncation does),
// so len(ids) <= maxLen. maxLen <= 0 means DefaultMaxLen; a maxLen below 2
// is raised to 2. Empty (or all-whitespace) text yields [CLS] [SEP].
//
// Encode stops reading text once the limit is reached, so a long text costs
// no more than its first maxLen tokens.
func (t *Tokenizer) Encode(text string, maxLen int) []int64 {
	if maxLen <= 0 {
		maxLen = DefaultMaxLen
	}
	maxLen = max(maxLen, 2)
	ids := make([]int64, 1, min(maxLen, len(text)+2))
	ids[0] = t.cls
	e := encoder{t: t, ids: ids, limit: maxLen - 1}
	e.n = normalizer{cleanText: t.cleanText, stripAccents: t.stripAccents, lowercase: t.lowercase}
	e.plain(text)
	return append(e.ids, t.sep)
}

// Batch is a padded batch of encoded texts, row-major, ready to be a
// [Rows, Cols] int64 tensor: IDs padded with the [PAD] id, AttentionMask 1
// for real tokens and 0 for padding, TypeIDs all 0 (single sequences).
type Batch struct {
	Rows, Cols    int
	IDs           []int64
	AttentionMask []int64
	TypeIDs       []int64
}

// EncodeBatch encodes each text with Encode(text, maxLen) and pads the
// rows to the longest one (see Pad).
func (t *Tokenizer) EncodeBatch(texts []string, maxLen int) Batch {
	seqs := make([][]int64, len(texts))
	for i, s := range texts {
		seqs[i] = t.Encode(s, maxLen)
	}
	return t.Pad(seqs)
}

// Pad lays encoded sequences out as a Batch, padding each row to the
// longest with the [PAD] id and a 0 in the attention mask.
func (t *Tokenizer) Pad(seqs [][]int64) Batch {
	cols := 0
	for _, s := range seqs {
		cols = max(cols, len(s))
	}
	n := len(seqs) * cols
	b := Batch{
		Rows:          len(seqs),
		Cols:          cols,
		IDs:           make([]int64, n),
		AttentionMask: make([]int64, n),
		TypeIDs:       make([]int64, n),
	}
	for i, row := range seqs {
		ids := b.IDs[i*cols : (i+1)*cols]
		mask := b.AttentionMask[i*cols : (i+1)*cols]
		copy(ids, row)
		for j := range ids {
			if j < len(row) {
				mask[j] = 1
			} else {
				ids[j] = t.pad
			}
		}
	}
	return b
}

// Token returns the vocabulary entry for id, and false if there is none.
func (t *Tokenizer) Token(id int64) (string, bool) {
	if id < 0 || id >= int64(len(t.tokens)) || t.tokens[id] == "" {
		return "", false
	}
	return t.tokens[id], true
}

// ID returns the id of a whole token (vocabulary or added token).
func (t *Tokenizer) ID(token string) (int64, bool) { return t.lookup(token) }

// PadID returns the id Pad fills short rows with.
func (t *Tokenizer) PadID() int64 { return t.pad }

// ClsID returns the id Encode puts first.
func (t *Tokenizer) ClsID() int64 { return t.cls }

// SepID returns the id Encode puts last.
func (t *Tokenizer) SepID() int64 { return t.sep }

// UnkID returns the id of words WordPiece cannot split.
func (t *Tokenizer) UnkID() int64 { return t.unk }

// encoder holds the state of one Encode call.
type encoder struct {
	t     *Tokenizer
	n     normalizer
	ids   []int64
	limit int // maximum len(ids) before [SEP]
}

func (e *encoder) full() bool { return len(e.ids) >= e.limit }

// plain tokenises text. Added tokens are matched in the raw text, leftmost
// first and longest at a position, as tokenizers does. The rest is cut into
// chunks at whitespace, around CJK characters (equivalent to the normalizer's padding
// them with spaces) and around ASCII punctuation (which normalisation never
// changes, so cutting there first is exact and keeps chunks short),
// normalises each chunk and splits it into words at the remaining
// punctuation.
func (e *encoder) plain(s string) {
	start := -1
	flush := func(end int) {
		if start >= 0 {
			e.chunk(s[start:end])
			start = -1
		}
	}
	for i := 0; i < len(s) && !e.full(); {
		if e.t.addedFirst[s[i]] {
			if a, ok := e.t.matchAdded(s[i:]); ok {
				flush(i)
				e.ids = append(e.ids, a.id)
				i += len(a.content)
				continue
			}
		}
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:]) // invalid bytes: U+FFFD, size 1
		}
		switch {
		case e.isSeparator(r):
			flush(i)
		case r < utf8.RuneSelf && isPunctuation(r):
			flush(i)
			e.word(s[i : i+1])
		case e.t.chineseChars && isCJK(r):
			flush(i)
			e.chunk(s[i : i+size])
		default:
			if start < 0 {
				start = i
			}
		}
		i += size
	}
	if !e.full() {
		flush(len(s))
	}
}

// matchAdded returns the longest added token s starts with.
func (t *Tokenizer) matchAdded(s string) (addedToken, bool) {
	for _, a := range t.added { // longest first
		if strings.HasPrefix(s, a.content) {
			return a, true
		}
	}
	return addedToken{}, false
}

// isSeparator reports whitespace as the pre-tokenizer sees it after
// clean_text, which deletes control characters (\v, \f, U+0085 among them)
// before anything counts as whitespace.
func (e *encoder) isSeparator(r rune) bool {
	if e.t.cleanText && isControl(r) {
		return false
	}
	return isWhitespace(r)
}

func (e *encoder) chunk(raw string) {
	s := e.n.normalize(raw)
	start := 0
	for i, r := range s {
		if !isPunctuation(r) {
			continue
		}
		if start < i {
			e.word(s[start:i])
		}
		size := utf8.RuneLen(r)
		e.word(s[i : i+size])
		start = i + size
		if e.full() {
			return
		}
	}
	if start < len(s) {
		e.word(s[start:])
	}
}

// word appends the WordPiece split of w: greedy longest match first, a
// continuation prefix on every piece but the first, and a single [UNK] when
// w is too long or any part of it cannot be matched.
func (e *encoder) word(w string) {
	if e.full() {
		return
	}
	t := e.t
	if utf8.RuneCountInString(w) > t.maxChars {
		e.ids = append(e.ids, t.unk)
		return
	}
	first := len(e.ids)
	for start := 0; start < len(w); {
		end := len(w)
		if end-start > t.maxPieceBytes {
			end = start + t.maxPieceBytes
			for end > start && !utf8.RuneStart(w[end]) {
				end-- // back to a rune boundary
			}
		}
		matched := false
		for end > start {
			var id int64
			var ok bool
			if start == 0 {
				id, ok = t.vocab[w[:end]]
			} else {
				id, ok = t.cont[w[start:end]]
			}
			if ok {
				e.ids = append(e.ids, id)
				matched = true
				break
			}
			_, size := utf8.DecodeLastRuneInString(w[start:end])
			end -= size
		}
		if !matched {
			e.ids = append(e.ids[:first], t.unk)
			return
		}
		start = end
	}
	if len(e.ids) > e.limit {
		e.ids = e.ids[:e.limit]
	}
}
