"""The API key never appears in repr/str of a client, in logs, or in error
messages; key-shaped strings in server messages are stripped."""

from __future__ import annotations

import logging
import pickle
import traceback

import httpx
import pytest

from persistmemory import AsyncPersistMemory, NotFoundError, PersistMemory, PersistMemoryError
from persistmemory._redact import mask_key, redact

from .conftest import KEY, Script, error_body, reply

OTHER_KEY = "pm_live_" + "ab" * 32
JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJlLWJ5dGVz"


def everything_printable(err: BaseException) -> str:
    return "\n".join(
        [str(err), repr(err), str(err.args), getattr(err, "message", "")]
        + traceback.format_exception(type(err), err, err.__traceback__)
    )


@pytest.mark.parametrize("cls", [PersistMemory, AsyncPersistMemory])
def test_printing_a_client_shows_a_redacted_key(cls):
    client = cls(api_key=KEY)
    for text in (repr(client), str(client), f"{client}", repr(client.memories), str(vars(client)), repr(client._key)):
        assert KEY not in text
        assert KEY[8:20] not in text
    assert "pm_live_" in repr(client)  # says what kind of key, not which
    assert KEY[-4:] in repr(client)  # the same hint the server shows


@pytest.mark.parametrize("cls", [PersistMemory, AsyncPersistMemory])
def test_a_client_cannot_be_pickled(cls):
    with pytest.raises(TypeError):
        pickle.dumps(cls(api_key=KEY))


def test_the_key_is_sent_as_a_bearer_credential(harness):
    script = Script(reply(200, {}))
    h = harness(script)
    h.call(lambda c: c.jobs.get("job_1"))
    assert script.requests[0].headers["authorization"] == "Bearer " + KEY


@pytest.mark.parametrize(
    "message",
    [
        f"the credential {KEY} is not valid",
        f"the credential {OTHER_KEY} is not valid",
        "sent Authorization: Bearer abc.def-ghi_123 which is wrong",
        f"token {JWT} expired",
    ],
)
def test_key_shaped_strings_in_server_messages_are_stripped(harness, message):
    h = harness(Script(reply(404, error_body("NOT_FOUND", message))))
    with pytest.raises(NotFoundError) as info:
        h.call(lambda c: c.spaces.get("sp_missing"))
    text = everything_printable(info.value)
    for secret in (KEY, OTHER_KEY, "abc.def-ghi_123", JWT, KEY[8:]):
        assert secret not in text
    assert "[redacted]" in info.value.message


def test_transport_error_text_is_stripped_and_not_chained(harness):
    h = harness(Script(httpx.ConnectError(f"proxy refused Authorization: Bearer {KEY}")), max_attempts=1)
    with pytest.raises(PersistMemoryError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert KEY not in everything_printable(info.value)
    # The httpx exception (whose request carries the Authorization header)
    # is not attached to the error.
    assert info.value.__cause__ is None
    assert info.value.__context__ is None or info.value.__suppress_context__


def test_the_configured_key_is_stripped_even_when_it_is_not_key_shaped(kind):
    from .conftest import BASE, Harness

    odd_key = "opaque-session-credential-0123456789"
    script = Script(reply(401, error_body("UNAUTHENTICATED", f"credential {odd_key} unknown")))
    transport = httpx.MockTransport(script)
    client = (PersistMemory if kind == "sync" else AsyncPersistMemory)(odd_key, BASE, transport=transport)
    h = Harness(kind, script)
    h.client = client
    with pytest.raises(PersistMemoryError) as info:
        h.call(lambda c: c.jobs.get("job_1"))
    assert odd_key not in everything_printable(info.value)
    assert odd_key not in repr(client)


def test_logs_never_carry_the_key(harness, caplog):
    caplog.set_level(logging.DEBUG)
    script = Script(
        reply(503, error_body("SERVICE_UNAVAILABLE", f"down for {KEY}", True)),
        httpx.ConnectError(f"refused Bearer {KEY}"),
        reply(200, {"items": []}),
    )
    h = harness(script)
    h.call(lambda c: c.memories.list(type="fact"))
    assert script.count == 3
    assert caplog.records, "expected debug logging of attempts"
    for record in caplog.records:
        assert KEY not in record.getMessage()
        assert KEY not in str(record.args)


def test_redact_helpers():
    assert redact(f"a {KEY} b") == "a [redacted] b"
    assert redact("Bearer xyz123") == "Bearer [redacted]"
    assert redact("bearer%20xyz123") == "bearer [redacted]"
    assert redact("nothing here") == "nothing here"
    assert redact("short secret abc", secrets=["abc"]) == "short secret abc"  # too short to strip blindly
    assert redact("the password hunter2hunter2", secrets=["hunter2hunter2"]) == "the password [redacted]"
    assert mask_key(KEY) == "pm_live_\u2026" + KEY[-4:]
    assert mask_key("short") == "****"
    assert KEY not in mask_key(KEY)
