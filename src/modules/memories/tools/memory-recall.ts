import { z } from 'zod';
import { defineTool } from '../../../engine/tools/tool.js';
import type { MemoryStore } from '../store.js';

/** What the session learned in earlier turns. */
export function memoryRecallTool({ memories }: { memories: MemoryStore }) {
  return defineTool({
    name: 'memory_recall',
    readOnly: true,
    description: 'Lists what the session remembers: disambiguation choices, reviewers’ corrections and comments, the things last talked about.',
    input: z.object({}).strict(),
    output: z.object({
      memories: z.array(z.object({ kind: z.string(), key: z.string(), value: z.record(z.string(), z.unknown()) })),
    }),
    async run(_input, { sessionId }) {
      const rows = await memories.recall(sessionId);
      return { memories: rows.map((r) => ({ kind: r.kind, key: r.key, value: r.value })) };
    },
  });
}
