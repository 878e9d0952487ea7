import { z } from 'zod';
import { ENTITY_LABEL } from '../../../stores/graph/bookkeeping.js';
import { defineWorkflow } from '../workflow.js';

interface Schema {
  totals: { nodes: number; relationships: number };
  labels: { label: string; count: number; properties: string[] }[];
  relationship_types: { type: string; count: number; patterns: { from: string; to: string }[]; properties: string[] }[];
  property_keys: string[];
}
interface Hub {
  id: string;
  name: string;
  labels: string[];
  degree: number;
}

const CHART_PATH = 'charts/nodes-per-label.svg';
const REPORT_PATH = 'report.md';
const DATA_PATH = 'data/graph-report.json';
/** Bars in the chart: the largest labels (an SVG with hundreds of bars helps nobody). */
const CHART_BARS = 20;

/**
 * A report on the knowledge graph: what it holds (labels, relationship types, property
 * keys), how much of each, and its most connected nodes, as Markdown, JSON and an SVG chart.
 */
export default defineWorkflow({
  id: 'graph_report',
  name: 'Graph report',
  description:
    'Summarizes the knowledge graph: its schema, node counts per label and relationship counts per type, and the most ' +
    `connected nodes. Writes ${REPORT_PATH} (Markdown), ${DATA_PATH} (the same figures as JSON) and ${CHART_PATH}.`,
  version: '1',
  input: z
    .object({
      title: z.string().trim().min(1).max(200).default('Knowledge graph report').describe('The report’s title.'),
      top_nodes: z.number().int().min(1).max(50).default(10).describe('How many of the most connected nodes to list.'),
    })
    .strict(),
  nodes: [
    {
      id: 'schema_summary',
      description: 'Reads the graph’s schema and its counts per label and relationship type.',
      tools: ['graph_schema'],
      async run({ tool }) {
        const schema = await tool<Schema>('graph_schema', {});
        return {
          output: { ...schema, labels: schema.labels.filter((l) => l.label !== ENTITY_LABEL) },
        };
      },
    },
    {
      id: 'most_connected',
      description: 'Finds the nodes with the most relationships.',
      tools: ['graph_most_connected'],
      async run({ tool, input }) {
        return { output: await tool<{ nodes: Hub[] }>('graph_most_connected', { limit: input.top_nodes }) };
      },
    },
    {
      id: 'chart',
      description: 'Draws the node count of the largest labels as an SVG bar chart.',
      tools: ['svg_bar_chart', 'file_write'],
      async run({ tool, outputs }) {
        const schema = outputs.schema_summary as unknown as Schema;
        const { svg } = await tool<{ svg: string }>('svg_bar_chart', {
          title: 'Nodes per label',
          value_label: 'nodes',
          bars: schema.labels.slice(0, CHART_BARS).map((l) => ({ label: l.label, value: l.count })),
        });
        const file = await tool<{ path: string }>('file_write', { path: CHART_PATH, content: svg });
        return { output: { file: file.path } };
      },
    },
    {
      id: 'write_report',
      description: 'Writes the report as Markdown and its figures as JSON.',
      tools: ['markdown_render', 'file_write'],
      async run({ tool, input, outputs }) {
        const schema = outputs.schema_summary as unknown as Schema;
        const hubs = (outputs.most_connected as unknown as { nodes: Hub[] }).nodes;
        const { markdown } = await tool<{ markdown: string }>('markdown_render', {
          title: input.title,
          intro: [
            `The graph holds ${schema.totals.nodes} nodes and ${schema.totals.relationships} relationships, ` +
              `with ${schema.labels.length} labels, ${schema.relationship_types.length} relationship types and ` +
              `${schema.property_keys.length} property keys.`,
          ],
          sections: [
            {
              heading: 'Nodes per label',
              table: { columns: ['Label', 'Nodes', 'Properties'], rows: schema.labels.map((l) => [l.label, l.count, l.properties.join(', ')]) },
              image: { alt: 'Nodes per label', path: CHART_PATH },
            },
            {
              heading: 'Relationship types',
              table: {
                columns: ['Type', 'Relationships', 'Joins', 'Properties'],
                rows: schema.relationship_types.map((t) => [
                  t.type,
                  t.count,
                  t.patterns.map((p) => `${p.from} → ${p.to}`).join(', '),
                  t.properties.join(', '),
                ]),
              },
            },
            {
              heading: 'Most connected nodes',
              table: { columns: ['Node', 'Labels', 'Relationships'], rows: hubs.map((h) => [h.name, h.labels.join(', '), h.degree]) },
            },
            { heading: 'Property keys', bullets: schema.property_keys },
          ],
        });
        const report = await tool<{ path: string }>('file_write', { path: REPORT_PATH, content: markdown });
        const data = await tool<{ path: string }>('file_write', {
          path: DATA_PATH,
          content: JSON.stringify({ title: input.title, ...schema, most_connected: hubs }, null, 2),
        });
        return { output: { files: [report.path, data.path] } };
      },
    },
  ],
  output(outputs) {
    const schema = outputs.schema_summary as unknown as Schema;
    return {
      files: [...(outputs.write_report!.files as string[]), outputs.chart!.file as string],
      totals: schema.totals,
      labels: schema.labels.length,
      relationship_types: schema.relationship_types.length,
    };
  },
});
