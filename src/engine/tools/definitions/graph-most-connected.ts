import { z } from 'zod';
import { displayNameOf, ENTITY_LABEL } from '../../../stores/graph/bookkeeping.js';
import { defineTool } from '../tool.js';

/** The hubs of the graph: the nodes with the most relationships. */
export default defineTool({
  name: 'graph_most_connected',
  readOnly: true,
  description: 'Lists the nodes with the most relationships (either direction), most connected first, with a display name.',
  input: z.object({ limit: z.number().int().min(1).max(100).default(10) }).strict(),
  output: z.object({
    nodes: z.array(
      z.object({ id: z.string(), name: z.string(), labels: z.array(z.string()), degree: z.number().int() }),
    ),
  }),
  async run({ limit }, { graph }) {
    const result = await graph.runReadOnly(
      'MATCH (n)-[r]-() RETURN n AS node, count(r) AS degree ORDER BY degree DESC LIMIT $limit',
      { limit },
      { maxRows: limit },
    );
    return {
      nodes: result.rows.map((row) => {
        const node = row.node as { id: string; labels: string[]; properties: Record<string, unknown>; key?: string };
        const named = displayNameOf(node.properties);
        return {
          id: node.id,
          name: (named as string | undefined) ?? node.key ?? node.id,
          labels: node.labels.filter((l) => l !== ENTITY_LABEL),
          degree: Number(row.degree),
        };
      }),
    };
  },
});
