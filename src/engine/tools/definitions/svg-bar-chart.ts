import { z } from 'zod';
import { renderBarChart } from '../../render/svg-bar-chart.js';
import { defineTool } from '../tool.js';

export default defineTool({
  name: 'svg_bar_chart',
  readOnly: true,
  description: 'Draws a horizontal bar chart as a standalone SVG image (at most 50 bars, non-negative values).',
  input: z
    .object({
      title: z.string().min(1).max(200),
      bars: z.array(z.object({ label: z.string().max(500), value: z.number().finite().nonnegative() })).max(50),
      value_label: z.string().max(100).optional(),
    })
    .strict(),
  output: z.object({ svg: z.string() }),
  async run({ title, bars, value_label }) {
    return { svg: renderBarChart({ title, bars, valueLabel: value_label }) };
  },
});
