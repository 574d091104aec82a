import { blocked } from "../support/no-network.js";
import test from "node:test";
import assert from "node:assert/strict";
import { BASE_DELAY_MS, MAX_DELAY_MS } from "../../dist/index.js";
import { backoffDelay, parseRetryAfter } from "../../dist/retry.js";
import { apiError, client, json } from "../support/fake.js";

test("the policy's numbers: 250 ms base, 8 s cap", () => {
  assert.equal(BASE_DELAY_MS, 250);
  assert.equal(MAX_DELAY_MS, 8000);
});

test("full jitter: each wait is within [0, min(8 s, 250 ms * 2^(n-1)))", () => {
  for (let retry = 1; retry <= 12; retry++) {
    const ceiling = Math.min(8000, 250 * 2 ** (retry - 1));
    assert.equal(backoffDelay(retry, () => 0), 0, `retry ${retry} at random 0`);
    const top = backoffDelay(retry, () => 0.999999);
    assert.ok(top < ceiling && top >= ceiling - 1, `retry ${retry}: ${top} vs ceiling ${ceiling}`);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(retry, Math.random);
      assert.ok(d >= 0 && d < ceiling, `retry ${retry}: ${d}`);
    }
  }
});

test("the ceiling doubles and stops at 8 s", () => {
  const ceilings = [];
  for (let retry = 1; retry <= 8; retry++) ceilings.push(backoffDelay(retry, () => 1 - Number.EPSILON) + 1);
  assert.deepEqual(ceilings, [250, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
});

test("a random source outside [0, 1) cannot push a wait outside its bounds", () => {
  assert.equal(backoffDelay(1, () => -3), 0);
  assert.equal(backoffDelay(1, () => NaN), 0);
  assert.ok(backoffDelay(1, () => 7) < 250);
});

test("the client sleeps the jittered backoff between attempts, with the injected random", async () => {
  const randoms = [0.1, 0.6, 0.9, 0.3, 0.5, 0.99, 0.42];
  let i = 0;
  const script = Array.from({ length: 7 }, () => apiError(503, "SERVICE_UNAVAILABLE", "x")).concat([json(200, { ok: true })]);
  const { client: c, sleeps, calls } = client(script, { maxAttempts: 8, random: () => randoms[i++] });
  await c.health.live();
  assert.equal(calls.length, 8);
  assert.deepEqual(sleeps, [
    Math.floor(0.1 * 250),
    Math.floor(0.6 * 500),
    Math.floor(0.9 * 1000),
    Math.floor(0.3 * 2000),
    Math.floor(0.5 * 4000),
    Math.floor(0.99 * 8000),
    Math.floor(0.42 * 8000),
  ]);
});

test("Retry-After: delta seconds and HTTP dates", () => {
  const now = Date.parse("2026-08-28T10:00:00Z");
  assert.equal(parseRetryAfter("5", now), 5);
  assert.equal(parseRetryAfter(" 0 ", now), 0);
  assert.equal(parseRetryAfter("Fri, 28 Aug 2026 10:00:30 GMT", now), 30);
  assert.equal(parseRetryAfter("Fri, 28 Aug 2026 09:00:00 GMT", now), 0);
  assert.equal(parseRetryAfter("soon", now), undefined);
  assert.equal(parseRetryAfter(null, now), undefined);
  assert.equal(parseRetryAfter("-1", now), undefined);
});

test("an HTTP-date Retry-After is a floor too", async () => {
  const at = new Date(Date.now() + 4000).toUTCString();
  const { client: c, sleeps } = client([apiError(429, "RATE_LIMITED", "x", { "Retry-After": at }), json(200, {})]);
  await c.health.live();
  assert.equal(sleeps.length, 1);
  assert.ok(sleeps[0] >= 3000 && sleeps[0] <= 5000, String(sleeps[0]));
});

test("no socket was opened by this file", () => {
  assert.deepEqual(blocked, { fetch: 0, socket: 0 });
});
