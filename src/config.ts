import path from 'node:path';
import { z } from 'zod';

/**
 * The environment, turned into one typed and validated object. Every setting the service
 * reads lives here, with its default; `.env.example` and the README list the same set.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.join(' or ')})` },
  );

const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);

const csv = (def: string) =>
  z
    .string()
    .default(def)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );

/** `Label=key,Label=key`: identifiers on both sides, one key per label. */
const labelKeys = () =>
  z
    .string()
    .default('')
    .transform((v, ctx) => {
      const out: Record<string, string> = {};
      for (const pair of v.split(',').map((p) => p.trim()).filter(Boolean)) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([A-Za-z_][A-Za-z0-9_]*)$/.exec(pair);
        if (!m || m[1]! in out) {
          ctx.addIssue({ code: 'custom', message: `"${pair}" is not Label=property (identifiers, each label once)` });
          return z.NEVER;
        }
        out[m[1]!] = m[2]!;
      }
      return out;
    });

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(3000, 0, 65535),
  // Off unless set: the metrics listen apart from the API, on loopback by default (no authentication there).
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: bool(false),

  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
    .default('public'),
  DATABASE_POOL_MAX: int(10, 1, 200),
  DATABASE_STATEMENT_TIMEOUT_MS: int(5_000, 0, 3_600_000),
  DATABASE_QUERY_TIMEOUT_MS: int(7_000, 0, 3_600_000),
  DATABASE_LONG_STATEMENT_TIMEOUT_MS: int(300_000, 1_000, 3_600_000),
  DATABASE_CONNECT_TIMEOUT_MS: int(5_000, 100, 600_000),
  DATABASE_KEEPALIVE_MS: int(10_000, 0, 600_000),
  PGLITE_ANALYZE_INTERVAL_S: int(600, 0, 86_400),

  NEO4J_URI: optionalUrl(['neo4j:', 'neo4j+s:', 'neo4j+ssc:', 'bolt:', 'bolt+s:', 'bolt+ssc:']),
  NEO4J_USER: z.string().default('neo4j'),
  NEO4J_PASSWORD: z.string().default(''),
  NEO4J_DATABASE: z.string().default('neo4j'),
  NEO4J_NAME_INDEX_WAIT_S: int(2, 0, 300),

  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1-64 characters of letters, digits, colon, underscore or dash')
    .default('cqks:'),

  OIDC_ISSUER: optionalUrl(['https:', 'http:']),
  OIDC_AUDIENCE: z.string().min(1).default('cqks-api'),
  OIDC_JWKS_URI: optionalUrl(['https:', 'http:']),
  OIDC_ROLES_CLAIM: z
    .string()
    .regex(/^[A-Za-z0-9_:/.-]+$/, 'must be a dot path such as roles or realm_access.roles')
    .default('roles'),
  OIDC_CLIENT_ID: optionalString,
  OIDC_SCOPES: z.string().default('openid profile email'),
  AUTH_ALGORITHMS: csv('RS256,ES256').pipe(z.array(z.enum(ALGORITHMS)).min(1)),
  AUTH_CLOCK_TOLERANCE_SECONDS: int(30, 0, 300),
  AUTH_JWKS_COOLDOWN_SECONDS: int(30, 1, 3600),
  AUTH_JWKS_TIMEOUT_MS: int(5000, 100, 60_000),
  AUTH_DEV_TOKEN_TTL_SECONDS: int(3600, 60, 30 * 24 * 3600),

  BODY_LIMIT_BYTES: int(1024 * 1024, 1024, 1024 * 1024 * 1024),
  REQUEST_MAX_DEPTH: int(64, 4, 10_000),
  REQUEST_TIMEOUT_MS: int(30_000, 1000, 3_600_000),
  IDEMPOTENCY_KEY_TTL_SECONDS: int(86_400, 60, 30 * 86_400),
  IDEMPOTENCY_IN_PROGRESS_MS: int(60_000, 1000, 3_600_000),
  IDEMPOTENCY_RESPONSE_MAX_BYTES: int(1024 * 1024, 1024, 64 * 1024 * 1024),

  RATE_LIMIT_DEFAULT_PER_MINUTE: int(600, 1, 1_000_000),
  RATE_LIMIT_CHAT_CREATE_PER_MINUTE: int(60, 1, 1_000_000),
  RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: int(30, 1, 1_000_000),
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: int(120, 0, 1_000_000),

  GRAPH_QUERY_TIMEOUT_MS: int(5000, 50, 300_000),
  GRAPH_QUERY_MAX_ROWS: int(1000, 1, 100_000),
  GRAPH_QUERY_MAX_RESULT_BYTES: int(16 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  GRAPH_EMBEDDED_MAX_MEMORY_MB: int(2048, 0, 1024 * 1024),
  GRAPH_READ_MAX_MEMORY_MB: int(512, 64, 64 * 1024),
  GRAPH_ALLOWED_PROCEDURES: csv(
    'db.labels,db.relationshipTypes,db.propertyKeys,db.schema.visualization,db.schema.nodeTypeProperties,db.schema.relTypeProperties',
  ),

  STREAM_HEARTBEAT_MS: int(15_000, 1000, 300_000),
  STREAM_MAX_PER_SUBJECT: int(10, 1, 10_000),
  RUN_CONCURRENCY: int(2, 0, 256),
  JOB_LEASE_MS: int(30_000, 500, 3_600_000),
  JOB_POLL_INTERVAL_MS: int(2000, 50, 600_000),
  JOB_MAX_ATTEMPTS: int(3, 1, 100),
  RUN_PROGRESS_COMMIT_MS: int(25, 0, 10_000),
  TOOL_TIMEOUT_MS: int(30_000, 10, 3_600_000),
  RUN_FILE_MAX_BYTES: int(10 * 1024 * 1024, 1, 1024 * 1024 * 1024),
  RUN_FILES_MAX_PER_RUN: int(100, 1, 100_000),
  PREVIEW_MAX_BYTES: int(256 * 1024, 1024, 16 * 1024 * 1024),
  PREVIEW_MAX_LINES: int(500, 1, 100_000),
  PREVIEW_MAX_ROWS: int(200, 1, 100_000),
  DEMO_DATA: bool(true),
  GRAPH_SCHEMA_CACHE_MS: int(30_000, 0, 3_600_000),
  GRAPH_VALIDATION_CACHE_ENTRIES: int(1000, 0, 1_000_000),
  GRAPH_SEARCH_CACHE_ENTRIES: int(1000, 0, 1_000_000),
  GRAPH_SEARCH_CACHE_MS: int(30_000, 1, 3_600_000),
  GRAPH_EMBEDDED_SHARED_DATABASE: bool(false),
  GRAPH_NAME_PROPERTIES: labelKeys(),
  TEMPLATE_CACHE_ENTRIES: int(1000, 0, 1_000_000),
  MEMORY_CACHE_SESSIONS: int(1000, 0, 1_000_000),
  SYNONYMS_MAX: int(2000, 0, 100_000),
  REVIEW_POLICY: z.enum(['never', 'generated', 'always']).default('never'),
  REVIEW_OWNER_DECIDES: bool(true),
  CHAT_MESSAGE_MAX_CHARS: int(2000, 1, 100_000),
  CHAT_METADATA_MAX_BYTES: int(16 * 1024, 0, 1024 * 1024),
  CHAT_ANSWER_MAX_ROWS: int(100, 1, 10_000),
  CHAT_MAX_MENTIONS: int(8, 1, 50),
  LLM_BASE_URL: optionalUrl(['https:', 'http:']),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: int(30_000, 100, 600_000),
  LLM_MAX_ATTEMPTS: int(3, 1, 10),
  LLM_MAX_OUTPUT_TOKENS: int(1024, 16, 32_768),
  DOCUMENT_MAX_BYTES: int(25 * 1024 * 1024, 1, 1024 * 1024 * 1024),
  DOCUMENT_MAX_FILES_PER_UPLOAD: int(10, 1, 1000),
  DOCUMENT_STORAGE_PER_USER_BYTES: int(500 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
  INGEST_PDF_MAX_PAGES: int(1000, 1, 100_000),
  INGEST_MAX_CHARS: int(10_000_000, 1000, 500_000_000),
  INGEST_CSV_MAX_ROWS: int(200_000, 1, 10_000_000),
  INGEST_JSON_MAX_DEPTH: int(64, 2, 10_000),
  INGEST_YAML_MAX_ALIASES: int(100, 0, 100_000),
  INGEST_ZIP_MAX_ENTRIES: int(2000, 1, 1_000_000),
  INGEST_ZIP_MAX_INFLATED_BYTES: int(200 * 1024 * 1024, 1024, 8 * 1024 * 1024 * 1024),
  INGEST_ZIP_MAX_RATIO: int(200, 1, 100_000),
  INGEST_PARSER_TIMEOUT_MS: int(120_000, 100, 3_600_000),
  INGEST_PARSER_MAX_MEMORY_MB: int(768, 32, 65_536),
  INGEST_CHUNK_CHARS: int(2000, 100, 100_000),
  INGEST_CHUNK_OVERLAP: int(200, 0, 50_000),
  INGEST_MAX_ENTITIES: int(100_000, 1, 10_000_000),
  INGEST_WRITE_BATCH: int(500, 1, 100_000),
  INGEST_VALUE_LINKS_MAX: int(1000, 0, 1_000_000),
  INGEST_STEP_TIMEOUT_MS: int(30 * 60_000, 1000, 24 * 3_600_000),
  READINESS_TIMEOUT_MS: int(2000, 50, 60_000),
  READINESS_PATIENCE_MS: int(50, 1, 60_000),
  SHUTDOWN_DRAIN_MS: int(0, 0, 300_000),
  SHUTDOWN_GRACE_MS: int(10_000, 0, 300_000),
});

/** Every limit of ingestion; each is a documented setting (`INGEST_*`). */
export interface IngestLimits {
  /** Pages of a PDF read; more is a failed ingestion (INGEST_PDF_MAX_PAGES). */
  pdfMaxPages: number;
  /** Characters of text extracted from one document; more is cut, with a warning (INGEST_MAX_CHARS). */
  maxChars: number;
  /** Data rows of a CSV (or records of JSON Lines); more is a failed ingestion (INGEST_CSV_MAX_ROWS). */
  csvMaxRows: number;
  /** Nesting depth of JSON; deeper is a failed ingestion (INGEST_JSON_MAX_DEPTH). */
  jsonMaxDepth: number;
  /** YAML aliases in Markdown front matter (INGEST_YAML_MAX_ALIASES). */
  yamlMaxAliases: number;
  /** DOCX: zip entries, total inflated bytes, and inflated/compressed ratio of any entry (INGEST_ZIP_*). */
  zipMaxEntries: number;
  zipMaxInflatedBytes: number;
  zipMaxRatio: number;
  /** The parser child process: wall time and V8 heap (INGEST_PARSER_TIMEOUT_MS, INGEST_PARSER_MAX_MEMORY_MB). */
  parserTimeoutMs: number;
  parserMaxMemoryMb: number;
  /** Characters per chunk and overlap between neighbours (INGEST_CHUNK_CHARS, INGEST_CHUNK_OVERLAP). */
  chunkChars: number;
  chunkOverlap: number;
  /** Entities kept from one document; the most supported first (INGEST_MAX_ENTITIES). */
  maxEntities: number;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  host: string;
  port: number;
  /** Where GET /metrics (Prometheus) is served; absent: nowhere. Port 0: one the OS picks. */
  metrics?: { host: string; port: number };
  dataDir: string;
  trustProxy: boolean;
  database: {
    url?: string;
    schema: string;
    poolMax: number;
    pgliteAnalyzeIntervalS: number;
    /** PostgreSQL's own limit on one statement (0: none). */
    statementTimeoutMs?: number;
    /** How long the client waits for a statement's answer, also when the network is silently gone (0: forever). */
    queryTimeoutMs?: number;
    /** Both limits for the operations that need more than a request does: migrations, seeding, ingestion writes. */
    longStatementTimeoutMs: number;
    connectTimeoutMs?: number;
    /** TCP keepalive probes after this much silence (0: off). */
    keepAliveMs?: number;
  };
  neo4j?: { uri: string; user: string; password: string; database: string; nameIndexWaitS: number };
  redis: { url?: string; keyPrefix: string };
  auth: {
    /** Undefined in development mode: the service then signs and verifies with its own key pair. */
    issuer?: string;
    audience: string;
    jwksUri?: string;
    rolesClaim: string;
    clientId?: string;
    scopes: string[];
    algorithms: (typeof ALGORITHMS)[number][];
    clockToleranceSeconds: number;
    jwksCooldownSeconds: number;
    jwksTimeoutMs: number;
    devTokenTtlSeconds: number;
  };
  limits: {
    bodyBytes: number;
    /** Deepest nesting of objects and arrays a JSON body may have: beyond it, 400 before it is parsed. */
    requestMaxDepth: number;
    /** Largest `metadata` of a chat session, in bytes of its JSON: beyond it, 400. */
    chatMetadataBytes: number;
    requestTimeoutMs: number;
    /** How long the first answer to a request with an Idempotency-Key is kept for its retries. */
    idempotencyKeyTtlSeconds: number;
    /** How long an unfinished request holds its key; a retry after that (its process died) does the work. */
    idempotencyInProgressMs: number;
    /** Largest answer kept for replay; a larger one is not kept (a retry is then a 409). */
    idempotencyResponseMaxBytes: number;
    rateDefaultPerMinute: number;
    rateChatCreatePerMinute: number;
    rateChatMessagePerMinute: number;
    /** Requests that fail authentication (401) per address per minute; beyond it, 429 before authentication (0: off). */
    rateUnauthenticatedPerMinute: number;
    graphQueryTimeoutMs: number;
    graphQueryMaxRows: number;
    /** Largest result of a graph query, in bytes of its JSON: beyond it, 422. */
    graphQueryMaxResultBytes: number;
    /** Resident memory the embedded graph engine's process may use, in MB (0: no cap): beyond it, the query gets 422 and the engine restarts. */
    graphEmbeddedMaxMemoryMb: number;
    /** Neo4j only: heap of the process that reads query results. */
    graphReadMaxMemoryMb: number;
    streamHeartbeatMs: number;
    streamMaxPerSubject: number;
    toolTimeoutMs: number;
    runFileMaxBytes: number;
    runFilesMaxPerRun: number;
    previewMaxBytes: number;
    previewMaxLines: number;
    previewMaxRows: number;
    readinessTimeoutMs: number;
    /** How long a probe waits for a check already running before it answers with the last result. */
    readinessPatienceMs: number;
    shutdownDrainMs: number;
    shutdownGraceMs: number;
  };
  graph: {
    allowedProcedures: string[];
    schemaCacheMs: number;
    validationCacheEntries: number;
    searchCacheEntries: number;
    searchCacheMs: number;
    /** Several processes with embedded graphs of their own may share one PostgreSQL (answers then depend on the process). */
    embeddedSharedDatabase: boolean;
    /** The property that names each label's things where the deployment says so (else read from keys and values). */
    nameProperties: Record<string, string>;
  };
  /** Load the demo knowledge graph and templates on first start (empty graph). */
  demoData: boolean;
  /** Approved templates' match data kept in memory (sets of candidates by match key); 0 keeps none. */
  templateCacheEntries: number;
  /** Sessions whose recalled memories are kept in memory (MEMORY_CACHE_SESSIONS; 0 reads them every turn). */
  memoryCacheSessions: number;
  /** Most deployment synonyms curators may keep (every question's lexicon holds them all). */
  synonymsMax: number;
  chat: {
    /** Which generated queries wait for a review before they run. */
    reviewPolicy: 'never' | 'generated' | 'always';
    /** Whether the session's owner may decide its reviews (`POST /chat/{id}/review`), besides reviewers. */
    ownerDecidesReview: boolean;
    messageMaxChars: number;
    /** Rows of an answer kept in the session's history (the run's files hold them all). */
    answerMaxRows: number;
    /** Names looked up in the graph per question (each is a search): bounds the work one message can cause. */
    maxMentions: number;
  };
  /** An OpenAI-compatible model writes queries when `baseUrl` and `model` are set. */
  llm?: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number; maxAttempts: number; maxOutputTokens: number };
  /** Uploads and their ingestion into the graph: every limit of the Documents group. */
  documents: {
    maxBytes: number;
    maxFilesPerUpload: number;
    storagePerUserBytes: number;
    /** Nodes or relationships per graph write of an ingestion. */
    writeBatch: number;
    /** Distinct text values of one document looked up as names of things, to link them. */
    valueLinksMax: number;
    /** Time limit of one step of an ingestion (a tool call). */
    stepTimeoutMs: number;
    ingest: IngestLimits;
  };
  /** Durable jobs (workflow runs): how many this process works on and how their leases behave. */
  jobs: { concurrency: number; leaseMs: number; pollIntervalMs: number; maxAttempts: number; progressCommitMs: number };
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the given environment (process.env by default); throws ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0] ?? '(environment)')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    host: e.HOST,
    port: e.PORT,
    ...(e.METRICS_PORT !== undefined ? { metrics: { host: e.METRICS_HOST, port: e.METRICS_PORT } } : {}),
    dataDir: path.resolve(e.DATA_DIR),
    trustProxy: e.TRUST_PROXY,
    database: {
      url: e.DATABASE_URL,
      schema: e.DATABASE_SCHEMA,
      poolMax: e.DATABASE_POOL_MAX,
      pgliteAnalyzeIntervalS: e.PGLITE_ANALYZE_INTERVAL_S,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
      longStatementTimeoutMs: e.DATABASE_LONG_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      keepAliveMs: e.DATABASE_KEEPALIVE_MS,
    },
    neo4j: e.NEO4J_URI
      ? { uri: e.NEO4J_URI, user: e.NEO4J_USER, password: e.NEO4J_PASSWORD, database: e.NEO4J_DATABASE, nameIndexWaitS: e.NEO4J_NAME_INDEX_WAIT_S }
      : undefined,
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    auth: {
      issuer: e.OIDC_ISSUER?.replace(/\/+$/, ''),
      audience: e.OIDC_AUDIENCE,
      jwksUri: e.OIDC_JWKS_URI,
      rolesClaim: e.OIDC_ROLES_CLAIM,
      clientId: e.OIDC_CLIENT_ID,
      scopes: e.OIDC_SCOPES.split(/\s+/).filter(Boolean),
      algorithms: e.AUTH_ALGORITHMS,
      clockToleranceSeconds: e.AUTH_CLOCK_TOLERANCE_SECONDS,
      jwksCooldownSeconds: e.AUTH_JWKS_COOLDOWN_SECONDS,
      jwksTimeoutMs: e.AUTH_JWKS_TIMEOUT_MS,
      devTokenTtlSeconds: e.AUTH_DEV_TOKEN_TTL_SECONDS,
    },
    limits: {
      bodyBytes: e.BODY_LIMIT_BYTES,
      requestMaxDepth: e.REQUEST_MAX_DEPTH,
      chatMetadataBytes: e.CHAT_METADATA_MAX_BYTES,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      idempotencyKeyTtlSeconds: e.IDEMPOTENCY_KEY_TTL_SECONDS,
      idempotencyInProgressMs: e.IDEMPOTENCY_IN_PROGRESS_MS,
      idempotencyResponseMaxBytes: e.IDEMPOTENCY_RESPONSE_MAX_BYTES,
      rateDefaultPerMinute: e.RATE_LIMIT_DEFAULT_PER_MINUTE,
      rateChatCreatePerMinute: e.RATE_LIMIT_CHAT_CREATE_PER_MINUTE,
      rateChatMessagePerMinute: e.RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE,
      rateUnauthenticatedPerMinute: e.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE,
      graphQueryTimeoutMs: e.GRAPH_QUERY_TIMEOUT_MS,
      graphQueryMaxRows: e.GRAPH_QUERY_MAX_ROWS,
      graphQueryMaxResultBytes: e.GRAPH_QUERY_MAX_RESULT_BYTES,
      graphEmbeddedMaxMemoryMb: e.GRAPH_EMBEDDED_MAX_MEMORY_MB,
      graphReadMaxMemoryMb: e.GRAPH_READ_MAX_MEMORY_MB,
      streamHeartbeatMs: e.STREAM_HEARTBEAT_MS,
      streamMaxPerSubject: e.STREAM_MAX_PER_SUBJECT,
      toolTimeoutMs: e.TOOL_TIMEOUT_MS,
      runFileMaxBytes: e.RUN_FILE_MAX_BYTES,
      runFilesMaxPerRun: e.RUN_FILES_MAX_PER_RUN,
      previewMaxBytes: e.PREVIEW_MAX_BYTES,
      previewMaxLines: e.PREVIEW_MAX_LINES,
      previewMaxRows: e.PREVIEW_MAX_ROWS,
      readinessTimeoutMs: e.READINESS_TIMEOUT_MS,
      readinessPatienceMs: e.READINESS_PATIENCE_MS,
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    },
    graph: {
      allowedProcedures: e.GRAPH_ALLOWED_PROCEDURES,
      schemaCacheMs: e.GRAPH_SCHEMA_CACHE_MS,
      validationCacheEntries: e.GRAPH_VALIDATION_CACHE_ENTRIES,
      searchCacheEntries: e.GRAPH_SEARCH_CACHE_ENTRIES,
      searchCacheMs: e.GRAPH_SEARCH_CACHE_MS,
      embeddedSharedDatabase: e.GRAPH_EMBEDDED_SHARED_DATABASE,
      nameProperties: e.GRAPH_NAME_PROPERTIES,
    },
    demoData: e.DEMO_DATA,
    templateCacheEntries: e.TEMPLATE_CACHE_ENTRIES,
    memoryCacheSessions: e.MEMORY_CACHE_SESSIONS,
    synonymsMax: e.SYNONYMS_MAX,
    chat: {
      reviewPolicy: e.REVIEW_POLICY,
      ownerDecidesReview: e.REVIEW_OWNER_DECIDES,
      messageMaxChars: e.CHAT_MESSAGE_MAX_CHARS,
      answerMaxRows: e.CHAT_ANSWER_MAX_ROWS,
      maxMentions: e.CHAT_MAX_MENTIONS,
    },
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL,
            apiKey: e.LLM_API_KEY,
            model: e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
            maxAttempts: e.LLM_MAX_ATTEMPTS,
            maxOutputTokens: e.LLM_MAX_OUTPUT_TOKENS,
          }
        : undefined,
    documents: {
      maxBytes: e.DOCUMENT_MAX_BYTES,
      maxFilesPerUpload: e.DOCUMENT_MAX_FILES_PER_UPLOAD,
      storagePerUserBytes: e.DOCUMENT_STORAGE_PER_USER_BYTES,
      writeBatch: e.INGEST_WRITE_BATCH,
      valueLinksMax: e.INGEST_VALUE_LINKS_MAX,
      stepTimeoutMs: e.INGEST_STEP_TIMEOUT_MS,
      ingest: {
        pdfMaxPages: e.INGEST_PDF_MAX_PAGES,
        maxChars: e.INGEST_MAX_CHARS,
        csvMaxRows: e.INGEST_CSV_MAX_ROWS,
        jsonMaxDepth: e.INGEST_JSON_MAX_DEPTH,
        yamlMaxAliases: e.INGEST_YAML_MAX_ALIASES,
        zipMaxEntries: e.INGEST_ZIP_MAX_ENTRIES,
        zipMaxInflatedBytes: e.INGEST_ZIP_MAX_INFLATED_BYTES,
        zipMaxRatio: e.INGEST_ZIP_MAX_RATIO,
        parserTimeoutMs: e.INGEST_PARSER_TIMEOUT_MS,
        parserMaxMemoryMb: e.INGEST_PARSER_MAX_MEMORY_MB,
        chunkChars: e.INGEST_CHUNK_CHARS,
        chunkOverlap: Math.min(e.INGEST_CHUNK_OVERLAP, Math.floor(e.INGEST_CHUNK_CHARS / 2)),
        maxEntities: e.INGEST_MAX_ENTITIES,
      },
    },
    jobs: {
      concurrency: e.RUN_CONCURRENCY,
      leaseMs: e.JOB_LEASE_MS,
      pollIntervalMs: e.JOB_POLL_INTERVAL_MS,
      maxAttempts: e.JOB_MAX_ATTEMPTS,
      progressCommitMs: e.RUN_PROGRESS_COMMIT_MS,
    },
  };
}
