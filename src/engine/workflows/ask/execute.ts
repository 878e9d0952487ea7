import { DomainError } from '../../../platform/domain-error.js';
import { ToolError } from '../../tools/tool.js';
import cypherRead from '../../tools/definitions/cypher-read.js';
import type { WorkflowNode } from '../workflow.js';
import type { AskInput } from './input.js';
import { haltOf, queryOf, skip } from './outputs.js';
import type { Declined, Halt, Query } from './outputs.js';

export const executeNode: WorkflowNode<AskInput> = {
  id: 'execute',
  description: 'Runs the query read-only under the time and row limits; a query the graph stops or cannot run is declined, with the reason, not a failed run.',
  tools: [cypherRead],
  replayable: true,
  async run({ tool, outputs }) {
    const query = queryOf(outputs);
    if (haltOf(outputs) || !query) return skip;
    try {
      const result = await tool(cypherRead, {
        cypher: query.cypher,
        parameters: query.parameters,
      });
      return { output: result, queryType: query.template_id === null ? 'generated' : 'template' };
    } catch (error) {
      const refusal = error instanceof ToolError ? graphRefusal(error) : undefined;
      if (!refusal) throw error;
      return { output: refusedOutput(query, refusal), queryType: 'declined' };
    }
  },
};

/**
 * The same question asks the same query again, and the graph would stop it again: the person
 * is told why there is no answer, and a query written for this turn goes to curators as declined
 * with the graph's reason (a reused template is not filed again).
 */
function refusedOutput(query: Query, refusal: DomainError): { halt: Halt; declined?: Declined } {
  const text =
    refusal.kind === 'query-timeout'
      ? `I could not answer that: the query for it ${lowerFirst(refusal.message.replace(/^The query /, ''))} Asking about fewer things at once, or naming one of them, may help.`
      : `I could not answer that: the graph could not run the query for it: ${lowerFirst(refusal.message)}`;
  const halt: Halt = { reason: 'declined', text };
  return query.template_id === null ? { halt, declined: { cypher: query.cypher, reason: refusal.message } } : { halt };
}

/** The graph's refusal of the query itself, among the causes of a failed call. */
function graphRefusal(error: Error): DomainError | undefined {
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    // Refused: the query's own fault (too slow, failed on the data, too large a result), not the graph's state.
    if (cause instanceof DomainError) return cause.category === 'refused' ? cause : undefined;
  }
  return undefined;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
