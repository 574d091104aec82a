"""Every resource method against the route table: method, path, query (camelCase)
and body (camelCase), for both clients. Answers come back as the server sent them."""

from __future__ import annotations

import datetime
import json

import pytest

from .conftest import Script, reply

ANSWER = {"someField": {"nestedKey": [1, 2]}, "items": []}

# (call, method, path, query, body)
CASES = [
    # memories
    (lambda c: c.memories.list(type="decision", space_id="sp_1", state="active", scope="combined", from_="2026-01-01T00:00:00Z", to=datetime.datetime(2026, 2, 1, 0, 0, tzinfo=datetime.timezone.utc), limit=50),
     "GET", "/api/v1/memories", {"type": "decision", "spaceId": "sp_1", "state": "active", "scope": "combined", "from": "2026-01-01T00:00:00Z", "to": "2026-02-01T00:00:00+00:00", "limit": "50"}, None),
    (lambda c: c.memories.get("mem_1"), "GET", "/api/v1/memories/mem_1", {}, None),
    (lambda c: c.memories.remember("We chose Postgres.", space_id="sp_work", source="slack"), "POST", "/api/v1/memories", {}, {"text": "We chose Postgres.", "spaceId": "sp_work", "source": "slack"}),
    (lambda c: c.memories.remember("We chose Postgres."), "POST", "/api/v1/memories", {}, {"text": "We chose Postgres."}),
    (lambda c: c.memories.timeline("mem_1"), "GET", "/api/v1/memories/mem_1/timeline", {}, None),
    (lambda c: c.memories.confirm("mem_1"), "POST", "/api/v1/memories/mem_1/confirm", {}, {}),
    (lambda c: c.memories.correct("mem_1", "It was MySQL."), "POST", "/api/v1/memories/mem_1/correct", {}, {"correction": "It was MySQL."}),
    # search
    (lambda c: c.search.query("ledger", limit=5, cursor="c1", space_ids=["sp_a", "sp_b"], scope="space", include_history=True),
     "POST", "/api/v1/search", {}, {"query": "ledger", "limit": 5, "cursor": "c1", "spaceIds": ["sp_a", "sp_b"], "scope": "space", "includeHistory": True}),
    (lambda c: c.search.query("ledger"), "POST", "/api/v1/search", {}, {"query": "ledger"}),
    (lambda c: c.search.query("ledger", now=datetime.datetime(2026, 8, 28, 9, 0, tzinfo=datetime.timezone.utc)),
     "POST", "/api/v1/search", {}, {"query": "ledger", "now": "2026-08-28T09:00:00+00:00"}),
    (lambda c: c.search.context("ledger", token_budget=800, limit=20, cursor="c2", now="2026-08-28T09:00:00Z"),
     "POST", "/api/v1/search/context", {}, {"query": "ledger", "tokenBudget": 800, "limit": 20, "cursor": "c2", "now": "2026-08-28T09:00:00Z"}),
    (lambda c: c.search.context("ledger", token_budget=1_500, scope="combined", space_ids=["sp_work"], include_history=False),
     "POST", "/api/v1/search/context", {}, {"query": "ledger", "tokenBudget": 1500, "scope": "combined", "spaceIds": ["sp_work"], "includeHistory": False}),
    # spaces
    (lambda c: c.spaces.list(limit=10), "GET", "/api/v1/spaces", {"limit": "10"}, None),
    (lambda c: c.spaces.create("Work"), "POST", "/api/v1/spaces", {}, {"name": "Work"}),
    (lambda c: c.spaces.get("sp_1"), "GET", "/api/v1/spaces/sp_1", {}, None),
    (lambda c: c.spaces.rename("sp_1", "Home"), "PATCH", "/api/v1/spaces/sp_1", {}, {"name": "Home"}),
    (lambda c: c.spaces.delete("sp_1"), "DELETE", "/api/v1/spaces/sp_1", {}, None),
    (lambda c: c.spaces.collaborators("sp_1"), "GET", "/api/v1/spaces/sp_1/collaborators", {}, None),
    (lambda c: c.spaces.add_collaborator("sp_1", "a@example.com", "editor"), "POST", "/api/v1/spaces/sp_1/collaborators", {}, {"email": "a@example.com", "role": "editor"}),
    (lambda c: c.spaces.update_collaborator("sp_1", "usr_2", "viewer"), "PATCH", "/api/v1/spaces/sp_1/collaborators/usr_2", {}, {"role": "viewer"}),
    (lambda c: c.spaces.remove_collaborator("sp_1", "usr_2"), "DELETE", "/api/v1/spaces/sp_1/collaborators/usr_2", {}, None),
    (lambda c: c.spaces.add_collaborator("sp_1", user_id="usr_2", role="viewer"), "POST", "/api/v1/spaces/sp_1/collaborators", {}, {"userId": "usr_2", "role": "viewer"}),
    (lambda c: c.spaces.add_collaborator("sp_1", email="a@example.com", role="viewer"), "POST", "/api/v1/spaces/sp_1/collaborators", {}, {"email": "a@example.com", "role": "viewer"}),
    (lambda c: c.spaces.update_collaborator("sp_1", "a@example.com", "editor"), "PATCH", "/api/v1/spaces/sp_1/collaborators/a@example.com", {}, {"role": "editor"}),
    (lambda c: c.spaces.accept_invitation("sp_1"), "POST", "/api/v1/spaces/sp_1/invitations/accept", {}, {}),
    (lambda c: c.invitations.list(), "GET", "/api/v1/invitations", {}, None),
    # sources, documents, jobs, entities
    (lambda c: c.sources.list(), "GET", "/api/v1/sources", {}, None),
    (lambda c: c.sources.get("src_1"), "GET", "/api/v1/sources/src_1", {}, None),
    (lambda c: c.documents.list(limit=3), "GET", "/api/v1/documents", {"limit": "3"}, None),
    (lambda c: c.documents.list(source="slack:#infra"), "GET", "/api/v1/documents", {"source": "slack:#infra"}, None),
    (lambda c: c.documents.get("doc_1"), "GET", "/api/v1/documents/doc_1", {}, None),
    (lambda c: c.jobs.list(state="failed", limit=20), "GET", "/api/v1/jobs", {"state": "failed", "limit": "20"}, None),
    (lambda c: c.jobs.get("job_1"), "GET", "/api/v1/jobs/job_1", {}, None),
    (lambda c: c.entities.list(q="ledger", kind="project", limit=5), "GET", "/api/v1/entities", {"q": "ledger", "kind": "project", "limit": "5"}, None),
    (lambda c: c.entities.get("ent_1"), "GET", "/api/v1/entities/ent_1", {}, None),
    # graph
    (lambda c: c.graph.neighbours("ent_1", depth=2, limit=25), "GET", "/api/v1/graph/neighbours", {"entityId": "ent_1", "depth": "2", "limit": "25"}, None),
    (lambda c: c.graph.paths("ent_1", "ent_2", max_depth=3, limit=5), "GET", "/api/v1/graph/paths", {"from": "ent_1", "to": "ent_2", "maxDepth": "3", "limit": "5"}, None),
    # conflicts
    (lambda c: c.conflicts.list(state="open"), "GET", "/api/v1/conflicts", {"state": "open"}, None),
    (lambda c: c.conflicts.get("cfl_1"), "GET", "/api/v1/conflicts/cfl_1", {}, None),
    (lambda c: c.conflicts.resolve("cfl_1", "keep", keep_id="mem_2", reason="newer"), "POST", "/api/v1/conflicts/cfl_1/resolve", {}, {"action": "keep", "keepId": "mem_2", "reason": "newer"}),
    (lambda c: c.conflicts.resolve("cfl_1", "dismiss"), "POST", "/api/v1/conflicts/cfl_1/resolve", {}, {"action": "dismiss"}),
    # conversations
    (lambda c: c.conversations.append("conv_1", [{"role": "user", "content": "hi", "source_id": "src_1"}, {"role": "assistant", "content": "hello", "author": "bot", "timestamp": "2026-08-28T10:00:00Z"}]),
     "POST", "/api/v1/conversations/conv_1/messages", {}, {"messages": [{"role": "user", "content": "hi", "sourceId": "src_1"}, {"role": "assistant", "content": "hello", "author": "bot", "timestamp": "2026-08-28T10:00:00Z"}]}),
    (lambda c: c.conversations.append("conv_1", [{"role": "tool", "content": "42"}], space_id="spc_1"),
     "POST", "/api/v1/conversations/conv_1/messages", {}, {"messages": [{"role": "tool", "content": "42"}], "spaceId": "spc_1"}),
    (lambda c: c.conversations.search("standup", limit=5), "POST", "/api/v1/search/conversations", {}, {"query": "standup", "limit": 5}),
    (lambda c: c.conversations.list(), "GET", "/api/v1/conversations", {}, None),
    (lambda c: c.conversations.turns("conv_1", limit=100), "GET", "/api/v1/conversations/conv_1/turns", {"limit": "100"}, None),
    # integrations, health
    (lambda c: c.integrations.list(), "GET", "/api/v1/integrations", {}, None),
    (lambda c: c.integrations.sync("int_1"), "POST", "/api/v1/integrations/int_1/sync", {}, {}),
    (lambda c: c.health.live(), "GET", "/healthz", {}, None),
    (lambda c: c.health.ready(), "GET", "/readyz", {}, None),
    (lambda c: c.limits.get(), "GET", "/api/v1/limits", {}, None),
]


@pytest.mark.parametrize("call,method,path,params,body", CASES, ids=[f"{c[1]} {c[2]}#{i}" for i, c in enumerate(CASES)])
def test_route(harness, call, method, path, params, body):
    script = Script(reply(200, ANSWER))
    h = harness(script)
    answer = h.call(call)
    # As the server sent it: no key conversion on the way back. DELETE
    # answers 204 and the methods return None.
    assert answer == (None if method == "DELETE" else ANSWER)
    assert script.count == 1
    request = script.requests[0]
    assert request.method == method
    assert request.url.path == path
    assert dict(request.url.params) == params
    if body is None:
        assert request.content == b""
    else:
        assert json.loads(request.content) == body
        assert request.headers["content-type"] == "application/json"
    assert request.headers["accept"] == "application/json"
    assert request.headers["user-agent"].startswith("persistmemory-python/")
    assert "idempotency-key" not in request.headers


def test_repeated_query_values_for_lists(harness):
    script = Script(reply(200, {"items": []}))
    h = harness(script)
    h.call(lambda c: c.memories.list(type="fact", limit=1))
    assert script.requests[0].url.query == b"type=fact&limit=1"


def test_every_post_accepts_an_idempotency_key(harness):
    posts = [
        lambda c: c.memories.remember("x", idempotency_key="k"),
        lambda c: c.memories.confirm("mem_1", idempotency_key="k"),
        lambda c: c.memories.correct("mem_1", "y", idempotency_key="k"),
        lambda c: c.search.query("x", idempotency_key="k"),
        lambda c: c.search.context("x", idempotency_key="k"),
        lambda c: c.spaces.create("n", idempotency_key="k"),
        lambda c: c.spaces.add_collaborator("sp_1", "a@b.c", "viewer", idempotency_key="k"),
        lambda c: c.spaces.add_collaborator("sp_1", user_id="usr_2", role="viewer", idempotency_key="k"),
        lambda c: c.spaces.accept_invitation("sp_1", idempotency_key="k"),
        lambda c: c.conflicts.resolve("cfl_1", "dismiss", idempotency_key="k"),
        lambda c: c.conversations.append("conv_1", [{"role": "user", "content": "x"}], idempotency_key="k"),
        lambda c: c.conversations.search("x", idempotency_key="k"),
        lambda c: c.integrations.sync("int_1", idempotency_key="k"),
    ]
    script = Script(reply(202, {}))
    h = harness(script)
    for post in posts:
        h.call(post)
    assert [r.method for r in script.requests] == ["POST"] * len(posts)
    assert [r.headers["idempotency-key"] for r in script.requests] == ["k"] * len(posts)


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.spaces.add_collaborator("sp_1", role="viewer"),
        lambda c: c.spaces.add_collaborator("sp_1", "a@b.c", "viewer", user_id="usr_2"),
        lambda c: c.spaces.add_collaborator("sp_1", user_id="", role="viewer"),
        lambda c: c.spaces.add_collaborator("sp_1", user_id="usr_2"),
        lambda c: c.spaces.remove_collaborator("sp_1", ""),
        lambda c: c.spaces.accept_invitation(""),
    ],
    ids=["no one", "both", "empty user_id", "no role", "empty member", "empty space_id"],
)
def test_sharing_mistakes_raise_before_anything_is_sent(harness, call):
    script = Script(reply(201, {}))
    h = harness(script)
    with pytest.raises(ValueError):
        h.call(call)
    assert script.count == 0


def test_sharing_answers_come_back_as_sent(harness):
    view = {"id": "sp_1", "name": "Work", "personal": False, "createdAt": "2026-08-28T09:00:00Z", "role": "viewer", "ownerId": "usr_a"}
    pending = {"userId": "usr_b", "role": "viewer", "state": "pending", "invitedBy": "usr_a", "invitedAt": "2026-08-28T09:00:00Z"}
    owner = {"userId": "usr_a", "role": "owner", "state": "active"}
    invitation = {"spaceId": "sp_1", "spaceName": "Work", "ownerId": "usr_a", "role": "viewer", "invitedBy": "usr_a", "invitedAt": "2026-08-28T09:00:00Z"}
    script = Script(
        reply(201, pending),
        reply(200, {"items": [owner, pending]}),
        reply(200, {"items": [invitation]}),
        reply(200, view),
        reply(200, {"items": [view]}),
    )
    h = harness(script)
    assert h.call(lambda c: c.spaces.add_collaborator("sp_1", user_id="usr_b", role="viewer")) == pending
    assert h.all(h.client.spaces.collaborators("sp_1"), 10) == [owner, pending]
    assert h.all(h.client.invitations.list(), 10) == [invitation]
    assert h.call(lambda c: c.spaces.accept_invitation("sp_1")) == view
    assert h.all(h.client.spaces.list(), 10) == [view]
    assert script.count == 5  # a list without nextCursor is one page


def test_a_viewer_filing_into_a_shared_space_is_permission_denied_and_not_retried(harness):
    from persistmemory import PermissionDeniedError

    from .conftest import error_body

    script = Script(reply(403, error_body("FORBIDDEN", 'you are a viewer of the Space "Work": a viewer can read it but not add to it')))
    h = harness(script)
    with pytest.raises(PermissionDeniedError) as info:
        h.call(lambda c: c.memories.remember("x", space_id="sp_1", idempotency_key="k"))
    assert info.value.code == "FORBIDDEN" and info.value.status_code == 403
    assert script.count == 1


def test_accept_invitation_is_retried_only_with_an_idempotency_key(harness):
    from .conftest import error_body

    down = reply(503, error_body("SERVICE_UNAVAILABLE", "x", retryable=True))
    script = Script(down, reply(200, {"id": "sp_1"}))
    h = harness(script)
    with pytest.raises(Exception) as info:
        h.call(lambda c: c.spaces.accept_invitation("sp_1"))
    assert getattr(info.value, "code", None) == "SERVICE_UNAVAILABLE"
    assert script.count == 1

    script = Script(down, reply(200, {"id": "sp_1"}))
    h = harness(script)
    assert h.call(lambda c: c.spaces.accept_invitation("sp_1", idempotency_key="accept:sp_1")) == {"id": "sp_1"}
    assert script.count == 2
    assert [r.headers["idempotency-key"] for r in script.requests] == ["accept:sp_1"] * 2
