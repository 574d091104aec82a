"""The paginator: first(), all(bound), iteration. A missing nextCursor means
stop; an empty page does not."""

from __future__ import annotations

import pytest

from persistmemory import AsyncPage, PersistMemoryError, SyncPage

from .conftest import Script, reply


def pages_by_cursor(pages):
    """A handler answering GET lists from a {cursor: page} table."""
    seen = []

    def handler(request):
        seen.append(request)
        cursor = request.url.params.get("cursor")
        return reply(200, pages[cursor])(request)

    handler.seen = seen
    return handler


WALK = {
    None: {"items": [{"id": "m1"}, {"id": "m2"}], "nextCursor": "c1"},
    "c1": {"items": [], "nextCursor": "c2"},  # an empty page is not the end
    "c2": {"items": [{"id": "m3"}], "nextCursor": "c3"},
    "c3": {"items": [{"id": "m4"}]},  # no nextCursor: the end
}


def test_list_is_lazy(harness):
    handler = pages_by_cursor(WALK)
    h = harness(handler)
    page = h.client.memories.list(type="decision")
    assert isinstance(page, (SyncPage, AsyncPage))
    assert handler.seen == []


def test_first_is_one_page_as_sent(harness):
    handler = pages_by_cursor(WALK)
    h = harness(handler)
    first = h.first(h.client.memories.list(type="decision", limit=50))
    assert first == WALK[None]
    assert len(handler.seen) == 1
    assert dict(handler.seen[0].url.params) == {"type": "decision", "limit": "50"}


def test_iteration_walks_every_page_and_empty_pages_do_not_stop_it(harness):
    handler = pages_by_cursor(WALK)
    h = harness(handler)
    items = h.collect(h.client.memories.list(scope="combined"))
    assert [m["id"] for m in items] == ["m1", "m2", "m3", "m4"]
    assert [r.url.params.get("cursor") for r in handler.seen] == [None, "c1", "c2", "c3"]
    assert all(r.url.params["scope"] == "combined" for r in handler.seen)


@pytest.mark.parametrize("end", [{"items": [{"id": "x"}]}, {"items": [{"id": "x"}], "nextCursor": None}, {"items": [{"id": "x"}], "nextCursor": ""}])
def test_missing_null_or_empty_next_cursor_means_stop(harness, end):
    script = Script(reply(200, end), reply(200, {"items": [{"id": "never"}]}))
    h = harness(script)
    assert h.collect(h.client.jobs.list()) == [{"id": "x"}]
    assert script.count == 1


def test_an_empty_last_page_ends_cleanly(harness):
    script = Script(reply(200, {"items": [], "nextCursor": "c1"}), reply(200, {"items": []}))
    h = harness(script)
    assert h.collect(h.client.conflicts.list(state="open")) == []
    assert script.count == 2


def test_all_needs_a_bound(harness):
    h = harness(pages_by_cursor(WALK))
    page = h.client.memories.list()
    with pytest.raises(TypeError):
        page.all()  # the bound is required
    for bad in (0, -1, True, 1.5, None, "10"):
        with pytest.raises(ValueError):
            h.all(page, bad)


def test_all_stops_fetching_at_the_bound(harness):
    handler = pages_by_cursor(WALK)
    h = harness(handler)
    assert [m["id"] for m in h.all(h.client.memories.list(type="decision"), 2)] == ["m1", "m2"]
    assert len(handler.seen) == 1

    handler = pages_by_cursor(WALK)
    h = harness(handler)
    assert [m["id"] for m in h.all(h.client.memories.list(), 3)] == ["m1", "m2", "m3"]
    assert len(handler.seen) == 3

    handler = pages_by_cursor(WALK)
    h = harness(handler)
    assert len(h.all(h.client.memories.list(), 500)) == 4
    assert len(handler.seen) == 4


def test_breaking_out_of_iteration_stops_requests(kind):
    from .conftest import Harness

    handler = pages_by_cursor(WALK)
    h = Harness(kind, handler)
    page = h.client.memories.list(scope="combined")
    if kind == "sync":
        for memory in page:
            if memory["id"] == "m2":
                break
    else:
        import asyncio

        async def walk():
            async for memory in page:
                if memory["id"] == "m2":
                    break

        asyncio.run(walk())
    assert len(handler.seen) == 1


def test_a_repeated_cursor_is_an_error_not_an_endless_loop(harness):
    script = Script(reply(200, {"items": [1], "nextCursor": "same"}))
    h = harness(script)
    with pytest.raises(PersistMemoryError) as info:
        h.collect(h.client.sources.list())
    assert info.value.code == "PAGINATION_STALLED"
    assert script.count == 2


def test_a_starting_cursor_is_sent(harness):
    handler = pages_by_cursor(WALK)
    h = harness(handler)
    assert h.first(h.client.memories.list(cursor="c2")) == WALK["c2"]
    assert [m["id"] for m in h.collect(h.client.memories.list(cursor="c2"))] == ["m3", "m4"]


def test_each_walk_starts_again(harness):
    handler = pages_by_cursor(WALK)
    h = harness(handler)
    page = h.client.memories.list()
    assert len(h.collect(page)) == 4
    assert len(h.collect(page)) == 4
    assert len(handler.seen) == 8


def test_a_page_that_is_not_a_list_answer_is_reported(harness):
    script = Script(reply(200, {"items": "nope"}))
    h = harness(script)
    with pytest.raises(PersistMemoryError) as info:
        h.collect(h.client.documents.list())
    assert info.value.code == "INVALID_RESPONSE"


async def test_async_page_is_not_sync_iterable():
    from .conftest import Harness

    h = Harness("async", pages_by_cursor(WALK))
    with pytest.raises(TypeError):
        iter(h.client.memories.list())


async def test_async_pages_can_be_walked_page_by_page():
    from .conftest import Harness

    h = Harness("async", pages_by_cursor(WALK))
    pages = [p async for p in h.client.memories.list().pages()]
    assert pages == [WALK[None], WALK["c1"], WALK["c2"], WALK["c3"]]


def test_sync_pages_can_be_walked_page_by_page():
    from .conftest import Harness

    h = Harness("sync", pages_by_cursor(WALK))
    assert list(h.client.memories.list().pages()) == [WALK[None], WALK["c1"], WALK["c2"], WALK["c3"]]
