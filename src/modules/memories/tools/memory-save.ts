import { z } from 'zod';
import { MEMORY_KINDS } from '../store.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { MemoryStore } from '../store.js';

/** Keeps something for later turns of the session; the same kind and key replaces the older one. */
export function memorySaveTool({ memories }: { memories: MemoryStore }) {
  return defineTool({
    name: 'memory_save',
    description: 'Saves a memory of the session (a disambiguation choice, a correction, a comment, the things talked about), with where it came from.',
    input: z
      .object({
        kind: z.enum(MEMORY_KINDS),
        key: z.string().min(1).max(500),
        value: z.record(z.string(), z.unknown()),
        source: z.record(z.string(), z.unknown()).default({}),
      })
      .strict(),
    output: z.object({ id: z.string() }),
    async run({ kind, key, value, source }, { sessionId, runId, node }) {
      const row = await memories.save(sessionId, { kind, key, value, source: { run_id: runId, node, ...source } });
      return { id: row.id };
    },
  });
}
