import { z } from 'zod';
import { DomainError } from '../../../platform/domain-error.js';
import { defineTool } from '../tool.js';

/** Most characters of Cypher a step may send (the same bound as the curation endpoints). */
export const CYPHER_MAX_CHARS = 20_000;

/** Runs one query through every read-only layer of the graph store. */
export default defineTool({
  name: 'cypher_read',
  readOnly: true,
  description:
    'Runs a read-only Cypher query with parameters through the graph store’s read-only layers, under the time and row ' +
    'limits (GRAPH_QUERY_TIMEOUT_MS, GRAPH_QUERY_MAX_ROWS; `max_rows` may only lower the latter). Says when rows were cut.',
  input: z
    .object({
      cypher: z.string().min(1).max(CYPHER_MAX_CHARS),
      parameters: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/), z.json()).default({}),
      max_rows: z.number().int().min(1).optional(),
    })
    .strict(),
  output: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.record(z.string(), z.unknown())),
    row_count: z.number().int(),
    truncated: z.boolean(),
    elapsed_ms: z.number(),
  }),
  async run({ cypher, parameters, max_rows }, { graph }) {
    try {
      const result = await graph.runReadOnly(cypher, parameters, max_rows ? { maxRows: max_rows } : {});
      return {
        columns: result.columns,
        rows: result.rows,
        row_count: result.rowCount,
        truncated: result.truncated,
        elapsed_ms: result.elapsedMs,
      };
    } catch (error) {
      // The store's refusal (not read-only, invalid, too slow) is the message the user needs; its kind stays the cause.
      if (error instanceof DomainError) throw new Error(`${error.title}: ${error.message}`, { cause: error });
      throw error;
    }
  },
});
