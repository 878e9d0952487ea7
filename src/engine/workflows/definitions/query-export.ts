import { z } from 'zod';
import { fileWrite } from '../../tools/contracts/files.js';
import { templateLoad } from '../../tools/contracts/queries.js';
import csvEncode from '../../tools/definitions/csv-encode.js';
import cypherRead from '../../tools/definitions/cypher-read.js';
import { QueryParametersSchema } from '../../tools/query-parameters.js';
import { defineWorkflow } from '../workflow.js';
import type { Out } from '../workflow.js';

/** The query to export, as the prepare step stores it. */
const PreparedSchema = z.object({ cypher: z.string(), parameters: QueryParametersSchema, template_id: z.number().int().nullable() });
type Prepared = z.infer<typeof PreparedSchema>;
const preparedOf = (outputs: Out): Prepared => PreparedSchema.parse(outputs.prepare);

/**
 * Exports the rows of one read-only query, either an approved template (with parameter
 * values) or Cypher given as is, as CSV and JSON files of the run.
 */
export default defineWorkflow({
  id: 'query_export',
  name: 'Query export',
  description:
    'Runs an approved template (`template_id`, with `parameters` for its named parameters) or a read-only query ' +
    '(`cypher`, with `parameters`) under the read-only layers and limits, and writes the rows as `<name>.csv` and `<name>.json`.',
  version: '1',
  input: z
    .object({
      template_id: z.number().int().positive().optional().describe('An approved template to run.'),
      cypher: z.string().min(1).max(20_000).optional().describe('A read-only query to run (instead of a template).'),
      parameters: z
        .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be an identifier'), z.json())
        .default({})
        .describe('Values of the query’s `$parameters`.'),
      max_rows: z.number().int().min(1).optional().describe('Export at most this many rows (GRAPH_QUERY_MAX_ROWS at most).'),
      name: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be letters, digits, - and _ (at most 64)')
        .default('export')
        .describe('Base name of the files written.'),
    })
    .strict()
    .superRefine((input, ctx) => {
      if ((input.template_id === undefined) === (input.cypher === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [input.cypher === undefined ? 'template_id' : 'cypher'],
          message: 'give exactly one of template_id and cypher',
        });
      }
    }),
  nodes: [
    {
      id: 'prepare',
      description: 'Loads the template and binds its parameters, or takes the given query.',
      tools: [templateLoad],
      async run({ tool, input }) {
        if (input.template_id === undefined) {
          return { output: { cypher: input.cypher!, parameters: input.parameters, template_id: null } satisfies Prepared };
        }
        const template = await tool(templateLoad, { template_id: input.template_id, parameters: input.parameters });
        return {
          output: { cypher: template.cypher, parameters: template.parameters, template_id: input.template_id } satisfies Prepared,
          queryType: 'template',
        };
      },
    },
    {
      id: 'execute',
      description: 'Runs the query read-only under the time and row limits.',
      tools: [cypherRead],
      async run({ tool, input, outputs }) {
        const prepared = preparedOf(outputs);
        const rows = await tool(cypherRead, {
          cypher: prepared.cypher,
          parameters: prepared.parameters,
          ...(input.max_rows ? { max_rows: input.max_rows } : {}),
        });
        return { output: { ...rows }, queryType: prepared.template_id === null ? 'none' : 'template' };
      },
    },
    {
      id: 'write_files',
      description: 'Writes the rows as CSV and as JSON (with the query that produced them).',
      tools: [csvEncode, fileWrite],
      async run({ tool, input, outputs }) {
        const prepared = preparedOf(outputs);
        const result = cypherRead.output.parse(outputs.execute);
        const { csv } = await tool(csvEncode, { columns: result.columns, rows: result.rows });
        const csvFile = await tool(fileWrite, { path: `${input.name}.csv`, content: csv });
        const jsonFile = await tool(fileWrite, {
          path: `${input.name}.json`,
          content: JSON.stringify({ query: prepared, ...result }, null, 2),
        });
        return {
          output: { files: [csvFile.path, jsonFile.path], row_count: result.row_count, truncated: result.truncated, columns: result.columns },
        };
      },
    },
  ],
  output(outputs) {
    const written = outputs.write_files!;
    const prepared = preparedOf(outputs);
    return { ...written, template_id: prepared.template_id };
  },
});
