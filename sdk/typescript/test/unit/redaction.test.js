import { blocked } from "../support/no-network.js";
import test from "node:test";
import assert from "node:assert/strict";
import { inspect, format } from "node:util";
import { PersistMemory } from "../../dist/index.js";
import { redact } from "../../dist/redact.js";
import { KEY, apiError, client, fakeFetch, json } from "../support/fake.js";

const SECRET_PART = KEY.slice("pm_live_".length);

function assertClean(text, what) {
  assert.ok(!text.includes(KEY), `${what} contains the key: ${text}`);
  assert.ok(!text.includes(SECRET_PART), `${what} contains the key's secret part: ${text}`);
}

test("util.inspect of the client shows a redacted key, at any depth", () => {
  const { client: c } = client([]);
  for (const text of [inspect(c), inspect(c, { depth: Infinity, showHidden: true }), format("%o", c), format("%O", c), `${c}`]) {
    assertClean(text, "inspect");
  }
  assert.match(inspect(c), /pm_live_\[REDACTED\]/);
  assert.match(inspect(c), /http:\/\/pm\.test/);
});

test("inspecting a resource or the whole object graph does not reveal the key", () => {
  const { client: c } = client([]);
  for (const part of [c.memories, c.search, c.spaces, c.spaces.collaborators, c.jobs, c.health, { client: c }]) {
    assertClean(inspect(part, { depth: Infinity, showHidden: true }), "inspect(resource)");
  }
});

test("JSON.stringify of the client is redacted", () => {
  const { client: c } = client([]);
  const text = JSON.stringify(c);
  assertClean(text, "JSON");
  assert.deepEqual(JSON.parse(text), { baseUrl: "http://pm.test", apiKey: "pm_live_[REDACTED]", timeoutMs: 30000, maxAttempts: 3 });
  assertClean(JSON.stringify({ nested: c, resources: [c.memories, c.search] }), "JSON nested");
});

test("the key is not enumerable anywhere on the client", () => {
  const { client: c } = client([]);
  const seen = new Set();
  const walk = (o, path) => {
    if (o === null || typeof o !== "object" || seen.has(o)) return;
    seen.add(o);
    for (const k of Reflect.ownKeys(o)) {
      const v = o[k];
      if (typeof v === "string") assert.ok(!v.includes(SECRET_PART), `key at ${path}.${String(k)}`);
      walk(v, `${path}.${String(k)}`);
    }
  };
  walk(c, "client");
});

test("a key echoed in a server error message is stripped", async () => {
  const { client: c } = client([apiError(401, "UNAUTHENTICATED", `the credential ${KEY} is not valid (Authorization: Bearer ${KEY})`)]);
  const err = await c.jobs.get("j").catch((e) => e);
  assertClean(err.message, "message");
  assertClean(err.stack, "stack");
  assertClean(inspect(err, { depth: Infinity }), "inspect(error)");
  assertClean(JSON.stringify(err), "JSON(error)");
  assert.match(err.message, /pm_live_\[REDACTED\]/);
});

test("any key-shaped string is stripped, not only the client's own key", async () => {
  const other = "pm_live_SomeoneElsesKey42";
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMSJ9.c2lnbmF0dXJlLXZhbHVl";
  const { client: c } = client([apiError(403, "FORBIDDEN", `key ${other} may not; bearer abc.def-ghi; token ${jwt}`)]);
  const err = await c.jobs.get("j").catch((e) => e);
  assert.ok(!err.message.includes("SomeoneElsesKey42"), err.message);
  assert.ok(!err.message.includes("abc.def-ghi"), err.message);
  assert.ok(!err.message.includes("c2lnbmF0dXJlLXZhbHVl"), err.message);
});

test("a non-pm_live key (a session JWT) is stripped verbatim from messages and never printed", async () => {
  const session = "sess.opaque-token-value-123456";
  const fetch = fakeFetch([apiError(401, "UNAUTHENTICATED", `token ${session} expired`)]);
  const c = new PersistMemory({ apiKey: session, baseUrl: "http://pm.test", fetch });
  const err = await c.jobs.get("j").catch((e) => e);
  assert.ok(!err.message.includes(session), err.message);
  assert.ok(!inspect(c).includes(session));
  assert.ok(!JSON.stringify(c).includes(session));
  assert.match(inspect(c), /\[REDACTED\]/);
});

test("a transport failure whose text carries the key is redacted, cause included", async () => {
  const boom = new Error(`socket hang up while sending Authorization: Bearer ${KEY}`);
  const { client: c } = client([boom], { maxAttempts: 1 });
  const err = await c.jobs.get("j").catch((e) => e);
  assert.equal(err.code, "CONNECTION_ERROR");
  assertClean(err.message, "message");
  assertClean(inspect(err, { depth: Infinity }), "inspect(error with cause)");
});

test("the key is sent only in the Authorization header, never in the URL or body", async () => {
  const { client: c, calls } = client([json(202, { jobId: "j" })]);
  await c.memories.remember({ text: "x" });
  assert.equal(calls[0].headers.Authorization, `Bearer ${KEY}`);
  assertClean(calls[0].url, "url");
  assertClean(calls[0].init.body, "body");
});

test("the construction errors never include a key", () => {
  try {
    new PersistMemory({ apiKey: `Bearer ${KEY}`, fetch: fakeFetch([]) });
    assert.fail("expected a throw");
  } catch (e) {
    assertClean(String(e.message), "construction error");
  }
});

test("redact() covers pm_live_ keys, bearer tokens and JWTs", () => {
  assert.equal(redact("a pm_live_abc123 b"), "a pm_live_[REDACTED] b");
  assert.equal(redact("Authorization: Bearer xyz.123/abc="), "Authorization: Bearer [REDACTED]");
  assert.equal(redact("BEARER tok"), "BEARER [REDACTED]");
  assert.equal(redact("t=eyJhbGciOi.eyJzdWIiOi.sig_nat-ure end"), "t=[REDACTED] end");
  assert.equal(redact("nothing to see"), "nothing to see");
  assert.equal(redact("exact secret-value-9 here", ["secret-value-9"]), "exact [REDACTED] here");
});

test("no socket was opened by this file", () => {
  assert.deepEqual(blocked, { fetch: 0, socket: 0 });
});

test("redaction reads cleanly and is idempotent", () => {
  const once = redact(`Authorization: Bearer ${KEY}; key ${KEY}`);
  assert.equal(once, "Authorization: Bearer [REDACTED]; key pm_live_[REDACTED]");
  assert.equal(redact(once), once);
});
