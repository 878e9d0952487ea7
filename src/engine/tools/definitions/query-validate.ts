import { z } from 'zod';
import { DomainError } from '../../../platform/domain-error.js';
import { QueryParametersSchema } from '../query-parameters.js';
import { defineTool } from '../tool.js';

/** The graph store's read-only layers, without running the query. */
export default defineTool({
  name: 'query_validate',
  readOnly: true,
  description: 'Checks a query with the read-only layers of the graph store (parser guard, engine planning) without running it.',
  input: z.object({ cypher: z.string().min(1).max(20_000), parameters: QueryParametersSchema.default({}) }).strict(),
  output: z.object({ ok: z.boolean(), error: z.string().optional() }),
  async run({ cypher, parameters }, { graph }) {
    try {
      await graph.validate(cypher, parameters);
      return { ok: true };
    } catch (error) {
      if (error instanceof DomainError && error.category === 'refused') return { ok: false, error: `${error.title}: ${error.message}` };
      throw error;
    }
  },
});
