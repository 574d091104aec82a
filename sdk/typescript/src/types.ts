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
  /** Kinds of secret redacted from the material before it was stored. */
  redacted?: string[] | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer to handing material over (202) and to reading a job. */
export interface JobResponse {
  jobId: string;
  status: JobStatus;
  job: Job;
}

/** One job in `GET /jobs`: what the pipeline made of a document. */
export interface JobSummary {
  jobId: string;
  documentId: string;
  state: JobStatus;
  error?: string;
  attempts: number;
  memoryIds: string[] | null;
  reinforcedIds: string[] | null;
  supersededIds: string[] | null;
  conflictIds: string[] | null;
  source?: string;
  spaceId?: string;
  conversationId?: string;
  /** The start of the material. */
  preview: string;
  createdAt: string;
  updatedAt: string;
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
  /** A short headline for lists (lists, search results and confirm carry it). */
  title?: string;
  subject?: string;
  attribute?: string;
  value?: string;
  /** 0..1. */
  confidence: number;
  state: MemoryState;
  confirmed: boolean;
  validFrom?: string | null;
  validTo?: string | null;
  recordedAt: string;
  spaceId?: string;
  documentId?: string;
  excerpt?: string;
  entities?: Mention[] | null;
  entityIds?: string[] | null;
  correction?: boolean;
  negated?: boolean;
  supersedesId?: string;
  saidAt?: string | null;
}

/** Where a memory was said: one piece of evidence for it. */
export interface Evidence {
  saidAt: string;
  author?: string;
  conversationId?: string;
  documentId?: string;
  excerpt?: string;
  recordedAt?: string;
  seq?: number;
  source?: string;
  turnId?: string;
}

/**
 * One memory read alone (`GET /memories/{id}`): the memory itself under
 * `memory`, with its evidence, entities, conflicts and space.
 */
export interface MemoryDetail {
  memory: Memory;
  entities: Entity[] | null;
  evidence: Evidence[] | null;
  evidenceCount: number;
  conflicts: Conflict[] | null;
  space?: Space | null;
  /** Ids of the memories that replaced this one. */
  supersededBy?: string[] | null;
}

/** One field a version changed. */
export interface Change {
  field: string;
  before: string;
  after: string;
}

/** One version in a memory's history. */
export interface TimelineEntry {
  memory: Memory;
  changes?: Change[] | null;
  reason?: string;
  replacedAt?: string | null;
  until?: string | null;
  supersedes?: string[] | null;
  supersededBy?: string[] | null;
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
  /**
   * In the seed's examples; the server does not take it (GET /memories
   * ignores it and lists every space of the caller, which is "combined").
   */
  scope?: Scope;
  /** Page size (1..200). */
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
  /** 1..100 (0 or absent: the server's default). */
  limit?: number;
  cursor?: string;
  /**
   * Planned in the route table; the server does not accept it yet and
   * answers 400 INVALID_REQUEST (unknown field "spaceIds").
   */
  spaceIds?: string[];
  /**
   * Planned in the route table; the server does not accept it yet and
   * answers 400 INVALID_REQUEST (unknown field "scope").
   */
  scope?: Scope;
  /** Include superseded and retracted memories. */
  includeHistory?: boolean;
  /** Rank as of this instant (relative dates resolve against it). */
  now?: DateLike;
}

export interface ScoreBreakdown {
  lexical: number;
  vector: number;
  graph: number;
  prior: number;
  temporal: number;
  [signal: string]: number;
}

export interface SearchResult {
  memory: Memory;
  score: number;
  breakdown: ScoreBreakdown;
  rank?: number;
  /** Tokens this memory takes in a context. */
  tokens?: number;
  /** The conversation turn the memory was said in, when there is one. */
  turn?: Turn | null;
}

export interface SearchResponse {
  results: SearchResult[];
  nextCursor?: string;
  /** Read `diagnostics.degraded` before telling a user nothing is known. */
  diagnostics: Diagnostics;
}

export interface ContextParams {
  query: string;
  /** Bound on the context's size, in tokens (not rows); 0 or absent: the server's default. */
  tokenBudget?: number;
  /** Planned; the server answers 400 (unknown field "spaceIds") until it lands. */
  spaceIds?: string[];
  /** Planned; the server answers 400 (unknown field "scope") until it lands. */
  scope?: Scope;
  includeHistory?: boolean;
  limit?: number;
  cursor?: string;
  now?: DateLike;
}

export interface ContextResponse {
  /** Text to put in front of a model. */
  context: string;
  /** The memories the context was built from, ranked, with their scores. */
  memories: SearchResult[] | null;
  nextCursor?: string;
  /** True when something relevant was left out for budget. */
  truncated: boolean;
  omitted: { count: number; tokens: number };
  tokens: number;
  budget: number;
  tokenizer: string;
  diagnostics: Diagnostics;
}

// ---------------------------------------------------------------- spaces

/** A space as created or renamed (`POST /spaces`, `PATCH /spaces/{id}`). */
export interface Space {
  id: string;
  name: string;
  personal: boolean;
  createdAt: string;
}

export interface SpaceCreateParams {
  name: string;
}

export interface SpaceUpdateParams {
  name: string;
}

/** What the caller may do in a space: its owner, or a collaborator's role. */
export type SpaceRole = "owner" | "editor" | "viewer";

/** The role a collaborator can be given: a space has one owner. */
export type CollaboratorRole = "editor" | "viewer";

/**
 * A space as the caller sees it (`GET /spaces`, `GET /spaces/{id}`, accepting
 * an invitation): the space, the caller's role in it, and whose it is.
 */
export interface SpaceView extends Space {
  role: SpaceRole;
  ownerId: string;
}

/** An accepted collaborator, or an invitation not accepted yet. */
export type CollaboratorState = "active" | "pending";

/**
 * One person who can see a space, or has been invited to: the owner first,
 * then active collaborators, then pending invitations.
 */
export interface Collaborator {
  userId: string;
  /** The address they were invited by, when they were invited by email. */
  email?: string;
  role: SpaceRole;
  state: CollaboratorState;
  /** Who invited them (absent for the owner). */
  invitedBy?: string;
  invitedAt?: string | null;
  /** When they accepted (absent while pending). */
  acceptedAt?: string | null;
}

/**
 * Who to invite, and as what: by exactly one of `email` (the address they
 * sign in with; 404 while nobody signs in with it) or `userId`.
 */
export type CollaboratorAddParams =
  | { email: string; userId?: undefined; role: CollaboratorRole }
  | { userId: string; email?: undefined; role: CollaboratorRole };

export interface CollaboratorUpdateParams {
  role: CollaboratorRole;
}

/** A space offered to the caller and not accepted yet (`GET /invitations`). */
export interface Invitation {
  spaceId: string;
  spaceName: string;
  ownerId: string;
  role: CollaboratorRole;
  invitedBy: string;
  invitedAt: string;
}

// ---------------------------------------------------------------- sources, documents

/** Where material came from, with its access scope. */
export interface Source {
  /** The source as material named it ("" for material that named none). */
  name: string;
  /** Who may read what came from it, e.g. "owner". */
  access: string;
  /** How many documents came from it. */
  documents: number;
  firstAt: string;
  lastAt: string;
}

/** Material as it was received, before extraction (`GET /documents/{id}`). */
export interface Document {
  id: string;
  /** The text as stored (secrets redacted). */
  text: string;
  spaceId?: string;
  source?: string;
  contentHash: string;
  createdAt: string;
  saidAt: string;
  conversationId?: string;
  /** Who contributed the material, when it is not the owner. */
  contributedBy?: string;
}

/** One document in `GET /documents`, with what became of it. */
export interface DocumentSummary {
  id: string;
  bytes: number;
  contentHash: string;
  createdAt: string;
  saidAt?: string;
  source?: string;
  spaceId?: string;
  conversationId?: string;
  jobId?: string;
  jobState?: JobStatus;
}

export interface DocumentListParams extends ListParams {
  /** Only documents from this source. */
  source?: string;
}

export interface ListParams {
  limit?: number;
  cursor?: string;
}

export interface JobListParams extends ListParams {
  /**
   * In the route table; the server does not filter on it yet (it ignores
   * the parameter), so filter the items yourself.
   */
  state?: JobStatus;
}

// ---------------------------------------------------------------- entities, graph

export interface Entity {
  id: string;
  name: string;
  kind: EntityKind;
  aliases: string[] | null;
  createdAt: string;
}

/** A relation between two entities. */
export interface Relation {
  fromId: string;
  toId: string;
  type: string;
}

/** An entity next to another, and how. */
export interface Neighbour {
  entity: Entity;
  /** How many memories mention both. */
  coMentions: number;
  relations?: Relation[] | null;
}

/** One entity read alone (`GET /entities/{id}`). */
export interface EntityDetail {
  entity: Entity;
  memories: Memory[] | null;
  /** Ids of entities resolved into this one. */
  mergedIds: string[] | null;
  neighbours: Neighbour[] | null;
}

export interface EntityListParams extends ListParams {
  /** Match on name or alias. */
  q?: string;
  kind?: EntityKind;
}

/** An entity or a memory on a traversal. */
export interface GraphNode {
  id: string;
  /** "entity" or "memory". */
  kind: string;
  label: string;
}

export interface GraphEdge {
  from: string;
  to: string;
  /** ABOUT (memory → entity) or RELATED (entity → entity). */
  type: string;
}

/**
 * What a traversal found: its nodes and edges, and each path as the ids of
 * its nodes in order.
 */
export interface Subgraph {
  nodes: GraphNode[] | null;
  edges: GraphEdge[] | null;
  paths: string[][] | null;
}

export interface NeighboursParams {
  entityId: string;
  /** 1..3. */
  depth?: number;
  limit?: number;
}

/** The answer of `graph.neighbours`. */
export type Neighbourhood = Subgraph;

export interface PathsParams {
  from: string;
  to: string;
  /** 1..4. */
  maxDepth?: number;
  limit?: number;
}

/** The answer of `graph.paths`. */
export type Paths = Subgraph;

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
  resolvedAt?: string | null;
  keptId?: string;
  note?: string;
}

/** One conflict read alone (`GET /conflicts/{id}`), with both memories. */
export interface ConflictDetail {
  conflict: Conflict;
  memories: [Memory, Memory];
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
  role: "user" | "assistant" | "system" | "tool";
  content: string;
  author?: string;
  /** When it was said; relative times in it resolve against this. */
  timestamp?: DateLike;
  /** Your own id for the message. */
  sourceId?: string;
}

export interface AppendParams {
  messages: ConversationMessage[];
  /** File what is extracted in this space (default: the personal space). */
  spaceId?: string;
}

export interface AppendResponse {
  jobId: string;
  /** False when no queue is configured: the turns are stored and never become memory. */
  extracting: boolean;
  /** Why not, when extracting is false. */
  note?: string;
  job: Job;
  /** The turns as stored. */
  turns: Turn[] | null;
}

/** One conversation in `GET /conversations`. */
export interface Conversation {
  id: string;
  /** How many turns it has. */
  turns: number;
  createdAt: string;
  updatedAt: string;
  lastSaidAt?: string;
}

export interface TurnSearchParams {
  query: string;
  limit?: number;
}

export interface TurnHit {
  turn: Turn;
  score: number;
}

export interface TurnSearchResponse {
  results: TurnHit[] | null;
}

export interface Turn {
  id: string;
  conversationId: string;
  seq: number;
  author: string;
  text: string;
  saidAt: string;
  sourceId?: string;
}

// ---------------------------------------------------------------- integrations

export interface Integration {
  id: string;
  name: string;
  /** Whether this deployment is set up for it. */
  configured: boolean;
  /** Whether the caller has connected it. */
  connected: boolean;
  /** What to do about it, in words. */
  note: string;
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
  checks?: HealthCheck[] | null;
}

export interface Limits {
  maxRequestBytes: number;
  maxRememberBytes: number;
  maxSourceBytes: number;
  maxQueryBytes: number;
  searchDefaultLimit: number;
  searchMaxLimit: number;
  contextDefaultBudget: number;
  contextMinBudget: number;
  contextMaxBudget: number;
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  [limit: string]: number;
}
