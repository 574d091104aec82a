import { blocked } from "../support/no-network.js";
import test from "node:test";
import assert from "node:assert/strict";
import { AbortError, PersistMemory, TimeoutError } from "../../dist/index.js";
import { KEY, fakeFetch, json } from "../support/fake.js";

/** A fetch step that never answers but honours its signal. */
function hang(url, init) {
  return new Promise((_, reject) => {
    init.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });
}

/** A fetch step that never answers and ignores its signal. */
function deaf() {
  return new Promise(() => {});
}

function mk(script, opts = {}) {
  const fetch = fakeFetch(script);
  const sleeps = [];
  const c = new PersistMemory({ apiKey: KEY, baseUrl: "http://pm.test", fetch, sleep: async (ms) => void sleeps.push(ms), ...opts });
  return { c, fetch, sleeps };
}

test("the timeout is per attempt: a slow first attempt times out, the retry gets a fresh budget", async () => {
  const { c, fetch } = mk([hang, json(200, { status: "alive" })], { timeoutMs: 40 });
  const started = Date.now();
  const got = await c.health.live();
  assert.equal(got.status, "alive");
  assert.equal(fetch.calls.length, 2);
  assert.ok(Date.now() - started >= 35);
});

test("each attempt gets the whole timeout: three slow attempts take three timeouts, not one", async () => {
  const { c, fetch } = mk([hang, hang, hang], { timeoutMs: 50 });
  const started = Date.now();
  const err = await c.health.live().catch((e) => e);
  const elapsed = Date.now() - started;
  assert.ok(err instanceof TimeoutError, String(err));
  assert.equal(err.code, "TIMEOUT");
  assert.equal(err.retryable, true);
  assert.equal(err.attempts, 3);
  assert.equal(fetch.calls.length, 3);
  assert.ok(elapsed >= 140, `elapsed ${elapsed} ms`);
});

test("each attempt has its own AbortSignal", async () => {
  const { c, fetch } = mk([hang, json(200, {})], { timeoutMs: 30 });
  await c.health.live();
  const [a, b] = fetch.calls.map((x) => x.init.signal);
  assert.notEqual(a, b);
  assert.equal(a.aborted, true);
  assert.equal(b.aborted, false);
});

test("a fetch that ignores its signal still times out", async () => {
  const { c, fetch } = mk([deaf], { timeoutMs: 30, maxAttempts: 1 });
  await assert.rejects(c.health.live(), TimeoutError);
  assert.equal(fetch.calls.length, 1);
});

test("a body that stalls after the headers times out within the attempt", async () => {
  const stall = () => ({ status: 200, headers: new Headers(), text: () => new Promise(() => {}) });
  const { c } = mk([], { timeoutMs: 30, maxAttempts: 1, fetch: async () => stall() });
  await assert.rejects(c.health.live(), TimeoutError);
});

test("a POST without a key that times out is not retried", async () => {
  const { c, fetch } = mk([hang, json(202, {})], { timeoutMs: 20 });
  await assert.rejects(c.memories.remember({ text: "x" }), TimeoutError);
  assert.equal(fetch.calls.length, 1);
});

test("a per-call timeoutMs overrides the client's", async () => {
  const { c } = mk([hang], { timeoutMs: 60_000, maxAttempts: 1 });
  const started = Date.now();
  await assert.rejects(c.health.live({ timeoutMs: 25 }), TimeoutError);
  assert.ok(Date.now() - started < 5000);
});

test("an abort during a request throws AbortError and is never retried", async () => {
  const ac = new AbortController();
  const { c, fetch } = mk([
    (url, init) => {
      setTimeout(() => ac.abort(), 10);
      return hang(url, init);
    },
    json(200, {}),
  ]);
  const err = await c.health.live({ signal: ac.signal }).catch((e) => e);
  assert.ok(err instanceof AbortError, String(err));
  assert.equal(err.code, "ABORTED");
  assert.equal(err.retryable, false);
  assert.equal(fetch.calls.length, 1);
  assert.equal(fetch.calls[0].init.signal.aborted, true, "the in-flight fetch was told to stop");
});

test("an abort reaches a fetch that ignores its signal", async () => {
  const ac = new AbortController();
  const { c } = mk([deaf]);
  setTimeout(() => ac.abort(), 10);
  await assert.rejects(c.health.live({ signal: ac.signal }), AbortError);
});

test("an already-aborted signal sends nothing", async () => {
  const { c, fetch } = mk([json(200, {})]);
  await assert.rejects(c.health.live({ signal: AbortSignal.abort() }), AbortError);
  assert.equal(fetch.calls.length, 0);
});

test("an abort during the backoff wait stops the call without another attempt", async () => {
  const ac = new AbortController();
  const fetch = fakeFetch([json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "x", retryable: true } }), json(200, {})]);
  const c = new PersistMemory({
    apiKey: KEY,
    baseUrl: "http://pm.test",
    fetch,
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        signal.addEventListener("abort", () => reject(signal.reason));
        setTimeout(() => ac.abort(), 5);
      }),
  });
  const err = await c.health.live({ signal: ac.signal }).catch((e) => e);
  assert.ok(err instanceof AbortError, String(err));
  assert.equal(fetch.calls.length, 1);
});

test("an abort with the real sleep during a long Retry-After returns promptly", async () => {
  const ac = new AbortController();
  const fetch = fakeFetch([json(429, { error: { code: "RATE_LIMITED", message: "x", retryable: true } }, { "Retry-After": "30" })]);
  const c = new PersistMemory({ apiKey: KEY, baseUrl: "http://pm.test", fetch });
  setTimeout(() => ac.abort(), 20);
  const started = Date.now();
  await assert.rejects(c.health.live({ signal: ac.signal }), AbortError);
  assert.ok(Date.now() - started < 2000);
  assert.equal(fetch.calls.length, 1);
});

test("jobs.wait honours its AbortSignal between polls", async () => {
  const ac = new AbortController();
  const queued = { jobId: "j", status: "queued", job: {} };
  const { c } = mk([json(200, queued), json(200, queued), json(200, queued)]);
  setTimeout(() => ac.abort(), 30);
  await assert.rejects(c.jobs.wait("j", { intervalMs: 1000, signal: ac.signal }), AbortError);
});

test("no socket was opened by this file", () => {
  assert.deepEqual(blocked, { fetch: 0, socket: 0 });
});
