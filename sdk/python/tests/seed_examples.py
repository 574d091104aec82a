"""The Python examples of the SDK contract (the documentation page), verbatim.

They are run as written, with the client built from the environment exactly
as the page does (``PersistMemory()``), by test_seed_examples.py against an
in-process fake of the route table and by test_integration.py against a live
server. Only the minimum of wrapping is added: a function around the errors
example (it uses ``return``), an async function around the async iteration
line, and a ``call_your_model`` stand-in.
"""

from __future__ import annotations

import asyncio
import textwrap
from typing import Any, Dict

FIRST_CALL = '''
from persistmemory import PersistMemory

client = PersistMemory()  # reads PERSISTMEMORY_API_KEY

client.memories.remember("We chose Postgres for the ledger, not DynamoDB.")

found = client.search.query("what did we decide about the ledger")
print([one["memory"]["title"] for one in found["results"]])
'''

ASYNC_FLOW = '''
from persistmemory import AsyncPersistMemory


async def answer(question: str, conversation_id: str) -> str:
    async with AsyncPersistMemory(timeout=15.0, max_attempts=4) as client:
        # Bounded by TOKENS, not row count. Ten long memories overflow a
        # window that fifty short ones fit inside.
        context = await client.search.context(
            question,
            token_budget=1_500,
            scope="combined",
            space_ids=["sp_work"],
        )
        if context["truncated"]:
            print("Something relevant was left out for budget.")

        reply = await call_your_model(context["context"], question)

        # Both turns in one call: a claim is often split across an
        # exchange, and extracting each turn alone finds neither half.
        appended = await client.conversations.append(
            conversation_id,
            [
                {"role": "user", "content": question},
                {"role": "assistant", "content": reply},
            ],
            idempotency_key=f"{conversation_id}:{question[:40]}",
        )
        if not appended["extracting"]:
            # With no queue configured the turns are stored and never
            # become memory. Say so rather than assuming.
            print(appended.get("note"))

        return reply
'''

PAGING = '''
# One page, for a UI that renders one page.
first = client.memories.list(type="decision", limit=50).first()

# Or the whole walk, with a bound.
decisions = client.memories.list(type="decision").all(500)

# Or item by item, stopping when you like.
for memory in client.memories.list(scope="combined"):
    if memory["confidence"] < 0.5:
        break
'''

PAGING_ASYNC = '''
# The async client iterates the same way.
async for memory in client.memories.list(type="fact"):
    ...
'''

ERRORS = '''
from persistmemory import NotFoundError, RateLimitError

try:
    client.spaces.get("sp_missing")
except NotFoundError:
    return None
except RateLimitError as limited:
    # Already retried, and still refused.
    print(limited.retry_after_seconds or 60)
'''

IDEMPOTENCY = '''
# Idempotency, for anything that can retry.
client.memories.remember(
    "The migration is halfway done.",
    idempotency_key="standup:2026-08-28",
)
'''


def run_first_call() -> Dict[str, Any]:
    scope: Dict[str, Any] = {}
    exec(compile(FIRST_CALL, "<seed: first call>", "exec"), scope)
    return scope


def run_async_flow(question: str, conversation_id: str, work_space_id: str = "") -> str:
    """ASYNC_FLOW as written; against a live server the page's placeholder
    Space id ``sp_work`` is replaced by the id of a Space the caller has."""
    async def call_your_model(context: str, question: str) -> str:
        return f"(a model's answer to {question!r} from {len(context)} characters of context)"

    text = ASYNC_FLOW
    if work_space_id:
        text = ASYNC_FLOW.replace('"sp_work"', repr(work_space_id))
        assert text != ASYNC_FLOW, "the seed's search.context call changed; update run_async_flow"
    scope: Dict[str, Any] = {"call_your_model": call_your_model}
    exec(compile(text, "<seed: async flow>", "exec"), scope)
    return asyncio.run(scope["answer"](question, conversation_id))


def run_async_flow_as_served(question: str, conversation_id: str) -> str:
    """ASYNC_FLOW less the two arguments that confine it to a Space
    (``scope`` and ``space_ids`` of search.context); the rest as written."""
    text = ASYNC_FLOW.replace('            scope="combined",\n            space_ids=["sp_work"],\n', "")
    assert text != ASYNC_FLOW, "the seed's search.context call changed; update run_async_flow_as_served"

    async def call_your_model(context: str, question: str) -> str:
        return f"(a model's answer to {question!r})"

    scope: Dict[str, Any] = {"call_your_model": call_your_model}
    exec(compile(text, "<seed: async flow, as served today>", "exec"), scope)
    return asyncio.run(scope["answer"](question, conversation_id))


def run_paging() -> Dict[str, Any]:
    from persistmemory import AsyncPersistMemory, PersistMemory

    scope: Dict[str, Any] = {"client": PersistMemory()}
    exec(compile(PAGING, "<seed: paging>", "exec"), scope)

    wrapped = "async def _walk(client):\n" + textwrap.indent(PAGING_ASYNC, "    ") + "\n    return True\n"
    async_scope: Dict[str, Any] = {}
    exec(compile(wrapped, "<seed: async paging>", "exec"), async_scope)

    async def walk() -> bool:
        async with AsyncPersistMemory() as client:
            return await async_scope["_walk"](client)

    scope["async_walked"] = asyncio.run(walk())
    return scope


def run_errors() -> Any:
    from persistmemory import PersistMemory

    wrapped = "def _lookup(client):\n" + textwrap.indent(ERRORS, "    ") + "    return 'found'\n"
    scope: Dict[str, Any] = {}
    exec(compile(wrapped, "<seed: errors>", "exec"), scope)
    return scope["_lookup"](PersistMemory())


def run_idempotency() -> Dict[str, Any]:
    from persistmemory import PersistMemory

    scope: Dict[str, Any] = {"client": PersistMemory()}
    exec(compile(IDEMPOTENCY, "<seed: idempotency>", "exec"), scope)
    return scope
