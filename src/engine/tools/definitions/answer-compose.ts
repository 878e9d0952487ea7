import { z } from 'zod';
import { composeAnswer } from '../../../planner/answer/answer.js';
import { explainEmpty } from '../../../planner/answer/empty-answer.js';
import { composeMeaningAnswer } from '../../../planner/answer/meaning-answer.js';
import { countWith, needsTotal, readQuestion } from '../../../planner/read-question.js';
import { PlanDescriptionSchema } from '../../../planner/plan.js';
import { UnderstandingSchema } from '../../../planner/resolve/understand.js';
import { ResolvedEntitySchema } from '../entity-schemas.js';
import { defineTool } from '../tool.js';

/** One sentence in plain language from the rows, shaped by the kind of question (no model needed). */
export default defineTool({
  name: 'answer_compose',
  readOnly: true,
  description: 'Writes a short answer in plain language from the rows of a query and what the question asked.',
  input: z
    .object({
      description: PlanDescriptionSchema,
      columns: z.array(z.string()),
      rows: z.array(z.record(z.string(), z.unknown())),
      truncated: z.boolean(),
      understanding: UnderstandingSchema.optional().describe('The question as understood: shapes the sentence when the query came from elsewhere (a template, a model).'),
      entities: z.array(ResolvedEntitySchema).optional(),
    })
    .strict(),
  output: z.object({ text: z.string() }),
  async run({ description: shape, columns, rows, truncated, understanding, entities }, { schema, graph }) {
    // A query from a template or a model: the planner's reading of the question tells what the rows are ("14 people work at …").
    const reading = !shape.meaning && understanding ? readQuestion(understanding, (await schema.get()).lexicon, entities ?? []) : undefined;
    const meaning = shape.meaning ?? (reading?.ok ? reading.meaning : undefined);
    if (!meaning) return { text: composeAnswer({ description: shape, columns, rows, truncated }) };
    // A cut list of the planner's own query says how many there are in all (counted only when needed).
    const countCypher = shape.countCypher;
    const total = countCypher && needsTotal(meaning, rows.length, truncated) ? await countWith(graph)(countCypher) : undefined;
    const counted = total !== undefined && Number.isFinite(total) ? total : undefined;
    const cut = truncated || (counted !== undefined && counted > rows.length);
    const text = composeMeaningAnswer({ meaning, columns, rows, truncated: cut, ...(counted !== undefined ? { total: counted } : {}) });
    // Found nothing: which one part of the reading empties it, said beside the "none" (never an empty world by default).
    const empty = rows.length === 0 || (meaning.ask.kind === 'count' && Number(Object.values(rows[0] ?? {})[0] ?? 0) === 0);
    const why = empty ? await explainEmpty(meaning, countWith(graph), (await schema.get()).lexicon) : undefined;
    return { text: why ? `${text} ${why}` : text };
  },
});
