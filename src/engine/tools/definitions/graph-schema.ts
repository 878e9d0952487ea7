import { z } from 'zod';
import { defineTool } from '../tool.js';

/** The graph's shape, learned from the graph itself: what a report or a planner starts from. */
export default defineTool({
  name: 'graph_schema',
  readOnly: true,
  description:
    'Summarizes the knowledge graph: node and relationship totals, each label with its node count and property keys, ' +
    'each relationship type with its count, the labels it joins and its property keys.',
  input: z.object({}).strict(),
  output: z.object({
    totals: z.object({ nodes: z.number().int(), relationships: z.number().int() }),
    labels: z.array(z.object({ label: z.string(), count: z.number().int(), properties: z.array(z.string()) })),
    relationship_types: z.array(
      z.object({
        type: z.string(),
        count: z.number().int(),
        patterns: z.array(z.object({ from: z.string(), to: z.string() })),
        properties: z.array(z.string()),
      }),
    ),
    property_keys: z.array(z.string()),
  }),
  async run(_input, { graph }) {
    const [schema, nodes, relationships] = await Promise.all([
      graph.introspect(),
      graph.runReadOnly('MATCH (n) RETURN count(n) AS n'),
      graph.runReadOnly('MATCH ()-[r]->() RETURN count(r) AS n'),
    ]);
    const byCount = <T extends { count: number }>(key: (t: T) => string) => (a: T, b: T) =>
      b.count - a.count || key(a).localeCompare(key(b));
    return {
      totals: { nodes: Number(nodes.rows[0]?.n ?? 0), relationships: Number(relationships.rows[0]?.n ?? 0) },
      labels: [...schema.labels].sort(byCount((l) => l.label)),
      relationship_types: [...schema.relationshipTypes].sort(byCount((t) => t.type)),
      property_keys: [...schema.propertyKeys].sort(),
    };
  },
});
