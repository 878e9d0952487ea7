import { assessQuery } from '../assessment.js';
import { queryRecord } from '../../../engine/tools/contracts/queries.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { TemplateService } from '../templates.js';

/** Puts a query the service wrote in the curation queue (or records why it was declined). */
export function queryRecordTool({ templates }: { templates: TemplateService }) {
  return defineTool({
    ...queryRecord,
    description:
      'Records a query the conversation wrote in the curation queue as pending (or declined, with the reason), with its ' +
      'question, session and run. A query with the shape of an existing template moves that template’s counters instead.',
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
