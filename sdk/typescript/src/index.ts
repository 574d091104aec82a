/**
 * @persistmemory/sdk: the first-party TypeScript client for PersistMemory.
 *
 * ```ts
 * import { PersistMemory } from "@persistmemory/sdk";
 * const client = new PersistMemory({ apiKey: process.env.PERSISTMEMORY_API_KEY! });
 * await client.memories.remember({ text: "We chose Postgres for the ledger, not DynamoDB." });
 * ```
 */
export { PersistMemory, DEFAULT_BASE_URL, DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_MS } from "./client.js";
export type { ClientOptions } from "./client.js";
export {
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
} from "./errors.js";
export type { ErrorCode, PersistMemoryErrorInit } from "./errors.js";
export { Paginator } from "./pagination.js";
export type { PageFetcher } from "./pagination.js";
export type { FetchLike, FetchInit, FetchResponse, RequestOptions, SleepFn } from "./transport.js";
export { BASE_DELAY_MS, MAX_DELAY_MS, MAX_RETRY_AFTER_MS } from "./retry.js";
export type { Memories } from "./resources/memories.js";
export type { Search } from "./resources/search.js";
export type { Spaces, Collaborators, Invitations } from "./resources/spaces.js";
export type { Sources, Documents, Jobs, Entities, WaitOptions } from "./resources/catalog.js";
export type { Graph, Conflicts } from "./resources/graph.js";
export type { Conversations } from "./resources/conversations.js";
export type { Integrations, HealthChecks, LimitsResource } from "./resources/integrations.js";
export { VERSION } from "./version.js";
export type * from "./types.js";
