import type { PlanDescription } from '../../planner/plan.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import { haltOf, declinedOf, queryOf, skip } from './outputs.js';

export const recordNode: WorkflowNode<AskInput> = {
  id: 'record',
  description:
    'Queues a newly written query for curation as pending, or as declined with the reason it was refused; a reused ' +
    'template is not queued again, its counters move instead. Runs once per run (its writes are not repeated).',
  tools: ['query_record', 'template_reuse'],
  async run({ tool, input, outputs }) {
    const declined = declinedOf(outputs);
    const query = queryOf(outputs);
    if (!declined && (haltOf(outputs) || !query)) return skip;
    if (!declined && query!.template_id !== null) {
      const reuse = await tool<{ counted: boolean; reuse_count?: number }>('template_reuse', { template_id: query!.template_id });
      return { output: { outcome: 'reused', query_id: query!.template_id, ...reuse } };
    }
    // How sure the writer was and why, for curators (the planner says; a model does not).
    const described = query?.description as (PlanDescription & { confidence?: number; mappings?: unknown[] }) | undefined;
    const rowCount = (outputs.execute as { row_count?: number } | undefined)?.row_count;
    const recorded = await tool<{ outcome: string; query_id: number }>('query_record', {
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
