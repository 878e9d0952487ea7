import { z } from 'zod';
import type { ResolvedEntity } from '../../planner/plan.js';

/** Shapes the entity tools share (entity_search's output is entity_resolve's input). */

export const CandidateSchema = z.object({
  id: z.string(),
  key: z.string().optional(),
  label: z.string(),
  name: z.string(),
  nameProperty: z.string(),
  properties: z.record(z.string(), z.unknown()),
});

const MentionSchema = z.object({ text: z.string(), start: z.number().int(), end: z.number().int(), quoted: z.boolean(), loose: z.boolean().optional() });

/** What entity_search found (see MentionSearch in the planner). */
/** A mention that is a value of a relationship's property ("CEO": a role on WORKS_AT). */
export const RelationshipValueSchema = z.object({ mention: z.string(), type: z.string(), property: z.string(), value: z.string() });

export const MentionSearchSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('too_many'), max: z.number().int() }),
  z.object({
    status: z.literal('searched'),
    found: z.array(z.object({ mention: MentionSchema, candidates: z.array(CandidateSchema) })),
    unknown: z.array(z.string()),
    suggestions: z.array(CandidateSchema),
    values: z.array(RelationshipValueSchema).default([]),
  }),
]);

/** A thing of the graph a mention was linked to (entity_resolve's answer; what the planner names). */
export const ResolvedEntitySchema = z.object({
  mention: z.string(),
  position: z.number().int(),
  label: z.string(),
  name: z.string(),
  nameProperty: z.string(),
  key: z.string().optional(),
  unique: z.boolean(),
  shared: z.literal(true).optional(),
}) satisfies z.ZodType<ResolvedEntity>;
