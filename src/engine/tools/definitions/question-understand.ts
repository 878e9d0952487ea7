import { z } from 'zod';
import { QUESTION_KINDS } from '../../planner/plan.js';
import { understand } from '../../planner/understand.js';
import { defineTool } from '../tool.js';

/** Reads a question's wording: its kind and the spans that may name things (no graph involved). */
export default defineTool({
  name: 'question_understand',
  readOnly: true,
  description:
    'Finds what a question asks (lookup, list, count, aggregate, path or property) and the mentions of things in it ' +
    '(quoted text, names, and words nothing in the schema explains), with the remaining words and their stems.',
  input: z.object({ question: z.string().min(1).max(10_000) }).strict(),
  output: z.object({
    question: z.string(),
    kind: z.enum(QUESTION_KINDS),
    cues: z.record(z.string(), z.unknown()),
    mentions: z.array(z.object({ text: z.string(), start: z.number(), end: z.number(), quoted: z.boolean(), loose: z.boolean().optional() })),
    words: z.array(z.object({ word: z.string(), stem: z.string(), start: z.number() })),
  }),
  async run({ question }, { schema }) {
    return understand(question, (await schema.get()).lexicon);
  },
});
