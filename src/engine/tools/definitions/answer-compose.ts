import { z } from 'zod';
import { composeAnswer } from '../../planner/answer.js';
import { composeMeaningAnswer } from '../../planner/meaning-answer.js';
import { plan } from '../../planner/plan.js';
import type { PlanDescription, ResolvedEntity } from '../../planner/plan.js';
import type { Understanding } from '../../planner/understand.js';
import { defineTool } from '../tool.js';

/** One sentence in plain language from the rows, shaped by the kind of question (no model needed). */
export default defineTool({
  name: 'answer_compose',
  readOnly: true,
  description: 'Writes a short answer in plain language from the rows of a query and what the question asked.',
  input: z
    .object({
      description: z.record(z.string(), z.unknown()),
      columns: z.array(z.string()),
      rows: z.array(z.record(z.string(), z.unknown())),
      truncated: z.boolean(),
      understanding: z.record(z.string(), z.unknown()).optional().describe('The question as understood: shapes the sentence when the query came from elsewhere (a template, a model).'),
      entities: z.array(z.record(z.string(), z.unknown())).optional(),
    })
    .strict(),
  output: z.object({ text: z.string() }),
  async run({ description, columns, rows, truncated, understanding, entities }, { schema, graph }) {
    let shape = description as unknown as PlanDescription;
    if (shape.meaning) {
      // A cut list says how many there are in all: counted only when the row limit cut it.
      const total = truncated && shape.countCypher ? Number(Object.values((await graph.runReadOnly(shape.countCypher)).rows[0] ?? {})[0]) : undefined;
      return { text: composeMeaningAnswer({ meaning: shape.meaning, columns, rows, truncated, ...(total !== undefined && Number.isFinite(total) ? { total } : {}) }) };
    }
    if (!shape.target && understanding) {
      // What the planner would have asked tells what the rows are ("14 people work at …").
      const planned = plan(understanding as unknown as Understanding, (await schema.get()).vocabulary, (entities ?? []) as unknown as ResolvedEntity[]);
      if (planned.ok && planned.description.kind === shape.kind) shape = planned.description;
    }
    return { text: composeAnswer({ description: shape, columns, rows, truncated }) };
  },
});
