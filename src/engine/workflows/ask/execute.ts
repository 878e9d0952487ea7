import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import { haltOf, queryOf, skip } from './outputs.js';

export const executeNode: WorkflowNode<AskInput> = {
  id: 'execute',
  description: 'Runs the query read-only under the time and row limits.',
  tools: ['cypher_read'],
  replayable: true,
  async run({ tool, outputs }) {
    const query = queryOf(outputs);
    if (haltOf(outputs) || !query) return skip;
    const result = await tool<{ columns: string[]; rows: Record<string, unknown>[]; row_count: number; truncated: boolean }>('cypher_read', {
      cypher: query.cypher,
      parameters: query.parameters,
    });
    return { output: result, queryType: query.template_id === null ? 'generated' : 'template' };
  },
};
