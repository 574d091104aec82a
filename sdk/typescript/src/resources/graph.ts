import type { RequestOptions, Transport } from "../transport.js";
import type {
  Conflict,
  ConflictDetail,
  ConflictListParams,
  ConflictResolveParams,
  Neighbourhood,
  NeighboursParams,
  Paths,
  PathsParams,
} from "../types.js";
import type { Paginator } from "../pagination.js";
import { V1, seg } from "./util.js";

/** Traverse from one entity to what it is connected to. */
export class Graph {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** Entities and memories within `depth` (1..3, default 1) hops of an entity. */
  async neighbours(params: NeighboursParams, options?: RequestOptions): Promise<Neighbourhood> {
    seg(params?.entityId, "entityId");
    return this.#t.request({ method: "GET", path: `${V1}/graph/neighbours`, query: { ...params }, options });
  }

  /**
   * Shortest paths between two entities, at most `maxDepth` (1..4, default 2)
   * entity hops long; each path is the ids of its nodes in order.
   */
  async paths(params: PathsParams, options?: RequestOptions): Promise<Paths> {
    seg(params?.from, "from");
    seg(params?.to, "to");
    return this.#t.request({ method: "GET", path: `${V1}/graph/paths`, query: { ...params }, options });
  }
}

/** Contradictions the system could not settle, and your verdict. */
export class Conflicts {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  list(params: ConflictListParams = {}, options?: RequestOptions): Paginator<Conflict> {
    return this.#t.list<Conflict>(`${V1}/conflicts`, { ...params }, options);
  }

  /** One conflict with both memories: `{conflict, memories}`. */
  async get(id: string, options?: RequestOptions): Promise<ConflictDetail> {
    return this.#t.request({ method: "GET", path: `${V1}/conflicts/${seg(id, "id")}`, options });
  }

  /** `keep` one side (keepId) and supersede the other, or `dismiss` the conflict. */
  async resolve(id: string, params: ConflictResolveParams, options?: RequestOptions): Promise<Conflict> {
    return this.#t.request({ method: "POST", path: `${V1}/conflicts/${seg(id, "id")}/resolve`, body: params, options });
  }
}
