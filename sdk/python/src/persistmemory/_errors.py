"""The SDK's error classes.

Branch on the class or on ``code``, never on the message: messages get
rewritten, translated, and deliberately made vaguer for security. Every
message has key-shaped strings stripped before it is stored.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping, Optional

from ._redact import redact

__all__ = [
    "PersistMemoryError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "RequestTooLargeError",
    "RateLimitError",
    "ServiceUnavailableError",
    "InternalServerError",
    "APIConnectionError",
    "APITimeoutError",
]


class PersistMemoryError(Exception):
    """Base of every error the SDK raises.

    Attributes:
        code: a stable, machine-readable code: the server's error code
            (``NOT_FOUND``, ``RATE_LIMITED``, ...) or the SDK's own
            (``CONNECTION_ERROR``, ``TIMEOUT``, ``INVALID_RESPONSE``).
        message: a human-readable sentence, with credentials stripped.
        status_code: the HTTP status, or None when no response arrived.
        retryable: whether the server (or the SDK, for transport failures)
            considers a later retry able to succeed.
        request_id: the server's request id header, when it sent one.
    """

    default_code = "ERROR"

    def __init__(
        self,
        message: str,
        *,
        code: Optional[str] = None,
        status_code: Optional[int] = None,
        retryable: bool = False,
        request_id: Optional[str] = None,
        secrets: Iterable[Optional[str]] = (),
    ) -> None:
        self.message = redact(str(message), secrets)
        self.code = code or type(self).default_code
        self.status_code = status_code
        self.retryable = retryable
        self.request_id = request_id
        super().__init__(self.message)

    def __str__(self) -> str:
        where = self.code if self.status_code is None else f"{self.code}, HTTP {self.status_code}"
        return f"{self.message} [{where}]"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, status_code={self.status_code!r}, message={self.message!r})"


class BadRequestError(PersistMemoryError):
    """The request was malformed or invalid (400, 405, 415, 422). Never retried."""

    default_code = "INVALID_REQUEST"


class AuthenticationError(PersistMemoryError):
    """The credential is missing, unknown or revoked (401). Never retried."""

    default_code = "UNAUTHENTICATED"


class PermissionDeniedError(PersistMemoryError):
    """The credential may not do this (403). Never retried."""

    default_code = "FORBIDDEN"


class NotFoundError(PersistMemoryError):
    """No such resource for this credential (404): another owner's ids look missing too."""

    default_code = "NOT_FOUND"


class ConflictError(PersistMemoryError):
    """A conflict (409), e.g. an idempotency key reused with a different body."""

    default_code = "CONFLICT"


class RequestTooLargeError(PersistMemoryError):
    """The request exceeded a named size limit (413). The message names the limit."""

    default_code = "REQUEST_TOO_LARGE"


class RateLimitError(PersistMemoryError):
    """Still rate limited (429) after the retries were spent.

    ``retry_after_seconds`` is what the server said in Retry-After, or None.
    """

    default_code = "RATE_LIMITED"

    def __init__(self, message: str, *, retry_after_seconds: Optional[float] = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after_seconds = retry_after_seconds


class ServiceUnavailableError(PersistMemoryError):
    """A dependency is unavailable (503) after the retries were spent."""

    default_code = "SERVICE_UNAVAILABLE"

    def __init__(self, message: str, *, retry_after_seconds: Optional[float] = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after_seconds = retry_after_seconds


class InternalServerError(PersistMemoryError):
    """The server failed (5xx other than 503) after the retries were spent."""

    default_code = "INTERNAL"


class APIConnectionError(PersistMemoryError):
    """No response arrived: the connection failed or broke."""

    default_code = "CONNECTION_ERROR"

    def __init__(self, message: str = "could not reach the PersistMemory server", **kwargs: Any) -> None:
        kwargs.setdefault("retryable", True)
        super().__init__(message, **kwargs)


class APITimeoutError(APIConnectionError):
    """An attempt took longer than the per-attempt timeout (and so did every retry)."""

    default_code = "TIMEOUT"

    def __init__(self, message: str = "the request timed out", **kwargs: Any) -> None:
        super().__init__(message, **kwargs)


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    405: BadRequestError,
    409: ConflictError,
    413: RequestTooLargeError,
    415: BadRequestError,
    422: BadRequestError,
    429: RateLimitError,
    503: ServiceUnavailableError,
}


def error_for_status(
    status: int,
    content: bytes,
    headers: Mapping[str, str],
    *,
    retry_after: Optional[float],
    secrets: Iterable[Optional[str]] = (),
) -> PersistMemoryError:
    """Build the error for a non-2xx response from its {error:{code,message,retryable}} body."""
    cls = _BY_STATUS.get(status)
    if cls is None:
        cls = InternalServerError if status >= 500 else PersistMemoryError
    code: Optional[str] = None
    message: Optional[str] = None
    retryable = status == 429 or status >= 500
    try:
        body = json.loads(content) if content else None
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        detail = body["error"]
        if isinstance(detail.get("code"), str) and detail["code"]:
            code = detail["code"]
        if isinstance(detail.get("message"), str) and detail["message"]:
            message = detail["message"]
        if isinstance(detail.get("retryable"), bool):
            retryable = detail["retryable"]
    if message is None:
        # A body that is not ours (a proxy's HTML page, say) is not echoed.
        message = f"HTTP {status} without an error body"
    kwargs: dict = dict(
        code=code,
        status_code=status,
        retryable=retryable,
        request_id=headers.get("x-request-id"),
        secrets=secrets,
    )
    if cls in (RateLimitError, ServiceUnavailableError):
        kwargs["retry_after_seconds"] = retry_after
    return cls(message, **kwargs)
