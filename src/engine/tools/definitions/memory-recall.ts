import { z } from 'zod';
import { defineTool } from '../tool.js';

/** What the session learned in earlier turns. */
export default defineTool({
  name: 'memory_recall',
  readOnly: true,
  description: 'Lists what the session remembers: disambiguation choices, reviewers’ corrections and comments, the things last talked about.',
  input: z.object({}).strict(),
  output: z.object({
    memories: z.array(z.object({ kind: z.string(), key: z.string(), value: z.record(z.string(), z.unknown()) })),
  }),
  async run(_input, { memories, sessionId }) {
    const rows = await memories.recall(sessionId);
    return { memories: rows.map((r) => ({ kind: r.kind, key: r.key, value: r.value })) };
  },
});
