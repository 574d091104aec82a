import type { Paginator } from "../pagination.js";
import type { RequestOptions, Transport } from "../transport.js";
import type {
  Document,
  DocumentListParams,
  DocumentSummary,
  Entity,
  EntityDetail,
  EntityListParams,
  JobListParams,
  JobResponse,
  JobSummary,
  ListParams,
  Source,
} from "../types.js";
import { AbortError, TimeoutError } from "../errors.js";
import { defaultSleep } from "../transport.js";
import { V1, seg } from "./util.js";

/** Where material came from, with its access scope. */
export class Sources {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  list(params: ListParams = {}, options?: RequestOptions): Paginator<Source> {
    return this.#t.list<Source>(`${V1}/sources`, { ...params }, options);
  }

  /**
   * One source. In the route table, but not served yet: the server answers
   * 404 (no such route) for every id, and its sources carry a `name`, not an id.
   */
  async get(id: string, options?: RequestOptions): Promise<Source> {
    return this.#t.request({ method: "GET", path: `${V1}/sources/${seg(id, "id")}`, options });
  }
}

/** What was ingested, before anything was extracted from it. */
export class Documents {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** Documents newest first, each with the state of its job; `source` filters. */
  list(params: DocumentListParams = {}, options?: RequestOptions): Paginator<DocumentSummary> {
    return this.#t.list<DocumentSummary>(`${V1}/documents`, { ...params }, options);
  }

  /** One document with its (redacted) text. */
  async get(id: string, options?: RequestOptions): Promise<Document> {
    return this.#t.request({ method: "GET", path: `${V1}/documents/${seg(id, "id")}`, options });
  }
}

/** Options of {@link Jobs.wait}. */
export interface WaitOptions {
  /** Between polls; default 500 ms. */
  intervalMs?: number;
  /** Give up (TimeoutError) after this long; default 60 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What became of material handed to the pipeline. */
export class Jobs {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** Recent jobs, newest first, each with what it produced. */
  list(params: JobListParams = {}, options?: RequestOptions): Paginator<JobSummary> {
    return this.#t.list<JobSummary>(`${V1}/jobs`, { ...params }, options);
  }

  async get(id: string, options?: RequestOptions): Promise<JobResponse> {
    return this.#t.request({ method: "GET", path: `${V1}/jobs/${seg(id, "id")}`, options });
  }

  /**
   * Polls a job until it is `completed` or `failed` and returns it (a failed
   * job is returned, not thrown: read `status` and `job.error`). Throws
   * TimeoutError when it is still running after `timeoutMs`.
   */
  async wait(id: string, opts: WaitOptions = {}): Promise<JobResponse> {
    const interval = opts.intervalMs ?? 500;
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    const options: RequestOptions = opts.signal ? { signal: opts.signal } : {};
    for (;;) {
      const job = await this.get(id, options);
      if (job.status === "completed" || job.status === "failed") return job;
      if (Date.now() + interval > deadline) {
        throw new TimeoutError(`job ${id} is still ${job.status} after ${opts.timeoutMs ?? 60_000} ms`, { retryable: true });
      }
      try {
        await defaultSleep(interval, opts.signal);
      } catch (e) {
        if (opts.signal?.aborted) {
          throw new AbortError("the call was aborted by its AbortSignal", { cause: opts.signal.reason });
        }
        throw e;
      }
    }
  }
}

/** The people, projects and systems memories are about. */
export class Entities {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  list(params: EntityListParams = {}, options?: RequestOptions): Paginator<Entity> {
    return this.#t.list<Entity>(`${V1}/entities`, { ...params }, options);
  }

  /** One entity with its memories, merged ids and neighbours. */
  async get(id: string, options?: RequestOptions): Promise<EntityDetail> {
    return this.#t.request({ method: "GET", path: `${V1}/entities/${seg(id, "id")}`, options });
  }
}
