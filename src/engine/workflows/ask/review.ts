import { reviewOpen } from '../../tools/contracts/review.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import { haltOf, queryOf, skip } from './outputs.js';
import type { Halt, Declined } from './outputs.js';

export const reviewNode: WorkflowNode<AskInput> = {
  id: 'review',
  description: 'When the review policy asks for it, waits for a reviewer (or the owner) to approve, edit or reject the query.',
  tools: [reviewOpen],
  replayable: true,
  async run(ctx) {
    const query = queryOf(ctx.outputs);
    if (haltOf(ctx.outputs) || !query) return skip;
    const review = await ctx.tool(reviewOpen, {
      question: ctx.input.question,
      cypher: query.cypher,
      parameters: query.parameters,
      is_template: query.template_id !== null,
    });
    if (!review.required) return { output: { query, reviewed: false } };
    const decision = (await ctx.ask({
      kind: 'review',
      question: 'This query waits for a review before it runs.',
      data: { review_id: review.review_id, cypher: query.cypher, parameters: query.parameters, owner_may_decide: review.owner_may_decide },
    })) as { decision: 'approved' | 'rejected'; cypher?: string; comment?: string; reason?: string; by?: string };
    if (decision.decision === 'rejected') {
      const reason = decision.reason ?? 'no reason given';
      return {
        output: {
          halt: { reason: 'rejected', text: `A reviewer declined the query: ${reason}.` } satisfies Halt,
          ...(query.template_id === null ? { declined: { cypher: query.cypher, reason: `rejected in review: ${reason}` } satisfies Declined } : {}),
        },
        queryType: 'declined',
      };
    }
    const reviewed = decision.cypher ? { ...query, cypher: decision.cypher, template_id: null, generator: query.generator } : query;
    return { output: { query: reviewed, edited: Boolean(decision.cypher), comment: decision.comment ?? null } };
  },
};
