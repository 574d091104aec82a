"""The guard in conftest.py: a unit test cannot open a socket."""

from __future__ import annotations

import socket

import pytest

from persistmemory import AsyncPersistMemory, PersistMemory

from .conftest import KEY, SocketBlocked


def _blocked_somewhere(exc: BaseException) -> bool:
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, SocketBlocked):
            return True
        for inner in getattr(exc, "exceptions", ()):  # exception groups
            if _blocked_somewhere(inner):
                return True
        exc = exc.__cause__ or exc.__context__
    return False


def test_a_raw_socket_cannot_connect():
    with pytest.raises(SocketBlocked):
        socket.create_connection(("127.0.0.1", 9))
    with socket.socket() as sock, pytest.raises(SocketBlocked):
        sock.connect(("127.0.0.1", 9))


def test_a_sync_client_without_a_transport_cannot_reach_the_network():
    client = PersistMemory(api_key=KEY, max_attempts=1)
    with pytest.raises(BaseException) as info:
        client.health.live()
    assert _blocked_somewhere(info.value), repr(info.value)


async def test_an_async_client_without_a_transport_cannot_reach_the_network():
    client = AsyncPersistMemory(api_key=KEY, max_attempts=1)
    with pytest.raises(BaseException) as info:
        await client.health.live()
    assert _blocked_somewhere(info.value), repr(info.value)
