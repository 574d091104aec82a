"""Keeping credentials out of everything a person might paste into a bug report."""

from __future__ import annotations

import re
from typing import Iterable, Optional

REDACTED = "[redacted]"

# A PersistMemory API key (pm_live_<64 hex>; pm_test_ reserved for the same shape).
_PM_KEY = re.compile(r"pm_(?:live|test)_[A-Za-z0-9_\-]+")
# "Bearer <token>" as it appears in a header echoed into a message.
_BEARER = re.compile(r"(?i)\b(bearer)(\s+|%20|\+)[A-Za-z0-9\-._~+/]+=*")
# A JWT (session token or OAuth access token): three base64url segments, the first "eyJ".
_JWT = re.compile(r"\beyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*")


def redact(text: str, secrets: Iterable[Optional[str]] = ()) -> str:
    """Return text with every key-shaped string, and every secret given, removed.

    Applied to anything that leaves the SDK in human-readable form: error
    messages, log lines, reprs.
    """
    if not text:
        return text
    for secret in secrets:
        # Short secrets would blank out ordinary words; they are caught by the
        # shape patterns below if they look like credentials at all.
        if secret and len(secret) >= 8:
            text = text.replace(secret, REDACTED)
    text = _PM_KEY.sub(REDACTED, text)
    text = _BEARER.sub(lambda m: m.group(1) + " " + REDACTED, text)
    text = _JWT.sub(REDACTED, text)
    return text


def mask_key(key: str) -> str:
    """A printable stand-in for a key: its kind and, for long keys, the last
    four characters (the hint the server shows too), never the key."""
    if key.startswith("pm_live_") or key.startswith("pm_test_"):
        prefix = key[:8]
    elif key.startswith("eyJ"):
        prefix = "jwt:"
    else:
        prefix = ""
    if len(key) >= 32:
        return prefix + "\u2026" + key[-4:]
    return prefix + "****"


class Secret:
    """Holds a credential so that repr, str, vars() and pickling never show it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret(" + mask_key(self._value) + ")"

    __str__ = __repr__

    def __reduce__(self):  # pragma: no cover - trivial
        raise TypeError("a PersistMemory credential cannot be pickled")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)
