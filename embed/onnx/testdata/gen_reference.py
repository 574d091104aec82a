#!/usr/bin/env python3
"""Regenerate testdata/reference.json: all-MiniLM-L6-v2 embeddings computed
independently of the Go code, with HuggingFace tokenizers, the Python
onnxruntime and numpy (mean pooling over the attention mask, then L2
normalisation, as sentence-transformers does).

Usage (from embed/onnx):

    pip install tokenizers onnxruntime numpy
    python3 testdata/gen_reference.py ~/.cache/persistmemory/models/e5-small-v2-q

The directory holds model.onnx and tokenizer.json. The sha256 of both is
recorded so the Go test can tell a different model from a regression.
"""

import hashlib
import json
import os
import sys

import numpy as np
import onnxruntime
import tokenizers
from tokenizers import Tokenizer

HERE = os.path.dirname(os.path.abspath(__file__))

SENTENCES = [
    "hello world",
    "",
    "The quick brown fox jumps over the lazy dog.",
    "PersistMemory supersedes an older memory when a newer statement contradicts it.",
    "Café déjà vu — naïve résumé, 我喜欢北京烤鸭。 🙂",
    "She is allergic to peanuts.",
    # Longer than 256 tokens: only the first 256 count.
    "Memories are facts, preferences and decisions. " * 40,
]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_reference.py MODEL_DIR")
    model = os.path.join(sys.argv[1], "model.onnx")
    tok_path = os.path.join(sys.argv[1], "tokenizer.json")
    tok = Tokenizer.from_file(tok_path)
    tok.no_padding()
    tok.enable_truncation(256)
    sess = onnxruntime.InferenceSession(model, providers=["CPUExecutionProvider"])
    names = [i.name for i in sess.get_inputs()]
    cases = []
    for s in SENTENCES:
        enc = tok.encode(s)
        ids = np.array([enc.ids], dtype=np.int64)
        mask = np.array([enc.attention_mask], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask,
                "token_type_ids": np.zeros_like(ids)}
        hidden = sess.run(["last_hidden_state"], {n: feed[n] for n in names})[0]
        m = mask[..., None].astype(np.float64)
        pooled = (hidden.astype(np.float64) * m).sum(axis=1) / m.sum(axis=1)
        vec = pooled[0] / np.linalg.norm(pooled[0])
        cases.append({"text": s, "tokens": len(enc.ids),
                      "vector": [float("%.7g" % x) for x in vec]})
    out = {
        "generator": "embed/onnx/testdata/gen_reference.py",
        "onnxruntime_version": onnxruntime.__version__,
        "tokenizers_version": tokenizers.__version__,
        "model_sha256": sha256(model),
        "tokenizer_sha256": sha256(tok_path),
        "cases": cases,
    }
    with open(os.path.join(HERE, "reference.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=True)
        f.write("\n")


if __name__ == "__main__":
    main()
