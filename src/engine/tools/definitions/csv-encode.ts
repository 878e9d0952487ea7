import { z } from 'zod';
import { rowsToCsv } from '../../render/csv.js';
import { defineTool } from '../tool.js';

export default defineTool({
  name: 'csv_encode',
  readOnly: true,
  description:
    'Turns rows into RFC 4180 CSV (header first, CRLF line ends). Cells that a spreadsheet would run as a formula ' +
    '(starting with = + - @) are prefixed with a quote; nested values are written as JSON.',
  input: z.object({ columns: z.array(z.string()).min(1).max(1000), rows: z.array(z.record(z.string(), z.unknown())) }).strict(),
  output: z.object({ csv: z.string() }),
  async run({ columns, rows }) {
    return { csv: rowsToCsv(columns, rows) };
  },
});
