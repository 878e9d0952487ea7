import type { FastifyPluginAsync } from 'fastify';
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
  plugin: FastifyPluginAsync;
  /** Follows changes from every process (and this one's) from now on; resolves to a stop function. */
  follow(): Promise<() => Promise<void>>;
}

export function createSynonymsModule(deps: { db: RelationalStore; graph: GraphStore; max: number; /** Must not reject: it runs on notices too. */ onChange: () => Promise<void> }): SynonymsModule {
  const store = new SynonymStore({ db: deps.db });
  const service = new SynonymService({ store, graph: deps.graph, max: deps.max, changed: deps.onChange });
  return {
    store,
    follow: () => store.follow(() => void deps.onChange()),
    plugin: async (app) => {
      await app.register(synonymRoutes, { service });
    },
  };
}
