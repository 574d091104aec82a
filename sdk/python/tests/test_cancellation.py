"""A cancelled call stops at once and is never retried."""

from __future__ import annotations

import asyncio
import sys

import httpx
import pytest

from persistmemory import AsyncPersistMemory, PersistMemory

from .conftest import BASE, KEY, Script, error_body, reply

JOB = {"jobId": "job_1", "status": "queued", "job": {}}


def slow_async_client(calls, *, sleeps=None, first=None, timeout=10.0):
    async def handler(request):
        calls.append(request)
        if first is not None and len(calls) == 1:
            return first(request)
        await asyncio.sleep(30)
        return httpx.Response(200, json=JOB)

    async def sleep(seconds):
        if sleeps is not None:
            sleeps.append(seconds)
        await asyncio.sleep(seconds)

    return AsyncPersistMemory(
        KEY, BASE, timeout=timeout, transport=httpx.MockTransport(handler), sleep=sleep, rng=lambda: 1.0
    )


async def test_cancelling_the_task_mid_request_is_not_retried():
    calls = []
    sleeps = []
    client = slow_async_client(calls, sleeps=sleeps)
    task = asyncio.create_task(client.jobs.get("job_1"))
    await asyncio.sleep(0.05)
    assert len(calls) == 1
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.sleep(0.1)
    assert len(calls) == 1
    assert sleeps == []


async def test_wait_for_timeout_is_a_cancellation_not_a_retry():
    calls = []
    client = slow_async_client(calls)
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(client.jobs.get("job_1"), timeout=0.05)
    await asyncio.sleep(0.1)
    assert len(calls) == 1


@pytest.mark.skipif(sys.version_info < (3, 11), reason="asyncio.timeout is 3.11+")
async def test_asyncio_timeout_around_a_call_is_not_retried():
    calls = []
    client = slow_async_client(calls)
    with pytest.raises(TimeoutError):
        async with asyncio.timeout(0.05):
            await client.jobs.get("job_1")
    await asyncio.sleep(0.1)
    assert len(calls) == 1


async def test_cancelling_during_backoff_stops_before_the_next_attempt():
    calls = []
    sleeps = []
    client = slow_async_client(
        calls, sleeps=sleeps, first=reply(503, error_body("SERVICE_UNAVAILABLE", "down", True), {"Retry-After": "30"})
    )
    task = asyncio.create_task(client.jobs.get("job_1"))
    while not sleeps:
        await asyncio.sleep(0.01)
    assert sleeps == [30.0]
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert len(calls) == 1


async def test_a_cancellation_raised_inside_the_transport_propagates():
    script = Script(asyncio.CancelledError())
    client = AsyncPersistMemory(KEY, BASE, transport=httpx.MockTransport(script))
    with pytest.raises(asyncio.CancelledError):
        await client.jobs.get("job_1")
    assert script.count == 1


def test_sync_keyboard_interrupt_in_flight_is_not_retried():
    script = Script(KeyboardInterrupt(), reply(200, JOB))
    client = PersistMemory(KEY, BASE, transport=httpx.MockTransport(script), sleep=lambda s: None)
    with pytest.raises(KeyboardInterrupt):
        client.jobs.get("job_1")
    assert script.count == 1


def test_sync_interrupt_during_backoff_stops():
    script = Script(reply(503, error_body("SERVICE_UNAVAILABLE", "down", True)), reply(200, JOB))

    def sleep(seconds):
        raise KeyboardInterrupt

    client = PersistMemory(KEY, BASE, transport=httpx.MockTransport(script), sleep=sleep)
    with pytest.raises(KeyboardInterrupt):
        client.jobs.get("job_1")
    assert script.count == 1
