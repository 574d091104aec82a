"""Shared test machinery.

Every test not marked ``integration`` runs with sockets disabled: a unit test
that forgot its MockTransport fails with SocketBlocked instead of quietly
talking to whatever listens on 127.0.0.1:8787.
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any, Callable, List, Optional, Union

import httpx
import pytest

from persistmemory import AsyncPage, AsyncPersistMemory, PersistMemory, SyncPage

KEY = "pm_live_" + "5e" * 32  # the shape of a real key, never a real one
BASE = "http://pm.test"


class SocketBlocked(RuntimeError):
    """A unit test tried to open a network connection."""


def _blocked(*args: Any, **kwargs: Any) -> Any:
    raise SocketBlocked("unit tests may not open sockets; inject a transport")


@pytest.fixture(autouse=True)
def _no_sockets(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("integration") is not None:
        return
    monkeypatch.setattr(socket.socket, "connect", _blocked)
    monkeypatch.setattr(socket.socket, "connect_ex", _blocked)
    monkeypatch.setattr(socket, "create_connection", _blocked)
    monkeypatch.setattr(socket, "getaddrinfo", _blocked)


@pytest.fixture(autouse=True)
def _clean_env(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Unit tests never see a developer's real key or server."""
    if request.node.get_closest_marker("integration") is not None:
        return
    monkeypatch.delenv("PERSISTMEMORY_API_KEY", raising=False)
    monkeypatch.delenv("PERSISTMEMORY_BASE_URL", raising=False)


Step = Union[httpx.Response, BaseException, Callable[[httpx.Request], Any]]


def reply(status: int = 200, body: Any = None, headers: Optional[dict] = None) -> Callable[[httpx.Request], httpx.Response]:
    """A fresh response per use (an httpx.Response is single-use)."""

    def make(request: httpx.Request) -> httpx.Response:
        content = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        h = {"content-type": "application/json"} if body is not None and not isinstance(body, bytes) else {}
        h.update(headers or {})
        return httpx.Response(status, content=content, headers=h)

    return make


def error_body(code: str, message: str, retryable: bool = False) -> dict:
    return {"error": {"code": code, "message": message, "retryable": retryable}}


class Script:
    """A transport handler that plays steps in order (the last one repeats)
    and records every request it saw."""

    def __init__(self, *steps: Step) -> None:
        self.steps: List[Step] = list(steps) or [reply(200, {})]
        self.requests: List[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> Any:
        request.read()
        self.requests.append(request)
        step = self.steps[min(len(self.requests), len(self.steps)) - 1]
        if isinstance(step, BaseException):
            raise step
        return step(request)

    @property
    def count(self) -> int:
        return len(self.requests)


class Harness:
    """Drives either client through the same test: ``h.call(fn)`` runs
    ``fn(client)`` and, for the async client, awaits what it returns."""

    def __init__(self, kind: str, handler: Callable, *, rng: Callable[[], float] = lambda: 0.5, **options: Any) -> None:
        self.kind = kind
        self.sleeps: List[float] = []
        transport = httpx.MockTransport(handler)
        if kind == "sync":
            self.client: Any = PersistMemory(
                api_key=KEY, base_url=BASE, transport=transport, sleep=self.sleeps.append, rng=rng, **options
            )
        else:

            async def sleep(seconds: float) -> None:
                self.sleeps.append(seconds)

            self.client = AsyncPersistMemory(
                api_key=KEY, base_url=BASE, transport=transport, sleep=sleep, rng=rng, **options
            )

    def call(self, fn: Callable[[Any], Any]) -> Any:
        result = fn(self.client)
        if self.kind == "async":
            if isinstance(result, AsyncPage):
                return asyncio.run(result.first())
            return asyncio.run(result)
        if isinstance(result, SyncPage):
            return result.first()
        return result

    def collect(self, page: Any) -> List[Any]:
        if self.kind == "sync":
            return [item for item in page]

        async def walk() -> List[Any]:
            return [item async for item in page]

        return asyncio.run(walk())

    def all(self, page: Any, bound: Any) -> List[Any]:
        if self.kind == "sync":
            return page.all(bound)
        return asyncio.run(page.all(bound))

    def first(self, page: Any) -> Any:
        if self.kind == "sync":
            return page.first()
        return asyncio.run(page.first())


@pytest.fixture(params=["sync", "async"])
def kind(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def harness(kind: str) -> Callable[..., Harness]:
    def make(handler: Callable, **options: Any) -> Harness:
        return Harness(kind, handler, **options)

    return make
