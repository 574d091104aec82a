import { blocked } from "../support/no-network.js";
import test from "node:test";
import assert from "node:assert/strict";
import * as sdk from "../../dist/index.js";
import { apiError, client, json } from "../support/fake.js";

const {
  PersistMemoryError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  RequestTooLargeError,
  RateLimitError,
  ServiceUnavailableError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
} = sdk;

const table = [
  [400, "INVALID_REQUEST", BadRequestError, "INVALID_REQUEST", false],
  [415, "UNSUPPORTED_MEDIA_TYPE", BadRequestError, "UNSUPPORTED_MEDIA_TYPE", false],
  [405, "INVALID_REQUEST", BadRequestError, "INVALID_REQUEST", false],
  [401, "UNAUTHENTICATED", AuthenticationError, "UNAUTHENTICATED", false],
  [403, "FORBIDDEN", PermissionDeniedError, "FORBIDDEN", false],
  [404, "NOT_FOUND", NotFoundError, "NOT_FOUND", false],
  [409, "CONFLICT", ConflictError, "CONFLICT", false],
  [413, "REQUEST_TOO_LARGE", RequestTooLargeError, "REQUEST_TOO_LARGE", false],
  [429, "RATE_LIMITED", RateLimitError, "RATE_LIMITED", true],
  [503, "SERVICE_UNAVAILABLE", ServiceUnavailableError, "SERVICE_UNAVAILABLE", true],
  [500, "INTERNAL", InternalServerError, "INTERNAL", true],
  [502, undefined, ServiceUnavailableError, "SERVICE_UNAVAILABLE", true],
  [418, "TEAPOT", PersistMemoryError, "HTTP_ERROR", false],
];

for (const [status, serverCode, cls, code, retryable] of table) {
  test(`HTTP ${status} → ${cls.name} (${code})`, async () => {
    const body = serverCode ? { error: { code: serverCode, message: `says ${status}`, retryable } } : undefined;
    const { client: c } = client([json(status, body)], { maxAttempts: 1 });
    const err = await c.jobs.get("job_1").catch((e) => e);
    assert.ok(err instanceof cls, `${err?.constructor?.name}`);
    assert.ok(err instanceof PersistMemoryError);
    assert.ok(err instanceof Error);
    assert.equal(err.name, cls.name);
    assert.equal(err.code, code);
    assert.equal(err.status, status);
    assert.equal(err.retryable, retryable);
    assert.equal(err.message, serverCode ? `says ${status}` : `the server answered HTTP ${status}`);
  });
}

test("the class follows the status, not the server's code", async () => {
  const { client: c } = client([apiError(404, "INVALID_REQUEST", "odd")]);
  const err = await c.jobs.get("x").catch((e) => e);
  assert.ok(err instanceof NotFoundError);
  assert.equal(err.code, "NOT_FOUND");
});

test("an error body that is not JSON still maps by status", async () => {
  const { client: c } = client([{ status: 502, raw: "<html>Bad Gateway</html>" }], { maxAttempts: 1 });
  const err = await c.jobs.get("x").catch((e) => e);
  assert.ok(err instanceof ServiceUnavailableError);
  assert.equal(err.message, "the server answered HTTP 502");
});

test("a 2xx body that is not JSON is INVALID_RESPONSE, not retried", async () => {
  const { client: c, calls } = client([{ status: 200, raw: "not json" }, json(200, {})]);
  const err = await c.jobs.get("x").catch((e) => e);
  assert.equal(err.code, "INVALID_RESPONSE");
  assert.equal(err.retryable, false);
  assert.equal(calls.length, 1);
});

test("204 resolves with undefined", async () => {
  const { client: c } = client([{ status: 204 }]);
  assert.equal(await c.spaces.delete("sp_1"), undefined);
});

test("a redirect is an error: the credential is not carried to another address", async () => {
  const { client: c, calls } = client([{ status: 301, headers: { Location: "https://elsewhere.test/" } }]);
  const err = await c.jobs.get("x").catch((e) => e);
  assert.equal(err.code, "HTTP_ERROR");
  assert.equal(err.status, 301);
  assert.equal(calls[0].init.redirect, "manual");
});

test("every error class has a stable code and branches by instanceof", () => {
  const cases = [
    [BadRequestError, "INVALID_REQUEST", false],
    [AuthenticationError, "UNAUTHENTICATED", false],
    [PermissionDeniedError, "FORBIDDEN", false],
    [NotFoundError, "NOT_FOUND", false],
    [ConflictError, "CONFLICT", false],
    [RequestTooLargeError, "REQUEST_TOO_LARGE", false],
    [RateLimitError, "RATE_LIMITED", true],
    [ServiceUnavailableError, "SERVICE_UNAVAILABLE", true],
    [InternalServerError, "INTERNAL", true],
    [ConnectionError, "CONNECTION_ERROR", true],
    [TimeoutError, "TIMEOUT", true],
    [AbortError, "ABORTED", false],
  ];
  for (const [cls, code, retryable] of cases) {
    const e = new cls("m");
    assert.equal(e.code, code, cls.name);
    assert.equal(e.retryable, retryable, cls.name);
    assert.equal(e.name, cls.name);
    assert.ok(e instanceof PersistMemoryError);
    assert.equal(String(e), `${cls.name}: m`);
    for (const [other] of cases) if (other !== cls) assert.ok(!(e instanceof other), `${cls.name} is not ${other.name}`);
  }
});

test("the seed's error example: NotFoundError returns null, RateLimitError reports retryAfterSeconds", async () => {
  async function example(c) {
    try {
      await c.spaces.get("sp_missing");
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      if (error instanceof RateLimitError) return error.retryAfterSeconds ?? 60;
      throw error;
    }
  }
  assert.equal(await example(client([apiError(404, "NOT_FOUND", "no such space")]).client), null);
  const limited = Array.from({ length: 3 }, () => apiError(429, "RATE_LIMITED", "x", { "Retry-After": "9" }));
  assert.equal(await example(client(limited).client), 9);
  assert.equal(await example(client([apiError(429, "RATE_LIMITED", "x"), apiError(429, "RATE_LIMITED", "x"), apiError(429, "RATE_LIMITED", "x")]).client), 60);
});

test("no socket was opened by this file", () => {
  assert.deepEqual(blocked, { fetch: 0, socket: 0 });
});
