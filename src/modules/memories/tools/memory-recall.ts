import { memoryRecall } from '../../../engine/tools/contracts/memories.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { MemoryStore } from '../store.js';

/** What the session learned in earlier turns. */
export function memoryRecallTool({ memories }: { memories: MemoryStore }) {
  return defineTool({
    ...memoryRecall,
    readOnly: true,
    description: 'Lists what the session remembers: disambiguation choices, reviewers’ corrections and comments, the things last talked about.',
    async run(_input, { sessionId }) {
      const rows = await memories.recall(sessionId);
      return { memories: rows.map((r) => ({ kind: r.kind, key: r.key, value: r.value })) };
    },
  });
}
