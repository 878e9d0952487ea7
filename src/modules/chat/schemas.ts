import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../../platform/schemas.js';
import { WaitingForSchema } from '../../engine/contracts/input-request.js';

export const SESSION_STATES = ['idle', 'running', 'awaiting_disambiguation', 'awaiting_review', 'failed', 'closed'] as const;
export const SessionStateSchema = z
  .enum(SESSION_STATES)
  .describe(
    'idle: ready for a message. running: working on one. awaiting_disambiguation / awaiting_review: waiting for the user ' +
      'or a reviewer. failed: the last turn failed. closed: no more messages.',
  );

export const SessionIdParamsSchema = z.object({
  session_id: z.uuid().describe('The session’s id (a UUID).'),
});

export const CreateSessionRequestSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional().describe('A title for the history list (at most 200 characters).'),
    metadata: z
      .record(z.string().max(100), z.unknown())
      .optional()
      .describe('Free-form data the client keeps with the session (bounded by the request body limit).'),
  })
  .meta({ id: 'CreateSessionRequest' });

export const SessionSchema = z
  .object({
    session_id: z.string().describe('The session’s id.'),
    owner: z.string().describe('Subject of the user who created it.'),
    title: z.string().nullable().describe('Its title, if one was given.'),
    metadata: z.record(z.string(), z.unknown()).describe('The client’s data, as given.'),
    state: SessionStateSchema,
    message_count: z.number().int().describe('Messages exchanged so far.'),
    created_at: z.string().describe('When it was created (ISO 8601 UTC).'),
    last_activity_at: z.string().describe('When anything last happened in it.'),
  })
  .meta({ id: 'ChatSession' });

export const SessionStatusSchema = z
  .object({
    session_id: z.string().describe('The session’s id.'),
    state: SessionStateSchema,
    current_run_id: z.string().nullable().describe('The run working for the session now, if any.'),
    waiting_for: z
      .string()
      .nullable()
      .describe('What the session waits for when its state is awaiting_*: `disambiguation` or `review`; otherwise null.'),
    input_request: WaitingForSchema.nullable().describe(
      'The question the current run waits on (answer it with `POST /api/v1/runs/{run_id}/input`), or null.',
    ),
    message_count: z.number().int().describe('Messages exchanged so far.'),
    last_activity_at: z.string().describe('When anything last happened in it.'),
  })
  .meta({ id: 'ChatSessionStatus' });

export const SessionHistoryQuerySchema = PageQuerySchema.extend({
  owner: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Admins only: list this subject’s sessions (admins see everyone’s without it; others always see their own).'),
  state: SessionStateSchema.optional().describe('Only sessions in this state.'),
});
export type SessionHistoryQuery = z.infer<typeof SessionHistoryQuerySchema>;

export const SessionPageSchema = pageOf(SessionSchema).meta({ id: 'ChatSessionPage' });
