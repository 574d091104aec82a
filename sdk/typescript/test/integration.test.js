// Integration tests against a live PersistMemory server.
//
// Set PERSISTMEMORY_BASE_URL and PERSISTMEMORY_API_KEY to run them. Without
// them they skip locally and FAIL under CI (CI=true): a CI run that silently
// tested nothing would be a green lie.
//
// Tests marked `todo` exercise routes the server does not serve yet (they
// land with issue 7). They run and report, but do not fail the suite; drop
// the `todo` option when a route lands to make its test count.
import test from "node:test";
import assert from "node:assert/strict";
import { inspect } from "node:util";
import { randomBytes } from "node:crypto";
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PersistMemory,
  RateLimitError,
  RequestTooLargeError,
} from "../dist/index.js";

const BASE_URL = process.env.PERSISTMEMORY_BASE_URL;
const API_KEY = process.env.PERSISTMEMORY_API_KEY;
const LIVE = Boolean(BASE_URL && API_KEY);
const IN_CI = /^(true|1)$/i.test(process.env.CI ?? "");

const SKIP = "set PERSISTMEMORY_BASE_URL and PERSISTMEMORY_API_KEY to run the integration tests against a live server";
const ISSUE_7 = "route lands with issue 7";
/** Options for a test of what the server serves today. */
const today = LIVE ? {} : { skip: SKIP };
/** Options for a test of a route that is not served yet. */
const later = LIVE ? { todo: ISSUE_7 } : { skip: SKIP };

if (!LIVE && IN_CI) {
  test("the integration environment is configured", () => {
    assert.fail(`CI=true but the integration tests have nothing to run against: ${SKIP}`);
  });
}

function newClient(options = {}) {
  return new PersistMemory({ apiKey: API_KEY, baseUrl: BASE_URL, ...options });
}

/** A token no earlier run has used, so this run's memories are its own. */
function token() {
  return "zq" + randomBytes(6).toString("hex");
}

// ------------------------------------------------------------ served today

test("health: live and ready", today, async () => {
  const client = newClient();
  const live = await client.health.live();
  assert.equal(live.status, "alive");
  const ready = await client.health.ready();
  assert.equal(typeof ready.status, "string");
  assert.ok(Array.isArray(ready.checks));
  for (const check of ready.checks) assert.ok(["ready", "unavailable", "not_configured"].includes(check.state), check.state);
});

test("limits: the named limits", today, async () => {
  const limits = await newClient().limits.get();
  assert.equal(typeof limits.maxRequestBytes, "number");
  assert.equal(typeof limits.maxRememberBytes, "number");
});

test("remember → poll jobs.get until completed → search.query finds it", today, async () => {
  const client = newClient();
  const mark = token();
  const accepted = await client.memories.remember({ text: `We chose Postgres for the ledger ${mark}, not DynamoDB.` });
  assert.match(accepted.jobId, /\S/);
  assert.ok(["queued", "extracting", "completed"].includes(accepted.status), accepted.status);
  assert.equal(accepted.job.id, accepted.jobId);

  // Poll by hand, as the seed says to.
  let job = accepted;
  const deadline = Date.now() + 60_000;
  while (job.status !== "completed" && job.status !== "failed") {
    assert.ok(Date.now() < deadline, `job ${accepted.jobId} still ${job.status} after 60 s`);
    await new Promise((r) => setTimeout(r, 250));
    job = await client.jobs.get(accepted.jobId);
  }
  assert.equal(job.status, "completed", job.job.error);
  const memoryIds = job.job.memoryIds ?? [];
  assert.ok(memoryIds.length >= 1, "extraction produced a memory");

  const found = await client.search.query({ query: `what did we decide about the ledger ${mark}` });
  assert.ok(Array.isArray(found.results));
  assert.equal(typeof found.diagnostics.degraded, "boolean");
  const hit = found.results.find((one) => memoryIds.includes(one.memory.id));
  assert.ok(hit, `search found none of ${memoryIds.join(", ")}`);
  assert.match(hit.memory.claim, /Postgres/);
  assert.equal(typeof hit.score, "number");
});

test("jobs.wait follows a job to completed", today, async () => {
  const client = newClient();
  const accepted = await client.memories.remember({ text: `The ${token()} migration is halfway done.` });
  const done = await client.jobs.wait(accepted.jobId, { intervalMs: 200, timeoutMs: 60_000 });
  assert.equal(done.status, "completed");
});

test("a missing job is NotFoundError", today, async () => {
  const err = await newClient().jobs.get(`job_${token()}`).catch((e) => e);
  assert.ok(err instanceof NotFoundError, inspect(err));
  assert.equal(err.code, "NOT_FOUND");
  assert.equal(err.status, 404);
  assert.equal(err.retryable, false);
  assert.equal(err.attempts, 1);
});

test("malformed input (empty text) is BadRequestError", today, async () => {
  const err = await newClient().memories.remember({ text: "" }).catch((e) => e);
  assert.ok(err instanceof BadRequestError, inspect(err));
  assert.equal(err.code, "INVALID_REQUEST");
  assert.equal(err.status, 400);
  assert.equal(err.attempts, 1);
});

test("an empty query is BadRequestError", today, async () => {
  const err = await newClient().search.query({ query: "   " }).catch((e) => e);
  assert.ok(err instanceof BadRequestError, inspect(err));
});

test("text over the remember limit is RequestTooLargeError", today, async () => {
  const client = newClient();
  const { maxRememberBytes } = await client.limits.get();
  const err = await client.memories.remember({ text: "a".repeat(maxRememberBytes + 1) }).catch((e) => e);
  assert.ok(err instanceof RequestTooLargeError, inspect(err));
  assert.equal(err.code, "REQUEST_TOO_LARGE");
});

test("a wrong key is AuthenticationError, and neither the key nor the client shows it", today, async () => {
  const wrong = `pm_live_${randomBytes(16).toString("hex")}`;
  const client = newClient({ apiKey: wrong });
  const err = await client.jobs.get("job_x").catch((e) => e);
  assert.ok(err instanceof AuthenticationError, inspect(err));
  assert.equal(err.code, "UNAUTHENTICATED");
  for (const text of [err.message, err.stack, inspect(err, { depth: Infinity }), JSON.stringify(err), inspect(client), JSON.stringify(client)]) {
    assert.ok(!text.includes(wrong.slice(8)), text);
  }
  assert.ok(!inspect(newClient()).includes(API_KEY.slice(8)));
});

test("seed: the first call, as written", today, async () => {
  // Reads the key from PERSISTMEMORY_API_KEY and the address from
  // PERSISTMEMORY_BASE_URL, exactly as the example constructs it.
  const client = new PersistMemory({
    apiKey: process.env.PERSISTMEMORY_API_KEY,
  });

  await client.memories.remember({
    text: "We chose Postgres for the ledger, not DynamoDB.",
  });

  const found = await client.search.query({
    query: "what did we decide about the ledger",
  });
  const titles = found.results.map((one) => one.memory.title);
  assert.ok(Array.isArray(titles));
});

// ------------------------------------------------------------ issue 7 routes

test("seed: assembling context for a model, and filing what came back", later, async () => {
  const client = new PersistMemory({
    apiKey: process.env.PERSISTMEMORY_API_KEY,
    timeoutMs: 15_000,
    maxAttempts: 4,
  });
  const callYourModel = async (context, question) => `noted: ${question}`;
  const warnings = [];

  async function answer(question, conversationId) {
    const context = await client.search.context({
      query: question,
      tokenBudget: 1_500,
      scope: "combined",
      spaceIds: ["sp_work"],
    });
    if (context.truncated) warnings.push("Something relevant was left out for budget.");
    assert.equal(typeof context.context, "string");
    assert.ok(context.tokens <= context.budget);

    const reply = await callYourModel(context.context, question);

    const appended = await client.conversations.append(
      conversationId,
      {
        messages: [
          { role: "user", content: question },
          { role: "assistant", content: reply },
        ],
      },
      { idempotencyKey: `${conversationId}:${question.slice(0, 40)}` },
    );
    assert.match(appended.jobId, /\S/);
    assert.equal(typeof appended.extracting, "boolean");
    if (!appended.extracting) warnings.push(appended.note);
    return reply;
  }

  const reply = await answer("what did we decide about the ledger", `conv_${token()}`);
  assert.match(reply, /ledger/);
});

test("seed: paging — first(), all(bound), for await", later, async () => {
  const client = newClient();
  const first = await client.memories.list({ type: "decision", limit: 50 }).first();
  assert.ok(Array.isArray(first.items));
  assert.ok(first.items.length <= 50);

  const decisions = await client.memories.list({ type: "decision" }).all(500);
  assert.ok(decisions.length <= 500);
  for (const m of decisions) assert.equal(m.type, "decision");

  for await (const memory of client.memories.list({ scope: "combined" })) {
    if (memory.confidence < 0.5) break;
  }
});

test("seed: errors — spaces.get of a missing space is NotFoundError", later, async () => {
  const client = newClient();
  async function example() {
    try {
      await client.spaces.get("sp_missing");
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      if (error instanceof RateLimitError) console.warn(error.retryAfterSeconds ?? 60);
      throw error;
    }
    return "found";
  }
  // Today an unknown route answers 404 too; the todo is for the route itself.
  const spaces = await client.spaces.list().first();
  assert.ok(Array.isArray(spaces.items));
  assert.equal(await example(), null);
});

test("seed: idempotency — the same key and body answer the first response; a different body is ConflictError", later, async () => {
  const client = newClient();
  const key = `standup:${token()}`;
  const first = await client.memories.remember({ text: "The migration is halfway done." }, { idempotencyKey: key });
  const again = await client.memories.remember({ text: "The migration is halfway done." }, { idempotencyKey: key });
  assert.equal(again.jobId, first.jobId);
  await assert.rejects(client.memories.remember({ text: "Something else." }, { idempotencyKey: key }), ConflictError);
});

test("memories: remember into a space, get, timeline, confirm, correct", later, async () => {
  const client = newClient();
  const space = await client.spaces.create({ name: `sdk-ts ${token()}` });
  const accepted = await client.memories.remember({ text: `We ship ${token()} on Fridays.`, spaceId: space.id });
  const done = await client.jobs.wait(accepted.jobId);
  const id = done.job.memoryIds[0];
  const memory = await client.memories.get(id);
  assert.equal(memory.id, id);
  assert.ok(Array.isArray((await client.memories.timeline(id)).items));
  assert.equal((await client.memories.confirm(id)).confirmed, true);
  const corrected = await client.memories.correct(id, { correction: "Actually we ship on Thursdays." });
  assert.match(corrected.jobId, /\S/);
  await client.spaces.delete(space.id);
});

test("spaces: create, rename, collaborators, delete", later, async () => {
  const client = newClient();
  const space = await client.spaces.create({ name: `sdk-ts ${token()}` });
  const renamed = await client.spaces.rename(space.id, "renamed");
  assert.equal(renamed.name, "renamed");
  assert.ok(Array.isArray((await client.spaces.collaborators.list(space.id).first()).items));
  await client.spaces.delete(space.id);
  await assert.rejects(client.spaces.get(space.id), NotFoundError);
});

test("sources, documents, jobs, entities, conflicts, conversations, integrations: lists page", later, async () => {
  const client = newClient();
  for (const list of [
    client.sources.list(),
    client.documents.list(),
    client.jobs.list({ limit: 5 }),
    client.entities.list({ limit: 5 }),
    client.conflicts.list({ state: "open" }),
    client.conversations.list(),
    client.integrations.list(),
  ]) {
    const page = await list.first();
    assert.ok(Array.isArray(page.items));
  }
});

test("graph: neighbours and paths are bounded", later, async () => {
  const client = newClient();
  const [entity] = await client.entities.list({ limit: 1 }).all(1);
  assert.ok(entity, "an entity to start from");
  const around = await client.graph.neighbours({ entityId: entity.id, depth: 1, limit: 10 });
  assert.ok(Array.isArray(around.nodes) && Array.isArray(around.edges));
  const paths = await client.graph.paths({ from: entity.id, to: entity.id, maxDepth: 2 });
  assert.ok(Array.isArray(paths.paths));
  await assert.rejects(client.graph.neighbours({ entityId: entity.id, depth: 9 }), BadRequestError);
});

test("conversations: append then read the turns back", later, async () => {
  const client = newClient();
  const id = `conv_${token()}`;
  await client.conversations.append(id, { messages: [{ role: "user", content: "We moved standup to 10:00." }] }, { idempotencyKey: `${id}:1` });
  const turns = await client.conversations.turns(id).all(10);
  assert.equal(turns.length, 1);
});
