import { z } from 'zod';
import { ENTITY_LABEL } from '../../../stores/graph/bookkeeping.js';
import { fileWrite } from '../../tools/contracts/files.js';
import graphMostConnected from '../../tools/definitions/graph-most-connected.js';
import graphSchema from '../../tools/definitions/graph-schema.js';
import markdownRender from '../../tools/definitions/markdown-render.js';
import svgBarChart from '../../tools/definitions/svg-bar-chart.js';
import { defineWorkflow } from '../workflow.js';
import type { Out } from '../workflow.js';

/** The schema summary and the hubs as their steps stored them (JSON), read back by their tools' own schemas. */
const schemaOf = (outputs: Out) => graphSchema.output.parse(outputs.schema_summary);
const hubsOf = (outputs: Out) => graphMostConnected.output.parse(outputs.most_connected).nodes;

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
      tools: [graphSchema],
      async run({ tool }) {
        const schema = await tool(graphSchema, {});
        return {
          output: { ...schema, labels: schema.labels.filter((l) => l.label !== ENTITY_LABEL) },
        };
      },
    },
    {
      id: 'most_connected',
      description: 'Finds the nodes with the most relationships.',
      tools: [graphMostConnected],
      async run({ tool, input }) {
        return { output: await tool(graphMostConnected, { limit: input.top_nodes }) };
      },
    },
    {
      id: 'chart',
      description: 'Draws the node count of the largest labels as an SVG bar chart.',
      tools: [svgBarChart, fileWrite],
      async run({ tool, outputs }) {
        const schema = schemaOf(outputs);
        const { svg } = await tool(svgBarChart, {
          title: 'Nodes per label',
          value_label: 'nodes',
          bars: schema.labels.slice(0, CHART_BARS).map((l) => ({ label: l.label, value: l.count })),
        });
        const file = await tool(fileWrite, { path: CHART_PATH, content: svg });
        return { output: { file: file.path } };
      },
    },
    {
      id: 'write_report',
      description: 'Writes the report as Markdown and its figures as JSON.',
      tools: [markdownRender, fileWrite],
      async run({ tool, input, outputs }) {
        const schema = schemaOf(outputs);
        const hubs = hubsOf(outputs);
        const { markdown } = await tool(markdownRender, {
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
        const report = await tool(fileWrite, { path: REPORT_PATH, content: markdown });
        const data = await tool(fileWrite, {
          path: DATA_PATH,
          content: JSON.stringify({ title: input.title, ...schema, most_connected: hubs }, null, 2),
        });
        return { output: { files: [report.path, data.path] } };
      },
    },
  ],
  output(outputs) {
    const schema = schemaOf(outputs);
    return {
      files: [...(outputs.write_report!.files as string[]), outputs.chart!.file as string],
      totals: schema.totals,
      labels: schema.labels.length,
      relationship_types: schema.relationship_types.length,
    };
  },
});
