// Package wordpiece is a BERT WordPiece tokenizer that reads a HuggingFace
// tokenizer.json and produces the same ids as the reference implementation
// (the Rust tokenizers crate): the BertNormalizer (clean text, CJK
// characters split, accents stripped through NFD, lowercasing), the
// BertPreTokenizer (whitespace and punctuation split), greedy
// longest-match-first WordPiece with a continuation prefix ("##") and
// [UNK] for words longer than max_input_chars_per_word, then [CLS] … [SEP].
//
// It owns tokenisation only: no tensors, no model. embed/onnx feeds its
// output to e5-small-v2. The golden tests compare against ids computed
// by the Python tokenizers package; testdata/gen_golden.py regenerates them.
//
// What it reads from tokenizer.json, and what it refuses (with an error
// wrapping schema.ErrInvalid) rather than silently tokenising differently:
//
//   - model: type "WordPiece", vocab, unk_token, continuing_subword_prefix,
//     max_input_chars_per_word.
//   - normalizer: "BertNormalizer" (fields default as in tokenizers:
//     clean_text, handle_chinese_chars and lowercase true, strip_accents
//     null meaning "same as lowercase") or null. Other normalizers are
//     refused.
//   - pre_tokenizer: "BertPreTokenizer" only.
//   - post_processor: "TemplateProcessing" whose single template is
//     [special] $A [special], or "BertProcessing"; null falls back to the
//     vocabulary's [CLS] and [SEP].
//   - padding.pad_id, else the vocabulary's [PAD].
//   - added_tokens: matched in the raw text before normalisation, leftmost
//     longest first, as tokenizers does, so a literal "[SEP]" in the input
//     becomes the [SEP] id (and "[sep]" does not). Added tokens with
//     normalized, lstrip, rstrip or single_word set are refused.
//
// The file's own truncation and padding settings are ignored: the caller
// chooses the maximum length per call, and EncodeBatch pads to the longest
// sequence of the batch.
//
// Input need not be valid UTF-8: each invalid byte is read as U+FFFD, which
// clean_text removes (without clean_text it becomes part of a word, usually
// [UNK]).
package wordpiece
