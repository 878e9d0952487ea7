import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../../platform/schemas.js';

/** One schema per resource: validation, TypeScript types and the OpenAPI document come from here. */

export const QUERY_STATUSES = ['pending', 'approved', 'rejected', 'declined'] as const;
export const QueryStatusSchema = z
  .enum(QUERY_STATUSES)
  .describe(
    'pending: waits for a curator. approved: a reusable template. rejected: a curator refused it. ' +
      'declined: the service refused to run it (not read-only or invalid) or the session’s reviewer declined it.',
  );
export type QueryStatus = z.infer<typeof QueryStatusSchema>;

const JsonValueSchema: z.ZodType<unknown> = z.unknown();

export const QueryIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('The query’s id.'),
});

const ParameterNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be an identifier (letters, digits, underscore; not starting with a digit)');

export const CypherParametersSchema = z
  .record(ParameterNameSchema, JsonValueSchema)
  .describe('Values for the `$parameters` the Cypher uses, by name.');

export const TemplateParameterSchema = z
  .object({
    name: z.string().describe('Parameter name, used as `$name` in the template’s Cypher.'),
    example: JsonValueSchema.describe('The value the original query had; used when a question gives no other.'),
    from_question: z
      .boolean()
      .describe('Whether the value appears in the template’s question, so a matched question can supply a new one.'),
    source: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('question') }).describe('A slot of the pattern: the new question’s words fill it.'),
        z
          .object({ kind: z.literal('pronoun'), pronoun: z.string(), label: z.string() })
          .describe('The question referred to the thing by this pronoun: the session fills it with what the pronoun refers to now.'),
        z
          .object({ kind: z.literal('key'), of: z.string(), label: z.string() })
          .describe('The key of the node of `label` named by parameter `of` (a disambiguation choice included).'),
        z.object({ kind: z.literal('constant') }).describe('A value that names nothing and that the question does not carry: kept as approved.'),
      ])
      .optional()
      .describe('Where a reuse takes the value from; never from the conversation the template was approved in. Absent on templates approved before sources were recorded.'),
  })
  .meta({ id: 'TemplateParameter' });

export const QueryRevisionSchema = z
  .object({
    revision: z.number().int().describe('Revision number, 1 for the text as first recorded.'),
    question: z.string().describe('The question this revision answered.'),
    cypher: z.string().describe('The Cypher of this revision.'),
    parameters: z.record(z.string(), JsonValueSchema).describe('Its parameters.'),
    created_at: z.string().describe('When this revision was written (ISO 8601 UTC).'),
    created_by: z.string().describe('Who wrote it (token subject, or `service`).'),
  })
  .meta({ id: 'QueryRevision' });

export const QueryEventSchema = z
  .object({
    action: z
      .enum(['recorded', 'approved', 'rejected', 'amended', 'declined'])
      .describe('What happened to the query.'),
    actor: z.string().describe('Who did it (token subject, or `service`).'),
    at: z.string().describe('When (ISO 8601 UTC).'),
    details: z.record(z.string(), JsonValueSchema).describe('What changed: previous status, reason, revision, …'),
  })
  .meta({ id: 'QueryEvent' });

export const TemplateSchema = z
  .object({
    cypher: z.string().describe('The template’s Cypher: the approved query with its literal values turned into `$parameters`.'),
    parameters: z.array(TemplateParameterSchema).describe('The template’s parameters with their example values.'),
    pattern: z
      .string()
      .nullable()
      .describe('The question as a pattern with `{name}` slots, used to match new questions; null when not matchable.'),
    approved_at: z.string().describe('When it became a template.'),
    approved_by: z.string().describe('Who approved or amended it.'),
    reuse_count: z.number().int().describe('How many times a conversation reused this template instead of writing a query.'),
    last_reused_at: z.string().nullable().describe('When it was last reused; null if never.'),
    reuse_sessions: z.number().int().describe('How many distinct chat sessions reused it.'),
  })
  .meta({ id: 'Template' });

export const SimilarQuerySchema = z
  .object({
    id: z.number().int().describe('Id of the similar query.'),
    status: z.enum(['pending', 'approved']).describe('approved: an existing template; pending: another query in the queue.'),
    question: z.string().describe('Its question.'),
    score: z.number().describe('Similarity from 0 to 1; 1 for the same fingerprint.'),
    reasons: z
      .array(z.enum(['same_fingerprint', 'similar_question', 'similar_cypher']))
      .describe('Why it is similar: the same Cypher shape, a similar question, or similar Cypher text.'),
  })
  .meta({ id: 'SimilarQuery' });

export const QueryAssessmentSchema = z
  .object({
    confidence: z.number().min(0).max(1).describe('How sure the service was, 0..1 (halved when the answer was empty).'),
    generator: z.string().describe('Who wrote it: `planner`, `model` or `correction` (a reviewer’s).'),
    mappings: z
      .array(
        z.object({
          word: z.string().describe('A word of the question.'),
          to: z.string().describe('What it was taken to mean: a label, relationship type, property or value.'),
          kind: z.string().describe('label, relationship, property, value or synonym.'),
          guessed: z.boolean().describe('From a synonym, an inflection or a fallback rather than the schema’s own name.'),
        }),
      )
      .describe('What each word of the question mapped to.'),
    guesses: z.array(z.string()).describe('The words whose mapping was a guess: where to look first.'),
    empty_answer: z.boolean().describe('The query found nothing (often a word mapped wrongly).'),
  })
  .meta({ id: 'QueryAssessment' });

export const QueryAttentionSchema = z
  .object({
    reason: z.enum(['reported_wrong']).describe('Why the query is in front of curators again.'),
    since: z.string().describe('When it was first reported since a curator last decided on it (ISO 8601 UTC).'),
    question: z.string().describe('The question whose answer was reported wrong (the latest report).'),
    session_id: z.string(),
    message_id: z.string().describe('The answer message that was reported.'),
    reported_by: z.string(),
    comment: z.string().nullable(),
    reports: z.number().int().describe('Reports since a curator last decided on it.'),
  })
  .meta({ id: 'QueryAttention' });

export const QuerySchema = z
  .object({
    id: z.number().int().describe('The query’s id.'),
    status: QueryStatusSchema,
    question: z.string().describe('The question as asked.'),
    question_normalized: z.string().describe('The question lower-cased, without punctuation: what similarity compares.'),
    cypher: z.string().describe('The Cypher the service wrote (or the latest amended text).'),
    parameters: z.record(z.string(), JsonValueSchema).describe('The values of the Cypher’s `$parameters`.'),
    fingerprint: z
      .string()
      .describe('Structural fingerprint (sha256) of the Cypher: literals, spacing, keyword case and variable names do not change it.'),
    source: z
      .object({
        session_id: z.string().nullable().describe('Chat session that produced it.'),
        message_id: z.string().nullable().describe('Message it answered.'),
        run_id: z.string().nullable().describe('Run that produced it.'),
        created_by: z.string().describe('Who asked (token subject).'),
      })
      .describe('Where the query came from.'),
    created_at: z.string().describe('When it was recorded (ISO 8601 UTC).'),
    updated_at: z.string().describe('When it last changed.'),
    updated_by: z.string().nullable().describe('Who changed it last.'),
    reason: z.string().nullable().describe('Why it was rejected or declined.'),
    revision: z.number().int().describe('Current revision; an amend adds one and keeps the previous text in `revisions`.'),
    revisions: z.array(QueryRevisionSchema).describe('Earlier texts, oldest first; empty until the query is amended.'),
    history: z.array(QueryEventSchema).describe('Every change, oldest first: who, when, what.'),
    template: TemplateSchema.nullable().describe('Set when the query is approved: the reusable template.'),
    assessment: QueryAssessmentSchema.nullable().describe('How sure the service was of a query it wrote, and why; null for people’s queries.'),
    attention: QueryAttentionSchema.nullable().describe('Set while a user’s report that its answer was wrong waits for a curator.'),
  })
  .meta({ id: 'Query' });

export const PendingQuerySchema = QuerySchema.extend({
  similar: z
    .array(SimilarQuerySchema)
    .describe('Up to 5 most similar approved templates and other pending queries, most similar first.'),
  verdict: z
    .enum(['duplicate_of_template', 'duplicate_of_pending', 'similar', 'new'])
    .describe('At a glance: the same shape as a template, as another pending query, only similar, or new.'),
}).meta({ id: 'PendingQuery' });

const isoDate = z.iso.datetime({ offset: true });

export const QueryListFiltersSchema = PageQuerySchema.extend({
  q: z.string().min(1).max(200).optional().describe('Text that the question or the Cypher contains (case-insensitive).'),
  session_id: z.string().min(1).max(200).optional().describe('Only queries from this chat session.'),
  created_by: z.string().min(1).max(255).optional().describe('Only queries asked by this subject.'),
  since: isoDate.optional().describe('Only queries recorded at or after this time (ISO 8601).'),
  until: isoDate.optional().describe('Only queries recorded before this time (ISO 8601).'),
  needs_attention: z.stringbool().optional().describe('Only queries whose answer a user reported wrong since a curator last decided on them (`true`), or only the others (`false`).'),
});
export type QueryListFilters = z.infer<typeof QueryListFiltersSchema>;

export const PENDING_SORTS = ['arrival', 'least_confident', 'most_confident'] as const;
export const PendingListQuerySchema = QueryListFiltersSchema.extend({
  sort: z
    .enum(PENDING_SORTS)
    .default('arrival')
    .describe('Order: oldest first, least confident first (the doubtful ones to fix), or most confident first (quick approvals); queries without a confidence come last.'),
});
export type PendingListQuery = z.infer<typeof PendingListQuerySchema>;

export const TEMPLATE_SORTS = ['reuse_count', 'last_reused_at', 'created_at'] as const;
export const TemplateListQuerySchema = QueryListFiltersSchema.extend({
  sort: z
    .enum(TEMPLATE_SORTS)
    .default('reuse_count')
    .describe('Order: most reused, most recently reused, or most recently approved first (ties by id).'),
});
export type TemplateListQuery = z.infer<typeof TemplateListQuerySchema>;

export const PendingPageSchema = pageOf(PendingQuerySchema).meta({ id: 'PendingQueryPage' });
export const QueryPageSchema = pageOf(QuerySchema).meta({ id: 'QueryPage' });

export const QueryStatsSchema = z
  .object({
    counts: z
      .object({
        pending: z.number().int().describe('Queries waiting for a curator.'),
        approved: z.number().int().describe('Templates.'),
        rejected: z.number().int().describe('Queries a curator rejected.'),
        declined: z.number().int().describe('Queries the service or a reviewer declined.'),
      })
      .describe('How many queries are in each status (always all four).'),
    templates_reused_last_24h: z.number().int().describe('How many templates were reused in the last 24 hours.'),
  })
  .meta({ id: 'QueryStats' });

const CYPHER_MAX = 20_000;
export const CypherTextSchema = z.string().trim().min(1).max(CYPHER_MAX).describe(`Cypher text (at most ${CYPHER_MAX} characters).`);

export const TestCypherRequestSchema = z
  .object({
    cypher: CypherTextSchema,
    parameters: CypherParametersSchema.optional(),
  })
  .meta({ id: 'TestCypherRequest' });

export const TestCypherResponseSchema = z
  .object({
    columns: z.array(z.string()).describe('Column names, in RETURN order.'),
    rows: z.array(z.record(z.string(), JsonValueSchema)).describe('Rows as objects; nodes as `{id, labels, properties}`, relationships as `{id, type, start, end, properties}`.'),
    row_count: z.number().int().describe('Rows returned.'),
    truncated: z.boolean().describe('True when the query had more rows than `GRAPH_QUERY_MAX_ROWS` and the answer was cut.'),
    elapsed_ms: z.number().describe('Time the query took.'),
    query_type: z.literal('r').describe('Always `r`: only read-only queries run.'),
  })
  .meta({ id: 'TestCypherResponse' });

export const RejectRequestSchema = z
  .object({ reason: z.string().trim().min(1).max(2000).describe('Why the query is rejected; shown on the query.') })
  .meta({ id: 'RejectRequest' });

export const AmendRequestSchema = z
  .object({
    cypher: CypherTextSchema,
    question: z.string().trim().min(1).max(2000).optional().describe('A better question for the template; the old one is kept in the revision.'),
    parameters: z
      .array(ParameterNameSchema)
      .max(50)
      .optional()
      .describe('Names for the template’s parameters, in order of appearance (default: derived from the Cypher).'),
    values: CypherParametersSchema.optional().describe('Values for `$parameters` the new Cypher uses, if any.'),
  })
  .meta({ id: 'AmendRequest' });
