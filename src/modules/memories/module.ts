import type { RelationalStore } from '../../stores/relational/index.js';
import { MemoryStore } from './store.js';
import { memoryRecallTool } from './tools/memory-recall.js';
import { memorySaveTool } from './tools/memory-save.js';

/** What a session remembers (choices, corrections, what was talked about): its store and the tools runs read and write it with. No routes. */
export function createMemoriesModule(deps: { db: RelationalStore }) {
  const store = new MemoryStore({ db: deps.db });
  return { store, tools: [memoryRecallTool({ memories: store }), memorySaveTool({ memories: store })] };
}
