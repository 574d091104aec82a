import { blocked, NetworkForbidden } from "../support/no-network.js";
import test from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import { ConnectionError, DEFAULT_BASE_URL, PersistMemory, PersistMemoryError, VERSION } from "../../dist/index.js";
import { KEY, client, fakeFetch, json } from "../support/fake.js";

function withEnv(vars, fn) {
  const saved = {};
  for (const [k, v] of Object.entries(vars)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    return fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

test("the unit tests cannot open a socket", () => {
  assert.throws(() => net.connect(80, "127.0.0.1"), NetworkForbidden);
  assert.throws(() => new net.Socket().connect(80, "127.0.0.1"), NetworkForbidden);
  assert.equal(blocked.socket, 2);
  blocked.socket = 0; // accounted for
});

test("a client without an injected fetch uses the global fetch (which the tests forbid)", async () => {
  const before = blocked.fetch;
  const c = new PersistMemory({ apiKey: KEY, maxAttempts: 1 });
  const err = await c.health.live().catch((e) => e);
  assert.ok(err instanceof ConnectionError);
  assert.equal(blocked.fetch, before + 1);
  blocked.fetch = before; // accounted for
});

test("the API key falls back to PERSISTMEMORY_API_KEY", () => {
  withEnv({ PERSISTMEMORY_API_KEY: KEY }, () => {
    const c = new PersistMemory({ fetch: fakeFetch([]) });
    assert.ok(c instanceof PersistMemory);
  });
});

test("a missing API key is a clear error at construction", () => {
  withEnv({ PERSISTMEMORY_API_KEY: undefined }, () => {
    for (const opts of [{}, { apiKey: "" }, { apiKey: "   " }, undefined]) {
      assert.throws(
        () => new PersistMemory(opts),
        (e) => e instanceof PersistMemoryError && e.code === "MISSING_API_KEY" && /PERSISTMEMORY_API_KEY/.test(e.message),
      );
    }
  });
  withEnv({ PERSISTMEMORY_API_KEY: "" }, () => {
    assert.throws(() => new PersistMemory(), (e) => e.code === "MISSING_API_KEY");
  });
});

test("an explicit apiKey wins over the environment", async () => {
  await withEnv({ PERSISTMEMORY_API_KEY: "pm_live_FromEnv" }, async () => {
    const fetch = fakeFetch([json(200, { status: "alive" })]);
    const c = new PersistMemory({ apiKey: KEY, fetch, baseUrl: "http://pm.test" });
    await c.health.live();
    assert.equal(fetch.calls[0].headers.Authorization, `Bearer ${KEY}`);
  });
});

test("a key pasted with a trailing newline is trimmed; one with inner whitespace is refused", () => {
  const fetch = fakeFetch([]);
  assert.doesNotThrow(() => new PersistMemory({ apiKey: `${KEY}\n`, fetch }));
  assert.throws(() => new PersistMemory({ apiKey: `Bearer ${KEY}`, fetch }), TypeError);
});

test("the default base URL is http://127.0.0.1:8787", async () => {
  await withEnv({ PERSISTMEMORY_BASE_URL: undefined }, async () => {
    assert.equal(DEFAULT_BASE_URL, "http://127.0.0.1:8787");
    const fetch = fakeFetch([json(200, {})]);
    const c = new PersistMemory({ apiKey: KEY, fetch });
    assert.equal(c.baseUrl, "http://127.0.0.1:8787");
    await c.jobs.get("job_1");
    assert.equal(fetch.calls[0].url, "http://127.0.0.1:8787/api/v1/jobs/job_1");
  });
});

test("the base URL may come from PERSISTMEMORY_BASE_URL; trailing slashes and path prefixes are handled", () => {
  withEnv({ PERSISTMEMORY_BASE_URL: "https://env.example/" }, () => {
    assert.equal(new PersistMemory({ apiKey: KEY, fetch: fakeFetch([]) }).baseUrl, "https://env.example");
  });
  assert.equal(new PersistMemory({ apiKey: KEY, baseUrl: "https://h.example/pm//", fetch: fakeFetch([]) }).baseUrl, "https://h.example/pm");
});

test("bad options are refused at construction", () => {
  const fetch = fakeFetch([]);
  assert.throws(() => new PersistMemory({ apiKey: KEY, fetch, baseUrl: "not a url" }), TypeError);
  assert.throws(() => new PersistMemory({ apiKey: KEY, fetch, baseUrl: "ftp://x" }), TypeError);
  assert.throws(() => new PersistMemory({ apiKey: KEY, fetch, baseUrl: "https://u:p@x" }), TypeError);
  assert.throws(() => new PersistMemory({ apiKey: KEY, fetch, timeoutMs: 0 }), RangeError);
  assert.throws(() => new PersistMemory({ apiKey: KEY, fetch, timeoutMs: NaN }), RangeError);
  assert.throws(() => new PersistMemory({ apiKey: KEY, fetch, maxAttempts: 0 }), RangeError);
  assert.throws(() => new PersistMemory({ apiKey: KEY, fetch, maxAttempts: 1.5 }), RangeError);
  assert.throws(() => new PersistMemory({ apiKey: KEY, fetch: "fetch" }), TypeError);
});

test("defaults: 30 s per attempt, 3 attempts", () => {
  const c = new PersistMemory({ apiKey: KEY, fetch: fakeFetch([]) });
  assert.equal(c.timeoutMs, 30_000);
  assert.equal(c.maxAttempts, 3);
});

test("every request carries the bearer key, JSON accept and a user agent; bodies are JSON", async () => {
  const { client: c, calls } = client([json(200, { status: "alive" }), json(202, { jobId: "j" })]);
  await c.health.live();
  await c.memories.remember({ text: "We chose Postgres for the ledger, not DynamoDB." });
  const [get, post] = calls;
  assert.equal(get.headers.Authorization, `Bearer ${KEY}`);
  assert.equal(get.headers.Accept, "application/json");
  assert.equal(get.headers["User-Agent"], `persistmemory-sdk-typescript/${VERSION}`);
  assert.equal(get.headers["Content-Type"], undefined);
  assert.equal(get.init.body, undefined);
  assert.equal(post.headers["Content-Type"], "application/json");
  assert.deepEqual(post.body, { text: "We chose Postgres for the ledger, not DynamoDB." });
});

test("ids are escaped in paths, and an empty id is refused before anything is sent", async () => {
  const { client: c, calls } = client([json(200, {})]);
  await c.jobs.get("a/b?c");
  assert.equal(calls[0].url, "http://pm.test/api/v1/jobs/a%2Fb%3Fc");
  await assert.rejects(c.jobs.get(""), TypeError);
  await assert.rejects(c.memories.get("  "), TypeError);
  assert.throws(() => c.spaces.collaborators.list(""), TypeError);
  assert.throws(() => c.conversations.turns(undefined), TypeError);
  assert.equal(calls.length, 1);
});

test("the client is usable concurrently", async () => {
  const fetch = async (url) => ({ status: 200, headers: new Headers(), text: async () => JSON.stringify({ jobId: url.split("/").pop() }) });
  const c = new PersistMemory({ apiKey: KEY, baseUrl: "http://pm.test", fetch });
  const ids = Array.from({ length: 20 }, (_, i) => `job_${i}`);
  const got = await Promise.all(ids.map((id) => c.jobs.get(id)));
  assert.deepEqual(got.map((j) => j.jobId), ids);
});

test("no socket was opened by this file", () => {
  assert.deepEqual(blocked, { fetch: 0, socket: 0 });
});
