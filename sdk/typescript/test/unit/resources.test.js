// Every method against the route table of docs/api-routes.md: method, path,
// query and body as sent.
import { blocked } from "../support/no-network.js";
import test from "node:test";
import assert from "node:assert/strict";
import { apiError, client, json } from "../support/fake.js";
import { PermissionDeniedError } from "../../dist/index.js";

const LIST = { items: [] };

function sent(call) {
  const url = new URL(call.url);
  return { method: call.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: call.body };
}

const cases = [
  ["memories.list", (c) => c.memories.list({ type: "decision", spaceId: "sp_1", state: "active", from: new Date("2026-01-01T00:00:00Z"), to: "2026-02-01T00:00:00Z", limit: 10 }).first(), LIST,
    { method: "GET", path: "/api/v1/memories", query: { type: "decision", spaceId: "sp_1", state: "active", from: "2026-01-01T00:00:00.000Z", to: "2026-02-01T00:00:00Z", limit: "10" } }],
  ["memories.get", (c) => c.memories.get("mem_1"), {}, { method: "GET", path: "/api/v1/memories/mem_1" }],
  ["memories.remember", (c) => c.memories.remember({ text: "t", spaceId: "sp_1", source: "slack" }), {}, { method: "POST", path: "/api/v1/memories", body: { text: "t", spaceId: "sp_1", source: "slack" } }],
  ["memories.timeline", (c) => c.memories.timeline("mem_1"), LIST, { method: "GET", path: "/api/v1/memories/mem_1/timeline" }],
  ["memories.confirm", (c) => c.memories.confirm("mem_1"), {}, { method: "POST", path: "/api/v1/memories/mem_1/confirm", body: {} }],
  ["memories.correct", (c) => c.memories.correct("mem_1", { correction: "it is Postgres 16" }), {}, { method: "POST", path: "/api/v1/memories/mem_1/correct", body: { correction: "it is Postgres 16" } }],
  ["search.query", (c) => c.search.query({ query: "q", limit: 5, spaceIds: ["sp_1"], scope: "space", includeHistory: true }), { results: [], diagnostics: { degraded: false } },
    { method: "POST", path: "/api/v1/search", body: { query: "q", limit: 5, spaceIds: ["sp_1"], scope: "space", includeHistory: true } }],
  ["search.context", (c) => c.search.context({ query: "q", tokenBudget: 1500, scope: "combined", spaceIds: ["sp_work"] }), {},
    { method: "POST", path: "/api/v1/search/context", body: { query: "q", tokenBudget: 1500, scope: "combined", spaceIds: ["sp_work"] } }],
  ["spaces.list", (c) => c.spaces.list().first(), LIST, { method: "GET", path: "/api/v1/spaces" }],
  ["spaces.create", (c) => c.spaces.create({ name: "Work" }), {}, { method: "POST", path: "/api/v1/spaces", body: { name: "Work" } }],
  ["spaces.get", (c) => c.spaces.get("sp_1"), {}, { method: "GET", path: "/api/v1/spaces/sp_1" }],
  ["spaces.update", (c) => c.spaces.update("sp_1", { name: "W" }), {}, { method: "PATCH", path: "/api/v1/spaces/sp_1", body: { name: "W" } }],
  ["spaces.rename", (c) => c.spaces.rename("sp_1", "W"), {}, { method: "PATCH", path: "/api/v1/spaces/sp_1", body: { name: "W" } }],
  ["spaces.delete", (c) => c.spaces.delete("sp_1"), undefined, { method: "DELETE", path: "/api/v1/spaces/sp_1" }],
  ["spaces.collaborators.list", (c) => c.spaces.collaborators.list("sp_1").first(), LIST, { method: "GET", path: "/api/v1/spaces/sp_1/collaborators" }],
  ["spaces.collaborators.add", (c) => c.spaces.collaborators.add("sp_1", { email: "a@b.c", role: "editor" }), {},
    { method: "POST", path: "/api/v1/spaces/sp_1/collaborators", body: { email: "a@b.c", role: "editor" } }],
  ["spaces.collaborators.update", (c) => c.spaces.collaborators.update("sp_1", "usr_2", { role: "viewer" }), {},
    { method: "PATCH", path: "/api/v1/spaces/sp_1/collaborators/usr_2", body: { role: "viewer" } }],
  ["spaces.collaborators.remove", (c) => c.spaces.collaborators.remove("sp_1", "usr_2"), undefined, { method: "DELETE", path: "/api/v1/spaces/sp_1/collaborators/usr_2" }],
  ["spaces.collaborators.add by userId", (c) => c.spaces.collaborators.add("sp_1", { userId: "usr_2", role: "viewer" }), {},
    { method: "POST", path: "/api/v1/spaces/sp_1/collaborators", body: { userId: "usr_2", role: "viewer" } }],
  ["spaces.collaborators.update by the invited address", (c) => c.spaces.collaborators.update("sp_1", "a b@c.d", { role: "editor" }), {},
    { method: "PATCH", path: "/api/v1/spaces/sp_1/collaborators/a%20b%40c.d", body: { role: "editor" } }],
  ["spaces.acceptInvitation", (c) => c.spaces.acceptInvitation("sp_1"), {}, { method: "POST", path: "/api/v1/spaces/sp_1/invitations/accept", body: {} }],
  ["invitations.list", (c) => c.invitations.list().first(), LIST, { method: "GET", path: "/api/v1/invitations" }],
  ["sources.list", (c) => c.sources.list({ limit: 3 }).first(), LIST, { method: "GET", path: "/api/v1/sources", query: { limit: "3" } }],
  ["sources.get", (c) => c.sources.get("src_1"), {}, { method: "GET", path: "/api/v1/sources/src_1" }],
  ["documents.list", (c) => c.documents.list().first(), LIST, { method: "GET", path: "/api/v1/documents" }],
  ["documents.list by source", (c) => c.documents.list({ source: "slack:#infra", limit: 5 }).first(), LIST, { method: "GET", path: "/api/v1/documents", query: { source: "slack:#infra", limit: "5" } }],
  ["documents.get", (c) => c.documents.get("doc_1"), {}, { method: "GET", path: "/api/v1/documents/doc_1" }],
  ["jobs.list", (c) => c.jobs.list({ state: "failed", limit: 20 }).first(), LIST, { method: "GET", path: "/api/v1/jobs", query: { state: "failed", limit: "20" } }],
  ["jobs.get", (c) => c.jobs.get("job_1"), {}, { method: "GET", path: "/api/v1/jobs/job_1" }],
  ["entities.list", (c) => c.entities.list({ q: "ledger", kind: "system" }).first(), LIST, { method: "GET", path: "/api/v1/entities", query: { q: "ledger", kind: "system" } }],
  ["entities.get", (c) => c.entities.get("ent_1"), {}, { method: "GET", path: "/api/v1/entities/ent_1" }],
  ["graph.neighbours", (c) => c.graph.neighbours({ entityId: "ent_1", depth: 2, limit: 50 }), { nodes: [], edges: [] },
    { method: "GET", path: "/api/v1/graph/neighbours", query: { entityId: "ent_1", depth: "2", limit: "50" } }],
  ["graph.paths", (c) => c.graph.paths({ from: "ent_1", to: "ent_2", maxDepth: 3 }), { paths: [] },
    { method: "GET", path: "/api/v1/graph/paths", query: { from: "ent_1", to: "ent_2", maxDepth: "3" } }],
  ["conflicts.list", (c) => c.conflicts.list({ state: "open" }).first(), LIST, { method: "GET", path: "/api/v1/conflicts", query: { state: "open" } }],
  ["conflicts.get", (c) => c.conflicts.get("cf_1"), {}, { method: "GET", path: "/api/v1/conflicts/cf_1" }],
  ["conflicts.resolve", (c) => c.conflicts.resolve("cf_1", { action: "keep", keepId: "mem_2", reason: "newer" }), {},
    { method: "POST", path: "/api/v1/conflicts/cf_1/resolve", body: { action: "keep", keepId: "mem_2", reason: "newer" } }],
  ["conversations.append", (c) => c.conversations.append("conv_1", { messages: [{ role: "user", content: "hi", timestamp: new Date("2026-08-28T09:00:00Z") }, { role: "assistant", content: "hello" }] }), {},
    { method: "POST", path: "/api/v1/conversations/conv_1/messages", body: { messages: [{ role: "user", content: "hi", timestamp: "2026-08-28T09:00:00.000Z" }, { role: "assistant", content: "hello" }] } }],
  ["conversations.append into a space", (c) => c.conversations.append("conv_1", { messages: [{ role: "tool", content: "42" }], spaceId: "spc_1" }), {},
    { method: "POST", path: "/api/v1/conversations/conv_1/messages", body: { messages: [{ role: "tool", content: "42" }], spaceId: "spc_1" } }],
  ["conversations.search", (c) => c.conversations.search({ query: "standup", limit: 5 }), { results: [] },
    { method: "POST", path: "/api/v1/search/conversations", body: { query: "standup", limit: 5 } }],
  ["conversations.list", (c) => c.conversations.list().first(), LIST, { method: "GET", path: "/api/v1/conversations" }],
  ["conversations.turns", (c) => c.conversations.turns("conv_1").first(), LIST, { method: "GET", path: "/api/v1/conversations/conv_1/turns" }],
  ["integrations.list", (c) => c.integrations.list().first(), LIST, { method: "GET", path: "/api/v1/integrations" }],
  ["integrations.sync", (c) => c.integrations.sync("int_1"), {}, { method: "POST", path: "/api/v1/integrations/int_1/sync", body: {} }],
  ["health.live", (c) => c.health.live(), { status: "alive" }, { method: "GET", path: "/healthz" }],
  ["health.ready", (c) => c.health.ready(), { status: "ready", checks: [] }, { method: "GET", path: "/readyz" }],
  ["limits.get", (c) => c.limits.get(), { maxRequestBytes: 1 }, { method: "GET", path: "/api/v1/limits" }],
];

for (const [name, call, answer, want] of cases) {
  test(`${name} → ${want.method} ${want.path}`, async () => {
    const { client: c, calls } = client([answer === undefined ? { status: 204 } : json(200, answer)]);
    await call(c);
    assert.equal(calls.length, 1);
    assert.deepEqual(sent(calls[0]), { query: {}, body: undefined, ...want });
  });
}

test("all twelve resources are on the client, with invitations", () => {
  const { client: c } = client([]);
  for (const name of ["memories", "search", "spaces", "invitations", "sources", "documents", "jobs", "entities", "graph", "conflicts", "conversations", "integrations", "health"]) {
    assert.equal(typeof c[name], "object", name);
  }
});

test("spaces.collaborators.add needs exactly one of email or userId, checked before anything is sent", async () => {
  const { client: c, calls } = client([]);
  await assert.rejects(c.spaces.collaborators.add("sp_1", { role: "viewer" }), TypeError);
  await assert.rejects(c.spaces.collaborators.add("sp_1", { email: "a@b.c", userId: "usr_2", role: "viewer" }), TypeError);
  await assert.rejects(c.spaces.collaborators.remove("sp_1", ""), TypeError);
  await assert.rejects(c.spaces.acceptInvitation(" "), TypeError);
  assert.equal(calls.length, 0);
});

test("sharing answers come back as sent: SpaceView, Collaborator, Invitation", async () => {
  const view = { id: "sp_1", name: "Work", personal: false, createdAt: "2026-08-28T09:00:00Z", role: "viewer", ownerId: "usr_a" };
  const pending = { userId: "usr_b", role: "viewer", state: "pending", invitedBy: "usr_a", invitedAt: "2026-08-28T09:00:00Z" };
  const owner = { userId: "usr_a", role: "owner", state: "active" };
  const invitation = { spaceId: "sp_1", spaceName: "Work", ownerId: "usr_a", role: "viewer", invitedBy: "usr_a", invitedAt: "2026-08-28T09:00:00Z" };
  const { client: c, calls } = client([
    json(201, pending),
    json(200, { items: [owner, pending] }),
    json(200, { items: [invitation] }),
    json(200, view),
    json(200, { items: [view] }),
  ]);
  assert.deepEqual(await c.spaces.collaborators.add("sp_1", { userId: "usr_b", role: "viewer" }), pending);
  assert.deepEqual(await c.spaces.collaborators.list("sp_1").all(10), [owner, pending]);
  assert.deepEqual(await c.invitations.list().all(10), [invitation]);
  assert.deepEqual(await c.spaces.acceptInvitation("sp_1"), view);
  assert.deepEqual(await c.spaces.list().all(10), [view]);
  assert.equal(calls.length, 5, "a list without nextCursor is one page");
});

test("a viewer filing into a shared space is PermissionDeniedError, not retried", async () => {
  const { client: c, calls } = client([apiError(403, "FORBIDDEN", 'you are a viewer of the Space "Work": a viewer can read it but not add to it')]);
  const err = await c.memories.remember({ text: "x", spaceId: "sp_1" }, { idempotencyKey: "k" }).catch((e) => e);
  assert.ok(err instanceof PermissionDeniedError, String(err));
  assert.equal(err.code, "FORBIDDEN");
  assert.equal(calls.length, 1);
});

test("acceptInvitation is retried only with an idempotency key", async () => {
  const down = () => apiError(503, "SERVICE_UNAVAILABLE", "x");
  const once = client([down(), json(200, {})]);
  await assert.rejects(once.client.spaces.acceptInvitation("sp_1"), (e) => e.code === "SERVICE_UNAVAILABLE");
  assert.equal(once.calls.length, 1);
  const keyed = client([down(), json(200, { id: "sp_1" })]);
  assert.deepEqual(await keyed.client.spaces.acceptInvitation("sp_1", { idempotencyKey: "accept:sp_1" }), { id: "sp_1" });
  assert.equal(keyed.calls.length, 2);
  assert.equal(new Headers(keyed.calls[1].headers).get("idempotency-key"), "accept:sp_1");
});

test("search.query returns the server's results as sent", async () => {
  const item = { memory: { id: "m", claim: "c", title: "c" }, score: 1, breakdown: { lexical: 1, vector: 0 } };
  const { client: c } = client([json(200, { results: [item], diagnostics: { degraded: true, reasons: ["no embedder"] } })]);
  const found = await c.search.query({ query: "q" });
  assert.deepEqual(found.results, [item]);
  assert.equal(found.diagnostics.degraded, true);
});

test("health.ready resolves a 503 readiness answer instead of throwing, without retrying", async () => {
  const body = { status: "unavailable", checks: [{ name: "neo4j", state: "unavailable", error: "refused" }] };
  const { client: c, calls } = client([json(503, body), json(200, { status: "ready" })]);
  assert.deepEqual(await c.health.ready(), body);
  assert.equal(calls.length, 1);
});

test("health.ready: a 503 that is an error body is still an error", async () => {
  const { client: c } = client(Array.from({ length: 3 }, () => json(503, { error: { code: "SERVICE_UNAVAILABLE", message: "x", retryable: true } })));
  await assert.rejects(c.health.ready(), (e) => e.code === "SERVICE_UNAVAILABLE");
});

test("jobs.wait polls until completed", async () => {
  const q = (status) => json(200, { jobId: "j", status, job: { id: "j", state: status } });
  const { client: c, calls } = client([q("queued"), q("extracting"), q("completed")]);
  const done = await c.jobs.wait("j", { intervalMs: 1 });
  assert.equal(done.status, "completed");
  assert.equal(calls.length, 3);
});

test("jobs.wait returns a failed job rather than throwing, and times out on one that never ends", async () => {
  const { client: c } = client([json(200, { jobId: "j", status: "failed", job: { error: "boom" } })]);
  assert.equal((await c.jobs.wait("j")).status, "failed");
  const stuck = client(Array.from({ length: 100 }, () => json(200, { jobId: "j", status: "queued" })));
  await assert.rejects(stuck.client.jobs.wait("j", { intervalMs: 5, timeoutMs: 30 }), (e) => e.code === "TIMEOUT");
});

test("per-call options pass through list() to every page", async () => {
  const ac = new AbortController();
  const { client: c, calls } = client([json(200, { items: [1], nextCursor: "n" }), json(200, { items: [2] })]);
  await c.jobs.list({}, { signal: ac.signal }).all(10);
  assert.equal(calls.length, 2);
});

test("no socket was opened by this file", () => {
  assert.deepEqual(blocked, { fetch: 0, socket: 0 });
});
