"""Integration tests against a live PersistMemory server.

Set PERSISTMEMORY_BASE_URL and PERSISTMEMORY_API_KEY to run them. Without
them they skip locally, and FAIL under CI (CI=true): a suite that silently
skips its real-server tests in CI proves nothing.

Covered for real: what the server implements today (remember -> job ->
search, jobs.get, health, validation). The contract's other examples are kept
here, marked xfail until their routes land with issue 7.
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid

import pytest

from persistmemory import (
    AsyncPersistMemory,
    AuthenticationError,
    BadRequestError,
    NotFoundError,
    PersistMemory,
)

from . import seed_examples

pytestmark = pytest.mark.integration

LANDS_WITH_ISSUE_7 = "route lands with issue 7"
JOB_DEADLINE = 90.0  # seconds for extraction to complete


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@pytest.fixture
def live():
    base = os.environ.get("PERSISTMEMORY_BASE_URL", "").strip()
    key = os.environ.get("PERSISTMEMORY_API_KEY", "").strip()
    if not base or not key:
        message = "integration tests need PERSISTMEMORY_BASE_URL and PERSISTMEMORY_API_KEY"
        if _in_ci():
            pytest.fail(message + " (CI=true, so this fails instead of skipping)", pytrace=False)
        pytest.skip(message)
    return base, key


@pytest.fixture
def client(live):
    with PersistMemory() as c:  # from the environment, as the docs say
        yield c


@pytest.fixture
async def aclient(live):
    async with AsyncPersistMemory() as c:
        yield c


def _token() -> str:
    # A word no other test writes, so that search can only find this memory.
    return "kestrel" + uuid.uuid4().hex[:10]


def _hits(found):
    # The contract names the ranked list "results"; today's server answers
    # "items". Accept either here; test_seed_first_call holds the server to
    # the contract.
    hits = found["results"] if "results" in found else found["items"]
    assert isinstance(hits, list)
    return hits


def _wait_for_job(client, job_id):
    deadline = time.monotonic() + JOB_DEADLINE
    while True:
        answer = client.jobs.get(job_id)
        assert answer["jobId"] == job_id
        if answer["status"] in ("completed", "failed"):
            return answer
        assert answer["status"] in ("queued", "extracting"), answer
        assert time.monotonic() < deadline, f"job {job_id} still {answer['status']} after {JOB_DEADLINE}s"
        time.sleep(0.25)


async def _await_job(client, job_id):
    deadline = time.monotonic() + JOB_DEADLINE
    while True:
        answer = await client.jobs.get(job_id)
        if answer["status"] in ("completed", "failed"):
            return answer
        assert time.monotonic() < deadline, f"job {job_id} still {answer['status']} after {JOB_DEADLINE}s"
        await asyncio.sleep(0.25)


# ---- what the server has today -------------------------------------------------


def test_health(client):
    assert client.health.live()["status"] == "alive"
    ready = client.health.ready()
    assert ready["status"] in ("ready", "unavailable")
    assert {check["name"] for check in ready["checks"]} >= {"neo4j"}


async def test_health_async(aclient):
    assert (await aclient.health.live())["status"] == "alive"
    assert (await aclient.health.ready())["status"] in ("ready", "unavailable")


def test_remember_then_job_completes_then_search_finds_it(client):
    token = _token()
    accepted = client.memories.remember(f"We decided to call the ledger migration project {token}.")
    assert accepted["jobId"].startswith("job_")
    assert accepted["status"] in ("queued", "extracting", "completed")

    done = _wait_for_job(client, accepted["jobId"])
    assert done["status"] == "completed", done
    memory_ids = set(done["job"]["memoryIds"])
    assert memory_ids, "extraction produced no memory"

    found = client.search.query(f"ledger migration {token}")
    assert "degraded" in found["diagnostics"]
    assert memory_ids & {hit["memory"]["id"] for hit in _hits(found)}, found


async def test_remember_then_job_completes_then_search_finds_it_async(aclient):
    token = _token()
    accepted = await aclient.memories.remember(f"Maria prefers the {token} dashboard over the old one.")
    done = await _await_job(aclient, accepted["jobId"])
    assert done["status"] == "completed", done
    found = await aclient.search.query(f"{token} dashboard")
    assert set(done["job"]["memoryIds"]) & {hit["memory"]["id"] for hit in _hits(found)}, found


def test_missing_job_is_not_found(client):
    with pytest.raises(NotFoundError) as info:
        client.jobs.get("job_" + "0" * 20)
    assert info.value.code == "NOT_FOUND" and info.value.status_code == 404


async def test_missing_job_is_not_found_async(aclient):
    with pytest.raises(NotFoundError):
        await aclient.jobs.get("job_" + "0" * 20)


def test_empty_text_is_bad_request(client):
    with pytest.raises(BadRequestError) as info:
        client.memories.remember("")
    assert info.value.code == "INVALID_REQUEST" and info.value.status_code == 400
    assert not info.value.retryable


async def test_empty_query_is_bad_request_async(aclient):
    with pytest.raises(BadRequestError):
        await aclient.memories.remember("   ")
    with pytest.raises(BadRequestError):
        await aclient.search.query("")


def test_unknown_key_is_an_authentication_error_that_does_not_repeat_it(live):
    base, _ = live
    wrong = "pm_live_" + "0" * 64
    with PersistMemory(api_key=wrong, base_url=base) as client:
        with pytest.raises(AuthenticationError) as info:
            client.jobs.get("job_1")
    assert wrong not in str(info.value) and wrong not in repr(info.value)


def test_seed_idempotency_example_runs(live):
    seed_examples.run_idempotency()


# ---- the contract's other examples, until their routes exist ------------------------


@pytest.mark.xfail(strict=False, reason=LANDS_WITH_ISSUE_7 + ": /search answers `items`, not `results`, and memories have no `title` yet")
def test_seed_first_call(live, capsys):
    seed_examples.run_first_call()
    assert capsys.readouterr().out.startswith("[")


@pytest.mark.xfail(strict=False, reason=LANDS_WITH_ISSUE_7 + ": POST /search/context and POST /conversations/{id}/messages")
def test_seed_async_flow(live):
    seed_examples.run_async_flow("What did we decide about the ledger?", "conv_" + uuid.uuid4().hex[:12])


@pytest.mark.xfail(strict=False, reason=LANDS_WITH_ISSUE_7 + ": GET /memories")
def test_seed_paging(live):
    scope = seed_examples.run_paging()
    assert isinstance(scope["first"]["items"], list)
    assert len(scope["decisions"]) <= 500


@pytest.mark.xfail(strict=False, reason=LANDS_WITH_ISSUE_7 + ": GET /spaces/{id} (today any unknown route is a 404, so this may pass early)")
def test_seed_errors(live):
    assert seed_examples.run_errors() is None


@pytest.mark.xfail(strict=False, reason=LANDS_WITH_ISSUE_7 + ": the server does not honour Idempotency-Key yet")
def test_same_idempotency_key_same_answer(client):
    key = "sdk-python-test:" + uuid.uuid4().hex
    text = f"The {_token()} migration is halfway done."
    first = client.memories.remember(text, idempotency_key=key)
    again = client.memories.remember(text, idempotency_key=key)
    assert again["jobId"] == first["jobId"]


@pytest.mark.xfail(strict=False, reason=LANDS_WITH_ISSUE_7 + ": the remaining resources")
def test_remaining_resources_answer(client):
    assert isinstance(client.memories.list(limit=1).first()["items"], list)
    assert isinstance(client.jobs.list(limit=1).first()["items"], list)
    assert isinstance(client.spaces.list().first()["items"], list)
    assert isinstance(client.sources.list().first()["items"], list)
    assert isinstance(client.documents.list().first()["items"], list)
    assert isinstance(client.entities.list().first()["items"], list)
    assert isinstance(client.conflicts.list().first()["items"], list)
    assert isinstance(client.conversations.list().first()["items"], list)
    assert isinstance(client.integrations.list().first()["items"], list)
    context = client.search.context("ledger", token_budget=200)
    assert context["tokens"] <= context["budget"]


async def test_a_burst_past_the_rate_limit_is_retried_to_completion(live):
    # More concurrent GETs than the per-credential burst (see /api/v1/limits):
    # the 429s are retried, honouring Retry-After, until every call gets its
    # real answer (404 here). A server with a higher limit simply answers.
    async with AsyncPersistMemory(max_attempts=8) as client:
        calls = [client.jobs.get(f"job_{i:020d}") for i in range(100)]
        results = await asyncio.gather(*calls, return_exceptions=True)
        assert all(isinstance(r, NotFoundError) for r in results), {type(r).__name__ for r in results}
    await asyncio.sleep(3)  # let the bucket refill for whatever runs next
