import { z } from 'zod';
import { defineTool } from '../tool.js';

/** Most sources an answer names. */
const MAX_SOURCES = 5;

/** The documents an answer came from: those whose live facts name its entities and its values. */
export default defineTool({
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
    })
    .strict(),
  output: z.object({
    sources: z.array(z.object({ doc_id: z.string(), file_name: z.string(), snippet: z.string(), page: z.number().int().nullable() })),
  }),
  async run(input, { sources }) {
    return { sources: await sources.find({ ...input, limit: MAX_SOURCES }) };
  },
});
