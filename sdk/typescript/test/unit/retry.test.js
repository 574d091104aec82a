import { blocked } from "../support/no-network.js";
import test from "node:test";
import assert from "node:assert/strict";
import {
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
} from "../../dist/index.js";
import { apiError, client, json, refused } from "../support/fake.js";

const JOB = { jobId: "job_1", status: "queued", job: { id: "job_1", state: "queued" } };

test("429 is retried, and Retry-After is a floor under the backoff", async () => {
  const { client: c, calls, sleeps } = client([
    apiError(429, "RATE_LIMITED", "slow down", { "Retry-After": "2" }),
    json(200, JOB),
  ]);
  const got = await c.jobs.get("job_1");
  assert.equal(got.jobId, "job_1");
  assert.equal(calls.length, 2);
  // random 0.5 of a 250 ms ceiling is 125 ms; the floor lifts it to 2 s.
  assert.deepEqual(sleeps, [2000]);
});

test("Retry-After below the jittered backoff does not shorten it", async () => {
  const { client: c, sleeps } = client(
    [apiError(429, "RATE_LIMITED", "x", { "Retry-After": "0" }), apiError(429, "RATE_LIMITED", "x", { "Retry-After": "0" }), json(200, JOB)],
    { random: () => 0.999 },
  );
  await c.jobs.get("job_1");
  assert.deepEqual(sleeps, [249, 499]);
});

test("429 still refused after every attempt: RateLimitError with retryAfterSeconds", async () => {
  const { client: c, calls } = client([
    apiError(429, "RATE_LIMITED", "slow down", { "Retry-After": "3" }),
    apiError(429, "RATE_LIMITED", "slow down", { "Retry-After": "3" }),
    apiError(429, "RATE_LIMITED", "slow down", { "Retry-After": "7" }),
  ]);
  const err = await c.jobs.get("job_1").catch((e) => e);
  assert.ok(err instanceof RateLimitError);
  assert.equal(err.code, "RATE_LIMITED");
  assert.equal(err.status, 429);
  assert.equal(err.retryable, true);
  assert.equal(err.retryAfterSeconds, 7);
  assert.equal(err.attempts, 3);
  assert.equal(calls.length, 3);
});

test("a Retry-After beyond the ceiling is not waited out: the error comes back at once", async () => {
  const { client: c, calls, sleeps } = client([apiError(429, "RATE_LIMITED", "later", { "Retry-After": "3600" })]);
  const err = await c.jobs.get("job_1").catch((e) => e);
  assert.ok(err instanceof RateLimitError);
  assert.equal(err.retryAfterSeconds, 3600);
  assert.equal(calls.length, 1);
  assert.deepEqual(sleeps, []);
});

test("503 is retried", async () => {
  const { client: c, calls } = client([apiError(503, "SERVICE_UNAVAILABLE", "neo4j is down", { "Retry-After": "1" }), json(200, JOB)]);
  await c.jobs.get("job_1");
  assert.equal(calls.length, 2);
});

test("every 5xx is retried, up to maxAttempts", async () => {
  const { client: c, calls } = client([apiError(500, "INTERNAL", "x"), apiError(502, "INTERNAL", "x"), apiError(504, "INTERNAL", "x"), json(200, JOB)], {
    maxAttempts: 4,
  });
  await c.jobs.get("job_1");
  assert.equal(calls.length, 4);
});

test("5xx on every attempt: the last error is thrown with attempts", async () => {
  const { client: c, calls } = client([apiError(500, "INTERNAL", "a"), apiError(500, "INTERNAL", "b"), apiError(500, "INTERNAL", "c")]);
  const err = await c.jobs.get("job_1").catch((e) => e);
  assert.ok(err instanceof InternalServerError);
  assert.equal(err.message, "c");
  assert.equal(err.attempts, 3);
  assert.equal(calls.length, 3);
});

test("a transport failure is retried and, when it persists, is a ConnectionError", async () => {
  const ok = client([refused(), json(200, JOB)]);
  await ok.client.jobs.get("job_1");
  assert.equal(ok.calls.length, 2);

  const bad = client([refused(), refused(), refused()]);
  const err = await bad.client.jobs.get("job_1").catch((e) => e);
  assert.ok(err instanceof ConnectionError);
  assert.equal(err.code, "CONNECTION_ERROR");
  assert.equal(err.status, undefined);
  assert.equal(err.retryable, true);
  assert.match(err.message, /ECONNREFUSED/);
  assert.equal(bad.calls.length, 3);
});

for (const [status, code, cls] of [
  [400, "INVALID_REQUEST", BadRequestError],
  [404, "NOT_FOUND", NotFoundError],
  [409, "CONFLICT", ConflictError],
]) {
  test(`${status} is never retried`, async () => {
    const { client: c, calls, sleeps } = client([apiError(status, code, "no"), json(200, JOB)]);
    const err = await c.jobs.get("job_1").catch((e) => e);
    assert.ok(err instanceof cls);
    assert.equal(err.retryable, false);
    assert.equal(calls.length, 1);
    assert.deepEqual(sleeps, []);
  });
}

test("other 4xx (401, 403, 413, 422) are not retried either", async () => {
  for (const status of [401, 403, 413, 422]) {
    const { client: c, calls } = client([apiError(status, "X", "no"), json(200, JOB)]);
    await assert.rejects(c.jobs.get("job_1"));
    assert.equal(calls.length, 1, `status ${status}`);
  }
});

test("a POST without an idempotency key is not retried: 503, 429, 500, transport failure", async () => {
  for (const step of [
    apiError(503, "SERVICE_UNAVAILABLE", "x"),
    apiError(429, "RATE_LIMITED", "x", { "Retry-After": "1" }),
    apiError(500, "INTERNAL", "x"),
    refused(),
  ]) {
    const { client: c, calls, sleeps } = client([step, json(202, JOB)]);
    const err = await c.memories.remember({ text: "hello" }).catch((e) => e);
    assert.ok(err instanceof Error);
    assert.equal(err.retryable, true, "the failure is of a retryable kind; the POST is what stops it");
    assert.equal(calls.length, 1);
    assert.deepEqual(sleeps, []);
    assert.equal(calls[0].headers["Idempotency-Key"], undefined);
  }
});

test("a POST with an idempotency key is retried, sending the same key each time", async () => {
  const { client: c, calls } = client([apiError(503, "SERVICE_UNAVAILABLE", "x"), refused(), json(202, JOB)]);
  const got = await c.memories.remember({ text: "The migration is halfway done." }, { idempotencyKey: "standup:2026-08-28" });
  assert.equal(got.jobId, "job_1");
  assert.equal(calls.length, 3);
  for (const call of calls) {
    assert.equal(call.method, "POST");
    assert.equal(call.headers["Idempotency-Key"], "standup:2026-08-28");
    assert.deepEqual(call.body, { text: "The migration is halfway done." });
  }
});

test("conversations.append with an idempotency key is retried with the same key", async () => {
  const { client: c, calls } = client([apiError(502, "INTERNAL", "x"), json(202, { jobId: "job_2", extracting: true })]);
  const got = await c.conversations.append("conv_1", { messages: [{ role: "user", content: "hi" }] }, { idempotencyKey: "conv_1:hi" });
  assert.equal(got.extracting, true);
  assert.equal(calls.length, 2);
  assert.deepEqual(
    calls.map((x) => x.headers["Idempotency-Key"]),
    ["conv_1:hi", "conv_1:hi"],
  );
});

test("an idempotency key is sent as the server accepts it: bytes outside \\x21-\\x7e and % percent-encoded, deterministically", async () => {
  const keys = ["conv_1:what did we decide about the ledger", "standup:2026-08-28", "50%:a%20b", "conv_1:où est le café?\n"];
  const { client: c, calls } = client(keys.map(() => json(202, JOB)));
  for (const idempotencyKey of keys) await c.memories.remember({ text: "x" }, { idempotencyKey });
  const sent = calls.map((x) => x.headers["Idempotency-Key"]);
  assert.deepEqual(sent, [
    "conv_1:what%20did%20we%20decide%20about%20the%20ledger",
    "standup:2026-08-28",
    "50%25:a%2520b",
    "conv_1:o%C3%B9%20est%20le%20caf%C3%A9?%0A",
  ]);
  for (const key of sent) assert.match(key, /^[\x21-\x7e]+$/);
});

test("PATCH and DELETE are retried like GET", async () => {
  const { client: c, calls } = client([apiError(503, "SERVICE_UNAVAILABLE", "x"), json(200, { id: "sp_1", name: "n" })]);
  await c.spaces.rename("sp_1", "n");
  assert.equal(calls.length, 2);
  const d = client([refused(), json(204)]);
  await d.client.spaces.delete("sp_1");
  assert.equal(d.calls.length, 2);
});

test("maxAttempts 1 means no retry; a per-call maxAttempts overrides the client's", async () => {
  const one = client([apiError(503, "SERVICE_UNAVAILABLE", "x"), json(200, JOB)], { maxAttempts: 1 });
  await assert.rejects(one.client.jobs.get("job_1"), ServiceUnavailableError);
  assert.equal(one.calls.length, 1);

  const per = client([apiError(503, "SERVICE_UNAVAILABLE", "x"), apiError(503, "SERVICE_UNAVAILABLE", "x"), json(200, JOB)], { maxAttempts: 1 });
  await per.client.jobs.get("job_1", { maxAttempts: 3 });
  assert.equal(per.calls.length, 3);
});

test("an empty idempotency key is refused before anything is sent", async () => {
  const { client: c, calls } = client([]);
  await assert.rejects(c.memories.remember({ text: "x" }, { idempotencyKey: "" }), TypeError);
  assert.equal(calls.length, 0);
});

test("no socket was opened by this file", () => {
  assert.deepEqual(blocked, { fetch: 0, socket: 0 });
});
