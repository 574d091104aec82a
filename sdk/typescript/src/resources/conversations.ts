import type { Paginator } from "../pagination.js";
import type { RequestOptions, Transport } from "../transport.js";
import type {
  AppendParams,
  AppendResponse,
  Conversation,
  ConversationMessage,
  ListParams,
  Turn,
  TurnSearchParams,
  TurnSearchResponse,
} from "../types.js";
import { V1, seg } from "./util.js";

/** Append turns, and let extraction read the exchange as a whole. */
export class Conversations {
  readonly #t: Transport;
  constructor(t: Transport) {
    this.#t = t;
  }

  /**
   * Appends messages to a conversation (created on first append). Send both
   * sides of an exchange in one call: a claim is often split across it.
   * When `extracting` is false the turns are stored and will not become
   * memory; `note` says why.
   */
  async append(conversationId: string, params: AppendParams, options?: RequestOptions): Promise<AppendResponse> {
    const messages = params?.messages?.map(wireMessage);
    return this.#t.request({
      method: "POST",
      path: `${V1}/conversations/${seg(conversationId, "conversationId")}/messages`,
      body: { ...params, messages },
      options,
    });
  }

  list(params: ListParams = {}, options?: RequestOptions): Paginator<Conversation> {
    return this.#t.list<Conversation>(`${V1}/conversations`, { ...params }, options);
  }

  /**
   * Conversation turns matching a query (`POST /search/conversations`).
   * A POST: retried only with an `idempotencyKey`.
   */
  async search(params: TurnSearchParams, options?: RequestOptions): Promise<TurnSearchResponse> {
    return this.#t.request({ method: "POST", path: `${V1}/search/conversations`, body: params, options });
  }

  /** A conversation's turns, in order. */
  turns(conversationId: string, params: ListParams = {}, options?: RequestOptions): Paginator<Turn> {
    return this.#t.list<Turn>(`${V1}/conversations/${seg(conversationId, "conversationId")}/turns`, { ...params }, options);
  }
}

function wireMessage(m: ConversationMessage): ConversationMessage {
  return m.timestamp instanceof Date ? { ...m, timestamp: m.timestamp.toISOString() } : m;
}
