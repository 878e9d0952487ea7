import queryValidate from '../../tools/definitions/query-validate.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import { haltOf, queryOf, skip } from './outputs.js';
import type { Halt, Declined } from './outputs.js';

export const validateNode: WorkflowNode<AskInput> = {
  id: 'validate',
  description: 'Checks the query with the graph store’s read-only layers; a refused new query is recorded as declined (by the record step).',
  tools: [queryValidate],
  replayable: true,
  async run({ tool, outputs }) {
    const query = queryOf(outputs);
    if (haltOf(outputs) || !query) return skip;
    const check = await tool(queryValidate, { cypher: query.cypher, parameters: query.parameters });
    if (check.ok) return { output: { query } };
    const reason = check.error ?? 'refused by the read-only checks';
    return {
      output: {
        halt: { reason: 'declined', text: `The query was refused by the read-only checks, so it did not run: ${reason}` } satisfies Halt,
        ...(query.template_id === null ? { declined: { cypher: query.cypher, reason } satisfies Declined } : {}),
      },
      queryType: 'declined',
    };
  },
};
