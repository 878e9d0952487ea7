import { z } from 'zod';
import { defineContract } from '../tool.js';

/** What a session remembers: choices between names, reviewers' corrections and comments, the things talked about. */
export const MEMORY_KINDS = ['disambiguation', 'correction', 'comment', 'focus'] as const;

export const MemorySchema = z.object({ kind: z.string(), key: z.string(), value: z.record(z.string(), z.unknown()) });
/** Something the session remembers. */
export type Memory = z.infer<typeof MemorySchema>;

/** `memory_save` (built by the memories module): the same kind and key replaces the older one. */
export const memorySave = defineContract({
  name: 'memory_save',
  input: z
    .object({
      kind: z.enum(MEMORY_KINDS),
      key: z.string().min(1).max(500),
      value: z.record(z.string(), z.unknown()),
      source: z.record(z.string(), z.unknown()).default({}),
    })
    .strict(),
  output: z.object({ id: z.string() }),
});

/** `memory_recall` (built by the memories module): what the session learned in earlier turns. */
export const memoryRecall = defineContract({
  name: 'memory_recall',
  input: z.object({}).strict(),
  output: z.object({ memories: z.array(MemorySchema) }),
});
