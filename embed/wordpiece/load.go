package wordpiece

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/persistmemory/persistmemory/schema"
)

// Defaults of the tokenizers crate for a WordPiece model.
const (
	defaultPrefix   = "##"
	defaultMaxChars = 100
	// maxVocabID bounds ids read from a file so a corrupt id cannot make
	// Load allocate gigabytes for the reverse table.
	maxVocabID = 1 << 24
)

// tokenizerFile is the subset of tokenizer.json that a BERT WordPiece
// tokenizer uses.
type tokenizerFile struct {
	AddedTokens   []addedTokenJSON `json:"added_tokens"`
	Normalizer    *normalizerJSON  `json:"normalizer"`
	PreTokenizer  *typedJSON       `json:"pre_tokenizer"`
	PostProcessor json.RawMessage  `json:"post_processor"`
	Padding       *paddingJSON     `json:"padding"`
	Model         *modelJSON       `json:"model"`
}

type typedJSON struct {
	Type string `json:"type"`
}

type addedTokenJSON struct {
	ID         int64  `json:"id"`
	Content    string `json:"content"`
	SingleWord bool   `json:"single_word"`
	LStrip     bool   `json:"lstrip"`
	RStrip     bool   `json:"rstrip"`
	Normalized bool   `json:"normalized"`
	Special    bool   `json:"special"`
}

type normalizerJSON struct {
	Type               string `json:"type"`
	CleanText          *bool  `json:"clean_text"`
	HandleChineseChars *bool  `json:"handle_chinese_chars"`
	StripAccents       *bool  `json:"strip_accents"`
	Lowercase          *bool  `json:"lowercase"`
}

type paddingJSON struct {
	PadID    *int64 `json:"pad_id"`
	PadToken string `json:"pad_token"`
}

type modelJSON struct {
	Type                    string           `json:"type"`
	UnkToken                string           `json:"unk_token"`
	ContinuingSubwordPrefix *string          `json:"continuing_subword_prefix"`
	MaxInputCharsPerWord    *int             `json:"max_input_chars_per_word"`
	Vocab                   map[string]int64 `json:"vocab"`
}

// postProcessorJSON covers TemplateProcessing and BertProcessing.
type postProcessorJSON struct {
	Type string `json:"type"`
	// TemplateProcessing
	Single        []templatePieceJSON         `json:"single"`
	SpecialTokens map[string]specialTokenJSON `json:"special_tokens"`
	// BertProcessing: ["[SEP]", 102]
	Sep []json.RawMessage `json:"sep"`
	Cls []json.RawMessage `json:"cls"`
}

type templatePieceJSON struct {
	SpecialToken *struct {
		ID     string `json:"id"`
		TypeID int64  `json:"type_id"`
	} `json:"SpecialToken"`
	Sequence *struct {
		ID     string `json:"id"`
		TypeID int64  `json:"type_id"`
	} `json:"Sequence"`
}

type specialTokenJSON struct {
	ID  string  `json:"id"`
	IDs []int64 `json:"ids"`
}

// Load reads a HuggingFace tokenizer.json describing a BERT WordPiece
// tokenizer. A file that cannot be read returns the os error wrapped (so
// errors.Is(err, fs.ErrNotExist) works); a file that is not such a
// tokenizer returns an error wrapping schema.ErrInvalid that names the
// path and the offending field.
func Load(path string) (*Tokenizer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("wordpiece: load tokenizer: %w", err)
	}
	return parse(data, path)
}

// Parse is Load for tokenizer.json content already in memory.
func Parse(data []byte) (*Tokenizer, error) {
	return parse(data, "tokenizer.json")
}

func invalid(name, format string, args ...any) error {
	return fmt.Errorf("wordpiece: %s: %s: %w", name, fmt.Sprintf(format, args...), schema.ErrInvalid)
}

func parse(data []byte, name string) (*Tokenizer, error) {
	var f tokenizerFile
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("wordpiece: %s: not a tokenizer.json: %w: %w", name, schema.ErrInvalid, err)
	}
	m := f.Model
	if m == nil {
		return nil, invalid(name, "missing model")
	}
	if m.Type != "WordPiece" {
		return nil, invalid(name, "model.type is %q, want \"WordPiece\"", m.Type)
	}
	if len(m.Vocab) == 0 {
		return nil, invalid(name, "model.vocab is empty")
	}
	t := &Tokenizer{
		vocab:        make(map[string]int64, len(m.Vocab)),
		cont:         make(map[string]int64),
		prefix:       defaultPrefix,
		maxChars:     defaultMaxChars,
		cleanText:    false,
		chineseChars: false,
	}
	if m.ContinuingSubwordPrefix != nil {
		t.prefix = *m.ContinuingSubwordPrefix
	}
	if t.prefix == "" {
		return nil, invalid(name, "model.continuing_subword_prefix is empty")
	}
	if m.MaxInputCharsPerWord != nil {
		t.maxChars = *m.MaxInputCharsPerWord
	}
	if t.maxChars <= 0 {
		return nil, invalid(name, "model.max_input_chars_per_word is %d, want > 0", t.maxChars)
	}

	var maxID int64 = -1
	for tok, id := range m.Vocab {
		if id < 0 || id >= maxVocabID {
			return nil, invalid(name, "model.vocab[%q] has id %d, want 0 <= id < %d", tok, id, maxVocabID)
		}
		if tok == "" || !utf8.ValidString(tok) {
			return nil, invalid(name, "model.vocab has an empty or non-UTF-8 token (id %d)", id)
		}
		t.vocab[tok] = id
		if rest, ok := strings.CutPrefix(tok, t.prefix); ok && rest != "" {
			t.cont[rest] = id
			t.maxPieceBytes = max(t.maxPieceBytes, len(rest))
		} else {
			t.maxPieceBytes = max(t.maxPieceBytes, len(tok))
		}
		maxID = max(maxID, id)
	}

	for i, a := range f.AddedTokens {
		switch {
		case a.Content == "":
			return nil, invalid(name, "added_tokens[%d] has empty content", i)
		case a.ID < 0 || a.ID >= maxVocabID:
			return nil, invalid(name, "added_tokens[%d] (%q) has id %d", i, a.Content, a.ID)
		case a.Normalized || a.LStrip || a.RStrip || a.SingleWord:
			return nil, invalid(name, "added_tokens[%d] (%q) sets normalized, lstrip, rstrip or single_word, which this tokenizer does not support", i, a.Content)
		}
		t.added = append(t.added, addedToken{content: a.Content, id: a.ID})
		maxID = max(maxID, a.ID)
	}

	slices.SortStableFunc(t.added, func(a, b addedToken) int { return len(b.content) - len(a.content) })
	for _, a := range t.added {
		t.addedFirst[a.content[0]] = true
	}

	t.tokens = make([]string, maxID+1)
	for tok, id := range m.Vocab {
		t.tokens[id] = tok
	}
	for _, a := range t.added {
		t.tokens[a.id] = a.content
	}

	var ok bool
	if m.UnkToken == "" {
		return nil, invalid(name, "model.unk_token is empty")
	}
	if t.unk, ok = t.lookup(m.UnkToken); !ok {
		return nil, invalid(name, "model.unk_token %q is not in the vocabulary", m.UnkToken)
	}

	if err := t.readNormalizer(name, f.Normalizer); err != nil {
		return nil, err
	}
	if f.PreTokenizer == nil || f.PreTokenizer.Type != "BertPreTokenizer" {
		got := "null"
		if f.PreTokenizer != nil {
			got = fmt.Sprintf("%q", f.PreTokenizer.Type)
		}
		return nil, invalid(name, "pre_tokenizer is %s, want \"BertPreTokenizer\"", got)
	}
	if err := t.readPostProcessor(name, f.PostProcessor); err != nil {
		return nil, err
	}
	switch {
	case f.Padding != nil && f.Padding.PadID != nil:
		t.pad = *f.Padding.PadID
	default:
		if t.pad, ok = t.lookup("[PAD]"); !ok {
			return nil, invalid(name, "no padding.pad_id and no [PAD] token")
		}
	}
	if t.pad < 0 || t.pad >= int64(len(t.tokens)) {
		return nil, invalid(name, "padding.pad_id %d is outside the vocabulary", t.pad)
	}
	return t, nil
}

// lookup finds a whole token in the vocabulary or the added tokens.
func (t *Tokenizer) lookup(tok string) (int64, bool) {
	if id, ok := t.vocab[tok]; ok {
		return id, true
	}
	for _, a := range t.added {
		if a.content == tok {
			return a.id, true
		}
	}
	return 0, false
}

func (t *Tokenizer) readNormalizer(name string, n *normalizerJSON) error {
	if n == nil {
		return nil // no normalisation at all
	}
	if n.Type != "BertNormalizer" {
		return invalid(name, "normalizer.type is %q, want \"BertNormalizer\" or null", n.Type)
	}
	flag := func(p *bool, def bool) bool {
		if p == nil {
			return def
		}
		return *p
	}
	t.cleanText = flag(n.CleanText, true)
	t.chineseChars = flag(n.HandleChineseChars, true)
	t.lowercase = flag(n.Lowercase, true)
	// strip_accents: null follows lowercase, as in BERT's original code.
	t.stripAccents = flag(n.StripAccents, t.lowercase)
	return nil
}

func (t *Tokenizer) readPostProcessor(name string, raw json.RawMessage) error {
	if len(raw) == 0 || string(raw) == "null" {
		var ok1, ok2 bool
		t.cls, ok1 = t.lookup("[CLS]")
		t.sep, ok2 = t.lookup("[SEP]")
		if !ok1 || !ok2 {
			return invalid(name, "post_processor is null and the vocabulary lacks [CLS] or [SEP]")
		}
		return nil
	}
	var p postProcessorJSON
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("wordpiece: %s: post_processor: %w: %w", name, schema.ErrInvalid, err)
	}
	switch p.Type {
	case "TemplateProcessing":
		s := p.Single
		if len(s) != 3 || s[0].SpecialToken == nil || s[1].Sequence == nil || s[2].SpecialToken == nil {
			return invalid(name, "post_processor.single must be [special] $A [special]")
		}
		ids := [2]int64{}
		for i, piece := range []string{s[0].SpecialToken.ID, s[2].SpecialToken.ID} {
			st, ok := p.SpecialTokens[piece]
			if !ok || len(st.IDs) != 1 {
				return invalid(name, "post_processor.special_tokens[%q] must have exactly one id", piece)
			}
			ids[i] = st.IDs[0]
		}
		t.cls, t.sep = ids[0], ids[1]
		if s[0].SpecialToken.TypeID != 0 || s[1].Sequence.TypeID != 0 || s[2].SpecialToken.TypeID != 0 {
			return invalid(name, "post_processor.single uses non-zero type ids")
		}
	case "BertProcessing":
		var err error
		if t.sep, err = pairID(p.Sep); err != nil {
			return invalid(name, "post_processor.sep: %v", err)
		}
		if t.cls, err = pairID(p.Cls); err != nil {
			return invalid(name, "post_processor.cls: %v", err)
		}
	default:
		return invalid(name, "post_processor.type is %q, want \"TemplateProcessing\" or \"BertProcessing\"", p.Type)
	}
	for _, id := range []int64{t.cls, t.sep} {
		if id < 0 || id >= int64(len(t.tokens)) {
			return invalid(name, "post_processor names id %d outside the vocabulary", id)
		}
	}
	return nil
}

// pairID reads BertProcessing's ["[SEP]", 102].
func pairID(pair []json.RawMessage) (int64, error) {
	if len(pair) != 2 {
		return 0, fmt.Errorf("want [token, id], got %d elements", len(pair))
	}
	var id int64
	if err := json.Unmarshal(pair[1], &id); err != nil {
		return 0, fmt.Errorf("id: %w", err)
	}
	return id, nil
}
