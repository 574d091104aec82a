/**
 * The HTTP core every resource goes through: authentication, the retry
 * policy, per-attempt timeouts, cancellation, error mapping and redaction.
 */

import {
  AbortError,
  ConnectionError,
  PersistMemoryError,
  TimeoutError,
  errorForStatus,
} from "./errors.js";
import { Paginator } from "./pagination.js";
import { REDACTED, describeKey, redact } from "./redact.js";
import { MAX_RETRY_AFTER_MS, backoffDelay, isRetryableStatus, parseRetryAfter } from "./retry.js";
import type { Page } from "./types.js";
import { VERSION } from "./version.js";

/** What the SDK hands to fetch. A subset of the standard RequestInit. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  redirect: "manual";
}

/** What the SDK reads from fetch's answer. The standard Response satisfies it. */
export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * A fetch function. The global `fetch` satisfies it; inject your own to
 * test code that uses the client without opening a socket.
 */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** Waits `ms` milliseconds; may reject early when `signal` aborts. */
export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Per-call options, accepted as the last argument of every method. */
export interface RequestOptions {
  /** Cancels the call. An aborted call is never retried. */
  signal?: AbortSignal;
  /**
   * Makes a POST safe to retry: the server answers a repeat of the same key
   * and body with the first response. Give it meaning
   * (`standup:2026-08-28`), not a fresh random value, which would make every
   * retry a new request. A POST without one is never retried.
   */
  idempotencyKey?: string;
  /** Overrides the client's per-attempt timeout for this call. */
  timeoutMs?: number;
  /** Overrides the client's maximum attempts for this call. */
  maxAttempts?: number;
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";
type QueryValue = string | number | boolean | Date | readonly (string | number)[] | null | undefined;
export type Query = Record<string, QueryValue>;

/** One API call, as the resources describe it. */
export interface Call {
  method: Method;
  /** Path below the base URL, starting with "/" (e.g. "/api/v1/jobs/job_1"). */
  path: string;
  query?: Query;
  body?: unknown;
  options?: RequestOptions | undefined;
  /**
   * Treat this non-2xx answer as a result rather than an error (readiness
   * answers 503 with a body that says what is down). Such an answer is not
   * retried.
   */
  acceptStatus?: (status: number, body: unknown) => boolean;
}

export interface TransportConfig {
  apiKey: string;
  baseUrl: string;
  fetch: FetchLike | undefined;
  timeoutMs: number;
  maxAttempts: number;
  random: () => number;
  sleep: SleepFn;
}

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/** Wraps the HTTP details. Safe for concurrent use. */
export class Transport {
  readonly #apiKey: string;
  readonly #fetch: FetchLike | undefined;
  readonly #random: () => number;
  readonly #sleep: SleepFn;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxAttempts: number;

  constructor(cfg: TransportConfig) {
    this.#apiKey = cfg.apiKey;
    this.#fetch = cfg.fetch;
    this.#random = cfg.random;
    this.#sleep = cfg.sleep;
    this.baseUrl = cfg.baseUrl;
    this.timeoutMs = cfg.timeoutMs;
    this.maxAttempts = cfg.maxAttempts;
  }

  /** A redacted form of the key, for inspect and JSON. */
  get redactedKey(): string {
    return describeKey(this.#apiKey);
  }

  /** Removes the configured key and anything key-shaped from text. */
  redact(text: string): string {
    return redact(text, [this.#apiKey]);
  }

  toJSON(): object {
    return { baseUrl: this.baseUrl, apiKey: this.redactedKey };
  }

  [INSPECT](): string {
    return `Transport { baseUrl: ${JSON.stringify(this.baseUrl)}, apiKey: ${JSON.stringify(this.redactedKey)} }`;
  }

  /** Sends one call under the retry policy and returns its parsed body. */
  async request<T>(call: Call): Promise<T> {
    const opts = call.options ?? {};
    const signal = opts.signal;
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const maxAttempts = opts.maxAttempts ?? this.maxAttempts;
    checkTimeout(timeoutMs);
    checkAttempts(maxAttempts);
    const key = opts.idempotencyKey;
    if (key !== undefined && (typeof key !== "string" || key.trim() === "")) {
      throw new TypeError("idempotencyKey must be a non-empty string");
    }
    // A POST may already have been processed when its answer is lost; only
    // the caller can say a repeat is safe, by naming it with a key.
    const mayRetry = call.method !== "POST" || key !== undefined;

    const url = this.#url(call.path, call.query);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.#apiKey}`,
      Accept: "application/json",
      "User-Agent": `persistmemory-sdk-typescript/${VERSION}`,
    };
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers["Content-Type"] = "application/json";
    }
    if (key !== undefined) headers["Idempotency-Key"] = wireIdempotencyKey(key);

    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw this.#aborted(signal, attempt - 1);
      let error: PersistMemoryError;
      try {
        const answer = await this.#attempt(url, call.method, headers, body, signal, timeoutMs, attempt);
        const result = this.#interpret<T>(answer, call, attempt);
        if (result.ok) return result.value;
        error = result.error;
      } catch (e) {
        if (!(e instanceof PersistMemoryError)) throw e;
        error = e;
      }
      if (error instanceof AbortError || !error.retryable || !mayRetry || attempt >= maxAttempts) throw error;

      let delay = backoffDelay(attempt, this.#random);
      if (error.retryAfterSeconds !== undefined) {
        const floor = error.retryAfterSeconds * 1000;
        if (floor > MAX_RETRY_AFTER_MS) throw error;
        delay = Math.max(delay, floor);
      }
      try {
        await this.#sleep(delay, signal);
      } catch (e) {
        if (signal?.aborted) throw this.#aborted(signal, attempt);
        throw e;
      }
    }
  }

  /** A lazy paginator over a list route. */
  list<T>(path: string, query: Query | undefined, options: RequestOptions | undefined): Paginator<T> {
    const start = query?.["cursor"];
    const rest: Query = { ...query };
    delete rest["cursor"];
    return new Paginator<T>(async (cursor) => {
      const c = cursor ?? (typeof start === "string" && start !== "" ? start : undefined);
      const page = await this.request<unknown>({ method: "GET", path, query: { ...rest, cursor: c }, options });
      return asPage<T>(page);
    });
  }

  #url(path: string, query: Query | undefined): string {
    let url = this.baseUrl + path;
    if (query) {
      const qs = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value === undefined || value === null) continue;
        if (Array.isArray(value)) {
          for (const one of value) qs.append(name, String(one));
        } else if (value instanceof Date) {
          qs.append(name, value.toISOString());
        } else {
          qs.append(name, String(value));
        }
      }
      const s = qs.toString();
      if (s !== "") url += "?" + s;
    }
    return url;
  }

  /**
   * One attempt: its own AbortController, its own timer. The body is read
   * inside the attempt so a server that stalls mid-body times out too.
   * Raced against the abort so a fetch that ignores its signal cannot hang
   * the call.
   */
  async #attempt(
    url: string,
    method: Method,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    attempt: number,
  ): Promise<{ status: number; headers: FetchResponse["headers"]; text: string }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = (): void => controller.abort();
    signal?.addEventListener("abort", onCallerAbort, { once: true });
    if (signal?.aborted) controller.abort();
    let stop: ((e: unknown) => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      stop = reject;
    });
    const onAbort = (): void => stop?.(new Error("aborted"));
    controller.signal.addEventListener("abort", onAbort, { once: true });
    try {
      const doFetch = this.#fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
      if (typeof doFetch !== "function") {
        throw new ConnectionError("no fetch implementation: pass `fetch` to the client (Node.js 18+ has one built in)", { attempts: attempt, retryable: false });
      }
      const exchange = (async () => {
        const init: FetchInit = { method, headers: { ...headers }, signal: controller.signal, redirect: "manual" };
        if (body !== undefined) init.body = body;
        const res = await doFetch(url, init);
        const text = await res.text();
        return { status: res.status, headers: res.headers, text };
      })();
      exchange.catch(() => {}); // it may settle after the race is lost
      return await Promise.race([exchange, stopped]);
    } catch (e) {
      if (e instanceof PersistMemoryError) throw e;
      if (signal?.aborted) throw this.#aborted(signal, attempt);
      if (timedOut) {
        throw new TimeoutError(`no answer within ${timeoutMs} ms (per attempt)`, { attempts: attempt });
      }
      throw new ConnectionError(`could not reach ${this.#origin()}: ${this.#describe(e)}`, {
        attempts: attempt,
        cause: this.#sanitize(e),
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
      controller.signal.removeEventListener("abort", onAbort);
    }
  }

  #interpret<T>(
    answer: { status: number; headers: FetchResponse["headers"]; text: string },
    call: Call,
    attempt: number,
  ): { ok: true; value: T } | { ok: false; error: PersistMemoryError } {
    const { status, headers, text } = answer;
    let parsed: unknown;
    let parseFailed = false;
    if (text.trim() !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        parseFailed = true;
      }
    }
    const success = status >= 200 && status < 300;
    if (success || (!parseFailed && call.acceptStatus?.(status, parsed))) {
      if (parseFailed) {
        return {
          ok: false,
          error: new PersistMemoryError(`the server answered ${status} with a body that is not JSON`, {
            code: "INVALID_RESPONSE",
            status,
            attempts: attempt,
          }),
        };
      }
      return { ok: true, value: parsed as T };
    }

    if (status >= 300 && status < 400) {
      return {
        ok: false,
        error: new PersistMemoryError(
          `the server answered ${status} (a redirect); the SDK does not follow redirects with a credential — set baseUrl to the final address`,
          { code: "HTTP_ERROR", status, attempts: attempt },
        ),
      };
    }

    let serverCode: string | undefined;
    let serverMessage: string | undefined;
    if (isObject(parsed) && isObject(parsed["error"])) {
      const err = parsed["error"];
      if (typeof err["code"] === "string") serverCode = err["code"];
      if (typeof err["message"] === "string") serverMessage = err["message"];
    }
    const retryAfterSeconds = parseRetryAfter(headers.get("retry-after"));
    const message = this.redact(serverMessage ?? `the server answered HTTP ${status}`);
    const error = errorForStatus(status, message, serverCode, {
      retryable: isRetryableStatus(status),
      attempts: attempt,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
    return { ok: false, error };
  }

  #aborted(signal: AbortSignal, attempts: number): AbortError {
    return new AbortError("the call was aborted by its AbortSignal", { attempts, cause: signal.reason });
  }

  #origin(): string {
    try {
      return new URL(this.baseUrl).origin;
    } catch {
      return "the server";
    }
  }

  /** A transport failure in words, with the system error code when there is one. */
  #describe(e: unknown): string {
    const parts: string[] = [];
    let cur: unknown = e;
    for (let depth = 0; depth < 3 && cur !== undefined && cur !== null; depth++) {
      if (cur instanceof Error) {
        const code = (cur as { code?: unknown }).code;
        parts.push(typeof code === "string" ? `${cur.message} (${code})` : cur.message);
        cur = cur.cause;
      } else {
        parts.push(String(cur));
        break;
      }
    }
    return this.redact(parts.filter((p) => p !== "").join(": ") || "transport failure");
  }

  /**
   * The cause kept on a ConnectionError, unless its text carries something
   * key-shaped: then a copy with the text redacted and no nested cause.
   */
  #sanitize(e: unknown): unknown {
    if (!(e instanceof Error)) return typeof e === "string" ? this.redact(e) : e;
    const text = `${e.message}\n${e.stack ?? ""}\n${e.cause instanceof Error ? e.cause.message : String(e.cause ?? "")}`;
    if (this.redact(text) === text) return e;
    const copy = new Error(this.redact(e.message));
    copy.name = e.name;
    copy.stack = `${copy.name}: ${copy.message} [stack ${REDACTED}]`;
    return copy;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The Idempotency-Key header for a caller's key. The server takes printable
 * ASCII without spaces (`^[\x21-\x7e]+$`, at most 255 characters), while a
 * key with meaning in it often holds a sentence (`${conversationId}:${question.slice(0, 40)}`).
 * Every UTF-8 byte outside 0x21..0x7e, and `%` itself, is percent-encoded
 * (upper-case hex): deterministic, so the same key names the same request on
 * every attempt and every run, and injective, so two different keys never
 * become one. The Python SDK encodes identically.
 */
export function wireIdempotencyKey(key: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(key)) {
    out += byte >= 0x21 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function asPage<T>(v: unknown): Page<T> {
  // The API documents `items` as an array or null (an empty list); null is
  // read as [] so that callers always get an array.
  if (!isObject(v) || !(Array.isArray(v["items"]) || v["items"] === null)) {
    throw new PersistMemoryError("the server answered a list without an items array", { code: "INVALID_RESPONSE" });
  }
  const next = v["nextCursor"];
  const page: Page<T> = { items: (v["items"] ?? []) as T[] };
  if (typeof next === "string" && next !== "") page.nextCursor = next;
  return page;
}

export function checkTimeout(ms: number): void {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms <= 0) {
    throw new RangeError(`timeoutMs must be a positive number of milliseconds, got ${String(ms)}`);
  }
}

export function checkAttempts(n: number): void {
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1) {
    throw new RangeError(`maxAttempts must be an integer of at least 1, got ${String(n)}`);
  }
}

/** setTimeout as a promise that rejects early when the signal aborts. */
export const defaultSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
