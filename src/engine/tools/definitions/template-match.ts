import { z } from 'zod';
import { defineTool } from '../tool.js';

/** Asks the template matcher for an approved template answering the question, with the values it captured. */
export default defineTool({
  name: 'template_match',
  description: 'Finds an approved template whose question pattern fits the question and fills its parameters from it.',
  input: z.object({ question: z.string().min(1).max(10_000) }).strict(),
  output: z.object({
    matched: z.boolean(),
    template_id: z.number().int().optional(),
    cypher: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    score: z.number().optional(),
    reason: z.string().optional(),
  }),
  async run({ question }, { templates }) {
    const match = await templates.match(question);
    if (!match.matched) return { matched: false, score: match.score, reason: match.reason };
    return { matched: true, template_id: match.template_id, cypher: match.cypher, parameters: match.parameters, score: match.score, reason: match.reason };
  },
});
