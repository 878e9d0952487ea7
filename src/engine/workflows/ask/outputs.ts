import type { PlanDescription } from '../../planner/plan.js';
import { UnderstandingSchema } from '../../planner/understand.js';
import type { Understanding } from '../../planner/understand.js';

/** What the steps of `ask` hand each other, and how a step reads its predecessors' outputs. */

export type Out = Record<string, Record<string, unknown>>;
export interface Halt {
  reason: 'unknown' | 'no_query' | 'declined' | 'rejected' | 'out_of_scope';
  text: string;
}
/** Something the session remembers. */
export interface Memory {
  kind: string;
  key: string;
  value: Record<string, unknown>;
}
/** A new query that was refused (by the read-only checks, a reviewer or the graph running it): the record step files it as declined. */
export interface Declined {
  cypher: string;
  reason: string;
}
export interface Query {
  cypher: string;
  parameters: Record<string, unknown>;
  template_id: number | null;
  generator: 'template' | 'planner' | 'model' | 'correction';
  description: PlanDescription;
}

/** The question as the understand step read it, once for the turn (validated: a step's output is stored as JSON). */
export const understandingOf = (outputs: Out): Understanding => UnderstandingSchema.parse(outputs.understand?.understanding);
export const haltOf = (outputs: Out): Halt | undefined =>
  Object.values(outputs).map((o) => o.halt as Halt | undefined).find((h) => h !== undefined);
export const declinedOf = (outputs: Out): Declined | undefined =>
  (outputs.validate?.declined ?? outputs.review?.declined ?? outputs.execute?.declined) as Declined | undefined;
export const queryOf = (outputs: Out): Query | undefined =>
  (outputs.review?.query ?? outputs.validate?.query ?? outputs.generate?.query ?? outputs.match_template?.query) as Query | undefined;
/** What an answer without rows was, as `answer_ready.query_type` says. */
export const haltedQueryType = (halt: Halt | undefined): string =>
  halt?.reason === 'out_of_scope' ? 'out_of_scope' : halt?.reason === 'declined' || halt?.reason === 'rejected' ? 'declined' : 'none';
/** Who wrote the turn's query, or would have: a halt of the generate step still names its writer. */
export const generatorOf = (outputs: Out): string => queryOf(outputs)?.generator ?? (outputs.generate?.generator as string | undefined) ?? 'none';

/** A step with nothing to do (a halt or a query found earlier passes through). */
export const skip = { output: {} };

/** The option that refuses every reading offered. */
export const NONE_OF_THESE = 'none';
