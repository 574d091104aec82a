/**
 * Redaction of credentials. The way a key actually escapes is an object
 * pasted into a bug report, so everything the SDK turns into text (error
 * messages, inspect output, JSON) goes through here first.
 */

/** What a redacted credential is replaced with. */
export const REDACTED = "[REDACTED]";

// pm_live_ API keys, wherever they appear.
const API_KEY = /pm_live_[A-Za-z0-9]+/g;
// "Bearer <token>" in any case: an Authorization header echoed back.
const BEARER = /\b(bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi;
// Three base64url segments starting with a JSON header: a JWT (session token).
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

/**
 * Returns text with every key-shaped string replaced: pm_live_ keys, bearer
 * tokens, JWTs, and each of the given secrets verbatim (the configured key,
 * whatever its shape).
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text
    .replace(BEARER, (_m, word: string) => `${word} ${REDACTED}`)
    .replace(API_KEY, `pm_live_${REDACTED}`)
    .replace(JWT, REDACTED);
  for (const secret of secrets) {
    // Short strings would redact ordinary words; a credential is never this short.
    if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** The form of a key shown by inspect and JSON: its kind, never its value. */
export function describeKey(key: string): string {
  return key.startsWith("pm_live_") ? `pm_live_${REDACTED}` : REDACTED;
}
