"""PersistMemory's first-party Python SDK: a sync and an async client over the
same HTTP API, with the same retry policy, paginator and error classes.

    from persistmemory import PersistMemory

    client = PersistMemory()  # reads PERSISTMEMORY_API_KEY
    client.memories.remember("We chose Postgres for the ledger, not DynamoDB.")
    found = client.search.query("what did we decide about the ledger")
"""

from ._async_client import AsyncPage, AsyncPersistMemory
from ._client import PersistMemory, SyncPage
from ._errors import (
    APIConnectionError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    PersistMemoryError,
    RateLimitError,
    RequestTooLargeError,
    ServiceUnavailableError,
)
from ._version import __version__

__all__ = [
    "PersistMemory",
    "AsyncPersistMemory",
    "SyncPage",
    "AsyncPage",
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
    "__version__",
]
