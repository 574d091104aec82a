"""The retry policy, for both clients: what is retried, how often, how long
the waits are, and what is never repeated."""

from __future__ import annotations

import re

import email.utils
import time

import httpx
import pytest

from persistmemory import (
    APIConnectionError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RequestTooLargeError,
    ServiceUnavailableError,
)
from persistmemory import _shared as s

from .conftest import Script, error_body, reply

JOB = {"jobId": "job_1", "status": "completed", "job": {"id": "job_1", "state": "completed"}}


def get_job(client):
    return client.jobs.get("job_1")


# ---- what is retried -------------------------------------------------------


@pytest.mark.parametrize(
    "status,code",
    [(429, "RATE_LIMITED"), (500, "INTERNAL"), (502, "BAD_GATEWAY"), (503, "SERVICE_UNAVAILABLE"), (504, "X")],
)
def test_get_is_retried_on_429_and_5xx(harness, status, code):
    script = Script(reply(status, error_body(code, "try later", True)), reply(200, JOB))
    h = harness(script)
    assert h.call(get_job) == JOB
    assert script.count == 2
    assert len(h.sleeps) == 1


@pytest.mark.parametrize(
    "exc",
    [httpx.ConnectError("refused"), httpx.ReadError("reset"), httpx.RemoteProtocolError("eof"), httpx.WriteError("pipe")],
)
def test_get_is_retried_on_transport_failures(harness, exc):
    script = Script(exc, reply(200, JOB))
    h = harness(script)
    assert h.call(get_job) == JOB
    assert script.count == 2


@pytest.mark.parametrize(
    "status,cls",
    [
        (400, BadRequestError),
        (401, AuthenticationError),
        (403, PermissionDeniedError),
        (404, NotFoundError),
        (405, BadRequestError),
        (409, ConflictError),
        (413, RequestTooLargeError),
        (415, BadRequestError),
        (422, BadRequestError),
    ],
)
def test_other_4xx_is_never_retried(harness, status, cls):
    script = Script(reply(status, error_body("WHATEVER", "no", retryable=True)), reply(200, JOB))
    h = harness(script)
    with pytest.raises(cls):
        h.call(get_job)
    assert script.count == 1
    assert h.sleeps == []


def test_gives_up_after_max_attempts(harness):
    script = Script(reply(500, error_body("INTERNAL", "internal error; it has been logged", True)))
    h = harness(script)
    with pytest.raises(InternalServerError) as info:
        h.call(get_job)
    assert script.count == 3  # the default
    assert len(h.sleeps) == 2
    assert info.value.code == "INTERNAL" and info.value.status_code == 500 and info.value.retryable


@pytest.mark.parametrize("max_attempts", [1, 2, 5])
def test_max_attempts_counts_every_attempt(harness, max_attempts):
    script = Script(httpx.ConnectError("refused"))
    h = harness(script, max_attempts=max_attempts)
    with pytest.raises(APIConnectionError):
        h.call(get_job)
    assert script.count == max_attempts
    assert len(h.sleeps) == max_attempts - 1


def test_delete_and_patch_are_retried_like_get(harness):
    script = Script(reply(503, error_body("SERVICE_UNAVAILABLE", "down", True)), reply(204))
    h = harness(script)
    assert h.call(lambda c: c.spaces.delete("sp_1")) is None
    assert [r.method for r in script.requests] == ["DELETE", "DELETE"]

    script = Script(httpx.ReadError("reset"), reply(200, {"id": "sp_1", "name": "n"}))
    h = harness(script)
    assert h.call(lambda c: c.spaces.rename("sp_1", "n"))["name"] == "n"
    assert script.count == 2


# ---- POST: only with an idempotency key -----------------------------------


POST_FAILURES = [
    reply(503, error_body("SERVICE_UNAVAILABLE", "down", True)),
    reply(500, error_body("INTERNAL", "boom", True)),
    reply(429, error_body("RATE_LIMITED", "slow down", True), {"Retry-After": "1"}),
    httpx.ConnectError("refused"),
    httpx.ReadTimeout("slow"),
]


@pytest.mark.parametrize("failure", POST_FAILURES)
def test_post_without_idempotency_key_is_never_retried(harness, failure):
    script = Script(failure, reply(202, JOB))
    h = harness(script)
    with pytest.raises(Exception) as info:
        h.call(lambda c: c.memories.remember("The migration is halfway done."))
    assert script.count == 1
    assert h.sleeps == []
    assert type(info.value).__module__.startswith("persistmemory")


@pytest.mark.parametrize("failure", POST_FAILURES)
def test_post_with_idempotency_key_is_retried_with_the_same_key_and_body(harness, failure):
    script = Script(failure, reply(202, JOB))
    h = harness(script)
    out = h.call(lambda c: c.memories.remember("The migration is halfway done.", idempotency_key="standup:2026-08-28"))
    assert out == JOB
    assert script.count == 2
    keys = [r.headers.get("idempotency-key") for r in script.requests]
    assert keys == ["standup:2026-08-28", "standup:2026-08-28"]
    assert script.requests[0].content == script.requests[1].content == b'{"text":"The migration is halfway done."}'


def test_search_is_a_post_and_follows_the_post_rule(harness):
    script = Script(reply(503, error_body("SERVICE_UNAVAILABLE", "down", True)), reply(200, {"results": []}))
    h = harness(script)
    with pytest.raises(ServiceUnavailableError):
        h.call(lambda c: c.search.query("ledger"))
    assert script.count == 1

    script = Script(reply(503, error_body("SERVICE_UNAVAILABLE", "down", True)), reply(200, {"results": []}))
    h = harness(script)
    assert h.call(lambda c: c.search.query("ledger", idempotency_key="q:ledger")) == {"results": []}
    assert script.count == 2


def test_non_ascii_idempotency_key_is_sent_deterministically(harness):
    script = Script(reply(202, JOB))
    h = harness(script)
    h.call(lambda c: c.memories.remember("x", idempotency_key="conv_1:où est le café?\n"))
    h.call(lambda c: c.memories.remember("x", idempotency_key="conv_1:où est le café?\n"))
    sent = [r.headers["idempotency-key"] for r in script.requests]
    assert sent[0] == sent[1] == "conv_1:o%C3%B9%20est%20le%20caf%C3%A9?%0A"


def test_idempotency_key_with_spaces_is_sent_as_the_server_accepts_it(harness):
    # The server takes printable ASCII without spaces (^[\x21-\x7e]+$); the
    # seed's key, f"{conversation_id}:{question[:40]}", holds spaces.
    script = Script(reply(202, JOB))
    h = harness(script)
    h.call(lambda c: c.memories.remember("x", idempotency_key="conv_1:what did we decide about the ledger"))
    h.call(lambda c: c.memories.remember("x", idempotency_key="standup:2026-08-28"))
    h.call(lambda c: c.memories.remember("x", idempotency_key="50%:a%20b"))
    sent = [r.headers["idempotency-key"] for r in script.requests]
    assert sent == [
        "conv_1:what%20did%20we%20decide%20about%20the%20ledger",
        "standup:2026-08-28",  # already acceptable: sent as it is
        "50%25:a%2520b",  # % is escaped too, so "a b" and "a%20b" stay two keys
    ]
    assert all(re.fullmatch(r"[\x21-\x7e]+", key) for key in sent)


def test_empty_idempotency_key_is_refused_before_sending(harness):
    script = Script(reply(202, JOB))
    h = harness(script)
    with pytest.raises(ValueError):
        h.call(lambda c: c.memories.remember("x", idempotency_key=""))
    assert script.count == 0


# ---- backoff ----------------------------------------------------------------


def test_backoff_ceiling_doubles_from_250ms_and_caps_at_8s():
    assert [s.backoff_ceiling(n) for n in range(1, 10)] == [0.25, 0.5, 1, 2, 4, 8, 8, 8, 8]
    assert s.backoff_ceiling(10_000) == 8


@pytest.mark.parametrize("fraction", [0.0, 0.3, 0.999999])
def test_backoff_is_full_jitter_under_the_ceiling(fraction):
    for n in range(1, 12):
        delay = s.backoff_delay(n, lambda: fraction, None)
        assert delay == pytest.approx(fraction * s.backoff_ceiling(n))
        assert 0 <= delay <= s.MAX_BACKOFF


def test_backoff_with_real_randomness_stays_in_bounds():
    import random

    rng = random.Random(7).random
    for n in range(1, 12):
        for _ in range(200):
            assert 0 <= s.backoff_delay(n, rng, None) <= s.backoff_ceiling(n)


def test_retry_after_is_a_floor_not_a_ceiling():
    assert s.backoff_delay(1, lambda: 0.0, 3.0) == 3.0  # jitter below: the floor wins
    assert s.backoff_delay(6, lambda: 1.0, 3.0) == 8.0  # jitter above: jitter wins
    assert s.backoff_delay(1, lambda: 0.5, 0.0) == 0.125


def test_sleeps_follow_the_schedule(harness):
    script = Script(httpx.ConnectError("refused"))
    h = harness(script, max_attempts=8, rng=lambda: 1.0)
    with pytest.raises(APIConnectionError):
        h.call(get_job)
    assert h.sleeps == [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 8.0]

    script = Script(httpx.ConnectError("refused"))
    h = harness(script, max_attempts=4, rng=lambda: 0.0)
    with pytest.raises(APIConnectionError):
        h.call(get_job)
    assert h.sleeps == [0.0, 0.0, 0.0]


def test_retry_after_seconds_is_honoured_as_floor(harness):
    limited = reply(429, error_body("RATE_LIMITED", "rate limited", True), {"Retry-After": "3"})
    script = Script(limited, limited, reply(200, JOB))
    h = harness(script, rng=lambda: 0.0)
    assert h.call(get_job) == JOB
    assert h.sleeps == [3.0, 3.0]


def test_retry_after_http_date_is_honoured(harness):
    when = email.utils.formatdate(time.time() + 20, usegmt=True)
    script = Script(reply(503, error_body("SERVICE_UNAVAILABLE", "down", True), {"Retry-After": when}), reply(200, JOB))
    h = harness(script, rng=lambda: 0.0)
    assert h.call(get_job) == JOB
    assert 17 <= h.sleeps[0] <= 20


def test_rate_limit_error_carries_retry_after_when_retries_are_spent(harness):
    script = Script(reply(429, error_body("RATE_LIMITED", "rate limited", True), {"Retry-After": "2"}))
    h = harness(script)
    with pytest.raises(RateLimitError) as info:
        h.call(get_job)
    assert script.count == 3
    assert info.value.retry_after_seconds == 2.0
    assert info.value.code == "RATE_LIMITED"


def test_a_retry_after_beyond_a_minute_is_not_waited_out(harness):
    script = Script(reply(429, error_body("RATE_LIMITED", "rate limited", True), {"Retry-After": "3600"}))
    h = harness(script)
    with pytest.raises(RateLimitError) as info:
        h.call(get_job)
    assert script.count == 1 and h.sleeps == []
    assert info.value.retry_after_seconds == 3600.0


@pytest.mark.parametrize("value,want", [("5", 5.0), ("0", 0.0), ("-3", None), ("1.5", 1.5), ("soon", None), ("", None), (None, None), ("nan", None)])
def test_parse_retry_after(value, want):
    assert s.parse_retry_after(value) == want


# ---- timeout per attempt -----------------------------------------------------


def test_each_attempt_gets_the_full_timeout(harness):
    script = Script(httpx.ConnectError("refused"), httpx.ConnectError("refused"), reply(200, JOB))
    h = harness(script, timeout=7.5)
    assert h.call(get_job) == JOB
    assert script.count == 3
    for request in script.requests:
        assert request.extensions["timeout"] == {"connect": 7.5, "read": 7.5, "write": 7.5, "pool": 7.5}


def test_a_timed_out_get_is_retried_then_reported_as_a_timeout(harness):
    script = Script(httpx.ReadTimeout("slow"), reply(200, JOB))
    h = harness(script)
    assert h.call(get_job) == JOB
    assert script.count == 2

    script = Script(httpx.ConnectTimeout("slow"))
    h = harness(script, timeout=2.0)
    with pytest.raises(APITimeoutError) as info:
        h.call(get_job)
    assert script.count == 3
    assert info.value.code == "TIMEOUT"
    assert isinstance(info.value, APIConnectionError)


def test_sync_attempt_is_cut_off_when_the_body_trickles():
    from .conftest import Harness

    class Trickle(httpx.SyncByteStream):
        def __iter__(self):
            for _ in range(50):
                time.sleep(0.02)
                yield b" "

    script = Script(lambda request: httpx.Response(200, stream=Trickle()))
    h = Harness("sync", script, timeout=0.1)
    started = time.monotonic()
    with pytest.raises(APITimeoutError):
        h.call(get_job)
    assert script.count == 3
    assert time.monotonic() - started < 3 * 0.1 + 0.5


async def test_async_attempt_is_cut_off_at_the_timeout_and_retried():
    import asyncio

    from persistmemory import AsyncPersistMemory

    from .conftest import BASE, KEY

    calls = []

    async def handler(request):
        calls.append(request)
        if len(calls) == 1:
            await asyncio.sleep(30)
        return httpx.Response(200, json=JOB)

    async def no_sleep(_):
        return None

    client = AsyncPersistMemory(KEY, BASE, timeout=0.05, transport=httpx.MockTransport(handler), sleep=no_sleep)
    started = time.monotonic()
    assert await client.jobs.get("job_1") == JOB
    assert len(calls) == 2
    assert time.monotonic() - started < 2

    calls.clear()

    async def always_slow(request):
        calls.append(request)
        await asyncio.sleep(30)

    client = AsyncPersistMemory(KEY, BASE, timeout=0.05, transport=httpx.MockTransport(always_slow), sleep=no_sleep)
    with pytest.raises(APITimeoutError):
        await client.jobs.get("job_1")
    assert len(calls) == 3
    # A POST without a key that timed out may have been processed: not repeated.
    calls.clear()
    with pytest.raises(APITimeoutError):
        await client.memories.remember("x")
    assert len(calls) == 1
