import type { Paginator } from "../pagination.js";
import type { Call, RequestOptions, Transport } from "../transport.js";
import type { Health, Integration, Limits, ListParams, SyncResponse } from "../types.js";
import { V1, seg } from "./util.js";

/** Connected sources, and asking one to sync now. */
export class Integrations {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  list(params: ListParams = {}, options?: RequestOptions): Paginator<Integration> {
    return this.#t.list<Integration>(`${V1}/integrations`, { ...params }, options);
  }

  /** Asks a connected source to sync now (202). */
  async sync(id: string, options?: RequestOptions): Promise<SyncResponse> {
    return this.#t.request({ method: "POST", path: `${V1}/integrations/${seg(id, "id")}/sync`, body: {}, options });
  }
}

/** Liveness and readiness. */
export class HealthChecks {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** Whether the process is up: `{status: "alive"}`. */
  async live(options?: RequestOptions): Promise<Health> {
    return this.#t.request({ method: "GET", path: "/healthz", options });
  }

  /**
   * Whether every configured dependency answers. A 503 carrying a readiness
   * body resolves with `status: "unavailable"` and the failing checks rather
   * than throwing, and is not retried: it is the answer asked for.
   */
  async ready(options?: RequestOptions): Promise<Health> {
    const call: Call = {
      method: "GET",
      path: "/readyz",
      options,
      acceptStatus: (status, body) =>
        status === 503 && typeof body === "object" && body !== null && typeof (body as { status?: unknown }).status === "string",
    };
    return this.#t.request(call);
  }
}

/** The API's named limits (request size, text size, search page size). */
export class LimitsResource {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  async get(options?: RequestOptions): Promise<Limits> {
    return this.#t.request({ method: "GET", path: `${V1}/limits`, options });
  }
}
