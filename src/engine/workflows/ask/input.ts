import { z } from 'zod';

/** What `ask` is run with. */
export const askInput = z
  .object({
    question: z.string().trim().min(1).max(10_000).describe('The question, in plain language.'),
    message_id: z.string().optional().describe('The user message it answers (set by the chat).'),
    sent_by: z.string().optional().describe('Who sent the message (set by the chat): the session’s owner, or an admin.'),
  })
  .strict();

export type AskInput = z.output<typeof askInput>;
