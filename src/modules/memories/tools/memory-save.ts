import { memorySave } from '../../../engine/tools/contracts/memories.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { MemoryStore } from '../store.js';

/** Keeps something for later turns of the session; the same kind and key replaces the older one. */
export function memorySaveTool({ memories }: { memories: MemoryStore }) {
  return defineTool({
    ...memorySave,
    description: 'Saves a memory of the session (a disambiguation choice, a correction, a comment, the things talked about), with where it came from.',
    async run({ kind, key, value, source }, { sessionId, runId, node }) {
      const row = await memories.save(sessionId, { kind, key, value, source: { run_id: runId, node, ...source } });
      return { id: row.id };
    },
  });
}
