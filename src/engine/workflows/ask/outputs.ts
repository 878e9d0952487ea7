import { z } from 'zod';
import { PlanDescriptionSchema } from '../../../planner/plan.js';
import { UnderstandingSchema } from '../../../planner/resolve/understand.js';
import type { Understanding } from '../../../planner/resolve/understand.js';
import { MemorySchema } from '../../tools/contracts/memories.js';
import type { Memory } from '../../tools/contracts/memories.js';
import { CandidateSchema, RelationshipValueSchema, ResolvedEntitySchema } from '../../tools/entity-schemas.js';
import { QueryParametersSchema } from '../../tools/query-parameters.js';
import type { Out } from '../workflow.js';
import type { Candidate } from '../../../planner/resolve/mention-search.js';

/**
 * What the steps of `ask` hand each other, and how a step reads its predecessors' outputs: each
 * output is stored as JSON with its step, so what a later step reads is checked by its schema
 * here and typed by it (a run resumed in another process reads the same).
 */


const HaltSchema = z.object({
  reason: z.enum(['unknown', 'no_query', 'declined', 'rejected', 'out_of_scope']),
  text: z.string(),
});
export type Halt = z.infer<typeof HaltSchema>;

/** A new query that was refused (by the read-only checks, a reviewer or the graph running it): the record step files it as declined. */
const DeclinedSchema = z.object({ cypher: z.string(), reason: z.string() });
export type Declined = z.infer<typeof DeclinedSchema>;

const QuerySchema = z.object({
  cypher: z.string(),
  parameters: QueryParametersSchema,
  template_id: z.number().int().nullable(),
  generator: z.enum(['template', 'planner', 'model', 'correction']),
  description: PlanDescriptionSchema,
});
export type Query = z.infer<typeof QuerySchema>;

/** What the resolve step settled: the things named, or a halt. */
const ResolvedSchema = z.object({
  entities: z.array(ResolvedEntitySchema).default([]),
  values: z.array(RelationshipValueSchema).default([]),
  /** Recalled when they decided something; later steps need not read them again. */
  memories: z.array(MemorySchema).optional(),
});

/** The rows the execute step read (the rows as the graph store gave them: not checked one by one). */
const ExecutedSchema = z.object({
  columns: z.array(z.string()),
  rows: z.custom<Record<string, unknown>[]>(Array.isArray, 'rows'),
  row_count: z.number().int(),
  truncated: z.boolean(),
});

/** The question as the understand step read it, once for the turn. */
export const understandingOf = (outputs: Out): Understanding => UnderstandingSchema.parse(outputs.understand?.understanding);
/** The things the question names, once the resolve step has run without a halt. */
export const resolvedOf = (outputs: Out): z.infer<typeof ResolvedSchema> | undefined =>
  outputs.resolve && !outputs.resolve.halt ? ResolvedSchema.parse(outputs.resolve) : undefined;
/** The rows, once the execute step has read them. */
export const executedOf = (outputs: Out): z.infer<typeof ExecutedSchema> | undefined =>
  outputs.execute && 'rows' in outputs.execute ? ExecutedSchema.parse(outputs.execute) : undefined;

export const haltOf = (outputs: Out): Halt | undefined => {
  const halt = Object.values(outputs).find((o) => o.halt !== undefined)?.halt;
  return halt === undefined ? undefined : HaltSchema.parse(halt);
};
export const declinedOf = (outputs: Out): Declined | undefined => {
  const declined = outputs.validate?.declined ?? outputs.review?.declined ?? outputs.execute?.declined;
  return declined === undefined ? undefined : DeclinedSchema.parse(declined);
};
export const queryOf = (outputs: Out): Query | undefined => {
  const query = outputs.review?.query ?? outputs.validate?.query ?? outputs.generate?.query ?? outputs.match_template?.query;
  return query === undefined ? undefined : QuerySchema.parse(query);
};
/** The things last talked about, as the session remembers them (most recent first). */
export const focusOf = (memories: readonly Memory[] | undefined): Candidate[] =>
  z.array(CandidateSchema).catch([]).parse(memories?.find((m) => m.kind === 'focus')?.value.entities);
/** The choices between same-named things the session remembers, by mention. */
export const choicesOf = (memories: readonly Memory[]): { mention: string; candidate: Candidate }[] =>
  memories.filter((m) => m.kind === 'disambiguation').flatMap((m) => {
    const candidate = CandidateSchema.safeParse(m.value.candidate);
    return candidate.success ? [{ mention: m.key, candidate: candidate.data }] : [];
  });

/** What an answer without rows was, as `answer_ready.query_type` says. */
export const haltedQueryType = (halt: Halt | undefined): string =>
  halt?.reason === 'out_of_scope' ? 'out_of_scope' : halt?.reason === 'declined' || halt?.reason === 'rejected' ? 'declined' : 'none';
/** Who wrote the turn's query, or would have: a halt of the generate step still names its writer. */
export const generatorOf = (outputs: Out): string => queryOf(outputs)?.generator ?? (typeof outputs.generate?.generator === 'string' ? outputs.generate.generator : 'none');

/** A step with nothing to do (a halt or a query found earlier passes through). */
export const skip = { output: {} };

/** The option that refuses every reading offered. */
export const NONE_OF_THESE = 'none';
