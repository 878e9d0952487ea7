import { answerSources } from '../../../engine/tools/contracts/sources.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { DocumentSources } from '../sources.js';

/** Most sources an answer names. */
const MAX_SOURCES = 5;

/**
 * The documents an answer came from: those whose live facts join its entities to its values, or
 * name them; for a count or an aggregate (`keys_cypher`: the things it is over), those that
 * support the most of those things.
 */
export function answerSourcesTool({ sources }: { sources: DocumentSources }) {
  return defineTool({
    ...answerSources,
    readOnly: true,
    description:
      'Finds the uploaded documents that support an answer: the documents whose facts join the question’s entities to the ' +
      'answer’s values (or name them), each with a snippet of where it says so.',
    async run({ keys_cypher: keysCypher, ...input }, { graph }) {
      if (keysCypher) {
        const keysOf = async () => (await graph.runReadOnly(keysCypher)).rows.flatMap((r) => (typeof r.key === 'string' ? [r.key] : []));
        return sources.findForThings(keysOf, MAX_SOURCES);
      }
      return sources.find({ ...input, limit: MAX_SOURCES });
    },
  });
}
