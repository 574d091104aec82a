"""The contract's Python examples run as written, against an in-process fake
of the route table (no socket). test_integration.py runs the same text
against a live server."""

from __future__ import annotations

import json
import re

import httpx
import pytest

from . import seed_examples
from .conftest import KEY


class FakeServer:
    """Just enough of the route table, shaped as docs/api-routes.md says."""

    def __init__(self) -> None:
        self.requests = []
        self.memories = [
            {"id": f"mem_{i}", "type": "decision", "title": f"Decision {i}", "confidence": 0.9 - i * 0.1}
            for i in range(7)
        ]

    def __call__(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(request)
        if request.headers.get("authorization") != "Bearer " + KEY:
            return httpx.Response(401, json={"error": {"code": "UNAUTHENTICATED", "message": "no", "retryable": False}})
        path, method = request.url.path, request.method
        body = json.loads(request.content) if request.content else None
        if (method, path) == ("POST", "/api/v1/memories"):
            assert set(body) <= {"text", "spaceId", "source"}
            return httpx.Response(202, json={"jobId": "job_1", "status": "queued", "job": {"id": "job_1", "state": "queued"}})
        if (method, path) == ("POST", "/api/v1/search"):
            return httpx.Response(200, json={
                "results": [{"memory": {"id": "mem_0", "title": "Postgres for the ledger"}, "score": 0.9, "breakdown": {}}],
                "diagnostics": {"degraded": False, "reasons": []},
            })
        if (method, path) == ("POST", "/api/v1/search/context"):
            assert body["tokenBudget"] == 1500 and body["scope"] == "combined" and body["spaceIds"] == ["sp_work"]
            return httpx.Response(200, json={
                "context": "- We chose Postgres for the ledger.", "memories": [], "truncated": True,
                "omitted": {"count": 3, "tokens": 900}, "tokens": 1400, "budget": 1500, "tokenizer": "cl100k",
                "diagnostics": {"degraded": False},
            })
        m = re.fullmatch(r"/api/v1/conversations/([^/]+)/messages", path)
        if method == "POST" and m:
            assert [t["role"] for t in body["messages"]] == ["user", "assistant"]
            return httpx.Response(202, json={"jobId": "job_2", "extracting": False, "note": "no queue is configured"})
        if (method, path) == ("GET", "/api/v1/memories"):
            start = int(request.url.params.get("cursor", "0"))
            size = int(request.url.params.get("limit", "3"))
            page = {"items": self.memories[start:start + size]}
            if start + size < len(self.memories):
                page["nextCursor"] = str(start + size)
            return httpx.Response(200, json=page)
        if (method, path) == ("GET", "/api/v1/spaces/sp_missing"):
            return httpx.Response(404, json={"error": {"code": "NOT_FOUND", "message": "space not found", "retryable": False}})
        return httpx.Response(404, json={"error": {"code": "NOT_FOUND", "message": "no such route", "retryable": False}})


@pytest.fixture
def fake(monkeypatch):
    """PersistMemory() and AsyncPersistMemory() as the page writes them, with
    the fake as their transport."""
    server = FakeServer()
    transport = httpx.MockTransport(server)
    real_client, real_async = httpx.Client, httpx.AsyncClient
    monkeypatch.setattr(httpx, "Client", lambda **kw: real_client(**{**kw, "transport": transport}))
    monkeypatch.setattr(httpx, "AsyncClient", lambda **kw: real_async(**{**kw, "transport": transport}))
    monkeypatch.setenv("PERSISTMEMORY_API_KEY", KEY)
    return server


def test_first_call(fake, capsys):
    scope = seed_examples.run_first_call()
    assert capsys.readouterr().out.strip() == "['Postgres for the ledger']"
    assert scope["found"]["diagnostics"]["degraded"] is False
    assert [(r.method, r.url.path) for r in fake.requests] == [("POST", "/api/v1/memories"), ("POST", "/api/v1/search")]


def test_async_flow(fake, capsys):
    reply = seed_examples.run_async_flow("What did we decide about the ledger?", "conv_42")
    assert "ledger" in reply
    out = capsys.readouterr().out
    assert "left out for budget" in out and "no queue is configured" in out
    append = fake.requests[-1]
    assert append.url.path == "/api/v1/conversations/conv_42/messages"
    # The key as written, sent as the server accepts it (no spaces): percent-encoded.
    assert append.headers["idempotency-key"] == "conv_42:What%20did%20we%20decide%20about%20the%20ledger?"


def test_paging(fake):
    scope = seed_examples.run_paging()
    assert scope["first"]["items"][0]["id"] == "mem_0"
    assert len(scope["first"]["items"]) == 7  # limit=50 on a 7-item account: one page, no cursor
    assert "nextCursor" not in scope["first"]
    assert [m["id"] for m in scope["decisions"]] == [f"mem_{i}" for i in range(7)]
    assert scope["memory"]["confidence"] < 0.5  # stopped at the first low-confidence memory
    assert scope["async_walked"] is True


def test_errors(fake):
    assert seed_examples.run_errors() is None


def test_idempotency(fake):
    seed_examples.run_idempotency()
    assert fake.requests[-1].headers["idempotency-key"] == "standup:2026-08-28"
