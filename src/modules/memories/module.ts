import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import { MemoryStore } from './store.js';
import { memoryRecallTool } from './tools/memory-recall.js';
import { memorySaveTool } from './tools/memory-save.js';

/**
 * What a session remembers (choices, corrections, what was talked about): its store and the
 * tools runs read and write it with. No routes; its plugin follows other processes' saves.
 */
export function createMemoriesModule(deps: { config: Pick<Config, 'memoryCacheSessions'>; db: RelationalStore }) {
  const store = new MemoryStore({ db: deps.db, cacheSessions: deps.config.memoryCacheSessions });
  return {
    store,
    tools: [memoryRecallTool({ memories: store }), memorySaveTool({ memories: store })],
    plugin: fp(
      async (app) => {
        app.addHook('onClose', await store.followMemoryChanges());
      },
      { name: 'memories' },
    ),
  };
}
