import { blocked } from "../support/no-network.js";
import test from "node:test";
import assert from "node:assert/strict";
import { Paginator, PersistMemoryError } from "../../dist/index.js";
import { client, json } from "../support/fake.js";

const m = (id, confidence = 0.9) => ({ id, type: "decision", claim: `claim ${id}`, confidence });

test("nothing is requested until the paginator is used", async () => {
  const { client: c, calls } = client([json(200, { items: [] })]);
  const p = c.memories.list({ type: "decision" });
  assert.ok(p instanceof Paginator);
  assert.equal(calls.length, 0);
  await p.first();
  assert.equal(calls.length, 1);
});

test("first() is one page, with its items and cursor, and the filters in the query", async () => {
  const { client: c, calls } = client([json(200, { items: [m("a"), m("b")], nextCursor: "c2" })]);
  const page = await c.memories.list({ type: "decision", limit: 50 }).first();
  assert.deepEqual(page.items.map((x) => x.id), ["a", "b"]);
  assert.equal(page.nextCursor, "c2");
  assert.equal(calls.length, 1);
  const url = new URL(calls[0].url);
  assert.equal(url.pathname, "/api/v1/memories");
  assert.equal(url.searchParams.get("type"), "decision");
  assert.equal(url.searchParams.get("limit"), "50");
  assert.equal(url.searchParams.has("cursor"), false);
});

test("for await walks every page, sending each cursor, until nextCursor is missing", async () => {
  const { client: c, calls } = client([
    json(200, { items: [m("a"), m("b")], nextCursor: "c2" }),
    json(200, { items: [m("c")], nextCursor: "c3" }),
    json(200, { items: [m("d")] }),
  ]);
  const seen = [];
  for await (const memory of c.memories.list({ scope: "combined" })) seen.push(memory.id);
  assert.deepEqual(seen, ["a", "b", "c", "d"]);
  assert.deepEqual(
    calls.map((x) => new URL(x.url).searchParams.get("cursor")),
    [null, "c2", "c3"],
  );
  for (const call of calls) assert.equal(new URL(call.url).searchParams.get("scope"), "combined");
});

test("an empty page with a nextCursor does not stop the walk", async () => {
  const { client: c, calls } = client([
    json(200, { items: [], nextCursor: "c2" }),
    json(200, { items: [], nextCursor: "c3" }),
    json(200, { items: [m("x")] }),
  ]);
  const all = await c.memories.list().all(100);
  assert.deepEqual(all.map((x) => x.id), ["x"]);
  assert.equal(calls.length, 3);
});

test("a missing nextCursor stops, even after a full page; null and empty string count as missing", async () => {
  for (const tail of [{}, { nextCursor: null }, { nextCursor: "" }]) {
    const { client: c, calls } = client([json(200, { items: [m("a"), m("b")], ...tail }), json(200, { items: [m("z")] })]);
    const all = await c.memories.list({ limit: 2 }).all(100);
    assert.deepEqual(all.map((x) => x.id), ["a", "b"]);
    assert.equal(calls.length, 1);
  }
});

test("all() requires a bound", async () => {
  const { client: c, calls } = client([json(200, { items: [m("a")] })]);
  await assert.rejects(c.memories.list().all(), TypeError);
  await assert.rejects(c.memories.list().all(null), TypeError);
  await assert.rejects(c.memories.list().all(0), RangeError);
  await assert.rejects(c.memories.list().all(-5), RangeError);
  await assert.rejects(c.memories.list().all(2.5), RangeError);
  await assert.rejects(c.memories.list().all("10"), RangeError);
  assert.equal(calls.length, 0, "a missing bound is refused before any request");
});

test("all(bound) stops at the bound and requests no page past it", async () => {
  const { client: c, calls } = client([
    json(200, { items: [m("a"), m("b")], nextCursor: "c2" }),
    json(200, { items: [m("c"), m("d")], nextCursor: "c3" }),
    json(200, { items: [m("e")] }),
  ]);
  const got = await c.memories.list({ type: "decision" }).all(3);
  assert.deepEqual(got.map((x) => x.id), ["a", "b", "c"]);
  assert.equal(calls.length, 2);
});

test("all(bound) returns fewer when the list ends first", async () => {
  const { client: c } = client([json(200, { items: [m("a")] })]);
  assert.deepEqual((await c.memories.list().all(500)).map((x) => x.id), ["a"]);
});

test("breaking out of for await stops fetching", async () => {
  const { client: c, calls, fetch } = client([
    json(200, { items: [m("a", 0.9), m("b", 0.3)], nextCursor: "c2" }),
    json(200, { items: [m("c")] }),
  ]);
  for await (const memory of c.memories.list({ scope: "combined" })) {
    if (memory.confidence < 0.5) break;
  }
  assert.equal(calls.length, 1);
  assert.equal(fetch.remaining(), 1);
});

test("a paginator can be walked again from the start", async () => {
  const { client: c, calls } = client([json(200, { items: [m("a")] }), json(200, { items: [m("a")] })]);
  const p = c.memories.list();
  assert.equal((await p.all(10)).length, 1);
  assert.equal((await p.all(10)).length, 1);
  assert.equal(calls.length, 2);
});

test("pages() yields whole pages", async () => {
  const { client: c } = client([json(200, { items: [m("a")], nextCursor: "c2" }), json(200, { items: [] })]);
  const sizes = [];
  for await (const page of c.memories.list().pages()) sizes.push(page.items.length);
  assert.deepEqual(sizes, [1, 0]);
});

test("a starting cursor is sent on the first request", async () => {
  const { client: c, calls } = client([json(200, { items: [] })]);
  await c.memories.list({ cursor: "resume-here" }).first();
  assert.equal(new URL(calls[0].url).searchParams.get("cursor"), "resume-here");
});

test("a cursor the server already returned stops the walk with INVALID_RESPONSE instead of looping", async () => {
  const { client: c, calls } = client([
    json(200, { items: [], nextCursor: "same" }),
    json(200, { items: [], nextCursor: "same" }),
    json(200, { items: [] }),
  ]);
  const err = await c.memories.list().all(10).catch((e) => e);
  assert.ok(err instanceof PersistMemoryError);
  assert.equal(err.code, "INVALID_RESPONSE");
  assert.equal(calls.length, 2);
});

test("a list answer without an items array is INVALID_RESPONSE", async () => {
  const { client: c } = client([json(200, { results: [] })]);
  const err = await c.memories.list().first().catch((e) => e);
  assert.equal(err.code, "INVALID_RESPONSE");
});

test("a list answer whose items is null (the API's empty list) is an empty page", async () => {
  const { client: c } = client([json(200, { items: null })]);
  assert.deepEqual(await c.memories.list().first(), { items: [] });
  const again = client([json(200, { items: null })]);
  assert.deepEqual(await again.client.memories.list().all(5), []);
});

test("a page that fails is retried like any GET; the walk resumes at the same cursor", async () => {
  const { client: c, calls } = client([
    json(200, { items: [m("a")], nextCursor: "c2" }),
    json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "x", retryable: true } }),
    json(200, { items: [m("b")] }),
  ]);
  const got = await c.memories.list().all(10);
  assert.deepEqual(got.map((x) => x.id), ["a", "b"]);
  assert.deepEqual(calls.map((x) => new URL(x.url).searchParams.get("cursor")), [null, "c2", "c2"]);
});

test("Paginator works over any page fetcher", async () => {
  const pages = { undefined: { items: [1, 2], nextCursor: "x" }, x: { items: [3] } };
  const p = new Paginator(async (cursor) => pages[String(cursor)]);
  assert.deepEqual(await p.all(10), [1, 2, 3]);
  assert.deepEqual(await p.all(Infinity), [1, 2, 3], "an explicit Infinity is a deliberate choice, and allowed");
});

test("no socket was opened by this file", () => {
  assert.deepEqual(blocked, { fetch: 0, socket: 0 });
});
