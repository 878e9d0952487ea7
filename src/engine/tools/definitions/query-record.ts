import { z } from 'zod';
import { defineTool } from '../tool.js';

/** Puts a query the service wrote in the curation queue (or records why it was declined). */
export default defineTool({
  name: 'query_record',
  description:
    'Records a query the conversation wrote in the curation queue as pending (or declined, with the reason), with its ' +
    'question, session and run. A query with the shape of an existing template moves that template’s counters instead.',
  input: z
    .object({
      question: z.string().min(1).max(10_000),
      cypher: z.string().min(1).max(20_000),
      parameters: z.record(z.string(), z.unknown()).default({}),
      message_id: z.string().optional(),
      declined_reason: z.string().max(2000).optional(),
    })
    .strict(),
  output: z.object({ outcome: z.enum(['queued', 'declined', 'reused']), query_id: z.number().int() }),
  async run(input, { templates, sessionId, runId, owner }) {
    const outcome = await templates.record({
      question: input.question,
      cypher: input.cypher,
      parameters: input.parameters,
      sessionId,
      runId,
      messageId: input.message_id ?? null,
      createdBy: owner,
      declinedReason: input.declined_reason,
    });
    return { outcome: outcome.outcome, query_id: outcome.outcome === 'reused' ? outcome.template.id : outcome.query.id };
  },
});
