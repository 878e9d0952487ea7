import { templateMatch } from '../../tools/contracts/queries.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import { haltOf, resolvedOf, skip, understandingOf } from './outputs.js';
import type { Query } from './outputs.js';

export const matchTemplateNode: WorkflowNode<AskInput> = {
  id: 'match_template',
  description: 'Asks the template matcher for an approved template that answers the question, filled with the resolved values.',
  tools: [templateMatch],
  replayable: true,
  async run({ tool, outputs, emit }) {
    if (haltOf(outputs)) return skip;
    const understanding = understandingOf(outputs);
    const entities = resolvedOf(outputs)?.entities ?? [];
    const match = await tool(templateMatch, { understanding, entities });
    if (!match.matched) return { output: { matched: false, score: match.score ?? 0 } };
    const query: Query = {
      cypher: match.cypher!,
      parameters: match.parameters ?? {},
      template_id: match.template_id!,
      generator: 'template',
      description: { kind: understanding.kind, entities: entities.map((e) => ({ name: e.name, label: e.label })) },
    };
    await emit('query_reused', { template_id: match.template_id, cypher: query.cypher, parameters: query.parameters, score: match.score ?? null });
    return { output: { matched: true, query }, queryType: 'template' };
  },
};
