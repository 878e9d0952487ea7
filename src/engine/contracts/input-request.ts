import { z } from 'zod';

/**
 * A question a step asks from outside the run (the session waits for it): what the engine's
 * steps ask, what a run's `waiting_for` and a session's `input_request` show. One schema, which
 * the engine, chat and runs read.
 */
export const InputRequestSchema = z.object({
  /** `disambiguation` puts the session in awaiting_disambiguation, `review` in awaiting_review. */
  kind: z.enum(['disambiguation', 'review']).describe('What is asked; the session is awaiting_disambiguation or awaiting_review.'),
  question: z.string().describe('The question, for a person.'),
  options: z
    .array(z.object({ id: z.string(), label: z.string(), details: z.record(z.string(), z.unknown()).optional() }))
    .optional()
    .describe('The choices, when the answer must be one of them: answer with its `id`.'),
  data: z.record(z.string(), z.unknown()).optional().describe('Anything else needed to show the question.'),
});
export type InputRequest = z.infer<typeof InputRequestSchema>;

/** An open request as a waiting run keeps it: with the step that asks. */
export const WaitingForSchema = z.object({ node: z.string().describe('The step that asks.'), ...InputRequestSchema.shape }).meta({ id: 'RunInputRequest' });
