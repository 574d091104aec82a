/**
 * Typed errors. Branch on the class (`instanceof NotFoundError`) or on
 * `error.code`, never on `error.message`: messages get rewritten, translated
 * and deliberately made vaguer for security.
 */

/**
 * The stable codes of {@link PersistMemoryError}. The first ten are the API's
 * own error codes; the rest are raised by the SDK itself.
 */
export type ErrorCode =
  | "INVALID_REQUEST"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "REQUEST_TOO_LARGE"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL"
  /** The SDK could not reach the server or the connection failed mid-request. */
  | "CONNECTION_ERROR"
  /** An attempt took longer than `timeoutMs` (and no retry was allowed or left). */
  | "TIMEOUT"
  /** The caller's AbortSignal fired. */
  | "ABORTED"
  /** No API key was given and PERSISTMEMORY_API_KEY is unset. */
  | "MISSING_API_KEY"
  /** The server answered something that is not the API's wire format. */
  | "INVALID_RESPONSE"
  /** An HTTP error status the API does not document (e.g. 418 from a proxy). */
  | "HTTP_ERROR";

/** Fields of a {@link PersistMemoryError}. */
export interface PersistMemoryErrorInit {
  code?: ErrorCode;
  /** HTTP status, when the error is an HTTP answer. */
  status?: number;
  retryable?: boolean;
  /** Seconds from the server's Retry-After header, when it sent one. */
  retryAfterSeconds?: number;
  /** How many attempts were made before giving up. */
  attempts?: number;
  cause?: unknown;
}

/**
 * The base of every error the SDK throws.
 *
 * `retryable` says whether the failure is of a kind a retry can help with
 * (429, 5xx, transport failures, timeouts). When such an error reaches you
 * the SDK has already retried as far as its policy allows: attempts were
 * used up, or the request was a POST without an idempotency key.
 */
export class PersistMemoryError extends Error {
  /** A stable code: branch on this or on the class. */
  readonly code: ErrorCode;
  /** The HTTP status, or undefined when no HTTP answer was received. */
  readonly status: number | undefined;
  /** Whether a retry of the same request could succeed. */
  readonly retryable: boolean;
  /** What the server's Retry-After header said, in seconds. */
  readonly retryAfterSeconds: number | undefined;
  /** Attempts made, including the last. */
  readonly attempts: number;

  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code ?? "HTTP_ERROR";
    this.status = init.status;
    this.retryable = init.retryable ?? false;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.attempts = init.attempts ?? 1;
  }
}

function defaults(init: PersistMemoryErrorInit, code: ErrorCode, retryable: boolean): PersistMemoryErrorInit {
  return { ...init, code: init.code ?? code, retryable: init.retryable ?? retryable };
}

/** 400 (and other malformed-request answers such as 405 and 415). */
export class BadRequestError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "INVALID_REQUEST", false));
  }
}

/** 401: the credential is missing, unknown, revoked or expired. */
export class AuthenticationError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "UNAUTHENTICATED", false));
  }
}

/** 403: the credential is valid but may not do this. */
export class PermissionDeniedError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "FORBIDDEN", false));
  }
}

/** 404: no such thing, or it belongs to someone else (the two are indistinguishable). */
export class NotFoundError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "NOT_FOUND", false));
  }
}

/** 409: e.g. an idempotency key reused with a different body. */
export class ConflictError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "CONFLICT", false));
  }
}

/** 413: the request exceeds a named limit (the message names it). */
export class RequestTooLargeError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "REQUEST_TOO_LARGE", false));
  }
}

/** 429: rate limited; already retried, and still refused. */
export class RateLimitError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "RATE_LIMITED", true));
  }
}

/** 503 (also 502 and 504): a dependency is down; retry later. */
export class ServiceUnavailableError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "SERVICE_UNAVAILABLE", true));
  }
}

/** 500 and any other 5xx. */
export class InternalServerError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "INTERNAL", true));
  }
}

/** The request never got an HTTP answer: DNS, refused, reset, TLS. */
export class ConnectionError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "CONNECTION_ERROR", true));
  }
}

/** An attempt exceeded `timeoutMs`. */
export class TimeoutError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "TIMEOUT", true));
  }
}

/** The caller's AbortSignal fired. Never retried. */
export class AbortError extends PersistMemoryError {
  constructor(message: string, init: PersistMemoryErrorInit = {}) {
    super(message, defaults(init, "ABORTED", false));
  }
}

// Names on the prototypes (not own fields) so inspect shows "NotFoundError: …"
// without an extra `name` property, and minifiers cannot rename them.
for (const [cls, name] of [
  [PersistMemoryError, "PersistMemoryError"],
  [BadRequestError, "BadRequestError"],
  [AuthenticationError, "AuthenticationError"],
  [PermissionDeniedError, "PermissionDeniedError"],
  [NotFoundError, "NotFoundError"],
  [ConflictError, "ConflictError"],
  [RequestTooLargeError, "RequestTooLargeError"],
  [RateLimitError, "RateLimitError"],
  [ServiceUnavailableError, "ServiceUnavailableError"],
  [InternalServerError, "InternalServerError"],
  [ConnectionError, "ConnectionError"],
  [TimeoutError, "TimeoutError"],
  [AbortError, "AbortError"],
] as const) {
  Object.defineProperty(cls.prototype, "name", { value: name, writable: true, configurable: true, enumerable: false });
}

/**
 * The error for an HTTP error answer. The class follows the status (the one
 * thing every proxy in between preserves); the code is the class's, except
 * that a 400-family answer keeps UNSUPPORTED_MEDIA_TYPE apart from
 * INVALID_REQUEST.
 */
export function errorForStatus(
  status: number,
  message: string,
  serverCode: string | undefined,
  init: Omit<PersistMemoryErrorInit, "code" | "status">,
): PersistMemoryError {
  const full = { ...init, status };
  const badRequestCode: ErrorCode | undefined =
    serverCode === "UNSUPPORTED_MEDIA_TYPE" || status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : undefined;
  switch (status) {
    case 400:
    case 405:
    case 415:
    case 422:
      return new BadRequestError(message, { ...full, code: badRequestCode ?? "INVALID_REQUEST" });
    case 401:
      return new AuthenticationError(message, full);
    case 403:
      return new PermissionDeniedError(message, full);
    case 404:
      return new NotFoundError(message, full);
    case 409:
      return new ConflictError(message, full);
    case 413:
      return new RequestTooLargeError(message, full);
    case 429:
      return new RateLimitError(message, full);
    case 502:
    case 503:
    case 504:
      return new ServiceUnavailableError(message, full);
  }
  if (status >= 500) return new InternalServerError(message, full);
  // A status the API does not document (e.g. 418 or 451 from a proxy): the
  // code says so rather than borrowing a class's code it would not match.
  return new PersistMemoryError(message, { ...full, code: "HTTP_ERROR", retryable: false });
}
