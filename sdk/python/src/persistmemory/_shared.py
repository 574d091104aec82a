"""Pure pieces both clients share: configuration, the retry policy's
arithmetic, and turning Python arguments into the camelCase wire.

Nothing here does I/O; the sync and async clients each do their own.
"""

from __future__ import annotations

import datetime
import email.utils
import math
import os
import time
from typing import Any, Callable, Dict, List, Mapping, Optional
from urllib.parse import quote

from ._version import __version__

DEFAULT_BASE_URL = "http://127.0.0.1:8787"
API_PREFIX = "/api/v1"
DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_ATTEMPTS = 3

#: First backoff ceiling, seconds; doubled per retry.
INITIAL_BACKOFF = 0.25
#: Backoff ceiling cap, seconds.
MAX_BACKOFF = 8.0
#: A Retry-After longer than this is not waited out: the error is raised
#: at once, with retry_after_seconds set, for the caller to decide.
MAX_RETRY_AFTER = 60.0

ENV_API_KEY = "PERSISTMEMORY_API_KEY"
ENV_BASE_URL = "PERSISTMEMORY_BASE_URL"

USER_AGENT = f"persistmemory-python/{__version__}"


def resolve_api_key(api_key: Optional[str]) -> str:
    key = api_key if api_key is not None else os.environ.get(ENV_API_KEY)
    if key is None or not key.strip():
        raise ValueError(
            "no PersistMemory API key: pass api_key=... or set the "
            f"{ENV_API_KEY} environment variable (a pm_live_ key or a session token)"
        )
    key = key.strip()
    if any(c in key for c in "\r\n\x00"):
        raise ValueError("the PersistMemory API key contains a control character")
    return key


def resolve_base_url(base_url: Optional[str]) -> str:
    url = base_url if base_url is not None else os.environ.get(ENV_BASE_URL) or DEFAULT_BASE_URL
    url = url.strip().rstrip("/")
    if not (url.startswith("http://") or url.startswith("https://")):
        raise ValueError(f"base_url must start with http:// or https://, got {url!r}")
    return url


def check_timeout(timeout: float) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0 or math.isinf(timeout):
        raise ValueError(f"timeout must be a positive number of seconds per attempt, got {timeout!r}")
    return float(timeout)


def check_max_attempts(max_attempts: int) -> int:
    if isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1:
        raise ValueError(f"max_attempts must be an integer of at least 1, got {max_attempts!r}")
    return max_attempts


# ---- the retry policy ------------------------------------------------------


def retryable_status(status: int) -> bool:
    """429 and every 5xx may be retried; no other status ever is."""
    return status == 429 or 500 <= status <= 599


def method_may_retry(method: str, idempotency_key: Optional[str]) -> bool:
    """A POST is repeated only when the caller declared it safe with an
    idempotency key: one that timed out may already have been processed."""
    return method.upper() != "POST" or idempotency_key is not None


def backoff_ceiling(retry_number: int) -> float:
    """The full-jitter ceiling before retry ``retry_number`` (1-based):
    0.25 s, 0.5 s, 1 s, ... capped at 8 s."""
    # Bounded exponent: 2**(n-1) overflows nothing but is pointless past the cap.
    exponent = min(retry_number - 1, 16)
    return min(MAX_BACKOFF, INITIAL_BACKOFF * (2 ** exponent))


def backoff_delay(retry_number: int, rng: Callable[[], float], retry_after: Optional[float]) -> float:
    """Full jitter under the exponential ceiling, with Retry-After as a floor."""
    fraction = rng()
    fraction = 0.0 if fraction < 0 else 1.0 if fraction > 1 else fraction
    delay = fraction * backoff_ceiling(retry_number)
    if retry_after is not None and retry_after > delay:
        delay = retry_after
    return delay


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Retry-After as seconds (delta-seconds or an HTTP date), or None."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    if value[0] in "+-":
        return None  # neither delta-seconds nor a date
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when is None:
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    if math.isnan(seconds) or math.isinf(seconds):
        return None
    return max(0.0, seconds)


# ---- the wire --------------------------------------------------------------


def camel(name: str) -> str:
    """snake_case -> camelCase; a trailing underscore (``from_``) is dropped."""
    name = name.rstrip("_")
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _wire_value(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (datetime.datetime, datetime.date)):
        return value.isoformat()
    return value


def query(**params: Any) -> Dict[str, Any]:
    """Query parameters: None dropped, names camelCased, booleans lowercase,
    lists repeated (httpx does that for list values)."""
    out: Dict[str, Any] = {}
    for name, value in params.items():
        if value is None:
            continue
        if isinstance(value, (list, tuple)):
            out[camel(name)] = [_wire_value(v) for v in value]
        else:
            out[camel(name)] = _wire_value(value)
    return out


def body(**fields: Any) -> Dict[str, Any]:
    """A JSON body: None dropped, top-level names camelCased, values as given."""
    return {camel(name): value for name, value in fields.items() if value is not None}


def camel_keys(obj: Mapping[str, Any]) -> Dict[str, Any]:
    """A caller's dict with snake_case keys camelCased (camelCase keys are
    left as they are), None values dropped."""
    return {camel(k) if "_" in k else k: v for k, v in obj.items() if v is not None}


def segment(name: str, value: Any) -> str:
    """One path segment from an id: required, and escaped so that an id can
    never change which route is called."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"{name} must be a non-empty string, got {value!r}")
    return quote(value, safe="")


def collaborator_body(email: Optional[str], user_id: Optional[str], role: Optional[str]) -> Dict[str, Any]:
    """The body of an invitation: exactly one of email or user_id, and a role."""
    if (email is None) == (user_id is None):
        raise ValueError("name the collaborator by exactly one of email= or user_id=")
    who = email if email is not None else user_id
    if not isinstance(who, str) or not who.strip():
        raise ValueError(f"{'email' if email is not None else 'user_id'} must be a non-empty string, got {who!r}")
    if not isinstance(role, str) or not role.strip():
        raise ValueError(f"role must be 'editor' or 'viewer', got {role!r}")
    return body(email=email, user_id=user_id, role=role)


#: What goes into the Idempotency-Key header unencoded: the server takes
#: printable ASCII without spaces (``^[\x21-\x7e]+$``); ``%`` is the escape.
_KEY_SAFE = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) != "%")


def idempotency_header(key: Optional[str]) -> Optional[str]:
    """The Idempotency-Key header value for ``key``.

    The server accepts printable ASCII without spaces, at most 255
    characters, while a key with meaning in it often holds a sentence
    (``f"{conversation_id}:{question[:40]}"``). Every UTF-8 byte outside
    0x21..0x7e, and ``%`` itself, is percent-encoded (upper-case hex):
    deterministic, so the same key names the same request on every attempt
    and every run, and injective, so two different keys never become one.
    The TypeScript SDK encodes identically.
    """
    if key is None:
        return None
    if not isinstance(key, str) or not key:
        raise ValueError(f"idempotency_key must be a non-empty string, got {key!r}")
    return quote(key, safe=_KEY_SAFE)


def messages_wire(messages: Any) -> List[Dict[str, Any]]:
    if isinstance(messages, (str, bytes)) or not isinstance(messages, (list, tuple)):
        raise TypeError("messages must be a list of {'role': ..., 'content': ...} dicts")
    out = []
    for i, message in enumerate(messages):
        if not isinstance(message, Mapping):
            raise TypeError(f"messages[{i}] must be a dict with 'role' and 'content'")
        out.append(camel_keys(message))
    return out


def check_bound(bound: Any) -> int:
    if isinstance(bound, bool) or not isinstance(bound, int) or bound < 1:
        raise ValueError(f"all() needs a bound: a positive number of items, got {bound!r}")
    return bound


def next_cursor(page: Any, sent: Optional[str]) -> Optional[str]:
    """The cursor of the page after ``page``, or None to stop.

    A missing (or null, or empty) nextCursor means stop; an empty page with a
    cursor does not. A cursor equal to the one just sent would loop forever,
    so it is an error rather than a silent stop.
    """
    from ._errors import PersistMemoryError

    if not isinstance(page, dict):
        raise PersistMemoryError("a list answer was not a JSON object", code="INVALID_RESPONSE")
    cursor = page.get("nextCursor")
    if cursor is None or cursor == "":
        return None
    if not isinstance(cursor, str):
        raise PersistMemoryError("nextCursor was not a string", code="INVALID_RESPONSE")
    if sent is not None and cursor == sent:
        raise PersistMemoryError(
            "the server returned the same cursor it was sent; stopping rather than looping",
            code="PAGINATION_STALLED",
        )
    return cursor


def page_items(page: Any) -> List[Any]:
    from ._errors import PersistMemoryError

    items = page.get("items") if isinstance(page, dict) else None
    if items is None:
        return []
    if not isinstance(items, list):
        raise PersistMemoryError("items was not a JSON array", code="INVALID_RESPONSE")
    return items
