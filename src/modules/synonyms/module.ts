import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { GraphStore } from '../../stores/graph/port.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import { synonymRoutes } from './routes.js';
import { SynonymService } from './service.js';
import { SynonymStore } from './store.js';

/**
 * Deployment synonyms, built in one place: the store the planner's lexicon and the template
 * matcher read, and the curators' routes. Whoever reads them is told of every change: at once in
 * the process that made it, by notice in the others.
 */
export interface SynonymsModule {
  store: SynonymStore;
  /** The routes; changes are followed from every process (and this one's) until the app closes. */
  plugin: FastifyPluginAsync;
}

export function createSynonymsModule(deps: { db: RelationalStore; graph: GraphStore; max: number; /** Must not reject: it runs on notices too. */ onChange: () => Promise<void> }): SynonymsModule {
  const store = new SynonymStore({ db: deps.db });
  const service = new SynonymService({ store, graph: deps.graph, max: deps.max, changed: deps.onChange });
  return {
    store,
    plugin: fp(
      async (app) => {
        app.addHook('onClose', await store.follow(() => void deps.onChange()));
        await app.register(synonymRoutes, { service });
      },
      { name: 'synonyms' },
    ),
  };
}
