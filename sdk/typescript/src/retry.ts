/**
 * The retry policy, in one place so both the transport and its tests read
 * the same numbers.
 */

/** The first retry waits up to this long. */
export const BASE_DELAY_MS = 250;
/** No backoff wait is longer than this (before a Retry-After floor). */
export const MAX_DELAY_MS = 8_000;
/**
 * A Retry-After longer than this is not waited out: the error is thrown at
 * once with `retryAfterSeconds` set, rather than parking the call for
 * minutes.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The wait before retry number `retry` (1 for the first retry): full jitter,
 * uniform in [0, min(MAX_DELAY_MS, BASE_DELAY_MS * 2^(retry-1))).
 */
export function backoffDelay(retry: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, retry - 1));
  let r = random();
  if (!Number.isFinite(r) || r < 0) r = 0;
  if (r >= 1) r = 1 - Number.EPSILON;
  return Math.floor(r * ceiling);
}

/**
 * Seconds a Retry-After header asks for: delta-seconds or an HTTP date.
 * Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (v === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v);
  // An HTTP date names a weekday or month; anything else ("-1", "soon") is unreadable.
  if (!/[A-Za-z]{3}/.test(v) || /^[-+]/.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Whether an HTTP status is one the policy retries: 429 and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}
