import { z } from 'zod';
import { PlanDescriptionSchema, READING_CHOICE_ID_MAX } from '../../../planner/plan.js';
import { UnderstandingSchema } from '../../../planner/resolve/understand.js';
import { RelationshipValueSchema, ResolvedEntitySchema } from '../entity-schemas.js';
import { QueryParametersSchema } from '../query-parameters.js';
import { defineContract } from '../tool.js';
import { MemorySchema } from './memories.js';

/** `query_generate` (built by the queries module): a new read-only query for the question, or why there is none. */
export const queryGenerate = defineContract({
  name: 'query_generate',
  input: z
    .object({
      understanding: UnderstandingSchema.describe('The question as the turn read it (question_understand).'),
      entities: z.array(ResolvedEntitySchema),
      values: z
        .array(RelationshipValueSchema)
        .default([])
        .describe('Mentions that are values of a relationship’s property (read from the lexicon now; kept so earlier runs resume).'),
      memories: z.array(MemorySchema).default([]),
      chosen: z.array(z.string().max(READING_CHOICE_ID_MAX)).max(10).default([]).describe('Choices the person asking made between readings the question left open (their ids).'),
    })
    .strict(),
  output: z.object({
    ok: z.boolean(),
    cypher: z.string().optional(),
    description: PlanDescriptionSchema.optional(),
    generator: z.enum(['planner', 'model']),
    attempts: z.number().int().optional(),
    reason: z.string().optional(),
    scope: z.enum(['out_of_scope', 'instruction']).optional().describe('Why no query: the graph cannot answer the question, or it asks to change the graph.'),
    known_labels: z.array(z.string()).optional().describe('With `scope`: what the graph does know about.'),
    note: z.string().optional(),
    choices: z
      .array(z.object({ id: z.string(), label: z.string() }))
      .optional()
      .describe('With no query: the readings the question leaves open, to offer the person asking (choose one, pass its id in `chosen`).'),
    template: z
      .object({ template_id: z.number().int(), cypher: z.string(), parameters: QueryParametersSchema })
      .optional()
      .describe('The approved template of the same shape (a question phrased unlike its own), filled with this query’s values.'),
  }),
});

/** `template_match` (built by the queries module): an approved template answering the question, filled from it. */
export const templateMatch = defineContract({
  name: 'template_match',
  input: z
    .object({
      understanding: UnderstandingSchema.describe('The question as the turn read it (question_understand): matched without reading its words again.'),
      entities: z
        .array(z.object({ name: z.string(), label: z.string(), key: z.string().nullish() }).loose())
        .default([])
        .describe('The things the question names, as the session resolved them (pronouns and choices included).'),
    })
    .strict(),
  output: z.object({
    matched: z.boolean(),
    template_id: z.number().int().optional(),
    cypher: z.string().optional(),
    parameters: QueryParametersSchema.optional(),
    score: z.number().optional(),
    reason: z.string().optional(),
  }),
});

/** `template_load` (built by the queries module): an approved template with its parameters bound. */
export const templateLoad = defineContract({
  name: 'template_load',
  input: z
    .object({
      template_id: z.number().int().positive(),
      parameters: QueryParametersSchema.default({}),
    })
    .strict(),
  output: z.object({
    template_id: z.number().int(),
    question: z.string(),
    cypher: z.string(),
    parameters: QueryParametersSchema,
  }),
});

/** `template_reuse` (built by the queries module): one reuse of a template counted. */
export const templateReuse = defineContract({
  name: 'template_reuse',
  input: z.object({ template_id: z.number().int().positive() }).strict(),
  output: z.object({
    counted: z.boolean().describe('False when the query is no longer an approved template (it was withdrawn meanwhile).'),
    reuse_count: z.number().int().optional(),
  }),
});

/** `query_record` (built by the queries module): a query the conversation wrote, queued for curators or declined. */
export const queryRecord = defineContract({
  name: 'query_record',
  input: z
    .object({
      question: z.string().min(1).max(10_000),
      cypher: z.string().min(1).max(20_000),
      parameters: z.record(z.string(), z.unknown()).default({}),
      message_id: z.string().optional(),
      sent_by: z.string().max(255).optional().describe('Who asked: the message’s sender (defaults to the run’s owner).'),
      declined_reason: z.string().max(2000).optional(),
      assessment: z
        .object({
          generator: z.string().max(40),
          confidence: z.number().min(0).max(1).optional().describe('How sure the writer was (0..1); none for a model.'),
          mappings: z
            .array(z.object({ word: z.string().max(200), to: z.string().max(200), kind: z.string().max(40), guessed: z.boolean() }))
            .max(100)
            .optional()
            .describe('What each word of the question was taken to mean.'),
          row_count: z.number().int().min(0).optional().describe('Rows the query found.'),
        })
        .optional()
        .describe('How sure the service was of the query and why, shown to curators.'),
    })
    .strict(),
  output: z.object({ outcome: z.enum(['queued', 'declined', 'reused']), query_id: z.number().int() }),
});
