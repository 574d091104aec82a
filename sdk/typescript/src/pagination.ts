import { PersistMemoryError } from "./errors.js";
import type { Page } from "./types.js";

/** Fetches one page: `cursor` undefined for the first. */
export type PageFetcher<T> = (cursor: string | undefined) => Promise<Page<T>>;

/**
 * A lazy walk over a list. Nothing is requested until you call `first()`,
 * `all(bound)`, `pages()` or iterate with `for await`; each of those starts
 * from the beginning again.
 *
 * A missing `nextCursor` means stop. An empty page does not: a page can come
 * back empty (everything on it filtered out) with more after it.
 *
 * ```ts
 * const first = await client.memories.list({ type: "decision", limit: 50 }).first();
 * const some = await client.memories.list({ type: "decision" }).all(500);
 * for await (const memory of client.memories.list()) { … }
 * ```
 */
export class Paginator<T> implements AsyncIterable<T> {
  readonly #fetchPage: PageFetcher<T>;

  constructor(fetchPage: PageFetcher<T>) {
    this.#fetchPage = fetchPage;
  }

  /** The first page, for a UI that renders one page. */
  first(): Promise<Page<T>> {
    return this.#fetchPage(undefined);
  }

  /** Every page in order, until one comes back without a `nextCursor`. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const page = await this.#fetchPage(cursor);
      yield page;
      const next = page.nextCursor;
      if (next === undefined || next === null || next === "") return;
      if (seen.has(next)) {
        throw new PersistMemoryError("the server returned a cursor it had returned before; stopping instead of looping", {
          code: "INVALID_RESPONSE",
        });
      }
      seen.add(next);
      cursor = next;
    }
  }

  /** Item by item across pages; `break` stops fetching. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) {
      yield* page.items;
    }
  }

  /**
   * Collects at most `bound` items, requesting no page past the one that
   * reaches it. The bound is required: an unbounded collect on a large
   * account is minutes of requests and a heap full of results.
   */
  async all(bound: number): Promise<T[]> {
    if (bound === undefined || bound === null) {
      throw new TypeError(
        "all(bound) needs a bound: the most items to collect, e.g. all(500). Iterate with `for await` to walk without one.",
      );
    }
    if (typeof bound !== "number" || !(bound >= 1) || (!Number.isInteger(bound) && bound !== Infinity)) {
      throw new RangeError(`all(bound): bound must be a positive integer, got ${String(bound)}`);
    }
    const out: T[] = [];
    for await (const page of this.pages()) {
      for (const item of page.items) {
        out.push(item);
        if (out.length >= bound) return out;
      }
    }
    return out;
  }
}
