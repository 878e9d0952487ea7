import { z } from 'zod';
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
    name: 'answer_sources',
    readOnly: true,
    description:
      'Finds the uploaded documents that support an answer: the documents whose facts join the question’s entities to the ' +
      'answer’s values (or name them), each with a snippet of where it says so.',
    input: z
      .object({
        keys: z.array(z.string().max(1000)).max(50).describe('Keys of the nodes the question named.'),
        names: z.array(z.string().max(1000)).max(200).describe('Values the answer gave.'),
        label: z.string().max(200).optional().describe('The label of the nodes the answer lists.'),
        relationship: z.string().max(200).optional().describe('The relationship type the query followed.'),
        keys_cypher: z.string().max(20_000).optional().describe('A count’s or an aggregate’s things, by stored key (read-only Cypher the planner wrote).'),
      })
      .strict(),
    output: z.object({
      sources: z.array(z.object({ doc_id: z.string(), file_name: z.string(), snippet: z.string(), page: z.number().int().nullable() })),
      total: z.number().int(),
    }),
    async run({ keys_cypher: keysCypher, ...input }, { graph }) {
      if (keysCypher) {
        const keysOf = async () => (await graph.runReadOnly(keysCypher)).rows.flatMap((r) => (typeof r.key === 'string' ? [r.key] : []));
        return sources.findForThings(keysOf, MAX_SOURCES);
      }
      return sources.find({ ...input, limit: MAX_SOURCES });
    },
  });
}
