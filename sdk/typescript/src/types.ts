/**
 * Request and response types of the HTTP API (docs/api-routes.md). JSON is
 * camelCase on the wire and here; timestamps are RFC 3339 strings.
 *
 * Shapes the route table leaves open are typed with the fields known today
 * and an index signature for the rest, so a server that adds a field does not
 * break a build.
 */

// ---------------------------------------------------------------- shared

/** One page of a list: a missing `nextCursor` means there is no next page. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/** Which spaces a read covers: one space, or all of the caller's. */
export type Scope = "space" | "combined";

/** A date filter: a Date, or an RFC 3339 string passed through as written. */
export type DateLike = Date | string;

/** How an answer was produced: `degraded` means it was looking with one eye. */
export interface Diagnostics {
  degraded: boolean;
  reasons?: string[];
}

/** What the pipeline did with material handed to it. */
export type JobStatus = "queued" | "extracting" | "completed" | "failed";

export interface Job {
  id: string;
  documentId: string;
  state: JobStatus;
  error?: string;
  attempts: number;
  memoryIds: string[] | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer to handing material over (202) and to reading a job. */
export interface JobResponse {
  jobId: string;
  status: JobStatus;
  job: Job;
}

// ---------------------------------------------------------------- memories

export type MemoryType = "decision" | "commitment" | "preference" | "fact" | "event";
export type MemoryState = "active" | "superseded" | "disputed" | "retracted";
export type EntityKind = "person" | "project" | "system" | "organisation" | "place" | "other";

/** An entity named in a claim, as extraction saw it. */
export interface Mention {
  name: string;
  kind: EntityKind;
}

/** One claim extracted from material, with its provenance. */
export interface Memory {
  id: string;
  type: MemoryType;
  /** The claim as one sentence. */
  claim: string;
  /** A short headline for lists, when the server provides one. */
  title?: string;
  subject?: string;
  attribute?: string;
  value?: string;
  /** 0..1. */
  confidence: number;
  state: MemoryState;
  confirmed: boolean;
  validFrom?: string;
  validTo?: string;
  recordedAt: string;
  spaceId?: string;
  documentId?: string;
  excerpt?: string;
  entities?: Mention[];
  entityIds?: string[];
  correction?: boolean;
  negated?: boolean;
  supersedesId?: string;
  saidAt?: string;
}

/** One memory with what the server adds when it is read alone. */
export interface MemoryDetail extends Memory {
  [field: string]: unknown;
}

/** One event in a memory's history (recorded, confirmed, superseded, …). */
export interface TimelineEntry {
  [field: string]: unknown;
}

export interface Timeline {
  items: TimelineEntry[];
  nextCursor?: string;
}

export interface MemoryListParams {
  type?: MemoryType;
  spaceId?: string;
  state?: MemoryState;
  /** Only memories recorded at or after this instant. */
  from?: DateLike;
  /** Only memories recorded before this instant. */
  to?: DateLike;
  scope?: Scope;
  /** Page size. */
  limit?: number;
  /** Start from this cursor instead of the beginning. */
  cursor?: string;
}

export interface RememberParams {
  /** The material: a note, a message, a paragraph. */
  text: string;
  /** File it in this space (default: the personal space). */
  spaceId?: string;
  /** Where the material came from, e.g. "slack:#infra". */
  source?: string;
}

export interface CorrectParams {
  /** The corrected claim, in words ("actually it's Postgres 16"). */
  correction: string;
}

// ---------------------------------------------------------------- search

export interface SearchParams {
  query: string;
  limit?: number;
  cursor?: string;
  spaceIds?: string[];
  scope?: Scope;
  /** Include superseded and retracted memories. */
  includeHistory?: boolean;
}

export interface ScoreBreakdown {
  lexical: number;
  vector: number;
  [signal: string]: number;
}

export interface SearchResult {
  memory: Memory;
  score: number;
  breakdown: ScoreBreakdown;
}

export interface SearchResponse {
  results: SearchResult[];
  nextCursor?: string;
  /** Read `diagnostics.degraded` before telling a user nothing is known. */
  diagnostics: Diagnostics;
}

export interface ContextParams {
  query: string;
  /** Bound on the context's size, in tokens (not rows). */
  tokenBudget?: number;
  spaceIds?: string[];
  scope?: Scope;
  includeHistory?: boolean;
}

export interface ContextResponse {
  /** Text to put in front of a model. */
  context: string;
  memories: Memory[];
  /** True when something relevant was left out for budget. */
  truncated: boolean;
  omitted: { count: number; tokens: number };
  tokens: number;
  budget: number;
  tokenizer: string;
  diagnostics: Diagnostics;
}

// ---------------------------------------------------------------- spaces

export interface Space {
  id: string;
  name: string;
  personal: boolean;
  createdAt: string;
  [field: string]: unknown;
}

export interface SpaceCreateParams {
  name: string;
}

export interface SpaceUpdateParams {
  name: string;
}

export type CollaboratorRole = "owner" | "editor" | "viewer" | (string & {});

export interface Collaborator {
  userId: string;
  email?: string;
  role: CollaboratorRole;
  [field: string]: unknown;
}

export interface CollaboratorAddParams {
  email: string;
  role: CollaboratorRole;
}

export interface CollaboratorUpdateParams {
  role: CollaboratorRole;
}

// ---------------------------------------------------------------- sources, documents

/** Where material came from, with its access scope. */
export interface Source {
  id: string;
  [field: string]: unknown;
}

/** Material as it was received, before extraction. */
export interface Document {
  id: string;
  text?: string;
  spaceId?: string;
  source?: string;
  contentHash?: string;
  createdAt?: string;
  saidAt?: string;
  conversationId?: string;
  [field: string]: unknown;
}

export interface ListParams {
  limit?: number;
  cursor?: string;
}

export interface JobListParams extends ListParams {
  state?: JobStatus;
}

// ---------------------------------------------------------------- entities, graph

export interface Entity {
  id: string;
  name: string;
  kind: EntityKind;
  aliases: string[];
  createdAt: string;
}

export interface EntityDetail extends Entity {
  [field: string]: unknown;
}

export interface EntityListParams extends ListParams {
  /** Match on name or alias. */
  q?: string;
  kind?: EntityKind;
}

export interface GraphNode {
  id: string;
  [field: string]: unknown;
}

export interface GraphEdge {
  [field: string]: unknown;
}

export interface NeighboursParams {
  entityId: string;
  /** 1..3. */
  depth?: number;
  limit?: number;
}

export interface Neighbourhood {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface PathsParams {
  from: string;
  to: string;
  /** 1..4. */
  maxDepth?: number;
  limit?: number;
}

export interface GraphPath {
  nodes?: GraphNode[];
  edges?: GraphEdge[];
  [field: string]: unknown;
}

export interface Paths {
  paths: GraphPath[];
}

// ---------------------------------------------------------------- conflicts

export type ConflictState = "open" | "resolved" | "dismissed";

/** Two memories that contradict each other, and what was decided. */
export interface Conflict {
  id: string;
  state: ConflictState;
  /** Older first. */
  memoryIds: [string, string];
  reason: string;
  createdAt: string;
  resolvedAt?: string;
  keptId?: string;
  note?: string;
  /** Both memories, when read alone. */
  memories?: Memory[];
  [field: string]: unknown;
}

export interface ConflictListParams extends ListParams {
  state?: ConflictState;
}

export interface ConflictResolveParams {
  /** keep: one side wins (name it in keepId); dismiss: they do not conflict. */
  action: "keep" | "dismiss";
  keepId?: string;
  reason?: string;
}

// ---------------------------------------------------------------- conversations

export interface ConversationMessage {
  role: "user" | "assistant" | "system" | (string & {});
  content: string;
  author?: string;
  /** When it was said; relative times in it resolve against this. */
  timestamp?: DateLike;
  /** Your own id for the message. */
  sourceId?: string;
}

export interface AppendParams {
  messages: ConversationMessage[];
}

export interface AppendResponse {
  jobId: string;
  /** False when no queue is configured: the turns are stored and never become memory. */
  extracting: boolean;
  /** Why not, when extracting is false. */
  note?: string;
}

export interface Conversation {
  id: string;
  [field: string]: unknown;
}

export interface Turn {
  id: string;
  conversationId: string;
  seq: number;
  author: string;
  text: string;
  saidAt: string;
  sourceId?: string;
  [field: string]: unknown;
}

// ---------------------------------------------------------------- integrations

export interface Integration {
  id: string;
  [field: string]: unknown;
}

export interface SyncResponse {
  jobId?: string;
  status?: string;
  [field: string]: unknown;
}

// ---------------------------------------------------------------- health, limits

export interface HealthCheck {
  name: string;
  state: "ready" | "unavailable" | "not_configured";
  error?: string;
}

export interface Health {
  status: string;
  checks?: HealthCheck[];
}

export interface Limits {
  maxRequestBytes: number;
  maxRememberBytes: number;
  [limit: string]: number;
}
