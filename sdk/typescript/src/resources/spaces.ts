import type { Paginator } from "../pagination.js";
import type { RequestOptions, Transport } from "../transport.js";
import type {
  Collaborator,
  CollaboratorAddParams,
  CollaboratorUpdateParams,
  ListParams,
  Space,
  SpaceCreateParams,
  SpaceUpdateParams,
} from "../types.js";
import { V1, seg } from "./util.js";

/** Who may read and write a space, and as what. */
export class Collaborators {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  list(spaceId: string, params: ListParams = {}, options?: RequestOptions): Paginator<Collaborator> {
    return this.#t.list<Collaborator>(`${V1}/spaces/${seg(spaceId, "spaceId")}/collaborators`, { ...params }, options);
  }

  /** Invites someone by email with a role. */
  async add(spaceId: string, params: CollaboratorAddParams, options?: RequestOptions): Promise<Collaborator> {
    return this.#t.request({
      method: "POST",
      path: `${V1}/spaces/${seg(spaceId, "spaceId")}/collaborators`,
      body: params,
      options,
    });
  }

  /** Changes a collaborator's role. */
  async update(spaceId: string, userId: string, params: CollaboratorUpdateParams, options?: RequestOptions): Promise<Collaborator> {
    return this.#t.request({
      method: "PATCH",
      path: `${V1}/spaces/${seg(spaceId, "spaceId")}/collaborators/${seg(userId, "userId")}`,
      body: params,
      options,
    });
  }

  async remove(spaceId: string, userId: string, options?: RequestOptions): Promise<void> {
    await this.#t.request({
      method: "DELETE",
      path: `${V1}/spaces/${seg(spaceId, "spaceId")}/collaborators/${seg(userId, "userId")}`,
      options,
    });
  }
}

/** Keep work apart: a memory filed in one space never answers another. */
export class Spaces {
  readonly #t: Transport;
  /** Collaborators and their roles. */
  readonly collaborators: Collaborators;

  constructor(t: Transport) {
    this.#t = t;
    this.collaborators = new Collaborators(t);
  }

  list(params: ListParams = {}, options?: RequestOptions): Paginator<Space> {
    return this.#t.list<Space>(`${V1}/spaces`, { ...params }, options);
  }

  async create(params: SpaceCreateParams, options?: RequestOptions): Promise<Space> {
    return this.#t.request({ method: "POST", path: `${V1}/spaces`, body: params, options });
  }

  async get(id: string, options?: RequestOptions): Promise<Space> {
    return this.#t.request({ method: "GET", path: `${V1}/spaces/${seg(id, "id")}`, options });
  }

  async update(id: string, params: SpaceUpdateParams, options?: RequestOptions): Promise<Space> {
    return this.#t.request({ method: "PATCH", path: `${V1}/spaces/${seg(id, "id")}`, body: params, options });
  }

  /** Same as `update(id, { name })`. */
  async rename(id: string, name: string, options?: RequestOptions): Promise<Space> {
    return this.update(id, { name }, options);
  }

  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.#t.request({ method: "DELETE", path: `${V1}/spaces/${seg(id, "id")}`, options });
  }
}
