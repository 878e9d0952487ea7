import { z } from 'zod';
import { assessQuery } from '../assessment.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { TemplateService } from '../templates.js';

/** Puts a query the service wrote in the curation queue (or records why it was declined). */
export function queryRecordTool({ templates }: { templates: TemplateService }) {
  return defineTool({
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
        sent_by: z.string().max(255).optional().describe('Who asked: the message’s sender (defaults to the run’s owner).'),
        declined_reason: z.string().max(2000).optional(),
        assessment: z
          .object({
            generator: z.string().max(40),
            confidence: z.number().min(0).max(1).optional().describe('How sure the writer was (0..1); none for a model.'),
            mappings: z
              .array(z.object({ word: z.string().max(200), to: z.string().max(200), kind: z.string().max(40), guessed: z.boolean() }))
              .max(100)
              .optional()
              .describe('What each word of the question was taken to mean.'),
            row_count: z.number().int().min(0).optional().describe('Rows the query found.'),
          })
          .optional()
          .describe('How sure the service was of the query and why, shown to curators.'),
      })
      .strict(),
    output: z.object({ outcome: z.enum(['queued', 'declined', 'reused']), query_id: z.number().int() }),
    async run(input, { sessionId, runId, owner }) {
      const outcome = await templates.record({
        question: input.question,
        cypher: input.cypher,
        parameters: input.parameters,
        sessionId,
        runId,
        messageId: input.message_id ?? null,
        createdBy: input.sent_by ?? owner,
        declinedReason: input.declined_reason,
        assessment: input.assessment
          ? assessQuery({ generator: input.assessment.generator, confidence: input.assessment.confidence, mappings: input.assessment.mappings, rowCount: input.assessment.row_count })
          : undefined,
      });
      return { outcome: outcome.outcome, query_id: outcome.outcome === 'reused' ? outcome.template.id : outcome.query.id };
    },
  });
}
