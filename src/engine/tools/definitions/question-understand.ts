import { z } from 'zod';
import { understand, UnderstandingSchema } from '../../../planner/resolve/understand.js';
import { defineTool } from '../tool.js';

/** Reads a question's wording: its kind and the spans that may name things (no graph involved). */
export default defineTool({
  name: 'question_understand',
  readOnly: true,
  description:
    'Finds what a question asks (lookup, list, count, aggregate, path or property) and the mentions of things in it ' +
    '(quoted text, names, and words nothing in the schema explains), with the remaining words and their stems, and every word analyzed (the turn reads them once).',
  input: z.object({ question: z.string().min(1).max(10_000) }).strict(),
  output: UnderstandingSchema,
  async run({ question }, { schema }) {
    return understand(question, (await schema.get()).lexicon);
  },
});
