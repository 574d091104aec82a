"""The synchronous client, on httpx.Client.

Written out in full rather than wrapping the async client: a sync facade
over an async client needs an event loop, and calling it from inside a
running one either deadlocks or needs a background thread nobody asked for.
_async_client.py is its twin; keep the two in step.
"""

from __future__ import annotations

import datetime
import json as _json
import logging
import random as _random
import time
from typing import Any, Callable, Collection, Dict, Iterator, List, Optional, Sequence

import httpx

from . import _shared as s
from ._errors import (
    APIConnectionError,
    APITimeoutError,
    PersistMemoryError,
    error_for_status,
)
from ._redact import Secret, mask_key

__all__ = ["PersistMemory", "SyncPage"]

log = logging.getLogger("persistmemory")

JSON = Any


class SyncPage:
    """A lazy walk over a list route. Nothing is requested until you ask.

    - ``first()``: the first page as the server sent it, ``{"items": [...], "nextCursor": ...}``.
    - ``all(bound)``: up to ``bound`` items across pages (the bound is required).
    - ``for item in page``: item by item; stop whenever you like.
    - ``pages()``: page by page.

    A missing ``nextCursor`` means stop; an empty page does not.
    """

    def __init__(self, client: "PersistMemory", path: str, params: Dict[str, Any]) -> None:
        self._client = client
        self._path = path
        self._params = params

    def _fetch(self, cursor: Optional[str]) -> JSON:
        params = dict(self._params)
        if cursor is not None:
            params["cursor"] = cursor
        return self._client._request("GET", self._path, params=params)

    def first(self) -> Dict[str, Any]:
        """The first page, exactly as the server sent it."""
        return self._fetch(self._params.get("cursor"))

    def pages(self) -> Iterator[Dict[str, Any]]:
        cursor = self._params.get("cursor")
        while True:
            page = self._fetch(cursor)
            yield page
            cursor = s.next_cursor(page, cursor)
            if cursor is None:
                return

    def __iter__(self) -> Iterator[Any]:
        for page in self.pages():
            yield from s.page_items(page)

    def all(self, bound: int) -> List[Any]:
        """Every item, up to ``bound``. The bound is required: an unbounded
        collect on a large account is minutes of requests and a heap full of
        results. No page is fetched past the one that reaches the bound."""
        bound = s.check_bound(bound)
        out: List[Any] = []
        walk = iter(self)
        try:
            for item in walk:
                out.append(item)
                if len(out) >= bound:
                    break
        finally:
            close = getattr(walk, "close", None)
            if close is not None:
                close()
        return out

    def __repr__(self) -> str:
        return f"SyncPage(path={self._path!r})"


class PersistMemory:
    """The synchronous PersistMemory client.

    Args:
        api_key: a ``pm_live_`` key or a session token. Defaults to the
            ``PERSISTMEMORY_API_KEY`` environment variable; missing is a ValueError.
        base_url: the server's root. Defaults to ``PERSISTMEMORY_BASE_URL``,
            else ``http://127.0.0.1:8787``.
        timeout: seconds per ATTEMPT (not per call), so backoff cannot eat the
            deadline. It bounds connecting, sending, each wait for response
            bytes, and reading the whole body.
        max_attempts: attempts per call, retries included (1 = never retry).
        transport: an ``httpx.BaseTransport`` (e.g. ``httpx.MockTransport``),
            which is how a test of your code avoids opening a socket.
        sleep, rng: the backoff's clock and jitter source (for tests):
            ``sleep(seconds)`` and ``rng() -> float in [0, 1)``.

    Safe for use from several threads (httpx.Client is). Use as a context
    manager, or call ``close()``.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: float = s.DEFAULT_TIMEOUT,
        max_attempts: int = s.DEFAULT_MAX_ATTEMPTS,
        transport: Optional[httpx.BaseTransport] = None,
        *,
        sleep: Optional[Callable[[float], None]] = None,
        rng: Optional[Callable[[], float]] = None,
    ) -> None:
        self._key = Secret(s.resolve_api_key(api_key))
        self.base_url = s.resolve_base_url(base_url)
        self.timeout = s.check_timeout(timeout)
        self.max_attempts = s.check_max_attempts(max_attempts)
        self._sleep = sleep if sleep is not None else time.sleep
        self._rng = rng if rng is not None else _random.random
        # follow_redirects stays off: a redirect must never carry the key elsewhere.
        self._http = httpx.Client(transport=transport, follow_redirects=False)

        self.memories = Memories(self)
        self.search = Search(self)
        self.spaces = Spaces(self)
        self.invitations = Invitations(self)
        self.sources = Sources(self)
        self.documents = Documents(self)
        self.jobs = Jobs(self)
        self.entities = Entities(self)
        self.graph = Graph(self)
        self.conflicts = Conflicts(self)
        self.conversations = Conversations(self)
        self.integrations = Integrations(self)
        self.health = Health(self)
        self.limits = Limits(self)

    # ---- lifecycle --------------------------------------------------------

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "PersistMemory":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PersistMemory(base_url={self.base_url!r}, api_key={mask_key(self._key.reveal())!r})"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("a PersistMemory client cannot be pickled; build one where you need it")

    # ---- one call, with retries ------------------------------------------

    def _request(
        self,
        method: str,
        path: str,
        *,
        params: Optional[Dict[str, Any]] = None,
        json: Any = None,
        idempotency_key: Optional[str] = None,
        answer_statuses: Collection[int] = (),
    ) -> JSON:
        key_header = s.idempotency_header(idempotency_key)
        headers = {
            "Authorization": "Bearer " + self._key.reveal(),
            "Accept": "application/json",
            "User-Agent": s.USER_AGENT,
        }
        if key_header is not None:
            headers["Idempotency-Key"] = key_header
        content: Optional[bytes] = None
        if json is not None:
            content = _json.dumps(json, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
            headers["Content-Type"] = "application/json"
        may_retry = s.method_may_retry(method, idempotency_key)
        secrets = (self._key.reveal(),)

        attempt = 0
        while True:
            attempt += 1
            error: PersistMemoryError
            retry_after: Optional[float] = None
            try:
                status, resp_headers, data = self._attempt(method, path, params, content, headers)
            except httpx.TimeoutException as exc:
                error = APITimeoutError(
                    f"{method} {path} timed out after {self.timeout:g}s ({type(exc).__name__})",
                    secrets=secrets,
                )
            except _AttemptTimeout:
                error = APITimeoutError(f"{method} {path} timed out after {self.timeout:g}s", secrets=secrets)
            except httpx.TransportError as exc:
                error = APIConnectionError(
                    f"{method} {path} failed: {type(exc).__name__}: {exc}",
                    secrets=secrets,
                )
            except httpx.HTTPError as exc:
                # Not a transport failure (a decoding error, say): not retried.
                raise APIConnectionError(
                    f"{method} {path} failed: {type(exc).__name__}: {exc}", retryable=False, secrets=secrets
                ) from None
            else:
                log.debug("%s %s -> %d (attempt %d of %d)", method, path, status, attempt, self.max_attempts)
                if 200 <= status <= 299 or (status in answer_statuses and _is_answer(data)):
                    return _decode(status, data, method, path, secrets)
                retry_after = s.parse_retry_after(resp_headers.get("retry-after"))
                error = error_for_status(status, data, resp_headers, retry_after=retry_after, secrets=secrets)
                if not s.retryable_status(status):
                    raise error
            if not may_retry or attempt >= self.max_attempts:
                raise error
            if retry_after is not None and retry_after > s.MAX_RETRY_AFTER:
                raise error
            delay = s.backoff_delay(attempt, self._rng, retry_after)
            log.debug(
                "%s %s: %s; retrying in %.3fs (attempt %d of %d)",
                method, path, error.code, delay, attempt + 1, self.max_attempts,
            )
            self._sleep(delay)

    def _attempt(
        self,
        method: str,
        path: str,
        params: Optional[Dict[str, Any]],
        content: Optional[bytes],
        headers: Dict[str, str],
    ):
        """One attempt, bounded by the per-attempt timeout."""
        deadline = time.monotonic() + self.timeout
        request = self._http.build_request(
            method,
            self.base_url + path,
            params=params,
            content=content,
            headers=headers,
            timeout=httpx.Timeout(self.timeout),
        )
        response = self._http.send(request, stream=True)
        try:
            chunks = []
            for chunk in response.iter_bytes():
                chunks.append(chunk)
                if time.monotonic() > deadline:
                    raise _AttemptTimeout()
            if time.monotonic() > deadline:
                raise _AttemptTimeout()
            return response.status_code, response.headers, b"".join(chunks)
        finally:
            response.close()


class _AttemptTimeout(Exception):
    """The whole attempt outlived its timeout while the body trickled in."""


def _is_answer(data: bytes) -> bool:
    """A non-2xx body that is an answer (readiness: {status, checks}) rather
    than an error body."""
    try:
        value = _json.loads(data)
    except ValueError:
        return False
    return isinstance(value, dict) and "error" not in value


def _decode(status: int, data: bytes, method: str, path: str, secrets: Sequence[str]) -> JSON:
    if status == 204 or not data.strip():
        return None
    try:
        return _json.loads(data)
    except ValueError:
        raise PersistMemoryError(
            f"{method} {path}: the response was not JSON", code="INVALID_RESPONSE", status_code=status, secrets=secrets
        ) from None


# ---- the twelve resources --------------------------------------------------

_V1 = s.API_PREFIX


class _Resource:
    def __init__(self, client: PersistMemory) -> None:
        self._client = client

    def _get(self, path: str, **params: Any) -> JSON:
        return self._client._request("GET", _V1 + path, params=s.query(**params))

    def _page(self, path: str, **params: Any) -> SyncPage:
        return SyncPage(self._client, _V1 + path, s.query(**params))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._client!r}>"


class Memories(_Resource):
    """Browse chronologically, read one, or hand over new material."""

    def list(
        self,
        *,
        type: Optional[str] = None,
        space_id: Optional[str] = None,
        state: Optional[str] = None,
        scope: Optional[str] = None,
        from_: Any = None,
        to: Any = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> SyncPage:
        """GET /memories, newest first. ``from_``/``to`` take ISO 8601 strings or datetimes.
        ``scope`` is in the seed's examples but not taken by the server, which
        ignores it and lists every space of the caller (that is, "combined")."""
        return self._page(
            "/memories", type=type, space_id=space_id, state=state, scope=scope, from_=from_, to=to,
            limit=limit, cursor=cursor,
        )

    def get(self, memory_id: str) -> JSON:
        """GET /memories/{id}: ``{memory, entities, evidence, evidenceCount,
        conflicts, space, supersededBy}``; the memory itself is ``["memory"]``."""
        return self._get("/memories/" + s.segment("memory_id", memory_id))

    def remember(
        self,
        text: str,
        *,
        space_id: Optional[str] = None,
        source: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> JSON:
        """POST /memories. Does NOT return a memory: answers 202 with
        ``{jobId, status, job}``; poll ``jobs.get`` until ``completed``.
        Retried only when ``idempotency_key`` is given."""
        if not isinstance(text, str):
            raise TypeError("text must be a string")
        return self._client._request(
            "POST", _V1 + "/memories", json=s.body(text=text, space_id=space_id, source=source),
            idempotency_key=idempotency_key,
        )

    def timeline(self, memory_id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        """GET /memories/{id}/timeline: what this memory replaced and what replaced it."""
        return self._page("/memories/" + s.segment("memory_id", memory_id) + "/timeline", limit=limit, cursor=cursor)

    def confirm(self, memory_id: str, *, idempotency_key: Optional[str] = None) -> JSON:
        """POST /memories/{id}/confirm."""
        return self._client._request(
            "POST", _V1 + "/memories/" + s.segment("memory_id", memory_id) + "/confirm", json={},
            idempotency_key=idempotency_key,
        )

    def correct(self, memory_id: str, correction: str, *, idempotency_key: Optional[str] = None) -> JSON:
        """POST /memories/{id}/correct: 202 with a job, like remember."""
        if not isinstance(correction, str):
            raise TypeError("correction must be a string")
        return self._client._request(
            "POST", _V1 + "/memories/" + s.segment("memory_id", memory_id) + "/correct",
            json=s.body(correction=correction), idempotency_key=idempotency_key,
        )


class Search(_Resource):
    """Rank by relevance, or assemble context inside a token budget.

    Both are POSTs, so like every POST they are retried only with an
    idempotency key (a search changes nothing: any stable key will do).
    """

    def query(
        self,
        query: str,
        *,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        space_ids: Optional[Sequence[str]] = None,
        scope: Optional[str] = None,
        include_history: Optional[bool] = None,
        now: Any = None,
        idempotency_key: Optional[str] = None,
    ) -> JSON:
        """POST /search: ``{results: [{memory, score, breakdown}], nextCursor?, diagnostics}``.
        Read ``diagnostics.degraded`` before telling anyone the system knows nothing.

        ``space_ids`` and ``scope`` are planned in the route table; until the
        server takes them it answers 400 (unknown field). ``now`` (a datetime
        or an RFC 3339 string) ranks as of that instant."""
        if not isinstance(query, str):
            raise TypeError("query must be a string")
        return self._client._request(
            "POST", _V1 + "/search",
            json=s.body(query=query, limit=limit, cursor=cursor, space_ids=_list(space_ids), scope=scope,
                        include_history=include_history, now=_instant(now)),
            idempotency_key=idempotency_key,
        )

    def context(
        self,
        query: str,
        *,
        token_budget: Optional[int] = None,
        scope: Optional[str] = None,
        space_ids: Optional[Sequence[str]] = None,
        include_history: Optional[bool] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        now: Any = None,
        idempotency_key: Optional[str] = None,
    ) -> JSON:
        """POST /search/context: context for a model, bounded by TOKENS:
        ``{context, memories, truncated, omitted, tokens, budget, tokenizer, diagnostics}``
        (each of ``memories`` is a ranked result: ``{memory, score, breakdown, tokens}``).

        ``space_ids`` and ``scope`` are planned in the route table; until the
        server takes them it answers 400 (unknown field)."""
        if not isinstance(query, str):
            raise TypeError("query must be a string")
        return self._client._request(
            "POST", _V1 + "/search/context",
            json=s.body(query=query, token_budget=token_budget, space_ids=_list(space_ids), scope=scope,
                        include_history=include_history, limit=limit, cursor=cursor, now=_instant(now)),
            idempotency_key=idempotency_key,
        )


class Spaces(_Resource):
    """Keep work apart. A memory filed in one never answers another."""

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        """The caller's own spaces (the personal one first), then those shared
        with them, each with ``role`` ("owner", "editor", "viewer") and ``ownerId``."""
        return self._page("/spaces", limit=limit, cursor=cursor)

    def create(self, name: str, *, idempotency_key: Optional[str] = None) -> JSON:
        return self._client._request("POST", _V1 + "/spaces", json=s.body(name=name), idempotency_key=idempotency_key)

    def get(self, space_id: str) -> JSON:
        """One space, the caller's own or shared with them, with ``role`` and
        ``ownerId``. A space the caller cannot see is NotFoundError."""
        return self._get("/spaces/" + s.segment("space_id", space_id))

    def rename(self, space_id: str, name: str) -> JSON:
        return self._client._request("PATCH", _V1 + "/spaces/" + s.segment("space_id", space_id), json=s.body(name=name))

    def delete(self, space_id: str) -> None:
        self._client._request("DELETE", _V1 + "/spaces/" + s.segment("space_id", space_id))

    def collaborators(self, space_id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        """Everybody who can see the space: the owner first, then active
        collaborators, then invitations not accepted yet (``state`` "active" or
        "pending"). For the owner and active collaborators; anyone else gets
        NotFoundError."""
        return self._page("/spaces/" + s.segment("space_id", space_id) + "/collaborators", limit=limit, cursor=cursor)

    def add_collaborator(
        self,
        space_id: str,
        email: Optional[str] = None,
        role: Optional[str] = None,
        *,
        user_id: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> JSON:
        """Invites someone, by exactly one of ``email`` (the address they sign in
        with) or ``user_id``, as ``role`` "editor" or "viewer". Answers the
        collaborator with ``state`` "pending": they see the space once they
        accept (``spaces.accept_invitation``). Owner only (PermissionDeniedError);
        someone already invited is ConflictError; an address nobody signs in
        with yet is NotFoundError."""
        return self._client._request(
            "POST", _V1 + "/spaces/" + s.segment("space_id", space_id) + "/collaborators",
            json=s.collaborator_body(email, user_id, role), idempotency_key=idempotency_key,
        )

    def update_collaborator(self, space_id: str, member: str, role: str) -> JSON:
        """Changes a collaborator's role (owner only). ``member`` is their userId,
        or the address they were invited by."""
        return self._client._request(
            "PATCH",
            _V1 + "/spaces/" + s.segment("space_id", space_id) + "/collaborators/" + s.segment("member", member),
            json=s.body(role=role),
        )

    def remove_collaborator(self, space_id: str, member: str) -> None:
        """Ends a collaborator's access or withdraws an invitation (owner only;
        the owner cannot be removed). With ``member`` = your own userId, leaves
        the space or declines the invitation."""
        self._client._request(
            "DELETE",
            _V1 + "/spaces/" + s.segment("space_id", space_id) + "/collaborators/" + s.segment("member", member),
        )

    def accept_invitation(self, space_id: str, *, idempotency_key: Optional[str] = None) -> JSON:
        """Accepts an invitation to a space shared with the caller; answers the
        space as they now see it (with ``role`` and ``ownerId``). No invitation
        for the caller is NotFoundError."""
        return self._client._request(
            "POST", _V1 + "/spaces/" + s.segment("space_id", space_id) + "/invitations/accept",
            json={}, idempotency_key=idempotency_key,
        )


class Invitations(_Resource):
    """Spaces offered to the caller and not accepted yet."""

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        """Each ``{spaceId, spaceName, ownerId, role, invitedBy, invitedAt}``;
        accept one with ``spaces.accept_invitation(invitation["spaceId"])``."""
        return self._page("/invitations", limit=limit, cursor=cursor)


class Sources(_Resource):
    """Where material came from, with its access scope."""

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        return self._page("/sources", limit=limit, cursor=cursor)

    def get(self, source_id: str) -> JSON:
        """GET /sources/{id}. In the route table but not served yet: the server
        answers 404 (no such route), and its sources carry a ``name``, not an id."""
        return self._get("/sources/" + s.segment("source_id", source_id))


class Documents(_Resource):
    """What was ingested, before anything was extracted from it."""

    def list(self, *, source: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        """GET /documents, newest first, each with its job's state; ``source`` filters."""
        return self._page("/documents", source=source, limit=limit, cursor=cursor)

    def get(self, document_id: str) -> JSON:
        return self._get("/documents/" + s.segment("document_id", document_id))


class Jobs(_Resource):
    """What became of a piece of material handed to the pipeline.
    States: queued -> extracting -> completed | failed."""

    def list(self, *, state: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        """GET /jobs, newest first: ``{jobId, state, memoryIds, preview, ...}`` each.
        ``state`` is in the route table, but the server ignores it today: filter
        the items yourself."""
        return self._page("/jobs", state=state, limit=limit, cursor=cursor)

    def get(self, job_id: str) -> JSON:
        """GET /jobs/{id}: ``{jobId, status, job}``."""
        return self._get("/jobs/" + s.segment("job_id", job_id))


class Entities(_Resource):
    """The people, projects and systems memories are about."""

    def list(
        self,
        *,
        q: Optional[str] = None,
        kind: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> SyncPage:
        return self._page("/entities", q=q, kind=kind, limit=limit, cursor=cursor)

    def get(self, entity_id: str) -> JSON:
        """GET /entities/{id}: ``{entity, memories, mergedIds, neighbours}``."""
        return self._get("/entities/" + s.segment("entity_id", entity_id))


class Graph(_Resource):
    """Traverse from one entity to what it is connected to."""

    def neighbours(self, entity_id: str, *, depth: Optional[int] = None, limit: Optional[int] = None) -> JSON:
        """GET /graph/neighbours (depth 1..3, default 1): ``{nodes, edges, paths}``;
        nodes are ``{id, kind, label}``, edges ``{from, to, type}``, each path the
        ids of its nodes in order."""
        s.segment("entity_id", entity_id)
        return self._get("/graph/neighbours", entity_id=entity_id, depth=depth, limit=limit)

    def paths(
        self, from_id: str, to_id: str, *, max_depth: Optional[int] = None, limit: Optional[int] = None
    ) -> JSON:
        """GET /graph/paths: shortest paths between two entities (max_depth 1..4,
        default 2): ``{nodes, edges, paths}``, each path the ids of its nodes."""
        s.segment("from_id", from_id)
        s.segment("to_id", to_id)
        return self._get("/graph/paths", from_=from_id, to=to_id, max_depth=max_depth, limit=limit)


class Conflicts(_Resource):
    """Contradictions the system could not settle, and your verdict."""

    def list(self, *, state: Optional[str] = None, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        return self._page("/conflicts", state=state, limit=limit, cursor=cursor)

    def get(self, conflict_id: str) -> JSON:
        """GET /conflicts/{id}: ``{conflict, memories}`` (both memories)."""
        return self._get("/conflicts/" + s.segment("conflict_id", conflict_id))

    def resolve(
        self,
        conflict_id: str,
        action: str,
        *,
        keep_id: Optional[str] = None,
        reason: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> JSON:
        """POST /conflicts/{id}/resolve with action "keep" (and keep_id) or "dismiss"."""
        return self._client._request(
            "POST", _V1 + "/conflicts/" + s.segment("conflict_id", conflict_id) + "/resolve",
            json=s.body(action=action, keep_id=keep_id, reason=reason), idempotency_key=idempotency_key,
        )


class Conversations(_Resource):
    """Append turns, and let extraction read the exchange as a whole."""

    def append(
        self,
        conversation_id: str,
        messages: Sequence[Dict[str, Any]],
        *,
        space_id: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> JSON:
        """POST /conversations/{id}/messages: ``{jobId, extracting, note?, job, turns}``.
        Each message is ``{"role", "content"}`` (role: user, assistant, system
        or tool) with optional ``author``, ``timestamp``, ``source_id``.
        ``space_id`` files what is extracted in that space. Read
        ``extracting``: with no queue configured the turns are stored and
        never become memory."""
        return self._client._request(
            "POST", _V1 + "/conversations/" + s.segment("conversation_id", conversation_id) + "/messages",
            json=s.body(messages=s.messages_wire(messages), space_id=space_id), idempotency_key=idempotency_key,
        )

    def search(self, query: str, *, limit: Optional[int] = None, idempotency_key: Optional[str] = None) -> JSON:
        """POST /search/conversations: turns matching ``query``,
        ``{results: [{turn, score}]}``. A POST: retried only with an idempotency key."""
        if not isinstance(query, str):
            raise TypeError("query must be a string")
        return self._client._request(
            "POST", _V1 + "/search/conversations", json=s.body(query=query, limit=limit),
            idempotency_key=idempotency_key,
        )

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        return self._page("/conversations", limit=limit, cursor=cursor)

    def turns(self, conversation_id: str, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        return self._page(
            "/conversations/" + s.segment("conversation_id", conversation_id) + "/turns", limit=limit, cursor=cursor
        )


class Integrations(_Resource):
    """Connected sources, and asking one to sync now."""

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> SyncPage:
        return self._page("/integrations", limit=limit, cursor=cursor)

    def sync(self, integration_id: str, *, idempotency_key: Optional[str] = None) -> JSON:
        """POST /integrations/{id}/sync: 202. An integration this deployment is
        not configured for is refused with ConflictError (409)."""
        return self._client._request(
            "POST", _V1 + "/integrations/" + s.segment("integration_id", integration_id) + "/sync", json={},
            idempotency_key=idempotency_key,
        )


class Health(_Resource):
    """Liveness and readiness."""

    def live(self) -> JSON:
        """GET /healthz: ``{"status": "alive"}``."""
        return self._client._request("GET", "/healthz")

    def ready(self) -> JSON:
        """GET /readyz: ``{status, checks}``. An unready server's 503 with that
        body is returned as the answer (``status == "unavailable"``), not raised
        and not retried."""
        return self._client._request("GET", "/readyz", answer_statuses=(503,))


class Limits(_Resource):
    """The API's named limits (request and text sizes, search page size,
    context budgets, rate limit)."""

    def get(self) -> JSON:
        """GET /api/v1/limits."""
        return self._get("/limits")


def _instant(value: Any) -> Any:
    """A datetime as RFC 3339; a string as given."""
    if isinstance(value, (datetime.datetime, datetime.date)):
        return value.isoformat()
    return value


def _list(values: Optional[Sequence[str]]) -> Optional[List[str]]:
    if values is None:
        return None
    if isinstance(values, str):
        raise TypeError("space_ids must be a list of ids, not a string")
    return list(values)
