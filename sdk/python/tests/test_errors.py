"""Error classes with a stable code, and construction of the clients."""

from __future__ import annotations

import httpx
import pytest

import persistmemory
from persistmemory import (
    APIConnectionError,
    APITimeoutError,
    AsyncPersistMemory,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    PersistMemory,
    PersistMemoryError,
    RateLimitError,
    RequestTooLargeError,
    ServiceUnavailableError,
)

from .conftest import KEY, Script, error_body, reply

CLIENTS = [PersistMemory, AsyncPersistMemory]


@pytest.mark.parametrize(
    "status,code,cls",
    [
        (400, "INVALID_REQUEST", BadRequestError),
        (415, "UNSUPPORTED_MEDIA_TYPE", BadRequestError),
        (401, "UNAUTHENTICATED", AuthenticationError),
        (403, "FORBIDDEN", PermissionDeniedError),
        (404, "NOT_FOUND", NotFoundError),
        (409, "CONFLICT", ConflictError),
        (413, "REQUEST_TOO_LARGE", RequestTooLargeError),
        (429, "RATE_LIMITED", RateLimitError),
        (503, "SERVICE_UNAVAILABLE", ServiceUnavailableError),
        (500, "INTERNAL", InternalServerError),
        (502, "INTERNAL", InternalServerError),
    ],
)
def test_status_maps_to_class_and_the_server_code_is_kept(harness, status, code, cls):
    script = Script(reply(status, error_body(code, "what went wrong", status >= 500), {"X-Request-Id": "req_9"}))
    h = harness(script, max_attempts=1)
    with pytest.raises(cls) as info:
        h.call(lambda c: c.spaces.get("sp_missing"))
    err = info.value
    assert isinstance(err, PersistMemoryError)
    assert err.code == code
    assert err.status_code == status
    assert err.message == "what went wrong"
    assert err.retryable == (status >= 500)
    assert err.request_id == "req_9"
    assert code in str(err) and str(status) in str(err)


def test_default_codes_when_the_body_is_not_ours(harness):
    script = Script(reply(502, b"<html>Bad Gateway</html>"))
    h = harness(script, max_attempts=1)
    with pytest.raises(InternalServerError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert info.value.code == "INTERNAL"
    assert "html" not in info.value.message  # a proxy's page is not echoed

    script = Script(reply(404))
    h = harness(script)
    with pytest.raises(NotFoundError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert info.value.code == "NOT_FOUND"


def test_an_unmapped_4xx_is_the_base_class_and_not_retried(harness):
    script = Script(reply(418, error_body("TEAPOT", "short and stout")))
    h = harness(script)
    with pytest.raises(PersistMemoryError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert type(info.value) is PersistMemoryError
    assert info.value.code == "TEAPOT"
    assert script.count == 1


def test_a_redirect_is_not_followed(harness):
    script = Script(reply(307, None, {"Location": "http://elsewhere.test/api/v1/jobs/job_1"}), reply(200, {}))
    h = harness(script)
    with pytest.raises(PersistMemoryError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert info.value.status_code == 307
    assert script.count == 1


def test_hierarchy():
    assert issubclass(APITimeoutError, APIConnectionError)
    assert issubclass(APIConnectionError, PersistMemoryError)
    for name in persistmemory.__all__:
        obj = getattr(persistmemory, name)
        if isinstance(obj, type) and name.endswith("Error"):
            assert issubclass(obj, PersistMemoryError)
            assert obj.default_code.isupper()
    assert APIConnectionError("x").code == "CONNECTION_ERROR"
    assert APITimeoutError().code == "TIMEOUT"


def test_connection_error_codes(harness):
    h = harness(Script(httpx.ConnectError("refused")), max_attempts=1)
    with pytest.raises(APIConnectionError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert info.value.code == "CONNECTION_ERROR" and info.value.status_code is None
    h = harness(Script(httpx.ReadTimeout("slow")), max_attempts=1)
    with pytest.raises(APITimeoutError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert info.value.code == "TIMEOUT"


def test_non_json_success_is_an_invalid_response(harness):
    h = harness(Script(reply(200, b"not json")))
    with pytest.raises(PersistMemoryError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert info.value.code == "INVALID_RESPONSE"


def test_204_is_none(harness):
    h = harness(Script(reply(204)))
    assert h.call(lambda c: c.spaces.delete("sp_1")) is None


def test_readiness_503_is_an_answer_not_an_error(harness):
    body = {"status": "unavailable", "checks": [{"name": "neo4j", "state": "unavailable", "error": "down"}]}
    script = Script(reply(503, body))
    h = harness(script)
    assert h.call(lambda c: c.health.ready()) == body
    assert script.count == 1
    assert script.requests[0].url.path == "/readyz"

    script = Script(reply(503, error_body("SERVICE_UNAVAILABLE", "draining", True)))
    h = harness(script, max_attempts=2)
    with pytest.raises(ServiceUnavailableError):
        h.call(lambda c: c.health.ready())
    assert script.count == 2


def test_ids_are_required_and_escaped(harness):
    script = Script(reply(200, {}))
    h = harness(script)
    with pytest.raises(ValueError):
        h.call(lambda c: c.memories.get(""))
    with pytest.raises(ValueError):
        h.call(lambda c: c.jobs.get(None))
    h.call(lambda c: c.memories.get("../jobs/x?y=1"))
    assert script.requests[0].url.raw_path == b"/api/v1/memories/..%2Fjobs%2Fx%3Fy%3D1"


def test_argument_types_are_checked_before_sending(harness):
    script = Script(reply(200, {}))
    h = harness(script)
    with pytest.raises(TypeError):
        h.call(lambda c: c.memories.remember(None))
    with pytest.raises(TypeError):
        h.call(lambda c: c.search.query("q", space_ids="sp_work"))
    with pytest.raises(TypeError):
        h.call(lambda c: c.conversations.append("conv_1", "hello"))
    assert script.count == 0


# ---- construction -------------------------------------------------------------


@pytest.mark.parametrize("cls", CLIENTS)
def test_missing_key_is_a_clear_error(cls):
    with pytest.raises(ValueError) as info:
        cls()
    assert "PERSISTMEMORY_API_KEY" in str(info.value)
    with pytest.raises(ValueError):
        cls(api_key="   ")


@pytest.mark.parametrize("cls", CLIENTS)
def test_key_and_base_url_come_from_the_environment(cls, monkeypatch):
    monkeypatch.setenv("PERSISTMEMORY_API_KEY", KEY)
    monkeypatch.setenv("PERSISTMEMORY_BASE_URL", "https://memory.example.com/")
    client = cls(transport=httpx.MockTransport(reply(200, {})))
    assert client.base_url == "https://memory.example.com"
    assert client._key.reveal() == KEY


@pytest.mark.parametrize("cls", CLIENTS)
def test_defaults(cls):
    client = cls(api_key=KEY)
    assert client.base_url == "http://127.0.0.1:8787"
    assert client.timeout == 30.0
    assert client.max_attempts == 3


@pytest.mark.parametrize("cls", CLIENTS)
@pytest.mark.parametrize(
    "options",
    [{"timeout": 0}, {"timeout": -1}, {"timeout": float("inf")}, {"timeout": "30"}, {"max_attempts": 0}, {"max_attempts": 2.5}, {"base_url": "127.0.0.1:8787"}],
)
def test_bad_options_fail_at_construction(cls, options):
    with pytest.raises(ValueError):
        cls(api_key=KEY, **options)


def test_sync_client_is_a_context_manager():
    with PersistMemory(api_key=KEY, transport=httpx.MockTransport(reply(200, {"status": "alive"}))) as client:
        assert client.health.live() == {"status": "alive"}
    assert client._http.is_closed


async def test_async_client_is_an_async_context_manager():
    async with AsyncPersistMemory(api_key=KEY, transport=httpx.MockTransport(reply(200, {"status": "alive"}))) as client:
        assert await client.health.live() == {"status": "alive"}
    assert client._http.is_closed


def test_the_two_clients_have_the_same_resources_and_methods():
    sync = PersistMemory(api_key=KEY)
    asyn = AsyncPersistMemory(api_key=KEY)
    names = [
        "memories", "search", "spaces", "sources", "documents", "jobs",
        "entities", "graph", "conflicts", "conversations", "integrations", "health",
    ]
    for name in names:
        a, b = getattr(sync, name), getattr(asyn, name)
        methods_a = {m for m in dir(a) if not m.startswith("_")}
        methods_b = {m for m in dir(b) if not m.startswith("_")}
        assert methods_a == methods_b, name
        assert methods_a, name


def test_the_sync_client_does_not_wrap_the_async_one():
    import inspect

    from persistmemory import _client

    source = inspect.getsource(_client)
    assert "asyncio" not in source and "AsyncClient" not in source
