import { z } from 'zod';
import { defineContract } from '../tool.js';

/** `review_open` (built by the review module): a review of a query before it runs, when the policy asks for one. */
export const reviewOpen = defineContract({
  name: 'review_open',
  input: z
    .object({
      question: z.string().min(1).max(10_000),
      cypher: z.string().min(1).max(20_000),
      parameters: z.record(z.string(), z.unknown()).default({}),
      is_template: z.boolean().describe('Whether the query is an approved template (the `generated` policy reviews only new queries).'),
    })
    .strict(),
  output: z.object({
    required: z.boolean(),
    review_id: z.string().optional(),
    status: z.enum(['pending', 'approved', 'rejected']).optional(),
    owner_may_decide: z.boolean().optional(),
  }),
});
