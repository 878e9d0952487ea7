import { reviewOpen } from '../../../engine/tools/contracts/review.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { ReviewStore } from '../store.js';

/**
 * Opens the review of a query before it runs, when the review policy asks for one
 * (REVIEW_POLICY: never, generated, always). Once per run step: a step that runs again gets the same item.
 */
export function reviewOpenTool({ reviews }: { reviews: ReviewStore }) {
  return defineTool({
    ...reviewOpen,
    description: 'Opens a review item for a query the session wants to run; reviewers (and the owner, when the policy lets them) decide it.',
    async run({ question, cypher, parameters, is_template }, { chat, sessionId, runId, node }) {
      const required = chat.reviewPolicy === 'always' || (chat.reviewPolicy === 'generated' && !is_template);
      if (!required) return { required: false };
      const item = await reviews.open({ sessionId, runId, node, subject: 'query', question, cypher, parameters, ownerMayDecide: chat.ownerDecidesReview });
      return { required: true, review_id: item.id, status: item.status, owner_may_decide: item.owner_may_decide };
    },
  });
}
