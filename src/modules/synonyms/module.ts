import type { FastifyPluginAsync } from 'fastify';
import type { GraphStore } from '../../stores/graph/port.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import { synonymRoutes } from './routes.js';
import { SynonymService } from './service.js';
import { SynonymStore } from './store.js';

/** Deployment synonyms, built in one place: the store the planner's lexicon reads, its changes followed, and the curators' routes. */
export interface SynonymsModule {
  store: SynonymStore;
  plugin: FastifyPluginAsync;
  /** Calls `onChange` whenever synonyms change in any process; resolves to a stop function. */
  follow(onChange: () => void): Promise<() => Promise<void>>;
}

export function createSynonymsModule(deps: { db: RelationalStore; graph: GraphStore; max: number }): SynonymsModule {
  const store = new SynonymStore({ db: deps.db });
  const service = new SynonymService({ store, graph: deps.graph, max: deps.max });
  return {
    store,
    follow: (onChange) => store.follow(onChange),
    plugin: async (app) => {
      await app.register(synonymRoutes, { service });
    },
  };
}
