import { PersistMemoryError } from "./errors.js";
import { Conflicts, Graph } from "./resources/graph.js";
import { Conversations } from "./resources/conversations.js";
import { Documents, Entities, Jobs, Sources } from "./resources/catalog.js";
import { HealthChecks, Integrations, LimitsResource } from "./resources/integrations.js";
import { Memories } from "./resources/memories.js";
import { Search } from "./resources/search.js";
import { Invitations, Spaces } from "./resources/spaces.js";
import { Transport, checkAttempts, checkTimeout, defaultSleep } from "./transport.js";
import type { FetchLike, SleepFn } from "./transport.js";

/** The default server: a local `persistmemory serve`. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8787";
/** Per attempt, not per call, so backoff cannot eat the deadline. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** One try and two retries. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Options of {@link PersistMemory}. Every field is optional. */
export interface ClientOptions {
  /**
   * A `pm_live_…` API key or a session JWT. Defaults to the
   * PERSISTMEMORY_API_KEY environment variable; construction throws
   * (code MISSING_API_KEY) when neither is set.
   */
  apiKey?: string;
  /**
   * Where the API is. Defaults to PERSISTMEMORY_BASE_URL, then
   * http://127.0.0.1:8787.
   */
  baseUrl?: string;
  /** A fetch to use instead of the global one; tests inject theirs here. */
  fetch?: FetchLike;
  /** Timeout of each attempt in ms (default 30 000). */
  timeoutMs?: number;
  /** Attempts per call, including the first (default 3). */
  maxAttempts?: number;
  /** Random source in [0, 1) for backoff jitter; for tests. */
  random?: () => number;
  /** How to wait between attempts; for tests. */
  sleep?: SleepFn;
}

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

function env(name: string): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  const v = proc?.env?.[name];
  return v === undefined || v.trim() === "" ? undefined : v;
}

/**
 * The PersistMemory client. Safe for concurrent use; create one and share it.
 *
 * The API key is never returned, logged or stringified: `util.inspect` and
 * `JSON.stringify` show a redacted key, and key-shaped strings are stripped
 * from every error message.
 */
export class PersistMemory {
  readonly #transport: Transport;

  /** Browse chronologically, read one, or hand over new material. */
  readonly memories: Memories;
  /** Rank by relevance, or assemble context inside a token budget. */
  readonly search: Search;
  /** Keep work apart. */
  readonly spaces: Spaces;
  /** Spaces offered to the caller and not accepted yet. */
  readonly invitations: Invitations;
  /** Where material came from, with its access scope. */
  readonly sources: Sources;
  /** What was ingested, before anything was extracted from it. */
  readonly documents: Documents;
  /** What became of material handed to the pipeline. */
  readonly jobs: Jobs;
  /** The people, projects and systems memories are about. */
  readonly entities: Entities;
  /** Traverse from one entity to what it is connected to. */
  readonly graph: Graph;
  /** Contradictions the system could not settle, and your verdict. */
  readonly conflicts: Conflicts;
  /** Append turns, and let extraction read the exchange as a whole. */
  readonly conversations: Conversations;
  /** Connected sources, and asking one to sync now. */
  readonly integrations: Integrations;
  /** Liveness and readiness. */
  readonly health: HealthChecks;
  /** The API's named limits. */
  readonly limits: LimitsResource;

  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey ?? env("PERSISTMEMORY_API_KEY");
    if (apiKey === undefined || typeof apiKey !== "string" || apiKey.trim() === "") {
      throw new PersistMemoryError(
        "no API key: pass { apiKey } to new PersistMemory() or set PERSISTMEMORY_API_KEY",
        { code: "MISSING_API_KEY" },
      );
    }
    if (/\s/.test(apiKey.trim())) {
      throw new TypeError('the API key contains whitespace: pass the key alone, without "Bearer "');
    }
    const baseUrl = normaliseBaseUrl(options.baseUrl ?? env("PERSISTMEMORY_BASE_URL") ?? DEFAULT_BASE_URL);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    checkTimeout(timeoutMs);
    checkAttempts(maxAttempts);
    if (options.fetch !== undefined && typeof options.fetch !== "function") {
      throw new TypeError("fetch must be a function");
    }

    const t = new Transport({
      apiKey: apiKey.trim(),
      baseUrl,
      fetch: options.fetch,
      timeoutMs,
      maxAttempts,
      random: options.random ?? Math.random,
      sleep: options.sleep ?? defaultSleep,
    });
    this.#transport = t;
    this.memories = new Memories(t);
    this.search = new Search(t);
    this.spaces = new Spaces(t);
    this.invitations = new Invitations(t);
    this.sources = new Sources(t);
    this.documents = new Documents(t);
    this.jobs = new Jobs(t);
    this.entities = new Entities(t);
    this.graph = new Graph(t);
    this.conflicts = new Conflicts(t);
    this.conversations = new Conversations(t);
    this.integrations = new Integrations(t);
    this.health = new HealthChecks(t);
    this.limits = new LimitsResource(t);
  }

  /** The API's base URL this client talks to. */
  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /** Per-attempt timeout in ms. */
  get timeoutMs(): number {
    return this.#transport.timeoutMs;
  }

  /** Attempts per call. */
  get maxAttempts(): number {
    return this.#transport.maxAttempts;
  }

  /** What JSON.stringify shows: the settings, with the key redacted. */
  toJSON(): object {
    return {
      baseUrl: this.baseUrl,
      apiKey: this.#transport.redactedKey,
      timeoutMs: this.timeoutMs,
      maxAttempts: this.maxAttempts,
    };
  }

  /** What util.inspect and console.log show: the same, redacted. */
  [INSPECT](): string {
    return `PersistMemory { baseUrl: ${JSON.stringify(this.baseUrl)}, apiKey: ${JSON.stringify(this.#transport.redactedKey)}, timeoutMs: ${this.timeoutMs}, maxAttempts: ${this.maxAttempts} }`;
  }

  toString(): string {
    return `PersistMemory(${this.baseUrl})`;
  }
}

function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`baseUrl is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`baseUrl must be http or https, got ${url.protocol}`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new TypeError("baseUrl must not carry credentials; pass the API key as apiKey");
  }
  if (url.search !== "" || url.hash !== "") {
    throw new TypeError("baseUrl must not have a query or fragment");
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}
