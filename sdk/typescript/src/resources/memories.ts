import type { Paginator } from "../pagination.js";
import type { RequestOptions, Transport } from "../transport.js";
import type {
  CorrectParams,
  JobResponse,
  Memory,
  MemoryDetail,
  MemoryListParams,
  RememberParams,
  Timeline,
} from "../types.js";
import { V1, seg } from "./util.js";

/** Browse chronologically, read one, or hand over new material. */
export class Memories {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** Memories, newest first, filtered by type, space, state and date range. */
  list(params: MemoryListParams = {}, options?: RequestOptions): Paginator<Memory> {
    return this.#t.list<Memory>(`${V1}/memories`, { ...params }, options);
  }

  /**
   * One memory with its evidence, entities, conflicts and space: the memory
   * itself is `detail.memory`. Throws NotFoundError for a missing id or
   * another owner's.
   */
  async get(id: string, options?: RequestOptions): Promise<MemoryDetail> {
    return this.#t.request({ method: "GET", path: `${V1}/memories/${seg(id, "id")}`, options });
  }

  /**
   * Hands material to the ingestion pipeline. Answers with a job, not a
   * memory: extraction runs afterwards and may produce one memory, several,
   * or none. Poll `client.jobs.get(jobId)` (or `client.jobs.wait`) to know
   * when; the terminal success state is `completed`.
   *
   * Retried on failure only when `options.idempotencyKey` is given.
   */
  async remember(params: RememberParams, options?: RequestOptions): Promise<JobResponse> {
    return this.#t.request({ method: "POST", path: `${V1}/memories`, body: params, options });
  }

  /** A memory's history: recorded, confirmed, superseded, corrected. */
  async timeline(id: string, options?: RequestOptions): Promise<Timeline> {
    return this.#t.request({ method: "GET", path: `${V1}/memories/${seg(id, "id")}/timeline`, options });
  }

  /** Marks a memory confirmed by the person. */
  async confirm(id: string, options?: RequestOptions): Promise<Memory> {
    return this.#t.request({ method: "POST", path: `${V1}/memories/${seg(id, "id")}/confirm`, body: {}, options });
  }

  /** Files a correction of a memory; like remember, it answers with a job. */
  async correct(id: string, params: CorrectParams, options?: RequestOptions): Promise<JobResponse> {
    return this.#t.request({ method: "POST", path: `${V1}/memories/${seg(id, "id")}/correct`, body: params, options });
  }
}
