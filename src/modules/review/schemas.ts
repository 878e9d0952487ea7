import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../../platform/schemas.js';
import { MEMORY_KINDS } from '../../engine/tools/contracts/memories.js';

export const ReviewItemSchema = z
  .object({
    review_id: z.string(),
    session_id: z.string(),
    run_id: z.string(),
    subject: z.enum(['query', 'answer']).describe('What is reviewed: a query before it runs, or an answer.'),
    question: z.string(),
    cypher: z.string(),
    parameters: z.record(z.string(), z.unknown()),
    status: z.enum(['pending', 'approved', 'rejected']),
    owner_may_decide: z.boolean().describe('Whether the session’s owner may decide it too (`POST /api/v1/chat/{session_id}/review`).'),
    decided_by: z.string().nullable(),
    decided_as: z.enum(['reviewer', 'owner']).nullable(),
    decided_at: z.string().nullable(),
    comment: z.string().nullable().describe('The reviewer’s comment, or the reason of a rejection.'),
    edited_cypher: z.string().nullable().describe('The query as the reviewer edited it, when they did.'),
    created_at: z.string(),
  })
  .meta({ id: 'ReviewItem' });

export const ReviewPageSchema = pageOf(ReviewItemSchema).meta({ id: 'ReviewItemPage' });
export const ReviewSessionParamsSchema = z.object({ session_id: z.uuid().describe('The session’s id.') });

export const ApproveReviewRequestSchema = z
  .object({
    review_id: z.uuid().describe('The item to approve.'),
    cypher: z.string().min(1).max(20_000).optional().describe('Run this edited query instead (it must pass validation; 422 otherwise).'),
    comment: z.string().max(2000).optional().describe('Kept as a memory of the session.'),
  })
  .meta({ id: 'ApproveReviewRequest' });

export const RejectReviewRequestSchema = z
  .object({
    review_id: z.uuid().describe('The item to reject.'),
    reason: z.string().trim().min(1).max(2000).describe('Why; the user reads it, and the query is recorded as declined with it.'),
  })
  .meta({ id: 'RejectReviewRequest' });

export const ReviewHistoryQuerySchema = PageQuerySchema.extend({
  session_id: z.uuid().optional().describe('Only this session’s decisions.'),
  reviewer: z.string().min(1).max(255).optional().describe('Only decisions by this subject.'),
  decision: z.enum(['approved', 'rejected']).optional(),
  since: z.iso.datetime({ offset: true }).optional().describe('Decided at or after (ISO 8601).'),
  until: z.iso.datetime({ offset: true }).optional().describe('Decided before (ISO 8601).'),
});
export type ReviewHistoryQuery = z.infer<typeof ReviewHistoryQuerySchema>;

export const MemorySchema = z
  .object({
    memory_id: z.string(),
    kind: z.enum(MEMORY_KINDS).describe('disambiguation: a choice between same-named things. correction: a reviewer’s edited query. comment: a reviewer’s comment. focus: the things last talked about.'),
    key: z.string().describe('What it is about (a mention, a question, …).'),
    value: z.record(z.string(), z.unknown()),
    source: z.record(z.string(), z.unknown()).describe('Where it came from: the run, step, review item, and who.'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SessionMemory' });
export const MemoryPageSchema = pageOf(MemorySchema).meta({ id: 'SessionMemoryPage' });
