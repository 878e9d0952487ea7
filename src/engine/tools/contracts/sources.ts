import { z } from 'zod';
import { defineContract } from '../tool.js';

/** `answer_sources` (built by the documents module): the uploaded documents an answer came from. */
export const answerSources = defineContract({
  name: 'answer_sources',
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
});
