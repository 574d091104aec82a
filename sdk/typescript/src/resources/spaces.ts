import type { Paginator } from "../pagination.js";
import type { RequestOptions, Transport } from "../transport.js";
import type {
  Collaborator,
  CollaboratorAddParams,
  CollaboratorUpdateParams,
  Invitation,
  ListParams,
  Space,
  SpaceCreateParams,
  SpaceUpdateParams,
  SpaceView,
} from "../types.js";
import { V1, seg } from "./util.js";

/**
 * Who may read and write a space, and as what. A viewer reads the space's
 * memories; an editor also files into it; only the owner shares it.
 */
export class Collaborators {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /**
   * Everybody who can see the space, the owner first, then active
   * collaborators, then invitations not accepted yet. For the owner and
   * active collaborators; anyone else gets NotFoundError.
   */
  list(spaceId: string, params: ListParams = {}, options?: RequestOptions): Paginator<Collaborator> {
    return this.#t.list<Collaborator>(`${V1}/spaces/${seg(spaceId, "spaceId")}/collaborators`, { ...params }, options);
  }

  /**
   * Invites someone, by exactly one of `email` or `userId`, as `editor` or
   * `viewer`. The answer is the collaborator with state `"pending"`: they see
   * the space once they accept (`spaces.acceptInvitation`). Owner only
   * (PermissionDeniedError otherwise); inviting someone already invited is
   * ConflictError, and an email nobody signs in with yet is NotFoundError.
   */
  async add(spaceId: string, params: CollaboratorAddParams, options?: RequestOptions): Promise<Collaborator> {
    const path = `${V1}/spaces/${seg(spaceId, "spaceId")}/collaborators`;
    const hasEmail = params?.email !== undefined;
    const hasUserId = params?.userId !== undefined;
    if (hasEmail === hasUserId) {
      throw new TypeError("name the collaborator by exactly one of email or userId");
    }
    return this.#t.request({ method: "POST", path, body: params, options });
  }

  /**
   * Changes a collaborator's role (owner only). `member` is their userId, or
   * the address they were invited by.
   */
  async update(spaceId: string, member: string, params: CollaboratorUpdateParams, options?: RequestOptions): Promise<Collaborator> {
    return this.#t.request({
      method: "PATCH",
      path: `${V1}/spaces/${seg(spaceId, "spaceId")}/collaborators/${seg(member, "member")}`,
      body: params,
      options,
    });
  }

  /**
   * Ends a collaborator's access or withdraws an invitation (owner only; the
   * owner cannot be removed). With `member` = your own userId, leaves the
   * space or declines the invitation.
   */
  async remove(spaceId: string, member: string, options?: RequestOptions): Promise<void> {
    await this.#t.request({
      method: "DELETE",
      path: `${V1}/spaces/${seg(spaceId, "spaceId")}/collaborators/${seg(member, "member")}`,
      options,
    });
  }
}

/** Spaces offered to the caller and not accepted yet. */
export class Invitations {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /** Accept one with `client.spaces.acceptInvitation(invitation.spaceId)`. */
  list(params: ListParams = {}, options?: RequestOptions): Paginator<Invitation> {
    return this.#t.list<Invitation>(`${V1}/invitations`, { ...params }, options);
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

  /** The caller's own spaces, then those shared with them, each with `role` and `ownerId`. */
  list(params: ListParams = {}, options?: RequestOptions): Paginator<SpaceView> {
    return this.#t.list<SpaceView>(`${V1}/spaces`, { ...params }, options);
  }

  async create(params: SpaceCreateParams, options?: RequestOptions): Promise<Space> {
    return this.#t.request({ method: "POST", path: `${V1}/spaces`, body: params, options });
  }

  /** One space, the caller's own or shared with them. */
  async get(id: string, options?: RequestOptions): Promise<SpaceView> {
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

  /**
   * Accepts an invitation to a space shared with the caller, and answers the
   * space as they now see it (with their `role`). A space with no invitation
   * for the caller is NotFoundError. Retried on failure only with
   * `options.idempotencyKey`.
   */
  async acceptInvitation(spaceId: string, options?: RequestOptions): Promise<SpaceView> {
    return this.#t.request({
      method: "POST",
      path: `${V1}/spaces/${seg(spaceId, "spaceId")}/invitations/accept`,
      body: {},
      options,
    });
  }
}
