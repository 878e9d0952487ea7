import { queryRecord, templateReuse } from '../../tools/contracts/queries.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import { haltOf, declinedOf, executedOf, queryOf, skip } from './outputs.js';

export const recordNode: WorkflowNode<AskInput> = {
  id: 'record',
  description:
    'Queues a newly written query for curation as pending, or as declined with the reason it was refused; a reused ' +
    'template is not queued again, its counters move instead. Runs once per run (its writes are not repeated).',
  tools: [queryRecord, templateReuse],
  async run({ tool, input, outputs }) {
    const declined = declinedOf(outputs);
    const query = queryOf(outputs);
    if (!declined && (haltOf(outputs) || !query)) return skip;
    if (!declined && query!.template_id !== null) {
      const reuse = await tool(templateReuse, { template_id: query!.template_id });
      return { output: { outcome: 'reused', query_id: query!.template_id, ...reuse } };
    }
    // How sure the writer was and why, for curators (the planner says; a model does not).
    const described = query?.description;
    const rowCount = executedOf(outputs)?.row_count;
    const recorded = await tool(queryRecord, {
      question: input.question,
      message_id: input.message_id,
      ...(input.sent_by ? { sent_by: input.sent_by } : {}),
      ...(declined ? { cypher: declined.cypher, declined_reason: declined.reason } : { cypher: query!.cypher, parameters: query!.parameters }),
      ...(query && !declined
        ? { assessment: { generator: query.generator, confidence: described?.confidence, mappings: described?.mappings, row_count: rowCount } }
        : {}),
    });
    return { output: recorded };
  },
};
