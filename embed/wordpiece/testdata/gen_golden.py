#!/usr/bin/env python3
"""Regenerate the wordpiece golden files with HuggingFace tokenizers.

The Go tokenizer in embed/wordpiece must produce exactly the ids that the
reference implementation (the Rust `tokenizers` crate behind the Python
package) produces. This script computes them once; the Go tests compare
against the JSON it writes.

Usage (from embed/wordpiece):

    pip install tokenizers
    python3 testdata/gen_golden.py \
        ~/.cache/persistmemory/models/e5-small-v2-q/tokenizer.json

It writes:

  testdata/e5.golden.json  expected ids for the e5-small-v2
                               tokenizer.json given on the command line
                               (uncased: lowercase, strip accents, CJK split);
                               records its sha256 so the Go test can tell a
                               different vocabulary from a regression.
  testdata/tiny-cased.json     a small cased tokenizer built here (no
                               lowercasing, no accent stripping, no CJK
                               splitting, BertProcessing post-processor) ...
  testdata/tiny-cased.golden.json  ... and its expected ids.
"""

import hashlib
import json
import os
import sys

import tokenizers
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

HERE = os.path.dirname(os.path.abspath(__file__))

LONG = (
    "PersistMemory keeps what you tell it: facts, preferences, decisions and "
    "the reasons behind them. When a newer statement contradicts an older one, "
    "the older memory is superseded rather than deleted, so the timeline stays "
    "auditable. "
)

# (name, text, max_len). max_len counts [CLS] and [SEP].
CASES = [
    ("simple", "Hello, world!", 256),
    ("pangram", "The quick brown fox jumps over the lazy dog.", 256),
    ("empty", "", 256),
    ("only_whitespace", " \t\n\r\u00a0\u3000 ", 256),
    ("case", "PersistMemory STORES Memories and McDonald's iPhone", 256),
    ("contractions", "don't can't won't it's y'all", 256),
    ("numbers", "In 2024, 3.14159 and 1,000,000 were counted; 42nd 7th 0.5%", 256),
    ("accents_latin", "Café déjà vu — naïve résumé façade Ångström Øresund Łódź", 256),
    ("accents_more", "ÀÉÎÕÜ àéîõü ñ ç ş ğ İstanbul straße ß œuvre", 256),
    ("greek_cyrillic", "Ελληνικά Ψ ΣΊΣΥΦΟΣ Привет, мир! Ёлка", 256),
    ("cjk_chinese", "我喜欢北京烤鸭。你好，世界！", 256),
    ("cjk_japanese", "東京は日本の首都です。カタカナとひらがな", 256),
    ("cjk_korean", "안녕하세요 세계", 256),
    ("cjk_ranges", "\u3400\u4dbf\u4e00\u9fff\uf900\ufaff\U00020000\U0002a6df\U0002a700\U0002b73f\U0002b740\U0002b81f\U0002b820\U0002ceaf\U0002f800\U0002fa1f x", 256),
    ("cjk_boundaries", "a\u33ffa a\u3400a a\u4dbfa a\u4dc0a a\u4dffa a\u4e00a a\u9fffa a\ua000a a\uf8ffa a\uf900a a\ufaffa a\ufb00a "
     "a\U0001ffffa a\U00020000a a\U0002a6dfa a\U0002a6e0a a\U0002a6ffa a\U0002a700a a\U0002b73fa a\U0002b740a a\U0002b81fa "
     "a\U0002b820a a\U0002b91fa a\U0002b920a a\U0002ceafa a\U0002ceb0a a\U0002f7ffa a\U0002f800a a\U0002fa1fa a\U0002fa20a a\U00030000a", 256),
    ("cjk_mixed", "PersistMemory记忆系统v2版本", 256),
    ("emoji", "I love pizza 🍕🍕 and 🙂 👍🏽 👨\u200d👩\u200d👧 🥲 🫠 ✨ ❤️ 🇩🇪", 256),
    ("emoji_glued", "great👍job!🎉", 256),
    ("punctuation_ascii", "Wait... what?! (yes) [no] {maybe} $100 @user #tag 50% a+b=c <html> ~t `b` ^c |p \"q\" 's' \\ / * & _ -", 256),
    ("punctuation_unicode", "— – « » ¿Qué? ¡Hola! „quote“ “curly” ‘single’ … · • † ‡ § ¶ ※ 、。", 256),
    ("symbols", "x² + y² = z² ½ ∑ ∞ ≠ ≤ ﬁ € £ ¥ © ® ™ °C", 256),
    ("fullwidth", "ＡＢＣ１２３！？", 256),
    ("scripts", "مرحبا بالعالم שלום नमस्ते दुनिया สวัสดีครับ", 256),
    ("control_chars", "zero\u200bwidth soft\u00adhyphen null\u0000byte bell\u0007 bom\ufeff vt\u000bff\u000c nel\u0085end", 256),
    ("private_and_unassigned", "\ue000a \U000e0001b \u0378c \ufffdd", 256),
    ("combining", "e\u0301 a\u0308 \u0301alone n\u0303o", 256),
    ("special_literals", "text with [SEP] and [MASK] inside [cls] [UNK][PAD]x", 256),
    ("word_100_chars", "a" * 100, 256),
    ("word_101_chars", "a" * 101 + " ok", 256),
    ("unknown_chars", "Ⓐ 𓀀 ꙮ", 256),
    ("url_email", "see https://example.com/a?b=c&d=e#f or mail me@example.org", 256),
    ("code", "func main() { fmt.Println(\"hi\") } // x := map[string]int{}", 256),
    ("long_256", LONG * 12, 256),
    ("long_128", LONG * 12, 128),
    ("truncate_16", LONG, 16),
    ("truncate_mid_word", "unbelievably antidisestablishmentarianism", 4),
    ("truncate_2", "hello world", 2),
]


def encode_all(tok, path):
    out = []
    for name, text, max_len in CASES:
        tok.no_padding()
        tok.enable_truncation(max_len)
        enc = tok.encode(text)
        out.append({"name": name, "text": text, "max_len": max_len,
                    "ids": enc.ids, "tokens": enc.tokens})
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    return {
        "generator": "embed/wordpiece/testdata/gen_golden.py",
        "tokenizers_version": tokenizers.__version__,
        "tokenizer_sha256": digest,
        "cases": out,
    }


def tiny_cased():
    words = ["[PAD]", "[CLS]", "[SEP]", "[UNK]", "[MASK]"]
    for ch in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789":
        words += [ch, "##" + ch]
    for ch in ".,!?;:'\"()[]{}$%&*+-/<=>@#^_`|~\\—–«»¿¡…":
        words.append(ch)
    words += ["é", "##é", "ß", "##ß", "ö", "##ö", "我", "喜", "##欢", "東京",
              "Hello", "hello", "world", "World", "The", "the", "quick",
              "##ly", "##ing", "##s", "Café", "Caf", "café", "résumé",
              "straße", "PersistMemory", "Persist", "##Memory", "Memory",
              "un", "##believ", "##able", "##ab"]
    vocab = {}
    for w in words:
        if w not in vocab:
            vocab[w] = len(vocab)
    tok = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]",
                                     max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=False,
        strip_accents=False, lowercase=False)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.post_processor = processors.BertProcessing(
        ("[SEP]", vocab["[SEP]"]), ("[CLS]", vocab["[CLS]"]))
    tok.add_special_tokens(["[PAD]", "[CLS]", "[SEP]", "[UNK]", "[MASK]"])
    return tok


def write(obj, path):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=True, indent=1)
        f.write("\n")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_golden.py path/to/all-minilm-l6-v2/tokenizer.json")
    src = sys.argv[1]
    write(encode_all(Tokenizer.from_file(src), src),
          os.path.join(HERE, "e5.golden.json"))

    tiny_path = os.path.join(HERE, "tiny-cased.json")
    tiny_cased().save(tiny_path, pretty=True)
    write(encode_all(Tokenizer.from_file(tiny_path), tiny_path),
          os.path.join(HERE, "tiny-cased.golden.json"))


if __name__ == "__main__":
    main()
