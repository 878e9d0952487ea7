import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../../platform/schemas.js';

export const SendMessageRequestSchema = z
  .object({
    content: z.string().trim().min(1).describe('The question or message, in plain language (at most CHAT_MESSAGE_MAX_CHARS characters).'),
  })
  .meta({ id: 'SendMessageRequest' });

export const SendMessageResponseSchema = z
  .object({
    message_id: z.string().describe('The stored user message.'),
    run_id: z.string().describe('The run of the `ask` workflow answering it; follow it on the session’s stream.'),
  })
  .meta({ id: 'SendMessageResponse' });

export const AnswerSchema = z
  .object({
    kind: z.string().describe('The kind of question: lookup, list, count, aggregate, path or property.'),
    text: z.string().optional(),
    query: z.string().nullable().describe('The Cypher that produced the rows; null when no query ran.'),
    parameters: z.record(z.string(), z.unknown()).optional(),
    template_id: z.number().int().nullable().optional().describe('The approved template reused, if any.'),
    used_template: z.boolean().optional(),
    generator: z
      .enum(['template', 'planner', 'model', 'correction'])
      .optional()
      .describe('Who wrote the query: an approved template, the built-in planner, a model, or a reviewer’s earlier correction.'),
    columns: z.array(z.string()).optional(),
    rows: z.array(z.record(z.string(), z.unknown())).optional().describe('The rows, at most CHAT_ANSWER_MAX_ROWS (the run’s files hold them all).'),
    row_count: z.number().int().optional(),
    truncated: z.boolean().optional().describe('Whether the query’s rows were cut at the row limit.'),
    rows_cut: z.boolean().optional().describe('Whether the rows shown here were cut at CHAT_ANSWER_MAX_ROWS.'),
    files: z.array(z.string()).optional().describe('Paths of the run files holding the result (CSV and JSON).'),
    sources: z
      .array(
        z.object({
          doc_id: z.string(),
          file_name: z.string(),
          snippet: z.string().describe('Where the document says so.'),
          page: z.number().int().nullable(),
        }),
      )
      .optional()
      .describe(
        'The uploaded documents the answer came from, best first (empty when its facts came from elsewhere, and for an empty ' +
          'answer). A count or an aggregate cites the documents of the things it is over, those supporting the most first.',
      ),
    sources_total: z.number().int().optional().describe('How many documents support the answer in all (`sources` shows the first few).'),
    halted: z.string().optional().describe('Why no query ran: unknown (nothing by that name), no_query, declined, rejected.'),
  })
  .catchall(z.unknown())
  .meta({ id: 'ChatAnswer' });

export const MessageSchema = z
  .object({
    message_id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    sent_by: z.string().nullable().describe('Who sent a user message: the session’s owner, or an admin writing in it (null for answers).'),
    created_at: z.string(),
    run_id: z.string().nullable().describe('The run that answers (user) or answered (assistant) it.'),
    answer: AnswerSchema.nullable().describe('For answers: the query, whether a template was used, the rows and the files.'),
  })
  .meta({ id: 'ChatMessage' });

export const MessagePageSchema = pageOf(MessageSchema).meta({ id: 'ChatMessagePage' });
export const MessageHistoryQuerySchema = PageQuerySchema;

export const DisambiguateRequestSchema = z
  .object({
    choice: z.string().min(1).max(500).describe('The `id` of the chosen option (from the `disambiguation_required` event or the session status).'),
  })
  .meta({ id: 'DisambiguateRequest' });

export const OwnerReviewRequestSchema = z
  .object({
    review_id: z.uuid().describe('The review item (from the `review_required` event or the session status).'),
    decision: z.enum(['approve', 'reject']),
    cypher: z.string().min(1).max(20_000).optional().describe('Approve with this edited query instead (it must pass validation).'),
    comment: z.string().max(2000).optional(),
    reason: z.string().min(1).max(2000).optional().describe('Why it is rejected (required to reject).'),
  })
  .refine((b) => b.decision !== 'reject' || b.reason !== undefined, { path: ['reason'], message: 'required to reject' })
  .meta({ id: 'OwnerReviewRequest' });

export const AnswerMessageParamsSchema = z.object({
  session_id: z.uuid().describe('The session’s id (a UUID).'),
  message_id: z.uuid().describe('The answer message’s id, from the history or `answer_ready`.'),
});

export const FeedbackRequestSchema = z
  .object({
    verdict: z.enum(['right', 'wrong']).describe('Whether the answer was right.'),
    comment: z.string().trim().min(1).max(2000).optional().describe('What was wrong, for curators (at most 2,000 characters).'),
  })
  .strict()
  .meta({ id: 'FeedbackRequest', example: { verdict: 'wrong', comment: 'Lena Moreau lives in Bangalore, not Berlin.' } });

export const FeedbackSchema = z
  .object({
    message_id: z.string(),
    verdict: z.enum(['right', 'wrong']),
    comment: z.string().nullable(),
    query_id: z.number().int().nullable().describe('The query behind the answer: the template it reused, or the query its run queued.'),
    used_template: z.boolean(),
    sent_to_curators: z.boolean().describe('A "wrong" put the query in front of curators (its `attention`).'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Feedback' });
