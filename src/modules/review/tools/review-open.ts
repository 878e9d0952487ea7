import { z } from 'zod';
import { defineTool } from '../../../engine/tools/tool.js';
import type { ReviewStore } from '../store.js';

/**
 * Opens the review of a query before it runs, when the review policy asks for one
 * (REVIEW_POLICY: never, generated, always). Once per run step: a step that runs again gets the same item.
 */
export function reviewOpenTool({ reviews }: { reviews: ReviewStore }) {
  return defineTool({
    name: 'review_open',
    description: 'Opens a review item for a query the session wants to run; reviewers (and the owner, when the policy lets them) decide it.',
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
    async run({ question, cypher, parameters, is_template }, { chat, sessionId, runId, node }) {
      const required = chat.reviewPolicy === 'always' || (chat.reviewPolicy === 'generated' && !is_template);
      if (!required) return { required: false };
      const item = await reviews.open({ sessionId, runId, node, subject: 'query', question, cypher, parameters, ownerMayDecide: chat.ownerDecidesReview });
      return { required: true, review_id: item.id, status: item.status, owner_may_decide: item.owner_may_decide };
    },
  });
}
