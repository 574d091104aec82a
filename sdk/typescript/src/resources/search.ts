import type { RequestOptions, Transport } from "../transport.js";
import type { ContextParams, ContextResponse, SearchParams, SearchResponse } from "../types.js";
import { V1 } from "./util.js";

/**
 * Rank by relevance, or assemble context inside a token budget.
 *
 * Search degrades rather than fails: with embeddings unavailable it falls
 * back to deterministic retrieval. Read `diagnostics.degraded` before telling
 * a user nothing is known.
 *
 * Both are POSTs, so like every POST they are retried only with an
 * `idempotencyKey` (any stable string will do for a read).
 */
export class Search {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** Memories ranked by relevance to `query`. */
  async query(params: SearchParams, options?: RequestOptions): Promise<SearchResponse> {
    return this.#t.request<SearchResponse>({
      method: "POST",
      path: `${V1}/search`,
      body: params,
      options,
    });
  }

  /**
   * Context for a model, bounded by tokens rather than rows: ten long
   * memories overflow a window that fifty short ones fit inside.
   * `truncated` says something relevant was left out for budget.
   */
  async context(params: ContextParams, options?: RequestOptions): Promise<ContextResponse> {
    return this.#t.request({ method: "POST", path: `${V1}/search/context`, body: params, options });
  }
}
